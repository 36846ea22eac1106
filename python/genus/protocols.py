"""Key exchange: EC key pairs and ECDH (SEC1) on prime and binary curves, X25519 and X448
(RFC 7748). Private keys and scalars go to the C library as fixed-length byte strings and are
used there in constant time; see docs/PYTHON.md for what the Python side itself may leak."""
from __future__ import annotations

from typing import Any, Optional, Tuple

from genus._lib import Error, as_bytes, as_int, check, ffi, lib, new
from genus.curve import Curve, Point
from genus.drbg import KeyRng

__all__ = ["keygen", "public_key", "ecdh", "x25519", "x448", "x25519_public", "x448_public", "KEY_FORMATS", "mqv",
           "mqv_primitive", "MqvSession", "elgamal_encrypt", "elgamal_decrypt"]

#: public-key encodings: SEC1 uncompressed / compressed, raw X || Y, DER SubjectPublicKeyInfo
KEY_FORMATS = {"sec1": lib.GN_EC_KEY_SEC1, "sec1c": lib.GN_EC_KEY_SEC1_COMPRESSED,
               "raw": lib.GN_EC_KEY_RAW, "spki": lib.GN_EC_KEY_SPKI}
_ECDH_MODES = {"standard": lib.GN_ECDH_STANDARD, "cofactor": lib.GN_ECDH_COFACTOR}


def _curve(curve: object) -> Curve:
    if isinstance(curve, str):
        return Curve.named(curve)
    if not isinstance(curve, Curve):
        raise TypeError("curve must be a Curve or a curve name, not %s" % type(curve).__name__)
    return curve


def _fn(E: Curve, prime: str, binary: str) -> object:
    return getattr(lib, binary if E.is_binary else prime)


def _private(E: Curve, d: object) -> bytes:
    """d as the order's byte length, big-endian (the C library checks 1 <= d <= n - 1 in constant time)."""
    if isinstance(d, (bytes, bytearray, memoryview)):
        return bytes(d)
    v = as_int(d, "private key")
    n = E._scalar_len
    if not 0 <= v < 1 << (8 * n):
        raise Error("private key out of range: 1 <= d <= n - 1", lib.GN_ERR_RANGE)
    return v.to_bytes(n, "big")


def _format(E: Curve, fmt: Optional[str]) -> int:
    """The key format: by default SEC1 where SEC1 is defined (curves y^2 = cubic: Weierstrass,
    Montgomery, binary), raw X || Y on Edwards curves and Jacobi quartics, as `genus keygen`."""
    if fmt is None:
        fmt = "sec1" if E.model in ("weierstrass", "montgomery", "binary") else "raw"
    if not isinstance(fmt, str):
        raise TypeError("format must be a str")
    if fmt not in KEY_FORMATS:
        raise Error("unknown public-key format %r (%s)" % (fmt, ", ".join(KEY_FORMATS)), lib.GN_ERR_INVALID)
    if fmt != "raw" and E.model not in ("weierstrass", "montgomery", "binary"):
        raise Error("%s is not defined on a %s curve: use raw X || Y" % (fmt, E.model), lib.GN_ERR_INVALID)
    return KEY_FORMATS[fmt]  # type: ignore[no-any-return]


def _encode_public(E: Curve, pub: object, fmt: Optional[str]) -> bytes:
    out = ffi.new("uint8_t[]", 1024)
    n = ffi.new("size_t *")
    check(_fn(E, "gn_ec_public_encode", "gn_ec2m_public_encode")(E._ctx, out, n, 1024, pub, _format(E, fmt)),  # type: ignore[operator]
          "public key")
    return bytes(ffi.buffer(out, n[0]))


