"""SEC1 point encodings and public-key validation against the Python reference: round trips,
compressed points decompressed to the right y, and malformed input rejected with the right
error (wrong length, hybrid prefix, coordinate >= p, off-curve point, no square root, neutral
element, wrong subgroup)."""
import pytest

from ec_cases import init_line, named_curves
from ec_ref import Curve, fmt, parse

NAMED = {c[0]: c for c in named_curves()}


@pytest.mark.parametrize("name", ["P-256", "P-521", "secp256k1", "brainpoolP320r1", "curve25519", "edwards25519"])
def test_sec1(ec_calc, rng, name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    C = Curve(model, p, a, b)
    fb = (p.bit_length() + 7) // 8
    lines, expect = [init_line(model, "auto", p, a, b, (gx, gy), n, h)], ["ok"]
    for _ in range(10):
        P = C.mul(rng.randrange(1, n), (gx, gy))
        unc = "04%0*x%0*x" % (2 * fb, P[0], 2 * fb, P[1])
        cmp_ = "%02x%0*x" % (2 + (P[1] & 1), 2 * fb, P[0])
        lines += ["encode 0 %s" % fmt(P), "encode 1 %s" % fmt(P), "decode %s 0" % unc, "decode %s 0" % cmp_]
        expect += ["=" + unc, "=" + cmp_, fmt(P), fmt(P)]
        # tampering: hybrid prefix, wrong length, x >= p, off the curve
        lines += ["decode 06%s 0" % unc[2:], "decode %s 0" % unc[:-2], "decode 04%0*x%s 0" % (2 * fb, p, unc[2 + 2 * fb:]),
                  "decode 04%0*x%0*x 0" % (2 * fb, P[0], 2 * fb, (P[1] + 1) % p)]
        expect += ["err malformed_point_encoding", "err malformed_point_encoding", "err value_out_of_range",
                   "err point_is_not_on_the_curve"]
        lines.append("validate %s 1" % fmt(P))
        expect.append("=ok")
    if model == "weierstrass":
        lines += ["decode 00 0", "decode 00 1", "encode 0 inf", "validate inf 0"]
        expect += ["=err point_at_infinity", "=inf", "=00", "=err point_at_infinity"]
        # an x with no point: compressed decoding must fail
        x = next(x for x in range(2, 1000) if pow((x ** 3 + a * x + b) % p, (p - 1) // 2, p) == p - 1)
        lines.append("decode 02%0*x 0" % (2 * fb, x))
        expect.append("=err point_is_not_on_the_curve")
    out = ec_calc.run(lines)
    assert out[0].startswith("ok")
    for l, o, e in zip(lines[1:], out[1:], expect[1:]):
        if e.startswith("=") or e.startswith("err"):
            assert o == e.lstrip("="), (l, o, e)
        else:
            assert o.count(",") == 1 and parse(o, p) == parse(e, p), (l, o, e)


def test_subgroup_check(ec_calc, rng):
    """On curve25519 (h = 8) a point outside the prime-order subgroup fails the subgroup check."""
    _, model, p, a, b, gx, gy, n, h = NAMED["curve25519"]
    C = Curve(model, p, a, b)
    out = ec_calc.run([init_line(model, "auto", p, a, b, (gx, gy), n, h), "validate 0,0 1", "validate 0,0 0"])
    # (0, 0) has order 2: on the curve, not in the subgroup
    assert out[1:] == ["err point_is_not_in_the_prime-order_subgroup", "ok"]


def test_named_parameters(ec_calc):
    """gn_ec_init_named skips the costly checks (p and n prime, n G = O) for its built-in table:
    here every entry passes them through gn_ec_init and equals data/curves.json."""
    want = {c[0]: c for c in named_curves()}
    out = ec_calc.run(["named %d" % i for i in range(len(want) + 1)])
    assert out[-1] == "end"
    for line in out[:-1]:
        name, model, *vals = line.split()
        assert name in want and model == want[name][1], line
        assert tuple(int(v, 16) for v in vals) == want[name][2:], line
    assert len(out) - 1 == len(want)
