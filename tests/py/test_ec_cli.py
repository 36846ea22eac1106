"""`genus curves`, `genus mul` and `genus ops` (DESIGN section 6): results against gp and the
Python reference, custom curves from JSON files, and the bad-input contract (one line on
stderr, exit status 2, nothing on stdout)."""
import json
import os
import subprocess

import pytest

from ec_cases import named_curves
from ec_ref import Curve

NAMED = {c[0]: c for c in named_curves()}
CURVES_JSON = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "data", "curves.json")


def genus(genus_bin, *args):
    return subprocess.run([genus_bin, *args], capture_output=True, text=True, timeout=120)


def ok(genus_bin, *args):
    r = genus(genus_bin, *args)
    assert r.returncode == 0 and r.stderr == "", (args, r.returncode, r.stderr)
    return r.stdout


def bad(genus_bin, *args, says=None):
    r = genus(genus_bin, *args)
    assert r.returncode == 2 and r.stdout == "", (args, r.returncode, r.stdout)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("genus: "), r.stderr
    if says:
        assert says in lines[0], lines[0]


def point_out(C, P):
    if P is None:
        return "infinity\n"
    w = 2 * ((C.p.bit_length() + 7) // 8)
    return "%0*x %0*x\n" % (w, P[0], w, P[1])


def test_curves_lists_every_named_curve(genus_bin):
    out = ok(genus_bin, "curves")
    for name in NAMED:
        assert any(line.split()[0] == name for line in out.splitlines()), name
    listed = json.loads(ok(genus_bin, "curves", "--json"))
    binary = [n for n, c in json.load(open(CURVES_JSON))["curves"].items() if c["type"] == "binary_weierstrass"]
    assert binary, "data/curves.json has binary curves"
    for name in binary:
        assert any(line.split()[0] == name for line in out.splitlines()), name
    assert {c["name"] for c in listed} == set(NAMED) | set(binary)
    assert {c["model"] for c in listed} == {"weierstrass", "edwards", "montgomery", "binary"}


@pytest.mark.parametrize("name", ["P-256", "secp256k1", "brainpoolP384r1", "curve25519", "edwards25519", "P-521"])
def test_mul_named(genus_bin, rng, name):
    _, model, p, a, b, gx, gy, n, h = NAMED[name]
    C = Curve(model, p, a, b)
    for k in (0, 1, n - 1, n, rng.randrange(n), rng.getrandbits(600)):
        want = point_out(C, C.mul(k, (gx, gy)))
        assert ok(genus_bin, "mul", "--curve", name, "--scalar", "%x" % k) == want
    P = C.mul(rng.randrange(1, n), (gx, gy))
    k = rng.randrange(n)
    want = point_out(C, C.mul(k, P))
    coords = {"weierstrass": ["affine", "projective", "jacobian"], "montgomery": ["affine"],
              "edwards": ["extended"]}[model]
    for c in coords:
        for m in ("l2r", "window", "wnaf", "ladder", "comb"):
            got = ok(genus_bin, "mul", "--curve", name, "--scalar", "%x" % k, "--point", "%x %x" % P,
                     "--coords", c, "--method", m, "--window", "3")
            assert got == want, (c, m)


def test_aliases(genus_bin):
    _, model, p, a, b, gx, gy, n, h = NAMED["P-256"]
    want = point_out(Curve(model, p, a, b), Curve(model, p, a, b).mul(5, (gx, gy)))
    for alias in ("secp256r1", "prime256v1", "p256", "P-256"):
        assert ok(genus_bin, "mul", "--curve", alias, "--scalar", "5") == want


def test_curve_file(genus_bin, tmp_path):
    _, model, p, a, b, gx, gy, n, h = NAMED["brainpoolP256r1"]
    f = tmp_path / "c.json"
    obj = {"type": "short_weierstrass_prime", "p": "%x" % p, "a": "%x" % a, "b": "%x" % b,
           "Gx": "%x" % gx, "Gy": "%x" % gy, "n": "%x" % n, "h": "1"}
    f.write_text(json.dumps(obj))
    C = Curve(model, p, a, b)
    assert ok(genus_bin, "mul", "--curve", str(f), "--scalar", "1234") == point_out(C, C.mul(0x1234, (gx, gy)))
    cases = {
        "singular": dict(obj, a="0", b="0"),
        "not prime": dict(obj, p="%x" % (p + 2)),
        "not on the curve": dict(obj, Gy="%x" % (gy + 1)),
        "wrong order": dict(obj, n="%x" % (n + 2)),
        "Hasse": dict(obj, h="2"),  # the group has order n: h = 2 would let h n pass as the order
        "lacks": {k: v for k, v in obj.items() if k != "Gx"},
        "hex": dict(obj, b="xyz"),
    }
    for says, o in cases.items():
        f.write_text(json.dumps(o))
        bad(genus_bin, "mul", "--curve", str(f), "--scalar", "5")
    f.write_text("{not json")
    bad(genus_bin, "mul", "--curve", str(f), "--scalar", "5", says="JSON")


def test_mul_bad_input(genus_bin):
    bad(genus_bin, "mul", "--curve", "nosuchcurve", "--scalar", "5")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "12g4", says="scalar")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--point", "1 2", says="not on the curve")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--point", "zz 2")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--point", "1")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--method", "magic")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--coords", "extended")
    bad(genus_bin, "mul", "--curve", "curve25519", "--scalar", "5", "--coords", "jacobian")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--window", "9")
    bad(genus_bin, "mul", "--curve", "P-256")
    bad(genus_bin, "mul", "--curve", "P-256", "--scalar", "5", "--frobnicate")


