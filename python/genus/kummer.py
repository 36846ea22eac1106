"""Kummer surfaces of genus-2 Jacobians (Gaudry's fast Kummer surfaces: :class:`Surface`) and the
Kummer-surface Diffie-Hellman on the Gaudry-Schost surface over 2^127 - 1 ("Kummer strikes back",
SUPERCOP's kumfp127g wire format): 32-byte secrets, 48-byte public keys."""
from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

from genus._lib import Error, as_bytes, as_int, check, counts_dict, ffi, lib, new
from genus.drbg import KeyRng

__all__ = ["keygen", "public_key", "dh", "SECRET_BYTES", "PUBLIC_BYTES", "Surface", "KummerPoint", "LADDERS"]

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


LADDERS = {"auto": lib.GN_KUMMER_LADDER_AUTO, "generic": lib.GN_KUMMER_LADDER_GENERIC,
           "gs127-v4": lib.GN_KUMMER_LADDER_GS127_V4, "gs127-avx2": lib.GN_KUMMER_LADDER_GS127_AVX2,
           "gs127-mulx": lib.GN_KUMMER_LADDER_GS127_MULX}
_MODELS = {"squared": lib.GN_KUMMER_SQUARED, "theta": lib.GN_KUMMER_THETA}


class Surface:
    """A fast Kummer surface (Gaudry 2007) over F_p given by its four theta constants, squared
    (a^2 : b^2 : c^2 : d^2) or plain (a : b : c : d) (``model``); :meth:`gs127` is the surface of
    "Kummer strikes back". Points are projective (x : y : z : t); the group law is the
    pseudo-group's: doubling, differential addition, the constant-time ladder.
    ``ladder``: one of :data:`LADDERS` (the gs127 surface has dedicated ones)."""

    def __init__(self, p: object, constants: Sequence[int], model: str = "squared", ladder: str = "auto") -> None:
        from genus.field import PrimeField
        F = p if isinstance(p, PrimeField) else PrimeField(as_int(p, "p"))
        if not isinstance(model, str) or model not in _MODELS:
            raise Error("unknown Kummer model %r (squared, theta)" % (model,), lib.GN_ERR_INVALID)
        if isinstance(constants, (str, bytes)) or len(constants) != 4:
            raise Error("a Kummer surface has four theta constants", lib.GN_ERR_INVALID)
        arr = ffi.new("gn_fp_t[4]")
        for i, c in enumerate(constants):
            ffi.memmove(ffi.addressof(arr, i), F(as_int(c, "a constant"))._v, ffi.sizeof("gn_fp_t"))
        self._ctx = new("gn_kummer_ctx_t *")
        check(lib.gn_kummer_init(self._ctx, F._ctx, _MODELS[model], arr), "Kummer surface")
        self.model = model
        self._setup(F, ladder)

    @classmethod
    def gs127(cls, ladder: str = "auto") -> "Surface":
        S = cls.__new__(cls)
        S._ctx = new("gn_kummer_ctx_t *")
        check(lib.gn_kummer_init_gs127(S._ctx), "the gs127 Kummer surface")
        S.model = "squared"
        from genus.field import PrimeField
        S._setup(PrimeField(2**127 - 1, kernel="special"), ladder)
        return S

    def _setup(self, F: Any, ladder: str) -> None:
        self.field = F
        if not isinstance(ladder, str) or ladder not in LADDERS:
            raise Error("unknown Kummer ladder %r (%s)" % (ladder, ", ".join(LADDERS)), lib.GN_ERR_INVALID)
        check(lib.gn_kummer_set_ladder(self._ctx, LADDERS[ladder]), "ladder %s" % ladder)
        kind = lib.gn_kummer_get_ladder(self._ctx)
        self.ladder = next(k for k, v in LADDERS.items() if v == kind)
        r = new("gn_kummer_point_t *")
        lib.gn_kummer_identity(self._ctx, r)
        self.identity = KummerPoint(self, r)

    def __call__(self, x: int, y: int, z: int, t: int) -> "KummerPoint":
        """The point (x : y : z : t); Error unless it lies on the surface."""
        r = new("gn_kummer_point_t *")
        for i, c in enumerate((x, y, z, t)):
            ffi.memmove(ffi.addressof(r.c, i), self.field(as_int(c, "a coordinate"))._v, ffi.sizeof("gn_fp_t"))
        if not lib.gn_kummer_on_surface(self._ctx, r):
            check(lib.GN_ERR_NOT_ON_CURVE, "(%d : %d : %d : %d)" % (x, y, z, t))
        return KummerPoint(self, r)

    def decode(self, b: bytes) -> "KummerPoint":
        """A point from its wrapped encoding (x/y, x/z, x/t: the 48-byte public keys on gs127)."""
        b = as_bytes(b, "b")
        r = new("gn_kummer_point_t *")
        check(lib.gn_kummer_decode_wrapped(self._ctx, r, b, len(b)), "decode")
        return KummerPoint(self, r)

    def diff_add(self, P: "KummerPoint", Q: "KummerPoint", D: "KummerPoint") -> "KummerPoint":
        """P + Q given D = P - Q (whose coordinates must be non-zero)."""
        r = new("gn_kummer_point_t *")
        check(lib.gn_kummer_diff_add(self._ctx, r, self._own(P)._p, self._own(Q)._p, self._own(D)._p), "diff_add")
        return KummerPoint(self, r)

    def ops(self) -> dict:
        """Field operations of the doubling, the differential addition and the ladder step."""
        counts = new("gn_op_counts_t *")
        out = {}
        for name, op in (("dbl", lib.GN_KUMMER_OP_DBL), ("diff_add", lib.GN_KUMMER_OP_DIFF_ADD),
                         ("ladder_step", lib.GN_KUMMER_OP_LADDER_STEP)):
            check(lib.gn_kummer_count_ops(self._ctx, op, counts), "operation counts")
            out[name] = counts_dict(counts)
        return out

    def _own(self, P: "KummerPoint") -> "KummerPoint":
        if not isinstance(P, KummerPoint):
            raise TypeError("expected a KummerPoint")
        if P.surface is not self:
            raise Error("a point of another Kummer surface", lib.GN_ERR_INVALID)
        return P

    def __repr__(self) -> str:
        return "<genus.kummer.Surface %s over %r, ladder %s>" % (self.model, self.field, self.ladder)


