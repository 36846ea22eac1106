"""`genus keygen`, `genus ecdh` and `genus mqv` (DESIGN section 6) against independent references:
- the group law of ec_ref.py for public keys [d]G in every model, and an HMAC_DRBG written here
  from SP 800-90A 10.1.2 (hmac/hashlib) for the documented --seed derivation;
- the Python package `cryptography` (OpenSSL) for P-256 encodings and for shared secrets from
  SEC1, raw and SubjectPublicKeyInfo public keys;
- the ECMQV reference of test_mqv.py (avf, X9.63 KDF, HMAC from the definitions);
and the bad-input contract: one line on stderr, exit status 2, nothing on stdout."""
import hashlib
import hmac
import json
import os
import subprocess

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec as pyec

from ec_cases import named_curves
from ec_ref import Curve
from test_mqv import Ref

NAMED = {c[0]: c for c in named_curves()}
CURVES_JSON = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "data", "curves.json")
PYCURVES = {"P-256": pyec.SECP256R1, "P-384": pyec.SECP384R1, "secp256k1": pyec.SECP256K1}
DER, SPKI = serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
X962, UNC, CMP = serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint, \
    serialization.PublicFormat.CompressedPoint


def run(genus_bin, *args):
    return subprocess.run([genus_bin, *args], capture_output=True, text=True, timeout=120)


def ok(genus_bin, *args):
    r = run(genus_bin, *args)
    assert r.returncode == 0 and r.stderr == "", (args, r.returncode, r.stderr)
    return r.stdout.splitlines()


def bad(genus_bin, *args, says=None):
    r = run(genus_bin, *args)
    assert r.returncode == 2 and r.stdout == "", (args, r.returncode, r.stdout)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("genus: "), r.stderr
    if says:
        assert says in lines[0], lines[0]


def curve(name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    return Curve(model, p, a, b), (gx, gy), n, h, (p.bit_length() + 7) // 8, (n.bit_length() + 7) // 8


class HmacDrbg:
    """HMAC_DRBG with SHA-256 (SP 800-90A 10.1.2), no reseed, no additional input."""

    def __init__(self, seed_material):
        self.K, self.V = b"\0" * 32, b"\1" * 32
        self.update(seed_material)

    def h(self, data):
        return hmac.new(self.K, data, "sha256").digest()

    def update(self, provided):
        self.K = self.h(self.V + b"\0" + provided)
        self.V = self.h(self.V)
        if provided:
            self.K = self.h(self.V + b"\1" + provided)
            self.V = self.h(self.V)

    def generate(self, n):
        out = b""
        while len(out) < n:
            self.V = self.h(self.V)
            out += self.V
        self.update(b"")
        return out[:n]


def seeded_private_key(seed, name, n):
    """The documented --seed derivation: entropy input || nonce = SHA-512(seed), personalization
    "genus keygen " || name; d drawn as bits(n) bits, one generate call each, until 1 <= d < n."""
    drbg = HmacDrbg(hashlib.sha512(seed).digest() + b"genus keygen " + name.encode())
    sb, excess = (n.bit_length() + 7) // 8, -n.bit_length() % 8
    while True:
        d = int.from_bytes(drbg.generate(sb), "big") & ((1 << (8 * sb - excess)) - 1)
        if 1 <= d < n:
            return d


def raw(P, fb):
    return "%0*x%0*x" % (2 * fb, P[0], 2 * fb, P[1])


# ------------------------------------------------------------------------------------ keygen

@pytest.mark.parametrize("name", ["P-256", "P-521", "secp256k1", "brainpoolP320r1", "curve25519", "curve448",
                                  "edwards25519", "edwards448"])
def test_keygen_seed(genus_bin, rng, name):
    C, G, n, h, fb, sb = curve(name)
    seed = rng.randbytes(rng.choice([16, 32, 57]))
    d_hex, pub = ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex())
    d = int(d_hex, 16)
    assert len(d_hex) == 2 * sb and d == seeded_private_key(seed, name, n)
    P = C.mul(d, G)
    # SEC1 uncompressed by default where SEC1 is defined (Weierstrass, Montgomery), raw otherwise
    assert pub == ("04" if C.model in ("weierstrass", "montgomery") else "") + raw(P, fb)
    assert ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex()) == [d_hex, pub]  # same seed, same key
    assert ok(genus_bin, "keygen", "--curve", name, "--seed", (bytes([seed[0] ^ 1]) + seed[1:]).hex())[0] != d_hex
    assert ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex(), "--format", "raw") == [d_hex, raw(P, fb)]
    if C.model in ("weierstrass", "montgomery"):
        assert ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex(), "--format", "sec1c") == \
            [d_hex, "%02x%0*x" % (2 + (P[1] & 1), 2 * fb, P[0])]
    else:
        for f in ("sec1", "sec1c", "spki"):
            bad(genus_bin, "keygen", "--curve", name, "--seed", seed.hex(), "--format", f, says="raw")


