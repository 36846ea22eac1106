"""The P-256 routines of src/fp/mulx_mont.S and src/ec/asm/p256_mulx.S (tests/tools/asm_calc.c)
against Python integers: the
Montgomery product and square, and the Jacobian doubling (a = -3) and addition that inline them,
on the values where a carry, a reduction step or the final subtraction of p is at its edge, not
only on random ones.

Contracts checked: inputs are below p (fully reduced Montgomery residues), outputs are the exact
values below p: mul(a, b) = a b / 2^256 mod p, sqr(a) = mul(a, a), and dbl and add the formulas of
src/tmpl/ec_wei.tmpl.h (EFD dbl-2001-b, add-1998-cmo-2) over those products, limb for limb, also
when the result overwrites an input. Skipped without BMI2/ADX (or without the assembly: 32-bit
limbs, other targets)."""
from conftest import ITERATIONS

P = 2**256 - 2**224 + 2**192 + 2**96 - 1
RINV = pow(2**256, -1, P)


def edges():
    """Values below p where carries and reductions turn: around 0, p, p/2, 2^255, limb edges."""
    v = {0, 1, 2, 3, P - 1, P - 2, P - 3, (P - 1) // 2, (P + 1) // 2, P // 3, 2 * P // 3, 2**255 - 1, 2**255,
         2**64 - 1, 2**64, 2**96 - 1, 2**128 - 1, 2**192 - 1, 2**192, 2**224 - 1, 2**255 + 2**224,
         P - 2**64, P - 2**96, P - 2**192, P - 2**224, 2**256 - 2**224 - 1, 2**256 - 2**224,
         (2**64 - 1) * (2**192 + 2**128 + 2**64 + 1) // 3, 2**256 // 5}
    # the Montgomery forms of small integers (1 -> 2^256 mod p, ...), frequent in real use
    v |= {(k << 256) % P for k in (1, 2, 3, P - 1, P - 2)}
    return sorted(x for x in v if x < P)


def h(x):
    return "%064x" % x


def mont(a, b):
    return a * b * RINV % P


def ref_dbl(x1, y1, z1):
    """src/tmpl/ec_wei.tmpl.h's a = -3 doubling, step for step, in Montgomery form."""
    t0 = mont(z1, z1)
    t1 = 2 * y1 % P
    z3 = mont(t1, z1)
    t1 = mont(t1, t1)
    t3 = mont((x1 - t0) % P, (x1 + t0) % P) * 3 % P
    t2 = mont(x1, t1)
    x3 = (mont(t3, t3) - 2 * t2) % P
    y3 = mont(t3, (t2 - x3) % P)
    t1 = mont(t1, t1) * pow(2, -1, P) % P
    return [x3, (y3 - t1) % P, z3]


def ref_add(x1, y1, z1, x2, y2, z2):
    """src/tmpl/ec_wei.tmpl.h's add-1998-cmo-2, step for step, in Montgomery form."""
    z1z1, z2z2 = mont(z1, z1), mont(z2, z2)
    u1, u2 = mont(x1, z2z2), mont(x2, z1z1)
    s1, s2 = mont(mont(y1, z2), z2z2), mont(mont(y2, z1), z1z1)
    h, r = (u2 - u1) % P, (s2 - s1) % P
    z3 = mont(mont(z1, z2), h)
    hh = mont(h, h)
    hhh, v = mont(h, hh), mont(u1, hh)
    x3 = (mont(r, r) - hhh - 2 * v) % P
    y3 = (mont(r, (v - x3) % P) - mont(s1, hhh)) % P
    return [x3, y3, z3]


def test_mul_sqr(asm, rng):
    vals = edges() + [rng.randrange(P) for _ in range(20 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::2]]
    lines = ["p256mul %s %s" % (h(a), h(b)) for a, b in pairs] + ["p256sqr %s" % h(a) for a in vals]
    want = [mont(a, b) for a, b in pairs] + [mont(a, a) for a in vals]
    for line, w in zip(asm.run(lines), want):
        assert int(line, 16) == w


def test_dbl(asm, rng):
    ed = edges()
    cases = []
    for i in range(400 * ITERATIONS):
        pick = (lambda: rng.choice(ed)) if i % 3 else (lambda: rng.randrange(P))
        cases.append((pick(), pick(), pick()))
    cases += [(a, b, c) for a in ed[:6] + ed[-6:] for b in (0, 1, P - 1) for c in (0, 1, P - 1)]
    for op in ("p256dbl", "p256dbl_alias"):
        lines = ["%s %s %s %s" % (op, h(x), h(y), h(z)) for x, y, z in cases]
        for line, case in zip(asm.run(lines), cases):
            assert [int(t, 16) for t in line.split()] == ref_dbl(*case), (op, case)


def test_add(asm, rng):
    ed = edges()
    cases = []
    for i in range(300 * ITERATIONS):
        pick = (lambda: rng.choice(ed)) if i % 3 else (lambda: rng.randrange(P))
        cases.append(tuple(pick() for _ in range(6)))
    # equal inputs (P = Q gives 0 : 0 : 0) and zero Z
    for a in ed[:4] + ed[-4:]:
        x, y, z = rng.randrange(P), rng.randrange(P), a
        cases += [(x, y, z, x, y, z), (x, y, 0, a, y, z), (x, y, z, x, (P - y) % P, z)]
    for op in ("p256add", "p256add_alias1", "p256add_alias2"):
        lines = ["%s %s" % (op, " ".join(h(v) for v in case)) for case in cases]
        for line, case in zip(asm.run(lines), cases):
            assert [int(t, 16) for t in line.split()] == ref_add(*case), (op, case)
