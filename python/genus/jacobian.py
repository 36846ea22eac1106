"""Jacobians of genus-2 curves y^2 = f(x) (deg f = 5 or 6) over prime fields, elements in
Mumford representation (u, v): u monic of degree <= 2, deg v < deg u, u | v^2 - f; on split
degree-6 curves also n, the balanced representation's multiplicity at infinity (genus/g2.h)."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

from genus._lib import Error, as_bytes, as_int, check, counts_dict, ffi, lib, new
from genus.drbg import KeyRng
from genus.field import Element, PrimeField

__all__ = ["Jacobian", "Divisor"]


class Jacobian:
    """The Jacobian of y^2 = f(x) over F_p, f = f[0] + f[1] x + ... (6 or 7 coefficients, a
    squarefree f of degree 5 or 6: the C library checks), or :meth:`gs127`, the Rosenhain curve
    over 2^127 - 1 under the Gaudry-Schost Kummer surface. Read-only, shareable between threads."""

    def __init__(self, p: Any, f: Sequence[int], kernel: str = "auto") -> None:
        F = p if isinstance(p, PrimeField) else PrimeField(as_int(p, "p"), kernel=kernel)
        if isinstance(f, (str, bytes)) or not hasattr(f, "__len__"):
            raise TypeError("f is a sequence of coefficients, constant first")
        coeffs = [F(as_int(c, "a coefficient of f")) for c in f]
        while len(coeffs) > 6 and not coeffs[-1]:
            coeffs.pop()
        arr = ffi.new("gn_fp_t[]", max(len(coeffs), 1))
        for i, c in enumerate(coeffs):
            ffi.memmove(ffi.addressof(arr, i), c._v, ffi.sizeof("gn_fp_t"))
        self._ctx = new("gn_g2_ctx_t *")
        check(lib.gn_g2_init(self._ctx, F._ctx, arr, len(coeffs)), "genus-2 curve")
        self._setup()

    @classmethod
    def gs127(cls) -> "Jacobian":
        """y^2 = x (x - 1)(x - lambda)(x - mu)(x - nu) over 2^127 - 1 (#J = 16 N, N a 250-bit prime)."""
        J = cls.__new__(cls)
        J._ctx = new("gn_g2_ctx_t *")
        check(lib.gn_g2_init_gs127(J._ctx), "the gs127 curve")
        J._setup()
        return J

    def _setup(self) -> None:
        self.field = PrimeField._of_context(ffi.addressof(self._ctx, "fp"), self)
        self.degree = int(self._ctx.deg)
        self.f = [int(Element(self.field, ffi.addressof(self._ctx.f, i))) for i in range(self.degree + 1)]
        self.split = bool(self._ctx.split)
        self.nbytes = lib.gn_g2_encoded_bytes(self._ctx)
        e = new("gn_g2_elem_t *")
        lib.gn_g2_identity(self._ctx, e)
        self.identity = Divisor(self, e)

    def __call__(self, u: Sequence[int], v: Sequence[int], n: Optional[int] = None) -> "Divisor":
        """The element (u, v[, n]): u = x^2 + u[0] x + u[1] given as (u1, u0), or x + u0 as (u0,),
        or () for u = 1; v as (v1, v0), (v0,) or (); n: split degree-6 curves (default the one
        value allowed when deg u = 2). Error when it is not a valid element."""
        if isinstance(u, (str, bytes)) or isinstance(v, (str, bytes)):
            raise TypeError("u and v are sequences of integers")
        u, v = list(u), list(v)
        d = len(u)
        if d > 2 or len(v) != d:
            raise Error("u has 0, 1 or 2 coefficients below its leading 1, and v as many (deg v < deg u)",
                        lib.GN_ERR_INVALID)
        e = new("gn_g2_elem_t *")
        F = self.field
        coords = [0] * (2 - d) + u + [0] * (2 - d) + v  # u1, u0, v1, v0
        for i, c in enumerate(coords):
            ffi.memmove(ffi.addressof(e.c, i), F(as_int(c, "a coefficient"))._v, ffi.sizeof("gn_fp_t"))
        e.deg = d
        nv = (2 - d if self.split and d == 0 else 0) if n is None else as_int(n, "n")
        if not 0 <= nv <= 2:
            raise Error("n = %d: 0 <= n <= 2 - deg u" % nv, lib.GN_ERR_INVALID)
        e.n = nv
        check(lib.gn_g2_check(self._ctx, e), "(u, v)")
        return Divisor(self, e)

    def decode(self, b: bytes) -> "Divisor":
        """An element from its encoding (1 + 4 field lengths: deg u + 4 n, u1, u0, v1, v0), validated."""
        b = as_bytes(b, "b")
        e = new("gn_g2_elem_t *")
        check(lib.gn_g2_decode(self._ctx, e, b, len(b)), "decode")
        return Divisor(self, e)

    def random(self, seed: Optional[bytes] = None) -> "Divisor":
        """A random element of degree 2 (close to uniform among them)."""
        rng = KeyRng(seed, b"genus g2 random")
        e = new("gn_g2_elem_t *")
        check(lib.gn_g2_random(self._ctx, e, rng.fn, rng.state), "random element")
        return Divisor(self, e)

    def ops(self) -> Dict[str, Dict[str, int]]:
        """Field operations of the explicit formulas (deg f = 5): add, dbl and one signed 4-bit digit step."""
        names = {"add": lib.GN_G2_OP_ADD, "dbl": lib.GN_G2_OP_DBL, "mul_step": lib.GN_G2_OP_MUL_STEP}
        counts = new("gn_op_counts_t *")
        out = {}
        for name, op in names.items():
            check(lib.gn_g2_count_ops(self._ctx, op, counts), "operation counts")
            out[name] = counts_dict(counts)
        return out

    def _key(self) -> tuple:
        return (self.field.p, tuple(self.f), self.field.kernel)  # elements differ by kernel

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Jacobian) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "Jacobian(%r, %r)" % (self.field, self.f)


