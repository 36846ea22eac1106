"""The protocols on binary curves (src/proto/ over src/ec2m/, driven by tests/tools/proto2m_calc.c):
key generation, public keys and their validation (SEC1 3.2), ECDH (SEC1 3.3.1, and the cofactor
variant 3.3.2), ECMQV with HMV Protocol 4.51 key confirmation and ElGamal, against PARI/GP
(ellinit([1, a, 0, 0, b]) over ffgen: ellmul, elladd, the shared points and the MQV point computed
from the SEC1 definitions), OpenSSL's ECDH (openssl pkeyutl -derive on its own key pairs), and the
X9.63 KDF and HMAC written in Python (test_mqv.py)."""
import os
import re
import shutil
import subprocess
import tempfile

import hashlib
import hmac
import pytest

from conftest import SANITIZE, Calc, _binary
from ec2m_ref import F2m
from test_ec2m import GP_HEAD, NAMED, gp_curve, gp_pt
from test_mqv import x963

CURVES = ["B-163", "K-163", "B-233", "B-283", "K-409", "B-571"]
OPENSSL = {"B-163": "sect163r2", "K-163": "sect163k1", "B-233": "sect233r1", "B-283": "sect283r1",
           "K-409": "sect409k1", "B-571": "sect571r1"}
INF, SUB, NOT_ON = "err point_at_infinity", "err point_is_not_in_the_prime-order_subgroup", "err point_is_not_on_the_curve"
ENC, RANGE = "err malformed_point_encoding", "err value_out_of_range"


@pytest.fixture(scope="module")
def calc():
    return Calc(_binary("GENUS_PROTO2M_CALC"))


class Ref:
    """A named curve's parameters, and its points computed by PARI/GP."""

    def __init__(self, name):
        c = NAMED[name]
        self.name, self.exps = name, c["reduction_polynomial_exponents"]
        self.a, self.b, self.gx, self.gy, self.n, self.h = [int(c[k], 16) for k in ("a", "b", "Gx", "Gy", "n", "h")]
        self.m = self.exps[0]
        self.fb, self.sb = (self.m + 7) // 8, (self.n.bit_length() + 7) // 8

    def gp(self, gp, exprs):
        """Evaluate point expressions (in E, G, n, h, and av(P) = avf of SEC1 3.4.1) in PARI/GP."""
        f = (self.n.bit_length() + 1) // 2
        script = (GP_HEAD + gp_curve(self.exps, self.a, self.b) + "G = %s; n = 0x%x; h = %d;\n" % (gp_pt((self.gx, self.gy)), self.n, self.h)
                  + "av(P) = toint(P[1]) %% 2^%d + 2^%d;\n" % (f, f) + "".join("print(pt(%s));\n" % e for e in exprs))
        out = gp.run(script, len(exprs))
        return [None if l == "infinity" else tuple(int(v, 16) for v in l.split()) for l in out]

    def sec1(self, P):
        return "00" if P is None else "04%0*x%0*x" % (2 * self.fb, P[0], 2 * self.fb, P[1])

    def x(self, P):
        return "%0*x" % (2 * self.fb, P[0])

    def sc(self, d):
        return "%0*x" % (2 * self.sb, d)

    def order2(self):
        """(0, sqrt(b)), the point of order 2: sqrt(b) = b^(2^(m-1))."""
        F, s = F2m(self.exps), self.b
        for _ in range(self.m - 1):
            s = F.mul(s, s)
        return (0, s)


