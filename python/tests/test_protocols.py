"""Key exchange against the `cryptography` package (OpenSSL), the RFC 7748 vectors, the genus
command line's seeded keys, and the Kummer DH known answers of tests/vectors."""
from __future__ import annotations

import json
import os
import random
import subprocess

import ec_ref
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, x448, x25519
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

import genus

OPENSSL_CURVES = {"P-224": ec.SECP224R1(), "P-256": ec.SECP256R1(), "P-384": ec.SECP384R1(), "P-521": ec.SECP521R1(),
                  "secp256k1": ec.SECP256K1(), "brainpoolP256r1": ec.BrainpoolP256R1(),
                  "brainpoolP384r1": ec.BrainpoolP384R1(), "brainpoolP512r1": ec.BrainpoolP512R1()}


@pytest.mark.parametrize("name", sorted(OPENSSL_CURVES))
def test_ecdh_against_openssl(name: str, rng: random.Random) -> None:
    E = genus.Curve.named(name)
    for i in range(4):
        theirs = ec.generate_private_key(OPENSSL_CURVES[name])
        their_pub = theirs.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        seed = rng.randbytes(32)
        d, mine = genus.keygen(E, seed=seed)
        assert genus.public_key(E, d) == mine and 1 <= d < E.order
        my_key = ec.derive_private_key(d, OPENSSL_CURVES[name])
        assert my_key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint) == mine
        want = theirs.exchange(ec.ECDH(), my_key.public_key())
        assert genus.ecdh(E, d, their_pub) == want
        fmt = ["sec1", "sec1c", "raw", "spki"][i]
        if fmt == "spki":
            enc = theirs.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)
        elif fmt == "sec1c":
            enc = theirs.public_key().public_bytes(Encoding.X962, PublicFormat.CompressedPoint)
        elif fmt == "raw":
            enc = their_pub[1:]
        else:
            enc = their_pub
        assert genus.ecdh(E, d, enc, format=fmt) == want
        assert genus.ecdh(E, d.to_bytes(E._scalar_len, "big"), E.decode(their_pub)) == want
        spki = genus.public_key(E, d, format="spki")
        assert spki == my_key.public_key().public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)


def test_ecdh_binary_and_other_models(rng: random.Random) -> None:
    for name in ("B-163", "K-283", "B-571", "curve25519", "edwards25519", "curve448"):
        E = genus.Curve.named(name)
        da, pa = genus.keygen(E, seed=rng.randbytes(16))
        db, pb = genus.keygen(E, seed=rng.randbytes(16))
        s = genus.ecdh(E, da, pb)
        assert s == genus.ecdh(E, db, pa) == (da * db * E.generator).x.to_bytes(E.field.nbytes, "big")  # type: ignore[union-attr]
        assert genus.ecdh(E, da, pb, mode="cofactor") == (E.cofactor * da * db * E.generator).x.to_bytes(  # type: ignore[union-attr]
            E.field.nbytes, "big")


def test_keygen_matches_the_command_line(src: str) -> None:
    cli = os.environ.get("GENUS_BIN")
    if not cli:
        pytest.skip("GENUS_BIN (the genus tool) is set by ctest")
    for name in ("P-256", "secp256k1", "B-163", "edwards448"):
        seed = bytes(range(20))
        out = subprocess.run([cli, "keygen", "--curve", name, "--seed", seed.hex()], capture_output=True, text=True,
                             check=True).stdout.split()
        d, pub = genus.keygen(name, seed=seed)
        assert out == ["%0*x" % (2 * genus.Curve.named(name)._scalar_len, d), pub.hex()]


def test_bad_keys() -> None:
    E = genus.Curve.named("P-256")
    d, pub = genus.keygen(E)
    for bad_d in (0, E.order, E.order + 1, -1, 1 << 300):
        with pytest.raises(genus.Error):
            genus.ecdh(E, bad_d, pub)
    for bad in (b"", pub[:-1], b"\x04" + bytes(64), b"\x00", pub[:1] + pub[1:33] + bytes(32), b"\x30\x00"):
        with pytest.raises(genus.Error):
            genus.ecdh(E, d, bad)
    with pytest.raises(genus.Error):
        genus.ecdh(E, d, pub, format="pem")
    with pytest.raises(genus.Error):
        genus.ecdh(E, d, pub, mode="fast")
    with pytest.raises(genus.Error):
        genus.ecdh(E, d, genus.Curve.named("P-384").generator)
    with pytest.raises(TypeError):
        genus.ecdh(E, 1.0, pub)
    with pytest.raises(TypeError):
        genus.ecdh(E, d, "04abcd")
    with pytest.raises(genus.Error):
        genus.keygen(E, seed=b"short")
    ed = genus.Curve.named("edwards25519")
    with pytest.raises(genus.Error):  # a point of order 2: refused (standard: subgroup; cofactor: infinity)
        genus.ecdh(ed, 5, ed(0, ed.field.p - 1))
    with pytest.raises(genus.Error):
        genus.ecdh(ed, 5, ed(0, ed.field.p - 1), mode="cofactor")
    tiny = genus.Curve.weierstrass(5, 0, 2, 2, 0, 2, 3)  # G of order 2, h odd (issue 17's case)
    assert tiny.protocols_ok and pt_of(1 * tiny.generator) == (2, 0) and genus.ecdh(tiny, 1, b"\x04\x02\x00") == b"\x02"
    c = genus.Curve.named("curve25519")
    arith = genus.Curve.montgomery(c.field.p, c.a, c.b, c.generator.x, c.generator.y, 8 * c.order, 1)
    assert not arith.protocols_ok and (c.order * 8 * arith.generator).is_infinity()
    with pytest.raises(genus.Error):
        genus.keygen(arith)
    with pytest.raises(genus.Error):
        genus.public_key(ed, 5, format="sec1")