def keygen(curve: object, seed: Optional[bytes] = None, format: Optional[str] = None) -> Tuple[int, bytes]:
    """A key pair (d, public key bytes) on a curve that serves protocols: d uniform in [1, n - 1]
    by rejection sampling (FIPS 186-5 A.2.2) from an HMAC_DRBG seeded by the operating system, or,
    given ``seed`` (16 bytes or more), by the seed alone: then the pair is the one
    ``genus keygen --curve NAME --seed HEX`` prints."""
    E = _curve(curve)
    rng = KeyRng(seed, b"genus keygen " + E.name.encode())
    priv = ffi.new("uint8_t[]", E._scalar_len)
    pub = new(E._ops.point)
    try:
        check(_fn(E, "gn_ec_keygen", "gn_ec2m_keygen")(E._ctx, priv, E._scalar_len, pub, rng.fn, rng.state),  # type: ignore[operator]
              "keygen on %s" % E.name)
        d = int.from_bytes(bytes(ffi.buffer(priv, E._scalar_len)), "big")
    finally:
        lib.gn_memzero(priv, E._scalar_len)
    return d, _encode_public(E, pub, format)


def public_key(curve: object, d: object, format: Optional[str] = None) -> bytes:
    """The public key [d] G of the private key d (an integer, or the order's length of bytes)."""
    E = _curve(curve)
    db = _private(E, d)
    pub = new(E._ops.point)
    check(_fn(E, "gn_ec_public_key", "gn_ec2m_public_key")(E._ctx, pub, db, len(db)), "public key")  # type: ignore[operator]
    return _encode_public(E, pub, format)


def _decode_public(E: Curve, public: object, fmt: Optional[str]) -> Point:
    if isinstance(public, Point):
        E._coerce(public)
        return public
    b = as_bytes(public, "public key")
    pub = new(E._ops.point)
    check(_fn(E, "gn_ec_public_decode", "gn_ec2m_public_decode")(E._ctx, pub, b, len(b), _format(E, fmt)),  # type: ignore[operator]
          "public key")
    return Point(E, pub)


def ecdh(curve: object, private: object, public: object, format: Optional[str] = None, mode: str = "standard") -> bytes:
    """The ECDH shared secret x([d] Q) (SEC1 3.3.1; ``mode="cofactor"``: x([h d] Q), SEC1 3.3.2)
    as the field's byte length. ``public``: a Point of the curve or its encoding in ``format``
    (sec1 / sec1c: any SEC1 point, raw X || Y, spki DER SubjectPublicKeyInfo; the default is
    sec1, or raw on Edwards curves and Jacobi quartics, where SEC1 is not defined). The public key is
    validated (on the curve, not the neutral element; in the subgroup for standard ECDH when
    h > 1) and a shared point at infinity is refused."""
    E = _curve(curve)
    if not isinstance(mode, str) or mode not in _ECDH_MODES:
        raise Error("unknown ECDH mode %r (standard, cofactor)" % (mode,), lib.GN_ERR_INVALID)
    Q = _decode_public(E, public, format)
    db = _private(E, private)
    size = E.field.nbytes
    out = ffi.new("uint8_t[]", size)
    check(_fn(E, "gn_ecdh", "gn_ec2m_ecdh")(E._ctx, out, size, db, len(db), Q._p, _ECDH_MODES[mode]), "ECDH")  # type: ignore[operator]
    return bytes(ffi.buffer(out, size))


# the curves' contexts, set up once (gn_x25519 and gn_x448 set one up on every call)
_XDH_CURVES: dict = {}


def _xdh(curve: str, size: int, k: object, u: object, name: str) -> bytes:
    """X(k, u); u None: the public key X(k, base) by gn_xdh_public (X25519's from edwards25519's
    built-in table)."""
    kb = as_bytes(k, "%s scalar" % name)
    ub = as_bytes(u, "%s u-coordinate" % name) if u is not None else bytes(size)
    if len(kb) != size or len(ub) != size:
        raise Error("%s takes %d-byte scalars and u-coordinates (got %d and %d)" % (name, size, len(kb), len(ub)),
                    lib.GN_ERR_INVALID)
    E = _XDH_CURVES.get(curve)
    if E is None:
        E = _XDH_CURVES.setdefault(curve, Curve.named(curve))
    out = ffi.new("uint8_t[]", size)
    if u is None:
        check(lib.gn_xdh_public(E._ctx, out, size, kb, size), name)
    else:
        check(lib.gn_xdh(E._ctx, out, size, kb, size, ub, size), name)
    return bytes(ffi.buffer(out, size))


