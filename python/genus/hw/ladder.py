"""A whole ladder as a program: the traced ladder step repeated over the bits of a scalar with
its conditional swaps, and its steady state on an architecture (the next step starting while the
current one drains, where the dependences allow)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from genus._lib import Error, lib
from genus.hw.arch import Arch
from genus.hw.schedule import list_schedule
from genus.program import Program

__all__ = ["LadderShape", "ladder_shape", "unroll", "steady_state", "power_program", "final_conversion"]


class LadderShape:
    """How a ladder step's outputs feed the next step (``next``: input name -> output name) and
    which state values the conditional swap exchanges (``swap``: pairs of input names)."""

    def __init__(self, nxt: Dict[str, str], swap: List[Tuple[str, str]]) -> None:
        self.next, self.swap = nxt, swap


def ladder_shape(program: Program) -> LadderShape:
    """The shape of the traced ladder steps: the Kummer xDBLADD (P, Q -> 2P, P + Q), the x-only
    Montgomery/Weierstrass step and the co-Z step (state in place)."""
    f = program.formula
    if f.startswith("kummer-") and f.endswith("-ladder-step"):
        return LadderShape({c + "1": c + "3" for c in "XYZT"} | {c + "2": c + "4" for c in "XYZT"},
                           [(c + "1", c + "2") for c in "XYZT"])
    if f.endswith("-xz-ladder-step"):
        return LadderShape({n: n for n in ("X2", "Z2", "X3", "Z3")}, [("X2", "X3"), ("Z2", "Z3")])
    if f.endswith("-coz-ladder-step"):
        return LadderShape({n: n for n in ("X0", "Y0", "X1", "Y1", "Z")}, [("X0", "X1"), ("Y0", "Y1")])
    raise Error("%s is not a ladder step (Kummer, x-only or co-Z ladder-step programs)" % f, lib.GN_ERR_INVALID)


def unroll(step: Program, bits: int, shape: Optional[LadderShape] = None) -> Program:
    """``bits`` ladder steps in one program: before step i a conditional swap of the state by the
    input bit ``b<i>`` (cswap ops: args [bit, x, y], k = 0 gives x when the bit is 0 and y when
    it is 1, k = 1 the other), then the step; the last step's outputs swapped back by ``b<bits>``.
    Inputs outside the state (the base point's coordinates, the difference) are shared."""
    shape = shape or ladder_shape(step)
    if bits < 1:
        raise Error("a ladder of at least one step", lib.GN_ERR_INVALID)
    ops: List[Dict[str, Any]] = []
    state: Dict[str, Any] = {name: name for name in shape.next}  # current value of each state input
    inputs = list(step.inputs) + ["b%d" % i for i in range(bits + 1)]

    def emit(op: str, args: List[Any], k: Optional[int] = None) -> int:
        d: Dict[str, Any] = {"id": len(ops), "op": op, "args": args}
        if k is not None:
            d["k"] = k
        ops.append(d)
        return d["id"]

    def swap(bit: str) -> None:
        for a, b in shape.swap:
            x, y = state[a], state[b]
            state[a], state[b] = emit("cswap", [bit, x, y], 0), emit("cswap", [bit, x, y], 1)

    for i in range(bits):
        swap("b%d" % i)
        base = len(ops)
        ref = {name: state.get(name, name) for name in step.inputs}
        for o in step.ops:
            args = [base + a if isinstance(a, int) else ref.get(a, a) for a in o["args"]]
            emit(o["op"], args, o.get("k"))
        out = {name: (base + r if isinstance(r, int) else ref.get(r, r)) for name, r in step.outputs.items()}
        state = {name: out[o] for name, o in shape.next.items()}
    swap("b%d" % bits)
    outputs = {name: state[name] for name in shape.next}
    return Program("%s x%d" % (step.formula, bits), step.p, inputs, dict(step.constants), ops, outputs,
                   step.source, poly=step.poly)


def power_program(p: int, e: int, formula: str = "", poly: Optional[List[int]] = None) -> Program:
    """x^e as a program of squarings and products: the exponent's runs of ones, each x^(2^L - 1)
    built by the chain x^(2^(2k) - 1) = (x^(2^k - 1))^(2^k) x^(2^k - 1) and
    x^(2^(k+1) - 1) = (x^(2^k - 1))^2 x, then the runs joined left to right (for p - 2 with
    p = 2^127 - 1: 126 squarings and 12 products). Over GF(2^m) when poly is given."""
    if e < 1:
        raise Error("power_program: a positive exponent", lib.GN_ERR_INVALID)
    ops: List[Dict[str, Any]] = []

    def emit(op: str, args: List[Any]) -> int:
        ops.append({"id": len(ops), "op": op, "args": args})
        return len(ops) - 1

    def sqr_n(v: Any, n: int) -> Any:
        for _ in range(n):
            v = emit("sqr", [v])
        return v

    ones: Dict[int, Any] = {1: "x"}

    def run(L: int) -> Any:  # x^(2^L - 1)
        if L not in ones:
            k: int = 1
            v: Any = "x"
            for bit in bin(L)[3:]:
                v = emit("mul", [sqr_n(v, k), v])
                k *= 2
                if bit == "1":
                    v = emit("mul", [emit("sqr", [v]), "x"])
                    k += 1
                ones.setdefault(k, v)
            ones[L] = v
        return ones[L]

    bits = bin(e)[2:]
    runs = []  # (zeros before, ones) from the top
    i = 0
    while i < len(bits):
        z = 0
        while i < len(bits) and bits[i] == "0":
            z, i = z + 1, i + 1
        L = 0
        while i < len(bits) and bits[i] == "1":
            L, i = L + 1, i + 1
        if L:
            runs.append((z, L))
    acc = run(runs[0][1])
    for z, L in runs[1:]:
        acc = emit("mul", [sqr_n(acc, z + L), run(L)])
    tail = len(bits) - sum(z + L for z, L in runs)
    acc = sqr_n(acc, tail)
    return Program(formula or "x^%d" % e, p, ["x"], {}, ops, {"y": acc}, poly=poly)


def final_conversion(step: Program) -> Optional[Program]:
    """What the library does after a ladder to give its result, as a program on the ladder's
    outputs: the Kummer ladder's wrapping (X : Y : Z : T) -> (Y/X, Z/X, T/X) (src/kummer/gs127.c),
    the x-only ladders' x = X/Z (over F_p or GF(2^m)); the inversion by :func:`power_program`.
    None for the co-Z ladder (its y recovery is not a straight-line program of the step)."""
    f = step.formula
    e = (1 << step.poly[0]) - 2 if step.poly else step.p - 2
    if f.startswith("kummer-") and f.endswith("-ladder-step"):
        den, nums = "X1", ["Y1", "Z1", "T1"]
    elif f.endswith("-xz-ladder-step"):
        den, nums = "Z2", ["X2"]
    else:
        return None
    inv = power_program(step.p, e, poly=step.poly)
    ops = [dict(o, args=[den if a == "x" else a for a in o["args"]]) for o in inv.ops]
    r = inv.outputs["y"]
    outs: Dict[str, Any] = {}
    for c in nums:
        ops.append({"id": len(ops), "op": "mul", "args": [c, r]})
        outs[c] = len(ops) - 1
    return Program(f.replace("ladder-step", "final"), step.p, [den] + nums, {}, ops,
                   outs, poly=step.poly)




def steady_state(step: Program, arch: Arch, bits: int, window: int = 6, final: bool = True) -> Dict[str, Any]:
    """Cycles of an m-bit ladder on arch: ``window`` steps unrolled and list-scheduled; the cycles
    per step in steady state are measured between the end of step window/2 and the end of the
    last step, and the ladder's cycles are the window's plus (bits - window) steady steps. The
    set-up costs nothing (the ladders start from constants and the input point); with ``final``
    the total adds the final conversion (:func:`final_conversion`), scheduled after the ladder.
    {"cycles_per_step", "ladder_cycles", "final_cycles", "total_cycles", "bits",
    "window_cycles", "schedule" (the window's), "final_schedule" (or None)}."""
    if bits < 1:
        raise Error("a ladder of at least one bit", lib.GN_ERR_INVALID)
    conv = final_conversion(step) if final else None
    fin = list_schedule(conv, arch) if conv is not None else None
    fc = fin.cycles if fin is not None else 0
    if bits <= 2:  # no steady state to measure: the whole ladder
        s = list_schedule(unroll(step, bits), arch)
        return {"cycles_per_step": round(s.cycles / bits, 2), "ladder_cycles": s.cycles, "final_cycles": fc,
                "total_cycles": s.cycles + fc, "bits": bits, "window_cycles": s.cycles, "schedule": s,
                "final_schedule": fin}
    w = max(2, min(window, bits))
    prog = unroll(step, w)
    sched = list_schedule(prog, arch)
    per = len(step.ops) + 2 * len(ladder_shape(step).swap)
    ends = [max(o["end"] for o in sched.ops if o["id"] < (s + 1) * per) for s in range(w)]
    half = w // 2
    cps = (ends[-1] - ends[half - 1]) / (w - half)
    ladder = int(round(sched.cycles + max(0, bits - w) * cps))
    return {"cycles_per_step": round(cps, 2), "ladder_cycles": ladder, "final_cycles": fc, "total_cycles": ladder + fc,
            "bits": bits, "window_cycles": sched.cycles, "schedule": sched, "final_schedule": fin}
