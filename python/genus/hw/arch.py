"""Architectures as data (the arch JSON of DESIGN section 10): kinds of units with the program
operations they execute, how many of each, their latency, initiation interval and threads."""
from __future__ import annotations

import dataclasses
import json
import math
import os
from typing import Any, Dict, List, Mapping, Optional, Union

from genus._lib import Error, lib

__all__ = ["Unit", "Arch", "PROGRAM_OPS", "shipped_path", "load_shipped"]

#: the operations a program may hold (genus.program)
PROGRAM_OPS = ("add", "sub", "neg", "mul", "sqr", "mulc", "muls", "inv", "half", "cswap")


@dataclasses.dataclass(frozen=True)
class Unit:
    """``count`` instances of a unit kind. An instance starts at most one operation every
    ``interval`` cycles and holds at most ``threads`` operations in flight at once (a
    hyper-threaded multiplier works on t operand sets; a pipeline has as many threads as stages,
    None: no limit beyond the interval); each operation takes ``latency`` cycles, operand
    transfers included."""
    kind: str
    ops: tuple
    count: int
    latency: int
    interval: int
    threads: Optional[int]
    bus: bool = True  #: its operands and results cross the shared bus (False: a port of its own)

    @property
    def capacity(self) -> int:
        """Operations in flight per instance at most."""
        pipe = math.ceil(self.latency / self.interval)
        return pipe if self.threads is None else min(pipe, self.threads)


