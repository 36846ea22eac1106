"""The X25519 assembly of src/ec/asm/x25519_mulx.S (and the field products of src/fp/mulx_p25519.S) (tests/tools/asm_calc.c) against Python integers:
the field product and square, one ladder step and the whole ladder, on the values where a carry
or a fold is at its edge, not only on random ones (the X25519 vectors reach those rarely).

Contracts checked: mul/sqr take any 4 limbs and return a value below 2^255 + 2^11; the step takes
X2, Z2, X3, Z3 below M = 2^255 + 2^12 (what mul/sqr return, and the ladder's start), X1 any 4
limbs, a24 < 2^32, and returns the projective formulas of RFC 7748 5 exactly (mod p), each output
again below 2^255 + 2^11; the ladder takes any 4-limb u. Skipped without BMI2/ADX (or without the
assembly: 32-bit limbs, other targets)."""
from conftest import ITERATIONS
from refs import same_x_point, xdh_ladder, xdh_step

P = 2**255 - 19
M = 2**255 + 2**12          # the step's bound on the state
OUT = 2**255 + 2**11        # the bound on every product the assembly returns
W = 2**256


def edges(bound):
    """Values below bound where carries and folds turn: around 0, p, 2^255, 2^256 and limb edges."""
    v = {0, 1, 2, 18, 19, 20, 37, 38, 39, P - 1, P, P + 1, P + 18, P + 19, 2**255 - 1, 2**255, 2**255 + 1,
         2**255 + 2**11 - 1, 2**255 + 2**11, 2**255 + 2**12 - 1, 2**64 - 1, 2**64, 2**128 - 1, 2**192 - 1,
         2**192, 2**255 - 2**64, 2 * P - 1, 2 * P, W - 39, W - 38, W - 37, W - 20, W - 19, W - 1,
         W - 2**64, 2**255 - 2**192, (2**64 - 1) * (2**192 + 2**128 + 2**64 + 1) // 3}
    return sorted(x for x in v if x < bound)


def h(x):
    return "%064x" % x


def check(got_line, want):
    got = [int(t, 16) for t in got_line.split()]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g % P == w % P
    return got


def test_mul_sqr(asm, rng):
    vals = edges(W) + [rng.randrange(W) for _ in range(20 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::3]]
    lines = ["mul %s %s" % (h(a), h(b)) for a, b in pairs] + ["sqr %s" % h(a) for a in vals]
    want = [a * b for a, b in pairs] + [a * a for a in vals]
    for line, w in zip(asm.run(lines), want):
        (g,) = check(line, [w])
        assert g < OUT


def test_step(asm, rng):
    st = edges(M)
    x1s = edges(W)
    cases = []
    for i in range(600 * ITERATIONS):
        pick = (lambda: rng.choice(st)) if i % 3 else (lambda: rng.randrange(M))
        x1 = rng.choice(x1s) if i % 2 else rng.randrange(W)
        a24 = rng.choice([121666, 121665, 1, 2**31 - 1, 2**32 - 1, rng.randrange(2**32)])
        cases.append((pick(), pick(), pick(), pick(), x1, a24, i & 1))
    # every state slot at the top of its range at once
    for s in (0, 1):
        cases.append((M - 1, M - 1, M - 1, M - 1, W - 1, 2**32 - 1, s))
        cases.append((M - 1, 0, 0, M - 1, W - 38, 121666, s))
    lines = ["step %s %s %s %s %s %d %d" % (h(a), h(b), h(c), h(d), h(x), a24, s)
             for a, b, c, d, x, a24, s in cases]
    for line, case in zip(asm.run(lines), cases):
        got = check(line, xdh_step(P, *case))
        assert all(g < OUT for g in got)


def test_ladder(asm, rng):
    xps = [9, 0, 1, P - 1, P, P + 9, 2**255 - 1, 2**255, W - 1, W - 38] + [rng.randrange(W) for _ in range(8)]
    cases = []
    for xp in xps:
        k = rng.randrange(2**256)
        cases.append((xp, k, 255, 121666))
    cases += [(9, 2**254 + 8, 255, 121666), (rng.randrange(W), rng.randrange(2**256), 256, 121666),
              (rng.randrange(W), 5, 3, 121666), (rng.randrange(W), 1, 1, 121666), (7, 0, 0, 121666),
              (rng.randrange(W), rng.randrange(2**256), 255, 2**32 - 1)]
    lines = ["ladder %s %s %d %d" % (h(xp), h(k), n, a24) for xp, k, n, a24 in cases]
    for line, (xp, k, n, a24) in zip(asm.run(lines), cases):
        check(line, xdh_ladder(P, xp % P, k, n, a24))


def test_ladder_doublings(asm, rng):
    """Clamped scalars (RFC 7748: the top bit set, the low ndbl bits clear) with the top bit's step
    and the last ndbl as doublings: (X2 : Z2) is the plain ladder's [k]P up to the projective
    factor; ndbl = 0 is the plain ladder."""
    cases = []
    for ndbl in (0, 1, 2, 3, 5):
        for xp in (9, 0, 1, P - 1, rng.randrange(W), rng.randrange(W)):
            k = rng.randrange(2**254) >> ndbl << ndbl | 1 << 254
            cases.append((xp, k, 255, 121666, ndbl))
    cases += [(rng.randrange(W), 1 << 254, 255, 121666, 3), (rng.randrange(W), 0b1000, 4, 121666, 2),
              (rng.randrange(W), 0b10000, 5, 121666, 3), (rng.randrange(W), 2**255 - 8, 255, 2**32 - 1, 3)]
    lines = ["ladder %s %s %d %d %d" % (h(xp), h(k), n, a24, d) for xp, k, n, a24, d in cases]
    for line, (xp, k, n, a24, d) in zip(asm.run(lines), cases):
        words = line.split()
        assert len(words) == 4, line
        x2, z2 = (int(w, 16) for w in words[:2])
        assert x2 < OUT and z2 < OUT, line
        want = xdh_ladder(P, xp % P, k, n, a24)
        if d == 0:
            check(line, want)
        else:
            assert same_x_point(P, x2, z2, want[0], want[1]), line
