"""Prime and binary fields against Python integers, sympy and a GF(2)[x] reference on words."""
from __future__ import annotations

import random

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import genus
from gf2x_ref import clmul, pmod

PRIMES = [3, 65521, 2**61 - 1, 2**127 - 1, 2**255 - 19, 2**256 - 2**224 + 2**192 + 2**96 - 1,
          2**256 - 2**32 - 977, 2**384 - 2**128 - 2**96 + 2**32 - 1, 2**448 - 2**224 - 1, 2**521 - 1]


def fields_of(p: int) -> list:
    """p on every kernel this build and CPU can serve it on."""
    out = {}
    for k in genus.FP_KERNELS:
        try:
            F = genus.PrimeField(p, kernel=k)
        except genus.Error:
            continue
        out.setdefault(F.kernel, F)
    return list(out.values())


@pytest.mark.parametrize("p", PRIMES + [sympy.randprime(2**(b - 1), 2**b) for b in (64, 192, 320, 512, 768, 1024)],
                         ids=lambda p: "%d-bit" % p.bit_length())
def test_arithmetic_against_integers(p: int, rng: random.Random) -> None:
    for F in fields_of(p):
        assert F.p == p and F.nbytes == (p.bit_length() + 7) // 8
        vals = [0, 1, 2, p - 1, p - 2, (p - 1) // 2] + [rng.randrange(p) for _ in range(20)]
        for a in vals:
            x = F(a)
            assert int(x) == a and bytes(x) == a.to_bytes(F.nbytes, "big") and F.from_bytes(bytes(x)) == x
            assert int(-x) == -a % p
            b = rng.randrange(p)
            y = F(b)
            assert int(x + y) == (a + b) % p and int(x - y) == (a - b) % p and int(x * y) == a * b % p
            assert int(x + b) == (a + b) % p and int(b - x) == (b - a) % p and int(3 * x) == 3 * a % p
            e = rng.randrange(1 << 80)
            assert int(x ** e) == pow(a, e, p)
            if a:
                assert int(x.inverse()) == pow(a, -1, p) and int(y / x) == b * pow(a, -1, p) % p
                assert int(x ** -3) == pow(a, -3, p)
            else:
                with pytest.raises(genus.Error):
                    x.inverse()
            r = x.sqrt()
            if sympy.is_quad_residue(a, p):
                assert r is not None and int(r) ** 2 % p == a and x.is_square()
            else:
                assert r is None and not x.is_square()
            assert F(a + p * rng.randrange(1, 1 << 200)) == x and F(a - p) == x
            assert hash(F(a)) == hash(x) and F(a) == a


@given(st.integers(), st.integers(), st.integers())
@settings(max_examples=300, deadline=None)
def test_field_laws(a: int, b: int, c: int) -> None:
    F = genus.PrimeField(2**255 - 19)
    x, y, z = F(a), F(b), F(c)
    assert (x + y) + z == x + (y + z) and x * (y + z) == x * y + x * z and x * y == y * x
    assert x - x == 0 and (x * y) * z == x * (y * z) and -(-x) == x
    if y:
        assert (x / y) * y == x


def test_kernels_agree(rng: random.Random) -> None:
    for p in PRIMES[1:]:
        fs = fields_of(p)
        for _ in range(20):
            a, b = rng.randrange(p), rng.randrange(p)
            assert len({int(F(a) * F(b) + F(a).inverse() if a else 0) for F in fs}) == 1


def test_bad_fields() -> None:
    for p in (0, 1, 2, 4, 9, 15, 2**255 - 21, -7, 2**1025 - 1, 3**700):
        with pytest.raises(genus.Error):
            genus.PrimeField(p)
    with pytest.raises(TypeError):
        genus.PrimeField(7.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        genus.PrimeField(True)  # type: ignore[arg-type]
    with pytest.raises(genus.Error):
        genus.PrimeField(7, kernel="fast")
    with pytest.raises(genus.Error):
        genus.PrimeField(65521, kernel="special")
    F, G = genus.PrimeField(7), genus.PrimeField(11)
    with pytest.raises(genus.Error):
        F(1) + G(1)
    with pytest.raises(genus.Error):
        F(G(3))
    with pytest.raises(TypeError):
        F(1) + 1.5  # type: ignore[operator]
    with pytest.raises(TypeError):
        F("3")
    for b in (b"", b"\x07", b"\x00\x07", b"\xff"):
        with pytest.raises(genus.Error):
            F.from_bytes(b)
    assert F(1) != G(1) and F(3) == genus.PrimeField(7)(10)
    assert repr(F(5)) == "PrimeField(7)(5)"


# ---- binary fields: GF(2)[x] on Python integers (tests/py/gf2x_ref.py)
@pytest.mark.parametrize("m", [2, 3, 8, 63, 64, 113, 131, 163, 193, 233, 283, 409, 571])
def test_binary_fields(m: int, rng: random.Random) -> None:
    for kernel in ("portable", "auto"):
        K = genus.BinaryField(m, kernel=kernel)
        f = sum(1 << e for e in K.poly)
        # the polynomial is irreducible over GF(2) (sympy), and trinomials come first
        if m <= 233:
            x = sympy.symbols("x")
            assert sympy.Poly(sum(x**e for e in K.poly), x, modulus=2).is_irreducible
        for i in range(30):
            a, b = rng.randrange(1 << m), rng.randrange(1 << m)
            X, Y = K(a), K(b)
            assert int(X) == a and int(X + Y) == a ^ b and int(X - Y) == a ^ b and int(X * Y) == pmod(clmul(a, b), f)
            assert int(K(clmul(a, b))) == pmod(clmul(a, b), f)
            assert X.sqrt() * X.sqrt() == X and X.is_square()
            e = rng.randrange(1 << 40)
            want = 1
            for bit in bin(e)[2:]:
                want = pmod(clmul(want, want), f)
                if bit == "1":
                    want = pmod(clmul(want, a), f)
            assert int(X ** e) == want
            if a:
                assert int(X.inverse() * X) == 1 and (Y / X) * X == Y
            if i >= 3:
                continue
            tr = 0
            t = a
            for _ in range(m):
                tr ^= t
                t = pmod(clmul(t, t), f)
            assert K.trace(X) == tr
    with pytest.raises(genus.Error):
        genus.BinaryField(163, poly=(163, 8, 0))  # reducible
    with pytest.raises(genus.Error):
        genus.BinaryField(600)
    with pytest.raises(genus.Error):
        genus.BinaryField(163)(-1)
    assert genus.BinaryField(163) == genus.BinaryField(163, (163, 7, 6, 3, 0))


# ---- extensions: F_p[t]/(t^k - c) on Python integers
def ext_mul(a: list, b: list, c: int, p: int) -> list:
    k = len(a)
    r = [0] * (2 * k - 1)
    for i in range(k):
        for j in range(k):
            r[i + j] += a[i] * b[j]
    return [(r[i] + (c * r[i + k] if i + k < len(r) else 0)) % p for i in range(k)]


def ext_pow(a: list, e: int, c: int, p: int) -> list:
    r = [1] + [0] * (len(a) - 1)
    for bit in bin(e)[2:]:
        r = ext_mul(r, r, c, p)
        if bit == "1":
            r = ext_mul(r, a, c, p)
    return r


@pytest.mark.parametrize("p,degree", [(2**127 - 1, 2), (2**255 - 19, 2), (65521, 3), (2**61 - 1, 3),
                                      (2**256 - 2**224 + 2**192 + 2**96 - 1, 2), (7, 3), (3, 2), (10007, 3)])
def test_extension_fields(p: int, degree: int, rng: random.Random) -> None:
    F = genus.PrimeField(p)
    if degree == 3 and p % 3 != 1:
        with pytest.raises(genus.Error):
            genus.ExtensionField(F, 3)
        return
    K = genus.ExtensionField(F, degree)
    c, q = K.nonresidue, p ** degree
    assert pow(c, (p - 1) // degree, p) != 1  # a non-square / non-cube
    for _ in range(25):
        a = [rng.randrange(p) for _ in range(degree)]
        b = [rng.randrange(p) for _ in range(degree)]
        x, y = K(a), K(b)
        assert x.coefficients() == a and K.from_bytes(bytes(x)) == x
        assert (x + y).coefficients() == [(u + v) % p for u, v in zip(a, b)]
        assert (x - y).coefficients() == [(u - v) % p for u, v in zip(a, b)]
        assert (x * y).coefficients() == ext_mul(a, b, c, p)
        e = rng.randrange(1 << 70)
        assert (x ** e).coefficients() == ext_pow(a, e, c, p)
        if any(a):
            assert (x.inverse() * x) == 1 and (y / x * x) == y
            assert x.inverse().coefficients() == ext_pow(a, q - 2, c, p)
        assert K.frobenius(x).coefficients() == ext_pow(a, p, c, p)
        assert int(K.norm(x)) == ext_pow(a, (q - 1) // (p - 1), c, p)[0]
        r = x.sqrt()
        square = ext_pow(a, (q - 1) // 2, c, p) != [p - 1] + [0] * (degree - 1)
        assert (r is not None) == square == x.is_square()
        if r is not None:
            assert r * r == x
        assert x + F(3) == x + 3 and int(K(7)) == 7 % p
    with pytest.raises(TypeError):
        int(K([1, 1] + [0] * (degree - 2)))
    with pytest.raises(genus.Error):
        K([1])
    with pytest.raises(genus.Error):
        genus.ExtensionField(F, degree, nonresidue=1)
