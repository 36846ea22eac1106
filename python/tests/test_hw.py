"""Schedules and the value simulator (genus.hw): every schedule checked by the independent
legality check, list schedules bounded below by the critical path, simulated values equal to the
program's and the library's, illegal schedules and bad architectures refused."""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys

import pytest

import genus
from genus.hw import Arch, Schedule, check_schedule, list_schedule, simulate
from genus.hw.schedule import critical_path

ARCHS = [
    {"name": "1mul-1add", "units": [
        {"kind": "mul", "ops": ["mul", "sqr", "mulc", "muls"], "count": 1, "latency": 71, "interval": 5, "threads": 3},
        {"kind": "addsub", "ops": ["add", "sub", "neg", "half"], "count": 1, "latency": 11, "interval": 1}]},
    {"name": "2mul-2add", "units": [
        {"kind": "mul", "ops": ["mul", "sqr", "mulc", "muls", "inv"], "count": 2, "latency": 20, "interval": 1},
        {"kind": "addsub", "ops": ["add", "sub", "neg", "half"], "count": 2, "latency": 3}]},
    {"name": "one-alu", "units": [
        {"kind": "alu", "ops": ["add", "sub", "neg", "half", "mul", "sqr", "mulc", "muls", "inv"], "latency": 4}]},
]


def programs() -> list:
    out = [genus.trace(genus.kummer.Surface.gs127(), "ladder-step"), genus.trace(genus.Jacobian.gs127(), "add")]
    for name, coords, op in (("P-256", "jacobian", "add"), ("edwards25519", "extended", "dbl"),
                             ("curve25519", "xz", "ladder-step"), ("P-256", "affine", "add")):
        out.append(genus.trace(genus.Curve.named(name), op, coords=coords))
    return out


def random_program(rng: random.Random, n: int) -> genus.Program:
    p = 1000003
    ops = []
    for i in range(n):
        name = rng.choice(["add", "sub", "mul", "sqr", "muls"])
        pool = ["a", "b"] + list(range(i))
        args = [rng.choice(pool) for _ in range(2 if name in ("add", "sub", "mul") else 1)]
        op = {"id": i, "op": name, "args": args}
        if name == "muls":
            op["k"] = rng.randrange(2, 9)
        ops.append(op)
    return genus.Program("random", p, ["a", "b"], {}, ops, {"r%d" % k: n - 1 - k for k in range(min(3, n))})


def test_traced_programs_on_every_arch() -> None:
    for prog in programs():
        for a in ARCHS:
            arch = Arch.from_json(a)
            if any(not arch.units_for(o["op"]) for o in prog.ops):
                continue
            s = list_schedule(prog, arch)
            check_schedule(s)
            bound, _ = critical_path(prog, arch)
            assert s.cycles >= bound and s.registers() >= len(prog.outputs)
            r = simulate(s)
            assert r["outputs"] == r["expected"] == r["library"], (prog.formula, arch.name)


def test_random_programs(rng: random.Random) -> None:
    for _ in range(30):
        prog = random_program(rng, rng.randrange(1, 40))
        arch = Arch.from_json(rng.choice(ARCHS[1:]))
        s = list_schedule(prog, arch)
        check_schedule(s)
        assert s.cycles >= critical_path(prog, arch)[0]
        values = {"a": rng.randrange(prog.p), "b": rng.randrange(prog.p)}
        r = simulate(s, values)
        assert r["outputs"] == prog.evaluate(values)
    # one unit of latency L, interval L: the schedule is sequential, n L cycles
    prog = random_program(rng, 25)
    s = list_schedule(prog, Arch.from_json(ARCHS[2]))
    assert s.cycles == 25 * 4


