"""NIST CAVP KAS ECC validity tests and RFC 7027's brainpool examples, from the PyPI package
cryptography_vectors (asymmetric/ECDH/):
- KASValidityTest_ECCStaticUnified_{NOKC_ZZOnly,KDFConcat_NOKC}_{init,resp}.fax (SP 800-56A
  dhStaticUnified without key confirmation, the IUT as initiator and as responder): every parameter
  set whose curve genus has (P-192 ... P-521 in these files; a B-/K- set would run on the binary
  calculator), every case;
- brainpool.txt (RFC 7027 appendix A, ECDH on brainpoolP256r1/P384r1/P512r1).

A KAS case gives both static key pairs, Z and (KDFConcat) OtherInfo, DKM, MacData and a tag, and a
verdict P or F with its reason code. genus computes what a key agreement computes: validation of
both public keys (SP 800-56A 5.6.2.3; reasons 1, 2: the CAVS key, 5, 6: the IUT's own), the IUT key
pair's consistency ([dsIUT] G = QsIUT, 7) and Z from both sides (8). The derived key and the tag
follow from genus's Z by SP 800-56A 5.8.1's concatenation KDF and HMAC, written here with hashlib
and hmac (9: DKM; 10: OtherInfo = IDU || NonceDKM || IDV || ..., U the initiator; 11: MacData =
"Standard Test Message" || Nonce; 12: the tag). The first check that fails must be the file's
reason; P cases (0, and 13/14: Z/DKM with a leading zero nibble) pass every check."""
from __future__ import annotations

import hashlib
import hmac
import os
import re
from typing import Optional

import cryptography_vectors  # NIST vectors (PyPI; installed by scripts/bootstrap.sh)
import pytest

from proto_backends import Backend, backend, refused

DIR = os.path.join(os.path.dirname(cryptography_vectors.__file__), "asymmetric", "ECDH")
KAS = ["KASValidityTest_ECCStaticUnified_%s_%s.fax" % (kind, role)
       for kind in ("NOKC_ZZOnly", "KDFConcat_NOKC") for role in ("init", "resp")]
# reason code -> the check that must fail first (None: the case passes)
REASON = {0: None, 13: None, 14: None, 1: "cavs key", 2: "cavs key", 5: "iut key", 6: "iut key",
          7: "iut key pair", 8: "Z", 9: "DKM", 10: "OtherInfo", 11: "MacData", 12: "tag"}
MAC_TEXT = b"Standard Test Message"


class KasFile:
    """A .fax file: its header (parameter sets, identifiers) and its cases."""

    def __init__(self, name: str) -> None:
        self.name, self.role = name, name.rsplit("_", 1)[1].split(".")[0]
        self.sets: dict[str, dict[str, str]] = {}
        self.cases: list[dict[str, str]] = []
        text = open(os.path.join(DIR, name)).read()
        self.cavs_id = re.search(r"CAVSid: .*\(in hex: ([0-9a-f]+)\)", text).group(1)
        self.iut_id = re.search(r"IUTid: In hex: ([0-9a-f]+)", text).group(1)
        cur: Optional[dict[str, str]] = None
        pset = section = None
        for line in text.splitlines():
            line = line.strip()
            m = re.fullmatch(r"\[(E[A-Z])\]", line)
            if m:
                pset = m.group(1)
                self.sets[pset] = {}
                continue
            m = re.fullmatch(r"\[(E[A-Z]) - (SHA\d+)\]", line)
            if m:
                section = m.groups()
                continue
            m = re.fullmatch(r"\[([^:\]]+):\s*(.*?)\]?", line)
            if m and section is None and pset:
                self.sets[pset][m.group(1)] = m.group(2).strip()
                continue
            if line.startswith("COUNT"):
                cur = {"set": section[0], "hash": section[1].lower()}
                self.cases.append(cur)
            if cur is not None and "=" in line and not line.startswith("#"):
                k, _, v = line.partition("=")
                cur[k.strip()] = v.strip()

    def curve(self, pset: str) -> str:
        return self.sets[pset]["Curve selected"]


FILES = {n: KasFile(n) for n in KAS}


def concat_kdf(alg: str, z: bytes, other: bytes, length: int) -> bytes:
    """SP 800-56A 5.8.1 (single-step, hash): H(counter || Z || OtherInfo), counter from 1."""
    out, c = b"", 1
    while len(out) < length:
        out, c = out + hashlib.new(alg, c.to_bytes(4, "big") + z + other).digest(), c + 1
    return out[:length]