def x25519(k: bytes, u: bytes) -> bytes:
    """RFC 7748 X25519(k, u): 32-byte little-endian scalar (clamped here) and u-coordinate; an
    all-zero result (u of small order) raises Error."""
    return _xdh("curve25519", lib.GN_X25519_BYTES, k, u, "X25519")


def x448(k: bytes, u: bytes) -> bytes:
    """RFC 7748 X448(k, u) with 56-byte inputs; an all-zero result raises Error."""
    return _xdh("curve448", lib.GN_X448_BYTES, k, u, "X448")


def x25519_public(k: bytes) -> bytes:
    """X25519(k, 9), the public key of the secret k."""
    return _xdh("curve25519", lib.GN_X25519_BYTES, k, None, "X25519")


def x448_public(k: bytes) -> bytes:
    """X448(k, 5), the public key of the secret k."""
    return _xdh("curve448", lib.GN_X448_BYTES, k, None, "X448")


# ---- ECMQV (SEC1 3.4, with the key confirmation of HMV Protocol 4.51) and EC ElGamal

class MqvSession:
    """One side of an ECMQV exchange with key confirmation: ``key`` (the session key), ``tag``
    (the tag this side sends) and :meth:`confirm` (checks the peer's tag)."""

    def __init__(self, s: Any) -> None:
        self._s = s
        self.key = bytes(ffi.buffer(s.key, s.keylen))
        self.tag = bytes(ffi.buffer(s.tag_send, s.taglen))

    def confirm(self, tag: bytes) -> None:
        """Error (GN_ERR_AUTH) unless tag is the peer's correct tag; constant time."""
        t = as_bytes(tag, "tag")
        check(lib.gn_mqv_confirm(self._s, t, len(t)), "key confirmation")

    def __del__(self) -> None:
        s = getattr(self, "_s", None)
        if s is not None:
            lib.gn_memzero(s, ffi.sizeof(s[0]))


def _hash_for(E: Curve, hash: Optional[str]) -> int:
    from genus.sym import _alg
    if hash is None:
        bits = E.order.bit_length()
        hash = "sha256" if bits <= 256 else "sha384" if bits <= 384 else "sha512"
    return _alg(hash)


def _mqv_setup(E: Curve, hash: Optional[str], static: object, ephemeral: object, peer_static: object,
               peer_ephemeral: object, own_id: bytes, peer_id: bytes, fmt: Optional[str]) -> tuple:
    m = new("gn_mqv_ctx_t *")
    check(_fn(E, "gn_mqv_init", "gn_ec2m_mqv_init")(m, E._ctx, _hash_for(E, hash)), "ECMQV")  # type: ignore[operator]
    d, k = _private(E, static), _private(E, ephemeral)
    q, r = new(E._ops.point), new(E._ops.point)
    pk = _fn(E, "gn_ec_public_key", "gn_ec2m_public_key")
    check(pk(E._ctx, q, d, len(d)), "static private key")  # type: ignore[operator]
    check(pk(E._ctx, r, k, len(k)), "ephemeral private key")  # type: ignore[operator]
    Q2, R2 = _decode_public(E, peer_static, fmt), _decode_public(E, peer_ephemeral, fmt)
    own_id, peer_id = as_bytes(own_id, "own_id"), as_bytes(peer_id, "peer_id")
    own = new("gn_ec2m_mqv_own_t *" if E.is_binary else "gn_mqv_own_t *")
    peer = new("gn_ec2m_mqv_peer_t *" if E.is_binary else "gn_mqv_peer_t *")
    keep = [ffi.from_buffer(d), ffi.from_buffer(k), ffi.from_buffer(own_id), ffi.from_buffer(peer_id)]
    own.d, own.dlen, own.k, own.klen = keep[0], len(d), keep[1], len(k)
    own.q, own.r, own.id, own.idlen = q, r, keep[2], len(own_id)
    peer.q, peer.r, peer.id, peer.idlen = Q2._p, R2._p, keep[3], len(peer_id)
    return m, own, peer, (keep, q, r, Q2, R2)


