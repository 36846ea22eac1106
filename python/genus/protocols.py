"""Key exchange: EC key pairs and ECDH (SEC1) on prime and binary curves, X25519 and X448
(RFC 7748). Private keys and scalars go to the C library as fixed-length byte strings and are
used there in constant time; see docs/PYTHON.md for what the Python side itself may leak."""
from __future__ import annotations

from typing import Optional, Tuple

from genus._lib import Error, as_bytes, as_int, check, ffi, lib, new
from genus.curve import Curve, Point
from genus.drbg import KeyRng

__all__ = ["keygen", "public_key", "ecdh", "x25519", "x448", "x25519_public", "x448_public", "KEY_FORMATS"]

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
    return getattr(lib, binary if E.binary else prime)


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


def _xdh(fn: object, size: int, k: object, u: object, name: str) -> bytes:
    kb, ub = as_bytes(k, "%s scalar" % name), as_bytes(u, "%s u-coordinate" % name)
    if len(kb) != size or len(ub) != size:
        raise Error("%s takes %d-byte scalars and u-coordinates (got %d and %d)" % (name, size, len(kb), len(ub)),
                    lib.GN_ERR_INVALID)
    out = ffi.new("uint8_t[]", size)
    check(fn(out, kb, ub), name)  # type: ignore[operator]
    return bytes(ffi.buffer(out, size))


def x25519(k: bytes, u: bytes) -> bytes:
    """RFC 7748 X25519(k, u): 32-byte little-endian scalar (clamped here) and u-coordinate; an
    all-zero result (u of small order) raises Error."""
    return _xdh(lib.gn_x25519, lib.GN_X25519_BYTES, k, u, "X25519")


def x448(k: bytes, u: bytes) -> bytes:
    """RFC 7748 X448(k, u) with 56-byte inputs; an all-zero result raises Error."""
    return _xdh(lib.gn_x448, lib.GN_X448_BYTES, k, u, "X448")


def x25519_public(k: bytes) -> bytes:
    """X25519(k, 9), the public key of the secret k."""
    return x25519(k, (9).to_bytes(32, "little"))


def x448_public(k: bytes) -> bytes:
    """X448(k, 5), the public key of the secret k."""
    return x448(k, (5).to_bytes(56, "little"))
