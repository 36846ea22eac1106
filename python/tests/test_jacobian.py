"""Genus-2 Jacobians against Cantor's algorithm in Python integers (tests/py/g2_ref.py), the
group order from PARI/GP's hyperellcharpoly, and the element list of a small curve."""
from __future__ import annotations

import random

import g2_ref
import pytest

import genus


def ref(D: genus.Divisor) -> tuple:
    """(u, v) as g2_ref's polynomials, constant term first."""
    u = list(reversed(D.u)) + [1]
    return tuple(u), tuple(g2_ref.trim(list(reversed(D.v))))


def test_against_cantor(rng: random.Random) -> None:
    for p in (1009, 65521, 2**61 - 1, 2**127 - 1):
        f = [rng.randrange(p) for _ in range(5)] + [1]
        J = genus.Jacobian(p, f)
        assert J.degree == 5 and J.f == f
        for _ in range(10):
            A, B = J.random(seed=rng.randbytes(16)), J.random(seed=rng.randbytes(16))
            assert ref(A + B) == g2_ref.add(ref(A), ref(B), f, p)
            assert ref(A + A) == g2_ref.add(ref(A), ref(A), f, p)
            k = rng.randrange(1 << 64)
            assert ref(k * A) == g2_ref.mul(k, ref(A), f, p)
            assert (A - B) + B == A and -(-A) == A and (A + (-A)).is_identity()
            assert J.decode(A.encode()) == A and J(A.u, A.v) == A and hash(J(A.u, A.v)) == hash(A)


def test_group_order_from_pari(gp: object, rng: random.Random) -> None:
    lines = []
    cases = []
    for p in (101, 1009, 4099):
        f = [rng.randrange(p) for _ in range(5)] + [1]
        cases.append((p, f))
        lines.append("print(subst(hyperellcharpoly(Mod(1,%d)*(%s)),x,1));" % (
            p, "+".join("%d*x^%d" % (c, i) for i, c in enumerate(f))))
    out = gp.run("\n".join(lines), len(cases))  # type: ignore[attr-defined]
    for (p, f), n in zip(cases, out):
        J = genus.Jacobian(p, f)
        N = int(n)
        for _ in range(5):
            D = J.random(seed=rng.randbytes(16))
            assert (N * D).is_identity() and ((N + 1) * D) == D


def test_small_jacobian_exhaustive() -> None:
    p, f = 11, [3, 1, 0, 2, 0, 1]
    J = genus.Jacobian(p, f)
    elements = g2_ref.elements(f, p)
    divisors = [J(list(reversed(u[:-1])), list(reversed(list(v) + [0] * (len(u) - 1 - len(v))))) for u, v in elements]
    assert len(set(divisors)) == len(elements)
    for D in divisors[:25]:
        for E in divisors[::7]:
            assert ref(D + E) == g2_ref.add(ref(D), ref(E), f, p)
        assert (len(elements) * D).is_identity()


def test_gs127() -> None:
    J = genus.Jacobian.gs127()
    N = 16 * 0x3fffffffffffffffccb2967df38ad6b2d3d8036065eab00b88cf4b47bf3fa43
    D = J.random(seed=b"\x07" * 16)
    assert (N * D).is_identity() and J.field.p == 2**127 - 1
    assert J.ops()["add"]["I"] == 1


def test_bad_elements() -> None:
    J = genus.Jacobian(1009, [1, 2, 3, 4, 5, 1])
    with pytest.raises(genus.Error):
        J([1, 2], [3, 4])  # u does not divide v^2 - f
    with pytest.raises(genus.Error):
        J([1, 2, 3], [1, 2, 3])
    with pytest.raises(genus.Error):
        J.decode(b"\x02" + bytes(7))
    with pytest.raises(genus.Error):
        genus.Jacobian(1009, [0, 0, 1, 0, 0, 0, 1][:6])  # x^2 (x^3 + ...) has a repeated root
    with pytest.raises(genus.Error):
        genus.Jacobian(1009, [1, 2, 3])
    with pytest.raises(TypeError):
        J("1 2", "3 4")  # type: ignore[arg-type]
    with pytest.raises(genus.Error):
        J.identity + genus.Jacobian(1009, [1, 2, 3, 4, 6, 1]).identity
