"""The exact scheduler: the same problem as list scheduling, solved by constraint programming
(OR-Tools CP-SAT): minimal cycles, proven optimal or reported with the gap to the best bound."""
from __future__ import annotations

from typing import Any, Dict, List

from genus._lib import Error, lib
from genus.hw.arch import Arch
from genus.hw.schedule import Schedule, _preds, list_schedule
from genus.program import Program

__all__ = ["exact_schedule"]


def _threads(ops: List[Dict[str, Any]], capacity: int) -> None:
    """Thread indices for the ops of one instance (interval colouring: at most capacity overlap)."""
    busy: List[int] = []  # end cycle per thread
    for o in sorted(ops, key=lambda o: o["start"]):
        for t, e in enumerate(busy):
            if e <= o["start"]:
                busy[t] = o["end"]
                o["thread"] = t
                break
        else:
            o["thread"] = len(busy)
            busy.append(o["end"])
        if o["thread"] >= capacity:
            raise Error("exact: %d ops overlap on one instance (threads %d)" % (o["thread"] + 1, capacity),
                        lib.GN_ERR_INVALID)


def exact_schedule(program: Program, arch: Arch, seconds: float = 10.0, workers: int = 1) -> Dict[str, Any]:
    """{"schedule": Schedule, "optimal": bool, "bound": best lower bound, "gap": (cycles - bound) /
    cycles}: CP-SAT over one optional interval per (op, unit instance) able to run it,
    precedences, an issue slot of the unit's interval per instance (no overlap) and at most its
    threads in flight (cumulative); the list schedule is the starting solution and the horizon."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        raise Error("the exact scheduler needs OR-Tools (python3 -m pip install ortools; scripts/bootstrap.sh)",
                    lib.GN_ERR_UNSUPPORTED) from None
    start_from = list_schedule(program, arch)
    horizon = start_from.cycles
    preds = _preds(program)
    m = cp_model.CpModel()
    starts, ends, choice = [], [], []
    issue: Dict[tuple, list] = {}
    flight: Dict[tuple, list] = {}
    bus: list = []
    for i, op in enumerate(program.ops):
        s = m.new_int_var(0, horizon, "s%d" % i)
        e = m.new_int_var(0, horizon, "e%d" % i)
        alts = []
        for u in arch.units_for(op["op"]):
            for k in range(u.count):
                present = m.new_bool_var("x%d_%s_%d" % (i, u.kind, k))
                d = arch.duration(u, op)
                if arch.bus:  # the result may wait in its unit for the bus, its thread held
                    m.add(e >= s + d).only_enforce_if(present)
                else:
                    m.add(e == s + d).only_enforce_if(present)
                issue.setdefault((u.kind, k), []).append(
                    m.new_optional_interval_var(s, u.interval, s + u.interval, present, "i%d" % i))
                size = m.new_int_var(0, horizon, "d%d_%s_%d" % (i, u.kind, k))
                flight.setdefault((u.kind, k), []).append(
                    m.new_optional_interval_var(s, size, e, present, "f%d" % i))
                alts.append((present, u, k))
                b_in, b_out = arch.bus_in(op, u), arch.bus_out(op, u)
                if b_in:  # operands at the issue, the result up to the end
                    bus.append(m.new_optional_interval_var(s, b_in, s + b_in, present, "bi%d" % i))
                if b_out:
                    bus.append(m.new_optional_interval_var(e - b_out, b_out, e, present, "bo%d" % i))
        if not alts:
            raise Error("no unit of %s executes %r" % (arch.name, op["op"]), lib.GN_ERR_UNSUPPORTED)
        m.add_exactly_one(a[0] for a in alts)
        starts.append(s)
        ends.append(e)
        choice.append(alts)
    for i, ps in enumerate(preds):
        for j in ps:
            m.add(starts[i] >= ends[j])
    for u in arch.units:
        for k in range(u.count):
            if issue.get((u.kind, k)):
                m.add_no_overlap(issue[(u.kind, k)])
                if u.threads is not None:
                    m.add_cumulative(flight[(u.kind, k)], [1] * len(flight[(u.kind, k)]), u.threads)
    if bus:
        m.add_no_overlap(bus)
    makespan = m.new_int_var(0, horizon, "cycles")
    m.add_max_equality(makespan, ends)
    m.minimize(makespan)
    for o in start_from.ops:  # the list schedule as a hint
        m.add_hint(starts[o["id"]], o["start"])
        m.add_hint(ends[o["id"]], o["end"])
        for present, u, k in choice[o["id"]]:
            m.add_hint(present, int(u.kind == o["unit"] and k == o["instance"]))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = float(seconds)
    solver.parameters.num_workers = int(workers)
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {"schedule": start_from, "optimal": False, "bound": int(solver.best_objective_bound),
                "gap": None}
    placed = []
    for i in range(len(program.ops)):
        present, u, k = next(a for a in choice[i] if solver.value(a[0]))
        st = solver.value(starts[i])
        placed.append({"id": i, "unit": u.kind, "instance": k, "thread": 0, "start": st, "end": solver.value(ends[i])})
    for u in arch.units:
        for k in range(u.count):
            _threads([o for o in placed if o["unit"] == u.kind and o["instance"] == k], u.threads or u.capacity)
    sched = Schedule(program, arch, placed)
    bound = int(solver.best_objective_bound)
    return {"schedule": sched, "optimal": status == cp_model.OPTIMAL, "bound": bound,
            "gap": round((sched.cycles - bound) / sched.cycles, 4) if sched.cycles else 0.0}