def test_illegal_schedules_are_caught() -> None:
    prog = genus.trace(genus.Curve.named("P-256"), "dbl", coords="jacobian")
    arch = Arch.from_json(ARCHS[0])
    good = list_schedule(prog, arch).to_json()
    dependent = next(o for o in good["ops"] if any(isinstance(a, int) for a in prog.ops[o["id"]]["args"]))
    arg = next(a for a in prog.ops[dependent["id"]]["args"] if isinstance(a, int))

    def early(d: dict) -> None:  # an op issued before its argument is ready
        o = next(o for o in d["ops"] if o["id"] == dependent["id"])
        o["start"] = next(x for x in d["ops"] if x["id"] == arg)["end"] - 1
        o["end"] = o["start"] + (o["end"] - next(x for x in good["ops"] if x["id"] == o["id"])["start"])

    def crowd(d: dict) -> None:  # two ops on one add/sub in the same cycle
        adds = [o for o in d["ops"] if o["unit"] == "addsub"]
        adds[1]["start"], adds[1]["end"] = adds[0]["start"], adds[0]["end"]

    def wrong_unit(d: dict) -> None:
        next(o for o in d["ops"] if o["unit"] == "mul")["unit"] = "addsub"

    def short(d: dict) -> None:
        d["ops"][0]["end"] -= 1

    def missing(d: dict) -> None:
        d["ops"].pop()

    for br in (early, crowd, wrong_unit, short, missing):
        d = copy.deepcopy(good)
        br(d)
        s = Schedule.from_json(prog, arch, d)
        with pytest.raises(genus.Error):
            check_schedule(s)
        if br not in (missing,):
            with pytest.raises(genus.Error):
                simulate(s)


def test_review_findings() -> None:
    """Programs whose names are not strings or whose arguments are not earlier ops (a hidden
    cycle), schedules placing an op twice, pipelined utilisation, one-bit ladders."""
    looped = {"field": {"p": "b"}, "inputs": [1], "ops": [{"id": 0, "op": "mul", "args": [1, 1]},
                                                          {"id": 1, "op": "sqr", "args": [0]}], "outputs": {"o": 1}}
    for bad in (looped, dict(looped, inputs=["x"], ops=[{"id": 0, "op": "sqr", "args": [0.0]}], outputs={"o": 0}),
                dict(looped, field={"p": "0"}), dict(looped, inputs=["x"], ops=[], outputs={"o": 7})):
        with pytest.raises(genus.Error):
            genus.Program.from_json(bad)
    prog = genus.trace(genus.Curve.named("P-256"), "add", coords="jacobian")
    arch = Arch.from_json({"name": "pipe", "units": [{"kind": "a", "ops": ["add", "sub", "mul", "sqr", "neg", "half",
                                                                                 "mulc", "muls"], "latency": 10,
                                                          "interval": 1}]})
    s = list_schedule(prog, arch)
    assert 0 < s.utilisation()["a"] <= 1
    d = s.to_json()
    d["ops"].append(dict(d["ops"][0]))
    with pytest.raises(genus.Error):
        simulate(Schedule.from_json(prog, arch, d))
    from genus.hw.ladder import steady_state
    step = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    arch2 = Arch.from_json({"name": "k", "units": ARCHS[0]["units"] + [
        {"kind": "cswap", "ops": ["cswap"], "count": 1, "latency": 3, "interval": 1}]})
    one, two = steady_state(step, arch2, 1), steady_state(step, arch2, 2)
    assert one["total_cycles"] < two["total_cycles"]


def test_bad_architectures() -> None:
    base = ARCHS[1]
    breaks = [
        lambda d: d["units"][0].__setitem__("latency", 0),
        lambda d: d["units"][0].__setitem__("latency", -3),
        lambda d: d["units"][0].__setitem__("interval", 1.5),
        lambda d: d["units"][0].__setitem__("ops", ["mul", "cube"]),
        lambda d: d["units"][0].__setitem__("ops", []),
        lambda d: d["units"][1].__setitem__("kind", "mul"),
        lambda d: d["units"][0].__setitem__("count", 0),
        lambda d: d.__setitem__("units", []),
        lambda d: d["units"][0].pop("latency"),
    ]
    for br in breaks:
        d = copy.deepcopy(base)
        br(d)
        with pytest.raises(genus.Error):
            Arch.from_json(d)
    arch = Arch.from_json({"name": "no-mul", "units": [{"kind": "a", "ops": ["add"], "latency": 1}]})
    with pytest.raises(genus.Error):
        list_schedule(genus.trace(genus.Curve.named("P-256"), "dbl"), arch)


