"""Formulas as data (DESIGN section 10): the straight-line programs that the C library's tracing
kernel records while it runs a formula (src/analysis/ec_trace.c), with their operation counts and
an evaluator on Python integers. These programs are what the hardware tools schedule."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Union

from genus._lib import Error, check, ffi, lib
from genus.curve import COORDS, Curve

__all__ = ["Program", "trace", "OPS"]

#: gn_trace_opcode -> the program JSON's op names
OPS = {lib.GN_TRACE_ADD: "add", lib.GN_TRACE_SUB: "sub", lib.GN_TRACE_NEG: "neg", lib.GN_TRACE_MUL: "mul",
       lib.GN_TRACE_SQR: "sqr", lib.GN_TRACE_MULC: "mulc", lib.GN_TRACE_MULS: "muls", lib.GN_TRACE_INV: "inv",
       lib.GN_TRACE_HALF: "half", lib.GN_TRACE_RED: "red"}
_ARITY = {"add": 2, "sub": 2, "mul": 2, "mulc": 2, "neg": 1, "sqr": 1, "muls": 1, "inv": 1, "half": 1, "cswap": 3,
          "red": 1}
# op -> the counts' letter (gn_op_counts_t): M S D C A I
_COUNT = {"mul": "M", "sqr": "S", "mulc": "D", "muls": "C", "add": "A", "sub": "A", "neg": "A", "half": "A",
          "inv": "I", "cswap": "W", "red": "R"}
_EC_OPS = {"add": lib.GN_EC_OP_ADD, "madd": lib.GN_EC_OP_MADD, "dbl": lib.GN_EC_OP_DBL,
           "ladder-step": lib.GN_EC_OP_LADDER_STEP}

Arg = Union[int, str]


class Program:
    """A straight-line program over F_p: ``inputs`` (names, in coordinate order), ``constants``
    (name -> value), ``ops`` (dicts {"id", "op", "args"[, "k"]}: an argument is an earlier op's
    id or an input's or constant's name) and ``outputs`` (name -> op id or name)."""

    def __init__(self, formula: str, p: int, inputs: List[str], constants: Dict[str, int], ops: List[Dict[str, Any]],
                 outputs: Dict[str, Arg], source: str = "", input_values: Optional[Dict[str, int]] = None,
                 output_values: Optional[Dict[str, int]] = None, poly: Optional[List[int]] = None) -> None:
        self.formula, self.p, self.source = formula, p, source
        #: GF(2^m)'s reduction polynomial (exponents, highest first), or None over F_p
        self.poly = list(poly) if poly else None
        self.inputs, self.constants, self.ops, self.outputs = inputs, constants, ops, outputs
        self.input_values = input_values or {}
        self.output_values = output_values or {}

    def counts(self) -> Dict[str, int]:
        """{"M", "S", "D", "C", "A", "I"}: what genus.Curve.ops reports for the same formula (and
        "W" for the conditional swaps of an unrolled ladder, "R" for the reductions of a program
        traced for the RNS kernel)."""
        out = dict.fromkeys("MSDCAI", 0)
        for o in self.ops:
            out[_COUNT[o["op"]]] = out.get(_COUNT[o["op"]], 0) + 1
        return out

    def reduce(self, x: int) -> int:
        """x as an element of the program's field (modulo p, or modulo the polynomial)."""
        if self.poly is None:
            return x % self.p
        m, f = self.poly[0], sum(1 << e for e in self.poly)
        x = abs(x)
        while x.bit_length() > m:
            x ^= f << (x.bit_length() - 1 - m)
        return x

    def _mul(self, a: int, b: int) -> int:
        if self.poly is None:
            return a * b % self.p
        r = 0
        while b:  # carry-less product, then the reduction
            if b & 1:
                r ^= a
            a, b = a << 1, b >> 1
        return self.reduce(r)

    def apply(self, o: Mapping[str, Any], a: List[int]) -> int:
        """The value of op o on argument values a (field elements of the program's field)."""
        op, p, binary = o["op"], self.p, self.poly is not None
        if op == "add":
            return a[0] ^ a[1] if binary else (a[0] + a[1]) % p
        if op == "sub":
            return a[0] ^ a[1] if binary else (a[0] - a[1]) % p
        if op == "neg":
            return a[0] if binary else -a[0] % p
        if op in ("mul", "mulc"):
            return self._mul(a[0], a[1])
        if op == "sqr":
            return self._mul(a[0], a[0])
        if op == "red":  # a reduction (the RNS kernel's): the identity on field elements
            return a[0]
        if op == "muls":
            return (a[0] if o["k"] & 1 else 0) if binary else o["k"] * a[0] % p
        if op == "half":
            if binary:
                raise Error("evaluate: half has no meaning in characteristic 2 (op %d)" % o["id"], lib.GN_ERR_INVALID)
            return a[0] * ((p + 1) // 2) % p
        if op == "cswap":  # args [bit, x, y]: k = 0 selects x unless the bit is set, k = 1 the other
            return a[1 + (o["k"] ^ a[0])] if a[0] in (0, 1) else _bad_bit(o["id"])
        if op == "inv":
            if a[0] == 0:
                raise Error("evaluate: op %d inverts zero" % o["id"], lib.GN_ERR_NOT_INVERTIBLE)
            if not binary:
                return pow(a[0], -1, p)
            r, x, e = 1, a[0], (1 << self.poly[0]) - 2  # type: ignore[index]
            while e:
                if e & 1:
                    r = self._mul(r, x)
                x, e = self._mul(x, x), e >> 1
            return r
        raise Error("evaluate: unknown op %r" % op, lib.GN_ERR_INVALID)

    def evaluate(self, values: Mapping[str, int]) -> Dict[str, int]:
        """The outputs for the inputs ``values`` (name -> integer), computed on Python integers
        (modulo p, or GF(2)[x] modulo the polynomial) from the program alone."""
        env: Dict[Arg, int] = {k: self.reduce(v) for k, v in self.constants.items()}
        for name in self.inputs:
            if name not in values:
                raise Error("evaluate: no value for the input %r" % name, lib.GN_ERR_INVALID)
            env[name] = self.reduce(values[name])
        for o in self.ops:
            env[o["id"]] = self.apply(o, [env[x] for x in o["args"]])
        return {name: env[ref] for name, ref in self.outputs.items()}

    def to_json(self) -> Dict[str, Any]:
        """The program JSON of DESIGN section 10 (what ``genus trace`` prints)."""
        field = {"m": self.poly[0], "poly": self.poly} if self.poly else {"p": "%x" % self.p}
        return {"formula": self.formula, "source": self.source, "field": field,
                "inputs": list(self.inputs), "input_values": {k: "%x" % v for k, v in self.input_values.items()},
                "constants": {k: "%x" % v for k, v in self.constants.items()}, "ops": self.ops,
                "outputs": dict(self.outputs), "output_values": {k: "%x" % v for k, v in self.output_values.items()}}

    @classmethod
    def from_json(cls, d: Union[str, Mapping[str, Any]]) -> "Program":
        """A program from its JSON (a dict or the text), checked: every argument defined before use,
        known ops with their arity, outputs that exist."""
        try:
            o = json.loads(d) if isinstance(d, str) else d
            poly = None
            if "poly" in o["field"]:
                poly = [int(e) for e in o["field"]["poly"]]
                if len(poly) not in (3, 5) or poly[0] != int(o["field"]["m"]) or sorted(poly, reverse=True) != poly:
                    raise ValueError("a GF(2^m) field is {\"m\", \"poly\": 3 or 5 exponents, highest first}")
                p = 2
            else:
                p = int(o["field"]["p"], 16)
                if p < 3:
                    raise ValueError("the field's prime must be odd and at least 3")
            inputs = list(o["inputs"])
            consts = {str(k): int(v, 16) for k, v in o.get("constants", {}).items()}
            ops = list(o["ops"])
            outputs = dict(o["outputs"])
            ivals = {str(k): int(v, 16) for k, v in o.get("input_values", {}).items()}
            ovals = {str(k): int(v, 16) for k, v in o.get("output_values", {}).items()}
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise Error("not a program JSON: %s" % e, lib.GN_ERR_PARSE) from None
        names = set(consts)
        for n in inputs:
            if not isinstance(n, str) or n in names:
                raise Error("inputs are distinct names (strings), not %r" % (n,), lib.GN_ERR_PARSE)
            names.add(n)

        def known_arg(a: Any, i: int) -> bool:  # a name, or the id of an earlier op
            return (isinstance(a, str) and a in names) or (type(a) is int and 0 <= a < i)

        for i, op in enumerate(ops):
            if not isinstance(op, dict) or type(op.get("id")) is not int or op["id"] != i:
                raise Error("op %d: ids must count 0, 1, 2, ... in order" % i, lib.GN_ERR_PARSE)
            name = op.get("op")
            if name not in _ARITY:
                raise Error("op %d: unknown operation %r" % (i, name), lib.GN_ERR_PARSE)
            args = op.get("args")
            if not isinstance(args, list) or len(args) != _ARITY[name]:
                raise Error("op %d: %s takes %d arguments" % (i, name, _ARITY[name]), lib.GN_ERR_PARSE)
            for a in args:
                if not known_arg(a, i):
                    raise Error("op %d: argument %r is not an input, a constant or an earlier op (a cycle or a typo)"
                                % (i, a), lib.GN_ERR_PARSE)
            if name == "muls" and type(op.get("k")) is not int:
                raise Error("op %d: muls needs its small integer k" % i, lib.GN_ERR_PARSE)
            if name == "cswap" and op.get("k") not in (0, 1):
                raise Error("op %d: cswap needs k = 0 or 1 (which of the swapped pair)" % i, lib.GN_ERR_PARSE)
        for k, ref in outputs.items():
            if not isinstance(k, str) or not known_arg(ref, len(ops)):
                raise Error("output %r: %r is not defined" % (k, ref), lib.GN_ERR_PARSE)
        return cls(o.get("formula", ""), p, inputs, consts, ops, outputs, o.get("source", ""), ivals, ovals, poly)

    def __repr__(self) -> str:
        c = self.counts()
        return "<genus.Program %s: %d ops, %s>" % (self.formula, len(self.ops),
                                                   " ".join("%d%s" % (v, k) for k, v in c.items() if v))


def _bad_bit(op: int) -> int:
    raise Error("evaluate: the bit of cswap op %d is not 0 or 1" % op, lib.GN_ERR_INVALID)


def _hex_bytes(b: Any, n: int) -> int:
    return int.from_bytes(bytes(ffi.buffer(b, n)), "big")


def _program(t: Any, formula: str, source: str) -> Program:
    """The Program of a C trace (gn_trace_t)."""
    n = t.nbytes
    names = [ffi.string(t.names[i]).decode() for i in range(t.nnames)]
    values = [_hex_bytes(t.values[i], n) for i in range(t.nnames)]

    def arg(a: int) -> Arg:
        return a if a >= 0 else names[-1 - a]

    ops = []
    for i in range(t.nops):
        o = t.ops[i]
        name = OPS[o.op]
        d: Dict[str, Any] = {"id": i, "op": name, "args": [arg(o.args[j]) for j in range(_ARITY[name])]}
        if name == "muls":
            d["k"] = int(o.k)
        ops.append(d)
    ni = t.ninputs
    outs = {ffi.string(t.out_names[i]).decode(): arg(t.outputs[i]) for i in range(t.noutputs)}
    ovals = {ffi.string(t.out_names[i]).decode(): _hex_bytes(t.out_values[i], n) for i in range(t.noutputs)}
    poly = [int(t.exps[i]) for i in range(t.nexps)] if t.nexps else None
    return Program(formula, 2 if poly else _hex_bytes(t.p, n), names[:ni], dict(zip(names[ni:], values[ni:])), ops,
                   outs, source, dict(zip(names[:ni], values[:ni])), ovals, poly)


_KUMMER_OPS = {"dbl": lib.GN_KUMMER_OP_DBL, "diff-add": lib.GN_KUMMER_OP_DIFF_ADD,
               "ladder-step": lib.GN_KUMMER_OP_LADDER_STEP}
_G2_OPS = {"add": lib.GN_G2_OP_ADD, "dbl": lib.GN_G2_OP_DBL}
#: Basold's 2010 binary-curve formulas (gn_ec2m_trace_basold)
BASOLD_OPS = {"add": lib.GN_EC2M_BASOLD_ADD, "dbl": lib.GN_EC2M_BASOLD_DBL, "affine-add": lib.GN_EC2M_BASOLD_AFF_ADD,
              "affine-dbl": lib.GN_EC2M_BASOLD_AFF_DBL, "to-affine": lib.GN_EC2M_BASOLD_TO_AFF}


def trace(group: Any, op: str, model: Optional[str] = None, coords: Optional[str] = None,
          variant: Optional[str] = None, kernel: Optional[str] = None) -> Program:
    """The program of a formula as the library runs it, recorded by the tracing kernel:
    a :class:`genus.Curve`'s add, madd, dbl or ladder-step in ``coords`` (default: the model's),
    on the curve or its form in ``model``; a :class:`genus.kummer.Surface`'s dbl, diff-add or
    ladder-step; a :class:`genus.Jacobian`'s (deg f = 5) explicit add or dbl. ``kernel="rns"``
    (curves over F_p): the program the RNS kernel runs, sums of products reduced once by the
    "red" operations (DESIGN section 11). ``variant="basold"``
    on a binary curve: Basold's 2010 formulas, op one of :data:`BASOLD_OPS` (add, dbl in LD
    coordinates, affine-add, affine-dbl, to-affine)."""
    from genus.jacobian import Jacobian
    from genus.kummer import Surface
    t = ffi.new("gn_trace_t *")
    if isinstance(group, Surface):
        if op not in _KUMMER_OPS:
            raise Error("unknown Kummer op %r (%s)" % (op, ", ".join(_KUMMER_OPS)), lib.GN_ERR_INVALID)
        check(lib.gn_kummer_trace(group._ctx, _KUMMER_OPS[op], t), "trace")
        return _program(t, "kummer-%s-%s" % (group.model, op), "src/tmpl/kummer.tmpl.h, traced")
    if isinstance(group, Jacobian):
        if op not in _G2_OPS:
            raise Error("unknown genus-2 op %r (%s)" % (op, ", ".join(_G2_OPS)), lib.GN_ERR_INVALID)
        check(lib.gn_g2_trace(group._ctx, _G2_OPS[op], t), "trace (explicit formulas: deg f = 5)")
        return _program(t, "g2-affine-%s" % op, "src/tmpl/g2.tmpl.h, traced")
    if not isinstance(group, Curve):
        raise TypeError("trace takes a genus.Curve, genus.kummer.Surface or genus.Jacobian")
    if variant is not None:
        if variant != "basold" or not group.is_binary:
            raise Error("the only formula variant is 'basold', for binary curves", lib.GN_ERR_UNSUPPORTED)
        if op not in BASOLD_OPS:
            raise Error("unknown Basold op %r (%s)" % (op, ", ".join(BASOLD_OPS)), lib.GN_ERR_INVALID)
        check(lib.gn_ec2m_trace_basold(group._ctx, BASOLD_OPS[op], t), "trace")
        return _program(t, "binary-basold-%s" % op, "src/tmpl/ec2m.tmpl.h (Basold 2010, definitions 1.17 and 2.3), traced")
    if op not in _EC_OPS:
        raise Error("unknown op %r (%s)" % (op, ", ".join(_EC_OPS)), lib.GN_ERR_INVALID)
    if kernel not in (None, "auto", "rns") or (kernel == "rns" and group.is_binary):
        raise Error("trace: kernel is 'rns' (curves over F_p) or None: the limb kernels run one program",
                    lib.GN_ERR_UNSUPPORTED)
    if group.is_binary:
        if model not in (None, "binary") or coords not in (None, "lopez-dahab", "xz"):
            raise Error("binary curves trace their Lopez-Dahab formulas only", lib.GN_ERR_UNSUPPORTED)
        check(lib.gn_ec2m_trace(group._ctx, _EC_OPS[op], t), "trace")
        shape = "xz" if op == "ladder-step" else "lopez-dahab"
        return _program(t, "binary-%s-%s" % (shape, op), "src/tmpl/ec2m.tmpl.h, traced")
    E = group.to_model(model) if model else group
    c = Curve._name_to(coords, COORDS, "coordinates") or lib.gn_ec_default_coords(E._ctx)
    lazy = kernel == "rns"
    err = (lib.gn_ec_trace_lazy if lazy else lib.gn_ec_trace)(E._ctx, c, _EC_OPS[op], t)
    cname = ffi.string(lib.gn_ec_coords_name(c)).decode()
    if err == lib.GN_ERR_UNSUPPORTED:
        check(err, "%s has no %s formula in %s coordinates" % (E.model, op, cname))
    check(err, "trace")
    return _program(t, "%s-%s-%s%s" % (E.model, cname, op, "-rns" if lazy else ""), "src/tmpl/ec_*.tmpl.h, traced")