@pytest.mark.parametrize("name", CURVES)
def test_keys_and_ecdh(calc, gp, rng, name):
    r = Ref(name)
    cases = [(rng.randrange(1, r.n), rng.randrange(1, r.n)) for _ in range(2 if SANITIZE else 4)] + [(1, r.n - 1)]
    exprs = []
    for dA, dB in cases:
        exprs += ["ellmul(E, G, %d)" % dA, "ellmul(E, G, %d)" % dB, "ellmul(E, G, %d)" % (dA * dB),
                  "ellmul(E, G, %d)" % (r.h * dA * dB)]
    pts = r.gp(gp, exprs)
    lines, want = [], []
    for i, (dA, dB) in enumerate(cases):
        QA, QB, S, Sh = pts[4 * i: 4 * i + 4]
        lines += ["pub %s %s" % (name, r.sc(dA)), "pub %s %s" % (name, r.sc(dB)), "validate %s %s" % (name, r.sec1(QA)),
                  "ecdh %s %s %s" % (name, r.sc(dA), r.sec1(QB)), "ecdh %s %s %s" % (name, r.sc(dB), r.sec1(QA)),
                  "ecdh %s %s %s cofactor" % (name, r.sc(dA), r.sec1(QB))]
        want += [r.sec1(QA), r.sec1(QB), "ok", r.x(S), r.x(S), r.x(Sh)]
    assert calc.run(lines) == want


@pytest.mark.parametrize("name", CURVES)
def test_keygen(calc, gp, rng, name):
    r = Ref(name)
    excess = 8 * r.sb - r.n.bit_length()
    top = (1 << r.n.bit_length()) - 1
    d = rng.randrange(1, r.n)
    # first draw all ones (>= n once masked to bits(n): rejected), then zero (rejected), then d with
    # the bits above bits(n) set (masked away)
    stream = "ff" * r.sb + "00" * r.sb + "%0*x" % (2 * r.sb, d | (((1 << excess) - 1) << r.n.bit_length()))
    assert top >= r.n
    (Q,) = r.gp(gp, ["ellmul(E, G, %d)" % d])
    assert calc.run(["keygen %s %s" % (name, stream), "keygen %s %s" % (name, "ff" * r.sb)]) == [
        "%s %s" % (r.sc(d), r.sec1(Q)), "err random_generator_failed"]


def openssl_key(curve, path):
    """A key pair drawn by OpenSSL: (d, uncompressed public key hex)."""
    subprocess.run(["openssl", "ecparam", "-name", curve, "-genkey", "-noout", "-out", path], check=True, capture_output=True)
    text = subprocess.run(["openssl", "ec", "-in", path, "-text", "-noout"], check=True, capture_output=True, text=True).stdout
    priv = re.search(r"priv:\s*([0-9a-f:\s]+)pub:", text).group(1)
    pub = re.search(r"pub:\s*([0-9a-f:\s]+)ASN1", text).group(1)
    return int(re.sub(r"[:\s]", "", priv), 16), re.sub(r"[:\s]", "", pub)


@pytest.mark.skipif(not shutil.which("openssl"), reason="openssl not installed")
@pytest.mark.parametrize("name", CURVES)
def test_ecdh_openssl(calc, name):
    r = Ref(name)
    with tempfile.TemporaryDirectory() as tmp:
        a, b, bpub = os.path.join(tmp, "a.pem"), os.path.join(tmp, "b.pem"), os.path.join(tmp, "bpub.pem")
        dA, QA = openssl_key(OPENSSL[name], a)
        dB, QB = openssl_key(OPENSSL[name], b)
        subprocess.run(["openssl", "ec", "-in", b, "-pubout", "-out", bpub], check=True, capture_output=True)
        z = subprocess.run(["openssl", "pkeyutl", "-derive", "-inkey", a, "-peerkey", bpub], check=True,
                           capture_output=True).stdout.hex()
    assert calc.run(["pub %s %s" % (name, r.sc(dA)), "ecdh %s %s %s" % (name, r.sc(dA), QB),
                     "ecdh %s %s %s" % (name, r.sc(dB), QA)]) == [
        QA, z, z]


