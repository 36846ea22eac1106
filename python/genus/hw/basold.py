"""Basold's B-163 figures (H. Basold, "Parallelism investigation for elliptic curve key exchange",
bachelor's thesis, TU Braunschweig 2010; ../shared/background/004), modelled: his formulas traced
from the library (src/tmpl/ec2m.tmpl.h, the *_basold variants), one set of unit parameters read
from his text (data/arch/basold-*.json, each with its source), the schedules checked.

    python -m genus.hw reproduce basold [--json]

The model (docs/HW.md (Reproductions)):
- the field units are bit-serial (section 4.4: "The processing of single bits in algorithm 2.3 and
  2.10 costs in the current implementation one clock cycle each"): a product (algorithm 2.3) takes
  m = 163 cycles, a squaring is a product (chapter 3: "Exponentiation ... is implemented in terms
  of multiplication"), so is a product by a or b; an addition (algorithm 2.1, bitwise XOR) 1 cycle;
- a division f/g (algorithm 2.12, Stein's algorithm 2.10 with the invariant) has no cycle count
  in the text: it is derived from ONE published figure, the affine sequential addition (10,782
  cycles = one division + 2 products + 1 squaring + 8 additions, definition 1.17), and used in
  every configuration; the programs record f/g as an inversion and a product, so the inversion's
  latency is the division's less one product;
- "sequential": every operation after the previous one (program order) on one unit; "parallel":
  2 units in affine coordinates (section 3.3.1), 4 in projective ones (section 3.3.2), each unit
  an adder and a multiplier (and, in affine coordinates, a divider); the projective units divide
  nothing ("For projective coordinates only addition and multiplication is needed in those
  units"): the conversion's divisions run on one divider; the parallel schedules go level by
  level through the data-flow graph, as chapter 3 draws and reasons about it (the shortest
  schedule found is reported beside them);
- the scalar multiplication is algorithm 2.13 (right to left: a doubling per bit, an addition per
  set bit but the first, which adds to infinity), each operation scheduled alone. The thesis does
  not give the scalar; algorithm 2.13 takes a signed integer (a < 0 negates P), read as a C int:
  the figures are the expectation over uniform scalars in [1, 2^31) (``SCALAR_BITS``).
"""
from __future__ import annotations

import json
import sys
from typing import Any, Dict, List, Optional, Tuple

from genus._lib import Error, lib
from genus.hw.arch import Arch, load_shipped, shipped_path
from genus.hw.schedule import Schedule, check_schedule, critical_path, list_schedule
from genus.program import Program

__all__ = ["PUBLISHED", "SCALAR_BITS", "programs", "load_arch", "derived_division", "sequential_schedule",
           "best_schedule", "level_schedule", "scalar_counts", "sweep", "reproduce", "main"]

#: table 4.2 of the thesis (clock cycles, B-163), keyed by (operation, configuration)
PUBLISHED = {
    ("addition", "affine sequential"): 10782, ("addition", "affine parallel"): 10768,
    ("addition", "projective sequential"): 2412, ("addition", "projective sequential + conversion"): 24951,
    ("addition", "projective parallel"): 1194, ("addition", "projective parallel + conversion"): 23733,
    ("multiplication", "affine sequential"): 507288, ("multiplication", "affine parallel"): 506811,
    ("multiplication", "projective sequential"): 97869,
    ("multiplication", "projective sequential + conversion"): 120476,
    ("multiplication", "projective parallel"): 47826,
    ("multiplication", "projective parallel + conversion"): 70432,
}
#: the figure the division's cycles are derived from (the only derived parameter)
CALIBRATION = ("addition", "affine sequential")
#: the scalar: algorithm 2.13's signed integer read as a 32-bit C int, uniform in [1, 2^31)
SCALAR_BITS = 31
#: the configurations: architecture file, coordinates, sequential or scheduled
CONFIGS = {"affine sequential": ("basold-1u", "affine", True), "affine parallel": ("basold-2u", "affine", False),
           "projective sequential": ("basold-1u", "projective", True),
           "projective parallel": ("basold-4u", "projective", False)}


def load_arch(name: str) -> Arch:
    """A shipped architecture, data/arch/NAME.json (basold-1u, -2u, -4u, -nu)."""
    return load_shipped(name)


def load_arch_json(name: str) -> Dict[str, Any]:
    with open(shipped_path(name)) as f:
        d: Dict[str, Any] = json.load(f)
    return d


def programs() -> Dict[str, Program]:
    """Basold's formulas on B-163, traced from the library: add, dbl (definition 2.3, LD),
    affine-add, affine-dbl (definition 1.17), to-affine (definition 2.3's projection)."""
    import genus
    E = genus.Curve.named("B-163")
    return {op: genus.trace(E, op, variant="basold") for op in ("add", "dbl", "affine-add", "affine-dbl", "to-affine")}


