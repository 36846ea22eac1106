"""Kummer surfaces (src/kummer/) and the Kummer Diffie-Hellman on the Gaudry-Schost surface.

Independent references: the published constants, orders, base points and known answers of
tests/vectors/kummer_gs127.json (SUPERCOP crypto_scalarmult/kummer, qDSA; see its sources), and
Python integers for the group orders and the byte formats."""
import json
import os
import subprocess

import pytest

VEC = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "tests", "vectors")
GS = json.load(open(os.path.join(VEC, "kummer_gs127.json")))
P127 = 2**127 - 1
N = int(GS["group_orders"]["N"]["dec"])
NT = int(GS["group_orders"]["twist_N"]["dec"])
BASE = GS["base_points"]["supercop_kummer"]["bytes"]
QDSA = GS["base_points"]["qdsa"]["bytes"]
IDENTITY_WRAPPED = GS["identity"]["supercop_bytes"]


@pytest.fixture
def kc(kummer_calc):
    return kummer_calc


def pt(s):
    return [int(v, 16) for v in s.split(",")]


def fmt(p):
    return ",".join("%x" % (v % P127) for v in p)


def proj_eq(p, q, m=P127):
    return any(v % m for v in p) and all((p[i] * q[j] - p[j] * q[i]) % m == 0 for i in range(4) for j in range(4))


def le32(k):
    return (k % 2**256).to_bytes(32, "little").hex()


def test_constants(kc):
    out = kc.run(["gs127", "consts", "identity"])
    e, f, g, h, k, eps, epshat = out[1].split()
    sc = GS["surface_equation"]
    assert [int(v, 16) for v in (e, f, g, h, k)] == [int(sc[n]["dec"]) for n in ("E", "F", "G", "H")] + [
        int(sc["K4_coefficient_4E2mu1mu2mu3mu4"]["dec"])]
    assert proj_eq(pt(eps), GS["ladder_constants"]["eps"])
    assert proj_eq(pt(epshat), GS["ladder_constants"]["epshat"])
    assert proj_eq(pt(out[2]), GS["squared_theta_constants"]["mu"])


def test_points_on_surface(kc):
    lines = ["gs127", "on " + fmt(GS["squared_theta_constants"]["mu"]), "dec " + BASE, "dec " + QDSA,
             "on 1,2,3,4", "on 0,0,0,0"]
    out = kc.run(lines)
    assert out[1] == "1"
    b, q = pt(out[2]), pt(out[3])
    w = [int.from_bytes(bytes.fromhex(BASE)[16 * i:16 * i + 16], "little") for i in range(3)]
    assert proj_eq(b, [w[0] * w[1] * w[2], w[1] * w[2], w[0] * w[2], w[0] * w[1]])
    out2 = kc.run(["gs127", "on " + fmt(b), "on " + fmt(q)])
    assert out2[1:] == ["1", "1"]
    assert out[4:] == ["0", "0"]


def test_supercop_known_answers(kc):
    kat = GS["known_answer_tests"]
    lines, want = ["gs127"], [None]
    for c in kat["supercop_simple"]:
        lines.append("pub " + c["scalar"])
        identity = c["output"] == IDENTITY_WRAPPED
        want.append(("inf " if identity else "") + c["output"])
    for c in kat["supercop_try_first_iterations"]["cases"]:
        lines += ["pub " + c["a"], "pub " + c["b"], "dh %s %s" % (c["a"], c["base_b"]), "dh %s %s" % (c["b"], c["base_a"])]
        want += [c["base_a"], c["base_b"], c["shared"], c["shared"]]
    assert kc.run(lines)[1:] == want[1:]


def test_orders(kc, rng):
    """[N']B = identity for the SUPERCOP base point, [N]Q = identity for the qDSA generator, [k]B = [k + N']B."""
    lines = ["gs127", "base", "dec " + QDSA, "identity"]
    base, q, ident = kc.run(lines)[1:]
    nbytes = lambda n: "%064x" % n
    lines = ["gs127", "mul %s %s" % (nbytes(NT), base), "mul %s %s" % (nbytes(N), q), "mul %s %s" % (nbytes(N), base),
             "mul %s %s" % (nbytes(NT), q)]
    ks = [rng.randrange(1, NT) for _ in range(8)]
    for k in ks:
        lines += ["mul %s %s" % (nbytes(k), base), "mul %s %s" % (nbytes(k + NT), base)]
    out = kc.run(lines)[1:]
    assert proj_eq(pt(out[0]), pt(ident)) and proj_eq(pt(out[1]), pt(ident))
    assert not proj_eq(pt(out[2]), pt(ident)) and not proj_eq(pt(out[3]), pt(ident))
    for i in range(len(ks)):
        assert proj_eq(pt(out[4 + 2 * i]), pt(out[5 + 2 * i]))


