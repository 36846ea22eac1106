"""The SP 800-90A deterministic random bit generators of the C library (HMAC_DRBG and Hash_DRBG
over SHA-256 and SHA-512), and the generators the key functions draw from."""
from __future__ import annotations

import threading
from typing import Any, Optional

from genus._lib import Error, as_bytes, as_int, check, ffi, lib, new

__all__ = ["Drbg", "MECHANISMS"]

#: mechanism names -> gn_drbg_mech
MECHANISMS = {
    "hmac-sha256": lib.GN_DRBG_HMAC_SHA256,
    "hmac-sha512": lib.GN_DRBG_HMAC_SHA512,
    "hash-sha256": lib.GN_DRBG_HASH_SHA256,
    "hash-sha512": lib.GN_DRBG_HASH_SHA512,
}


class Drbg:
    """An SP 800-90A DRBG instance with caller-given entropy (known-answer tests, reproducible
    streams). ``mech`` is one of :data:`MECHANISMS`; ``entropy`` the entropy input of
    instantiation (its length is the length of every later seed), ``nonce`` and
    ``personalization`` as in SP 800-90A 9.1. With ``prediction_resistance`` every
    :meth:`generate` reseeds first and takes its entropy input as an argument.

    The C library's DRBG is its one mutable object; here a lock serialises the calls, so threads
    may share an instance (each request is then one atomic step of the generator)."""

    def __init__(self, mech: str, entropy: bytes, nonce: bytes, personalization: bytes = b"",
                 prediction_resistance: bool = False) -> None:
        if not isinstance(mech, str):
            raise TypeError("mech must be a str")
        if mech not in MECHANISMS:
            raise Error("unknown DRBG mechanism %r (%s)" % (mech, ", ".join(MECHANISMS)))
        entropy = as_bytes(entropy, "entropy")
        nonce = as_bytes(nonce, "nonce")
        if not nonce:
            raise Error("the nonce is required (SP 800-90A 8.6.7): give the instantiation's nonce", lib.GN_ERR_INVALID)
        personalization = as_bytes(personalization, "personalization")
        self._state = new("gn_drbg_t *")
        self._pool = new("genus_py_entropy_t *")
        self._src = new("gn_entropy_t *")
        self._seedlen = len(entropy)
        self._pr = bool(prediction_resistance)
        self._lock = threading.Lock()
        if not 0 < len(entropy) <= lib.GN_DRBG_MAX_ENTROPY_BYTES:
            check(lib.GN_ERR_REQUEST_TOO_LARGE if entropy else lib.GN_ERR_INVALID,
                  "entropy input of %d bytes" % len(entropy))
        lib.genus_py_entropy_source(self._pool, self._src, len(entropy))
        self._fill(entropy)
        check(lib.gn_drbg_instantiate(self._state, MECHANISMS[mech], self._src, int(self._pr),
                                      nonce if nonce else ffi.NULL, len(nonce), personalization,
                                      len(personalization)), "DRBG instantiate")
        self.mechanism = mech

    def _fill(self, entropy: bytes) -> None:
        self._pool.len = len(entropy)
        ffi.memmove(self._pool.buf, entropy, len(entropy))
        self._pool.ready = 1

    def reseed(self, entropy: bytes, additional: bytes = b"") -> None:
        """SP 800-90A 9.2 with the given entropy input (as long as the instantiation's)."""
        entropy, additional = as_bytes(entropy, "entropy"), as_bytes(additional, "additional")
        if len(entropy) != self._seedlen:
            raise Error("reseed: the entropy input must have %d bytes, as at instantiation" % self._seedlen)
        with self._lock:
            try:
                self._fill(entropy)
                check(lib.gn_drbg_reseed(self._state, additional, len(additional)), "DRBG reseed")
            finally:
                self._pool.ready = 0

    def generate(self, n: int, additional: bytes = b"", entropy: Optional[bytes] = None) -> bytes:
        """n pseudorandom bytes (SP 800-90A 9.3). ``entropy``: the entropy input of the reseed that
        prediction resistance makes before the request (required then, refused otherwise)."""
        n = as_int(n, "n")
        additional = as_bytes(additional, "additional")
        if not 0 <= n <= lib.GN_DRBG_MAX_REQUEST_BYTES:
            raise Error("generate: %d bytes requested (SP 800-90A Table 2 allows 0..%d)"
                        % (n, lib.GN_DRBG_MAX_REQUEST_BYTES), lib.GN_ERR_REQUEST_TOO_LARGE)
        if (entropy is None) == self._pr:
            raise Error("generate: entropy is %s with prediction resistance" % ("required" if self._pr else "only taken"))
        out = ffi.new("uint8_t[]", max(n, 1))
        if entropy is not None:
            entropy = as_bytes(entropy, "entropy")
            if len(entropy) != self._seedlen:
                raise Error("generate: the entropy input must have %d bytes, as at instantiation" % self._seedlen)
        with self._lock:
            try:
                if entropy is not None:
                    self._fill(entropy)
                check(lib.gn_drbg_generate(self._state, out, n, int(self._pr), additional, len(additional)),
                      "DRBG generate")
            finally:
                self._pool.ready = 0
        return bytes(ffi.buffer(out, n))

    def __repr__(self) -> str:
        return "genus.Drbg(%r%s)" % (self.mechanism, ", prediction_resistance=True" if self._pr else "")

    def __del__(self) -> None:
        state = getattr(self, "_state", None)
        if state is not None:
            lib.gn_drbg_uninstantiate(state)  # wipes the state


class KeyRng:
    """The generator key generation draws from: HMAC_DRBG-SHA-256 seeded by the operating system,
    or, given ``seed`` (at least 16 bytes), by SHA-512(seed) alone, with ``personalization``
    naming the use; the same seed gives the keys of ``genus keygen --seed`` on the same curve."""

    SEED_MIN_BYTES = 16

    def __init__(self, seed: Optional[bytes], personalization: bytes) -> None:
        self.state: Any = new("gn_drbg_t *")
        # the DRBG keeps pointers to its source: both live as long as it does
        self._src = src = new("gn_entropy_t *")
        self._pool = pool = new("genus_py_entropy_t *")
        if seed is None:
            check(lib.gn_entropy_init(src, lib.GN_ENTROPY_OS), "entropy source")
        else:
            seed = as_bytes(seed, "seed")
            if not self.SEED_MIN_BYTES <= len(seed) <= lib.GN_DRBG_MAX_ENTROPY_BYTES:
                raise Error("seed must have %d to %d bytes, got %d"
                            % (self.SEED_MIN_BYTES, lib.GN_DRBG_MAX_ENTROPY_BYTES, len(seed)))
            digest = ffi.new("uint8_t[64]")
            check(lib.gn_hash(lib.GN_HASH_SHA512, digest, seed, len(seed)), "seed")
            # one draw: 48 bytes of entropy input and the 16-byte nonce
            lib.genus_py_entropy_source(pool, src, 64 - lib.GN_DRBG_NONCE_BYTES)
            pool.len = 64
            ffi.memmove(pool.buf, digest, 64)
            pool.ready = 1
            lib.gn_memzero(digest, 64)
        try:
            check(lib.gn_drbg_instantiate(self.state, lib.GN_DRBG_HMAC_SHA256, src, 0, ffi.NULL, 0,
                                          personalization, len(personalization)), "seeding the DRBG")
        finally:
            lib.gn_memzero(pool, ffi.sizeof("genus_py_entropy_t"))
        self.fn = lib.gn_drbg_rng

    def __del__(self) -> None:
        state = getattr(self, "state", None)
        if state is not None:
            lib.gn_drbg_uninstantiate(state)
