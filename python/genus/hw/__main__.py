"""python -m genus.hw: schedule, check and simulate traced programs on architectures.

    python -m genus.hw schedule --program P.json --arch A.json [--method list|exact] [--seconds S] [--json]
    python -m genus.hw schedule --program STEP.json --arch A.json --steps BITS [--json]
    python -m genus.hw check --program P.json --arch A.json --schedule S.json
    python -m genus.hw simulate --program P.json --arch A.json [--schedule S.json]
    python -m genus.hw gantt --program P.json --arch A.json [--schedule S.json] --out FILE.png|svg
    python -m genus.hw dot --program P.json
    python -m genus.hw explore --space SPACE.json [--out DIR] [--workers N] [--ray ADDRESS]
    python -m genus.hw reproduce hah|basold|rns [--json]

P.json is a program (genus trace, genus.trace(...).to_json()), A.json an architecture (the arch
JSON of DESIGN section 10). Bad input is one line on stderr and exit status 2."""
from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from genus._lib import Error
from genus.hw.arch import Arch
from genus.hw.schedule import Schedule, check_schedule, critical_path, list_schedule
from genus.hw.simulate import simulate
from genus.program import Program


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise Error(message)


def _program(path: str) -> Program:
    try:
        with open(path) as f:
            return Program.from_json(f.read())
    except OSError as e:
        raise Error("cannot read %s: %s" % (path, e.strerror)) from None
    except ValueError as e:
        if isinstance(e, Error):
            raise
        raise Error("%s: not JSON (%s)" % (path, e)) from None


def _schedule(program: Program, arch: Arch, path: Optional[str], by_levels: bool = False) -> Schedule:
    if path is None:
        return list_schedule(program, arch, by_levels)
    try:
        with open(path) as f:
            return Schedule.from_json(program, arch, f.read())
    except OSError as e:
        raise Error("cannot read %s: %s" % (path, e.strerror)) from None


