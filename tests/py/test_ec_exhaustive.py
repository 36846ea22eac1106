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
import sympy

from conftest import LIMB_BITS, SANITIZE
from ec_cases import COMBOS, fmt, init_line, scalar_hex, toy_curve
from ec_ref import Curve, parse

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


# the RNS and GMP kernels (slower, the same formulas): one curve per model and variant of a
OTHER_KERNEL_CURVES = {("weierstrass", 67, 0), ("weierstrass", 71, -3), ("weierstrass", 67, 4),
                       ("montgomery", 67, 6), ("edwards", 73, 4), ("jacobi-quartic", 67, 3)}


@pytest.mark.parametrize("kernel", ["generic", "rns", "gmp", "pari"])
@pytest.mark.parametrize("model,p,a,b", CURVES, ids=["%s-%d-%d" % c[:3] for c in CURVES])
def test_every_pair_and_scalar(ec_calc, model, p, a, b, kernel):
    """Every sum of two points and every scalar times every point, on the generic kernel, the RNS
    kernel (whose bounds then pass through every formula) and, in builds with them, the GMP and PARI
    back ends."""
    if kernel == "rns" and LIMB_BITS == 32:
        pytest.skip("the RNS kernel needs 64-bit limbs")
    if kernel != "generic" and (model, p, a) not in OTHER_KERNEL_CURVES:
        pytest.skip("the other kernels run one toy curve per model and variant of a")
    if model == "edwards":
        b = complete_edwards_d(p, a)
    C, pts, N, n, h, G = toy_curve(model, p, a, b)
    lines, expected = [init_line(model, kernel, p, a, b, G, n, h)], [None]
    if kernel in ("gmp", "pari") and not ec_calc.run(lines[:1])[0].startswith("ok"):
        pytest.skip("a build without the %s kernel" % kernel)
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


def _first_curve(model, p, want):
    """The first toy curve of the model over F_p (a, b by increasing value) whose order N passes
    want(N), with its points."""
    for a in range(1, p):
        for b in range(1, p):
            if model == "weierstrass" and (4 * a ** 3 + 27 * b * b) % p == 0:
                continue
            if model == "montgomery" and (a * a - 4) % p == 0:
                continue
            if model == "edwards" and (pow(a, (p - 1) // 2, p) != 1 or pow(b, (p - 1) // 2, p) != p - 1 or a == b):
                continue
            if model == "jacobi-quartic" and (b != 1 or (a * a - 1) % p == 0):
                continue
            C = Curve(model, p, a, b if model != "jacobi-quartic" else None)
            pts = C.points()
            if want(len(pts)):
                return C, pts, (a, b if model != "jacobi-quartic" else None)
    raise AssertionError("no such curve over F_%d" % p)


def _order_two(C, pts):
    """A finite point of order 2 (the base point of a curve file is affine)."""
    return next(P for P in pts if P is not None and P[0] != "inf" and P != C.neutral() and C.add(P, P) == C.neutral())


# (model, p, n = 2 or n = N composite): curves whose base point has order 2, where a cofactor that is
# odd hid the point of order 2 from the Weierstrass complete formulas (y^2 = x^3 + 2 over F_5 with
# G = (2, 0), n = 2, h = 3: [1]G came out as infinity), and curves declared with a composite n = N.
SMALL_ORDERS = [("weierstrass", 5, "two"), ("weierstrass", 23, "two"), ("weierstrass", 29, "composite"),
                ("montgomery", 19, "two"), ("montgomery", 23, "composite"), ("edwards", 29, "two"),
                ("edwards", 37, "composite"), ("jacobi-quartic", 19, "two"), ("jacobi-quartic", 23, "composite")]


@pytest.mark.parametrize("model,p,kind", SMALL_ORDERS, ids=["%s-%d-%s" % c for c in SMALL_ORDERS])
def test_small_and_composite_orders(ec_calc, model, p, kind):
    """Every point times every scalar 0..N+1, in every coordinate system and method, on curves with a
    base point of order 2 (n = 2, h = N/2; odd h on the Weierstrass ones) or a composite n = N: the
    points of order 2 (y = 0) included. F_p is small, so gn_ec_init counts the points."""
    if model == "weierstrass" and kind == "two":
        C, pts, (a, b) = _first_curve(model, p, lambda N: N % 4 == 2) if p != 5 else \
            (Curve(model, 5, 0, 2), Curve(model, 5, 0, 2).points(), (0, 2))
    else:
        C, pts, (a, b) = _first_curve(model, p, lambda N: N % 2 == 0 and not sympy.isprime(N))
    N = len(pts)
    G = _order_two(C, pts) if kind == "two" else next(P for P in pts if P != C.neutral() and P[0] != "inf")
    n, h = (2, N // 2) if kind == "two" else (N, 1)
    lines, expected = [init_line(model, "generic", p, a, b, G, n, h)], [None]
    mul = functools.lru_cache(maxsize=None)(C.mul)
    for coords, method in COMBOS[model]:
        for P in pts:
            for k in list(range(N + 2)) + [(1 << 70) + 3]:
                lines.append("mul %s %s 0 %s %s" % (coords, method, scalar_hex(k), fmt(P)))
                expected.append(mul(k, P))
    check(ec_calc, lines, expected, p)


def _count(C):
    """#E of a Weierstrass curve by Legendre symbols (p of a few hundred thousand)."""
    p, a, b = C.p, C.a, C.b
    return p + 1 + sum(1 if (t := (x * x * x + a * x + b) % p) and pow(t, (p - 1) // 2, p) == 1 else
                       (-1 if t else 0) for x in range(p))


def _random_point(C, rng):
    p = C.p
    while True:
        x = rng.randrange(p)
        t = (x ** 3 + C.a * x + C.b) % p
        if pow(t, (p - 1) // 2, p) == 1:
            return (x, sympy.sqrt_mod(t, p))


def test_unverified_order_methods(ec_calc, rng):
    """Over p = 2^17 - 1 (too large to count at set-up) a base point of order 3 (n <= 4 sqrt(p)) or
    a composite n leaves h n unproven: every method must then avoid reducing k by the order, and
    still give [k]P for points outside <G> and scalars beyond the declared order."""
    p, a = 2 ** 17 - 1, 4  # the first a of y^2 = x^3 + a x + 7 with 3 | N, 9 not (N = 2^2 3 11 991)
    C = Curve("weierstrass", p, a, 7)
    N = _count(C)
    assert N % 3 == 0 and N % 9
    pts = [_random_point(C, rng) for _ in range(2 if SANITIZE else 4)]
    G3 = next(Q for Q in (C.mul(N // 3, P) for P in pts) if Q is not None)
    Gc = next(P for P in pts if C.mul(N // 3, P) is not None)
    for G, n, h in ((G3, 3, N // 3), (Gc, N, 1)):
        lines, expected = [init_line("weierstrass", "generic", p, a, 7, G, n, h)], [None]
        ks = [0, 1, 2, n - 1, n, n + 1, N - 1, N, N + 1, rng.getrandbits(40), rng.getrandbits(300)]
        want = {(k, P): C.mul(k, P) for P in pts + [G3] for k in ks}
        for coords, method in COMBOS["weierstrass"]:
            for (k, P), R in want.items():
                lines.append("mul %s %s 0 %s %s" % (coords, method, scalar_hex(k), fmt(P)))
                expected.append(R)
        check(ec_calc, lines, expected, p)
