"""Schedules of a traced program on an architecture: list scheduling with critical-path priority,
and an independent legality check of any schedule (the schedule JSON of DESIGN section 10)."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from genus._lib import Error, lib
from genus.hw.arch import Arch, Unit
from genus.program import Program

__all__ = ["Schedule", "list_schedule", "check_schedule", "critical_path", "depths"]


class Schedule:
    """Start and end cycles of every op of a program on units of an architecture:
    ``ops[i] = {"id", "unit", "instance", "thread", "start", "end"}``."""

    def __init__(self, program: Program, arch: Arch, ops: List[Dict[str, Any]]) -> None:
        self.program, self.arch, self.ops = program, arch, sorted(ops, key=lambda o: o["id"])

    @property
    def cycles(self) -> int:
        return max((o["end"] for o in self.ops), default=0)

    def utilisation(self) -> Dict[str, float]:
        """Per unit kind: the busy fraction of its instances over the schedule (an instance counts
        as many slots as operations it can hold at once: its threads, or its pipeline's depth)."""
        out = {}
        T = max(self.cycles, 1)
        for u in self.arch.units:
            busy = sum(o["end"] - o["start"] for o in self.ops if o["unit"] == u.kind)
            slots = u.count * u.capacity
            out[u.kind] = round(busy / (T * slots), 4)
        return out

    def _lifetimes(self) -> Dict[Any, Tuple[int, int]]:
        """Each value's line in the data memory, [born, dies): from the end of the op computing it
        (cycle 0 for an input) to the start of its last reader included (a result is written
        before a read of the same cycle); outputs to the end. Values no op reads and no output
        names hold no line."""
        p = self.program
        born: Dict[Any, int] = {name: 0 for name in p.inputs}
        last: Dict[Any, int] = {}
        for o in self.ops:
            born[o["id"]] = o["end"]
        for o, po in zip(self.ops, p.ops):
            for a in po["args"]:
                if a in born:
                    last[a] = max(last.get(a, 0), o["start"])
        for ref in p.outputs.values():
            last[ref] = self.cycles + 1  # kept to the end
        return {v: (b, max(last[v], b) + 1) for v, b in born.items() if v in last}

    def allocate(self) -> Dict[Any, int]:
        """A data-memory line for every value that needs one (input names and op ids), lines
        reused once their value is dead: the interval graph coloured in order of birth, which
        uses exactly :meth:`registers` lines."""
        free: List[int] = []
        busy: List[Tuple[int, int]] = []  # (dies, line)
        out: Dict[Any, int] = {}
        n = 0
        for v, (b, d) in sorted(self._lifetimes().items(), key=lambda kv: (kv[1][0], str(kv[0]))):
            for dies, line in [x for x in busy if x[0] <= b]:
                busy.remove((dies, line))
                free.append(line)
            if free:
                free.sort()
                line = free.pop(0)
            else:
                line, n = n, n + 1
            out[v] = line
            busy.append((d, line))
        return out

    def registers(self) -> int:
        """Values alive at once, at most: the data memory's lines (see :meth:`allocate`)."""
        events = []
        for b, d in self._lifetimes().values():
            events += [(b, 1), (d, -1)]
        live = best = 0
        for _, d in sorted(events):
            live += d
            best = max(best, live)
        return best

    def lines(self) -> Dict[str, Dict[str, int]]:
        """Where the controller finds the inputs and leaves the outputs: data-memory lines by name."""
        line = self.allocate()
        return {"inputs": {n: line[n] for n in self.program.inputs if n in line},
                "outputs": {n: line[r] for n, r in self.program.outputs.items() if r in line}}

    def listing(self) -> List[str]:
        """The program a controller executes: one instruction per op in issue order, with the
        cycle, the unit instance, the operation and its data-memory lines (``r<n>``; curve
        constants by name, a swap's bit as the input that holds it). Its length is the program
        memory's lines."""
        line = self.allocate()
        p = self.program

        def ref(a: Any) -> str:
            return "r%d" % line[a] if a in line else str(a)

        out = []
        for o in sorted(self.ops, key=lambda o: (o["start"], o["id"])):
            po = p.ops[o["id"]]
            args = [ref(a) for a in po["args"]]
            if "k" in po:
                args.append("#%d" % po["k"])
            dst = ref(o["id"]) if o["id"] in line else "-"
            out.append("%7d  %s.%d  %-5s %s <- %s" % (o["start"], o["unit"], o["instance"], po["op"], dst,
                                                       ", ".join(args)))
        return out

    def to_json(self) -> Dict[str, Any]:
        use = self.utilisation()
        return {"arch": self.arch.name, "program": self.program.formula, "cycles": self.cycles,
                "ops": self.ops, "registers": self.registers(), "utilisation": use,
                "idle": {k: round(1 - v, 4) for k, v in use.items()},
                "program_lines": len(self.ops), "listing": self.listing(), "lines": self.lines()}

    @classmethod
    def from_json(cls, program: Program, arch: Arch, source: Union[str, Mapping[str, Any]]) -> "Schedule":
        try:
            o = json.loads(source) if isinstance(source, str) else source
            ops = [dict(id=int(x["id"]), unit=str(x["unit"]), instance=int(x["instance"]),
                        thread=int(x.get("thread", 0)), start=int(x["start"]), end=int(x["end"])) for x in o["ops"]]
        except (ValueError, KeyError, TypeError) as e:
            raise Error("schedule: not a schedule JSON (%s)" % e, lib.GN_ERR_PARSE) from None
        return cls(program, arch, ops)


def _preds(program: Program) -> List[List[int]]:
    return [[a for a in o["args"] if isinstance(a, int) and not isinstance(a, bool)] for o in program.ops]


def critical_path(program: Program, arch: Arch) -> Tuple[int, List[int]]:
    """The longest path through the program with each op at its fastest duration (a lower bound
    on any schedule), and each op's bottom level (its path to the end: the list scheduler's
    priority)."""
    lat = [arch.fastest(o) for o in program.ops]
    succ: List[List[int]] = [[] for _ in program.ops]
    for i, ps in enumerate(_preds(program)):
        for j in ps:
            succ[j].append(i)
    level = [0] * len(lat)
    for i in reversed(range(len(lat))):
        level[i] = lat[i] + max((level[j] for j in succ[i]), default=0)
    return max(level, default=0), level


class _Instance:
    def __init__(self, unit: Unit, index: int) -> None:
        self.unit, self.index = unit, index
        self.issues: List[int] = []
        self.running: List[Tuple[int, int, int]] = []  # (start, end, thread)

    def free_at(self, t: int) -> Optional[int]:
        """The thread an op issued at t would take, or None when the instance cannot issue then."""
        u = self.unit
        if self.issues and t < self.issues[-1] + u.interval:
            return None
        busy = {th for s, e, th in self.running if s <= t < e}
        cap = u.threads if u.threads is not None else u.capacity
        for th in range(cap):
            if th not in busy:
                return th
        return None

    def next_free(self, t: int) -> int:
        cands = [e for _, e, _ in self.running if e > t]
        if self.issues:
            cands.append(self.issues[-1] + self.unit.interval)
        return min((c for c in cands if c > t), default=t + 1)


def _pick(inst: List[_Instance], op: Mapping[str, Any], t: int, bus_free: bool) -> Optional[Tuple[_Instance, int]]:
    """The instance (and its thread) that can issue op at t with the shortest latency; units on
    the shared bus only when it is free."""
    best = None
    for I in inst:
        if op["op"] in I.unit.ops and (bus_free or not I.unit.bus):
            th = I.free_at(t)
            if th is not None and (best is None or I.unit.latency < best[0].unit.latency):
                best = (I, th)
    return best


def depths(program: Program) -> List[int]:
    """Each op's level in the data-flow graph drawn top to bottom: 1 + the deepest argument's
    (inputs and constants at 0)."""
    d: List[int] = []
    for ps in _preds(program):
        d.append(1 + max((d[j] for j in ps), default=0))
    return d


def _ready_test(program: Program, by_levels: bool) -> Any:
    """ready(i, t, end): op i's arguments have ended by t; by levels, also every op of a lower
    level (a controller stepping through the graph's levels, one after the other)."""
    preds = _preds(program)
    if not by_levels:
        return lambda i, t, end: all(j in end and end[j] <= t for j in preds[i])
    depth = depths(program)
    below: Dict[int, List[int]] = {}
    for i, d in enumerate(depth):
        below.setdefault(d, []).append(i)
    lower = {d: [j for e in below if e < d for j in below[e]] for d in below}
    return lambda i, t, end: all(j in end and end[j] <= t for j in lower[depth[i]])


def list_schedule(program: Program, arch: Arch, by_levels: bool = False) -> Schedule:
    """List scheduling: at each cycle the ready ops (arguments computed) are issued in order of
    their critical path to the end, each on the unit instance that can take it then with the
    earliest end. With a bus (``Arch.bus``), one transfer at a time: a computed result is
    written back first (the most critical first), else the next ready op reads its operands;
    a result waits in its unit, its thread held, until the bus takes it. ``by_levels``: the
    ops of a level (:func:`depths`) start once every op of the levels above has ended, as a
    controller that steps through the graph level by level."""
    if arch.bus:
        return _list_schedule_bus(program, arch, by_levels)
    _, level = critical_path(program, arch)
    ready_at = _ready_test(program, by_levels)
    inst = [_Instance(u, i) for u in arch.units for i in range(u.count)]
    end: Dict[int, int] = {}
    placed: List[Dict[str, Any]] = []
    waiting = set(range(len(program.ops)))
    t = 0
    while waiting:
        ready = sorted((i for i in waiting if ready_at(i, t, end)),
                       key=lambda i: (-level[i], i))
        for i in ready:
            best = _pick(inst, program.ops[i], t, True)
            if best is None:
                continue
            I, th = best
            e = t + I.unit.latency
            I.issues.append(t)
            I.running.append((t, e, th))
            end[i] = e
            waiting.discard(i)
            placed.append({"id": i, "unit": I.unit.kind, "instance": I.index, "thread": th, "start": t, "end": e})
        if waiting:  # nothing changes before the next end or free issue slot
            nxt = [e for e in end.values() if e > t] + [I.next_free(t) for I in inst]
            t = min(x for x in nxt if x > t) if any(x > t for x in nxt) else t + 1
    return Schedule(program, arch, placed)


def _list_schedule_bus(program: Program, arch: Arch, by_levels: bool) -> Schedule:
    _, level = critical_path(program, arch)
    ready_at = _ready_test(program, by_levels)
    inst = [_Instance(u, i) for u in arch.units for i in range(u.count)]
    end: Dict[int, int] = {}
    computed: List[Tuple[int, int, Dict[str, Any], Tuple[_Instance, int]]] = []  # (cycle, id, placed, slot)
    placed: List[Dict[str, Any]] = []
    waiting = set(range(len(program.ops)))
    never = 1 << 62
    t = bus_free = 0
    while waiting or computed:
        for c in [c for c in computed if c[0] <= t and not c[3][0].unit.bus]:  # a port of its own
            computed.remove(c)
            _, i, o, (I, k) = c
            o["end"] = end[i] = c[0]
            I.running[k] = (o["start"], c[0], o["thread"])
        done = [c for c in computed if c[0] <= t] if bus_free <= t else []
        if done:  # the most critical computed result goes back first
            c = min(done, key=lambda c: (-level[c[1]], c[1]))
            computed.remove(c)
            _, i, o, (I, k) = c
            e = t + arch.bus_out(program.ops[i], I.unit)
            o["end"] = end[i] = e
            I.running[k] = (o["start"], e, o["thread"])
            bus_free = e
        for i in sorted((i for i in waiting if ready_at(i, t, end)), key=lambda i: (-level[i], i)):
            po = program.ops[i]
            best = _pick(inst, po, t, bus_free <= t)
            if best is None:
                continue
            I, th = best
            I.issues.append(t)
            I.running.append((t, never, th))  # held until the result is written
            o = {"id": i, "unit": I.unit.kind, "instance": I.index, "thread": th, "start": t, "end": never}
            placed.append(o)
            computed.append((t + I.unit.latency, i, o, (I, len(I.running) - 1)))
            waiting.discard(i)
            if I.unit.bus:
                bus_free = t + arch.bus_in(po, I.unit)
        t += 1
    return Schedule(program, arch, placed)


def check_schedule(schedule: Schedule) -> None:
    """Error unless the schedule is legal: every op of the program once, on a unit kind that
    executes it, an existing instance and thread, for exactly that unit's latency, after all its
    arguments end (its duration: the unit's latency; with a bus, at least the latency and its
    result's transfer, the result waiting in the unit for the bus); an instance
    issuing at most once per interval and holding at most its threads (one op per thread at a
    time); the bus's transfers one at a time. Written apart from the
    scheduler: it judges any schedule."""
    p, a = schedule.program, schedule.arch
    kinds = {u.kind: u for u in a.units}
    ops = schedule.ops
    if sorted(o["id"] for o in ops) != list(range(len(p.ops))):
        raise Error("illegal schedule: it must place every op of the program exactly once", lib.GN_ERR_INVALID)
    byid = {o["id"]: o for o in ops}
    for o in ops:
        po = p.ops[o["id"]]
        u = kinds.get(o["unit"])
        if u is None or po["op"] not in u.ops:
            raise Error("illegal schedule: op %d (%s) on unit %r, which does not execute it"
                        % (o["id"], po["op"], o["unit"]), lib.GN_ERR_INVALID)
        if not 0 <= o["instance"] < u.count or o["thread"] < 0 or (u.threads is not None and o["thread"] >= u.threads):
            raise Error("illegal schedule: op %d on %s instance %d thread %d, which does not exist"
                        % (o["id"], u.kind, o["instance"], o["thread"]), lib.GN_ERR_INVALID)
        d = a.duration(u, po)
        if o["start"] < 0 or o["end"] - o["start"] < d or (not a.bus and o["end"] - o["start"] != d):
            raise Error("illegal schedule: op %d lasts %d cycles on %s, where it takes %d%s"
                        % (o["id"], o["end"] - o["start"], u.kind, d, " at least" if a.bus else ""),
                        lib.GN_ERR_INVALID)
        for arg in po["args"]:
            if isinstance(arg, int) and not isinstance(arg, bool) and byid[arg]["end"] > o["start"]:
                raise Error("illegal schedule: op %d starts at %d before its argument op %d ends at %d"
                            % (o["id"], o["start"], arg, byid[arg]["end"]), lib.GN_ERR_INVALID)
    transfers = sorted((w[0], w[1], o["id"]) for o in ops
                       for w in a.bus_windows(p.ops[o["id"]], o["start"], o["end"], kinds[o["unit"]]))
    for t0, t1 in zip(transfers, transfers[1:]):
        if t1[0] < t0[1]:
            raise Error("illegal schedule: ops %d and %d use the bus at once (cycles %d..%d and %d..)"
                        % (t0[2], t1[2], t0[0], t0[1], t1[0]), lib.GN_ERR_INVALID)
    for u in a.units:
        for k in range(u.count):
            mine = sorted((o for o in ops if o["unit"] == u.kind and o["instance"] == k), key=lambda o: o["start"])
            for x, y in zip(mine, mine[1:]):
                if y["start"] - x["start"] < u.interval:
                    raise Error("illegal schedule: %s instance %d starts ops %d and %d %d cycles apart (interval %d)"
                                % (u.kind, k, x["id"], y["id"], y["start"] - x["start"], u.interval), lib.GN_ERR_INVALID)
            for x in mine:
                overlap = [y for y in mine if y["start"] <= x["start"] < y["end"]]
                if u.threads is not None and len(overlap) > u.threads:
                    raise Error("illegal schedule: %s instance %d holds %d ops at cycle %d (threads %d)"
                                % (u.kind, k, len(overlap), x["start"], u.threads), lib.GN_ERR_INVALID)
                if any(y is not x and y["thread"] == x["thread"] for y in overlap) and u.threads is not None:
                    raise Error("illegal schedule: %s instance %d thread %d runs two ops at cycle %d"
                                % (u.kind, k, x["thread"], x["start"]), lib.GN_ERR_INVALID)
