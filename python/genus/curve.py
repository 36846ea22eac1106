"""Elliptic curves over prime fields (short Weierstrass, Montgomery, twisted Edwards, Jacobi
quartic) and over GF(2^m) (y^2 + xy = x^3 + a x^2 + b), with points as immutable values.

One :class:`Curve` class serves both kinds: what differs (the C context, the point type, the
functions) sits in two small tables of operations, so every Python method is written once."""
from __future__ import annotations

import json
import os
import threading
from typing import Any, Dict, Optional, Sequence, Union

from genus._lib import Error, as_bytes, as_int, check, counts_dict, ffi, lib, limbs_to_int, new
from genus.field import BinaryField, Element, Field, PrimeField

__all__ = ["Curve", "Point", "curves", "MODELS", "COORDS", "METHODS"]

#: curve model names (the JSON ``type`` aliases) -> gn_ec_model
MODELS = {"weierstrass": lib.GN_EC_WEIERSTRASS, "edwards": lib.GN_EC_EDWARDS,
          "montgomery": lib.GN_EC_MONTGOMERY, "jacobi-quartic": lib.GN_EC_JACOBI_QUARTIC}
_MODEL_NAMES = {v: k for k, v in MODELS.items()}
#: coordinate systems and scalar-multiplication methods of prime-field curves, by name
COORDS = {ffi.string(lib.gn_ec_coords_name(i)).decode(): i for i in range(1, lib.GN_EC_COORDS_COUNT)}
METHODS = {ffi.string(lib.gn_ec_method_name(i)).decode(): i for i in range(1, lib.GN_EC_METHOD_COUNT)}
#: binary curves: their methods (the constant-time ladder is the default)
BINARY_METHODS = ("ladder", "wnaf", "window")
# curve-file types (as `genus --curve FILE` reads them) -> model
_JSON_TYPES = {"short_weierstrass_prime": "weierstrass", "weierstrass": "weierstrass",
               "twisted_edwards": "edwards", "edwards": "edwards", "montgomery": "montgomery",
               "jacobi_quartic": "jacobi-quartic", "jacobi-quartic": "jacobi-quartic"}
# the constants a and b of gn_ec_params_t in each model's own names
_CONSTANTS = {"weierstrass": ("a", "b"), "edwards": ("a", "d"), "montgomery": ("A", "B"), "jacobi-quartic": ("a", None)}


def curves() -> list:
    """The names of the named curves, prime-field ones first (``genus curves`` lists the same)."""
    names = [ffi.string(lib.gn_ec_named_name(i)).decode() for i in range(lib.gn_ec_named_count())]
    return names + [ffi.string(lib.gn_ec2m_named_name(i)).decode() for i in range(lib.gn_ec2m_named_count())]


def _hex(x: Any, name: str) -> bytes:
    v = as_int(x, name)
    if v < 0:
        raise Error("%s must not be negative" % name, lib.GN_ERR_RANGE)
    return b"%x" % v