def mqv(curve: object, static: object, ephemeral: object, peer_static: object, peer_ephemeral: object,
        initiator: bool, own_id: bytes = b"", peer_id: bytes = b"", keylen: int = 32, hash: Optional[str] = None,
        format: Optional[str] = None) -> MqvSession:
    """One side of ECMQV with key confirmation (HMV Protocol 4.51 over SEC1 3.4's primitive):
    this side's static and ephemeral private keys, the peer's static and ephemeral public keys
    (Points or encodings; validated, subgroup included), identities, the session key length
    (1..64) and the hash (default: SHA-256 for orders up to 256 bits, SHA-384 up to 384, else
    SHA-512). ``initiator``: True for A, who sends its ephemeral key first."""
    E = _curve(curve)
    m, own, peer, keep = _mqv_setup(E, hash, static, ephemeral, peer_static, peer_ephemeral, own_id, peer_id, format)
    s = new("gn_mqv_session_t *")
    keylen = as_int(keylen, "keylen")
    if not 1 <= keylen <= lib.GN_MQV_MAX_KEY:
        raise Error("keylen %d: 1..%d bytes" % (keylen, lib.GN_MQV_MAX_KEY), lib.GN_ERR_INVALID)
    check(_fn(E, "gn_mqv_derive", "gn_ec2m_mqv_derive")(m, s, own, peer, int(bool(initiator)),  # type: ignore[operator]
                                                        keylen), "ECMQV")
    return MqvSession(s)


def mqv_primitive(curve: object, static: object, ephemeral: object, peer_static: object, peer_ephemeral: object,
                  format: Optional[str] = None) -> bytes:
    """The ECMQV primitive z = x([h s](R' + [avf(R')] Q')) of SEC1 3.4.1, as the field's byte length."""
    E = _curve(curve)
    m, own, peer, keep = _mqv_setup(E, None, static, ephemeral, peer_static, peer_ephemeral, b"", b"", format)
    size = E.field.nbytes
    z = ffi.new("uint8_t[]", size)
    check(_fn(E, "gn_mqv_primitive", "gn_ec2m_mqv_primitive")(m, z, size, own, peer), "ECMQV")  # type: ignore[operator]
    return bytes(ffi.buffer(z, size))


def elgamal_encrypt(curve: object, message: Point, public: object, seed: Optional[bytes] = None,
                    format: Optional[str] = None) -> Tuple[Point, Point]:
    """EC ElGamal (HMV definition 1.8): (B1, C) = ([e] G, M + [e] Q) for a point M of the curve,
    the public key Q (validated) and e drawn from an OS-seeded DRBG (or from ``seed`` alone)."""
    E = _curve(curve)
    M = E._coerce(message)
    Q = _decode_public(E, public, format)
    rng = KeyRng(seed, b"genus elgamal " + E.name.encode())
    b1, c = new(E._ops.point), new(E._ops.point)
    check(_fn(E, "gn_elgamal_encrypt", "gn_ec2m_elgamal_encrypt")(E._ctx, b1, c, M._p, Q._p, rng.fn, rng.state),  # type: ignore[operator]
          "ElGamal encrypt")
    return Point(E, b1), Point(E, c)


def elgamal_decrypt(curve: object, private: object, b1: Point, c: Point) -> Point:
    """M = C - [d] B1."""
    E = _curve(curve)
    d = _private(E, private)
    m = new(E._ops.point)
    check(_fn(E, "gn_elgamal_decrypt", "gn_ec2m_elgamal_decrypt")(E._ctx, m, d, len(d), E._coerce(b1)._p,  # type: ignore[operator]
                                                                  E._coerce(c)._p), "ElGamal decrypt")
    return Point(E, m)
