"""The value simulator: a schedule run cycle by cycle on field elements, each op's result becoming
readable only when its unit delivers it, and the outputs compared with the library's."""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional

from genus._lib import Error, lib
from genus.hw.schedule import Schedule

__all__ = ["simulate"]


def simulate(schedule: Schedule, values: Optional[Mapping[str, int]] = None) -> Dict[str, Any]:
    """Run the schedule on ``values`` (the program's inputs; default: the values the library's
    run recorded): every cycle, ops whose unit delivers write their results, then ops starting
    issue, reading only results already written; a unit instance taking more ops than its
    interval and threads allow, or an op reading a result not yet delivered, is an Error. Returns
    {"outputs", "cycles", "expected"} where expected is what the program computes
    (genus.Program.evaluate) and, for the recorded inputs, what the library computed."""
    prog, arch = schedule.program, schedule.arch
    inputs = dict(prog.input_values if values is None else values)
    env: Dict[Any, int] = {k: prog.reduce(v) for k, v in prog.constants.items()}
    for name in prog.inputs:
        if name not in inputs:
            raise Error("simulate: no value for the input %r" % name, lib.GN_ERR_INVALID)
        env[name] = prog.reduce(inputs[name])
    kinds = {u.kind: u for u in arch.units}
    starts: Dict[int, list] = {}
    seen = set()
    for o in schedule.ops:
        if o["id"] in seen or not 0 <= o["id"] < len(prog.ops):
            raise Error("simulate: op %r is placed twice or does not exist" % (o["id"],), lib.GN_ERR_INVALID)
        seen.add(o["id"])
        starts.setdefault(o["start"], []).append(o)
    pending: Dict[int, list] = {}
    bus_held: Dict[int, int] = {}  # cycle -> the op whose transfer holds the bus then
    last_issue: Dict[tuple, int] = {}
    in_flight: Dict[tuple, list] = {}
    horizon = schedule.cycles
    events = sorted(set(starts) | {o["end"] for o in schedule.ops})  # the cycles where anything happens
    for t in events:
        for due in sorted(d for d in pending if d <= t):
            for oid, v in pending.pop(due):
                env[oid] = v
        for o in sorted(starts.get(t, []), key=lambda x: x["id"]):
            u = kinds.get(o["unit"])
            po = prog.ops[o["id"]]
            if u is None or po["op"] not in u.ops:
                raise Error("simulate: op %d (%s) issued to unit %r, which cannot execute it"
                            % (o["id"], po["op"], o["unit"]), lib.GN_ERR_INVALID)
            key = (u.kind, o["instance"])
            if not 0 <= o["instance"] < u.count:
                raise Error("simulate: %s has no instance %d" % (u.kind, o["instance"]), lib.GN_ERR_INVALID)
            if key in last_issue and t - last_issue[key] < u.interval:
                raise Error("simulate: cycle %d: %s instance %d is oversubscribed (op %d %d cycles after op issue,"
                            " interval %d)" % (t, u.kind, o["instance"], o["id"], t - last_issue[key], u.interval),
                            lib.GN_ERR_INVALID)
            flying = [e for e in in_flight.get(key, []) if e > t]
            if u.threads is not None and len(flying) >= u.threads:
                raise Error("simulate: cycle %d: %s instance %d already holds %d ops (threads %d)"
                            % (t, u.kind, o["instance"], len(flying), u.threads), lib.GN_ERR_INVALID)
            args = []
            for a in po["args"]:
                if a not in env:
                    raise Error("simulate: cycle %d: op %d reads op %s before its result is delivered"
                                % (t, o["id"], a), lib.GN_ERR_INVALID)
                args.append(env[a])
            end = t + arch.duration(u, po)
            if o["end"] != end and not (arch.bus and o["end"] > end):  # a result may wait for the bus
                raise Error("simulate: op %d ends at %d, but %s delivers at %d" % (o["id"], o["end"], u.kind, end),
                            lib.GN_ERR_INVALID)
            end = o["end"]
            for a, b in arch.bus_windows(po, t, end, u):
                for c in range(a, b):
                    if c in bus_held:
                        raise Error("simulate: cycle %d: op %d needs the bus, which op %d holds then"
                                    % (c, o["id"], bus_held[c]), lib.GN_ERR_INVALID)
                    bus_held[c] = o["id"]
            last_issue[key] = t
            in_flight[key] = flying + [end]
            pending.setdefault(end, []).append((o["id"], prog.apply(po, args)))
    missing = [ref for ref in prog.outputs.values() if ref not in env]
    if missing:
        raise Error("simulate: outputs never computed: %s" % missing, lib.GN_ERR_INVALID)
    outputs = {name: env[ref] for name, ref in prog.outputs.items()}
    expected = prog.evaluate(inputs)
    result = {"outputs": outputs, "cycles": horizon, "expected": expected}
    if values is None and prog.output_values:
        result["library"] = prog.output_values
    return result