def test_keygen_p256_formats_against_cryptography(genus_bin, rng):
    seed = rng.randbytes(32).hex()
    want = None
    for fmt, enc in (("sec1", (X962, UNC)), ("sec1c", (X962, CMP)), ("spki", (DER, SPKI)), ("raw", None)):
        d_hex, pub = ok(genus_bin, "keygen", "--curve", "P-256", "--seed", seed, "--format", fmt)
        key = pyec.derive_private_key(int(d_hex, 16), pyec.SECP256R1()).public_key()
        want = key.public_bytes(*enc) if enc else key.public_bytes(X962, UNC)[1:]
        assert pub == want.hex(), fmt


def test_keygen_aliases_and_os_entropy(genus_bin, rng):
    seed = rng.randbytes(20).hex()
    # the personalization string holds the canonical name, so aliases give the same key
    assert ok(genus_bin, "keygen", "--curve", "secp256r1", "--seed", seed) == \
        ok(genus_bin, "keygen", "--curve", "P-256", "--seed", seed)
    C, G, n, h, fb, sb = curve("P-384")
    keys = set()
    for _ in range(3):
        d_hex, pub = ok(genus_bin, "keygen", "--curve", "P-384")
        assert 1 <= int(d_hex, 16) < n and pub == "04" + raw(C.mul(int(d_hex, 16), G), fb)
        keys.add(d_hex)
    assert len(keys) == 3


def test_keygen_curve_file(genus_bin, rng, tmp_path):
    _, model, p, a, b, gx, gy, n, h = NAMED["brainpoolP256r1"]
    f = tmp_path / "c.json"
    f.write_text(json.dumps({"type": "short_weierstrass_prime", "p": "%x" % p, "a": "%x" % a, "b": "%x" % b,
                             "Gx": "%x" % gx, "Gy": "%x" % gy, "n": "%x" % n, "h": "1"}))
    seed = rng.randbytes(16)
    d_hex, pub = ok(genus_bin, "keygen", "--curve", str(f), "--seed", seed.hex())
    assert int(d_hex, 16) == seeded_private_key(seed, "custom", n)
    assert pub == "04" + raw(Curve(model, p, a, b).mul(int(d_hex, 16), (gx, gy)), 32)
    bad(genus_bin, "keygen", "--curve", str(f), "--format", "spki", says="OID")


def test_keygen_bad_input(genus_bin):
    bad(genus_bin, "keygen")
    bad(genus_bin, "keygen", "--curve", "nosuchcurve")
    bad(genus_bin, "keygen", "--curve", "P-256", "--seed", "00" * 15, says="16 bytes")
    bad(genus_bin, "keygen", "--curve", "P-256", "--seed", "zz" * 16)
    bad(genus_bin, "keygen", "--curve", "P-256", "--seed", "0" * 33)
    bad(genus_bin, "keygen", "--curve", "P-256", "--format", "pem", says="format")
    bad(genus_bin, "keygen", "--curve", "P-256", "--seed")
    bad(genus_bin, "keygen", "--curve", "P-256", "--frobnicate")


# -------------------------------------------------------------------------------------- ecdh

@pytest.mark.parametrize("name", sorted(PYCURVES))
def test_ecdh_against_cryptography(genus_bin, rng, name):
    C, G, n, h, fb, sb = curve(name)
    for _ in range(2):
        a, b = rng.randrange(1, n), rng.randrange(1, n)
        ka = pyec.derive_private_key(a, PYCURVES[name]())
        kb = pyec.derive_private_key(b, PYCURVES[name]()).public_key()
        shared = ka.exchange(pyec.ECDH(), kb).hex()
        pubs = [kb.public_bytes(X962, UNC), kb.public_bytes(X962, CMP), kb.public_bytes(X962, UNC)[1:],
                kb.public_bytes(DER, SPKI)]
        for pub in pubs:
            assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%0*x" % (2 * sb, a),
                      "--public", pub.hex()) == [shared]
        # a private key in fewer digits is the same integer
        assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % a, "--public", pubs[0].hex()) == [shared]


