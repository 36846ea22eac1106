"""The Cox-Rower RNS coprocessor of background 003 (Guillermin, "A high speed coprocessor for
elliptic curve scalar multiplications over F_p", CHES 2010; Kawamura et al.'s Cox-Rower
architecture) as a model (docs/RNS.md, "The coprocessor model"):

* the program is the library's x-only ladder step traced for the RNS kernel (products, lazy sums,
  and the 13 reductions of ``genus trace --kernel rns``);
* the machine: n Rowers working in lockstep, one multiply-accumulate issued per cycle into an
  S-stage pipeline (data/arch/guillermin-cox-rower.json): a channel-wise product takes its issue
  cycles on both bases, a reduction a fixed sequence of phases (the first base extension: n
  multiply-accumulates of the Cox sum, ...), each phase waiting for the previous one to leave the
  pipeline;
* a ladder step is a sequence of steps, each a group of independent reductions whose phases
  interleave in the pipeline (the background's five steps of 3, 2, 4, 2, 2 reductions); the
  grouping is found exactly (dynamic programming over the sets of reductions done);
* a scalar multiplication: the conversion into RNS, the ladder, the inversion by p - 2 and the
  conversion back, priced on the same machine;
* :func:`simulate_ladder` runs the scheduled ladder on real residues (RNS Montgomery with
  Kawamura's approximate base extension) and gives the x-coordinate that ``genus mul`` gives.
"""
from __future__ import annotations

import json
import math
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from genus._lib import Error, lib
from genus.hw.arch import shipped_path
from genus.program import Program

__all__ = ["CoxRower", "load_model", "machine", "reduction_graph", "list_schedule", "step_cycles",
           "scalar_mul_cycles", "reproduce", "simulate_ladder", "RnsBases", "main"]


class CoxRower:
    """The machine's timing: ``stages`` of the multiply-accumulate pipeline, issue cycles of a
    channel-wise product (``product``, both bases) and of an addition that is not accumulated
    into a product (``add``), and the phases of a reduction as issue cycles a n + b each."""

    def __init__(self, n: int, stages: int, product: int, add: int, red_phases: Sequence[Any],
                 to_rns_per_word: int = 1, from_rns: Sequence[int] = (1, 0), max_group: int = 0) -> None:
        self.n, self.stages, self.product, self.add = n, stages, product, add
        # a phase: [a, b] issues a n + b, waiting for the previous phase to drain; [a, b, 1]: it
        # streams, each issue taking an operand the previous phase issued one per cycle
        self.phases = [ph[0] * n + ph[1] for ph in red_phases]
        self.streams = [len(ph) > 2 and bool(ph[2]) for ph in red_phases]
        self.max_group = max_group
        self.to_rns_per_word = to_rns_per_word
        self.from_rns = from_rns[0] * n + from_rns[1]

    @property
    def red_issues(self) -> int:
        return sum(self.phases)

    def red_alone(self) -> int:
        """Cycles of one reduction with nothing to overlap."""
        t, start, end = 0, 0, 0
        for k, ph in enumerate(self.phases):
            t = (start if self.streams[k] else end) + self.stages if k else 0
            start, end = t, t + ph
        return end + self.stages


def load_model(path: Optional[str] = None) -> Dict[str, Any]:
    """The model's parameters and the published results (data/arch/guillermin-cox-rower.json)."""
    with open(path or shipped_path("guillermin-cox-rower")) as f:
        return json.load(f)


def machine(model: Dict[str, Any], n: int) -> CoxRower:
    m = model["model"]
    return CoxRower(n, m["stages"], m["product_issues"], m["add_issues"], m["red_phases"], m["to_rns_per_word"],
                    m["from_rns"], m.get("max_group", 0))


# ---------------------------------------------------------------------------------------------
# the reductions of a lazy program and what feeds them

