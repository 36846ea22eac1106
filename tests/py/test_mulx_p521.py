"""The 2^521 - 1 routines of src/fp/mulx_mont.S and src/ec/asm/p521_mulx.S (tests/tools/asm_calc.c)
against Python integers: the product and square folded into the pseudo-Mersenne kernel's relaxed
form, and the a = -3 Jacobian doubling and mixed addition in that form. Contract: any 9-limb values
in (below 2^576, not only below p), any 9-limb values out that are congruent to the result; also
when the result overwrites the (first) input. The values where the fold's carries turn (all ones,
p and its multiples below 2^576, limb edges) come beside random ones. Skipped without BMI2/ADX (or
without the assembly: 32-bit limbs, other targets)."""
from conftest import ITERATIONS

P = 2**521 - 1
TOP = 2**576


def edges():
    v = {0, 1, 2, P - 1, P, P + 1, 2 * P, 2**512, 2**521, 2**575, TOP - 1, TOP - 2, TOP - P, TOP - 2**55,
         2**55 - 1, 2**64 - 1, (TOP - 1) // 3, 2**576 // 5, 2**520 - 1}
    v |= {k * P for k in range(1, 2**55, 2**50)}
    return sorted(x for x in v if x < TOP)


def h(x):
    return "%0144x" % x


def test_mul_sqr(asm, rng):
    vals = edges() + [rng.randrange(TOP) for _ in range(30 * ITERATIONS)] + \
        [rng.randrange(P) for _ in range(10 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::3]]
    for op in ("", "_alias"):
        lines = ["p521mul%s %s %s" % (op, h(a), h(b)) for a, b in pairs] + ["p521sqr%s %s" % (op, h(a)) for a in vals]
        want = [a * b % P for a, b in pairs] + [a * a % P for a in vals]
        for line, w, case in zip(asm.run(lines), want, lines):
            r = int(line, 16)
            assert r < TOP and r % P == w, case


def dbl(x, y, z):
    """EFD dbl-2001-b (a = -3) in Python integers: the template's doubling."""
    delta, gamma = z * z, y * y
    beta, alpha = x * gamma, 3 * (x - delta) * (x + delta)
    x3 = alpha * alpha - 8 * beta
    return [x3 % P, (alpha * (4 * beta - x3) - 8 * gamma * gamma) % P, 2 * y * z % P]


def madd(x1, y1, z1, x2, y2):
    """EFD madd-2007-bl in Python integers: the template's mixed addition."""
    zz = z1 * z1
    h = x2 * zz - x1
    hh = h * h
    i = 4 * hh
    j, r, v = h * i, 2 * (y2 * z1 * zz - y1), x1 * i
    x3 = r * r - j - 2 * v
    return [x3 % P, (r * (v - x3) - 2 * y1 * j) % P, ((z1 + h) ** 2 - zz - hh) % P]


def test_point_routines(asm, rng):
    """src/ec/asm/p521_mulx.S: the doubling and mixed addition on any 9-limb coordinates (the
    generator's bounds: inputs up to 2^576 - 1 are reduced before a sum reads them), also with
    the result written over the (first) point."""
    vals = edges()
    pick = lambda: rng.choice(vals) if rng.random() < 0.3 else rng.randrange(TOP if rng.random() < 0.5 else P)
    points = [[TOP - 1] * 5, [0] * 5, [P] * 5] + [[pick() for _ in range(5)] for _ in range(40 * ITERATIONS)]
    for op in ("", "_alias"):
        lines = ["p521dbl%s %s" % (op, " ".join(h(c) for c in pt[:3])) for pt in points] + \
            ["p521madd%s %s" % (op, " ".join(h(c) for c in pt)) for pt in points]
        want = [dbl(*pt[:3]) for pt in points] + [madd(*pt) for pt in points]
        for line, w, case in zip(asm.run(lines), want, lines):
            got = [int(c, 16) for c in line.split()]
            assert len(got) == 3 and all(c < TOP for c in got) and [c % P for c in got] == w, case
