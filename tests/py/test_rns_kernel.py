"""The RNS field kernel seen from the command line (DESIGN sections 6 and 11): `--kernel rns` in
`genus fp`, `mul`, `keygen`, `ecdh`, `ops` and `trace`, and `genus kernels`. The arithmetic itself
is checked against Python integers in test_fp.py (every operation, primes of 3 to 1024 bits), the
curves against PARI/GP in test_ec_pari.py and exhaustively in test_ec_exhaustive.py, all on the
RNS kernel as on the limb kernels."""
import json

import pytest

from conftest import LIMB_BITS
from ec_cases import named_curves
from ec_ref import Curve
from test_ec_cli import bad, ok  # the CLI contract's helpers

NAMED = {c[0]: c for c in named_curves()}
needs64 = pytest.mark.skipif(LIMB_BITS != 64, reason="the RNS kernel needs 64-bit limbs")


def test_kernels_lists_rns(genus_bin):
    rows = json.loads(ok(genus_bin, "kernels", "--json"))
    names = {(r["name"], r["field"]): r for r in rows}
    for k in ("auto", "generic", "mont", "mulx", "special", "rns"):
        assert (k, "prime") in names, k
    for k in ("auto", "portable", "clmul"):
        assert (k, "binary") in names, k
    assert names[("rns", "prime")]["available"] is (names[("generic", "prime")]["available"] and
                                                  "64-bit" in ok(genus_bin, "--version"))
    text = ok(genus_bin, "kernels")
    assert any(line.split()[0] == "rns" for line in text.splitlines())


@needs64
@pytest.mark.parametrize("bits", [61, 256, 521, 1024])
def test_fp_on_rns(genus_bin, rng, bits):
    """genus fp --kernel rns: every operation against Python integers."""
    import sympy
    p = sympy.randprime(2 ** (bits - 1), 2 ** bits)
    w = 2 * ((bits + 7) // 8)
    a, b = rng.randrange(p), rng.randrange(1, p)
    P = "%x" % p
    cases = {("mul", a, b): a * b % p, ("add", a, b): (a + b) % p, ("sub", a, b): (a - b) % p,
             ("neg", a): -a % p, ("sqr", a): a * a % p, ("inv", b): pow(b, -1, p)}
    for (op, *args), want in cases.items():
        out = ok(genus_bin, "fp", "--p", P, "--kernel", "rns", op, *("%x" % v for v in args))
        assert out == "%0*x\n" % (w, want), (op, bits)
    assert ok(genus_bin, "fp", "--p", P, "--kernel", "rns", "legendre", "%x" % a).strip() == \
        str(sympy.legendre_symbol(a, p) if a else 0)


@needs64
@pytest.mark.parametrize("name", ["P-256", "brainpoolP512r1", "curve25519", "edwards25519"])
def test_mul_and_ecdh_on_rns(genus_bin, rng, name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    C = Curve(model, p, a, b)
    w = 2 * ((p.bit_length() + 7) // 8)
    k = rng.randrange(n)
    for method in (["--method", "ladder"], []):
        out = ok(genus_bin, "mul", "--curve", name, "--scalar", "%x" % k, "--kernel", "rns", *method)
        X, Y = C.mul(k, (gx, gy))
        assert out == "%0*x %0*x\n" % (w, X, w, Y)
    if model == "weierstrass":
        seed = "%032x" % rng.getrandbits(128)
        d, pub = ok(genus_bin, "keygen", "--curve", name, "--seed", seed).split()
        assert ok(genus_bin, "keygen", "--curve", name, "--seed", seed, "--kernel", "rns").split() == [d, pub]
        e = rng.randrange(1, n)
        assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % e, "--public", pub, "--kernel", "rns") == \
            ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % e, "--public", pub)


@needs64
def test_ladder_reductions_match_background(genus_bin):
    """The Weierstrass x-only ladder step on the RNS kernel: 13 reductions (background 003's table:
    6 for the addition, 7 for the doubling) for 20 products; the limb kernels' counts are the
    same products, each reduced."""
    rows = [l.split() for l in ok(genus_bin, "ops", "--curve", "P-256", "--coords", "xz", "--kernel", "rns")
            .splitlines()[1:]]
    assert [r[3:7] for r in rows] == [["ladder-step", "20", "13", "0"]]
    rows = [l.split() for l in ok(genus_bin, "ops", "--curve", "P-256", "--coords", "xz").splitlines()[1:]]
    assert [r[3:7] for r in rows] == [["ladder-step", "12", "4", "4"]]
    prog = json.loads(ok(genus_bin, "trace", "--curve", "P-256", "--coords", "xz", "--op", "ladder-step",
                         "--kernel", "rns"))
    ops = prog["ops"]
    reds = [o for o in ops if o["op"] == "red"]
    assert len(reds) == 13
    # a reduction takes a product or a sum of products, never a reduced value
    def unreduced(i):
        o = ops[i]
        if o["op"] in ("mul", "sqr", "mulc"):
            return True
        return o["op"] in ("add", "sub") and all(isinstance(a, int) and unreduced(a) for a in o["args"])
    assert all(isinstance(r["args"][0], int) and unreduced(r["args"][0]) for r in reds)
    # the reductions split 6 / 7 between the addition (outputs X3, Z3) and the doubling (X2, Z2)
    def reds_under(ref, seen):
        if not isinstance(ref, int) or ref in seen:
            return set()
        seen.add(ref)
        out = {ref} if ops[ref]["op"] == "red" else set()
        for a in ops[ref]["args"]:
            out |= reds_under(a, seen)
        return out
    outs = prog["outputs"]
    add = reds_under(outs["X3"], set()) | reds_under(outs["Z3"], set())
    dbl = reds_under(outs["X2"], set()) | reds_under(outs["Z2"], set())
    assert (len(add), len(dbl), len(add & dbl)) == (6, 7, 0)


def test_kernel_refusals(genus_bin):
    p256 = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
    bad(genus_bin, "fp", "--p", p256, "--kernel", "bogus", "mul", "2", "3", says="unknown kernel 'bogus'")
    bad(genus_bin, "fp", "--p", "1fffffffffffffff", "--kernel", "special", "mul", "2", "3",
        says="cannot serve")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--kernel", "rns", says="prime fields")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", "5", "--public", "00", "--kernel", "rns",
        says="binary curve")
    bad(genus_bin, "ops", "--curve", "P-256", "--kernel", "bogus", says="unknown kernel")
    bad(genus_bin, "trace", "--binary", "B-163", "--op", "dbl", "--kernel", "rns", says="prime fields")
    bad(genus_bin, "kernels", "--bogus", says="unexpected argument")
