"""SHA-2, HMAC, HKDF and X9.63 against Python's hashlib/hmac and the `cryptography` package; the
DRBGs against NIST CAVP known answers (tests/vectors/nist-drbg)."""
from __future__ import annotations

import glob
import hashlib
import hmac as pyhmac
import os
import random
import threading

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.x963kdf import X963KDF

import genus

CRYPTO_HASH = {"sha224": hashes.SHA224, "sha256": hashes.SHA256, "sha384": hashes.SHA384, "sha512": hashes.SHA512}


def test_hashes_and_kdfs(rng: random.Random) -> None:
    for h in genus.HASHES:
        for n in (0, 1, 55, 56, 63, 64, 111, 112, 127, 128, 1000):
            msg, key = rng.randbytes(n), rng.randbytes(rng.randrange(0, 200))
            assert genus.sha2(h, msg) == hashlib.new(h, msg).digest()
            assert genus.hmac(h, key, msg) == pyhmac.new(key, msg, h).digest()
            length = rng.randrange(1, 200)
            salt, info = rng.randbytes(16), rng.randbytes(rng.randrange(0, 40))
            assert genus.hkdf(h, salt, msg, info, length) == HKDF(CRYPTO_HASH[h](), length, salt, info).derive(msg)
            prk = genus.hkdf_extract(h, salt, msg)
            assert genus.hkdf_expand(h, prk, info, length) == genus.hkdf(h, salt, msg, info, length)
            assert genus.kdf_x963(h, msg, info, length) == X963KDF(CRYPTO_HASH[h](), length, info).derive(msg)
    with pytest.raises(genus.Error):
        genus.sha2("md5", b"")
    with pytest.raises(genus.Error):
        genus.hkdf("sha256", b"", b"", b"", 255 * 32 + 1)
    with pytest.raises(TypeError):
        genus.sha2("sha256", "text")  # type: ignore[arg-type]


def cavp_cases(path: str) -> list:
    """The cases of one CAVP .rsp file: (section header, dict of fields with lists for repeats)."""
    cases, header, cur = [], "", None
    for raw in open(path):
        line = raw.strip()
        if line.startswith("["):
            if line.startswith("[SHA") or line.startswith("[PredictionResistance"):
                header = line if line.startswith("[SHA") else header
            if cur:
                cases.append(cur)
                cur = None
            continue
        if " = " in line or line.endswith(" ="):
            k, _, v = line.partition(" =")
            k, v = k.strip(), v.strip()
            if k == "COUNT":
                if cur:
                    cases.append(cur)
                cur = {"header": header}
            elif cur is not None:
                cur.setdefault(k, []).append(v)
    if cur:
        cases.append(cur)
    return cases


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "tests",
                                                               "vectors", "nist-drbg", "*.rsp"))),
                         ids=os.path.basename)
def test_drbg_cavp(path: str) -> None:
    name = os.path.basename(path)
    mech = ("hmac-" if name.startswith("HMAC") else "hash-") + ("sha256" if "SHA256" in name else "sha512")
    pr = "pr_true" in name
    reseed = "pr_false" in name
    ran = 0
    for c in cavp_cases(path):
        if "ReturnedBits" not in c:
            continue
        g = lambda k, i=0: bytes.fromhex(c[k][i]) if k in c and len(c[k]) > i else b""  # noqa: E731
        d = genus.Drbg(mech, g("EntropyInput"), g("Nonce"), g("PersonalizationString"), prediction_resistance=pr)
        n = len(g("ReturnedBits"))
        if reseed:
            d.reseed(g("EntropyInputReseed"), g("AdditionalInputReseed"))
        out = b""
        for i in range(2):
            if pr:
                out = d.generate(n, g("AdditionalInput", i), entropy=g("EntropyInputPR", i))
            else:
                out = d.generate(n, g("AdditionalInput", i))
        assert out == g("ReturnedBits"), c
        ran += 1
    assert ran >= 60


def test_drbg_errors_and_threads() -> None:
    with pytest.raises(genus.Error):
        genus.Drbg("ctr-aes", bytes(32), bytes(16))
    with pytest.raises(genus.Error):
        genus.Drbg("hmac-sha256", b"", bytes(16))
    with pytest.raises(genus.Error):  # SP 800-90A 8.6.7: a nonce is part of the instantiation
        genus.Drbg("hmac-sha256", bytes(32), b"")
    d = genus.Drbg("hmac-sha256", bytes(32), bytes(16))
    with pytest.raises(genus.Error):
        d.generate(65537)
    with pytest.raises(genus.Error):
        d.reseed(bytes(31))
    with pytest.raises(genus.Error):
        d.generate(16, entropy=bytes(32))
    # threads share one instance: every request is one step, none is lost or repeated
    outs: list = []
    lock = threading.Lock()

    def work() -> None:
        for _ in range(50):
            b = d.generate(32)
            with lock:
                outs.append(b)

    ts = [threading.Thread(target=work) for _ in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    ref = genus.Drbg("hmac-sha256", bytes(32), bytes(16))
    ref.generate(65536 - 1 if False else 16) if False else None
    assert len(set(outs)) == 400
    seq = {ref.generate(32) for _ in range(401)}
    assert set(outs) <= seq
