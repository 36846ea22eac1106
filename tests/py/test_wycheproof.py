"""Wycheproof ECDH and XDH (X25519, X448), data-driven: every ecdh_*_test.json (the ASN.1, ecpoint,
webcrypto and pem forms), x25519_*.json and x448_*.json found in tests/vectors/wycheproof, in
the shared vector folder (GENUS_SHARED_VECTORS, default ../shared/vectors beside the repository)
and in Wycheproof's own Go module, the version pinned in tests/vectors/wycheproof.version, which
scripts/bootstrap.sh downloads into Go's module cache where Go is installed (GENUS_WYCHEPROOF_DIR
names another folder of the module's testvectors_v1 files). A file name present in several is read
once, from the first of these. With the module, every ECDH and XDH file Wycheproof has runs: the
pem and webcrypto forms, the sect283/409/571 curves, the XDH asn/jwk/pem forms.

Each file becomes one test. Whether genus has the file's curve is asked of genus (prime curves
through tests/tools/proto_calc.c, binary curves through tests/tools/proto2m_calc.c): a curve it
lacks is skipped with the reason; a curve it has in a form this test cannot run fails.

Forms: `asn` (DER SubjectPublicKeyInfo) goes to genus's SPKI reader (gn_ec_public_decode; for binary
curves, which the library reads as SEC1 only, proto2m_calc reads it with the library's DER reader
as keys.c does); `ecpoint` is SEC1; `webcrypto` (JWK) and `pem` are converted here (JWK: kty "EC",
crv naming the group's curve, base64url x and y to 04 || x || y; PEM: base64 to the DER, whose
checks stay genus's). XDH keys in SPKI/PKCS#8 (RFC 8410), JWK (RFC 8037) or PEM are unwrapped here
to the raw key, whose length genus checks. A key the conversion refuses (a JWK or algorithm for
another curve, a malformed wrapper) counts as refused only where the case is `invalid`.

Verdicts (docs/PROTOCOLS.md): `valid`: computed, equal to the listed secret; `invalid`: refused;
`acceptable`: by the rule of its flags in ACCEPTABLE below, with the error genus must give.
GENUS_WYCHEPROOF_SUMMARY=1 (with pytest -s) prints each file's outcomes by verdict."""
from __future__ import annotations

import base64
import binascii
import collections
import dataclasses
import glob
import json
import os
import re
import subprocess
from typing import Optional

import pytest

from conftest import SANITIZE
from proto_backends import Backend, backend, refused

SRC = os.environ.get("GENUS_SOURCE_DIR", ".")
# every vector file runs again on these kernels where the build has them (docs/BACKENDS.md); the
# sanitizer build runs them in test_kernels, test_fp and test_ec_exhaustive instead
OTHER_KERNELS = () if SANITIZE else ("gmp", "pari", "rns")
REPO_DIR = os.path.join(SRC, "tests", "vectors", "wycheproof")
SHARED_DIR = os.path.join(os.environ.get("GENUS_SHARED_VECTORS", os.path.join(SRC, "..", "shared", "vectors")), "wycheproof")
PATTERNS = ("ecdh_*_test.json", "x25519_*.json", "x448_*.json")
MODULE_FILE = os.path.join(SRC, "tests", "vectors", "wycheproof.version")


def module_dir() -> Optional[str]:
    """testvectors_v1 of the pinned Wycheproof Go module in Go's module cache, if downloaded."""
    if os.environ.get("GENUS_WYCHEPROOF_DIR"):
        return os.environ["GENUS_WYCHEPROOF_DIR"]
    try:
        module = open(MODULE_FILE).read().split()[0]  # path@version
        cache = subprocess.run(["go", "env", "GOMODCACHE"], capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, IndexError, subprocess.SubprocessError):
        return None
    d = os.path.join(cache, module, "testvectors_v1")
    return d if cache and os.path.isdir(d) else None

