"""X25519 and X448 (src/proto/xdh.c) against RFC 7748 (section 5.2 single and iterated vectors,
section 6 Diffie-Hellman examples) and a Python-integer Montgomery ladder written here from the
RFC's pseudo-code on random inputs (curve points and twist points alike). The Wycheproof vectors
(x25519_*.json, x448_*.json) are in test_wycheproof.py.

The 1,000,000-iteration vector of RFC 7748 5.2 runs only with GENUS_SLOW=1 (`make check-slow`)."""
import json
import os

import pytest

VEC = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "tests", "vectors")
RFC = json.load(open(os.path.join(VEC, "rfc7748.json")))
CURVES = {"x25519": (2**255 - 19, 486662, 255, 32), "x448": (2**448 - 2**224 - 1, 156326, 448, 56)}


def ref_xdh(curve, k, u):
    """RFC 7748 section 5, in Python integers: decode, clamp, ladder, encode."""
    p, A, bits, n = CURVES[curve]
    k = bytearray(k)
    if curve == "x25519":
        k[0] &= 248; k[31] &= 127; k[31] |= 64
        u = bytearray(u); u[31] &= 127
    else:
        k[0] &= 252; k[55] |= 128
    k, x1 = int.from_bytes(k, "little"), int.from_bytes(u, "little") % p
    a24 = (A - 2) // 4
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in reversed(range(bits)):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        A_, B_ = (x2 + z2) % p, (x2 - z2) % p
        AA, BB = A_ * A_ % p, B_ * B_ % p
        E = (AA - BB) % p
        C, D = (x3 + z3) % p, (x3 - z3) % p
        DA, CB = D * A_ % p, C * B_ % p
        x3, z3 = (DA + CB) ** 2 % p, x1 * (DA - CB) ** 2 % p
        x2, z2 = AA * BB % p, E * (AA + a24 * E) % p
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, p - 2, p) % p).to_bytes(n, "little")


def expect(shared_hex):
    return "zero " + shared_hex if set(shared_hex) <= {"0"} else shared_hex


@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_rfc7748(proto_calc, curve):
    v = RFC[curve]
    lines = ["xdh %s %s %s" % (curve, s["scalar"], s["u"]) for s in v["single"]]
    want = [s["output"] for s in v["single"]]
    dh = v["diffie_hellman"]
    lines += ["xdh_pub %s %s" % (curve, dh["alice_private"]), "xdh_pub %s %s" % (curve, dh["bob_private"]),
              "xdh %s %s %s" % (curve, dh["alice_private"], dh["bob_public"]),
              "xdh %s %s %s" % (curve, dh["bob_private"], dh["alice_public"])]
    want += [dh["alice_public"], dh["bob_public"], dh["shared"], dh["shared"]]
    assert proto_calc.run(lines) == want


@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_rfc7748_iterated(proto_calc, curve):
    """Section 5.2's iterations, 1 and 1000 (apart from the vectors above: under qemu-user the
    1000 ladders take seconds, and the fast cross subset of `make check` leaves them out)."""
    it = RFC[curve]["iterated"]
    assert proto_calc.run(["xdh_iter %s 1" % curve, "xdh_iter %s 1000" % curve]) == [it["after_1"], it["after_1000"]]


@pytest.mark.skipif(os.environ.get("GENUS_SLOW") != "1", reason="slow: GENUS_SLOW=1 (make check-slow)")
@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_rfc7748_million(proto_calc, curve):
    assert proto_calc.run(["xdh_iter %s 1000000" % curve]) == [RFC[curve]["iterated"]["after_1000000"]]


@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_against_python(proto_calc, rng, curve):
    p, _, _, n = CURVES[curve]
    lines, want = [], []
    for i in range(40):
        k = rng.randbytes(n)
        # random u below 2^(8n): about half on the curve, half on the twist; some >= p
        u = rng.randbytes(n) if i % 4 else ((p + rng.randrange(2 ** (8 * n) - p if curve == "x448" else 19))
                                           % 2 ** (8 * n)).to_bytes(n, "little")
        lines.append("xdh %s %s %s" % (curve, k.hex(), u.hex()))
        want.append(expect(ref_xdh(curve, k, u).hex()))
    assert proto_calc.run(lines) == want


@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_public_against_python(proto_calc, rng, curve):
    """Public keys X(k, base) (gn_xdh_public: X25519's from edwards25519's built-in table by the
    birational map, X448's by the ladder) on random scalars, and on the clamping's extremes."""
    n = CURVES[curve][3]
    base = (9 if curve == "x25519" else 5).to_bytes(n, "little")
    ks = [rng.randbytes(n) for _ in range(40)] + [bytes(n), b"\xff" * n, b"\x07" + bytes(n - 2) + b"\x40"]
    lines = ["xdh_pub %s %s" % (curve, k.hex()) for k in ks]
    assert proto_calc.run(lines) == [expect(ref_xdh(curve, k, base).hex()) for k in ks]


@pytest.mark.parametrize("curve", ["x25519", "x448"])
def test_bad_lengths(proto_calc, curve):
    n = CURVES[curve][3]
    k, u = "11" * n, "09" + "00" * (n - 1)
    assert proto_calc.run(["xdh %s %s %s" % (curve, k[:-2], u), "xdh %s %s %s" % (curve, k, u + "00"),
                           "xdh %s %s -" % (curve, k), "xdh_pub %s %s00" % (curve, k)]) == ["err invalid_argument"] * 4


def test_cli(genus_bin):
    import subprocess
    dh = RFC["x25519"]["diffie_hellman"]
    out = subprocess.run([genus_bin, "x25519", dh["alice_private"], dh["bob_public"]], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == dh["shared"] + "\n"
    dh = RFC["x448"]["diffie_hellman"]
    out = subprocess.run([genus_bin, "x448", dh["alice_private"], dh["bob_public"]], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == dh["shared"] + "\n"
    for args in (["x25519", "00" * 32], ["x25519", "00" * 31, "09" + "00" * 31], ["x448", "zz" * 56, "05" + "00" * 55],
                 ["x25519", "11" * 32, "00" * 32]):  # u = 0: small order
        out = subprocess.run([genus_bin] + args, capture_output=True, text=True)
        assert out.returncode == 2 and out.stdout == "" and out.stderr.startswith("genus: "), args