def main(argv: Optional[List[str]] = None) -> int:
    ap = _Parser(prog="python -m genus.hw", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd")
    sp = sub.add_parser("dot")
    sp.add_argument("--program", required=True)
    sp = sub.add_parser("reproduce")
    sp.add_argument("which", choices=("hah", "basold", "rns"))
    sp.add_argument("--json", action="store_true")
    sp = sub.add_parser("explore")
    sp.add_argument("--space", required=True)
    sp.add_argument("--out", default="explore")
    sp.add_argument("--workers", type=int)
    sp.add_argument("--ray", metavar="ADDRESS")
    for name in ("schedule", "check", "simulate", "gantt"):
        sp = sub.add_parser(name)
        sp.add_argument("--program", required=True)
        sp.add_argument("--arch", required=True)
        if name == "gantt":
            sp.add_argument("--out", required=True)
        sp.add_argument("--schedule", required=(name == "check"))
        sp.add_argument("--json", action="store_true")
        if name == "schedule":
            sp.add_argument("--method", choices=("list", "exact"), default="list")
            sp.add_argument("--seconds", type=float, default=10.0, help="the exact scheduler's time limit")
            sp.add_argument("--steps", type=int, help="a ladder of this many bits: the steady state of the step")
            sp.add_argument("--listing", action="store_true", help="print the controller's program too")
            sp.add_argument("--levels", action="store_true",
                            help="list scheduling level by level (each level of the graph after the one above)")
    try:
        args = ap.parse_args(argv)
        if not args.cmd:
            raise Error("missing command (schedule, check, simulate, gantt, dot, explore, reproduce)")
        if args.cmd == "reproduce":
            from genus.hw.reproduce import main as reproduce
            return reproduce(args.which, args.json)
        if args.cmd == "explore":
            import os
            from genus.hw import explore as dse
            if not os.path.exists(args.space):
                raise Error("cannot read %s" % args.space)
            space = dse.load_space(args.space)
            rows = dse.explore(space, base=os.path.dirname(os.path.abspath(args.space)), workers=args.workers,
                               ray_address=args.ray)
            for path in dse.write(rows, args.out, "%s: cycles against area" % space.get("name", args.space)):
                print("wrote %s" % path)
            front = dse.pareto(rows)
            print("%d points, %d on the Pareto front" % (len(rows), len(front)))
            return 0
        if args.cmd == "dot":
            from genus.hw.draw import dot
            sys.stdout.write(dot(_program(args.program)))
            return 0
        prog, arch = _program(args.program), Arch.load(args.arch)
        for o in prog.ops:
            arch.fastest(o)  # an op no unit executes is refused here
        extra = {}
        if args.cmd == "schedule" and args.steps is not None:
            from genus.hw.ladder import steady_state
            r = steady_state(prog, arch, args.steps)
            out = {k: v for k, v in r.items() if k not in ("schedule", "final_schedule")}
            check_schedule(r["schedule"])
            if r["final_schedule"] is not None:
                check_schedule(r["final_schedule"])
            out.update({"arch": arch.name, "program": prog.formula, "window": r["schedule"].to_json()})
            if args.json:
                json.dump(out, sys.stdout, indent=1)
                print()
            else:
                print("%s on %s: %.1f cycles per step in steady state, %d cycles for %d bits (the ladder %d, window of"
                      " %d steps: %d cycles; the final conversion %d)"
                      % (prog.formula, arch.name, out["cycles_per_step"], out["total_cycles"], args.steps,
                         out["ladder_cycles"], min(6, args.steps), out["window_cycles"], out["final_cycles"]))
            return 0
        if args.cmd == "schedule" and args.method == "exact":
            from genus.hw.exact import exact_schedule
            r = exact_schedule(prog, arch, seconds=args.seconds)
            sched = r["schedule"]
            extra = {"optimal": r["optimal"], "bound": r["bound"], "gap": r["gap"]}
        else:
            sched = _schedule(prog, arch, args.schedule, getattr(args, "levels", False))
        if args.cmd == "schedule":
            check_schedule(sched)
            out = sched.to_json()
            out.update(extra)
            bound, _ = critical_path(prog, arch)
            out["critical_path"] = bound
            if args.json:
                json.dump(out, sys.stdout, indent=1)
                print()
            else:
                proof = ""
                if extra:
                    proof = ", optimal" if extra["optimal"] else ", best bound %d (gap %.1f%%)" % (
                        extra["bound"], 100 * (extra["gap"] or 0))
                print("%s on %s: %d cycles%s (critical path %d), %d registers, %d program lines, utilisation %s"
                      % (prog.formula, arch.name, out["cycles"], proof, bound, out["registers"], out["program_lines"],
                         ", ".join("%s %.0f%%" % (k, 100 * v) for k, v in out["utilisation"].items())))
                if args.listing:
                    print("inputs in lines %s; outputs in lines %s" % (
                        ", ".join("%s r%d" % kv for kv in out["lines"]["inputs"].items()),
                        ", ".join("%s r%d" % kv for kv in out["lines"]["outputs"].items())))
                    print("\n".join(out["listing"]))
        elif args.cmd == "gantt":
            from genus.hw.draw import gantt
            check_schedule(sched)
            gantt(sched, args.out)
            print("wrote %s" % args.out)
        elif args.cmd == "check":
            check_schedule(sched)
            print("legal: %d cycles" % sched.cycles)
        else:
            r = simulate(sched)
            ok = r["outputs"] == r["expected"] and r.get("library", r["outputs"]) == r["outputs"]
            if args.json:
                json.dump({k: {n: "%x" % v for n, v in d.items()} if isinstance(d, dict) else d
                           for k, d in r.items()}, sys.stdout, indent=1)
                print()
            else:
                print("%s on %s: %d cycles, outputs %s the program's%s" % (
                    prog.formula, arch.name, r["cycles"], "equal" if ok else "DIFFER FROM",
                    " and the library's" if "library" in r else ""))
            if not ok:
                return 1
        return 0
    except Error as e:
        print("genus.hw: %s" % str(e).replace("\n", " "), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