def _scalar_bytes(k: int, nbytes: int) -> bytes:
    """k >= 0 as big-endian bytes, at least nbytes long (the length tells no more than the order)."""
    return k.to_bytes(max(nbytes, (k.bit_length() + 7) // 8), "big")


class _PrimeOps:
    """Prime-field curves: gn_ec_*."""
    point = "gn_ec_point_t *"
    add, neg, eq = lib.gn_ec_add, lib.gn_ec_neg, lib.gn_ec_point_eq
    encode, decode, set_infinity = lib.gn_ec_encode, lib.gn_ec_decode, lib.gn_ec_set_infinity
    max_scalar = lib.GN_EC_MAX_SCALAR_BYTES
    max_encoding = 1 + 2 * (lib.GN_FP_MAX_BITS // 8)


class _BinaryOps:
    """Binary curves: gn_ec2m_*."""
    point = "gn_ec2m_point_t *"
    add, neg, eq = lib.gn_ec2m_add, lib.gn_ec2m_neg, lib.gn_ec2m_point_eq_var
    encode, decode, set_infinity = lib.gn_ec2m_encode, lib.gn_ec2m_decode, lib.gn_ec2m_set_infinity
    max_scalar = lib.GN_EC2M_MAX_SCALAR_BYTES
    max_encoding = lib.GN_EC2M_MAX_ENCODING


class Curve:
    """A curve with a base point G of order n and cofactor h, on a C context (read-only, shared by
    threads). Build one with :meth:`named`, :meth:`from_json` or the model constructors
    (:meth:`weierstrass`, :meth:`montgomery`, :meth:`edwards`, :meth:`jacobi_quartic`,
    :meth:`binary`); the C library validates the curve (non-singular, G on it, n G = O, Hasse's
    bound for h n). Arithmetic runs on any valid curve; key exchange needs n prime and h n proven
    to be the group order (:attr:`protocols_ok`)."""

    is_binary: bool  #: a curve over GF(2^m)
    field: Any  # PrimeField or BinaryField
    model: str
    name: str
    order: int
    cofactor: int
    n_prime: bool
    order_exact: bool
    a: int
    b: int
    generator: "Point"
    infinity: "Point"
    _ctx: Any
    _ops: Any
    _params: Optional[Dict[str, Any]]
    _kernel_name: str
    _rns: Any  # the RNS kernel's bases (the context points at them), or None
    _variants: Dict[Any, "Curve"]
    _lock: Any
    _key: tuple
    _scalar_len: int
    _keep: Dict[str, Any]
    _related: "Curve"

    # ---- construction
    def __init__(self) -> None:
        raise TypeError("build curves with Curve.named, Curve.from_json or a model constructor")

    @classmethod
    def _prime(cls, ctx: Any, params: Optional[Dict[str, Any]], kernel: str = "auto") -> "Curve":
        E = object.__new__(cls)
        E._ctx, E._ops, E.is_binary = ctx, _PrimeOps, False
        E._params, E._kernel_name, E._variants, E._lock = params, kernel, {}, threading.Lock()
        E.field = PrimeField._of_context(ffi.addressof(ctx, "fp"), E)
        E.model = _MODEL_NAMES[ctx.model]
        E.name = ffi.string(ctx.name).decode()
        E.order = limbs_to_int(ctx.n, lib.GN_EC_ORDER_LIMBS)
        E.cofactor = int(ctx.h)
        E.n_prime, E.order_exact = bool(ctx.n_prime), bool(ctx.order_exact)
        E._scalar_len = lib.gn_ec_scalar_bytes(ctx)
        E._finish()
        return E

    @classmethod
    def _binary(cls, ctx: Any) -> "Curve":
        E = object.__new__(cls)
        E._ctx, E._ops, E.is_binary = ctx, _BinaryOps, True
        E._params, E._kernel_name, E._variants, E._lock = None, "auto", {}, threading.Lock()
        E.field = BinaryField._of_context(ffi.addressof(ctx, "f"), E)
        E.model = "binary"
        E.name = ffi.string(ctx.name).decode() if ctx.name != ffi.NULL else "custom"
        E.order = int.from_bytes(bytes(ffi.buffer(ctx.n, ctx.nbytes)), "big")
        E.cofactor = int(ctx.h)
        E.n_prime, E.order_exact = bool(ctx.n_prime), bool(ctx.order_exact)
        E._scalar_len = lib.gn_ec2m_scalar_bytes(ctx)
        E._finish()
        return E

    def _finish(self) -> None:
        a, b = (int(Element(self.field, ffi.addressof(self._ctx, k))) for k in ("a", "b"))
        #: the curve constants in the model's own names: Weierstrass a, b; Montgomery A, B;
        #: twisted Edwards a, d; Jacobi quartic a (b = 0); binary a, b
        self.a, self.b = a, b
        self._key = (self.model, self.kernel, self.field._key(), a, b, self.order, self.cofactor)
        g = new(self._ops.point)
        ffi.memmove(g, ffi.addressof(self._ctx, "g"), ffi.sizeof(g[0]))
        self.generator = Point(self, g)
        inf = new(self._ops.point)
        self._ops.set_infinity(self._ctx, inf)
        self.infinity = Point(self, inf)
        self._key += (self.generator._coords(),)

    def __eq__(self, other: object) -> bool:
        """Two Curve objects are equal when they hold the same curve on the same kernel (their
        points then mix)."""
        return isinstance(other, Curve) and self._key == other._key

    def __hash__(self) -> int:
        return hash(self._key)

    @classmethod
    def named(cls, name: str) -> "Curve":
        """A named curve (:func:`genus.curves`; aliases such as secp256r1 and sect163r2 too)."""
        if not isinstance(name, str):
            raise TypeError("name must be a str")
        b = name.encode()
        if b"\0" in b:
            raise Error("unknown curve %r" % name, lib.GN_ERR_UNKNOWN_CURVE)
        ctx = new("gn_ec_ctx_t *")
        err = lib.gn_ec_init_named(ctx, b)
        if err == 0:
            idx = [ffi.string(lib.gn_ec_named_name(i)).decode() for i in range(lib.gn_ec_named_count())].index(
                ffi.string(ctx.name).decode())
            return cls._prime(ctx, {"named": idx})
        ctx2 = new("gn_ec2m_ctx_t *")
        if lib.gn_ec2m_init_named(ctx2, b) == 0:
            return cls._binary(ctx2)
        check(err, "unknown curve %r (genus.curves() lists them)" % name)
        raise AssertionError

    @classmethod
    def _from_params(cls, model: str, p: int, a: int, b: Optional[int], gx: Optional[int], gy: Optional[int],
                     n: Optional[int], h: Optional[int], kernel: str = "auto") -> "Curve":
        if gx is None or gy is None or n is None:
            raise Error("a curve needs its base point (gx, gy) and the base point's order n", lib.GN_ERR_INVALID)
        from genus.field import FP_KERNELS
        if kernel not in FP_KERNELS:
            raise Error("unknown prime-field kernel %r (%s)" % (kernel, ", ".join(FP_KERNELS)), lib.GN_ERR_INVALID)
        params = {"model": model, "p": as_int(p, "p"), "a": as_int(a, "a"), "b": None if b is None else as_int(b, "b"),
                  "gx": as_int(gx, "gx"), "gy": as_int(gy, "gy"), "n": as_int(n, "n"),
                  "h": 1 if h is None else as_int(h, "h")}
        ctx = new("gn_ec_ctx_t *")
        rns = cls._init_ctx(ctx, params, FP_KERNELS[kernel])
        E = cls._prime(ctx, params, kernel)
        E._rns = rns
        return E

    @staticmethod
    def _init_ctx(ctx: Any, params: Dict[str, Any], kind: int) -> Any:
        """Build ctx on the kernel kind; returns the RNS kernel's bases (the curve must keep them
        alive: the context points at them), or None."""
        rns = new("gn_rns_ctx_t *") if kind == lib.GN_FP_KERNEL_RNS else None

        def init(prm: Any, what: str) -> None:
            if rns is not None:
                check(lib.gn_ec_init_rns(ctx, prm, rns, ffi.NULL), what)
            else:
                check(lib.gn_ec_init_kernel(ctx, prm, kind), what)

        if "named" in params:
            init(lib.gn_ec_named_params(params["named"]), "curve")
            return rns
        prm = new("gn_ec_params_t *")
        keep = {}
        for key in ("p", "a", "b", "gx", "gy", "n", "h"):
            if params[key] is not None:
                keep[key] = ffi.new("char[]", _hex(params[key], key))
                setattr(prm, key, keep[key])
        prm.model = MODELS[params["model"]]
        keep["name"] = ffi.new("char[]", b"custom")
        prm.name = keep["name"]
        init(prm, "%s curve" % params["model"])
        return rns

    @classmethod
    def weierstrass(cls, p: int, a: int, b: int, gx: Optional[int] = None, gy: Optional[int] = None,
                    n: Optional[int] = None, h: Optional[int] = None, kernel: str = "auto") -> "Curve":
        """y^2 = x^3 + a x + b over F_p, base point (gx, gy) of order n, cofactor h (default 1)."""
        return cls._from_params("weierstrass", p, a, b, gx, gy, n, h, kernel)

    @classmethod
    def montgomery(cls, p: int, A: int, B: int, gx: Optional[int] = None, gy: Optional[int] = None,
                   n: Optional[int] = None, h: Optional[int] = None, kernel: str = "auto") -> "Curve":
        """B y^2 = x^3 + A x^2 + x over F_p."""
        return cls._from_params("montgomery", p, A, B, gx, gy, n, h, kernel)

    @classmethod
    def edwards(cls, p: int, a: int, d: int, gx: Optional[int] = None, gy: Optional[int] = None,
                n: Optional[int] = None, h: Optional[int] = None, kernel: str = "auto") -> "Curve":
        """The twisted Edwards curve a x^2 + y^2 = 1 + d x^2 y^2 over F_p."""
        return cls._from_params("edwards", p, a, d, gx, gy, n, h, kernel)

    @classmethod
    def jacobi_quartic(cls, p: int, a: int, gx: Optional[int] = None, gy: Optional[int] = None,
                       n: Optional[int] = None, h: Optional[int] = None, kernel: str = "auto") -> "Curve":
        """The Jacobi quartic y^2 = x^4 + 2 a x^2 + 1 over F_p."""
        return cls._from_params("jacobi-quartic", p, a, None, gx, gy, n, h, kernel)

    @classmethod
    def binary(cls, m: int, poly: Sequence[int], a: int, b: int, gx: Optional[int] = None,
               gy: Optional[int] = None, n: Optional[int] = None, h: Optional[int] = None) -> "Curve":
        """y^2 + xy = x^3 + a x^2 + b over GF(2^m) = GF(2)[z]/(f), f given by its exponents
        (``poly=(163, 7, 6, 3, 0)``); a, b, gx, gy as integers whose bit i is the coefficient of z^i."""
        if gx is None or gy is None or n is None:
            raise Error("a curve needs its base point (gx, gy) and the base point's order n", lib.GN_ERR_INVALID)
        if isinstance(poly, (str, bytes)):
            raise TypeError("poly must be a sequence of exponents")
        exps = [as_int(e, "an exponent") for e in poly]
        if len(exps) not in (3, 5) or exps[0] != as_int(m, "m") or any(not 0 <= e <= lib.GN_F2M_MAX_M for e in exps):
            raise Error("poly must be 3 or 5 exponents from m = %s down, each in 0..%d" % (m, lib.GN_F2M_MAX_M),
                        lib.GN_ERR_INVALID)
        prm = new("gn_ec2m_params_t *")
        keep = {}
        for i, e in enumerate(exps):
            prm.exps[i] = e
        prm.nexp = len(exps)
        for key, v in (("a", a), ("b", b), ("gx", gx), ("gy", gy), ("n", n), ("h", 1 if h is None else h)):
            keep[key] = ffi.new("char[]", _hex(v, key))
            setattr(prm, key, keep[key])
        keep["name"] = ffi.new("char[]", b"custom")
        prm.name = keep["name"]
        ctx = new("gn_ec2m_ctx_t *")
        check(lib.gn_ec2m_init(ctx, prm), "binary curve")
        E = cls._binary(ctx)
        E._keep = keep  # ctx.name points into it
        return E

    @classmethod
    def from_json(cls, source: Union[str, os.PathLike, Dict[str, Any]]) -> "Curve":
        """A curve from a curve file (the JSON object ``genus --curve FILE`` reads: ``type``
        short_weierstrass_prime / twisted_edwards / montgomery / jacobi_quartic /
        binary_weierstrass, hex strings for the constants, Gx, Gy, n, h), given as a path or as
        the parsed dict."""
        if isinstance(source, dict):
            o = source
        elif isinstance(source, (str, os.PathLike)):
            try:
                with open(source) as f:
                    o = json.load(f)
            except OSError as e:
                raise Error("cannot read %s: %s" % (os.fspath(source), e.strerror), lib.GN_ERR_INVALID) from None
            except (ValueError, UnicodeDecodeError) as e:
                raise Error("%s: not a JSON object (%s)" % (os.fspath(source), e), lib.GN_ERR_PARSE) from None
        else:
            raise TypeError("from_json takes a path or a dict")
        if not isinstance(o, dict):
            raise Error("a curve file holds one JSON object", lib.GN_ERR_PARSE)

        def hexval(key: str, alias: Optional[str] = None, required: bool = True) -> Optional[int]:
            v = o.get(key, o.get(alias) if alias else None)
            if v is None:
                if required:
                    raise Error("'%s' is missing" % key, lib.GN_ERR_INVALID)
                return None
            if not isinstance(v, str):
                raise Error("field '%s' must be a hex string" % key, lib.GN_ERR_PARSE)
            try:
                return int(v[2:] if v[:2].lower() == "0x" else v, 16) if v.strip() == v and v else _bad_hex(key)
            except ValueError:
                return _bad_hex(key)

        t = o.get("type")
        if not isinstance(t, str):
            raise Error("'type' is missing" if t is None else "field 'type' must be a string", lib.GN_ERR_INVALID)
        if t == "binary_weierstrass":
            ex = o.get("reduction_polynomial_exponents")
            if not isinstance(ex, list) or len(ex) not in (3, 5) or not all(type(e) is int for e in ex):
                raise Error("'reduction_polynomial_exponents' must be an array of 3 or 5 integers", lib.GN_ERR_INVALID)
            if any(ex[i] <= ex[i + 1] for i in range(len(ex) - 1)):
                raise Error("'reduction_polynomial_exponents' must be strictly descending (m first, 0 last)",
                            lib.GN_ERR_INVALID)
            if "m" in o and (type(o["m"]) is not int or o["m"] != ex[0]):
                raise Error("'m' must be the integer %d, the first exponent" % ex[0], lib.GN_ERR_INVALID)
            return cls.binary(ex[0], ex, hexval("a"), hexval("b"), hexval("Gx"), hexval("Gy"),  # type: ignore[arg-type]
                              hexval("n", "order"), hexval("h", "cofactor"))
        if t not in _JSON_TYPES:
            raise Error("unknown type %r (short_weierstrass_prime, twisted_edwards, montgomery, jacobi_quartic, "
                        "binary_weierstrass)" % t, lib.GN_ERR_INVALID)
        model = _JSON_TYPES[t]
        ka, kb = _CONSTANTS[model]
        return cls._from_params(model, hexval("p"), hexval(ka), hexval(kb) if kb else None,  # type: ignore[arg-type]
                                hexval("Gx", "u"), hexval("Gy", "v"), hexval("n", "order"),
                                hexval("h", "cofactor", required=False))

    # ---- variants: another kernel or model of the same curve (cached, built once)
    def _variant(self, model: Optional[str], kernel: Optional[str]) -> "Curve":
        if self.is_binary:
            if model not in (None, "binary") or kernel not in (None, "auto"):
                raise Error("binary curves have one model and the GF(2^m) kernel only", lib.GN_ERR_UNSUPPORTED)
            return self
        model = model or self.model
        kernel = kernel or self._kernel_name
        if model == self.model and kernel == self._kernel_name:
            return self
        if not isinstance(model, str) or model not in MODELS:
            raise Error("unknown model %r (%s)" % (model, ", ".join(MODELS)), lib.GN_ERR_INVALID)
        key = (model, kernel)
        with self._lock:
            v = self._variants.get(key)
        if v is not None:
            return v
        if kernel != self._kernel_name:
            from genus.field import FP_KERNELS
            if not isinstance(kernel, str) or kernel not in FP_KERNELS:
                raise Error("unknown prime-field kernel %r (%s)" % (kernel, ", ".join(FP_KERNELS)), lib.GN_ERR_INVALID)
            if self._params is None:
                raise Error("a form made by to_model is on the kernel of the curve it came from: choose the "
                            "kernel there (E.mul(k, model=..., kernel=...))", lib.GN_ERR_UNSUPPORTED)
            ctx = new("gn_ec_ctx_t *")
            rns = self._init_ctx(ctx, self._params or {}, FP_KERNELS[kernel])
            base = Curve._prime(ctx, self._params, kernel)
            base._rns = rns
        else:
            base = self
        if model != base.model:
            ctx = new("gn_ec_ctx_t *")
            check(lib.gn_ec_to_model(ctx, base._ctx, MODELS[model]), "%s as a %s curve" % (self.name, model))
            v = Curve._prime(ctx, None, kernel)
            v._related = base
        else:
            v = base
        with self._lock:
            return self._variants.setdefault(key, v)

    def to_model(self, model: str) -> "Curve":
        """The same curve in another model (Weierstrass, Montgomery, twisted Edwards, Jacobi
        quartic) by the birational maps of the C library; :meth:`map` carries points over."""
        return self._variant(model, None)

    def map(self, P: "Point") -> "Point":
        """P, a point of another form of this curve (built by :meth:`to_model`), as a point of this one."""
        if not isinstance(P, Point):
            raise TypeError("map takes a Point")
        if P.curve is self:
            return P
        if self.is_binary or P.curve.is_binary:
            raise Error("binary curves have no other model", lib.GN_ERR_UNSUPPORTED)
        r = new(self._ops.point)
        check(lib.gn_ec_map_point_var(self._ctx, r, P.curve._ctx, P._p), "map")
        return Point(self, r)

    # ---- properties
    @property
    def kernel(self) -> str:
        """The field kernel the curve's arithmetic runs on."""
        return self.field.kernel  # type: ignore[attr-defined, no-any-return]

    @property
    def base_precomputed(self) -> bool:
        """True when [k] G runs on a table of the generator's multiples built into the library
        (NIST P-256, secp256k1 and edwards25519, on any kernel but PARI's and RNS: ``gn_ec_base_precomputed``)."""
        return not self.is_binary and bool(lib.gn_ec_base_precomputed(self._ctx))

    @property
    def protocols_ok(self) -> bool:
        """Key exchange runs on this curve: n is prime and h n is proven to be the group order."""
        return self.n_prime and self.order_exact

    def __call__(self, x: Any, y: Any) -> "Point":
        """The point (x, y) (integers or field elements); Error when it is not on the curve."""
        X, Y = self.field(x), self.field(y)
        r = new(self._ops.point)
        ffi.memmove(ffi.addressof(r, "x"), X._v, ffi.sizeof(X._v[0]))
        ffi.memmove(ffi.addressof(r, "y"), Y._v, ffi.sizeof(Y._v[0]))
        on = lib.gn_ec2m_is_on_curve(self._ctx, r) if self.is_binary else lib.gn_ec_is_on_curve(self._ctx, r)
        if not on:
            check(lib.GN_ERR_NOT_ON_CURVE, "(%s, %s)" % (X, Y))
        return Point(self, r)

    def decode(self, b: bytes) -> "Point":
        """A SEC1 point (02/03 compressed, 04 uncompressed, 00 the neutral element), validated:
        coordinates below p (degree below m) and on the curve. Hybrid forms are refused."""
        b = as_bytes(b, "b")
        r = new(self._ops.point)
        check(self._ops.decode(self._ctx, r, b, len(b), 1), "decode")
        return Point(self, r)

    def _coerce(self, P: Any) -> "Point":
        if not isinstance(P, Point):
            raise TypeError("expected a Point, not %s" % type(P).__name__)
        if P.curve is not self and P.curve._key != self._key:
            raise Error("the point belongs to another curve (%s, not %s)" % (P.curve.name, self.name), lib.GN_ERR_INVALID)
        return P

    def _scalar(self, k: Any, P: "Point") -> tuple:
        """(k as big-endian bytes the C library takes, the point to multiply): negative or
        over-long scalars are reduced modulo the group order where it is proven, or the point is
        negated; the length is at least the order's."""
        k = as_int(k, "scalar")
        if k < 0 or (k.bit_length() + 7) // 8 > self._ops.max_scalar:
            if self.order_exact:
                k %= self.order * self.cofactor
            elif k < 0:
                k, P = -k, -P
            if (k.bit_length() + 7) // 8 > self._ops.max_scalar:
                raise Error("a scalar of %d bits: the group order of this curve is not proven, so it cannot be "
                            "reduced (at most %d bytes)" % (k.bit_length(), self._ops.max_scalar), lib.GN_ERR_RANGE)
        return _scalar_bytes(k, self._scalar_len), P

    def mul(self, k: int, P: Optional["Point"] = None, model: Optional[str] = None, coords: Optional[str] = None,
            method: Optional[str] = None, kernel: Optional[str] = None, window: int = 0) -> "Point":
        """[k] P (P: the generator by default), with an explicit choice of model (the point is
        mapped to that form of the curve and back), coordinates (:data:`COORDS`), method
        (:data:`METHODS`; binary curves: ladder, wnaf, window) and field kernel. The default is the
        library's fastest constant-time choice: for the generator with no choice made,
        ``gn_ec_mul_base``, which reads a built-in table where :attr:`base_precomputed`."""
        if P is None and not self.is_binary and model is coords is method is kernel is None and not window:
            kb, G = self._scalar(k, self.generator)
            if G is self.generator:  # (a negated point means an unproven order: the general path)
                r = new(self._ops.point)
                check(lib.gn_ec_mul_base(self._ctx, r, kb, len(kb)), "mul")
                return Point(self, r)
        P = self.generator if P is None else self._coerce(P)
        window = as_int(window, "window")
        if not 0 <= window <= 16:
            raise Error("window %d: 0 (the default) or 2..6 for the window methods" % window, lib.GN_ERR_INVALID)
        if self.is_binary:
            if coords is not None:
                raise Error("binary curves run in Lopez-Dahab coordinates: no coords choice", lib.GN_ERR_UNSUPPORTED)
            self._variant(model, kernel)
            kb, P = self._scalar(k, P)
            r = new(self._ops.point)
            if method in (None, "ladder"):
                err = lib.gn_ec2m_mul_ladder(self._ctx, r, kb, len(kb), P._p)
            elif method == "wnaf":
                err = lib.gn_ec2m_mul_wnaf_var(self._ctx, r, kb, len(kb), P._p, window or 4)
            elif method == "window":
                err = lib.gn_ec2m_mul_window_var(self._ctx, r, kb, len(kb), P._p, window or 4)
            else:
                raise Error("unknown method %r for binary curves (%s)" % (method, ", ".join(BINARY_METHODS)),
                            lib.GN_ERR_INVALID)
            check(err, "mul")
            return Point(self, r)
        E = self._variant(model, kernel)
        c = self._name_to(coords, COORDS, "coordinates")
        m = self._name_to(method, METHODS, "method")
        Q = P if E is self else E._carry(P)
        kb, Q = E._scalar(k, Q)
        r = new(self._ops.point)
        check(lib.gn_ec_mul(E._ctx, r, kb, len(kb), Q._p, c, m, window), "mul")
        R = Point(E, r)
        return R if E is self else self._carry(R)

    def _carry(self, P: "Point") -> "Point":
        """P from another variant of this curve (kernel or model) to this one: the same model
        shares coordinates; a form made by to_model is reached through the curve it was made
        from, whose map to it the library knows."""
        src = P.curve
        if src is self:
            return P
        if src.model == self.model:  # the same curve on another kernel: same coordinates
            return self(P.x, P.y) if P.x is not None else self.infinity
        if getattr(self, "_related", None) is not None and self._related is not src:
            return self.map(self._related._carry(P))
        if getattr(src, "_related", None) is not None and src._related is not self:
            return self._carry(src._related.map(P))
        return self.map(P)

    @staticmethod
    def _name_to(name: Optional[str], table: Dict[str, int], what: str) -> int:
        if name is None or name == "default":
            return 0
        if not isinstance(name, str):
            raise TypeError("%s must be a str" % what)
        if name not in table:
            raise Error("unknown %s %r (%s)" % (what, name, ", ".join(table)), lib.GN_ERR_INVALID)
        return table[name]

    def ops(self, model: Optional[str] = None, coords: Optional[str] = None) -> Dict[str, Dict[str, int]]:
        """Field operations of the curve's formulas, measured by the C library's counting kernel:
        {"add" | "madd" | "dbl" | "ladder_step": {"M", "S", "D", "C", "A", "I"}} (products,
        squares, products by a curve constant, by a small constant, additions, inversions), for
        the formulas the model and coordinates have."""
        names = {"add": lib.GN_EC_OP_ADD, "madd": lib.GN_EC_OP_MADD, "dbl": lib.GN_EC_OP_DBL,
                 "ladder_step": lib.GN_EC_OP_LADDER_STEP}
        out: Dict[str, Dict[str, int]] = {}
        counts = new("gn_op_counts_t *")
        if self.is_binary:
            if model not in (None, "binary") or coords not in (None, "lopez-dahab"):
                raise Error("binary curves count the Lopez-Dahab formulas only", lib.GN_ERR_UNSUPPORTED)
            for name, op in names.items():
                if lib.gn_ec2m_count_ops(self._ctx, op, counts) == 0:
                    out[name] = counts_dict(counts)
            return out
        E = self._variant(model, None)
        c = self._name_to(coords, COORDS, "coordinates") or lib.gn_ec_default_coords(E._ctx)
        for name, op in names.items():
            if lib.gn_ec_count_ops(E._ctx, c, op, counts) == 0:
                out[name] = counts_dict(counts)
        if not out:
            check(lib.GN_ERR_UNSUPPORTED, "%s has no formulas in %s coordinates" % (E.model, coords))
        return out

    def __repr__(self) -> str:
        if self.name != "custom":
            return "Curve.named(%r)" % self.name
        return "<genus.Curve %s over %r, n of %d bits, h = %d>" % (self.model, self.field, self.order.bit_length(),
                                                                   self.cofactor)


def _bad_hex(key: str) -> int:
    raise Error("field '%s' is not a hex string" % key, lib.GN_ERR_PARSE)


class Point:
    """A point of a :class:`Curve` in affine coordinates: immutable and hashable, with P + Q,
    P - Q, -P, k * P (any integer k; P * k too), ==, P.x and P.y (integers; None for the neutral
    element), P.is_infinity() and P.encode(compressed=False) (SEC1). Points of two curves do not
    mix (:class:`genus.Error`). Addition is the C library's complete, constant-time one."""

    __slots__ = ("curve", "_p")

    def __init__(self, curve: Curve, p: Any) -> None:
        self.curve = curve
        self._p = p

    def _bin(self, fn: Any, Q: "Point") -> "Point":
        E = self.curve
        E._coerce(Q)
        r = new(E._ops.point)
        fn(E._ctx, r, self._p, Q._p)
        return Point(E, r)

    def __add__(self, Q: "Point") -> "Point":
        if not isinstance(Q, Point):
            return NotImplemented
        return self._bin(self.curve._ops.add, Q)

    def __neg__(self) -> "Point":
        E = self.curve
        r = new(E._ops.point)
        E._ops.neg(E._ctx, r, self._p)
        return Point(E, r)

    def __sub__(self, Q: "Point") -> "Point":
        if not isinstance(Q, Point):
            return NotImplemented
        return self + (-self.curve._coerce(Q))

    def __rmul__(self, k: int) -> "Point":
        if isinstance(k, bool) or not isinstance(k, int):
            return NotImplemented
        return self.curve.mul(k, self)

    __mul__ = __rmul__

    def __eq__(self, Q: object) -> bool:
        if not isinstance(Q, Point) or (Q.curve is not self.curve and Q.curve != self.curve):
            return False
        return bool(self.curve._ops.eq(self.curve._ctx, self._p, Q._p))

    def __hash__(self) -> int:
        return hash((self.curve._key, self._coords()))

    def is_infinity(self) -> bool:
        """P is the neutral element: the point at infinity, or (0, 1) on Edwards curves and
        Jacobi quartics, whose neutral element is affine."""
        E = self.curve
        return bool(self._p.infinity) or bool(E._ops.eq(E._ctx, self._p, E.infinity._p))

    def _coords(self) -> tuple:
        E = self.curve
        if self._p.infinity:
            return None, None
        f = E.field
        X, Y = f._new(), f._new()
        ffi.memmove(X, ffi.addressof(self._p, "x"), ffi.sizeof(X[0]))
        ffi.memmove(Y, ffi.addressof(self._p, "y"), ffi.sizeof(Y[0]))
        return int(Element(f, X)), int(Element(f, Y))

    @property
    def x(self) -> Optional[int]:
        return self._coords()[0]  # type: ignore[no-any-return]

    @property
    def y(self) -> Optional[int]:
        return self._coords()[1]  # type: ignore[no-any-return]

    def encode(self, compressed: bool = False) -> bytes:
        """SEC1 2.3.3: 04 || X || Y, or 02/03 || X compressed; 00 for the neutral element
        (Weierstrass, Montgomery and binary curves)."""
        E = self.curve
        if E.model not in ("weierstrass", "montgomery", "binary"):
            raise Error("SEC1 encodes points of curves y^2 = cubic, not of a %s curve" % E.model, lib.GN_ERR_INVALID)
        out = ffi.new("uint8_t[]", E._ops.max_encoding)
        n = ffi.new("size_t *")
        check(E._ops.encode(E._ctx, out, n, E._ops.max_encoding, self._p, int(bool(compressed))), "encode")
        return bytes(ffi.buffer(out, n[0]))

    def __repr__(self) -> str:
        x, y = self._coords()
        if x is None:
            return "%r.infinity" % self.curve
        return "%r(0x%x, 0x%x)" % (self.curve, x, y)