class KummerPoint:
    """A point of a :class:`Surface`: immutable, hashable (projectively: equal points compare
    and hash equal), with k * P (the ladder), P.double(), .coordinates (normalised: the first
    non-zero one is 1) and encode() (wrapped)."""

    __slots__ = ("surface", "_p")

    def __init__(self, surface: Surface, p: Any) -> None:
        self.surface = surface
        self._p = p

    def double(self) -> "KummerPoint":
        r = new("gn_kummer_point_t *")
        lib.gn_kummer_dbl(self.surface._ctx, r, self._p)
        return KummerPoint(self.surface, r)

    def __rmul__(self, k: int) -> "KummerPoint":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        if k < 0:
            k = -k  # [-1] is the identity on the Kummer surface
        if k.bit_length() > 1024:
            raise Error("Kummer scalars of at most 1024 bits (the ladder runs over every bit)", lib.GN_ERR_RANGE)
        kb = k.to_bytes(max(32, (k.bit_length() + 7) // 8), "big")
        r = new("gn_kummer_point_t *")
        check(lib.gn_kummer_mul(self.surface._ctx, r, kb, len(kb), self._p), "Kummer ladder")
        return KummerPoint(self.surface, r)

    __mul__ = __rmul__

    @property
    def coordinates(self) -> tuple:
        r = new("gn_kummer_point_t *")
        lib.gn_kummer_normalize(self.surface._ctx, r, self._p)
        from genus.field import Element
        return tuple(int(Element(self.surface.field, ffi.addressof(r.c, i))) for i in range(4))

    def encode(self) -> bytes:
        n = lib.gn_kummer_wrapped_bytes(self.surface._ctx)
        out = ffi.new("uint8_t[]", n)
        lib.gn_kummer_encode_wrapped(self.surface._ctx, out, self._p)
        return bytes(ffi.buffer(out, n))

    def __eq__(self, Q: object) -> bool:
        return isinstance(Q, KummerPoint) and Q.surface is self.surface and bool(
            lib.gn_kummer_eq(self.surface._ctx, self._p, Q._p))

    def __hash__(self) -> int:
        return hash(self.coordinates)

    def __repr__(self) -> str:
        return "(%d : %d : %d : %d)" % self.coordinates
