"""Kummer-surface Diffie-Hellman on the Gaudry-Schost surface over 2^127 - 1 ("Kummer strikes
back", SUPERCOP's kumfp127g wire format): 32-byte secrets, 48-byte public keys."""
from __future__ import annotations

from typing import Optional, Tuple

from genus._lib import Error, as_bytes, check, ffi, lib, new
from genus.drbg import KeyRng

__all__ = ["keygen", "public_key", "dh", "SECRET_BYTES", "PUBLIC_BYTES"]

SECRET_BYTES = lib.GN_KUMMER_DH_SECRET_BYTES
PUBLIC_BYTES = lib.GN_KUMMER_DH_PUBLIC_BYTES

_ctx = new("gn_kummer_ctx_t *")
check(lib.gn_kummer_init_gs127(_ctx), "the gs127 Kummer surface")


def _secret(sk: object) -> bytes:
    b = as_bytes(sk, "secret key")
    if len(b) != SECRET_BYTES:
        raise Error("a Kummer secret key has %d bytes, got %d" % (SECRET_BYTES, len(b)), lib.GN_ERR_INVALID)
    return b


def keygen(seed: Optional[bytes] = None) -> Tuple[bytes, bytes]:
    """A key pair (secret, public) from the operating system's entropy, or from ``seed`` alone."""
    rng = KeyRng(seed, b"genus kummer keygen")
    sk, pk = ffi.new("uint8_t[]", SECRET_BYTES), ffi.new("uint8_t[]", PUBLIC_BYTES)
    try:
        check(lib.gn_kummer_dh_keygen(_ctx, sk, pk, rng.fn, rng.state), "Kummer keygen")
        return bytes(ffi.buffer(sk, SECRET_BYTES)), bytes(ffi.buffer(pk, PUBLIC_BYTES))
    finally:
        lib.gn_memzero(sk, SECRET_BYTES)


def public_key(sk: bytes) -> bytes:
    """The 48-byte public key of a 32-byte secret (little-endian; the ladder uses bits 250..0)."""
    pk = ffi.new("uint8_t[]", PUBLIC_BYTES)
    check(lib.gn_kummer_dh_public(_ctx, pk, _secret(sk)), "Kummer public key")
    return bytes(ffi.buffer(pk, PUBLIC_BYTES))


def dh(sk: bytes, pk: bytes) -> bytes:
    """The shared secret of a secret key and the peer's public key (validated: canonical, on the
    surface; an identity result raises Error)."""
    peer = as_bytes(pk, "public key")
    if len(peer) != PUBLIC_BYTES:
        raise Error("a Kummer public key has %d bytes, got %d" % (PUBLIC_BYTES, len(peer)), lib.GN_ERR_ENCODING)
    out = ffi.new("uint8_t[]", PUBLIC_BYTES)
    check(lib.gn_kummer_dh(_ctx, out, _secret(sk), peer), "Kummer DH")
    return bytes(ffi.buffer(out, PUBLIC_BYTES))
