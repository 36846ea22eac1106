"""HMAC-SHA-224/256/384/512 (src/sym/hmac.c) against the RFC 4231 vectors of the PyPI package
cryptography_vectors (HMAC/rfc-4231-*.txt) and against Python's hmac module on random keys of
every length around the block size (hashed, padded, exact) and random messages, fed whole and
in growing pieces."""
import hashlib
import hmac
import os

import cryptography_vectors  # NIST/RFC vectors (PyPI; installed by scripts/bootstrap.sh)
import pytest

from test_sha2 import records

ALGS = ("sha224", "sha256", "sha384", "sha512")
DIR = os.path.join(os.path.dirname(cryptography_vectors.__file__), "HMAC")


@pytest.mark.parametrize("alg", ALGS)
def test_rfc4231(calc, alg):
    recs = [r for r in records(os.path.join(DIR, "rfc-4231-%s.txt" % alg)) if "MD" in r]
    assert len(recs) >= 6
    out = calc.run(["hmac %s %s %s" % (alg, r["Key"], r["Msg"]) for r in recs])
    assert out == [r["MD"] for r in recs]


@pytest.mark.parametrize("alg", ALGS)
def test_against_python(calc, rng, alg):
    block = hashlib.new(alg).block_size
    lines, want = [], []
    for klen in list(range(0, 4)) + list(range(block - 2, block + 3)) + [2 * block + 1, 300]:
        for mlen in (0, 1, block - 9, block, 3 * block + 5, rng.randrange(1000)):
            key, msg = rng.randbytes(klen), rng.randbytes(mlen)
            tag = hmac.new(key, msg, alg).hexdigest()
            args = "%s %s %s" % (alg, key.hex() or "-", msg.hex() or "-")
            lines += ["hmac " + args, "hmac_split " + args]
            want += [tag, tag]
    assert calc.run(lines) == want


def test_bad_arguments(calc):
    assert calc.run(["hmac md5 00 00", "hmac sha256 0 00", "hmac sha256 00"]) == ["err bad_arguments"] * 3
