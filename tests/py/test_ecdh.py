"""Keys and ECDH (src/proto/keys.c, ecdh.c, der.c) against independent references:
- the Python package `cryptography` (OpenSSL) for public keys (SPKI bytes) and shared secrets;
- the Python-integer group law of ec_ref.py for key generation, raw/compressed encodings and the
  cofactor variant on curve25519 (h = 8);
- SubjectPublicKeyInfo variants built here (BER leniency, other curves, explicit parameters).
The Wycheproof vectors are in test_wycheproof.py, the NIST KAS ECC vectors in test_kas.py."""
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec as pyec

from ec_cases import named_curves
from ec_ref import Curve

NAMED = {c[0]: c for c in named_curves()}
PYCURVES = {"P-192": pyec.SECP192R1, "P-224": pyec.SECP224R1, "P-256": pyec.SECP256R1, "P-384": pyec.SECP384R1,
            "P-521": pyec.SECP521R1, "secp256k1": pyec.SECP256K1, "brainpoolP256r1": pyec.BrainpoolP256R1,
            "brainpoolP384r1": pyec.BrainpoolP384R1, "brainpoolP512r1": pyec.BrainpoolP512R1}


@pytest.mark.parametrize("name", sorted(PYCURVES))
def test_against_openssl(proto_calc, rng, name):
    """Public keys as SubjectPublicKeyInfo and shared secrets agree with `cryptography`."""
    n = NAMED[name][7]
    lines, want = [], []
    for _ in range(8):
        a, b = rng.randrange(1, n), rng.randrange(1, n)
        ka = pyec.derive_private_key(a, PYCURVES[name]())
        kb = pyec.derive_private_key(b, PYCURVES[name]())
        spki_b = kb.public_key().public_bytes(serialization.Encoding.DER,
                                              serialization.PublicFormat.SubjectPublicKeyInfo).hex()
        shared = ka.exchange(pyec.ECDH(), kb.public_key()).hex()
        sb = (n.bit_length() + 7) // 8
        lines += ["pub %s %0*x spki" % (name, 2 * sb, b), "ecdh %s spki %0*x %s" % (name, 2 * sb, a, spki_b),
                  "ecdh %s spki %0*x %s" % (name, 2 * ((n.bit_length() + 7) // 8) + 2, a, spki_b)]
        want += [spki_b, shared, shared]
    assert proto_calc.run(lines) == want


@pytest.mark.parametrize("name", ["P-256", "P-521", "secp256k1", "brainpoolP320r1", "P-192"])
def test_encodings_and_keygen(proto_calc, rng, name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    C = Curve(model, p, a, b)
    fb, sb = (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8
    lines, want = [], []
    for _ in range(6):
        d = rng.randrange(1, n)
        X, Y = C.mul(d, (gx, gy))
        unc = "04%0*x%0*x" % (2 * fb, X, 2 * fb, Y)
        lines += ["pub %s %0*x sec1" % (name, 2 * sb, d), "pub %s %0*x sec1c" % (name, 2 * sb, d),
                  "pub %s %0*x raw" % (name, 2 * sb, d),
                  "pubdecode %s raw %s" % (name, unc[2:]), "pubdecode %s sec1 %02x%0*x" % (name, 2 + (Y & 1), 2 * fb, X)]
        want += [unc, "%02x%0*x" % (2 + (Y & 1), 2 * fb, X), unc[2:], unc, unc]
        # keygen: draws of bits(n) bits; all-ones (>= n unless n is 2^k - 1) and zero are rejected
        top = n.bit_length() % 8 or 8
        ones = "%02x" % ((1 << top) - 1) + "ff" * (sb - 1)
        stream = ones + "00" * sb + "%0*x" % (2 * sb, d)
        lines.append("keygen %s %s" % (name, stream))
        want.append("%0*x %s" % (2 * sb, d, unc))
    # private keys out of range, generator failures
    lines += ["pub %s 00 sec1" % name, "pub %s %0*x sec1" % (name, 2 * sb, n), "pub %s %0*x sec1" % (name, 2 * sb, n + 1),
              "keygen %s %s" % (name, "00" * (sb - 1)), "keygen %s %s" % (name, "00" * (64 * sb))]
    want += ["err value_out_of_range"] * 3 + ["err random_generator_failed"] * 2
    assert proto_calc.run(lines) == want


def test_cofactor_variant(proto_calc, rng):
    """curve25519 (h = 8) in its (u, v) Montgomery model: a public key with a small-order component
    is refused by standard ECDH (subgroup check) and accepted by the cofactor variant, which
    computes x([h d] Q); a point of small order alone gives the neutral element, refused."""
    _, model, p, a, b, gx, gy, n, h = NAMED["curve25519"]
    C = Curve(model, p, a, b)
    T = (0, 0)  # of order 2
    assert C.on_curve(T) and C.mul(2, T) is None
    lines, want = [], []
    for _ in range(4):
        d, e = rng.randrange(1, n), rng.randrange(1, n)
        Q = C.add(C.mul(e, (gx, gy)), T)
        enc = "04%064x%064x" % Q
        lines += ["ecdh curve25519 sec1 %064x %s" % (d, enc), "ecdh curve25519 sec1 %064x %s cofactor" % (d, enc)]
        want += ["err point_is_not_in_the_prime-order_subgroup", "%064x" % C.mul(h * d % n, C.mul(e, (gx, gy)))[0]]
    lines.append("ecdh curve25519 sec1 %064x 04%064x%064x cofactor" % ((rng.randrange(1, n),) + T))
    want.append("err point_at_infinity")
    assert proto_calc.run(lines) == want


def test_der_strictness(proto_calc):
    """SubjectPublicKeyInfo variants built here from a valid P-256 key: BER leniency and trailing
    bytes are refused; explicit parameters and other curves too."""
    d = 0x1234567
    spki = proto_calc.run(["pub P-256 %064x spki" % d])[0]
    body = spki[4:]  # 3059 | ...
    cases = {
        "3081" + "59" + body: "err malformed_DER_encoding",           # long form for a short length
        "30" + "80" + body + "0000": "err malformed_DER_encoding",    # indefinite length
        spki + "00": "err malformed_DER_encoding",                    # trailing byte
        spki[:-2]: "err malformed_DER_encoding",                      # truncated
        spki.replace("2a8648ce3d030107", "2b81040022"): "err malformed_DER_encoding",  # lengths now wrong
        "3056301006072a8648ce3d020106052b81040021" + "0342" + spki[-132:]: "err key_is_not_for_this_curve",  # P-224
        "3051300b06072a8648ce3d02013000" + "0342" + spki[-132:]: "err key_is_not_for_this_curve",  # explicit
        "3051300b06072a8648ce3d02010500" + "0342" + spki[-132:]: "err key_is_not_for_this_curve",  # implicit
        "3051300b06072a8648ce3d02010500" + "0342" + spki[-132:-130] + "01" + spki[-128:]: "err key_is_not_for_this_curve",
        spki[:-134] + "034201" + spki[-130:]: "err malformed_DER_encoding",  # unused bits in the BIT STRING
    }
    lines = ["pubdecode P-256 spki %s" % c for c in cases]
    got = proto_calc.run(lines + ["pubdecode P-256 spki %s" % spki])
    assert got[:-1] == list(cases.values())
    assert got[-1].startswith("04")


def test_every_named_curve(proto_calc, rng):
    """ECDH on every named curve of every model, both parties, against x([d] Q) from the Python
    group law (Edwards and Montgomery curves included: x is the model's own coordinate)."""
    lines, want = [], []
    for name, (_, model, p, a, b, gx, gy, n, h) in sorted(NAMED.items()):
        C = Curve(model, p, a, b)
        fb, sb = (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8
        da, db = rng.randrange(1, n), rng.randrange(1, n)
        A, B = C.mul(da, (gx, gy)), C.mul(db, (gx, gy))
        shared = "%0*x" % (2 * fb, C.mul(da * db % n, (gx, gy))[0])
        for d, Q in ((da, B), (db, A)):
            lines.append("ecdh %s raw %0*x %0*x%0*x" % (name, 2 * sb, d, 2 * fb, Q[0], 2 * fb, Q[1]))
            want.append(shared)
    assert proto_calc.run(lines) == want
