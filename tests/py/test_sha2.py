"""SHA-224/256/384/512 (src/sym/sha2.c) against the NIST CAVP vectors of the PyPI package
cryptography_vectors (hashes/SHA2/*ShortMsg.rsp, *LongMsg.rsp, *Monte.rsp): every message of the
byte-oriented known-answer files, whole and fed in growing pieces, and all 100 checkpoints of each
Monte Carlo test."""
import os

import cryptography_vectors  # NIST vectors (PyPI; installed by scripts/bootstrap.sh)
import pytest

ALGS = ("sha224", "sha256", "sha384", "sha512")
DIR = os.path.join(os.path.dirname(cryptography_vectors.__file__), "hashes", "SHA2")


def records(path):
    """The key = value groups of a CAVP .rsp (or RFC vector) file, one dict per blank-line-separated group."""
    out, cur = [], {}
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):  # comments may stand inside a group
            continue
        if not line or line.startswith("["):
            if cur:
                out.append(cur)
                cur = {}
            continue
        k, _, v = line.partition("=")
        cur[k.strip()] = v.strip()
    if cur:
        out.append(cur)
    return out


@pytest.mark.parametrize("alg", ALGS)
@pytest.mark.parametrize("kind", ["ShortMsg", "LongMsg"])
def test_known_answers(calc, alg, kind):
    recs = [r for r in records(os.path.join(DIR, "%s%s.rsp" % (alg.upper(), kind))) if "MD" in r]
    assert len(recs) >= 64
    lines, want = [], []
    for r in recs:
        msg = r["Msg"] if int(r["Len"]) else "-"
        assert int(r["Len"]) % 8 == 0
        lines += ["hash %s %s" % (alg, msg), "hash_split %s %s" % (alg, msg)]
        want += [r["MD"], r["MD"]]
    assert calc.run(lines) == want


@pytest.mark.parametrize("alg", ALGS)
def test_monte_carlo(calc, alg):
    recs = records(os.path.join(DIR, "%sMonte.rsp" % alg.upper()))
    seed = next(r["Seed"] for r in recs if "Seed" in r)
    mds = [r["MD"] for r in recs if "MD" in r]
    assert len(mds) == 100
    assert calc.run(["hash_mct %s %s" % (alg, seed)]) == [",".join(mds)]


def test_bad_arguments(calc):
    out = calc.run(["hash sha1 00", "hash sha256 0", "hash sha256 zz", "hash_mct sha256 00"])
    assert out == ["err bad_arguments", "err bad_arguments", "err bad_arguments", "err bad_seed_length"]
