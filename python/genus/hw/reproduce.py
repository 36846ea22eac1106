"""The published figures of the background documents, modelled (docs/HW.md, "Reproductions"):
``python -m genus.hw reproduce hah|basold [--json]`` prints each published number beside ours.

HAH (../shared/background/001): the Kummer ladder of gs127 (251 bits, the step traced from the
library) and its final conversion (the wrapping of the result: one inversion by an addition chain
for p - 2, three products), list-scheduled on the six architectures of data/arch/hah-*.json, whose
parameters all come from the slides' text."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from genus._lib import Error, lib
from genus.hw.arch import Arch, load_shipped
from genus.hw.schedule import check_schedule, list_schedule
from genus.program import Program

__all__ = ["load_arch", "power_program", "hah", "main"]

#: the HAH configurations: units (1 or 2 of each kind) and words s x w
HAH_CONFIGS = [(1, 4, 34), (1, 2, 68), (1, 1, 136), (2, 4, 34), (2, 2, 68), (2, 1, 136)]
#: the ladder's bits: genus's gs127 ladder (src/kummer/gs127.c: bits 250..0 of the scalar)
HAH_BITS = 251


def load_arch(name: str) -> Arch:
    """A shipped architecture (data/arch/NAME.json)."""
    return load_shipped(name)


def power_program(p: int, e: int, formula: str = "") -> Program:
    """x^e as a program of squarings and products: the exponent's runs of ones, each x^(2^L - 1)
    built by the chain x^(2^(2k) - 1) = (x^(2^k - 1))^(2^k) x^(2^k - 1) and
    x^(2^(k+1) - 1) = (x^(2^k - 1))^2 x, then the runs joined left to right (for p - 2 with
    p = 2^127 - 1: 126 squarings and 12 products)."""
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
    return Program(formula or "x^%d" % e, p, ["x"], {}, ops, {"y": acc})


def _wrap_program(p: int) -> Program:
    """gs127's final conversion: (X : Y : Z : T) wrapped as (Y/X, Z/X, T/X) (src/kummer/gs127.c):
    X^(p - 2) and three products."""
    inv = power_program(p, p - 2)
    ops = [dict(o, args=["X" if a == "x" else a for a in o["args"]]) for o in inv.ops]
    r = inv.outputs["y"]
    outs: Dict[str, Any] = {}
    for c in "YZT":
        ops.append({"id": len(ops), "op": "mul", "args": [c, r]})
        outs[c.lower()] = len(ops) - 1
    return Program("kummer-gs127-wrap", p, ["X", "Y", "Z", "T"], {}, ops, outs)


def _pct(modelled: float, published: float) -> float:
    return round(100.0 * (modelled / published - 1.0), 1)


def hah() -> List[Dict[str, Any]]:
    """One row per HAH configuration: published and modelled cycles, data-memory lines (w-bit
    lines: registers x s) and program-memory lines (the ladder step's instructions with its swaps,
    and the final conversion's)."""
    import genus
    from genus.hw.ladder import ladder_shape, steady_state

    step = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    wrap = _wrap_program(step.p)
    rows = []
    for u, s, w in HAH_CONFIGS:
        name = "hah-%du-%dx%d" % (u, s, w)
        arch = load_arch(name)
        r = steady_state(step, arch, HAH_BITS)
        check_schedule(r["schedule"])
        fin = list_schedule(wrap, arch)
        check_schedule(fin)
        total = r["total_cycles"] + fin.cycles
        pub = arch.memory
        regs = max(r["schedule"].registers(), fin.registers())
        prog_lines = len(step.ops) + 2 * len(ladder_shape(step).swap) + len(fin.ops)
        rows.append({"config": "%du %dx%d" % (u, s, w), "arch": name,
                     "published_cycles": pub["published_cycles"], "cycles": total,
                     "difference_pct": _pct(total, pub["published_cycles"]),
                     "ladder_cycles": r["total_cycles"], "cycles_per_step": r["cycles_per_step"],
                     "final_conversion_cycles": fin.cycles,
                     "published_data_lines": pub["published_data_lines"], "data_lines": regs * s,
                     "published_program_lines": pub["published_program_lines"], "program_lines": prog_lines})
    return rows


def _table(rows: List[Dict[str, Any]], cols: List[tuple]) -> str:
    head = "  ".join("%*s" % (wd, t) for t, _, wd in cols)
    lines = [head, "-" * len(head)]
    for r in rows:
        lines.append("  ".join("%*s" % (wd, f(r)) for _, f, wd in cols))
    return "\n".join(lines)


def main(which: str, as_json: bool = False, out: Optional[Any] = None) -> int:
    import sys
    out = out or sys.stdout
    if which == "hah":
        rows = hah()
        if as_json:
            json.dump(rows, out, indent=1)
            out.write("\n")
            return 0
        out.write("HAH: Kummer ladder (gs127, %d bits) + final conversion on HTMM, AddSub and CSWAP units"
                  " (data/arch/hah-*.json)\n" % HAH_BITS)
        out.write(_table(rows, [
            ("config", lambda r: r["config"], 10), ("published", lambda r: "{:,}".format(r["published_cycles"]), 10),
            ("modelled", lambda r: "{:,}".format(r["cycles"]), 10), ("diff", lambda r: "%+.1f%%" % r["difference_pct"], 7),
            ("per step", lambda r: "%.1f" % r["cycles_per_step"], 9),
            ("data lines pub/ours", lambda r: "%d / %d" % (r["published_data_lines"], r["data_lines"]), 19),
            ("program lines pub/ours", lambda r: "%d / %d" % (r["published_program_lines"], r["program_lines"]), 22)]))
        out.write("\n")
        return 0
    if which == "basold":
        from genus.hw import basold
        return basold.main(as_json, out)
    raise Error("reproduce: hah or basold, not %r" % which, lib.GN_ERR_INVALID)