DER_ERR, MISMATCH = "err malformed_DER_encoding", "err key_is_not_for_this_curve"
ENCODING, NOT_ON = "err malformed_point_encoding", "err point_is_not_on_the_curve"
SUBGROUP = "err point_is_not_in_the_prime-order_subgroup"
# Wycheproof's acceptable flags -> what genus does: "compute" (accepted, the listed secret), or
# the errors by which it refuses. A case follows the first of its flags found here, in this order.
ACCEPTABLE: list[tuple[str, object]] = [
    # SEC1 2.3.3 allows compressed points; genus decodes them
    ("CompressedPoint", "compute"), ("CompressedPublic", "compute"),
    # explicit or implicit curve parameters instead of a namedCurve OID: refused, a key must name
    # its curve (the explicit ones are all variants of the named curve's, some of them modified)
    ("UnnamedCurve", {MISMATCH}), ("UnusedParam", {MISMATCH}),
    # BER leniency and altered fields in the DER (in PEM too): refused by the strict reader, or,
    # where the alteration leaves valid DER, by the check it breaks (another OID, a bad point)
    ("InvalidAsn", {DER_ERR, MISMATCH, ENCODING, NOT_ON}), ("InvalidPem", {DER_ERR, MISMATCH, ENCODING, NOT_ON}),
    # binary curves: a point of small order on the curve; standard ECDH's full validation (SEC1
    # 3.2.2.1 step 4, n Q = O) refuses it
    ("LowOrderPublic", {SUBGROUP}),
]
# Wycheproof curve names genus knows under another name (RFC 7518/8812 JWK crv "P-256K")
CURVE_NAMES = {"P-256K": "secp256k1"}
# XDH curves: the calculator's function, the JWK crv (RFC 8037), the algorithm OID (RFC 8410)
XDH = {"curve25519": ("x25519", "X25519", "2b656e"), "curve448": ("x448", "X448", "2b656f")}


def files() -> list[str]:
    """Paths of the vector files, one per name, the repository's copy first."""
    found: dict[str, str] = {}
    for d in (REPO_DIR, SHARED_DIR, module_dir() or REPO_DIR):
        for pat in PATTERNS:
            for path in sorted(glob.glob(os.path.join(d, pat))):
                found.setdefault(os.path.basename(path), path)
    return [found[k] for k in sorted(found)]


class Refused(Exception):
    """The conversion here refuses a key (reported with the reason)."""


def der(buf: bytes, pos: int, tag: int) -> tuple[bytes, int]:
    """One DER element (definite, minimal length) with tag at pos: (contents, next position)."""
    if pos + 2 > len(buf) or buf[pos] != tag:
        raise Refused("DER: tag %02x expected" % tag)
    n, pos = buf[pos + 1], pos + 2
    if n & 0x80:
        k = n & 0x7f
        if k == 0 or k > 4 or pos + k > len(buf) or buf[pos] == 0:
            raise Refused("DER: bad length")
        n, pos = int.from_bytes(buf[pos:pos + k], "big"), pos + k
        if n < 0x80:
            raise Refused("DER: long form for a short length")
    if pos + n > len(buf):
        raise Refused("DER: truncated")
    return buf[pos:pos + n], pos + n


def b64url(s: object) -> bytes:
    if not isinstance(s, str) or not re.fullmatch(r"[A-Za-z0-9_-]*", s) or len(s) % 4 == 1:
        raise Refused("JWK: not base64url")
    return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))


def pem(text: str, label: str) -> bytes:
    m = re.fullmatch(r"-----BEGIN %s-----\n([A-Za-z0-9+/=\n]*)-----END %s-----\n?" % (label, label), text)
    if not m:
        raise Refused("PEM: no %s block" % label)
    try:
        return base64.b64decode(m.group(1).replace("\n", ""), validate=True)
    except binascii.Error:
        raise Refused("PEM: bad base64")


def ec_private_pkcs8(data: bytes) -> str:
    """The private key of a PKCS#8 PrivateKeyInfo holding an ECPrivateKey (RFC 5915)."""
    body, end = der(data, 0, 0x30)
    if end != len(data):
        raise Refused("PKCS#8: trailing bytes")
    _, pos = der(body, 0, 0x02)
    _, pos = der(body, pos, 0x30)
    inner, _ = der(body, pos, 0x04)
    eck, _ = der(inner, 0, 0x30)
    _, pos = der(eck, 0, 0x02)
    key, _ = der(eck, pos, 0x04)
    return key.hex()


