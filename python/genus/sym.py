"""SHA-2, HMAC, HKDF (RFC 5869) and the ANSI X9.63 KDF: the C library's own implementations."""
from __future__ import annotations

from genus._lib import Error, as_bytes, as_int, check, ffi, lib

__all__ = ["sha2", "hmac", "hkdf", "hkdf_extract", "hkdf_expand", "kdf_x963", "HASHES"]

#: hash names -> gn_hash_alg
HASHES = {"sha224": lib.GN_HASH_SHA224, "sha256": lib.GN_HASH_SHA256, "sha384": lib.GN_HASH_SHA384,
          "sha512": lib.GN_HASH_SHA512}


def _alg(name: str) -> int:
    if not isinstance(name, str):
        raise TypeError("hash must be a str")
    if name not in HASHES:
        raise Error("unknown hash %r (%s)" % (name, ", ".join(HASHES)), lib.GN_ERR_INVALID)
    return HASHES[name]  # type: ignore[no-any-return]


def _out(n: int) -> object:
    return ffi.new("uint8_t[]", max(n, 1))


def sha2(hash: str, msg: bytes) -> bytes:
    """SHA-224/256/384/512 of msg (FIPS 180-4)."""
    a, msg = _alg(hash), as_bytes(msg, "msg")
    n = lib.gn_hash_size(a)
    out = _out(n)
    check(lib.gn_hash(a, out, msg, len(msg)), hash)
    return bytes(ffi.buffer(out, n))


def hmac(hash: str, key: bytes, msg: bytes) -> bytes:
    """HMAC (FIPS 198-1) over a SHA-2 hash."""
    a, key, msg = _alg(hash), as_bytes(key, "key"), as_bytes(msg, "msg")
    n = lib.gn_hash_size(a)
    out = _out(n)
    check(lib.gn_hmac(a, out, key, len(key), msg, len(msg)), "HMAC")
    return bytes(ffi.buffer(out, n))


def hkdf_extract(hash: str, salt: bytes, ikm: bytes) -> bytes:
    """RFC 5869 HKDF-Extract: the pseudorandom key."""
    a, salt, ikm = _alg(hash), as_bytes(salt, "salt"), as_bytes(ikm, "ikm")
    n = lib.gn_hash_size(a)
    out = _out(n)
    check(lib.gn_hkdf_extract(a, out, salt, len(salt), ikm, len(ikm)), "HKDF-Extract")
    return bytes(ffi.buffer(out, n))


def hkdf_expand(hash: str, prk: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF-Expand: length bytes (at most 255 hash lengths)."""
    a, prk, info, length = _alg(hash), as_bytes(prk, "prk"), as_bytes(info, "info"), as_int(length, "length")
    if length < 0:
        raise Error("a negative length", lib.GN_ERR_INVALID)
    out = _out(length)
    check(lib.gn_hkdf_expand(a, out, length, prk, len(prk), info, len(info)), "HKDF-Expand")
    return bytes(ffi.buffer(out, length))


def hkdf(hash: str, salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF: Extract then Expand."""
    a, salt, ikm, info = _alg(hash), as_bytes(salt, "salt"), as_bytes(ikm, "ikm"), as_bytes(info, "info")
    length = as_int(length, "length")
    if length < 0:
        raise Error("a negative length", lib.GN_ERR_INVALID)
    out = _out(length)
    check(lib.gn_hkdf(a, out, length, salt, len(salt), ikm, len(ikm), info, len(info)), "HKDF")
    return bytes(ffi.buffer(out, length))


def kdf_x963(hash: str, z: bytes, info: bytes, length: int) -> bytes:
    """The ANSI X9.63 key-derivation function (SEC1 3.6.1) of the shared secret z."""
    a, z, info, length = _alg(hash), as_bytes(z, "z"), as_bytes(info, "info"), as_int(length, "length")
    if length < 0:
        raise Error("a negative length", lib.GN_ERR_INVALID)
    out = _out(length)
    check(lib.gn_kdf_x963(a, out, length, z, len(z), info, len(info)), "X9.63 KDF")
    return bytes(ffi.buffer(out, length))
