"""Exhaustive tests of the curve formulas on small curves, against the brute-force affine
group law of ec_ref.py (Python integers, independent of genus).

For small primes and curves in every model (Weierstrass with a = 0, a = -3, general a, and
general a with -3/a a fourth power, where the signed window runs on the a = -3 isomorph;
Montgomery; twisted Edwards with a = -1 and general a, complete; Jacobi quartic), every pair
of points is added, and every point is multiplied by every scalar 0..#E+1 (and one far larger)
in every coordinate system with every method the model supports, all through the production
formula templates (the generic-kernel instantiation serves these one-limb primes). The sanitizer
build multiplies every fourth point only (conftest.SANITIZE).
"""
import functools

import pytest

from conftest import SANITIZE
from ec_cases import COMBOS, fmt, init_line, scalar_hex, toy_curve
from ec_ref import parse

CURVES = [
    ("weierstrass", 67, 0, 5),
    ("weierstrass", 71, -3, 11),
    ("weierstrass", 53, 7, 3),
    ("weierstrass", 67, 4, 3),  # -3/a = 2^4: the signed window runs on the isomorphic a = -3 curve
    ("montgomery", 67, 6, 1),
    ("montgomery", 59, 10, 3),
    ("edwards", 61, -1, None),
    ("edwards", 73, 4, None),
    ("jacobi-quartic", 67, 3, None),
    ("jacobi-quartic", 79, 2, None),
]


def complete_edwards_d(p, a):
    """The least d that makes a x^2 + y^2 = 1 + d x^2 y^2 complete (a square, d non-square)."""
    assert pow(a % p, (p - 1) // 2, p) == 1
    return next(d for d in range(2, p) if pow(d, (p - 1) // 2, p) == p - 1 and d != a % p)


def check(ec_calc, lines, expected, p):
    out = ec_calc.run(lines)
    assert out[0].startswith("ok"), out[0]
    bad = [(l, o, fmt(e)) for l, o, e in zip(lines[1:], out[1:], expected[1:]) if o.startswith("err") or parse(o, p) != e]
    assert not bad, "%d wrong, first: %s" % (len(bad), bad[:5])


@pytest.mark.parametrize("model,p,a,b", CURVES, ids=["%s-%d-%d" % c[:3] for c in CURVES])
def test_every_pair_and_scalar(ec_calc, model, p, a, b):
    if model == "edwards":
        b = complete_edwards_d(p, a)
    C, pts, N, n, h, G = toy_curve(model, p, a, b)
    lines, expected = [init_line(model, "generic", p, a, b, G, n, h)], [None]
    for P in pts:
        lines.append("neg %s" % fmt(P))
        expected.append(C.neg(P))
        for Q in pts:
            lines.append("add %s %s" % (fmt(P), fmt(Q)))
            expected.append(C.add(P, Q))
    scalars = list(range(N + 2)) + [(1 << 70) + 5]
    mul = functools.lru_cache(maxsize=None)(C.mul)  # one reference product per (k, P)
    for coords, method in COMBOS[model]:
        for P in pts[::4] if SANITIZE else pts:
            for k in scalars:
                lines.append("mul %s %s 0 %s %s" % (coords, method, scalar_hex(k), fmt(P)))
                expected.append(mul(k, P))
    check(ec_calc, lines, expected, p)


@pytest.mark.parametrize("model,p,a,b", CURVES[:1] + CURVES[3:4] + CURVES[5:6], ids=["wei", "mont", "edw"])
def test_windows_and_pairs(ec_calc, model, p, a, b, rng):
    """Every window width 2..6 and comb tooth count, and kP + lQ (Straus-Shamir)."""
    if model == "edwards":
        b = complete_edwards_d(p, a)
    C, pts, N, n, h, G = toy_curve(model, p, a, b)
    lines, expected = [init_line(model, "generic", p, a, b, G, n, h)], [None]
    mul = functools.lru_cache(maxsize=None)(C.mul)
    for coords, method in COMBOS[model]:
        if method not in ("window", "window-var", "sliding", "wnaf", "comb"):
            continue
        for w in range(2, 7):
            for P in rng.sample(pts, min(8, len(pts))):
                for k in range(0, N + 2, 3):
                    lines.append("mul %s %s %d %s %s" % (coords, method, w, scalar_hex(k), fmt(P)))
                    expected.append(mul(k, P))
    for _ in range(300):
        P, Q = rng.choice(pts), rng.choice(pts)
        k, l = rng.randrange(3 * N), rng.randrange(3 * N)
        lines.append("mul2 %s %s %s %s" % (scalar_hex(k), fmt(P), scalar_hex(l), fmt(Q)))
        expected.append(C.add(mul(k, P), mul(l, Q)))
    check(ec_calc, lines, expected, p)
