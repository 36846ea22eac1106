"""A whole ladder as a program: the traced ladder step repeated over the bits of a scalar with
its conditional swaps, and its steady state on an architecture (the next step starting while the
current one drains, where the dependences allow)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from genus._lib import Error, lib
from genus.hw.arch import Arch
from genus.hw.schedule import list_schedule
from genus.program import Program

__all__ = ["LadderShape", "ladder_shape", "unroll", "steady_state"]


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


def steady_state(step: Program, arch: Arch, bits: int, window: int = 6) -> Dict[str, Any]:
    """Cycles of an m-bit ladder on arch: ``window`` steps unrolled and list-scheduled; the cycles
    per step in steady state are measured between the end of step window/2 and the end of the
    last step, and the total is the window's cycles plus (bits - window) steady steps.
    {"cycles_per_step", "total_cycles", "bits", "window_cycles", "schedule"} (the window's)."""
    if bits < 1:
        raise Error("a ladder of at least one bit", lib.GN_ERR_INVALID)
    if bits <= 2:  # no steady state to measure: the whole ladder
        s = list_schedule(unroll(step, bits), arch)
        return {"cycles_per_step": round(s.cycles / bits, 2), "total_cycles": s.cycles, "bits": bits,
                "window_cycles": s.cycles, "schedule": s}
    w = max(2, min(window, bits))
    prog = unroll(step, w)
    sched = list_schedule(prog, arch)
    per = len(step.ops) + 2 * len(ladder_shape(step).swap)
    ends = [max(o["end"] for o in sched.ops if o["id"] < (s + 1) * per) for s in range(w)]
    half = w // 2
    cps = (ends[-1] - ends[half - 1]) / (w - half)
    total = sched.cycles + max(0, bits - w) * cps
    return {"cycles_per_step": round(cps, 2), "total_cycles": int(round(total)), "bits": bits,
            "window_cycles": sched.cycles, "schedule": sched}