class RedGraph:
    """For each reduction of a program traced for the RNS kernel: the reductions it needs
    (``deps``) and the products and additions computed for it alone (``feed``: op ids)."""

    def __init__(self, program: Program) -> None:
        ops = program.ops
        self.program = program
        self.reds = [o["id"] for o in ops if o["op"] == "red"]
        if not self.reds:
            raise Error("the program has no reductions: trace it for the RNS kernel (kernel=\"rns\")",
                        lib.GN_ERR_INVALID)
        self.deps: Dict[int, FrozenSet[int]] = {}
        self.feed: Dict[int, List[int]] = {}
        owner: Dict[int, int] = {}
        for r in self.reds:
            deps, feed, stack, seen = set(), [], [ops[r]["args"][0]], set()
            while stack:
                a = stack.pop()
                if not isinstance(a, int) or a in seen:
                    continue
                seen.add(a)
                if ops[a]["op"] == "red":
                    deps.add(a)
                    continue
                if a in owner:  # computed for an earlier reduction already
                    continue
                feed.append(a)
                stack.extend(ops[a]["args"])
            for a in feed:
                owner[a] = r
            self.deps[r] = frozenset(deps)
            self.feed[r] = sorted(feed)
        self.owner = owner
        self.ops = ops

    def is_fused(self, i: int) -> bool:
        """An addition of products (or sums of them) accumulates in the multiply-accumulate."""
        o = self.ops[i]
        if o["op"] not in ("add", "sub"):
            return False
        return all(isinstance(a, int) and self.ops[a]["op"] in ("mul", "sqr", "mulc", "muls", "add", "sub")
                   and (self.ops[a]["op"] not in ("add", "sub") or self.is_fused(a)) for a in o["args"])

    def feed_issues(self, m: CoxRower, r: int) -> int:
        cost = 0
        for i in self.feed[r]:
            op = self.ops[i]["op"]
            if op in ("mul", "sqr", "mulc", "muls"):
                cost += m.product
            elif op in ("add", "sub", "neg") and not self.is_fused(i):
                cost += m.add
        return cost


def reduction_graph(program: Program) -> RedGraph:
    return RedGraph(program)


def _tasks(m: CoxRower, g: RedGraph, steps: int) -> Tuple[List[Dict[str, Any]], Dict[Tuple[int, str], int]]:
    """The machine's tasks for ``steps`` ladder steps: a product or an addition (its issue
    cycles; additions of products accumulate in the multiply-accumulate: 0) and each phase of
    each reduction; "after": (task, how) pairs, how = "end" (its result out of the pipeline) or
    "first" (a streaming phase: S after that task's first issue)."""
    tasks: List[Dict[str, Any]] = []
    ops = g.ops
    out_task: Dict[Tuple[int, str], int] = {}  # (step, output name) -> task giving it
    prev: Dict[str, int] = {}
    for st in range(steps):
        of: Dict[int, int] = {}  # op id -> the task giving its value (an addition of products: its own)

        def dep(a: Any) -> List[Tuple[int, str]]:
            if isinstance(a, int):
                return [(of[a], "end")]
            return [(prev[a], "end")] if a in prev else []

        for o in ops:
            i, op = o["id"], o["op"]
            deps = [d for a in o["args"] for d in dep(a)]
            if op == "red":
                for k, ph in enumerate(m.phases):
                    if k == 0:
                        after = deps
                    else:
                        after = [(len(tasks) - 1, "first" if m.streams[k] else "end")]
                    tasks.append({"issues": ph, "after": after, "step": st, "red": i, "phase": k})
                of[i] = len(tasks) - 1
                continue
            fused = op in ("add", "sub") and g.is_fused(i)
            cost = 0 if fused else m.product if op in ("mul", "sqr", "mulc", "muls") else m.add
            tasks.append({"issues": cost, "after": deps, "step": st, "op": i, "fused": fused})
            of[i] = len(tasks) - 1
        prev = {name: of[ref] for name, ref in g.program.outputs.items() if isinstance(ref, int)}
        for name, tk in prev.items():
            out_task[(st, name)] = tk
    return tasks, out_task


