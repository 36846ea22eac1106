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


# X9.63 allows (2^32 - 1) hash lengths; a Python caller gets at most 16 MiB at once
X963_MAX_BYTES = 1 << 24


def _derive(what: str, hash: str, length: object, call: object) -> bytes:
    """Output of `length` bytes from call(alg, out, length) (the KDFs): the length checked first,
    so that no absurd request allocates (HKDF: at most 255 hash lengths, RFC 5869 2.3)."""
    a, n = _alg(hash), as_int(length, "length")
    most = 255 * lib.gn_hash_size(a) if what.startswith("HKDF") else X963_MAX_BYTES
    if not 0 <= n <= most:
        raise Error("%s: %d bytes of output (0..%d)" % (what, n, most), lib.GN_ERR_INVALID)
    out = _out(n)
    check(call(a, out, n), what)  # type: ignore[operator]
    return bytes(ffi.buffer(out, n))


def _digest(what: str, hash: str, call: object) -> bytes:
    """One hash length of output from call(alg, out)."""
    a = _alg(hash)
    n = lib.gn_hash_size(a)
    out = _out(n)
    check(call(a, out), what)  # type: ignore[operator]
    return bytes(ffi.buffer(out, n))


def sha2(hash: str, msg: bytes) -> bytes:
    """SHA-224/256/384/512 of msg (FIPS 180-4)."""
    msg = as_bytes(msg, "msg")
    return _digest(hash, hash, lambda a, out: lib.gn_hash(a, out, msg, len(msg)))


def hmac(hash: str, key: bytes, msg: bytes) -> bytes:
    """HMAC (FIPS 198-1) over a SHA-2 hash."""
    key, msg = as_bytes(key, "key"), as_bytes(msg, "msg")
    return _digest("HMAC", hash, lambda a, out: lib.gn_hmac(a, out, key, len(key), msg, len(msg)))


def hkdf_extract(hash: str, salt: bytes, ikm: bytes) -> bytes:
    """RFC 5869 HKDF-Extract: the pseudorandom key."""
    salt, ikm = as_bytes(salt, "salt"), as_bytes(ikm, "ikm")
    return _digest("HKDF-Extract", hash, lambda a, out: lib.gn_hkdf_extract(a, out, salt, len(salt), ikm, len(ikm)))


def hkdf_expand(hash: str, prk: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF-Expand: length bytes (at most 255 hash lengths)."""
    prk, info = as_bytes(prk, "prk"), as_bytes(info, "info")
    return _derive("HKDF-Expand", hash, length, lambda a, out, n: lib.gn_hkdf_expand(a, out, n, prk, len(prk), info, len(info)))


def hkdf(hash: str, salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    """RFC 5869 HKDF: Extract then Expand."""
    salt, ikm, info = as_bytes(salt, "salt"), as_bytes(ikm, "ikm"), as_bytes(info, "info")
    return _derive("HKDF", hash, length,
                   lambda a, out, n: lib.gn_hkdf(a, out, n, salt, len(salt), ikm, len(ikm), info, len(info)))


def kdf_x963(hash: str, z: bytes, info: bytes, length: int) -> bytes:
    """The ANSI X9.63 key-derivation function (SEC1 3.6.1) of the shared secret z (at most
    X963_MAX_BYTES of output in one call)."""
    z, info = as_bytes(z, "z"), as_bytes(info, "info")
    return _derive("X9.63 KDF", hash, length, lambda a, out, n: lib.gn_kdf_x963(a, out, n, z, len(z), info, len(info)))