class Divisor:
    """An element of a :class:`Jacobian`: immutable and hashable, with D + E, D - E, -D, k * D
    (constant time in k on deg f = 5; see genus/g2.h), ==, .u and .v (coefficient lists, highest
    first, leading 1 of u left out), .n, .degree, encode()."""

    __slots__ = ("jacobian", "_e")

    def __init__(self, jacobian: Jacobian, e: Any) -> None:
        self.jacobian = jacobian
        self._e = e

    def _same(self, D: "Divisor") -> "Divisor":
        if not isinstance(D, Divisor):
            raise TypeError("expected a Divisor, not %s" % type(D).__name__)
        if D.jacobian is not self.jacobian and D.jacobian != self.jacobian:
            raise Error("elements of two Jacobians", lib.GN_ERR_INVALID)
        return D

    def __add__(self, D: "Divisor") -> "Divisor":
        if not isinstance(D, Divisor):
            return NotImplemented
        J = self.jacobian
        r = new("gn_g2_elem_t *")
        lib.gn_g2_add(J._ctx, r, self._e, self._same(D)._e)
        return Divisor(J, r)

    def __neg__(self) -> "Divisor":
        r = new("gn_g2_elem_t *")
        lib.gn_g2_neg(self.jacobian._ctx, r, self._e)
        return Divisor(self.jacobian, r)

    def __sub__(self, D: "Divisor") -> "Divisor":
        if not isinstance(D, Divisor):
            return NotImplemented
        return self + (-self._same(D))

    def __rmul__(self, k: int) -> "Divisor":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        J = self.jacobian
        D = self
        if k < 0:
            k, D = -k, -self
        kb = k.to_bytes(max(32, (k.bit_length() + 7) // 8), "big")
        if len(kb) > 128:
            raise Error("scalars of at most 1024 bits (the group order is unknown to the library)", lib.GN_ERR_RANGE)
        r = new("gn_g2_elem_t *")
        check(lib.gn_g2_mul(J._ctx, r, kb, len(kb), D._e), "mul")
        return Divisor(J, r)

    __mul__ = __rmul__

    def __eq__(self, D: object) -> bool:
        if not isinstance(D, Divisor) or (D.jacobian is not self.jacobian and D.jacobian != self.jacobian):
            return False
        return bool(lib.gn_g2_eq(self.jacobian._ctx, self._e, D._e))

    def __hash__(self) -> int:
        return hash((self.jacobian._key(), self.encode()))

    def _coords(self) -> list:
        F = self.jacobian.field
        return [int(Element(F, ffi.addressof(self._e.c, i))) for i in range(4)]

    @property
    def degree(self) -> int:
        return int(self._e.deg)

    @property
    def n(self) -> int:
        return int(self._e.n)

    @property
    def u(self) -> list:
        return self._coords()[2 - self.degree:2]

    @property
    def v(self) -> list:
        return self._coords()[4 - self.degree:4]

    def is_identity(self) -> bool:
        return bool(lib.gn_g2_is_identity(self.jacobian._ctx, self._e))

    def encode(self) -> bytes:
        J = self.jacobian
        out = ffi.new("uint8_t[]", J.nbytes)
        lib.gn_g2_encode(J._ctx, out, self._e)
        return bytes(ffi.buffer(out, J.nbytes))

    def __repr__(self) -> str:
        n = ", n=%d" % self.n if self.jacobian.split else ""
        return "%r(%r, %r%s)" % (self.jacobian, self.u, self.v, n)