def test_command_line(tmp_path: object, src: str) -> None:
    d = str(tmp_path)
    prog = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    with open(os.path.join(d, "p.json"), "w") as f:
        json.dump(prog.to_json(), f)
    with open(os.path.join(d, "a.json"), "w") as f:
        json.dump(ARCHS[0], f)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(os.path.dirname(os.path.abspath(genus.__file__)))] +
                                        ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))

    def hw(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "genus.hw", *args], capture_output=True, text=True, env=env,
                              cwd=d)

    r = hw("schedule", "--program", "p.json", "--arch", "a.json", "--json")
    assert r.returncode == 0, r.stderr
    sched = json.loads(r.stdout)
    assert sched["cycles"] >= sched["critical_path"] and set(sched["utilisation"]) == {"mul", "addsub"}
    with open(os.path.join(d, "s.json"), "w") as f:
        f.write(r.stdout)
    assert hw("check", "--program", "p.json", "--arch", "a.json", "--schedule", "s.json").returncode == 0
    r = hw("simulate", "--program", "p.json", "--arch", "a.json", "--schedule", "s.json")
    assert r.returncode == 0 and "equal the program's and the library's" in r.stdout
    bad_prog = prog.to_json()
    bad_prog["ops"][3]["args"] = [7, "X1"]  # an argument defined later: a cycle
    with open(os.path.join(d, "bad.json"), "w") as f:
        json.dump(bad_prog, f)
    with open(os.path.join(d, "zero.json"), "w") as f:
        json.dump({"units": [{"kind": "m", "ops": ["mul"], "latency": 0}]}, f)
    with open(os.path.join(d, "nomul.json"), "w") as f:
        json.dump({"units": [{"kind": "a", "ops": ["add", "sub"], "latency": 2}]}, f)
    for args in (["schedule", "--program", "bad.json", "--arch", "a.json"],
                 ["schedule", "--program", "p.json", "--arch", "zero.json"],
                 ["schedule", "--program", "p.json", "--arch", "nomul.json"],
                 ["schedule", "--program", "missing.json", "--arch", "a.json"],
                 ["schedule", "--program", "p.json"], ["explode"], []):
        r = hw(*args)
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def brute_force(prog: genus.Program, arch: Arch, horizon: int) -> int:
    """The fewest cycles of any legal schedule, by trying every start cycle of every op on one
    instance of each unit kind (tiny programs only)."""
    import itertools
    best = None
    n = len(prog.ops)
    for starts in itertools.product(range(horizon), repeat=n):
        ops = []
        for i, st in enumerate(starts):
            u = arch.units_for(prog.ops[i]["op"])[0]
            ops.append({"id": i, "unit": u.kind, "instance": 0, "thread": 0, "start": st, "end": st + u.latency})
        # threads: the lowest free one, as any checker-legal schedule can be relabelled
        try:
            from genus.hw.exact import _threads
            for u in arch.units:
                _threads([o for o in ops if o["unit"] == u.kind], u.threads or u.capacity)
            check_schedule(Schedule(prog, arch, ops))
        except genus.Error:
            continue
        c = max(o["end"] for o in ops)
        best = c if best is None else min(best, c)
    assert best is not None
    return best