def test_invalid_public_keys(calc, gp, rng):
    r = Ref("B-163")
    assert r.h == 2
    d, dB = rng.randrange(1, r.n), rng.randrange(1, r.n)
    T = r.order2()
    QB, QT, S2 = r.gp(gp, ["ellmul(E, G, %d)" % dB, "elladd(E, ellmul(E, G, %d), %s)" % (dB, gp_pt(T)),
                           "ellmul(E, G, %d)" % (2 * d * dB)])
    (Tchk,) = r.gp(gp, ["ellmul(E, %s, 2)" % gp_pt(T)])
    assert Tchk is None  # T has order 2
    off = "04%0*x%0*x" % (2 * r.fb, QB[0], 2 * r.fb, QB[1] ^ 1)
    big = "04%0*x%0*x" % (2 * r.fb, QB[0] | (1 << 163), 2 * r.fb, QB[1])
    good = r.sec1(QB)
    cases = [
        ("validate B-163 %s" % off, NOT_ON), ("ecdh B-163 %s %s" % (r.sc(d), off), NOT_ON),
        ("ecdh B-163 %s %s cofactor" % (r.sc(d), off), NOT_ON),
        ("validate B-163 00", INF), ("ecdh B-163 %s 00" % r.sc(d), INF), ("ecdh B-163 %s 00 cofactor" % r.sc(d), INF),
        ("ecdh B-163 %s %s" % (r.sc(d), big), RANGE),
        ("ecdh B-163 %s %s" % (r.sc(d), "05" + good[2:]), ENC), ("ecdh B-163 %s %s" % (r.sc(d), good[:-2]), ENC),
        ("ecdh B-163 %s %s" % (r.sc(d), "06" + good[2:]), ENC),
        # small order: T of order 2 and Q + T of order 2n fail the subgroup check (SEC1 3.2.2.1 step 4);
        # the cofactor variant maps them to O (refused) and to [2] Q
        ("validate B-163 %s" % r.sec1(T), SUB), ("ecdh B-163 %s %s" % (r.sc(d), r.sec1(T)), SUB),
        ("ecdh B-163 %s %s cofactor" % (r.sc(d), r.sec1(T)), INF),
        ("validate B-163 %s" % r.sec1(QT), SUB), ("ecdh B-163 %s %s" % (r.sc(d), r.sec1(QT)), SUB),
        ("ecdh B-163 %s %s cofactor" % (r.sc(d), r.sec1(QT)), r.x(S2)),
        # private keys out of range
        ("ecdh B-163 00 %s" % good, RANGE), ("ecdh B-163 %s %s" % (r.sc(r.n), good), RANGE),
        ("pub B-163 %s" % r.sc(r.n), RANGE), ("pub B-163 00", RANGE),
    ]
    assert calc.run([c for c, _ in cases]) == [w for _, w in cases]


def mqv_session(r, alg, keylen, initiator, Z, R, Rp, ident, idp):
    hs = hashlib.new(alg).digest_size
    keys = x963(alg, bytes.fromhex(r.x(Z)), hs + keylen)
    mac = lambda c, x, y, rx, ry: hmac.new(keys[:hs], bytes([c]) + x + y + bytes.fromhex(r.sec1(rx) + r.sec1(ry)),
                                           alg).hexdigest()
    return mac(3 if initiator else 2, ident, idp, R, Rp), mac(2 if initiator else 3, idp, ident, Rp, R), keys[hs:].hex()


@pytest.mark.parametrize("name,alg", [("B-163", "sha256"), ("K-163", "sha224"), ("B-283", "sha384"),
                                      ("K-409", "sha384"), ("B-571", "sha512")])