def _latency(arch: Arch, op: str) -> int:
    """The shortest latency of a unit executing op (these architectures have no bus)."""
    us = arch.units_for(op)
    if not us:
        raise Error("no unit of %s executes %r" % (arch.name, op), lib.GN_ERR_UNSUPPORTED)
    return min(u.latency for u in us)


def derived_division(arch: Arch, affine_add: Program) -> int:
    """The inversion's latency that makes the affine addition's sequential time the published
    10,782 cycles, given the other units' latencies (the division f/g is the inversion and one
    product)."""
    rest = sum(_latency(arch, o["op"]) for o in affine_add.ops if o["op"] != "inv")
    ninv = sum(o["op"] == "inv" for o in affine_add.ops)
    total = PUBLISHED[CALIBRATION] - rest
    if ninv != 1 or total < 1:
        raise Error("basold: the affine addition must hold one division", lib.GN_ERR_INVALID)
    return total


def sequential_schedule(program: Program, arch: Arch) -> Schedule:
    """Every op after the previous one, in program order, on the first instance of the fastest
    unit kind that executes it: a sequential implementation's time is the sum of the latencies."""
    t, ops = 0, []
    for o in program.ops:
        u = min(arch.units_for(o["op"]), key=lambda u: u.latency)
        ops.append({"id": o["id"], "unit": u.kind, "instance": 0, "thread": 0, "start": t, "end": t + u.latency})
        t += u.latency
    s = Schedule(program, arch, ops)
    check_schedule(s)
    return s