@dataclasses.dataclass
class Case:
    """A test case converted for genus: the public key and its format, the private key; or the
    conversion's refusal."""
    t: dict
    fmt: str = ""
    pub: str = ""
    priv: str = ""
    refusal: Optional[str] = None


def ecdh_case(t: dict, form: str, curve: str) -> Case:
    c = Case(t)
    try:
        if form == "asn":
            c.fmt, c.pub, c.priv = "spki", t["public"], t["private"]
        elif form == "ecpoint":
            c.fmt, c.pub, c.priv = "sec1", t["public"], t["private"]
        elif form == "pem":
            c.fmt, c.pub = "spki", pem(t["public"], "PUBLIC KEY").hex()
            c.priv = ec_private_pkcs8(pem(t["private"], "PRIVATE KEY"))
        elif form == "webcrypto":
            pub, priv = t["public"], t["private"]
            for k in (pub, priv):
                if k.get("kty") != "EC" or CURVE_NAMES.get(k.get("crv"), k.get("crv")) != curve:
                    raise Refused("JWK: kty %r crv %r, not an EC key on %s" % (k.get("kty"), k.get("crv"), curve))
            c.fmt, c.pub, c.priv = "sec1", "04" + b64url(pub.get("x")).hex() + b64url(pub.get("y")).hex(), b64url(priv.get("d")).hex()
        else:
            raise AssertionError(form)
    except Refused as e:
        c.refusal = str(e)
    return c


def xdh_case(t: dict, typ: str, curve: str) -> Case:
    crv, oid = XDH[curve][1:]
    c = Case(t)
    try:
        if typ == "XdhComp":
            c.pub, c.priv = t["public"], t["private"]
        elif typ == "XdhJwkComp":
            for k in (t["public"], t["private"]):
                if k.get("kty") != "OKP" or k.get("crv") != crv:
                    raise Refused("JWK: kty %r crv %r, not %s" % (k.get("kty"), k.get("crv"), crv))
            c.pub, c.priv = b64url(t["public"].get("x")).hex(), b64url(t["private"].get("d")).hex()
        else:  # SubjectPublicKeyInfo and PKCS#8 (RFC 8410), as DER or PEM
            if typ == "XdhPemComp":
                spki, pk8 = pem(t["public"], "PUBLIC KEY"), pem(t["private"], "PRIVATE KEY")
            else:
                spki, pk8 = bytes.fromhex(t["public"]), bytes.fromhex(t["private"])
            body, end = der(spki, 0, 0x30)
            alg, pos = der(body, 0, 0x30)
            bits, pos2 = der(body, pos, 0x03)
            if end != len(spki) or pos2 != len(body) or der(alg, 0, 0x06) != (bytes.fromhex(oid), len(alg)):
                raise Refused("SPKI: not an %s key" % crv)
            if not bits or bits[0] != 0:
                raise Refused("SPKI: unused bits")
            body, end = der(pk8, 0, 0x30)
            _, pos = der(body, 0, 0x02)
            alg, pos = der(body, pos, 0x30)
            inner, _ = der(body, pos, 0x04)
            if der(alg, 0, 0x06) != (bytes.fromhex(oid), len(alg)):
                raise Refused("PKCS#8: not an %s key" % crv)
            key, kend = der(inner, 0, 0x04)
            if kend != len(inner):
                raise Refused("PKCS#8: CurvePrivateKey is not an OCTET STRING")
            c.pub, c.priv = bits[1:].hex(), key.hex()
    except Refused as e:
        c.refusal = str(e)
    return c


def acceptable_rule(flags: list[str]) -> Optional[object]:
    for flag, rule in ACCEPTABLE:
        if flag in flags:
            return rule
    return None