def test_mqv(calc, gp, rng, name, alg):
    r = Ref(name)
    dA, kA, dB, kB = (rng.randrange(1, r.n) for _ in range(4))
    idA, idB = b"alice", b"bob"
    # SEC1 3.4.1 in PARI/GP: s = k + avf(R) d mod n, Z = [h s](R' + [avf(R')] Q')
    QA, RA, QB, RB, ZA, ZB = r.gp(gp, [
        "QA = ellmul(E, G, %d)" % dA, "RA = ellmul(E, G, %d)" % kA, "QB = ellmul(E, G, %d)" % dB,
        "RB = ellmul(E, G, %d)" % kB,
        "ellmul(E, elladd(E, RB, ellmul(E, QB, av(RB))), h * ((%d + av(RA) * %d) %% n))" % (kA, dA),
        "ellmul(E, elladd(E, RA, ellmul(E, QA, av(RA))), h * ((%d + av(RB) * %d) %% n))" % (kB, dB)])
    assert ZA == ZB and ZA is not None
    sendA, expA, key = mqv_session(r, alg, 32, True, ZA, RA, RB, idA, idB)
    sendB, expB, keyB = mqv_session(r, alg, 32, False, ZB, RB, RA, idB, idA)
    assert (sendA, expA, key) == (expB, sendB, keyB)
    base = "mqv %s %s 32 " % (name, alg)
    a = base + "a %s %s %s %s %s %s" % (r.sc(dA), r.sc(kA), idA.hex(), r.sec1(QB), r.sec1(RB), idB.hex())
    b = base + "b %s %s %s %s %s %s" % (r.sc(dB), r.sc(kB), idB.hex(), r.sec1(QA), r.sec1(RA), idA.hex())
    bad = ("%02x" % (int(sendB[:2], 16) ^ 1)) + sendB[2:]
    off = "04%0*x%0*x" % (2 * r.fb, RB[0], 2 * r.fb, RB[1] ^ 1)
    out = calc.run([a, b, a + " " + sendB, b + " " + sendA, a + " " + bad,
                    a.replace(r.sec1(RB), off), a.replace(r.sec1(QB), "00"), a.replace(r.sc(dA), r.sc(r.n))])
    z = r.x(ZA)
    assert out[0] == " ".join([z, sendA, expA, key])
    assert out[1] == " ".join([z, sendB, expB, keyB])
    assert out[2].endswith(" ok") and out[3].endswith(" ok") and out[4].endswith(" err")
    assert out[5:] == [NOT_ON, INF, RANGE]


def test_mqv_small_order(calc, gp, rng):
    r = Ref("B-163")
    dA, kA, dB, kB = (rng.randrange(1, r.n) for _ in range(4))
    QB, RB, RT = r.gp(gp, ["ellmul(E, G, %d)" % dB, "ellmul(E, G, %d)" % kB,
                           "elladd(E, ellmul(E, G, %d), %s)" % (kB, gp_pt(r.order2()))])
    a = "mqv B-163 sha256 16 a %s %s - %s %s -" % (r.sc(dA), r.sc(kA), r.sec1(QB), r.sec1(RT))
    assert calc.run([a, a.replace(r.sec1(QB), r.sec1(r.order2()))]) == [SUB, SUB]


@pytest.mark.parametrize("name", ["B-163", "K-233", "B-409"])
def test_elgamal(calc, gp, rng, name):
    r = Ref(name)
    T = r.order2()
    lines, want = [], []
    cases = []
    for i in range(6):
        d, e, k = rng.randrange(1, r.n), rng.randrange(1, r.n), rng.randrange(1, r.n)
        cases.append((d, e, k, i))
    # M: O, -[e]A (C = O), [e]A (a doubling), the point of order 2, random points
    exprs = []
    for d, e, k, i in cases:
        eA = "ellmul(E, G, %d)" % (d * e % r.n)
        M = ["[0]", "ellneg(E, %s)" % eA, eA, gp_pt(T), "ellmul(E, G, %d)" % k, "ellmul(E, G, %d)" % k][i]
        exprs += [M, "ellmul(E, G, %d)" % e, "elladd(E, %s, %s)" % (M, eA)]
    pts = r.gp(gp, exprs)
    for j, (d, e, k, i) in enumerate(cases):
        M, B1, C = pts[3 * j: 3 * j + 3]
        lines.append("elgamal %s %s %s %s" % (name, r.sc(e), r.sc(d), r.sec1(M)))
        want.append("%s %s %s" % (r.sec1(B1), r.sec1(C), r.sec1(M)))
        lines.append("elgamal_dec %s %s %s %s" % (name, r.sc(d), r.sec1(B1), r.sec1(C)))
        want.append(r.sec1(M))
    assert calc.run(lines) == want
