"""The 2^521 - 1 routines of src/fp/mulx_mont.S (tests/tools/asm_calc.c) against Python integers:
the product and square folded into the pseudo-Mersenne kernel's relaxed form. Contract: any two
9-limb values in (below 2^576, not only below p), any 9-limb value out that is congruent to the
product; also when the result overwrites the first input. The values where the fold's carries
turn (all ones, p and its multiples below 2^576, limb edges) come beside random ones. Skipped
without BMI2/ADX (or without the assembly: 32-bit limbs, other targets)."""
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