def list_schedule(m: CoxRower, g: RedGraph, steps: int = 3, rank: Optional[Dict[int, int]] = None) -> Dict[str, Any]:
    """The ladder, ``steps`` steps, list-scheduled on the machine's one issue port: at each cycle
    the ready task first in priority issues (a task is ready when its operands are out of the
    S-stage pipeline, or a streaming phase S after its source's first issue); priority: ``rank``
    of the reduction a task serves (the background's step of each reduction), then the longest
    path to the end. Additions of products take no issue. {"cycles" (a step in steady state: from
    the last step's results back to the one before), "busy", "idle", "starts": (step, reduction)
    -> cycle of its first extension}."""
    S = m.stages
    tasks, out_task = _tasks(m, g, steps)
    succ: List[List[int]] = [[] for _ in tasks]
    for j, tk in enumerate(tasks):
        for i, _ in tk["after"]:
            succ[i].append(j)
    tail = [0] * len(tasks)  # longest path from a task's issue to the end
    for i in reversed(range(len(tasks))):
        tail[i] = tasks[i]["issues"] + (S if not tasks[i].get("fused") else 0) + max((tail[j] for j in succ[i]), default=0)

    def red_of(tk: Dict[str, Any]) -> int:
        if "red" in tk:
            return tk["red"]
        # a product or addition: the reduction it feeds
        return g.owner.get(tk["op"], -1)

    def prio(i: int) -> Tuple:
        tk = tasks[i]
        r = rank.get(red_of(tk), 99) if rank else 0
        return (tk["step"], r, -tail[i], i)

    first = [None] * len(tasks)  # type: List[Optional[int]]
    end = [None] * len(tasks)  # type: List[Optional[int]]
    waiting = set(range(len(tasks)))
    t, busy = 0, 0
    while waiting:
        cands = []
        for i in waiting:
            ok, at = True, 0
            for d, how in tasks[i]["after"]:
                if end[d] is None:
                    ok = False
                    break
                if tasks[d].get("fused"):
                    at = max(at, end[d])  # type: ignore[arg-type]
                else:
                    at = max(at, (first[d] if how == "first" else end[d]) + S)  # type: ignore[operator]
            if ok:
                cands.append((at, i))
        now = [c for c in cands if c[0] <= t]
        if not now:
            t = min(c[0] for c in cands)
            continue
        _, i = min(now, key=lambda c: prio(c[1]))
        tk = tasks[i]
        waiting.discard(i)
        first[i] = t
        end[i] = t + tk["issues"]
        if tk["issues"]:
            t = end[i]  # type: ignore[assignment]
            busy += tk["issues"]
    out_end: Dict[int, int] = {}
    for (st, _name), ti in out_task.items():
        e = end[ti]
        assert e is not None
        out_end[st] = max(out_end.get(st, 0), e + (0 if tasks[ti].get("fused") else S))
    cycles = out_end[steps - 1] - out_end[steps - 2] if steps > 1 else out_end[0]
    per_busy = busy / steps
    starts = {(tk["step"], tk["red"]): first[i] for i, tk in enumerate(tasks) if tk.get("phase") == 1}
    return {"cycles": cycles, "busy": per_busy, "idle": 1 - per_busy / cycles, "starts": starts}


def step_cycles(m: CoxRower, g: RedGraph, rank: Optional[Dict[int, int]] = None) -> Dict[str, Any]:
    """The ladder step on the machine in steady state (:func:`list_schedule`): cycles, busy
    cycles, idle fraction and the reductions in the order their first extensions issue."""
    r = list_schedule(m, g, 3, rank)
    order = [red for _, red in sorted((c, red) for (s, red), c in r["starts"].items() if s == 1)]
    return {"cycles": r["cycles"], "busy": r["busy"], "idle": r["idle"], "order": order}