def test_exact_scheduler(rng: random.Random) -> None:
    pytest.importorskip("ortools")
    from genus.hw.exact import exact_schedule
    for _ in range(12):
        prog = random_program(rng, rng.randrange(3, 25))
        arch = Arch.from_json(rng.choice(ARCHS))
        r = exact_schedule(prog, arch, seconds=5)
        check_schedule(r["schedule"])
        assert r["schedule"].cycles <= list_schedule(prog, arch).cycles
        assert r["bound"] <= r["schedule"].cycles and r["schedule"].cycles >= critical_path(prog, arch)[0]
        values = {"a": rng.randrange(prog.p), "b": rng.randrange(prog.p)}
        assert simulate(r["schedule"], values)["outputs"] == prog.evaluate(values)
    tiny_arch = Arch.from_json({"name": "tiny", "units": [
        {"kind": "m", "ops": ["mul", "sqr", "muls"], "latency": 3, "interval": 1, "threads": 2},
        {"kind": "a", "ops": ["add", "sub"], "latency": 1}]})
    for _ in range(4):
        prog = random_program(rng, 4)
        r = exact_schedule(prog, tiny_arch, seconds=5)
        assert r["optimal"] and r["schedule"].cycles == brute_force(prog, tiny_arch, 9)


def test_pictures(tmp_path: object) -> None:
    from genus.hw.draw import dot, gantt
    prog = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    text = dot(prog)
    assert text.startswith("digraph") and text.rstrip().endswith("}")
    assert text.count(" -> ") == sum(len(o["args"]) for o in prog.ops) + len(prog.outputs)
    assert all(("n%d [" % o["id"]) in text for o in prog.ops)
    pytest.importorskip("matplotlib")
    s = list_schedule(prog, Arch.from_json(ARCHS[0]))
    for ext in ("png", "svg"):
        path = os.path.join(str(tmp_path), "g." + ext)
        gantt(s, path)
        assert os.path.getsize(path) > 1000
    with pytest.raises(genus.Error):
        gantt(s, os.path.join(str(tmp_path), "g.pdf"))


def test_unrolled_ladders(rng: random.Random) -> None:
    """A traced ladder step unrolled over the bits with its swaps computes the library's [k]P
    (Kummer surface, curve25519's x-only ladder), through the evaluator and through the simulated
    schedule; the steady state lies between the critical path and the sequential time."""
    from genus.hw.ladder import steady_state, unroll
    bits = 12

    def swaps(k: int) -> dict:
        b = [(k >> (bits - 1 - i)) & 1 for i in range(bits)]
        return {"b%d" % i: v for i, v in enumerate([b[0]] + [b[i] ^ b[i - 1] for i in range(1, bits)] + [b[-1]])}

    S = genus.kummer.Surface.gs127()
    p = S.field.p
    prog = unroll(genus.trace(S, "ladder-step"), bits)
    arch = Arch.from_json({"name": "k", "units": ARCHS[0]["units"] + [
        {"kind": "cswap", "ops": ["cswap"], "count": 1, "latency": 3, "interval": 1}]})
    sched = list_schedule(prog, arch)
    check_schedule(sched)
    for _ in range(3):
        _, pk = genus.kummer.keygen(seed=rng.randbytes(16))
        R = S.decode(pk)
        x, y, z, t = R.coordinates
        k = rng.getrandbits(bits) | 1 << (bits - 1)
        vals = dict(zip(("X1", "Y1", "Z1", "T1"), S.identity.coordinates))
        vals.update(zip(("X2", "Y2", "Z2", "T2"), (x, y, z, t)))
        vals.update(zip(("W1", "W2", "W3"), (x * pow(c, -1, p) % p for c in (y, z, t))))
        vals.update(swaps(k))
        for out in (prog.evaluate(vals), simulate(sched, vals)["outputs"]):
            v = [out[c + "1"] for c in "XYZT"]
            inv = pow(next(c for c in v if c), -1, p)
            assert tuple(c * inv % p for c in v) == (k * R).coordinates
    E = genus.Curve.named("curve25519")
    q = E.field.p
    xprog = unroll(genus.trace(E, "ladder-step", coords="xz"), bits)
    for _ in range(3):
        P = E.mul(rng.randrange(1, E.order))
        k = rng.getrandbits(bits) | 1 << (bits - 1)
        vals = {"X2": 1, "Z2": 0, "X3": P.x, "Z3": 1, "XP": P.x, **swaps(k)}
        out = xprog.evaluate(vals)
        assert out["X2"] * pow(out["Z2"], -1, q) % q == (k * P).x
    r = steady_state(genus.trace(S, "ladder-step"), arch, 251)
    seq = sum(arch.fastest(o) for o in prog.ops) / bits
    assert critical_path(genus.trace(S, "ladder-step"), arch)[0] <= r["cycles_per_step"] <= seq
    assert r["total_cycles"] >= 251 * r["cycles_per_step"] * 0.99
    with pytest.raises(genus.Error):
        unroll(genus.trace(genus.Curve.named("P-256"), "add"), 4)


