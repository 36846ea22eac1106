"""`genus mul`, `genus keygen`, `genus ecdh` and `genus mqv` on binary curves (named, by alias, and
from a binary_weierstrass curve file in the schema of data/curves.json) against PARI/GP (ellmul,
elladd, and the ECMQV point from the SEC1 definitions), OpenSSL's ECDH, the --seed derivation of
test_proto_cli.py and the X9.63 KDF / HMAC of test_mqv.py; and the bad-input contract (one line
on stderr, exit status 2, nothing on stdout)."""
import json
import os
import re
import shutil
import subprocess
import tempfile

import pytest

from test_proto2m import OPENSSL, Ref, mqv_session, openssl_key
from test_proto_cli import bad, ok, seeded_private_key


def xy(r, P):
    return "infinity" if P is None else "%0*x %0*x" % (2 * r.fb, P[0], 2 * r.fb, P[1])


@pytest.fixture
def b233_file(tmp_path):
    curves = json.load(open(os.path.join(os.path.dirname(__file__), "..", "..", "data", "curves.json")))["curves"]
    path = tmp_path / "b233.json"
    path.write_text(json.dumps(curves["B-233"]))
    return str(path)


@pytest.mark.parametrize("name,curve", [("B-163", "B-163"), ("K-163", "sect163k1"), ("B-233", None), ("K-409", "K-409")])
def test_mul(genus_bin, gp, rng, b233_file, name, curve):
    r = Ref(name)
    curve = curve or b233_file
    k1, k2, k3 = rng.randrange(1, r.n), rng.randrange(1 << 8 * r.sb), rng.randrange(1, r.n)
    G1, P, G3 = r.gp(gp, ["ellmul(E, G, %d)" % k1, "ellmul(E, G, %d)" % k2, "ellmul(E, G, %d)" % (k3 * k1)])
    assert ok(genus_bin, "mul", "--curve", curve, "--scalar", "%x" % k1) == [xy(r, G1)]
    assert ok(genus_bin, "mul", "--curve", curve, "--scalar", "%x" % k2, "--method", "wnaf") == [xy(r, P)]
    assert ok(genus_bin, "mul", "--curve", curve, "--scalar", "%x" % k3, "--point", xy(r, G1)) == [xy(r, G3)]
    assert ok(genus_bin, "mul", "--curve", curve, "--scalar", "%x" % r.n, "--method", "window") == ["infinity"]


@pytest.mark.parametrize("name", ["B-163", "K-283", "B-571"])
def test_keygen_seed(genus_bin, gp, rng, name):
    r = Ref(name)
    seed = rng.randbytes(32)
    d_hex, pub = ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex())
    d = seeded_private_key(seed, name, r.n)
    (Q,) = r.gp(gp, ["ellmul(E, G, %d)" % d])
    assert (d_hex, pub) == (r.sc(d), r.sec1(Q))
    assert ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex(), "--format", "raw")[1] == r.sec1(Q)[2:]
    cmp = ok(genus_bin, "keygen", "--curve", name, "--seed", seed.hex(), "--format", "sec1c")[1]
    assert len(cmp) == 2 + 2 * r.fb and cmp[2:] == r.sec1(Q)[2:2 + 2 * r.fb]


@pytest.mark.parametrize("name", ["B-163", "K-163", "B-283"])
def test_ecdh_openssl(genus_bin, name):
    r = Ref(name)
    with tempfile.TemporaryDirectory() as tmp:
        a, b, bpub = (os.path.join(tmp, f) for f in ("a.pem", "b.pem", "bpub.pem"))
        dA, QA = openssl_key(OPENSSL[name], a)
        dB, QB = openssl_key(OPENSSL[name], b)
        subprocess.run(["openssl", "ec", "-in", b, "-pubout", "-out", bpub], check=True, capture_output=True)
        z = subprocess.run(["openssl", "pkeyutl", "-derive", "-inkey", a, "-peerkey", bpub], check=True,
                           capture_output=True).stdout.hex()
    assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % dA, "--public", QB) == [z]
    assert ok(genus_bin, "ecdh", "--curve", OPENSSL[name], "--private", "%x" % dB, "--public", QA[2:]) == [z]
    assert ok(genus_bin, "ecdh", "--curve", name, "--private", "%x" % dB, "--public", QA, "--cofactor") != []


