"""genus from Python against the Python libraries users would pick instead, in one run, and the
picture of the whole benchmark (C and Python) as ratios.

    python -m genus.bench [--json FILE] [--quick]     measure; add the results to FILE's "results"
    python -m genus.bench --plot FILE [--out PREFIX]  draw FILE as PREFIX.png and PREFIX.svg

Peers, each where it is installed (a missing one is reported and skipped): `cryptography`
(OpenSSL: X25519, X448, ECDH on P-256/P-384/P-521), `coincurve` (libsecp256k1: ECDH and point
multiplication on secp256k1), cypari2 (PARI's ellmul on the named curves and on random curves
of 128..521 bits) and `ecpy` (pure Python: scalar multiplication on P-256). Every peer's answer
is compared with genus's before it is timed (a disagreement stops the run). Times are medians of
time.perf_counter_ns over the runs, in nanoseconds; "cycles" are those nanoseconds times the TSC
rate of the C benchmark in the same JSON file when there is one (its genus entries give
cycles/ns). Results: {"name", "impl", "ns", "cycles"?, "runs", "layer": "python"}, impl
"python-genus" for genus and the peer's package name otherwise. Timings are reported, never
asserted.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable, Dict, List, Optional

import genus

Result = Dict[str, Any]


def median_ns(fn: Callable[[], object], runs: int) -> float:
    for _ in range(max(2, runs // 10)):  # warm-up
        fn()
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        fn()
        samples.append(time.perf_counter_ns() - t0)
    return float(statistics.median(samples))


class Bench:
    def __init__(self, quick: bool) -> None:
        self.quick = quick
        self.results: List[Result] = []
        self.skipped: List[str] = []
        self.rng = random.Random(2026)

    def runs(self, n: int) -> int:
        return max(5, n // 8) if self.quick else n

    def time(self, name: str, impl: str, fn: Callable[[], object], runs: int) -> None:
        r = self.runs(runs)
        self.results.append({"name": name, "impl": impl, "ns": median_ns(fn, r), "runs": r, "layer": "python"})

    def agree(self, name: str, impl: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            raise SystemExit("bench: %s: %s DISAGREES with genus" % (name, impl))

    # ---- the operations
    def xdh(self) -> None:
        try:
            from cryptography.hazmat.primitives.asymmetric import x448, x25519
        except ImportError:
            x25519 = x448 = None  # type: ignore[assignment]
            self.skipped.append("cryptography (X25519, X448, ECDH)")
        for name, mod, size in (("x25519", x25519, 32), ("x448", x448, 56)):
            k, peer_k = self.rng.randbytes(size), self.rng.randbytes(size)
            fn = genus.x25519 if size == 32 else genus.x448
            pub = (genus.x25519_public if size == 32 else genus.x448_public)(peer_k)
            self.time(name, "python-genus", lambda: fn(k, pub), 2001)
            if mod is not None:
                cls = mod.X25519PrivateKey if size == 32 else mod.X448PrivateKey
                pcls = mod.X25519PublicKey if size == 32 else mod.X448PublicKey
                priv, ppub = cls.from_private_bytes(k), pcls.from_public_bytes(pub)
                self.agree(name, "cryptography", fn(k, pub), priv.exchange(ppub))
                self.time(name, "cryptography", lambda: priv.exchange(ppub), 2001)

    def ecdh(self) -> None:
        try:
            from cryptography.hazmat.primitives.asymmetric import ec
        except ImportError:
            ec = None  # type: ignore[assignment]
        curves = {"P-256": "SECP256R1", "P-384": "SECP384R1", "P-521": "SECP521R1", "secp256k1": "SECP256K1"}
        for cname, ossl in curves.items():
            E = genus.Curve.named(cname)
            name = "ecdh_" + cname.lower().replace("-", "")
            d, _ = genus.keygen(E, seed=self.rng.randbytes(16))
            _, peer = genus.keygen(E, seed=self.rng.randbytes(16))
            self.time(name, "python-genus", lambda: genus.ecdh(E, d, peer), 1001)
            if ec is not None:
                curve = getattr(ec, ossl)()
                priv = ec.derive_private_key(d, curve)
                ppub = ec.EllipticCurvePublicKey.from_encoded_point(curve, peer)
                self.agree(name, "cryptography", genus.ecdh(E, d, peer), priv.exchange(ec.ECDH(), ppub))
                self.time(name, "cryptography", lambda: priv.exchange(ec.ECDH(), ppub), 1001)

    def secp256k1(self) -> None:
        try:
            import coincurve
        except ImportError:
            self.skipped.append("coincurve (secp256k1)")
            return
        E = genus.Curve.named("secp256k1")
        d, _ = genus.keygen(E, seed=self.rng.randbytes(16))
        _, peer = genus.keygen(E, seed=self.rng.randbytes(16))
        db = d.to_bytes(32, "big")
        cpub = coincurve.PublicKey(peer)
        # coincurve's ecdh hashes the shared point (libsecp256k1's default); the point itself is
        # compared through multiply
        P = E.decode(peer)
        self.agree("mul_secp256k1", "coincurve", (d * P).encode(compressed=True), cpub.multiply(db).format(True))
        self.time("mul_secp256k1", "python-genus", lambda: d * P, 1001)
        self.time("mul_secp256k1", "coincurve", lambda: cpub.multiply(db), 1001)
        # libsecp256k1's ECDH: SHA-256 of the compressed shared point (its default hash function)
        priv = coincurve.PrivateKey(db)

        def ours() -> bytes:
            return genus.sha2("sha256", (d * E.decode(peer)).encode(compressed=True))

        self.agree("ecdh_secp256k1_sha256", "coincurve", ours(), priv.ecdh(peer))
        self.time("ecdh_secp256k1_sha256", "python-genus", ours, 1001)
        self.time("ecdh_secp256k1_sha256", "coincurve", lambda: priv.ecdh(peer), 1001)

    def pari(self) -> None:
        try:
            import cypari2
        except ImportError:
            self.skipped.append("cypari2 (ellmul)")
            pari = None
        else:
            pari = cypari2.Pari(size=1 << 26, sizemax=1 << 30)
        for cname in ("P-256", "P-384", "P-521", "brainpoolP256r1", "secp256k1"):
            E = genus.Curve.named(cname)
            name = "mul_" + cname.lower().replace("-", "")
            P = E.mul(7)
            assert P.x is not None and P.y is not None
            k = self.rng.randrange(E.order)
            if not any(r["name"] == name and r["impl"] == "python-genus" for r in self.results):
                self.time(name, "python-genus", lambda: E.mul(k, P), 1001)
            if pari is not None:
                e = pari("ellinit([%d, %d], %d)" % (E.a, E.b, E.field.p))
                pp = pari("[Mod(%d, %d), Mod(%d, %d)]" % (P.x, E.field.p, P.y, E.field.p))
                R = pari.ellmul(e, pp, k)
                self.agree(name, "cypari2", (E.mul(k, P).x, E.mul(k, P).y), (int(pari.lift(R[0])), int(pari.lift(R[1]))))
                self.time(name, "cypari2", lambda: pari.ellmul(e, pp, k), 201)
        if pari is None:
            return
        for bits in (128, 192, 256):  # random curves: PARI counts their points (SEA)
            p = int(pari("randomprime([2^%d, 2^%d])" % (bits - 1, bits)))
            a, b = self.rng.randrange(p), self.rng.randrange(p)
            e = pari("ellinit([%d, %d], %d)" % (a, b, p))
            N = int(pari.ellcard(e))
            P0 = pari.random(e)
            n = int(pari.ellorder(e, P0))
            E = genus.Curve.weierstrass(p, a, b, int(pari.lift(P0[0])), int(pari.lift(P0[1])), n, N // n)
            name = "mul_random%d" % bits
            k = self.rng.randrange(n)
            R, G = pari.ellmul(e, P0, k), E.generator
            self.agree(name, "cypari2", (E.mul(k, G).x, E.mul(k, G).y), (int(pari.lift(R[0])), int(pari.lift(R[1]))))
            self.time(name, "python-genus", lambda: E.mul(k, G), 1001)
            self.time(name, "cypari2", lambda: pari.ellmul(e, P0, k), 201)

    def pure_python(self) -> None:
        try:
            from ecpy.curves import Curve as EcpyCurve
            from ecpy.curves import Point as EcpyPoint
        except ImportError:
            self.skipped.append("ecpy (pure Python)")
            return
        C = EcpyCurve.get_curve("secp256r1")
        E = genus.Curve.named("P-256")
        P = E.mul(7)
        k = self.rng.randrange(E.order)
        Q = EcpyPoint(P.x, P.y, C)
        R = k * Q
        self.agree("mul_p256", "ecpy", (E.mul(k, P).x, E.mul(k, P).y), (R.x, R.y))
        self.time("mul_p256", "ecpy", lambda: k * Q, 21)

    def run(self) -> List[Result]:
        for step in (self.xdh, self.ecdh, self.secp256k1, self.pari, self.pure_python):
            step()
        return self.results


def tsc_per_ns(results: List[Result]) -> Optional[float]:
    ratios = [r["cycles"] / r["ns"] for r in results if r.get("impl") == "genus" and r.get("ns") and r.get("cycles")
              and r.get("layer") != "python"]
    return statistics.median(ratios) if ratios else None


def table(results: List[Result], out: Any = sys.stdout) -> None:
    """The Python layer's results: per operation, genus and each peer with the ratio genus/peer;
    mul_p256 also against the C benchmark's genus (the overhead of the Python layer)."""
    names = []
    for r in results:
        if r.get("layer") == "python" and r["name"] not in names:
            names.append(r["name"])
    print("%-24s %-14s %14s %12s" % ("name", "impl", "ns", "genus/impl"), file=out)
    for name in names:
        rows = [r for r in results if r["name"] == name and r.get("layer") == "python"]
        ours = next((r for r in rows if r["impl"] == "python-genus"), None)
        c = next((r for r in results if r["name"] == name and r["impl"] == "genus" and r.get("layer") != "python"), None)
        for r in rows:
            ratio = "%.2f" % (ours["ns"] / r["ns"]) if ours and r is not ours else ""
            print("%-24s %-14s %14.0f %12s" % (name, r["impl"], r["ns"], ratio), file=out)
        if ours and c:
            print("%-24s %-14s %14.0f %12s   (Python layer: +%.1f%%)" % (
                name, "genus (C)", c["ns"], "", 100.0 * (ours["ns"] / c["ns"] - 1)), file=out)


