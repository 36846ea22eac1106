"""The P-224 product and square of src/fp/mulx_mont.S (tests/tools/asm_calc.c) against Python
integers: a b / 2^256 mod p and a^2 / 2^256 mod p, fully reduced, for inputs below p, on the values
where a carry, a reduction step (m = -t[0], zero or not) or the final subtraction of p is at its
edge, not only on random ones. Skipped without BMI2/ADX (or without the assembly: 32-bit limbs,
other targets)."""
from conftest import ITERATIONS

P = 2**224 - 2**96 + 1
RINV = pow(2**256, -1, P)


def edges():
    v = {0, 1, 2, 3, P - 1, P - 2, (P - 1) // 2, (P + 1) // 2, P // 3, 2**64 - 1, 2**64, 2**96 - 1, 2**96,
         2**96 + 1, 2**128 - 1, 2**160 - 1, 2**192 - 1, 2**192, 2**223, 2**224 - 2**96, P - 2**64, P - 2**96}
    v |= {(k << 256) % P for k in (1, 2, 3, P - 1, P - 2)}  # Montgomery forms of small integers
    return sorted(x for x in v if x < P)


def h(x):
    return "%064x" % x


def test_mul_sqr(asm, rng):
    vals = edges() + [rng.randrange(P) for _ in range(20 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::2]]
    lines = ["p224mul %s %s" % (h(a), h(b)) for a, b in pairs] + ["p224sqr %s" % h(a) for a in vals]
    want = [a * b * RINV % P for a, b in pairs] + [a * a * RINV % P for a in vals]
    for line, w, case in zip(asm.run(lines), want, lines):
        assert int(line, 16) == w, case