def judge(t: dict, got: Optional[str], refusal: Optional[str], xdh: bool) -> Optional[str]:
    """None when genus's answer (or the conversion's refusal) fits the case's verdict; else why not."""
    result, shared = t["result"], t.get("shared", "")
    if refusal is not None:
        return None if result == "invalid" else "the conversion here refused it: %s" % refusal
    assert got is not None
    if result == "invalid":
        return None if refused(got) else "accepted: %s" % got
    if xdh:
        # RFC 7748 6.1: an all-zero secret is refused (GN_ERR_INFINITY), its zeros still written
        want = "zero " + shared if set(shared) <= {"0"} else shared
        return None if got == want else "want %s" % want
    if result == "valid":
        return None if got == shared else "want %s" % shared
    rule = acceptable_rule(t["flags"])
    if rule is None:
        return "no rule for acceptable flags %s (docs/PROTOCOLS.md)" % t["flags"]
    if rule == "compute":
        return None if got == shared else "want %s" % shared
    return None if got in rule else "want one of %s" % sorted(rule)  # type: ignore[operator]


@pytest.mark.parametrize("path", files(), ids=os.path.basename)
def test_wycheproof(path: str) -> None:
    d = json.load(open(path))
    groups = d["testGroups"]
    tests = [(g, t) for g in groups for t in g["tests"]]
    assert len(tests) == d["numberOfTests"], "numberOfTests"
    curves = {g.get("curve") for g in groups}
    assert len(curves) == 1, curves
    wcurve = curves.pop()
    xdh = d["algorithm"] == "XDH"
    genus_curve = CURVE_NAMES.get(wcurve, wcurve)
    be: Optional[Backend] = backend(genus_curve)
    if be is None:
        pytest.skip("genus has no curve %s" % wcurve)
    assert not xdh or wcurve in XDH, "cannot run XDH on %s" % wcurve
    cases: list[Case] = []
    for g, t in tests:
        if xdh:
            assert g["type"] in ("XdhComp", "XdhAsnComp", "XdhJwkComp", "XdhPemComp"), "cannot run %s on %s" % (g["type"], wcurve)
            cases.append(xdh_case(t, g["type"], wcurve))
        else:
            form = g.get("encoding")
            assert form in ("asn", "ecpoint", "webcrypto", "pem"), "cannot run the %s form on %s" % (form, wcurve)
            cases.append(ecdh_case(t, form, genus_curve))
    todo = [c for c in cases if c.refusal is None]
    if xdh:
        lines = ["xdh %s %s %s" % (XDH[wcurve][0], c.priv or "-", c.pub or "-") for c in todo]
    else:
        lines = [be.ecdh(c.priv, c.pub, c.fmt) for c in todo]
    out = be.calc.run(lines)
    answers = dict(zip((id(c) for c in todo), out))
    if not be.binary:  # the same vectors on the other kernels of the build: the same answers
        for kernel in OTHER_KERNELS:
            got = be.calc.run(["kernel " + kernel] + lines)
            if got[0] != "ok":
                continue  # not in this build
            diff = [(l, a, b) for l, a, b in zip(lines, out, got[1:]) if a != b]
            assert not diff, "kernel %s: %d answers differ, first %s" % (kernel, len(diff), diff[:3])
    bad, tally = [], collections.Counter()
    for c in cases:
        got = answers.get(id(c))
        why = judge(c.t, got, c.refusal, xdh)
        outcome = "converter refused" if c.refusal else "computed" if got == c.t.get("shared") and got else "refused"
        tally[(c.t["result"], outcome)] += 1
        if why:
            bad.append((c.t["tcId"], c.t["result"], c.t["flags"], c.t["comment"], got, why))
    if os.environ.get("GENUS_WYCHEPROOF_SUMMARY"):
        print("\n%s (%s): %s" % (os.path.basename(path), path, dict(sorted(tally.items()))))
    assert not bad, "%s: %d cases wrong, first: %s" % (os.path.basename(path), len(bad), bad[:5])


def test_files_found() -> None:
    """The repository's copies are always there: every form the library has must have run."""
    names = {os.path.basename(p) for p in files()}
    for want in ("ecdh_secp256r1_test.json", "ecdh_secp256r1_ecpoint_test.json", "ecdh_brainpoolP512r1_test.json",
                 "x25519_test.json", "x448_test.json"):
        assert want in names, want