SPACE = {"name": "test", "arch": ARCHS[0], "programs": {"dbl": {"curve": "P-256", "op": "dbl", "coords": "jacobian"},
                                                       "kummer": {"kummer": "ladder-step"}},
         "vary": {"mul.count": [1, 2], "addsub.count": [1, 2], "mul.threads": [1, 3]}}


def test_explore_locally(tmp_path: object) -> None:
    from genus.hw import explore as dse
    space = dse.load_space(SPACE)
    rows = dse.explore(space, workers=1)
    assert len(rows) == 16 and all(r["cycles"] for r in rows)
    assert rows == dse.explore(space, workers=2)
    for r in rows:  # each point is the list schedule of its architecture
        arch = Arch.from_json(dse._arch_of(space, {k: r[k] for k in SPACE["vary"]}))
        assert r["cycles"] == list_schedule(dse._program(SPACE["programs"][r["program"]], "."), arch).cycles
        assert r["area"] == 100 * 11 * r["mul.count"] + 50 * 2 * r["mul.count"] + 180 * r["mul.count"] + 80 * r["addsub.count"]
    front = dse.pareto(rows)
    assert front and all(not any(o["cycles"] < f["cycles"] and o["area"] <= f["area"] for o in rows) for f in front)
    paths = dse.write(rows, str(tmp_path), "test")
    assert all(os.path.exists(p) for p in paths) and len(paths) in (2, 4)
    for bad in ({"arch": ARCHS[0]}, dict(SPACE, vary={"mul.colour": [1]}), dict(SPACE, vary={"mul.count": []}),
                dict(SPACE, vary={"fpu.count": [1]})):
        with pytest.raises(genus.Error):
            dse.load_space(bad)
    odd = dse.evaluate_point(dict(SPACE, vary={"mul.latency": [0]}), {"program": "dbl", "settings": {"mul.latency": 0}})
    assert odd["cycles"] is None and "latency" in odd["error"]


