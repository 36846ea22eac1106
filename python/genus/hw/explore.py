"""Design-space exploration: a space of architectures (unit counts, latencies, intervals,
threads, word sizes) and programs (formulas, coordinate systems), every point scheduled, with an
area model per unit; the points as JSON and CSV and the Pareto front of cycles against area as a
picture. Runs on a local process pool, or on a Ray cluster (``address``).

The space JSON:
    {"name": "...", "arch": {an arch JSON, the base},
     "programs": {"label": {"curve": "P-256", "op": "dbl", "coords": "jacobian"} | {"kummer": "ladder-step"}
                  | {"g2": "add"} | {"file": "program.json"}, ...},
     "vary": {"mul.count": [1, 2], "mul.latency": [68, 71], "addsub.count": [1, 2], "word.s": [1, 2, 4]},
     "steps": 251 (optional: a ladder's steady state, for ladder-step programs),
     "area": {"mul": {"dsp": 11, "slices": 180, "ram": 2}, ...}, "metric": {"dsp": 100, "slices": 1}}
A "vary" key is UNIT.FIELD (count, latency, interval, threads of that unit kind) or word.s /
word.w; the area of a point is the sum over units of count x that unit's area, reduced to one
number by the metric's weights."""
from __future__ import annotations

import copy
import csv
import itertools
import json
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, List, Mapping, Optional, Tuple

from genus._lib import Error, lib

__all__ = ["points", "evaluate_point", "explore", "pareto", "load_space"]

# The HAH project's units on a Virtex-5 (slides "Results for basic architecture" and
# "Increasing the number of arithmetic units", ../shared/background/001_b8f2ad55dea01a18.txt,
# s x w = 4 x 34): HTMM 11 DSP blocks, 2 RAM blocks, 180 slices; AddSub 80 slices; CSWAP 103.
DEFAULT_AREA = {"mul": {"dsp": 11, "ram": 2, "slices": 180}, "addsub": {"dsp": 0, "ram": 0, "slices": 80},
                "cswap": {"dsp": 0, "ram": 0, "slices": 103}}
DEFAULT_METRIC = {"dsp": 100, "ram": 50, "slices": 1}


def load_space(source: Any) -> Dict[str, Any]:
    """A space from a path, JSON text or dict, checked for its shape."""
    if isinstance(source, Mapping):
        o = dict(source)
    else:
        try:
            text = open(source).read() if isinstance(source, str) and os.path.exists(source) else source
            o = json.loads(text)
        except (OSError, ValueError, TypeError) as e:
            raise Error("space: not a JSON object (%s)" % e, lib.GN_ERR_PARSE) from None
    if not isinstance(o, dict) or not isinstance(o.get("arch"), dict) or not isinstance(o.get("programs"), dict) \
            or not o["programs"]:
        raise Error("space: an object with \"arch\" and a non-empty \"programs\" map", lib.GN_ERR_PARSE)
    vary = o.get("vary", {})
    if not isinstance(vary, dict) or any(not isinstance(v, list) or not v for v in vary.values()):
        raise Error("space: \"vary\" maps keys to non-empty lists of values", lib.GN_ERR_PARSE)
    kinds = {u.get("kind") for u in o["arch"].get("units", []) if isinstance(u, dict)}
    for key in vary:
        unit, _, field = key.partition(".")
        if not ((unit == "word" and field in ("s", "w")) or
                (unit in kinds and field in ("count", "latency", "interval", "threads"))):
            raise Error("space: cannot vary %r (UNIT.count|latency|interval|threads of a unit of the arch,"
                        " or word.s|word.w)" % key, lib.GN_ERR_PARSE)
    return o


def points(space: Mapping[str, Any]) -> List[Dict[str, Any]]:
    """Every combination of the varied values, for every program."""
    vary = space.get("vary", {})
    keys = sorted(vary)
    out = []
    for label in sorted(space["programs"]):
        for combo in itertools.product(*(vary[k] for k in keys)):
            out.append({"program": label, "settings": dict(zip(keys, combo))})
    return out


def _arch_of(space: Mapping[str, Any], settings: Mapping[str, Any]) -> Dict[str, Any]:
    a = copy.deepcopy(space["arch"])
    for key, value in settings.items():
        unit, _, field = key.partition(".")
        if unit == "word":
            a.setdefault("word", {})[field] = value
        else:
            next(u for u in a["units"] if u["kind"] == unit)[field] = value
    a["name"] = "%s[%s]" % (a.get("name", "arch"), ", ".join("%s=%s" % kv for kv in sorted(settings.items())))
    return a


def _program(spec: Mapping[str, Any], base: str) -> Any:
    import genus
    if "file" in spec:
        path = spec["file"] if os.path.isabs(spec["file"]) else os.path.join(base, spec["file"])
        return genus.Program.from_json(open(path).read())
    if "kummer" in spec:
        return genus.trace(genus.kummer.Surface.gs127(), spec["kummer"])
    if "g2" in spec:
        return genus.trace(genus.Jacobian.gs127(), spec["g2"])
    if "curve" in spec:
        return genus.trace(genus.Curve.named(spec["curve"]), spec["op"], model=spec.get("model"),
                           coords=spec.get("coords"))
    raise Error("space: a program is {\"curve\", \"op\"[, \"model\", \"coords\"]}, {\"kummer\": op}, {\"g2\": op}"
                " or {\"file\": path}", lib.GN_ERR_PARSE)