class Arch:
    """An architecture: its units; the word size (an element moves as s words of w bits); the
    internal bus, when given (``"bus": {"ports": P}``): every operation reads its field operands
    over it at its issue and writes its result over it once computed, s words each, P words a
    cycle, one transfer at a time (except on units with ``"bus": false``, which have a port of
    their own); and a memory description, reported only."""

    def __init__(self, name: str, units: List[Unit], word: Optional[Dict[str, int]] = None,
                 memory: Optional[Dict[str, Any]] = None, bus: Optional[Dict[str, int]] = None) -> None:
        self.name, self.units, self.word, self.memory = name, units, word or {}, memory or {}
        self.bus = bus
        self.by_op: Dict[str, List[Unit]] = {}
        for u in units:
            for op in u.ops:
                self.by_op.setdefault(op, []).append(u)

    def bus_in(self, op: Mapping[str, Any], unit: Optional[Unit] = None) -> int:
        """Cycles the shared bus carries this program op's field operands, at its issue on unit
        (0 without a bus, or on a unit with a port of its own). The bit of a cswap comes from
        the controller, not over the bus."""
        if not self.bus or (unit is not None and not unit.bus):
            return 0
        operands = len(op["args"]) - (1 if op["op"] == "cswap" else 0)
        return -(-operands * int(self.word.get("s", 1)) // int(self.bus.get("ports", 1)))

    def bus_out(self, op: Mapping[str, Any], unit: Optional[Unit] = None) -> int:
        """Cycles the shared bus carries the op's result back, once unit has computed it."""
        if not self.bus or (unit is not None and not unit.bus):
            return 0
        return -(-int(self.word.get("s", 1)) // int(self.bus.get("ports", 1)))

    def duration(self, unit: Unit, op: Mapping[str, Any]) -> int:
        """Cycles from an op's issue on unit to its result in memory: the unit's latency (operand
        transfers included), then the result's transfer over the bus."""
        return unit.latency + self.bus_out(op, unit)

    def bus_windows(self, op: Mapping[str, Any], start: int, end: int, unit: Optional[Unit] = None) -> List[tuple]:
        """The cycles [a, b) an op scheduled on unit over [start, end) holds the bus: its
        operands from its issue, its result up to its end."""
        i, o = self.bus_in(op, unit), self.bus_out(op, unit)
        return [w for w in ((start, start + i), (end - o, end)) if w[1] > w[0]]

    def unit(self, kind: str) -> Unit:
        for u in self.units:
            if u.kind == kind:
                return u
        raise Error("%s has no unit %r" % (self.name, kind), lib.GN_ERR_INVALID)

    def units_for(self, op: str) -> List[Unit]:
        return self.by_op.get(op, [])

    def fastest(self, op: Mapping[str, Any]) -> int:
        """The shortest duration of a program op on this architecture (Error when no unit runs it)."""
        us = self.units_for(op["op"])
        if not us:
            raise Error("no unit of %s executes %r" % (self.name, op["op"]), lib.GN_ERR_UNSUPPORTED)
        return min(self.duration(u, op) for u in us)

    @classmethod
    def from_json(cls, source: Union[str, Mapping[str, Any]]) -> "Arch":
        """An architecture from its JSON (text or dict), checked: known ops, positive counts,
        latencies, intervals and threads, no unit kind named twice or without an op."""
        try:
            o = json.loads(source) if isinstance(source, str) else source
        except ValueError as e:
            raise Error("arch: not JSON (%s)" % e, lib.GN_ERR_PARSE) from None
        if not isinstance(o, Mapping) or not isinstance(o.get("units"), list) or not o["units"]:
            raise Error("arch: an object with a non-empty \"units\" list", lib.GN_ERR_PARSE)
        units, kinds = [], set()
        for i, u in enumerate(o["units"]):
            if not isinstance(u, Mapping):
                raise Error("arch: unit %d is not an object" % i, lib.GN_ERR_PARSE)
            kind = u.get("kind")
            if not isinstance(kind, str) or not kind or kind in kinds:
                raise Error("arch: unit %d: a kind name, given once (got %r)" % (i, kind), lib.GN_ERR_PARSE)
            kinds.add(kind)
            ops = u.get("ops")
            if not isinstance(ops, list) or not ops:
                raise Error("arch: unit %s executes no operation" % kind, lib.GN_ERR_PARSE)
            for op in ops:
                if op not in PROGRAM_OPS:
                    raise Error("arch: unit %s: unknown operation %r (%s)" % (kind, op, ", ".join(PROGRAM_OPS)),
                                lib.GN_ERR_PARSE)
            vals: Dict[str, Any] = {}
            for key, default in (("count", 1), ("latency", None), ("interval", None), ("threads", None)):
                v = u.get(key, default)
                if key == "interval" and v is None:
                    v = u.get("latency")  # not pipelined: one operation at a time
                if v is None and key != "threads":
                    raise Error("arch: unit %s: %s is missing" % (kind, key), lib.GN_ERR_PARSE)
                if v is not None and (type(v) is not int or v < 1):
                    raise Error("arch: unit %s: %s must be a positive integer, not %r" % (kind, key, v),
                                lib.GN_ERR_PARSE)
                vals[key] = v
            on_bus = u.get("bus", True)
            if not isinstance(on_bus, bool):
                raise Error("arch: unit %s: \"bus\" is true or false" % kind, lib.GN_ERR_PARSE)
            units.append(Unit(kind, tuple(ops), vals["count"], vals["latency"], vals["interval"], vals["threads"],
                              on_bus))
        word, bus = o.get("word"), o.get("bus")
        if word is not None and (not isinstance(word, Mapping) or
                                 any(type(word.get(k, 1)) is not int or word.get(k, 1) < 1 for k in ("s", "w"))):
            raise Error("arch: \"word\" is {\"s\": words, \"w\": bits}, positive integers", lib.GN_ERR_PARSE)
        if bus is not None and (not isinstance(bus, Mapping) or type(bus.get("ports", 1)) is not int or
                                bus.get("ports", 1) < 1):
            raise Error("arch: \"bus\" is {\"ports\": a positive integer}", lib.GN_ERR_PARSE)
        return cls(str(o.get("name", "arch")), units, dict(word) if word else None, o.get("memory"),
                   dict(bus) if bus else None)

    @classmethod
    def load(cls, path: str) -> "Arch":
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            raise Error("arch: cannot read %s: %s" % (path, e.strerror), lib.GN_ERR_INVALID) from None
        return cls.from_json(text)

    def __repr__(self) -> str:
        return "<genus.hw.Arch %s: %s>" % (self.name, ", ".join("%d %s" % (u.count, u.kind) for u in self.units))


def shipped_path(name: str) -> str:
    """The file of a shipped architecture (data/arch/NAME.json): beside the package when installed
    or staged (genus/hw/arch/), else in the source tree (the package's, or $GENUS_SOURCE_DIR)."""
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = [os.path.join(here, "arch"), os.path.join(here, "..", "..", "..", "data", "arch")]
    if os.environ.get("GENUS_SOURCE_DIR"):
        dirs.append(os.path.join(os.environ["GENUS_SOURCE_DIR"], "data", "arch"))
    for d in dirs:
        path = os.path.join(d, name + ".json")
        if os.path.exists(path):
            return os.path.normpath(path)
    raise Error("no shipped architecture %r (data/arch/)" % name, lib.GN_ERR_INVALID)


def load_shipped(name: str) -> Arch:
    """A shipped architecture by name: hah-1u-4x34 ..., basold-1u ..., guillermin-cox-rower."""
    return Arch.load(shipped_path(name))
