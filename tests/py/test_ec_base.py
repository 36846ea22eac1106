"""[k] G from the built-in tables (gn_ec_mul_base, src/scalar/base.c; tools/gen_base_tables.py)
against the affine group law of ec_ref.py in Python integers: edge scalars (0, n, the windows'
borders, the digits' extremes), oversized and random ones, on every kernel that can serve the
curve, whether or not it reads the table (gn_ec_base_precomputed says which, and the test checks
that the curves' own kernels do). The table's generator is checked for staleness by
scripts/check-generated.sh; the constant time of the scan by tests/ctime."""
import pytest

from conftest import ITERATIONS, LIMB_BITS, SANITIZE
from ec_cases import init_line, named_curves, scalar_hex
from ec_ref import Curve, parse

CURVES = {c[0]: c for c in named_curves()}
W = 6  # tools/gen_base_tables.py's window
KINDS = ("auto", "generic", "fixed", "mulx", "special") + (() if SANITIZE else ("gmp", "pari", "rns"))


def scalars(n, rng):
    ks = [0, 1, 2, n - 1, n - 2, n, n + 1, 2 * n, (1 << 256) - 1, (1 << 320) - 1, n // 2, n // 2 + 1]
    # digits at their extremes: runs of ones and zeros across window borders, 2^(W-1) and
    # 2^(W-1) - 1 in every window, each window alone
    ks += [sum(v << (W * i) for i in range(43)) % n for v in (2 ** (W - 1), 2 ** (W - 1) - 1, 2 ** W - 1, 1)]
    ks += [(1 << (W * i)) * d for i in range(43) for d in (1, 2 ** (W - 1)) if (1 << (W * i)) * d < n]
    ks += [n - (1 << (W * i)) for i in range(43)]
    ks += [rng.randrange(n) for _ in range(40 * ITERATIONS)] + [rng.getrandbits(300) for _ in range(4 * ITERATIONS)]
    return ks


@pytest.mark.parametrize("name", ["P-256", "secp256k1", "edwards25519"])
@pytest.mark.parametrize("kind", KINDS)
def test_mul_base(ec_calc, rng, name, kind):
    _, model, p, a, b, gx, gy, n, h = CURVES[name]
    C = Curve(model, p, a, b)
    ks = scalars(n, rng)
    init = ec_calc.run([init_line(model, kind, p, a, b, (gx, gy), n, h)])[0]
    if init.startswith("err"):
        assert kind not in ("auto", "generic"), init  # a kernel this build or CPU lacks
        pytest.skip("no %s kernel for %s here" % (kind, name))
    out = ec_calc.run([init_line(model, kind, p, a, b, (gx, gy), n, h), "baseprecomputed"] +
                      ["mulbase %s" % scalar_hex(k) for k in ks])
    if kind == "auto" and LIMB_BITS == 64:
        assert out[1] == "1", "%s's own kernel does not read the built-in table" % name
    bad = [(hex(k), o) for k, o in zip(ks, out[2:]) if o.startswith("err") or parse(o, p) != C.mul(k % n, (gx, gy))]
    assert not bad, bad[:3]


def test_other_curves_general_path(ec_calc, rng):
    """A curve without a table (P-384), and P-256's field with another base point, run the general
    method, and say so."""
    _, model, p, a, b, gx, gy, n, h = CURVES["P-384"]
    out = ec_calc.run([init_line(model, "auto", p, a, b, (gx, gy), n, h), "baseprecomputed", "mulbase 1234"])
    assert out[1] == "0" and parse(out[2], p) == Curve(model, p, a, b).mul(0x1234, (gx, gy))
    _, model, p, a, b, gx, gy, n, h = CURVES["P-256"]
    C = Curve(model, p, a, b)
    G2 = C.mul(5, (gx, gy))
    out = ec_calc.run([init_line(model, "auto", p, a, b, G2, n, h), "baseprecomputed", "mulbase 1234"])
    assert out[1] == "0" and parse(out[2], p) == C.mul(0x1234, G2)