def expected_reason(case: dict[str, str]) -> Optional[str]:
    m = re.match(r"([PF]) \((\d+) - ", case["Result"])
    assert m, case["Result"]
    reason = REASON[int(m.group(2))]
    assert (reason is None) == (m.group(1) == "P"), case["Result"]
    return reason


@pytest.mark.parametrize("fname,pset", [(f, s) for f in KAS for s in FILES[f].sets])
def test_kas_validity(fname: str, pset: str) -> None:
    kas = FILES[fname]
    curve = kas.curve(pset)
    be = backend(curve)
    if be is None:
        pytest.skip("genus has no curve %s" % curve)
    cases = [c for c in kas.cases if c["set"] == pset]
    assert cases, "no cases for %s in %s" % (pset, fname)
    lines: list[str] = []
    for c in cases:
        qc, qi = be.xy(c["QsCAVSx"], c["QsCAVSy"]), be.xy(c["QsIUTx"], c["QsIUTy"])
        lines += [be.validate(qc), be.validate(qi), be.pub(c["dsIUT"]), be.ecdh(c["dsIUT"], qc), be.ecdh(c["dsCAVS"], qi)]
    got = be.calc.run(lines)
    mac_alg = kas.sets[pset].get("HMAC SHAs supported", "SHA512").lower()
    bad = []
    for i, c in enumerate(cases):
        ok_c, ok_i, pub_i, z_iut, z_cavs = got[5 * i: 5 * i + 5]
        qi = be.xy(c["QsIUTx"], c["QsIUTy"])
        why: Optional[str] = None
        if refused(ok_c):
            why = "cavs key"
            assert refused(z_iut), (c["COUNT"], "ECDH took the refused CAVS key", z_iut)
        elif refused(ok_i):
            why = "iut key"
            assert refused(z_cavs), (c["COUNT"], "ECDH took the refused IUT key", z_cavs)
        elif be.pub_xy(pub_i) != qi:
            why = "iut key pair"
        else:
            assert z_iut == z_cavs and not z_iut.startswith("err"), (c["COUNT"], "the parties disagree", z_iut, z_cavs)
            z = bytes.fromhex(z_iut)
            if z_iut != c["Z"].lower():
                why = "Z"
            elif "CAVSHashZZ" in c:
                assert hashlib.new(c["hash"], z).hexdigest() == c["CAVSHashZZ"]
            elif "DKM" in c:
                nonce = c.get("NonceDKMIUT") or c["NonceDKMCAVS"]
                u, v = (kas.iut_id, kas.cavs_id) if kas.role == "init" else (kas.cavs_id, kas.iut_id)
                dkm = concat_kdf(c["hash"], z, bytes.fromhex(c["OI"]), len(c["DKM"]) // 2)
                tag = hmac.new(dkm, bytes.fromhex(c["MacData"]), mac_alg).hexdigest()[:len(c["CAVSTag"])]
                if not c["OI"].startswith(u + nonce + v):
                    why = "OtherInfo"
                elif dkm.hex() != c["DKM"]:
                    why = "DKM"
                elif c["MacData"] != MAC_TEXT.hex() + c["Nonce"]:
                    why = "MacData"
                elif tag != c["CAVSTag"]:
                    why = "tag"
        want = expected_reason(c)
        if why != want:
            bad.append((c["COUNT"], c["Result"], "genus: %s" % (why or "pass"), ok_c, ok_i, z_iut))
    assert not bad, "%s [%s %s]: %s" % (fname, pset, curve, bad[:5])


def brainpool_cases() -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for line in open(os.path.join(DIR, "brainpool.txt")):
        line = line.strip()
        if line.startswith("COUNT"):
            out.append({})
        if out and "=" in line and not line.startswith("#"):
            k, _, v = line.partition("=")
            k = k.strip()
            out[-1][k.lower()] = v.strip() if k == "curve" else v.strip().lower()
    return out


@pytest.mark.parametrize("case", brainpool_cases(), ids=lambda c: c["curve"])
def test_rfc7027_brainpool(case: dict[str, str]) -> None:
    be: Optional[Backend] = backend(case["curve"])
    if be is None:
        pytest.skip("genus has no curve %s" % case["curve"])
    qa, qb = be.xy(case["x_qa"], case["y_qa"]), be.xy(case["x_qb"], case["y_qb"])
    got = be.calc.run([be.pub(case["da"]), be.pub(case["db"]), be.ecdh(case["da"], qb), be.ecdh(case["db"], qa)])
    assert [be.pub_xy(g) for g in got[:2]] == [qa, qb]
    assert got[2:] == [case["x_z"]] * 2