def evaluate_point(space: Mapping[str, Any], point: Mapping[str, Any], base: str = ".") -> Dict[str, Any]:
    """One point: its architecture built, its program scheduled (steady state of a ladder when the
    space has "steps"), its area; a point whose architecture cannot run the program is reported
    with its reason instead of cycles."""
    from genus.hw.arch import Arch
    from genus.hw.schedule import list_schedule
    arch_json = _arch_of(space, point["settings"])
    row: Dict[str, Any] = {"program": point["program"], **point["settings"]}
    try:
        arch = Arch.from_json(arch_json)
        prog = _program(space["programs"][point["program"]], base)
        if space.get("steps"):
            from genus.hw.ladder import steady_state
            r = steady_state(prog, arch, int(space["steps"]))
            row.update(cycles=r["total_cycles"], cycles_per_step=r["cycles_per_step"],
                       registers=r["schedule"].registers())
        else:
            s = list_schedule(prog, arch)
            row.update(cycles=s.cycles, registers=s.registers())
    except (Error, KeyError, OSError, ValueError, TypeError) as e:
        row.update(cycles=None, error="%s: %s" % (type(e).__name__, e) if not isinstance(e, Error) else str(e))
        return row
    area_table = {**DEFAULT_AREA, **space.get("area", {})}
    metric = space.get("metric", DEFAULT_METRIC)
    area: Dict[str, float] = {}
    for u in arch.units:
        for res, v in area_table.get(u.kind, {}).items():
            area[res] = area.get(res, 0) + u.count * v
    row.update({"area_" + k: v for k, v in sorted(area.items())})
    row["area"] = sum(metric.get(k, 0) * v for k, v in area.items())
    return row


def _local(args: Tuple[Dict[str, Any], Dict[str, Any], str]) -> Dict[str, Any]:
    return evaluate_point(*args)


def explore(space: Mapping[str, Any], base: str = ".", workers: Optional[int] = None,
            ray_address: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every point evaluated, in the order of points(): on a local process pool (workers), or as
    Ray tasks on the cluster at ray_address."""
    pts = points(space)
    if ray_address:
        try:
            import ray
        except ImportError:
            raise Error("--ray needs Ray (python3 -m pip install ray)", lib.GN_ERR_UNSUPPORTED) from None
        import genus
        started_here = not ray.is_initialized()
        if started_here:
            # the workers import genus from where this process does (an installed wheel, or a build tree)
            where = os.path.dirname(os.path.dirname(os.path.abspath(genus.__file__)))
            path = os.pathsep.join([where] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else []))
            ray.init(address=ray_address, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": path}})
        try:
            task = ray.remote(evaluate_point)
            return list(ray.get([task.remote(dict(space), p, base) for p in pts]))
        finally:
            if started_here:
                ray.shutdown()
    if workers == 1:
        return [evaluate_point(space, p, base) for p in pts]
    with ProcessPoolExecutor(max_workers=workers) as ex:
        return list(ex.map(_local, [(dict(space), p, base) for p in pts]))


def pareto(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The points no other point beats in both cycles and area (fewer or equal in both, fewer in one)."""
    ok = [r for r in rows if r.get("cycles") is not None]
    front = [r for r in ok if not any((o["cycles"] <= r["cycles"] and o["area"] <= r["area"]) and
                                      (o["cycles"] < r["cycles"] or o["area"] < r["area"]) for o in ok)]
    return sorted(front, key=lambda r: (r["area"], r["cycles"]))


def write(rows: List[Dict[str, Any]], out: str, title: str) -> List[str]:
    """points.json, points.csv, pareto.png and pareto.svg in the folder out."""
    os.makedirs(out, exist_ok=True)
    paths = [os.path.join(out, "points.json"), os.path.join(out, "points.csv")]
    with open(paths[0], "w") as f:
        json.dump({"points": rows, "pareto": pareto(rows)}, f, indent=1)
    keys = sorted({k for r in rows for k in r})
    with open(paths[1], "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        for r in rows:
            w.writerow(r)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return paths
    ok = [r for r in rows if r.get("cycles") is not None]
    front = pareto(rows)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for label in sorted({r["program"] for r in ok}):
        mine = [r for r in ok if r["program"] == label]
        ax.scatter([r["area"] for r in mine], [r["cycles"] for r in mine], s=14, label=label, alpha=0.7)
    ax.plot([r["area"] for r in front], [r["cycles"] for r in front], color="black", linewidth=1, label="Pareto front")
    ax.set_xlabel("area (weighted units)")
    ax.set_ylabel("cycles")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    for ext in ("png", "svg"):
        path = os.path.join(out, "pareto." + ext)
        fig.savefig(path, dpi=130)
        paths.append(path)
    plt.close(fig)
    return paths