def test_ecdh_cofactor_and_file(genus_bin, gp, rng, b233_file):
    r = Ref("B-163")
    d, dB = rng.randrange(1, r.n), rng.randrange(1, r.n)
    T = r.order2()
    QT, S2 = r.gp(gp, ["elladd(E, ellmul(E, G, %d), [fe(0), fe(0x%x)])" % (dB, T[1]), "ellmul(E, G, %d)" % (2 * d * dB)])
    assert ok(genus_bin, "ecdh", "--curve", "B-163", "--private", r.sc(d), "--public", r.sec1(QT), "--cofactor") == [r.x(S2)]
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", r.sc(d), "--public", r.sec1(QT), says="subgroup")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", r.sc(d), "--public", r.sec1(T), "--cofactor", says="infinity")
    r2 = Ref("B-233")
    (Q, S) = r2.gp(gp, ["ellmul(E, G, %d)" % dB, "ellmul(E, G, %d)" % (d * dB)])
    assert ok(genus_bin, "ecdh", "--curve", b233_file, "--private", "%x" % d, "--public", r2.sec1(Q)) == [r2.x(S)]


@pytest.mark.parametrize("name,alg", [("B-163", "sha256"), ("K-409", None)])
def test_mqv(genus_bin, gp, rng, name, alg):
    r = Ref(name)
    dA, kA, dB, kB = (rng.randrange(1, r.n) for _ in range(4))
    QA, RA, QB, RB, Z = r.gp(gp, [
        "QA = ellmul(E, G, %d)" % dA, "RA = ellmul(E, G, %d)" % kA, "QB = ellmul(E, G, %d)" % dB,
        "RB = ellmul(E, G, %d)" % kB,
        "ellmul(E, elladd(E, RB, ellmul(E, QB, av(RB))), h * ((%d + av(RA) * %d) %% n))" % (kA, dA)])
    alg_used = alg or "sha512"  # the default for bits(n) > 384
    sendA, _, key = mqv_session(r, alg_used, 24, True, Z, RA, RB, b"A", b"B")
    sendB, _, _ = mqv_session(r, alg_used, 24, False, Z, RB, RA, b"B", b"A")
    args = ["mqv", "--curve", name, "--static-a", "%x" % dA, "--ephemeral-a", "%x" % kA, "--static-b", "%x" % dB,
            "--ephemeral-b", "%x" % kB, "--keylen", "24", "--id-a", "41", "--id-b", "42"] + (["--hash", alg] if alg else [])
    assert ok(genus_bin, *args) == ["z " + r.x(Z), "tag_b " + sendB, "tag_a " + sendA, "key " + key]
    bad(genus_bin, *[a if a != "%x" % dA else "%x" % r.n for a in args], says="range")


def test_bad_input(genus_bin, tmp_path):
    r = Ref("B-163")
    G = (r.gx, r.gy)
    off = "%0*x %0*x" % (2 * r.fb, r.gx, 2 * r.fb, r.gy ^ 1)
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--point", off, says="not on the curve")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "zz")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--method", "comb", says="method")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--coords", "jacobian")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", "5", "--public", "00", says="SEC1")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", "5", "--public", "04" + off.replace(" ", ""), says="not on the curve")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", "0", "--public", r.sec1(G), says="range")
    bad(genus_bin, "ecdh", "--curve", "B-163", "--private", "%x" % r.n, "--public", r.sec1(G), says="range")
    bad(genus_bin, "keygen", "--curve", "B-163", "--format", "pem", says="format")
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"type": "binary_weierstrass", "m": 163, "reduction_polynomial_exponents": [163, 7, 6, 3, 0],
                                  "a": "1", "Gx": "1", "Gy": "1", "n": "3", "h": "2"}))
    bad(genus_bin, "mul", "--curve", str(broken), "--scalar", "5", says="'b' is missing")
    broken.write_text(json.dumps({"type": "binary_weierstrass", "m": 163, "reduction_polynomial_exponents": [163, 7, 6, 3, 0],
                                  "a": "1", "b": "1", "Gx": "1", "Gy": "1", "n": "3", "h": "2"}))
    bad(genus_bin, "keygen", "--curve", str(broken), says="curve file")
    # B-163 with h = 1 (its group has order 2n): refused at load, so a point of order 2 cannot
    # pass as a key without the subgroup check (it would give an all-zero secret that tells d mod 2)
    curves = json.load(open(os.path.join(os.path.dirname(__file__), "..", "..", "data", "curves.json")))["curves"]
    broken.write_text(json.dumps(dict(curves["B-163"], h="1")))
    bad(genus_bin, "ecdh", "--curve", str(broken), "--private", "5", "--public", "02" + "00" * r.fb, says="Hasse")


