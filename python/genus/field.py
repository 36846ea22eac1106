"""Finite fields: prime fields F_p on the C library's kernels (Montgomery, fixed-size, mulx/adx,
special-form primes) and binary fields GF(2^m) in polynomial basis. Elements are immutable and
hashable; the arithmetic is the C library's, one call per operation."""
from __future__ import annotations

import itertools
from typing import Any, Iterator, Optional, Sequence, Union

from genus._lib import Error, as_bytes, as_int, check, ffi, lib, limbs_to_int, new

__all__ = ["Field", "Element", "PrimeField", "BinaryField", "ExtensionField", "FP_KERNELS", "F2M_KERNELS"]

#: prime-field kernel names -> gn_fp_kernel_kind ("auto": the fastest for p on this CPU)
FP_KERNELS = {
    "auto": lib.GN_FP_KERNEL_AUTO,
    "generic": lib.GN_FP_KERNEL_GENERIC,
    "fixed": lib.GN_FP_KERNEL_FIXED,
    "mulx": lib.GN_FP_KERNEL_MULX,
    "special": lib.GN_FP_KERNEL_SPECIAL,
    "rns": lib.GN_FP_KERNEL_RNS,
    "gmp": lib.GN_FP_KERNEL_GMP,
    "pari": lib.GN_FP_KERNEL_PARI,
}
#: binary-field multiplier names -> gn_f2m_kernel_kind
F2M_KERNELS = {"auto": lib.GN_F2M_KERNEL_AUTO, "portable": lib.GN_F2M_KERNEL_PORTABLE, "clmul": lib.GN_F2M_KERNEL_CLMUL}

Operand = Union["Element", int]


def _num(x: int) -> str:
    return "%d" % x if x < 1 << 64 else "0x%x" % x