def test_ops_table(genus_bin):
    out = ok(genus_bin, "ops")
    rows = {tuple(line.split()[:4]): [int(v) for v in line.split()[4:]] for line in out.splitlines()[1:]}
    # a few rows whose counts the literature fixes (docs/FORMULAS.md): M S D c a I
    assert rows[("P-256", "weierstrass", "jacobian", "dbl")][:3] == [4, 4, 0]        # dbl-2001-b, Z3 = 2 Y1 Z1
    assert rows[("secp256k1", "weierstrass", "jacobian", "dbl")][:3] == [2, 5, 0]    # dbl-2009-l
    assert rows[("P-256", "weierstrass", "jacobian", "add")][:3] == [12, 4, 0]       # add-1998-cmo-2
    assert rows[("P-256", "weierstrass", "jacobian", "madd")][:3] == [7, 4, 0]       # madd-2007-bl
    assert rows[("edwards25519", "edwards", "extended", "add")][:3] == [8, 0, 1]     # add-2008-hwcd-3
    assert rows[("edwards25519", "edwards", "extended", "dbl")][:3] == [4, 4, 0]     # dbl-2008-hwcd
    assert rows[("curve25519", "montgomery", "xz", "ladder-step")][:3] == [5, 4, 1]  # ladd-1987-m-3
    assert rows[("P-256", "weierstrass", "affine", "add")] == [2, 1, 0, 0, 6, 1]
    assert rows[("P-256", "weierstrass", "projective", "add")][:3] == [12, 0, 2]     # RCB Algorithm 4
    assert rows[("jq127", "jacobi-quartic", "extended", "dbl")][:3] == [3, 5, 0]     # docs/FORMULAS.md
    assert ("jq127", "jacobi-quartic", "extended", "add") in rows
    out = ok(genus_bin, "ops", "--curve", "P-384", "--coords", "coz")
    assert out.splitlines()[1].split()[2:] == ["coz", "ladder-step", "11", "5", "0", "0", "19", "0"]
    bad(genus_bin, "ops", "--coords", "nonsense")
    bad(genus_bin, "ops", "--curve", "P-256", "--model", "edwards")


def test_ops_binary(genus_bin):
    """genus ops --binary: the Lopez-Dahab counts the literature fixes (EFD g12o lopezdahab,
    HMV Algorithm 3.40), on B-163 (a = 1) and K-163 (a = 0), M S D."""
    out = ok(genus_bin, "ops", "--binary")
    rows = {tuple(line.split()[:4]): [int(v) for v in line.split()[4:]] for line in out.splitlines()[1:]}
    for c in ("B-163", "K-163"):
        assert rows[(c, "binary", "lopez-dahab", "dbl")][:3] == [4, 4, 1]     # dbl-2005-l
        assert rows[(c, "binary", "lopez-dahab", "madd")][:3] == [8, 5, 1]    # madd-2005-dl
        assert rows[(c, "binary", "xz", "ladder-step")][:3] == [5, 5, 1]      # Madd 4M + 1S, Mdouble 1M + 4S + 1D
        assert rows[(c, "binary", "lopez-dahab", "add")][:3] == [14, 5, 1]    # docs/FORMULAS.md
        assert all(v[5] == 0 for v in rows.values())                          # no inversion
    bad(genus_bin, "ops", "--binary", "--curve", "B-163")


@pytest.mark.parametrize("kernel", ["gmp", "pari"])
def test_backend_kernels_in_or_out(genus_bin, kernel):
    """A back end the build has computes what the default kernel does (fp, mul, ecdh, ops); one
    it lacks (no library, 32-bit limbs, a cross build) is refused with one line naming it."""
    listed = {k["name"]: k for k in json.loads(ok(genus_bin, "kernels", "--json"))}
    assert kernel in listed
    mul = ("mul", "--curve", "brainpoolP256r1", "--scalar", "123456789")
    ecdh = ("ecdh", "--curve", "P-256", "--private", "7", "--public",
            "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
            "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")
    fp = ("fp", "mul", "--p", "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff", "3", "5")
    if listed[kernel]["available"]:
        for cmd in (mul, ecdh, fp):
            assert ok(genus_bin, *cmd, "--kernel", kernel) == ok(genus_bin, *cmd)
        assert ok(genus_bin, "ops", "--curve", "P-256", "--kernel", kernel) == ok(genus_bin, "ops", "--curve", "P-256")
    else:
        for cmd in (mul, ecdh, fp):
            bad(genus_bin, *cmd, "--kernel", kernel, says="not in this build")