def test_explore_on_ray() -> None:
    """A Ray head on 127.0.0.1 runs the sweep; the points equal the local ones."""
    ray = pytest.importorskip("ray")
    from genus.hw import explore as dse
    space = dse.load_space(dict(SPACE, programs={"dbl": SPACE["programs"]["dbl"]}))
    where = os.path.dirname(os.path.dirname(os.path.abspath(genus.__file__)))
    ray.init(_node_ip_address="127.0.0.1", num_cpus=1, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": where}})
    try:
        remote = dse.explore(space, ray_address="auto")
    finally:
        ray.shutdown()
    assert remote == dse.explore(space, workers=1)


def test_bus(rng: random.Random) -> None:
    """With an internal bus every operation reads its operands over it at its issue and writes its
    result over it once computed, s words each: the schedule lasts at least the bus's total,
    every op at least its latency and its result's transfer, stays legal and simulates; two
    transfers at once are refused by the check and the simulator."""
    prog = genus.trace(genus.kummer.Surface.gs127(), "ladder-step")
    for s in (1, 2, 4):
        a = dict(ARCHS[1], word={"s": s, "w": 136 // s}, bus={"ports": 1})
        arch = Arch.from_json(a)
        sched = list_schedule(prog, arch)
        check_schedule(sched)
        total = sum(arch.bus_in(o) + arch.bus_out(o) for o in prog.ops)
        assert total == s * sum(len(o["args"]) + 1 for o in prog.ops) and sched.cycles >= total
        windows = sorted(w for o in sched.ops for w in arch.bus_windows(prog.ops[o["id"]], o["start"], o["end"]))
        assert sum(b - a for a, b in windows) == total
        assert all(x[1] <= y[0] for x, y in zip(windows, windows[1:]))
        assert simulate(sched)["outputs"] == prog.output_values
        d = sched.to_json()
        first = sorted(d["ops"], key=lambda o: o["start"])
        x, y = first[0], next(o for o in first[1:] if o["unit"] != first[0]["unit"] or o["instance"] != first[0]["instance"])
        if y["start"] > x["start"] and not any(isinstance(arg, int) for arg in prog.ops[y["id"]]["args"]):
            shift = y["start"] - x["start"]
            y["start"] -= shift
            y["end"] -= shift
            with pytest.raises(genus.Error):
                check_schedule(Schedule.from_json(prog, arch, d))
            with pytest.raises(genus.Error):
                simulate(Schedule.from_json(prog, arch, d))
        short = sched.to_json()  # an op ending before its result could cross the bus
        o = short["ops"][0]
        o["end"] = o["start"] + arch.duration(next(u for u in arch.units if u.kind == o["unit"]), prog.ops[0]) - 1
        with pytest.raises(genus.Error):
            check_schedule(Schedule.from_json(prog, arch, short))
    # a unit with a port of its own: its ops never hold the shared bus, and issue while it is busy
    a = json.loads(json.dumps(dict(ARCHS[1], word={"s": 4, "w": 34}, bus={"ports": 1})))
    a["units"][0]["bus"] = False
    arch = Arch.from_json(a)
    own = arch.unit(a["units"][0]["kind"])
    sched = list_schedule(prog, arch)
    check_schedule(sched)
    assert simulate(sched)["outputs"] == prog.output_values
    for o in sched.ops:
        if o["unit"] == own.kind:
            assert arch.bus_windows(prog.ops[o["id"]], o["start"], o["end"], own) == []
            assert o["end"] - o["start"] == own.latency
    assert sched.cycles < list_schedule(prog, Arch.from_json(dict(a, units=ARCHS[1]["units"]))).cycles
    a["units"][0]["bus"] = 1
    with pytest.raises(genus.Error):
        Arch.from_json(a)
    with pytest.raises(genus.Error):
        Arch.from_json(dict(ARCHS[1], bus={"ports": 0}))
    with pytest.raises(genus.Error):
        Arch.from_json(dict(ARCHS[1], word={"s": 0}))


def test_level_schedule(rng: random.Random) -> None:
    """Level by level: legal, and no op starts before every op of the levels above has ended."""
    from genus.hw.schedule import depths
    for prog in (genus.trace(genus.Curve.named("P-256"), "add", coords="jacobian"),
                 genus.trace(genus.kummer.Surface.gs127(), "ladder-step")):
        for a in ARCHS:
            arch = Arch.from_json(a)
            s = list_schedule(prog, arch, by_levels=True)
            check_schedule(s)
            d = depths(prog)
            for o in s.ops:
                assert all(x["end"] <= o["start"] for x in s.ops if d[x["id"]] < d[o["id"]])
            assert s.cycles >= list_schedule(prog, arch).cycles * 0.95
            assert simulate(s)["outputs"] == prog.output_values