class Field:
    """What prime and binary fields share; the element interface is :class:`Element`'s."""

    _ctype = ""
    nbytes: int  #: bytes of an encoded element
    kernel: str
    _ctx: Any
    _owner: Any
    _rns: Any
    _add: Any
    _sub: Any
    _mul: Any
    _inv: Any
    _encode: Any

    def _is_zero(self, v: Any) -> int:
        raise NotImplementedError

    def _eq(self, a: Any, b: Any) -> int:
        raise NotImplementedError

    def _pow(self, x: "Element", e: int) -> "Element":
        raise NotImplementedError

    def _sqrt(self, x: "Element") -> Optional["Element"]:
        raise NotImplementedError

    def _is_square(self, x: "Element") -> bool:
        raise NotImplementedError

    def __call__(self, x: Any) -> "Element":
        """The element x: an integer (prime fields: reduced modulo p, negative ones included;
        binary fields: the polynomial whose bit i is the coefficient of z^i, reduced modulo the
        field polynomial) or an element of this field."""
        if isinstance(x, Element):
            if x.field is self:
                return x
            if x.field != self:
                raise Error("the element belongs to %r, not to %r" % (x.field, self))
            return self.from_bytes(bytes(x))  # the same field on another kernel: another representation
        return self._from_int(as_int(x, "a field element"))

    def from_bytes(self, b: bytes) -> "Element":
        """Decode exactly :attr:`nbytes` big-endian bytes of a canonical element (Error otherwise)."""
        b = as_bytes(b, "b")
        r = self._new()
        check(self._decode(r, b, len(b)), "%r.from_bytes" % self)
        return Element(self, r)

    def zero(self) -> "Element":
        return self._from_int(0)

    def one(self) -> "Element":
        return self._from_int(1)

    # ---- per field kind
    def _new(self) -> Any:
        return new(self._ctype + " *")

    def _from_int(self, x: int) -> "Element":
        raise NotImplementedError

    def _decode(self, r: Any, b: bytes, n: int) -> int:
        raise NotImplementedError

    def _key(self) -> tuple:
        raise NotImplementedError

    def _to_int(self, x: "Element") -> int:
        return int.from_bytes(bytes(x), "big")

    def _coefficients(self, x: "Element") -> list:
        return [int(x)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


class Element:
    """An element of a :class:`PrimeField` or :class:`BinaryField`: immutable, hashable, with the
    field operators (+, -, *, /, **, unary -), int(x), bytes(x) (big-endian, :attr:`Field.nbytes`
    bytes), x.inverse(), x.sqrt() and x.is_square(). Integers mix in as elements of the same
    field; elements of two fields raise :class:`genus.Error`."""

    __slots__ = ("field", "_v")

    def __init__(self, field: Field, v: Any) -> None:
        self.field = field
        self._v = v

    def _other(self, y: Operand) -> "Element":
        if isinstance(y, Element):
            if isinstance(self.field, ExtensionField) and y.field == self.field.base:
                return self.field(y)  # F_p inside F_p^k
            if y.field is not self.field:
                if y.field != self.field:
                    raise Error("elements of two fields: %r and %r" % (self.field, y.field))
                return self.field.from_bytes(bytes(y))  # the same field made apart (another kernel)
            return y
        if isinstance(y, int) and not isinstance(y, bool):
            return self.field._from_int(y)
        raise TypeError("unsupported operand: %s" % type(y).__name__)

    def _op(self, fn: Any, y: "Element") -> "Element":
        f = self.field
        r = f._new()
        fn(f._ctx, r, self._v, y._v)
        return Element(f, r)

    def __add__(self, y: Operand) -> "Element":
        return self._op(self.field._add, self._other(y))

    def __radd__(self, y: int) -> "Element":
        return self._other(y) + self

    def __sub__(self, y: Operand) -> "Element":
        return self._op(self.field._sub, self._other(y))

    def __rsub__(self, y: int) -> "Element":
        return self._other(y) - self

    def __mul__(self, y: Operand) -> "Element":
        return self._op(self.field._mul, self._other(y))

    def __rmul__(self, y: int) -> "Element":
        return self._other(y) * self

    def __truediv__(self, y: Operand) -> "Element":
        return self * self._other(y).inverse()

    def __rtruediv__(self, y: int) -> "Element":
        return self._other(y) / self

    def __neg__(self) -> "Element":
        return self.field.zero() - self

    def __pos__(self) -> "Element":
        return self

    def __pow__(self, e: int) -> "Element":
        e = as_int(e, "exponent")
        if e < 0:
            return self.inverse() ** -e
        return self.field._pow(self, e)

    def inverse(self) -> "Element":
        """1/x in constant time; Error for zero."""
        f = self.field
        r = f._new()
        check(f._inv(f._ctx, r, self._v), "inverse")
        return Element(f, r)

    def sqrt(self) -> Optional["Element"]:
        """A square root, or None when x is not a square (constant time in x)."""
        return self.field._sqrt(self)

    def is_square(self) -> bool:
        return self.field._is_square(self)

    def __int__(self) -> int:
        return self.field._to_int(self)

    def coefficients(self) -> list:
        """The coordinates over the prime field: [x] in F_p and GF(2^m) (as int(x)), [c0, c1(, c2)]
        in an extension (x = c0 + c1 t + c2 t^2)."""
        return self.field._coefficients(self)

    def __index__(self) -> int:
        return int(self)

    def __bytes__(self) -> bytes:
        f = self.field
        out = ffi.new("uint8_t[]", f.nbytes)
        f._encode(f._ctx, out, self._v)
        return bytes(ffi.buffer(out, f.nbytes))

    def __bool__(self) -> bool:
        return not self.field._is_zero(self._v)

    def __eq__(self, y: object) -> bool:
        if isinstance(y, int) and not isinstance(y, bool):
            y = self.field._from_int(y)
        if not isinstance(y, Element) or (y.field is not self.field and y.field != self.field):
            return False
        if y.field is not self.field:
            return bytes(self) == bytes(y)
        return bool(self.field._eq(self._v, y._v))

    def __hash__(self) -> int:
        cs = self.coefficients()
        # equal to an int -> the int's hash (x == int(x)); extension elements by their coefficients
        return hash(cs[0]) if len(cs) == 1 or not any(cs[1:]) else hash((self.field._key(), tuple(cs)))

    def __repr__(self) -> str:
        cs = self.coefficients()
        text = _num(cs[0]) if isinstance(self.field, (PrimeField, BinaryField)) else "[%s]" % ", ".join(map(_num, cs))
        return "%r(%s)" % (self.field, text)

    def __str__(self) -> str:
        cs = self.coefficients()
        return str(cs[0]) if len(cs) == 1 else str(cs)


class PrimeField(Field):
    """F_p for an odd prime p of at most 1024 bits (Baillie-PSW checked by the C library).

    ``kernel``: one of :data:`FP_KERNELS`; "auto" takes the fastest the running CPU has for p (the
    special-form kernels for 2^255 - 19, 2^127 - 1, 2^521 - 1, P-256, secp256k1's and curve448's
    primes, mulx/adx for 2..9 limbs, ...). :attr:`kernel` names the one chosen."""

    _ctype = "gn_fp_t"

    def __init__(self, p: int, kernel: str = "auto") -> None:
        p = as_int(p, "p")
        if not isinstance(kernel, str):
            raise TypeError("kernel must be a str")
        if kernel not in FP_KERNELS:
            raise Error("unknown prime-field kernel %r (%s)" % (kernel, ", ".join(FP_KERNELS)), lib.GN_ERR_INVALID)
        if p < 3 or p.bit_length() > lib.GN_FP_MAX_BITS:
            raise Error("p: %s (3 <= p < 2^%d)" % (ffi.string(lib.gn_strerror(lib.GN_ERR_TOO_LARGE)).decode(),
                                                  lib.GN_FP_MAX_BITS), lib.GN_ERR_TOO_LARGE)
        self._ctx = new("gn_fp_ctx_t *")
        pb = p.to_bytes((p.bit_length() + 7) // 8, "big")
        if kernel == "rns":  # the bases: storage the context points at, kept alive with the field
            self._rns = new("gn_rns_ctx_t *")
            check(lib.gn_fp_init_rns(self._ctx, pb, len(pb), self._rns, ffi.NULL), "PrimeField(%s)" % _num(p))
        else:
            check(lib.gn_fp_init_kernel(self._ctx, pb, len(pb), FP_KERNELS[kernel]), "PrimeField(%s)" % _num(p))
        self._init_common(p)

    def _init_common(self, p: int) -> None:
        self.p = p
        self.nbytes = lib.gn_fp_bytes(self._ctx)
        self.bits = lib.gn_fp_bits(self._ctx)
        self.kernel = ffi.string(lib.gn_fp_kernel_name(self._ctx)).decode()
        self._add, self._sub, self._mul = lib.gn_fp_add, lib.gn_fp_sub, lib.gn_fp_mul
        self._inv, self._encode = lib.gn_fp_inv, lib.gn_fp_encode

    @classmethod
    def _of_context(cls, ctx: Any, owner: Any) -> "PrimeField":
        """The field of a curve context (shares its storage; ``owner`` keeps it alive)."""
        f = cls.__new__(cls)
        f._ctx = ctx
        f._owner = owner
        f._init_common(limbs_to_int(ctx.p, lib.gn_fp_limbs(ctx)))
        return f

    @property
    def characteristic(self) -> int:
        return self.p

    @property
    def order(self) -> int:
        return self.p

    def _key(self) -> tuple:
        return ("F_p", self.p)

    def _from_int(self, x: int) -> Element:
        r = self._new()
        check(lib.gn_fp_decode(self._ctx, r, (x % self.p).to_bytes(self.nbytes, "big"), self.nbytes))
        return Element(self, r)

    def _decode(self, r: Any, b: bytes, n: int) -> int:
        return lib.gn_fp_decode(self._ctx, r, b, n)

    def _is_zero(self, v: Any) -> int:
        return lib.gn_fp_is_zero(self._ctx, v)

    def _eq(self, a: Any, b: Any) -> int:
        return lib.gn_fp_eq(self._ctx, a, b)

    def _pow(self, x: Element, e: int) -> Element:
        # x^e = x^(e mod (p - 1)) for e > 0, keeping 0^e = 0: the exponent fits p's limbs
        if e >= self.p:
            e = (e - 1) % (self.p - 1) + 1
        n = lib.gn_fp_limbs(self._ctx)
        limbs = ffi.new("gn_limb_t[]", n)
        eb = e.to_bytes(self.nbytes, "big")
        check(lib.gn_mp_from_bytes_be(limbs, n, eb, len(eb)))
        r = self._new()
        lib.gn_fp_pow(self._ctx, r, x._v, limbs, n)
        return Element(self, r)

    def _sqrt(self, x: Element) -> Optional[Element]:
        r = self._new()
        return Element(self, r) if lib.gn_fp_sqrt(self._ctx, r, x._v) == 0 else None

    def _is_square(self, x: Element) -> bool:
        return lib.gn_fp_legendre(self._ctx, x._v) >= 0

    def __repr__(self) -> str:
        return "PrimeField(%s)" % _num(self.p)


# Polynomials of the NIST binary fields (FIPS 186-4 D.1.3) and SEC 2's 113/131-bit fields: the
# default when BinaryField is given m alone; other degrees take the first irreducible trinomial,
# else pentanomial, in lexicographic order of the middle exponents (lowest first).
_STANDARD = {163: (163, 7, 6, 3, 0), 233: (233, 74, 0), 283: (283, 12, 7, 5, 0), 409: (409, 87, 0),
             571: (571, 10, 5, 2, 0), 113: (113, 9, 0), 131: (131, 8, 3, 2, 0)}


class BinaryField(Field):
    """GF(2^m) = GF(2)[z]/(f) for an irreducible trinomial or pentanomial f of degree m <= 571,
    given as its exponents, highest first (``poly=(163, 7, 6, 3, 0)``), or by m alone (NIST's
    polynomial for 163, 233, 283, 409, 571; else the lowest irreducible trinomial, or pentanomial).
    int(x) has bit i = the coefficient of z^i."""

    _ctype = "gn_f2m_t"

    def __init__(self, m: int, poly: Optional[Sequence[int]] = None, kernel: str = "auto") -> None:
        m = as_int(m, "m")
        if not isinstance(kernel, str):
            raise TypeError("kernel must be a str")
        if kernel not in F2M_KERNELS:
            raise Error("unknown binary-field kernel %r (%s)" % (kernel, ", ".join(F2M_KERNELS)), lib.GN_ERR_INVALID)
        if not 2 <= m <= lib.GN_F2M_MAX_M:
            raise Error("m = %d: GF(2^m) needs 2 <= m <= %d" % (m, lib.GN_F2M_MAX_M), lib.GN_ERR_INVALID)
        self._ctx = new("gn_f2m_ctx_t *")
        kind = F2M_KERNELS[kernel]
        if poly is None:
            exps = self._find(m, kind)
        else:
            if isinstance(poly, (str, bytes)):
                raise TypeError("poly must be a sequence of exponents")
            exps = tuple(as_int(e, "an exponent") for e in poly)
            if not exps or exps[0] != m:
                raise Error("poly %r does not have degree m = %d" % (list(exps), m), lib.GN_ERR_INVALID)
            self._init(exps, kind)
        self._init_common(m, exps)

    def _init_common(self, m: int, exps: tuple) -> None:
        self.m, self.poly = m, exps
        self.nbytes = lib.gn_f2m_bytes(self._ctx)
        self.kernel = ffi.string(lib.gn_f2m_kernel_name(self._ctx)).decode()
        self._add = self._sub = lib.gn_f2m_add
        self._mul, self._inv, self._encode = lib.gn_f2m_mul, lib.gn_f2m_inv, lib.gn_f2m_encode

    @classmethod
    def _of_context(cls, ctx: Any, owner: Any) -> "BinaryField":
        """The field of a binary curve's context (shares its storage; ``owner`` keeps it alive)."""
        f = cls.__new__(cls)
        f._ctx = ctx
        f._owner = owner
        f._init_common(int(ctx.m), (int(ctx.m),) + tuple(int(ctx.k[i]) for i in range(ctx.nk)) + (0,))
        return f

    def _init(self, exps: Sequence[int], kind: int) -> int:
        if any(not 0 <= e <= lib.GN_F2M_MAX_M for e in exps) or len(exps) not in (3, 5):
            raise Error("poly %r: a trinomial or pentanomial of degree <= %d, exponents highest first"
                        % (list(exps), lib.GN_F2M_MAX_M), lib.GN_ERR_INVALID)
        arr = ffi.new("unsigned[]", list(exps))
        err = lib.gn_f2m_init_kernel(self._ctx, arr, len(exps), kind)
        check(err, "BinaryField(%d, %r)" % (exps[0], list(exps)))
        return err

    def _find(self, m: int, kind: int) -> tuple:
        if m in _STANDARD:
            self._init(_STANDARD[m], kind)
            return _STANDARD[m]
        candidates: Iterator[tuple] = itertools.chain(
            ((m, k, 0) for k in range(1, m)),
            ((m, a, b, c, 0) for a in range(3, m) for b in range(2, a) for c in range(1, b)))
        for exps in candidates:
            arr = ffi.new("unsigned[]", list(exps))
            err = lib.gn_f2m_init_kernel(self._ctx, arr, len(exps), kind)
            if err == 0:
                return exps
            if err != lib.GN_ERR_REDUCIBLE:
                check(err, "BinaryField(%d)" % m)
        raise Error("no irreducible trinomial or pentanomial of degree %d" % m, lib.GN_ERR_REDUCIBLE)

    @property
    def characteristic(self) -> int:
        return 2

    @property
    def order(self) -> int:
        return 1 << self.m

    def _key(self) -> tuple:
        return ("GF(2^m)", self.poly)

    def _reduce(self, x: int) -> int:
        """x modulo the field polynomial, as polynomials over GF(2) (x >= 0)."""
        f = sum(1 << e for e in self.poly)
        m = self.m
        while x.bit_length() > m:
            x ^= f << (x.bit_length() - 1 - m)
        return x

    def _from_int(self, x: int) -> Element:
        if x < 0:
            raise Error("a GF(2^m) element is a polynomial with 0/1 coefficients: a natural, not %d" % x,
                        lib.GN_ERR_RANGE)
        r = self._new()
        check(lib.gn_f2m_decode(self._ctx, r, self._reduce(x).to_bytes(self.nbytes, "big"), self.nbytes))
        return Element(self, r)

    def _decode(self, r: Any, b: bytes, n: int) -> int:
        return lib.gn_f2m_decode(self._ctx, r, b, n)

    def _is_zero(self, v: Any) -> int:
        return int(lib.gn_f2m_is_zero(self._ctx, v) != 0)

    def _eq(self, a: Any, b: Any) -> int:
        r = self._new()
        lib.gn_f2m_add(self._ctx, r, a, b)
        return self._is_zero(r)

    def _pow(self, x: Element, e: int) -> Element:
        # square and multiply, left to right over the bits of e mod (2^m - 1) (x^(2^m - 1) = 1)
        if e >= self.order:
            e = (e - 1) % (self.order - 1) + 1
        r = self.one()._v
        for bit in bin(e)[2:] if e else "":
            lib.gn_f2m_sqr(self._ctx, r, r)
            t = self._new()
            lib.gn_f2m_mul(self._ctx, t, r, x._v)
            r = t if bit == "1" else r
        return Element(self, r)

    def _sqrt(self, x: Element) -> Element:
        r = self._new()
        lib.gn_f2m_sqrt(self._ctx, r, x._v)
        return Element(self, r)

    def _is_square(self, x: Element) -> bool:
        return True  # squaring is a bijection of GF(2^m)

    def trace(self, x: Operand) -> int:
        """Tr(x) = x + x^2 + ... + x^(2^(m-1)) in {0, 1}."""
        return int(lib.gn_f2m_trace(self._ctx, self(x)._v))

    def __repr__(self) -> str:
        return "BinaryField(%d, %r)" % (self.m, list(self.poly))


class ExtensionField(Field):
    """F_p^2 = F_p[t]/(t^2 - beta) or F_p^3 = F_p[t]/(t^3 - gamma) over a :class:`PrimeField`, on
    the C library's extension arithmetic (Karatsuba products, Frobenius, norm, square roots).
    ``nonresidue``: beta (a non-square) or gamma (a non-cube, p = 1 mod 3); by default -1 when
    p = 3 mod 4, else the small integer of least absolute value that serves. Elements are built
    from a coefficient list ``K([c0, c1])``, an integer or an element of the base field; bytes(x)
    is the coefficients' encodings, c0 first."""

    _ctype = "gn_fpx_t"

    def __init__(self, base: PrimeField, degree: int, nonresidue: Optional[int] = None) -> None:
        if not isinstance(base, PrimeField):
            raise TypeError("the base of an extension is a PrimeField")
        degree = as_int(degree, "degree")
        if degree not in (2, 3):
            raise Error("extensions of degree 2 and 3 only, not %d" % degree, lib.GN_ERR_INVALID)
        self.base, self.degree = base, degree
        self._ctx = new("gn_fpx_ctx_t *")
        nr = ffi.NULL if nonresidue is None else base(as_int(nonresidue, "nonresidue"))._v
        check(lib.gn_fpx_init(self._ctx, base._ctx, degree, nr), "%r extension of degree %d" % (base, degree))
        out = base._new()
        lib.gn_fpx_get_nonresidue(self._ctx, out)
        self.nonresidue = int(Element(base, out))
        self.nbytes = degree * base.nbytes
        self.p = base.p
        self._add, self._sub, self._mul, self._inv = lib.gn_fpx_add, lib.gn_fpx_sub, lib.gn_fpx_mul, lib.gn_fpx_inv

    @property
    def characteristic(self) -> int:
        return self.p

    @property
    def order(self) -> int:
        return self.p ** self.degree

    def _key(self) -> tuple:
        return ("F_p^k", self.p, self.degree, self.nonresidue)

    def __call__(self, x: Any) -> Element:
        if isinstance(x, (list, tuple)):
            if len(x) != self.degree:
                raise Error("an element of %r has %d coefficients, not %d" % (self, self.degree, len(x)),
                            lib.GN_ERR_INVALID)
            return self._from_coefficients([self.base(c) for c in x])
        if isinstance(x, Element) and x.field == self.base:
            return self._from_coefficients([x] + [self.base.zero()] * (self.degree - 1))
        return super().__call__(x)

    def _from_coefficients(self, cs: list) -> Element:
        arr = ffi.new("gn_fp_t[]", self.degree)
        for i, c in enumerate(cs):
            ffi.memmove(ffi.addressof(arr, i), c._v, ffi.sizeof("gn_fp_t"))
        r = self._new()
        lib.gn_fpx_set(self._ctx, r, arr)
        return Element(self, r)

    def _from_int(self, x: int) -> Element:
        return self._from_coefficients([self.base(x)] + [self.base.zero()] * (self.degree - 1))

    def _split(self, v: Any) -> list:
        arr = ffi.new("gn_fp_t[]", self.degree)
        lib.gn_fpx_get(self._ctx, arr, v)
        out = []
        for i in range(self.degree):
            c = self.base._new()
            ffi.memmove(c, ffi.addressof(arr, i), ffi.sizeof("gn_fp_t"))
            out.append(Element(self.base, c))
        return out

    def _encode(self, ctx: Any, out: Any, v: Any) -> None:
        n = self.base.nbytes
        for i, c in enumerate(self._split(v)):
            ffi.memmove(out + i * n, bytes(c), n)

    def _decode(self, r: Any, b: bytes, n: int) -> int:
        k = self.base.nbytes
        if n != self.nbytes:
            return lib.GN_ERR_INVALID  # type: ignore[no-any-return]
        cs = []
        for i in range(self.degree):
            c = self.base._new()
            err = lib.gn_fp_decode(self.base._ctx, c, b[i * k:(i + 1) * k], k)
            if err:
                return err  # type: ignore[no-any-return]
            cs.append(Element(self.base, c))
        ffi.memmove(r, self._from_coefficients(cs)._v, ffi.sizeof("gn_fpx_t"))
        return 0

    def _to_int(self, x: Element) -> int:
        cs = self._split(x._v)
        if any(cs[1:]):
            raise TypeError("%r is not in the prime field: use coefficients()" % x)
        return int(cs[0])

    def _coefficients(self, x: Element) -> list:
        return [int(c) for c in self._split(x._v)]

    def _is_zero(self, v: Any) -> int:
        return lib.gn_fpx_is_zero(self._ctx, v)  # type: ignore[no-any-return]

    def _eq(self, a: Any, b: Any) -> int:
        return lib.gn_fpx_eq(self._ctx, a, b)  # type: ignore[no-any-return]

    def _pow(self, x: Element, e: int) -> Element:
        q = self.order
        if e >= q:
            e = (e - 1) % (q - 1) + 1
        n = (q.bit_length() + 8 * ffi.sizeof("gn_limb_t") - 1) // (8 * ffi.sizeof("gn_limb_t"))
        limbs = ffi.new("gn_limb_t[]", n)
        eb = e.to_bytes(n * ffi.sizeof("gn_limb_t"), "big")
        check(lib.gn_mp_from_bytes_be(limbs, n, eb, len(eb)))
        r = self._new()
        lib.gn_fpx_pow(self._ctx, r, x._v, limbs, n)
        return Element(self, r)

    def _sqrt(self, x: Element) -> Optional[Element]:
        r = self._new()
        return Element(self, r) if lib.gn_fpx_sqrt(self._ctx, r, x._v) == 0 else None

    def _is_square(self, x: Element) -> bool:
        return lib.gn_fpx_legendre(self._ctx, x._v) >= 0  # type: ignore[no-any-return]

    def frobenius(self, x: Operand) -> Element:
        """x^p."""
        r = self._new()
        lib.gn_fpx_frobenius(self._ctx, r, self(x)._v)
        return Element(self, r)

    def norm(self, x: Operand) -> Element:
        """The norm of x down to the prime field: x^(1 + p (+ p^2))."""
        r = self.base._new()
        lib.gn_fpx_norm(self._ctx, r, self(x)._v)
        return Element(self.base, r)

    def __repr__(self) -> str:
        return "ExtensionField(%r, %d, nonresidue=%d)" % (self.base, self.degree, self.nonresidue)