def targets(results: List[Result], out: Any = sys.stdout) -> None:
    """The issue's targets, reported (never asserted)."""
    py = {(r["name"], r["impl"]): r["ns"] for r in results if r.get("layer") == "python"}
    c = {r["name"]: r["ns"] for r in results if r.get("impl") == "genus" and r.get("layer") != "python"}
    print("\ntargets (reported, not asserted):", file=out)
    if ("mul_p256", "python-genus") in py and "mul_p256" in c:
        over = py[("mul_p256", "python-genus")] / c["mul_p256"] - 1
        print("  Python layer overhead on mul_p256: %+.1f%% (target <= 15%%): %s" % (
            100 * over, "met" if over <= 0.15 else "MISSED"), file=out)
    for (name, impl), ns in sorted(py.items()):
        if impl in ("python-genus", "ecpy"):
            continue
        ours = py.get((name, "python-genus"))
        if ours is None:
            continue
        goal = 0.1 if impl == "cypari2" else 1.0
        print("  %-22s vs %-12s %.3f (target <= %.1f): %s" % (name, impl, ours / ns, goal,
                                                             "met" if ours / ns <= goal else "MISSED"), file=out)


def plot(results: List[Result], prefix: str, title: str) -> List[str]:
    """Bars of genus's time over each peer's, per operation (log scale; below 1: genus faster),
    for the C benchmark's peers and the Python ones, written as PREFIX.png and PREFIX.svg."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def key(r: Result) -> str:
        return "genus" if r["impl"] in ("genus", "python-genus") else r["impl"]

    bars = []  # (label, peer, ratio)
    for layer in ("c", "python"):
        rows = [r for r in results if (r.get("layer") == "python") == (layer == "python") and r.get("ns")]
        by_name: Dict[str, Dict[str, float]] = {}
        for r in rows:
            by_name.setdefault(r["name"], {})[key(r)] = r["ns"]
        for name, impls in by_name.items():
            if "genus" not in impls:
                continue
            for peer, ns in impls.items():
                if peer != "genus":
                    bars.append(("%s%s" % (name, " (py)" if layer == "python" else ""), peer, impls["genus"] / ns))
    if not bars:
        raise SystemExit("bench: nothing to draw (no operation has both genus and a peer)")
    peers = sorted({b[1] for b in bars})
    colors = {p: plt.get_cmap("tab10")(i % 10) for i, p in enumerate(peers)}
    fig, ax = plt.subplots(figsize=(9, max(4.0, 0.22 * len(bars) + 1.5)))
    ys = range(len(bars))
    ax.barh(list(ys), [b[2] for b in bars], color=[colors[b[1]] for b in bars])
    ax.set_yticks(list(ys))
    ax.set_yticklabels(["%s vs %s" % (b[0], b[1]) for b in bars], fontsize=7)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlabel("genus time / peer time (log scale; left of 1: genus is faster)")
    ax.set_title(title, fontsize=9)
    handles = [plt.Rectangle((0, 0), 1, 1, color=colors[p]) for p in peers]
    ax.legend(handles, peers, fontsize=7, loc="lower right")
    fig.tight_layout()
    out = [prefix + ".png", prefix + ".svg"]
    for path in out:
        fig.savefig(path, dpi=130)
    plt.close(fig)
    return out


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m genus.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", help="add the results to this JSON file (the C benchmark's, or a new one)")
    ap.add_argument("--quick", action="store_true", help="fewer runs")
    ap.add_argument("--plot", metavar="FILE", help="draw FILE (a benchmark JSON) instead of measuring")
    ap.add_argument("--out", help="picture prefix for --plot (default: FILE without .json)")
    args = ap.parse_args(argv)
    data: Dict[str, Any]
    if args.plot:
        data = json.load(open(args.plot))
        prefix = args.out or os.path.splitext(args.plot)[0]
        title = "genus %s on %s (%s)" % (genus.__version__, data.get("cpu", platform.processor()), data.get("compiler", ""))
        for path in plot(data["results"], prefix, title):
            print("bench: wrote %s" % path)
        return 0
    data = {"cpu": platform.processor() or platform.machine(), "results": []}
    if args.json and os.path.exists(args.json):
        data = json.load(open(args.json))
        data["results"] = [r for r in data["results"] if r.get("layer") != "python"]
    b = Bench(args.quick)
    results = b.run()
    rate = tsc_per_ns(data["results"])
    for r in results:
        if rate:
            r["cycles"] = round(r["ns"] * rate, 1)
    data["results"] += results
    data["python"] = "%s %s; genus %s" % (platform.python_implementation(), platform.python_version(), genus.__version__)
    print("genus %s from Python (%s): medians of perf_counter_ns" % (genus.__version__, data["python"]))
    for s in b.skipped:
        print("bench: %s not installed: skipped (scripts/bootstrap.sh bench installs it)" % s)
    table(data["results"])
    targets(data["results"])
    if args.json:
        with open(args.json, "w") as f:
            json.dump(data, f, indent=1)
        print("bench: results added to %s" % args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