def test_ecdh_other_models(genus_bin, rng):
    for name in ("curve25519", "edwards25519", "curve448"):
        C, G, n, h, fb, sb = curve(name)
        a, b = rng.randrange(1, n), rng.randrange(1, n)
        Q, Z = C.mul(b, G), C.mul(a * b, G)
        pub = raw(Q, fb)
        got = ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % a, "--public", pub)
        assert got == ["%0*x" % (2 * fb, Z[0])]
        if C.model == "montgomery":
            assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % a, "--public", "04" + pub) == got
        else:
            bad(genus_bin, "ecdh", "--curve", name, "--private", "%x" % a, "--public", "04" + pub, says="raw")


def test_ecdh_cofactor(genus_bin, rng):
    """curve25519 (h = 8): Q with an order-2 component fails the subgroup check of standard ECDH;
    --cofactor computes x([8 d] Q), which clears it; the order-2 point alone gives infinity."""
    C, G, n, h, fb, sb = curve("curve25519")
    T = (0, 0)
    assert C.on_curve(T) and C.mul(2, T) is None
    d, e = rng.randrange(1, n), rng.randrange(1, n)
    Q = C.add(C.mul(e, G), T)
    pub = "04" + raw(Q, fb)
    bad(genus_bin, "ecdh", "--curve", "curve25519", "--private", "%x" % d, "--public", pub)
    Z = C.mul(h * d, Q)
    assert ok(genus_bin, "ecdh", "--curve", "curve25519", "--private", "%x" % d, "--public", pub, "--cofactor") == \
        ["%064x" % Z[0]]
    bad(genus_bin, "ecdh", "--curve", "curve25519", "--private", "%x" % d, "--public", "04" + raw(T, fb),
        "--cofactor", says="infinity")