def test_arithmetic_only_curves(genus_bin, tmp_path):
    """B-163 declared with n = 2n' and h = 1 (h n is the group order, n composite): arithmetic runs,
    the protocols refuse the curve (its ECDH used to accept the point of order 2 and print an
    all-zero secret)."""
    r = Ref("B-163")
    curves = json.load(open(os.path.join(os.path.dirname(__file__), "..", "..", "data", "curves.json")))["curves"]
    f = tmp_path / "b163n.json"
    f.write_text(json.dumps(dict(curves["B-163"], n="%x" % (2 * r.n), h="1")))
    assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", "1234") == \
        ok(genus_bin, "mul", "--curve", "B-163", "--scalar", "1234")
    T = "02" + "00" * r.fb  # (0, sqrt(b)), the point of order 2
    for args in (["ecdh", "--private", "5", "--public", T], ["ecdh", "--private", "5", "--public", r.sec1((r.gx, r.gy))],
                 ["keygen", "--seed", "11" * 16],
                 ["mqv", "--static-a", "1", "--ephemeral-a", "2", "--static-b", "3", "--ephemeral-b", "4"]):
        bad(genus_bin, args[0], "--curve", str(f), *args[1:], says="arithmetic")


def test_binary_points_any_digit_count(genus_bin):
    """A coordinate is a hex number like any other: an odd number of digits is fine; a point that is
    not on the curve says so; one word is not a point."""
    r = Ref("B-163")
    want = ok(genus_bin, "mul", "--curve", "B-163", "--scalar", "7")
    assert ok(genus_bin, "mul", "--curve", "B-163", "--scalar", "7", "--point", "%x %x" % (r.gx, r.gy)) == want
    assert ok(genus_bin, "mul", "--curve", "B-163", "--scalar", "7", "--point", "0x%x,0x%x" % (r.gx, r.gy)) == want
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--point", "abc 123", says="not on the curve")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--point", "1 2", says="not on the curve")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--point", "%x%x" % (r.gx, r.gy), says="X Y")
    bad(genus_bin, "mul", "--curve", "B-163", "--scalar", "5", "--point", "1" + "0" * 41 + " 1", says="degree")


@pytest.mark.skipif(not shutil.which("openssl"), reason="openssl not installed")
@pytest.mark.parametrize("name", ["B-163", "K-163", "B-283", "K-409", "B-571"])
def test_spki(genus_bin, name):
    """SubjectPublicKeyInfo on binary curves (RFC 5480 with SEC 2's namedCurve OIDs): OpenSSL reads
    genus's key as the same point on the same curve, and genus reads OpenSSL's, giving the secret
    OpenSSL derives; another curve's key is refused."""
    with tempfile.TemporaryDirectory() as tmp:
        spki_der, a, bpub = (os.path.join(tmp, f) for f in ("g.der", "a.pem", "bpub.der"))
        d, spki = ok(genus_bin, "keygen", "--curve", name, "--seed", "5e" * 16, "--format", "spki")
        _, sec1 = ok(genus_bin, "keygen", "--curve", name, "--seed", "5e" * 16)
        open(spki_der, "wb").write(bytes.fromhex(spki))
        text = subprocess.run(["openssl", "pkey", "-pubin", "-inform", "DER", "-in", spki_der, "-text", "-noout"],
                              check=True, capture_output=True, text=True).stdout
        assert OPENSSL[name] in text and re.sub(r"[:\s]", "", text.split("pub:")[1].split("ASN1")[0]) == sec1
        dA, _ = openssl_key(OPENSSL[name], a)
        subprocess.run(["openssl", "ec", "-in", a, "-pubout", "-outform", "DER", "-out", bpub], check=True,
                       capture_output=True)
        der = open(bpub, "rb").read().hex()
        z = subprocess.run(["openssl", "pkeyutl", "-derive", "-inkey", a, "-peerkey", spki_der, "-peerform", "DER"],
                           check=True, capture_output=True).stdout.hex()
    assert ok(genus_bin, "ecdh", "--curve", name, "--private", d, "--public", der) == [z]
    assert ok(genus_bin, "ecdh", "--curve", name, "--private", d, "--public", der, "--public-format", "spki") == [z]
    other = "K-163" if name != "K-163" else "B-163"
    _, other_spki = ok(genus_bin, "keygen", "--curve", other, "--seed", "5e" * 16, "--format", "spki")
    bad(genus_bin, "ecdh", "--curve", name, "--private", d, "--public", other_spki, says="curve")