def _bound(program: Program, arch: Arch) -> int:
    """A lower bound on any schedule: the critical path, and each unit kind's work over its count."""
    work: Dict[str, int] = {}
    for o in program.ops:
        u = min(arch.units_for(o["op"]), key=lambda u: u.latency)
        work[u.kind] = work.get(u.kind, 0) + u.latency
    counts = {u.kind: u.count for u in arch.units}
    cp = max(critical_path(program, arch)[0], 0)
    return max([cp] + [-(-w // counts[k]) for k, w in work.items()])


def best_schedule(program: Program, arch: Arch, exact_seconds: float = 0.0) -> Tuple[Schedule, str]:
    """The list schedule, or CP-SAT's when it finds a shorter one within exact_seconds (0: list
    only); checked. Returns (schedule, "list" | "exact, optimal" | "exact")."""
    s, how = list_schedule(program, arch), "list"
    check_schedule(s)
    if exact_seconds > 0 and s.cycles > _bound(program, arch):
        try:
            from genus.hw.exact import exact_schedule
            r = exact_schedule(program, arch, seconds=exact_seconds)
        except Error:
            r = None  # no OR-Tools: the list schedule stands
        if r is not None and r["schedule"].cycles < s.cycles:
            check_schedule(r["schedule"])
            s, how = r["schedule"], "exact, optimal" if r["optimal"] else "exact"
    return s, how


def scalar_counts(bits: int = SCALAR_BITS) -> Tuple[float, float]:
    """Algorithm 2.13 on a scalar uniform in [1, 2^bits): the expected (doublings, additions).
    A scalar of bit length t and weight h costs t doublings (one per loop turn, the last one
    unused) and h - 1 additions (the first adds P to infinity: no field operation)."""
    n = (1 << bits) - 1
    et = sum(t * (1 << (t - 1)) for t in range(1, bits + 1)) / n
    eh = sum((1 << (t - 1)) * (1 + (t - 1) / 2) for t in range(1, bits + 1)) / n
    return et, eh - 1


def level_schedule(program: Program, arch: Arch) -> Schedule:
    """Level by level: the ops of each level of the data-flow graph (the levels of the thesis's
    figures 3.1-3.4, :func:`genus.hw.schedule.depths`) run in parallel once the level above has
    ended; checked."""
    s = list_schedule(program, arch, by_levels=True)
    check_schedule(s)
    return s


def _cycles(prog: Program, arch: Arch, sequential: bool, exact_seconds: float,
            policy: str = "levels") -> Tuple[int, str]:
    if sequential:
        return sequential_schedule(prog, arch).cycles, "sequential"
    if policy == "levels":
        return level_schedule(prog, arch).cycles, "level by level"
    s, how = best_schedule(prog, arch, exact_seconds)
    return s.cycles, how


def sweep(units: range = range(1, 7), exact_seconds: float = 2.0) -> List[Dict[str, Any]]:
    """The projective (LD) addition on 1..6 units (each an adder and a multiplier, the units of
    basold-4u otherwise): cycles, multiplication steps (cycles // the product's latency) and the
    critical path (the bound with unlimited units)."""
    prog = programs()["add"]
    base = load_arch_json("basold-4u")
    out = []
    for n in units:
        d = json.loads(json.dumps(base))
        d["name"] = "Basold %d units" % n
        for u in d["units"]:
            if u["kind"] in ("mul", "add"):
                u["count"] = n
        arch = Arch.from_json(d)
        s, how = best_schedule(prog, arch, exact_seconds)
        lv = level_schedule(prog, arch)
        lm = _latency(arch, "mul")
        cp, _ = critical_path(prog, arch)
        out.append({"units": n, "cycles": s.cycles, "steps": s.cycles // lm, "critical_path": cp,
                    "critical_steps": cp // lm, "method": how, "level_cycles": lv.cycles,
                    "level_steps": lv.cycles // lm})
    return out


def reproduce(exact_seconds: float = 2.0) -> List[Dict[str, Any]]:
    """One row per figure of table 4.2: {"what", "published", "modelled", "ratio", "note"}, and
    for the parallel figures "best": the same on the shortest schedule found (list schedules, or
    CP-SAT's where it finds a shorter one within exact_seconds; 0: list schedules only). The
    parallel figures are modelled level by level (:func:`level_schedule`)."""
    progs = programs()
    archs = {name: load_arch(name) for name in ("basold-1u", "basold-2u", "basold-4u")}
    inv = derived_division(archs["basold-1u"], progs["affine-add"])
    for name, a in archs.items():
        if _latency(a, "inv") != inv:
            raise Error("basold: %s's inversion latency %d is not the derived %d (data/arch/%s.json)"
                        % (name, _latency(a, "inv"), inv, name), lib.GN_ERR_INVALID)
    nd, na = scalar_counts()
    conv = {cfg: _cycles(progs["to-affine"], archs[arch], seq, exact_seconds)[0]
            for cfg, (arch, coords, seq) in CONFIGS.items() if coords == "projective"}
    rows = []
    for cfg, (arch, coords, seq) in CONFIGS.items():
        a = archs[arch]
        add_op, dbl_op = ("affine-add", "affine-dbl") if coords == "affine" else ("add", "dbl")
        add, how = _cycles(progs[add_op], a, seq, exact_seconds)
        dbl, _ = _cycles(progs[dbl_op], a, seq, exact_seconds)
        mul = round(nd * dbl + na * add)
        note = "%s on %s" % (how, arch)
        figures = [("addition", cfg, add, note), ("multiplication", cfg, mul,
                                                  "%.2f dbl + %.2f add, %s" % (nd, na, note))]
        if coords == "projective":
            figures += [("addition", cfg + " + conversion", add + conv[cfg], note + ", + two divisions"),
                        ("multiplication", cfg + " + conversion", mul + conv[cfg], note + ", + two divisions")]
        best = {}
        if not seq:  # the same figures on the shortest schedules found
            badd, bhow = _cycles(progs[add_op], a, seq, exact_seconds, "best")
            bdbl, _ = _cycles(progs[dbl_op], a, seq, exact_seconds, "best")
            bmul = round(nd * bdbl + na * badd)
            bconv = _cycles(progs["to-affine"], a, seq, exact_seconds, "best")[0] if coords == "projective" else 0
            best = {("addition", cfg): badd, ("multiplication", cfg): bmul,
                    ("addition", cfg + " + conversion"): badd + bconv,
                    ("multiplication", cfg + " + conversion"): bmul + bconv}
        for what, c, m, n in figures:
            pub = PUBLISHED[(what, c)]
            if (what, c) == CALIBRATION:
                n += "; the division's cycles are derived from this figure"
            row = {"what": "EC %s, %s" % (what, c), "published": pub, "modelled": m, "ratio": round(m / pub, 4),
                   "note": n}
            if (what, c) in best:
                row["best"] = best[(what, c)]
            rows.append(row)
    return rows


def main(as_json: bool = False, out: Optional[Any] = None, exact_seconds: float = 2.0) -> int:
    """Prints the rows (published | modelled | difference) and the sweep, or {"rows", "sweep"}."""
    out = out or sys.stdout
    rows, sw = reproduce(exact_seconds), sweep(exact_seconds=exact_seconds)
    if as_json:
        json.dump({"rows": rows, "sweep": sw}, out, indent=1)
        out.write("\n")
        return 0
    out.write("Basold 2010, B-163 (table 4.2), clock cycles\n")
    out.write("parallel: level by level (the thesis's figures); 'best': the shortest schedule found\n")
    out.write("%-52s %10s %10s %8s %10s\n" % ("", "published", "modelled", "diff", "best"))
    for r in rows:
        best = "%10d" % r["best"] if "best" in r else ""
        out.write("%-52s %10d %10d %+7.1f%% %s\n" % (r["what"], r["published"], r["modelled"], 100 * (r["ratio"] - 1),
                                                     best))
    out.write("\nprojective addition (definition 2.3) on n units: the shortest schedule, and level by level;"
              " product steps of %d cycles\n" % _latency(load_arch("basold-1u"), "mul"))
    for s in sw:
        out.write("  %d units: %5d cycles, %d steps; by levels %5d cycles, %d steps (critical path %d cycles,"
                  " %d steps)\n" % (s["units"], s["cycles"], s["steps"], s["level_cycles"], s["level_steps"],
                                    s["critical_path"], s["critical_steps"]))
    return 0


if __name__ == "__main__":
    sys.exit(main("--json" in sys.argv[1:]))