def _pair_cycles(m: CoxRower) -> int:
    """Cycles a bit of the Montgomery powering ladder (x0 x1 and x0^2 or x1^2, both reduced) in
    steady state: the two products, then the two reductions' phases interleaved."""
    S, t = m.stages, 0
    ready = [0, 0]
    ends = []
    for _ in range(4):
        start = [0, 0]
        for j in range(2):
            start[j] = max(t, max(ready))
            t = start[j] + m.product
        last = [start[j] + m.product for j in range(2)]
        first = [0, 0]
        for k, ph in enumerate(m.phases):
            for j in range(2):
                dep = first[j] + S if k and m.streams[k] else last[j] + S
                first[j] = max(t, dep)
                t = first[j] + ph
                last[j] = t
        ready = [last[0] + S, last[1] + S]
        ends.append(max(ready))
    return ends[-1] - ends[-2]


def scalar_mul_cycles(m: CoxRower, g: RedGraph, bits: int, p: int, rank: Optional[Dict[int, int]] = None) -> Dict[str, int]:
    """Cycles of [k]P for a bits-bit k: the point into RNS (Horner, MSW to LSW: one
    multiply-accumulate a word, for x and the two curve constants), the ladder (bits steps in
    steady state, :func:`step_cycles`), the inversion of Z by p - 2 (a Montgomery powering
    ladder: two independent reductions a bit) and x = X / Z (one more product), then the
    conversion back (the Chinese remainder sum over base A, m_0 = 2^r)."""
    st = step_cycles(m, g, rank)
    words = math.ceil(p.bit_length() / 32)
    to_rns = 3 * words * m.to_rns_per_word
    e = p - 2
    inversion = e.bit_length() * _pair_cycles(m) + m.product + m.stages + m.red_alone()
    out = m.from_rns + m.stages
    ladder = bits * st["cycles"]
    return {"to_rns": to_rns, "ladder": ladder, "inversion": inversion, "from_rns": out,
            "total": to_rns + ladder + inversion + out, "step": st["cycles"], "idle_pct": round(100 * st["idle"], 1)}


