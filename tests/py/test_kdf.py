"""HKDF (RFC 5869) and the ANSI X9.63 KDF (src/sym/kdf.c) against the vectors of the PyPI package
cryptography_vectors (KDF/rfc-5869-HKDF-SHA256.txt, KDF/hkdf-generated.txt, KDF/ansx963_2001.txt,
the CAVP X9.63 sample file) and against the definitions written here with Python's hmac and
hashlib for the other hash functions, edge lengths and the output limits."""
import hashlib
import hmac
import os

import cryptography_vectors  # NIST/RFC vectors (PyPI; installed by scripts/bootstrap.sh)
import pytest

ALGS = ("sha224", "sha256", "sha384", "sha512")
DIR = os.path.join(os.path.dirname(cryptography_vectors.__file__), "KDF")


def cases(path, last):
    """Key = value records of a vector file, each closed by its `last` key; section headers such as
    [SHA-256] are kept under "section"."""
    out, cur, section = [], {}, None
    for line in open(path):
        line = line.strip()
        if line.startswith("["):
            if "=" not in line:
                section = line.strip("[]")
            continue
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, _, v = line.partition("=")
        cur[k.strip()] = v.strip()
        if k.strip() == last:
            out.append(dict(cur, section=section))
            cur = {}
    return out


def hkdf_ref(alg, length, salt, ikm, info):
    """RFC 5869 section 2, from its text."""
    prk = hmac.new(salt or bytes(hashlib.new(alg).digest_size), ikm, alg).digest()
    okm, t, i = b"", b"", 1
    while len(okm) < length:
        t = hmac.new(prk, t + info + bytes([i]), alg).digest()
        okm, i = okm + t, i + 1
    return okm[:length]


def x963_ref(alg, length, z, info):
    """SEC1 3.6.1, from its text."""
    out, c = b"", 1
    while len(out) < length:
        out, c = out + hashlib.new(alg, z + c.to_bytes(4, "big") + info).digest(), c + 1
    return out[:length]


def h(s):
    return s or "-"


def test_hkdf_vectors(calc):
    recs = cases(os.path.join(DIR, "rfc-5869-HKDF-SHA256.txt"), "OKM")
    recs += cases(os.path.join(DIR, "hkdf-generated.txt"), "OKM")
    assert len(recs) == 4 and all(r["Hash"] == "SHA-256" for r in recs)
    out = calc.run(["hkdf sha256 %s %s %s %s" % (r["L"], h(r["salt"]), h(r["IKM"]), h(r["info"])) for r in recs])
    assert out == [r["OKM"] for r in recs]


def test_x963_vectors(calc):
    recs = [r for r in cases(os.path.join(DIR, "ansx963_2001.txt"), "key_data") if r["section"] != "SHA-1"]
    assert len(recs) == 80 and {r["section"] for r in recs} == {"SHA-224", "SHA-256", "SHA-384", "SHA-512"}
    lines = ["x963 %s %d %s %s" % (r["section"].replace("-", "").lower(), len(r["key_data"]) // 2, r["Z"],
                                   h(r["SharedInfo"])) for r in recs]
    assert calc.run(lines) == [r["key_data"] for r in recs]


@pytest.mark.parametrize("alg", ALGS)
def test_against_definitions(calc, rng, alg):
    hs = hashlib.new(alg).digest_size
    lines, want = [], []
    for length in (0, 1, hs - 1, hs, hs + 1, 3 * hs + 7, 255 * hs):
        for slen, ilen in ((0, 0), (1, 5), (hs, 0), (200, 77)):
            salt, ikm, info = rng.randbytes(slen), rng.randbytes(1 + rng.randrange(100)), rng.randbytes(ilen)
            lines.append("hkdf %s %d %s %s %s" % (alg, length, h(salt.hex()), ikm.hex(), h(info.hex())))
            want.append(hkdf_ref(alg, length, salt, ikm, info).hex())
            lines.append("x963 %s %d %s %s" % (alg, length, ikm.hex(), h(info.hex())))
            want.append(x963_ref(alg, length, ikm, info).hex())
    got = calc.run(lines)
    assert [g if g else "" for g in got] == want


@pytest.mark.parametrize("alg", ALGS)
def test_hkdf_length_limit(calc, alg):
    """RFC 5869 2.3: L <= 255 HashLen."""
    hs = hashlib.new(alg).digest_size
    assert calc.run(["hkdf %s %d - 00 -" % (alg, 255 * hs + 1)]) == ["err value_out_of_range"]


def test_bad_arguments(calc):
    assert calc.run(["hkdf md5 4 - 00 -", "hkdf sha256 x - 00 -", "x963 sha256 4 0g -", "x963 sha256 4 00"]) == \
        ["err bad_arguments"] * 4
