"""The published figures of the background documents, modelled (docs/HW.md, "Reproductions"):
``python -m genus.hw reproduce hah|basold|rns [--json]`` prints each published number beside ours
(rns: python/genus/hw/rns.py).

HAH (../shared/background/001): the Kummer ladder of gs127 (251 bits, the step traced from the
library) and its final conversion (the wrapping of the result: one inversion by an addition chain
for p - 2, three products), list-scheduled on the six architectures of data/arch/hah-*.json, whose
parameters all come from the slides' text."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from genus._lib import Error, lib
from genus.hw.arch import Arch, load_shipped
from genus.hw.schedule import check_schedule

__all__ = ["load_arch", "hah", "main"]

#: the HAH configurations: units (1 or 2 of each kind) and words s x w
HAH_CONFIGS = [(1, 4, 34), (1, 2, 68), (1, 1, 136), (2, 4, 34), (2, 2, 68), (2, 1, 136)]
#: the ladder's bits: genus's gs127 ladder (src/kummer/gs127.c: bits 250..0 of the scalar)
HAH_BITS = 251


def load_arch(name: str) -> Arch:
    """A shipped architecture (data/arch/NAME.json)."""
    return load_shipped(name)


def _pct(modelled: float, published: float) -> float:
    return round(100.0 * (modelled / published - 1.0), 1)


def hah() -> List[Dict[str, Any]]:
    """One row per HAH configuration: published and modelled cycles, data-memory lines (w-bit
    lines: registers x s) and program-memory lines (the ladder step's instructions with its swaps,
    and the final conversion's)."""
    import genus
    from genus.hw.ladder import ladder_shape, steady_state

    step = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    rows = []
    for u, s, w in HAH_CONFIGS:
        name = "hah-%du-%dx%d" % (u, s, w)
        arch = load_arch(name)
        r = steady_state(step, arch, HAH_BITS)
        fin = r["final_schedule"]
        check_schedule(r["schedule"])
        check_schedule(fin)
        total = r["total_cycles"]
        pub = arch.memory
        regs = max(r["schedule"].registers(), fin.registers())
        prog_lines = len(step.ops) + 2 * len(ladder_shape(step).swap) + len(fin.ops)
        rows.append({"config": "%du %dx%d" % (u, s, w), "arch": name,
                     "published_cycles": pub["published_cycles"], "cycles": total,
                     "difference_pct": _pct(total, pub["published_cycles"]),
                     "ladder_cycles": r["ladder_cycles"], "cycles_per_step": r["cycles_per_step"],
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
    if which == "rns":
        from genus.hw import rns
        return rns.main(as_json, out)
    raise Error("reproduce: hah, basold or rns, not %r" % which, lib.GN_ERR_INVALID)