def test_ecdh_bad_input(genus_bin, rng):
    C, G, n, h, fb, sb = curve("P-256")
    Q = C.mul(rng.randrange(1, n), G)
    pub = "04" + raw(Q, fb)
    d = "%x" % rng.randrange(1, n)
    # an x whose x^3 + ax + b is not a square (Euler's criterion): no point has it
    no_point = next(x for x in range(2, 100) if pow((x**3 + C.a * x + C.b) % C.p, (C.p - 1) // 2, C.p) == C.p - 1)
    other = pyec.derive_private_key(5, pyec.SECP384R1()).public_key().public_bytes(DER, SPKI).hex()
    mine = pyec.derive_private_key(5, pyec.SECP256R1()).public_key().public_bytes(DER, SPKI).hex()
    cases = [
        ("--curve", "nosuchcurve", "--private", d, "--public", pub),
        ("--curve", "P-256", "--private", "xyz", "--public", pub),
        ("--curve", "P-256", "--private", d, "--public", pub[:-1] + "g"),
        ("--curve", "P-256", "--private", d, "--public", "04" + raw((Q[0], Q[1] ^ 1), fb)),  # off the curve
        ("--curve", "P-256", "--private", d, "--public", raw((Q[0], Q[1] ^ 1), fb)),
        ("--curve", "P-256", "--private", d, "--public", "02%064x" % no_point),  # compressed x with no point
        ("--curve", "P-256", "--private", d, "--public", other),  # SPKI of P-384
        ("--curve", "P-256", "--private", d, "--public", mine[:-2]),  # truncated DER
        ("--curve", "P-256", "--private", d, "--public", "05" + pub[2:]),
        ("--curve", "P-256", "--private", d, "--public", "00"),
        ("--curve", "P-256", "--private", "0", "--public", pub),
        ("--curve", "P-256", "--private", "%x" % n, "--public", pub),
        ("--curve", "P-256", "--private", "1" + "0" * 70, "--public", pub),
        ("--curve", "P-256", "--private", d),
        ("--curve", "P-256", "--public", pub),
        ("--curve", "P-256", "--private", d, "--public", pub, "--frobnicate"),
    ]
    for c in cases:
        bad(genus_bin, "ecdh", *c)
    bad(genus_bin, "ecdh", "--curve", "P-256", "--private", d, "--public", other, says="curve")
    bad(genus_bin, "ecdh", "--curve", "P-256", "--private", "%x" % n, "--public", pub, says="range")


# --------------------------------------------------------------------------------------- mqv

def mqv_args(name, keys, sb, *extra):
    opts = ("--static-a", "--ephemeral-a", "--static-b", "--ephemeral-b")
    args = ["mqv", "--curve", name]
    for o, k in zip(opts, keys):
        args += [o, "%0*x" % (2 * sb, k)]
    return args + list(extra)


@pytest.mark.parametrize("name,alg,default", [("P-256", "sha256", True), ("P-384", "sha384", True),
                                              ("P-521", "sha512", True), ("secp256k1", "sha256", True),
                                              ("brainpoolP256r1", "sha512", False)])
def test_mqv(genus_bin, rng, name, alg, default):
    ref = Ref(name)
    sb = (ref.n.bit_length() + 7) // 8
    dA, kA, dB, kB = (rng.randrange(1, ref.n) for _ in range(4))
    A, B = rng.randbytes(rng.randrange(1, 12)), rng.randbytes(8)
    keylen = rng.choice([16, 32, 64])
    z, t_a, t_b, key = ref.session(alg, keylen, True, dA, kA, A, ref.pub(dB), ref.pub(kB), B)
    extra = ["--id-a", A.hex(), "--id-b", B.hex(), "--keylen", str(keylen)] + ([] if default else ["--hash", alg])
    got = ok(genus_bin, *mqv_args(name, (dA, kA, dB, kB), sb, *extra))
    assert got == ["z " + z, "tag_b " + t_b, "tag_a " + t_a, "key " + key]
    # defaults: keylen 32, empty identities
    z, t_a, t_b, key = ref.session(alg, 32, True, dA, kA, b"", ref.pub(dB), ref.pub(kB), b"")
    if default:
        assert ok(genus_bin, *mqv_args(name, (dA, kA, dB, kB), sb)) == \
            ["z " + z, "tag_b " + t_b, "tag_a " + t_a, "key " + key]


def test_mqv_bad_input(genus_bin, rng):
    n = NAMED["P-256"][7]
    keys = [rng.randrange(1, n) for _ in range(4)]
    bad(genus_bin, *mqv_args("nosuchcurve", keys, 32))
    bad(genus_bin, *mqv_args("P-256", keys[:3] + [0], 32), says="range")
    bad(genus_bin, *mqv_args("P-256", [n] + keys[1:], 32), says="range")
    bad(genus_bin, *mqv_args("P-256", keys, 32, "--hash", "md5"), says="hash")
    bad(genus_bin, *mqv_args("P-256", keys, 32, "--keylen", "65"))
    bad(genus_bin, *mqv_args("P-256", keys, 32, "--keylen", "0"))
    bad(genus_bin, *mqv_args("P-256", keys, 32, "--id-a", "abc"))
    bad(genus_bin, *mqv_args("P-256", keys, 32, "--frobnicate"))
    args = mqv_args("P-256", keys, 32)
    bad(genus_bin, *args[:-2], says="--ephemeral-b")
    bad(genus_bin, *(args[:4] + ["zz"] + args[5:]))


def test_order_two_base_point(genus_bin, tmp_path):
    """y^2 = x^3 + 2 over F_5 (6 points) with G = (2, 0) of order 2, n = 2, h = 3: [1]G is G in every
    coordinate system and method (the complete formulas were taken because h is odd), and ECDH with
    the valid key (2, 0) gives x = 2 (the points are counted at set-up, so h n is the known order)."""
    f = tmp_path / "c5.json"
    f.write_text(json.dumps({"type": "short_weierstrass_prime", "p": "5", "a": "0", "b": "2", "Gx": "2", "Gy": "0",
                             "n": "2", "h": "3"}))
    for c in ("affine", "projective", "jacobian"):
        for m in ("l2r", "r2l", "window", "window-var", "sliding", "wnaf", "ladder", "comb"):
            for k, want in (("1", "02 00"), ("2", "infinity"), ("3", "02 00"), ("6", "infinity")):
                assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", k, "--coords", c, "--method", m) == [want]
    assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", "3", "--method", "coz-ladder") == ["02 00"]
    assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", "3", "--coords", "xz", "--method", "ladder") == ["02 00"]
    assert ok(genus_bin, "ecdh", "--curve", str(f), "--private", "1", "--public", "040200") == ["02"]
    # a wrong cofactor is caught by the count: h n = 2 is not the 6 points
    f.write_text(json.dumps({"type": "short_weierstrass_prime", "p": "5", "a": "0", "b": "2", "Gx": "2", "Gy": "0",
                             "n": "2", "h": "1"}))
    bad(genus_bin, "mul", "--curve", str(f), "--scalar", "1", says="order")


def test_arithmetic_only_prime_curve(genus_bin, tmp_path, rng):
    """curve25519 declared with n = 8l and h = 1: mul and ops run (research use), the protocols
    refuse it with a message saying why."""
    C, G, n, h, fb, sb = curve("curve25519")
    f = tmp_path / "c25519n.json"
    c = json.load(open(CURVES_JSON))["curves"]["curve25519"]
    f.write_text(json.dumps(dict(c, order="%x" % (8 * n), cofactor="1")))
    k = rng.randrange(1, 8 * n)
    P = C.mul(k, G)
    assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", "%x" % k) == ["%064x %064x" % P]
    assert ok(genus_bin, "ops", "--curve", str(f))
    pub = "04" + raw(P, fb)
    for args in (["ecdh", "--private", "5", "--public", pub], ["keygen", "--seed", "11" * 16],
                 ["mqv", "--static-a", "1", "--ephemeral-a", "2", "--static-b", "3", "--ephemeral-b", "4"]):
        bad(genus_bin, args[0], "--curve", str(f), *args[1:], says="arithmetic")


def test_small_order_keys_give_no_zero_secret(genus_bin):
    """Every point of order dividing 8 on edwards25519 (raw keys) and curve25519 (SEC1 keys), with
    and without --cofactor: refused, never an all-zero shared secret (the cofactor variant on
    edwards25519 printed one: its neutral element (0, 1) was not seen as the point at infinity)."""
    for name, fmt in (("edwards25519", "raw"), ("curve25519", "sec1")):
        C, G, n, h, fb, sb = curve(name)
        T = next(T for T in (C.mul(n, (x, y)) for x, y in candidates(C, 40)) if C.mul(4, T) != C.neutral())
        torsion = {C.mul(i, T) for i in range(8)} - {C.neutral(), None}
        assert len(torsion) == 7
        for P in torsion:
            pub = raw(P, fb) if fmt == "raw" else "04" + raw(P, fb)
            for extra in ([], ["--cofactor"]):
                bad(genus_bin, "ecdh", "--curve", name, "--private", "5", "--public", pub, *extra)


def candidates(C, count):
    """Points of C found by trying x = 2, 3, ... (a square root by Tonelli-Shanks through sympy)."""
    import sympy
    p, out, x = C.p, [], 2
    while len(out) < count:
        x += 1
        if C.model == "edwards":  # a x^2 + y^2 = 1 + d x^2 y^2: y^2 = (1 - a x^2) / (1 - d x^2)
            t = (1 - C.a * x * x) * pow(1 - C.b * x * x, -1, p) % p
            if pow(t, (p - 1) // 2, p) == 1:
                out.append((x, sympy.sqrt_mod(t, p)))
        else:  # B y^2 = x^3 + A x^2 + x
            t = (x ** 3 + C.a * x * x + x) * pow(C.b, -1, p) % p
            if pow(t, (p - 1) // 2, p) == 1:
                out.append((x, sympy.sqrt_mod(t, p)))
    return out


def test_spki_of_twice_the_field_length(genus_bin):
    """brainpoolP224r1: a SubjectPublicKeyInfo holding a compressed point is 56 bytes, twice the
    field length; it is read as DER, not as raw X || Y (Wycheproof ecdh_brainpoolP224r1 tcId 2)."""
    path = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "tests", "vectors", "wycheproof",
                        "ecdh_brainpoolP224r1_test.json")
    t = next(t for g in json.load(open(path))["testGroups"] for t in g["tests"] if t["tcId"] == 2)
    assert len(t["public"]) == 2 * 56 and t["result"] in ("valid", "acceptable")
    assert ok(genus_bin, "ecdh", "--curve", "brainpoolP224r1", "--private", t["private"], "--public",
              t["public"]) == [t["shared"]]
    assert ok(genus_bin, "ecdh", "--curve", "brainpoolP224r1", "--private", t["private"], "--public",
              t["public"], "--public-format", "spki") == [t["shared"]]
    bad(genus_bin, "ecdh", "--curve", "brainpoolP224r1", "--private", t["private"], "--public", t["public"],
        "--public-format", "raw")