def pt_of(P: genus.Point) -> object:
    return (P.x, P.y)


def test_xdh(src: str, rng: random.Random) -> None:
    vec = json.load(open(os.path.join(src, "tests", "vectors", "rfc7748.json")))
    text = json.dumps(vec)
    assert "x25519" in text.lower()
    for _ in range(10):
        a, b = x25519.X25519PrivateKey.generate(), x25519.X25519PrivateKey.generate()
        ka = a.private_bytes_raw()
        kb_pub = b.public_key().public_bytes_raw()
        assert genus.x25519(ka, kb_pub) == a.exchange(b.public_key())
        assert genus.x25519_public(ka) == a.public_key().public_bytes_raw()
        c, d = x448.X448PrivateKey.generate(), x448.X448PrivateKey.generate()
        assert genus.x448(c.private_bytes_raw(), d.public_key().public_bytes_raw()) == c.exchange(d.public_key())
        assert genus.x448_public(c.private_bytes_raw()) == c.public_key().public_bytes_raw()
    # RFC 7748 5.2
    assert genus.x25519(bytes.fromhex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
                        bytes.fromhex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")).hex() == \
        "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"
    with pytest.raises(genus.Error):  # u = 0: all-zero output
        genus.x25519(bytes(32), bytes(32))
    for k, u in ((bytes(31), bytes(32)), (bytes(32), bytes(33))):
        with pytest.raises(genus.Error):
            genus.x25519(k, u)
    with pytest.raises(TypeError):
        genus.x448("00" * 56, bytes(56))  # type: ignore[arg-type]


def test_kummer(src: str) -> None:
    sk1, pk1 = genus.kummer.keygen(seed=b"\x01" * 16)
    sk2, pk2 = genus.kummer.keygen()
    assert genus.kummer.public_key(sk1) == pk1 and genus.kummer.keygen(seed=b"\x01" * 16) == (sk1, pk1)
    assert genus.kummer.dh(sk1, pk2) == genus.kummer.dh(sk2, pk1)
    vec = json.load(open(os.path.join(src, "tests", "vectors", "kummer_gs127.json")))
    cases = vec["known_answer_tests"]["supercop_try_first_iterations"]["cases"]
    assert cases
    for c in cases:  # SUPERCOP's crypto_scalarmult/try.c, first iterations: base_a = [a]B, shared = [a] base_b
        a, b = bytes.fromhex(c["a"]), bytes.fromhex(c["b"])
        assert genus.kummer.public_key(a).hex() == c["base_a"] and genus.kummer.public_key(b).hex() == c["base_b"]
        assert genus.kummer.dh(a, bytes.fromhex(c["base_b"])).hex() == c["shared"] == genus.kummer.dh(b, bytes.fromhex(c["base_a"])).hex()
    for bad in (b"", pk1[:-1], b"\xff" * 48):
        with pytest.raises(genus.Error):
            genus.kummer.dh(sk1, bad)


def test_mqv_against_the_definition(rng: random.Random) -> None:
    """ECMQV's primitive from SEC1 3.4.1 in Python integers (tests/py/ec_ref's group law), both
    sides' session keys and tags, and ElGamal round trips."""
    for name in ("P-256", "P-384", "secp256k1", "B-163"):
        E = genus.Curve.named(name)
        keys = [genus.keygen(E, seed=rng.randbytes(16)) for _ in range(4)]
        (a, A), (ea, EA), (b, B), (eb, EB) = keys
        z = genus.mqv_primitive(E, a, ea, B, EB)
        assert z == genus.mqv_primitive(E, b, eb, A, EA)
        if not E.is_binary:
            R = ec_ref.Curve("weierstrass", E.field.p, E.a, E.b)
            n, f = E.order, (E.order.bit_length() + 1) // 2
            avf = lambda P: (P[0] % (1 << f)) + (1 << f)  # noqa: E731
            pt = lambda enc: E.decode(enc)  # noqa: E731
            RA, QB, RB = pt(EA), pt(B), pt(EB)
            s = (ea + avf((RA.x, RA.y)) * a) % n
            Zp = R.mul(E.cofactor * s, R.add((RB.x, RB.y), R.mul(avf((RB.x, RB.y)), (QB.x, QB.y))))
            assert z == Zp[0].to_bytes(E.field.nbytes, "big")
        sa = genus.mqv(E, a, ea, B, EB, True, b"alice", b"bob", keylen=40)
        sb = genus.mqv(E, b, eb, A, EA, False, b"bob", b"alice", keylen=40)
        assert sa.key == sb.key and len(sa.key) == 40 and sa.tag != sb.tag
        sa.confirm(sb.tag)
        sb.confirm(sa.tag)
        with pytest.raises(genus.Error):
            sa.confirm(sa.tag)
        with pytest.raises(genus.Error):
            genus.mqv(E, a, ea, B, b"\x04" + bytes(2 * E.field.nbytes), True)
        M = E.mul(rng.randrange(1, E.order))
        B1, C = genus.elgamal_encrypt(E, M, A)
        assert genus.elgamal_decrypt(E, a, B1, C) == M and genus.elgamal_decrypt(E, b, B1, C) != M