def reproduce(model: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The published five-step table and results beside the model's (docs/RNS.md): the ladder
    step of ``genus trace --curve P-256 --coords xz --op ladder-step --kernel rns`` (the same
    program at every size: only n changes the machine), scheduled in the background's step
    order (its controller's program) and in the scheduler's own (critical path first)."""
    import genus
    from genus.program import trace

    model = model or load_model()
    E = genus.Curve.named("P-256")
    g = reduction_graph(trace(E, "ladder-step", coords="xz", kernel="rns"))
    names = _red_names(g)
    by_name = {v: k for k, v in names.items()}
    pub_steps = model["published_steps"]["steps"]
    rank = {by_name[x]: i for i, step in enumerate(pub_steps) for x in step}
    rows = []
    for pub in model["published"]:
        m = machine(model, pub["n"])
        bits = pub["bits"]
        p = (1 << bits) - 1  # the exponent's length: p - 2 of bits bits
        c = scalar_mul_cycles(m, g, bits, p, rank)
        published = pub["ms"] * pub["mhz"] * 1000
        rows.append({"family": pub["family"], "bits": bits, "n": pub["n"], "r": pub["r"], "mhz": pub["mhz"],
                     "ms": pub["ms"], "published_cycles": round(published), "cycles": c["total"],
                     "difference_pct": round(100.0 * (c["total"] / published - 1), 1), "step_cycles": c["step"],
                     "idle_pct": c["idle_pct"], "inversion_pct": round(100.0 * c["inversion"] / c["total"], 1),
                     "conversion_pct": round(100.0 * (c["to_rns"] + c["from_rns"]) / c["total"], 1)})
    m160 = machine(model, 5)
    theirs = list_schedule(m160, g, 3, rank)
    ours = list_schedule(m160, g, 3)
    order = sorted((c, r) for (s, r), c in ours["starts"].items() if s == 1)
    table = {"steps": pub_steps, "sizes": [len(s) for s in pub_steps], "cycles": theirs["cycles"],
             "idle_pct": round(100 * theirs["idle"], 1),
             "first_extension": {names[r]: c - min(cc for (s, _), cc in theirs["starts"].items() if s == 1)
                                 for (s, r), c in theirs["starts"].items() if s == 1},
             "own_order": [names[r] for _, r in order], "own_cycles": ours["cycles"],
             "own_idle_pct": round(100 * ours["idle"], 1)}
    return {"table": table, "results": rows}


def _red_names(g: RedGraph) -> Dict[int, str]:
    """The reductions named as in the background's table, from the outputs they reach: the
    addition's A, B, C, D, Z, X and the doubling's A', B', C', D', E', X', Z' (in trace order)."""
    add = ["A", "B", "C", "D", "Z_P+Q", "X_P+Q"]
    dbl = ["A'", "B'", "C'", "D'", "E'", "X_2P", "Z_2P"]
    ops = g.ops
    outs = g.program.outputs

    def reach(ref: Any, seen: set) -> set:
        if not isinstance(ref, int) or ref in seen:
            return set()
        seen.add(ref)
        r = {ref} if ops[ref]["op"] == "red" else set()
        for a in ops[ref]["args"]:
            r |= reach(a, seen)
        return r

    in_add = reach(outs["X3"], set()) | reach(outs["Z3"], set())
    a_reds = [r for r in g.reds if r in in_add]
    d_reds = [r for r in g.reds if r not in in_add]
    return dict(list(zip(a_reds, add)) + list(zip(d_reds, dbl)))


# ---------------------------------------------------------------------------------------------
# the value simulation: residues

class RnsBases:
    """Bases A and B of n moduli 2^r - e (pairwise coprime, coprime to p) with B > c^2 p / 2 and
    A > 16p (c = 12: the lazy ladder step's largest sum is 144 p^2, Z_2P's; with 33-bit moduli
    a 256-bit p then takes n = 8, as the background's coprocessor), RNS Montgomery reduction with Kawamura's approximate base extensions (h = r bits of
    each xi kept, offsets 0 and 1/2) as src/rns/rns.c computes them."""

    def __init__(self, p: int, r: int, c: int = 12) -> None:
        self.p, self.r, self.c = p, r, c
        ms: List[int] = []
        e = 1
        while len(ms) < 128 and e < 1 << (r // 2):
            m = (1 << r) - e
            if math.gcd(m, p) == 1 and all(math.gcd(m, x) == 1 for x in ms):
                ms.append(m)
            e += 2
        for n in range(1, len(ms) // 2 + 1):
            A, B = math.prod(ms[:n]), math.prod(ms[n:2 * n])
            if 2 * B > c * c * p and A > 16 * p:
                break
        else:
            raise Error("no RNS bases of %d-bit moduli for p" % r, lib.GN_ERR_INVALID)
        self.n, self.a, self.b = n, ms[:n], ms[n:2 * n]
        self.A, self.B = A, B
        self.mods = self.a + self.b

    def to_rns(self, x: int) -> List[int]:
        return [x % m for m in self.mods]

    def to_int(self, v: Sequence[int]) -> int:
        x = 0
        for vi, m in zip(v[:self.n], self.a):
            Mi = self.A // m
            x += vi * pow(Mi, -1, m) % m * Mi
        return x % self.A % self.p

    def _extend(self, xs: Sequence[int], src: Sequence[int], dst: Sequence[int], alpha: float) -> List[int]:
        M = math.prod(src)
        xi = [x * pow(M // m, -1, m) % m for x, m in zip(xs, src)]
        k = int(sum(v / (1 << self.r) for v in xi) + alpha)  # the Cox sum, 2^r for the moduli
        return [(sum(v * (M // m) for v, m in zip(xi, src)) - k * M) % d for d in dst]

    def redc(self, t: Sequence[int]) -> List[int]:
        """t B^-1 mod p (plus a small multiple of p) for t below c^2 p^2."""
        n = self.n
        tb = t[n:]
        q = [(-x * pow(self.p, -1, m)) % m for x, m in zip(tb, self.b)]
        qa = self._extend(q, self.b, self.a, 0.0)
        s = [(x + qi * self.p) * pow(self.B, -1, m) % m for x, qi, m in zip(t[:n], qa, self.a)]
        return s + self._extend(s, self.a, self.b, 0.5)


def simulate_ladder(E: Any, k: int, r: int = 33) -> int:
    """[k]P's x for P = E's base point by the x-only ladder on residues: every bit the traced step's
    operations channel-wise in the order the reproduction schedules them (the background's step
    order, :func:`step_cycles`), its reductions by :class:`RnsBases`, the state swapped by the bit;
    then x = X Z^(p-2) (a reduction a product) and the conversion back. Equal to
    ``genus mul --method ladder --coords xz``'s x."""
    from genus.program import trace

    prog = trace(E, "ladder-step", coords="xz", kernel="rns")
    g = reduction_graph(prog)
    model = load_model()
    by_name = {v: k for k, v in _red_names(g).items()}
    rank = {by_name[x]: i for i, step in enumerate(model["published_steps"]["steps"]) for x in step}
    sched_order = step_cycles(machine(model, 5), g, rank)["order"]
    order: List[int] = []  # the reductions as scheduled, each after what feeds it (not yet computed)
    done: set = set()

    def need(i: Any) -> None:
        if not isinstance(i, int) or i in done:
            return
        for a in prog.ops[i]["args"]:
            need(a)
        done.add(i)
        order.append(i)

    for red in sched_order:
        need(red)
    for ref in prog.outputs.values():
        need(ref)
    p = E.field.p
    R = RnsBases(p, r)
    mods = R.mods

    def mont(x: int) -> List[int]:
        return R.to_rns(x * R.B % p)

    env0 = {name: mont(v) for name, v in prog.constants.items()}  # constants below p: bound 1 (4 is safe)

    # each value with its bound (below k p, or k p^2 when wide: an unreduced product or sum of
    # them), as the RNS kernel keeps them (src/rns/kern_rns.h): a - b adds 2^j p (or p^2), 2^j >= b's k
    def run_step(state: Dict[str, Tuple[List[int], int, bool]]) -> Dict[str, Tuple[List[int], int, bool]]:
        env: Dict[Any, Tuple[List[int], int, bool]] = {name: (v, 4, False) for name, v in env0.items()}
        env.update(state)
        for i in order:
            o = prog.ops[i]
            a = [env[x] for x in o["args"]]
            op = o["op"]
            if op in ("mul", "mulc", "sqr"):
                y = a[0] if op == "sqr" else a[1]
                v = ([u * w % m for u, w, m in zip(a[0][0], y[0], mods)], a[0][1] * y[1], True)
            elif op == "add":
                v = ([(u + w) % m for u, w, m in zip(a[0][0], a[1][0], mods)], a[0][1] + a[1][1], a[0][2] or a[1][2])
            elif op == "sub":
                wide = a[0][2] or a[1][2]
                j = max(0, (a[1][1] - 1).bit_length())
                off = R.to_rns((p * p if wide else p) << j)
                v = ([(u - w + z) % m for u, w, z, m in zip(a[0][0], a[1][0], off, mods)], a[0][1] + (1 << j), wide)
            elif op == "red":
                if a[0][1] > R.c * R.c:
                    raise Error("simulate: a reduction of a sum above c^2 p^2 (op %d)" % i, lib.GN_ERR_INVALID)
                v = (R.redc(a[0][0]), 4, False)
            else:
                raise Error("simulate: op %r in the ladder step" % op, lib.GN_ERR_INVALID)
            env[i] = v
        return {name: env[ref] for name, ref in prog.outputs.items()}

    x = E.generator.x
    state = {"X2": (mont(1), 1, False), "Z2": (mont(0), 1, False), "X3": (mont(x), 1, False),
             "Z3": (mont(1), 1, False)}
    xp = (mont(x), 1, False)
    for i in reversed(range(max(k.bit_length(), 1))):
        bit = k >> i & 1
        if bit:
            state["X2"], state["X3"] = state["X3"], state["X2"]
            state["Z2"], state["Z3"] = state["Z3"], state["Z2"]
        out = run_step(dict(state, XP=xp))
        state = {nm: out[nm] for nm in ("X2", "Z2", "X3", "Z3")}
        if bit:
            state["X2"], state["X3"] = state["X3"], state["X2"]
            state["Z2"], state["Z3"] = state["Z3"], state["Z2"]
    # x = X Z^(p-2): left-to-right square and multiply, one reduction a product
    Z = state["Z2"][0]
    acc = mont(1)
    for ebit in bin(p - 2)[2:]:
        acc = R.redc([u * v % m for u, v, m in zip(acc, acc, mods)])
        if ebit == "1":
            acc = R.redc([u * v % m for u, v, m in zip(acc, Z, mods)])
    xr = R.redc([u * v % m for u, v, m in zip(state["X2"][0], acc, mods)])
    return R.to_int(xr) * pow(R.B, -1, p) % p


def main(as_json: bool = False, out: Optional[Any] = None) -> int:
    """``python -m genus.hw reproduce rns [--json]``."""
    import sys
    out = out or sys.stdout
    r = reproduce()
    if as_json:
        json.dump(r, out, indent=1)
        out.write("\n")
        return 0
    t = r["table"]
    out.write("Guillermin's RNS coprocessor (background 003): the x-only ladder step of genus trace --kernel rns\n"
              "(20 products, 13 reductions) on n Rowers, one multiply-accumulate a cycle, 6-stage pipeline\n"
              "(data/arch/guillermin-cox-rower.json)\n\n")
    out.write("The background's five steps, scheduled in that order at 160 bits (n = 5):\n")
    for i, step in enumerate(t["steps"]):
        out.write("  step %d (%d): %s\n" % (i + 1, len(step), ", ".join(
            "%s@%d" % (x, t["first_extension"][x]) for x in step)))
    out.write("  %d cycles a ladder step, %.1f%% idle (published: less than 10%%)\n" % (t["cycles"], t["idle_pct"]))
    out.write("  the scheduler's own order (critical path first): %d cycles, %.1f%% idle: %s\n\n" % (
        t["own_cycles"], t["own_idle_pct"], ", ".join(t["own_order"])))
    cols = [("family", lambda x: x["family"], 10), ("bits", lambda x: x["bits"], 4), ("n", lambda x: x["n"], 2),
            ("r", lambda x: x["r"], 2), ("MHz", lambda x: x["mhz"], 6), ("ms", lambda x: x["ms"], 4),
            ("published", lambda x: "{:,}".format(x["published_cycles"]), 9),
            ("modelled", lambda x: "{:,}".format(x["cycles"]), 9), ("diff", lambda x: "%+.1f%%" % x["difference_pct"], 6),
            ("step", lambda x: x["step_cycles"], 4), ("idle", lambda x: "%.1f%%" % x["idle_pct"], 5),
            ("inversion", lambda x: "%.1f%%" % x["inversion_pct"], 9)]
    head = "  ".join("%*s" % (w, c) for c, _, w in cols)
    out.write(head + "\n" + "-" * len(head) + "\n")
    for x in r["results"]:
        out.write("  ".join("%*s" % (w, f(x)) for _, f, w in cols) + "\n")
    return 0
