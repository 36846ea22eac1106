"""The P-256 routines of src/fp/mulx_mont.S and src/ec/asm/p256_mulx.S (tests/tools/asm_calc.c)
against Python integers: the
Montgomery product and square, and the Jacobian doubling (a = -3), addition and mixed addition
that inline them,
on the values where a carry, a reduction step or the final subtraction of p is at its edge, not
only on random ones.

Contracts checked: inputs are below p (fully reduced Montgomery residues), outputs are the exact
values below p: mul(a, b) = a b / 2^256 mod p, sqr(a) = mul(a, a), and dbl and add the formulas of
src/tmpl/ec_wei_jac.tmpl.h (EFD dbl-2001-b, add-1998-cmo-2, madd-2007-bl) as genus traces them (`genus trace`,
the one source of the formula), limb for limb, also when the result overwrites an input. Skipped without BMI2/ADX (or without the assembly: 32-bit
limbs, other targets)."""
from conftest import ITERATIONS
from traced import run_program, traced_program

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


def formula(genus_bin, op):
    """The template's formula (src/tmpl/ec_wei_jac.tmpl.h) on Montgomery forms: the traced
    program over F_p, its inputs taken out of Montgomery form and its outputs put back."""
    prog = traced_program(genus_bin, "--curve", "P-256", "--model", "weierstrass", "--coords", "jacobian",
                          "--op", op)

    def run(*coords):
        values = dict(zip(prog["inputs"], (c * RINV for c in coords)))
        return [v * 2**256 % P for v in run_program(prog, values)]
    return run


def test_mul_sqr(asm, rng):
    vals = edges() + [rng.randrange(P) for _ in range(20 * ITERATIONS)]
    pairs = [(a, b) for a in vals for b in vals[::2]]
    lines = ["p256mul %s %s" % (h(a), h(b)) for a, b in pairs] + ["p256sqr %s" % h(a) for a in vals]
    want = [mont(a, b) for a, b in pairs] + [mont(a, a) for a in vals]
    for line, w in zip(asm.run(lines), want):
        assert int(line, 16) == w


def test_dbl(asm, rng, genus_bin):
    ref_dbl = formula(genus_bin, "dbl")
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


def test_add(asm, rng, genus_bin):
    ref_add = formula(genus_bin, "add")
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


def test_madd(asm, rng, genus_bin):
    """The mixed addition, q = (X2, Y2) with Z2 = 1 (its Montgomery form, 2^256 mod p, in the
    traced program) not passed: the routine does not read it."""
    ref_madd = formula(genus_bin, "madd")
    one = 2**256 % P
    ed = edges()
    cases = []
    for i in range(300 * ITERATIONS):
        pick = (lambda: rng.choice(ed)) if i % 3 else (lambda: rng.randrange(P))
        cases.append(tuple(pick() for _ in range(5)))
    for a in ed[:4] + ed[-4:]:  # P = Q with Z1 = 1, P = -Q, Z1 = 0
        x, y = rng.randrange(P), rng.randrange(P)
        cases += [(x, y, one, x, y), (x, y, one, x, (P - y) % P), (x, y, 0, a, y)]
    for op in ("p256madd", "p256madd_alias"):
        lines = ["%s %s" % (op, " ".join(h(v) for v in case)) for case in cases]
        for line, case in zip(asm.run(lines), cases):
            assert [int(t, 16) for t in line.split()] == ref_madd(*(case + (one,))), (op, case)
