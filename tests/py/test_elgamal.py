"""ElGamal encryption of points (src/proto/elgamal.c; background 004 definition 1.8) against the
Python-integer group law of ec_ref.py: the ciphertext ([e] G, M + [e] A) for e taken from a given
random stream, the round trip back to M (the neutral element, M = -A and random points among
them), on Weierstrass, Edwards and Jacobi-quartic-free named curves; invalid inputs refused."""
import pytest

from ec_cases import named_curves
from ec_ref import Curve

NAMED = {c[0]: c for c in named_curves()}


def enc(C, P, fb):
    if P is None:
        return "00"
    return "04%0*x%0*x" % (2 * fb, P[0], 2 * fb, P[1])


@pytest.mark.parametrize("name", ["P-256", "secp256k1", "brainpoolP384r1", "P-521", "curve25519"])
def test_round_trip(proto_calc, rng, name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    C, G = Curve(model, p, a, b), (gx, gy)
    fb, sb = (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8
    lines, want = [], []
    for i in range(6):
        d, e = rng.randrange(1, n), rng.randrange(1, n)
        A = C.mul(d, G)
        M = [None, C.neg(A), A][i] if i < 3 else C.mul(rng.randrange(1, n), G)
        B1, Cc = C.mul(e, G), C.add(M, C.mul(e, A))
        lines.append("elgamal %s %0*x %0*x %s" % (name, 2 * sb, e, 2 * sb, d, enc(C, M, fb)))
        want.append("%s %s %s" % (enc(C, B1, fb), enc(C, Cc, fb), enc(C, M, fb)))
        lines.append("elgamal_dec %s %0*x %s %s" % (name, 2 * sb, d, enc(C, B1, fb), enc(C, Cc, fb)))
        want.append(enc(C, M, fb))
    assert proto_calc.run(lines) == want


def test_invalid(proto_calc):
    _, model, p, a, b, gx, gy, n, h = NAMED["P-256"]
    C, G = Curve(model, p, a, b), (gx, gy)
    off = "04%064x%064x" % (gx, (gy + 1) % p)
    good = enc(C, C.mul(5, G), 32)
    assert proto_calc.run([
        "elgamal_dec P-256 %064x %s %s" % (7, off, good),           # B1 off the curve
        "elgamal_dec P-256 %064x 00 %s" % (7, good),                # B1 neutral
        "elgamal_dec P-256 %064x %s %s" % (n, good, good),          # d out of range
        "elgamal P-256 %s %064x %s" % ("00" * 31, 7, good),         # generator runs dry
    ]) == ["err point_is_not_on_the_curve", "err point_at_infinity", "err value_out_of_range",
           "err random_generator_failed"]