def test_dh_agreement(kc, rng):
    keys = [bytes(rng.randrange(256) for _ in range(32)).hex() for _ in range(12)]
    pubs = kc.run(["gs127"] + ["pub " + k for k in keys])[1:]
    lines = ["gs127"]
    for i in range(0, 12, 2):
        lines += ["dh %s %s" % (keys[i], pubs[i + 1]), "dh %s %s" % (keys[i + 1], pubs[i])]
    out = kc.run(lines)[1:]
    for i in range(0, 12, 2):
        assert out[i] == out[i + 1] and len(out[i]) == 96


def test_scalar_uses_bits_250_to_0(kc, rng):
    """SUPERCOP's rule: bits 251..255 of the secret are ignored, nothing is reduced mod N'."""
    k = rng.randrange(2**250, 2**251)
    out = kc.run(["gs127", "pub " + le32(k), "pub " + le32(k | (0x1f << 251)), "pub " + le32(k % NT)])[1:]
    assert out[0] == out[1] == out[2]


def test_peer_keys_refused(kc):
    b = bytearray(bytes.fromhex(BASE))
    off = bytearray(b)
    off[0] ^= 1                                    # w1 = 7: not on the surface
    high = bytearray(b)
    high[15] |= 0x80                               # bit 127 set: not below p
    pmax = (P127).to_bytes(16, "little") + bytes(b[16:])   # w1 = p
    lines = ["gs127"] + ["dh %s %s" % ("01" * 32, x.hex()) for x in (off, high, bytes(pmax), bytes(48))]
    out = kc.run(lines)[1:]
    assert out == ["err point_is_not_on_the_curve", "err malformed_point_encoding", "err malformed_point_encoding",
                   "err point_is_not_on_the_curve"]


def run_cli(genus_bin, *args):
    return subprocess.run([genus_bin, *args], capture_output=True, text=True, timeout=60)


def test_cli(genus_bin, kc):
    r = run_cli(genus_bin, "kummer", "mul", "--scalar", "%x" % NT)
    assert r.returncode == 0
    ident = [int(v, 16) for v in r.stdout.split()]
    assert proj_eq(ident, GS["squared_theta_constants"]["mu"]) and ident[0] == 1
    r = run_cli(genus_bin, "kummer", "mul", "--scalar", "2")
    two = kc.run(["gs127", "dec 83e6d8fb0902b8a87746aeb2d046a15cb2e63ac892b437836594afd4bed499458b41a6d1adb57c102d0992ad947b6d03"])[1]
    assert proj_eq([int(v, 16) for v in r.stdout.split()], pt(two))
    pnt = " ".join(r.stdout.split())
    r3 = run_cli(genus_bin, "kummer", "mul", "--scalar", "3", "--point", pnt)
    r6 = run_cli(genus_bin, "kummer", "mul", "--scalar", "6")
    assert r3.returncode == 0 and r3.stdout == r6.stdout
    a = run_cli(genus_bin, "kummer", "keygen", "--seed", "00" * 16).stdout.split()
    b = run_cli(genus_bin, "kummer", "keygen", "--seed", "01" * 16).stdout.split()
    assert a == run_cli(genus_bin, "kummer", "keygen", "--seed", "00" * 16).stdout.split()
    assert len(a[0]) == 64 and len(a[1]) == 96 and a != b
    s1 = run_cli(genus_bin, "kummer", "dh", "--private", a[0], "--public", b[1])
    s2 = run_cli(genus_bin, "kummer", "dh", "--private", b[0], "--public", a[1])
    assert s1.returncode == 0 and s1.stdout == s2.stdout and len(s1.stdout.strip()) == 96
    assert len(run_cli(genus_bin, "kummer", "keygen").stdout.split()) == 2


@pytest.mark.parametrize("args", [
    ["kummer"], ["kummer", "frobnicate"], ["kummer", "mul"], ["kummer", "mul", "--scalar", "xyz"],
    ["kummer", "mul", "--scalar", "5", "--point", "1 2 3 4"],
    ["kummer", "mul", "--scalar", "5", "--point", "1 2 3"],
    ["kummer", "mul", "--scalar", "5", "--point", "%x 1 1 1" % P127],
    ["kummer", "dh", "--private", "01" * 32],
    ["kummer", "dh", "--private", "01" * 31, "--public", BASE],
    ["kummer", "dh", "--private", "01" * 32, "--public", BASE[:-2]],
    ["kummer", "dh", "--private", "01" * 32, "--public", "00" * 48],
    ["kummer", "dh", "--private", "00" * 32, "--public", BASE],
    ["kummer", "keygen", "--seed", "00"],
    ["kummer", "keygen", "--bogus"],
])
def test_cli_bad_input(genus_bin, args):
    r = run_cli(genus_bin, *args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1
