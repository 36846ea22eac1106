"""Pictures of programs and schedules: the program as a DAG in Graphviz DOT (levels top to bottom,
as the formula drawings of Basold's thesis), and a schedule as a Gantt chart (one row per unit
instance and thread, operations labelled and coloured by kind; PNG or SVG with matplotlib)."""
from __future__ import annotations

from typing import Dict, List

from genus._lib import Error, lib
from genus.hw.schedule import Schedule
from genus.program import Program

__all__ = ["dot", "gantt"]

_COLOURS = {"mul": "#4c72b0", "sqr": "#55a868", "mulc": "#8172b2", "muls": "#64b5cd", "add": "#dd8452",
            "sub": "#c44e52", "neg": "#937860", "half": "#da8bc3", "inv": "#8c8c8c", "cswap": "#ccb974"}


def dot(program: Program) -> str:
    """The program's data flow as a DOT digraph: inputs and constants on top, each op one rank
    below its deepest argument, outputs named."""
    depth: Dict[object, int] = {n: 0 for n in program.inputs}
    depth.update({n: 0 for n in program.constants})
    lines = ["digraph \"%s\" {" % program.formula, "  rankdir=TB; node [fontname=\"Helvetica\", fontsize=10];"]
    used = {a for o in program.ops for a in o["args"] if isinstance(a, str)} | {
        r for r in program.outputs.values() if isinstance(r, str)}
    for n in list(program.inputs) + list(program.constants):
        if n in used:
            lines.append("  \"%s\" [shape=box, style=rounded];" % n)
    ranks: Dict[int, List[str]] = {}
    for o in program.ops:
        d = 1 + max((depth[a] for a in o["args"]), default=0)
        depth[o["id"]] = d
        label = o["op"] + (" %d" % o["k"] if o["op"] == "muls" else "")
        lines.append("  n%d [label=\"%d: %s\", style=filled, fillcolor=\"%s\", fontcolor=white];"
                     % (o["id"], o["id"], label, _COLOURS.get(o["op"], "#999999")))
        ranks.setdefault(d, []).append("n%d" % o["id"])
        for a in o["args"]:
            lines.append("  %s -> n%d;" % ("n%d" % a if isinstance(a, int) else "\"%s\"" % a, o["id"]))
    for d, names in sorted(ranks.items()):
        lines.append("  { rank=same; %s }" % "; ".join(names))
    for name, ref in program.outputs.items():
        lines.append("  \"out %s\" [shape=box, label=\"%s\"];" % (name, name))
        lines.append("  %s -> \"out %s\";" % ("n%d" % ref if isinstance(ref, int) else "\"%s\"" % ref, name))
    lines.append("}")
    return "\n".join(lines) + "\n"


def gantt(schedule: Schedule, path: str) -> None:
    """The schedule as a Gantt chart in path (.png or .svg)."""
    if not (path.endswith(".png") or path.endswith(".svg")):
        raise Error("gantt: the picture is a .png or .svg file, not %s" % path, lib.GN_ERR_INVALID)
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = sorted({(o["unit"], o["instance"], o["thread"]) for o in schedule.ops})
    index = {r: i for i, r in enumerate(rows)}
    fig, ax = plt.subplots(figsize=(max(6.0, min(24.0, schedule.cycles / 40)), 0.45 * len(rows) + 1.2))
    for o in schedule.ops:
        op = schedule.program.ops[o["id"]]["op"]
        y = index[(o["unit"], o["instance"], o["thread"])]
        ax.barh(y, o["end"] - o["start"], left=o["start"], color=_COLOURS.get(op, "#999999"), edgecolor="white")
        if o["end"] - o["start"] >= max(3, schedule.cycles / 150):
            ax.text(o["start"] + (o["end"] - o["start"]) / 2, y, "%d" % o["id"], ha="center", va="center",
                    fontsize=6, color="white")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(["%s %d.%d" % r for r in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("cycle")
    ax.set_title("%s on %s: %d cycles" % (schedule.program.formula, schedule.arch.name, schedule.cycles), fontsize=9)
    kinds = sorted({o["op"] for o in schedule.program.ops})
    ax.legend([plt.Rectangle((0, 0), 1, 1, color=_COLOURS.get(k, "#999999")) for k in kinds], kinds, fontsize=7,
              loc="upper right", ncol=len(kinds))
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)
