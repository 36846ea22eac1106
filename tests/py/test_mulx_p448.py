"""The X448 assembly of src/ec/asm/x448_mulx.S (tests/tools/asm_calc.c) against Python integers: the
relaxed field operations, one ladder step and the whole ladder, on the values where a carry or a
fold of the Solinas reduction (2^448 = 2^224 + 1 mod p) is at its edge, not only on random ones.

Contracts checked: every operation takes any 7 limbs and returns 7 limbs (below 2^448) equal to
the result modulo p; the step takes any 7-limb X2, Z2, X3, Z3, X1 and a24 < 2^32 and returns RFC
7748 5's projective formulas exactly (mod p); the ladder takes any 7-limb u and returns each
coordinate below p. Skipped without BMI2/ADX (or without the assembly: 32-bit limbs, other
targets)."""
from conftest import ITERATIONS
from refs import same_x_point, xdh_ladder, xdh_step

P = 2**448 - 2**224 - 1
W = 2**448
A24 = 39081


def edges():
    """7-limb values where carries and folds turn: around 0, p, 2^224, 2^448 and limb edges."""
    v = {0, 1, 2, 3, P - 3, P - 1, P, P + 1, P + 2, 2**224 - 1, 2**224, 2**224 + 1, 2**225, 2**256 - 1,
         2**256, W - 1, W - 2, W - 3, W - 2**224, W - 2**224 - 2, W - 2**225, W - 2**32, W - 2**64,
         2**192 - 1, 2**192, 2**192 + 2**32, 2**416, W - 2**416, (W - 1) // 3, (W - 1) // 3 * 2,
         sum(2**(64 * i) for i in range(7)), sum(0xffffffff << (64 * i + 32) for i in range(7)),
         sum(0xffffffff << (64 * i) for i in range(7))}
    for i in range(1, 7):
        v |= {2**(64 * i) - 1, 2**(64 * i), W - 2**(64 * i)}
    return sorted(x for x in v if 0 <= x < W)


def h(x):
    return "%0112x" % x


def check(got_line, want, bound=W):
    got = [int(t, 16) for t in got_line.split()]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g % P == w % P and g < bound
    return got


def test_ops(asm, rng):
    vals = edges() + [rng.randrange(W) for _ in range(10 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::2]]
    a24s = [A24, 1, 0, 2**32 - 1, 2**31]
    lines, want = [], []
    for a, b in pairs:
        lines += ["mul448 %s %s" % (h(a), h(b)), "add448 %s %s" % (h(a), h(b)), "sub448 %s %s" % (h(a), h(b))]
        want += [a * b, a + b, a - b]
        s = a24s[(a ^ b) % len(a24s)]
        lines.append("small448 %s %s %d" % (h(a), h(b), s))
        want.append(b + s * a)
    for a in vals:
        lines.append("sqr448 %s" % h(a))
        want.append(a * a)
    for line, w in zip(asm.run(lines), want):
        check(line, [w])


def test_step(asm, rng):
    st = edges()
    cases = []
    for i in range(400 * ITERATIONS):
        pick = (lambda: rng.choice(st)) if i % 3 else (lambda: rng.randrange(W))
        x1 = rng.choice(st) if i % 2 else rng.randrange(W)
        a24 = rng.choice([A24, 1, 2**31 - 1, 2**32 - 1, rng.randrange(2**32)])
        cases.append((pick(), pick(), pick(), pick(), x1, a24, i & 1))
    for s in (0, 1):
        cases.append((W - 1, W - 1, W - 1, W - 1, W - 1, 2**32 - 1, s))
        cases.append((W - 1, 0, 0, W - 1, P, A24, s))
    lines = ["step448 %s %s %s %s %s %d %d" % (h(a), h(b), h(c), h(d), h(x), a24, s)
             for a, b, c, d, x, a24, s in cases]
    for line, case in zip(asm.run(lines), cases):
        check(line, xdh_step(P, *case))


def test_ladder(asm, rng):
    xps = [5, 0, 1, P - 1, P, P + 5, W - 1, 2**224] + [rng.randrange(W) for _ in range(6)]
    cases = [(xp, rng.randrange(2**448), 448, A24) for xp in xps]
    cases += [(5, 2**447 + 4, 448, A24), (rng.randrange(W), 5, 3, A24), (rng.randrange(W), 1, 1, A24),
              (7, 0, 0, A24), (rng.randrange(W), rng.randrange(2**448), 448, 2**32 - 1)]
    lines = ["ladder448 %s %s %d %d" % (h(xp), h(k), n, a24) for xp, k, n, a24 in cases]
    for line, (xp, k, n, a24) in zip(asm.run(lines), cases):
        check(line, xdh_ladder(P, xp % P, k, n, a24), P)


def test_ladder_doublings(asm, rng):
    """Clamped scalars (RFC 7748: the top bit set, the low ndbl bits clear) with the top bit's step
    and the last ndbl as doublings: (X2 : Z2) is the plain ladder's [k]P up to the projective
    factor, each coordinate below p; ndbl = 0 is the plain ladder."""
    cases = []
    for ndbl in (0, 1, 2, 4):
        for xp in (5, 0, 1, P - 1, rng.randrange(W), rng.randrange(W)):
            cases.append((xp, rng.randrange(2**447) >> ndbl << ndbl | 1 << 447, 448, A24, ndbl))
    cases += [(rng.randrange(W), 1 << 447, 448, A24, 2), (rng.randrange(W), 0b1000, 4, A24, 2),
              (rng.randrange(W), 2**448 - 4, 448, 2**32 - 1, 2)]
    lines = ["ladder448 %s %s %d %d %d" % (h(xp), h(k), n, a24, d) for xp, k, n, a24, d in cases]
    for line, (xp, k, n, a24, d) in zip(asm.run(lines), cases):
        words = line.split()
        assert len(words) == 4, line
        x2, z2 = (int(w, 16) for w in words[:2])
        assert x2 < P and z2 < P, line
        want = xdh_ladder(P, xp % P, k, n, a24)
        if d == 0:
            check(line, want, P)
        else:
            assert same_x_point(P, x2, z2, want[0], want[1]), line
