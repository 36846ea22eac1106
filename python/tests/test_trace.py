"""Traced programs (genus.trace, genus trace): their counts equal the counting kernel's, they
reproduce the values of the run that recorded them, and evaluated on Python integers from other
inputs they compute the group law the library computes."""
from __future__ import annotations

import json
import os
import random
import subprocess

import pytest

import genus

CURVES = ("P-256", "P-384", "secp256k1", "brainpoolP256r1", "curve25519", "edwards25519", "curve448", "edwards448")
OPS = ("add", "madd", "dbl", "ladder-step")


def forms() -> list:
    """(curve, model) for every named curve above in every model it has a form in."""
    out = []
    for name in CURVES:
        E = genus.Curve.named(name)
        for model in genus.MODELS:
            try:
                out.append((E.to_model(model), model))
            except genus.Error:
                pass
    return out


def test_counts_and_recorded_values() -> None:
    traced = 0
    for E, model in forms():
        for coords in genus.COORDS:
            try:
                counts = E.ops(coords=coords)
            except genus.Error:
                continue
            for op in OPS:
                key = op.replace("-", "_")
                if key not in counts:
                    continue
                P = genus.trace(E, op, coords=coords)
                assert P.counts() == counts[key], (E.name, model, coords, op)
                assert P.evaluate(P.input_values) == P.output_values, (E.name, model, coords, op)
                again = genus.Program.from_json(json.loads(json.dumps(P.to_json())))
                assert again.ops == P.ops and again.evaluate(P.input_values) == P.output_values
                traced += 1
    assert traced >= 60


def affine(E: genus.Curve, P: genus.Point) -> tuple:
    return (P.x, P.y)


def lift(model: str, coords: str, x: int, y: int, z: int, p: int) -> list:
    """A point's coordinates in a coordinate system, scaled by z."""
    if coords == "projective":
        return [x * z % p, y * z % p, z]
    if coords == "jacobian":
        return [x * z * z % p, y * z ** 3 % p, z]
    if coords == "extended" and model == "edwards":
        return [x * z % p, y * z % p, z, x * y * z % p]
    raise AssertionError((model, coords))


def unlift(model: str, coords: str, v: list, p: int) -> tuple:
    zi = pow(v[2], -1, p)
    if coords == "jacobian":
        return (v[0] * zi * zi % p, v[1] * zi ** 3 % p)
    return (v[0] * zi % p, v[1] * zi % p)


@pytest.mark.parametrize("name,model,coords", [("P-256", "weierstrass", "projective"), ("P-256", "weierstrass", "jacobian"),
                                               ("secp256k1", "weierstrass", "jacobian"),
                                               ("brainpoolP256r1", "weierstrass", "projective"),
                                               ("edwards25519", "edwards", "extended"),
                                               ("edwards448", "edwards", "extended")])
def test_programs_compute_the_group_law(name: str, model: str, coords: str, rng: random.Random) -> None:
    E = genus.Curve.named(name)
    p = E.field.p
    programs = {op: genus.trace(E, op, coords=coords) for op in ("add", "madd", "dbl")}
    letters = ("X", "Y", "Z", "T")
    for _ in range(10):
        P, Q = E.mul(rng.randrange(1, E.order)), E.mul(rng.randrange(1, E.order))
        z1, z2 = rng.randrange(1, p), rng.randrange(1, p)
        v1 = lift(model, coords, P.x, P.y, z1, p)  # type: ignore[arg-type]
        for op, want in (("add", P + Q), ("madd", P + Q), ("dbl", P + P)):
            v2 = lift(model, coords, Q.x, Q.y, 1 if op == "madd" else z2, p)  # type: ignore[arg-type]
            values = {"%s1" % letters[i]: v for i, v in enumerate(v1)}
            values.update({"%s2" % letters[i]: v for i, v in enumerate(v2)})
            out = programs[op].evaluate(values)
            got = unlift(model, coords, [out["%s3" % letters[i]] for i in range(len(v1))], p)
            assert got == affine(E, want), (op, name, coords)


@pytest.mark.parametrize("name", ["curve25519", "curve448", "P-256"])
def test_ladder_step_program(name: str, rng: random.Random) -> None:
    """x-only ladder step with R0 = [k]P, R1 = [k + 1]P: outputs x([2k]P) and x([2k + 1]P)."""
    E = genus.Curve.named(name)
    p = E.field.p
    prog = genus.trace(E, "ladder-step", coords="xz")
    for _ in range(5):
        P = E.mul(rng.randrange(1, E.order))
        k = rng.randrange(1, E.order // 2)
        R0, R1 = k * P, (k + 1) * P
        z0, z1 = rng.randrange(1, p), rng.randrange(1, p)
        out = prog.evaluate({"X2": R0.x * z0, "Z2": z0, "X3": R1.x * z1, "Z3": z1, "XP": P.x})  # type: ignore[operator]
        assert out["X2"] * pow(out["Z2"], -1, p) % p == (2 * k * P).x
        assert out["X3"] * pow(out["Z3"], -1, p) % p == ((2 * k + 1) * P).x


def test_command_line_agrees() -> None:
    cli = os.environ.get("GENUS_BIN")
    if not cli:
        pytest.skip("GENUS_BIN (the genus tool) is set by ctest")
    E = genus.Curve.named("P-256")
    for coords, op in (("jacobian", "dbl"), ("projective", "add"), ("xz", "ladder-step")):
        out = subprocess.run([cli, "trace", "--curve", "P-256", "--coords", coords, "--op", op], capture_output=True,
                             text=True, check=True).stdout
        prog = genus.Program.from_json(out)
        mine = genus.trace(E, op, coords=coords)
        assert prog.ops == mine.ops and prog.outputs == mine.outputs and prog.constants == mine.constants
    for bad in (["--curve", "P-256"], ["--curve", "P-256", "--op", "triple"], ["--curve", "nope", "--op", "add"],
                ["--curve", "P-256", "--coords", "extended", "--op", "add"]):
        r = subprocess.run([cli, "trace"] + bad, capture_output=True, text=True)
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, (bad, r.stderr)


def test_bad_programs() -> None:
    good = genus.trace(genus.Curve.named("P-256"), "dbl", coords="jacobian").to_json()
    breaks = [
        lambda d: d["ops"].__setitem__(0, dict(d["ops"][0], op="cube")),
        lambda d: d["ops"].__setitem__(0, dict(d["ops"][0], args=[5])),  # used before defined (a cycle)
        lambda d: d["ops"].__setitem__(1, dict(d["ops"][1], args=["X1"])),  # wrong arity
        lambda d: d["outputs"].__setitem__("X3", 999),
        lambda d: d.pop("field"),
        lambda d: d["ops"].__setitem__(2, dict(d["ops"][2], id=7)),
    ]
    for br in breaks:
        d = json.loads(json.dumps(good))
        br(d)
        with pytest.raises(genus.Error):
            genus.Program.from_json(d)
    with pytest.raises(genus.Error):  # GF(2^571) fills every limb: no room for the tag
        genus.trace(genus.Curve.named("B-571"), "add")
    with pytest.raises(genus.Error):
        genus.trace(genus.Curve.named("P-256"), "triple")


def test_kummer_programs(rng: random.Random) -> None:
    """The surface's dbl, diff-add and ladder step: counts, recorded values, and evaluation on
    points [k + 1]R, [k]R, R against the library's ladder."""
    S = genus.kummer.Surface.gs127()
    p = S.field.p
    programs = {op: genus.trace(S, op) for op in ("dbl", "diff-add", "ladder-step")}
    counts = S.ops()
    for op, prog in programs.items():
        assert prog.counts() == counts[op.replace("-", "_")]
        assert prog.evaluate(prog.input_values) == prog.output_values

    def vals(P: genus.kummer.KummerPoint, suffix: str) -> dict:
        return dict(zip(("X" + suffix, "Y" + suffix, "Z" + suffix, "T" + suffix), P.coordinates))

    def proj(out: dict, suffix: str) -> tuple:
        v = [out[c + suffix] for c in "XYZT"]
        i = next(j for j in range(4) if v[j])
        inv = pow(v[i], -1, p)
        return tuple(x * inv % p for x in v)

    for _ in range(5):
        _, pk = genus.kummer.keygen(seed=rng.randbytes(16))
        R = S.decode(pk)
        k = rng.randrange(2, 1 << 64)
        P, Q = (k + 1) * R, k * R
        x, y, z, t = R.coordinates
        env = {**vals(P, "1"), **vals(Q, "2"),
               **dict(zip(("iXD", "iYD", "iZD", "iTD"), (pow(c, -1, p) for c in (x, y, z, t)))),
               **dict(zip(("W1", "W2", "W3"), (x * pow(c, -1, p) % p for c in (y, z, t))))}
        assert proj(programs["dbl"].evaluate(vals(P, "1")), "3") == (2 * P).coordinates
        assert proj(programs["diff-add"].evaluate(env), "3") == ((2 * k + 1) * R).coordinates
        out = programs["ladder-step"].evaluate(env)
        assert proj(out, "3") == (2 * P).coordinates and proj(out, "4") == ((2 * k + 1) * R).coordinates


def test_g2_programs(rng: random.Random) -> None:
    for J in (genus.Jacobian.gs127(), genus.Jacobian(2**61 - 1, [rng.randrange(2**61 - 1) for _ in range(5)] + [1])):
        counts = J.ops()
        progs = {op: genus.trace(J, op) for op in ("add", "dbl")}
        for op, prog in progs.items():
            assert prog.counts() == counts[op] and prog.evaluate(prog.input_values) == prog.output_values
        for _ in range(5):
            A, B = J.random(seed=rng.randbytes(16)), J.random(seed=rng.randbytes(16))
            env = dict(zip(("u1a", "u0a", "v1a", "v0a"), A.u + A.v))
            env.update(zip(("u1b", "u0b", "v1b", "v0b"), B.u + B.v))
            for op, want in (("add", A + B), ("dbl", A + A)):
                out = progs[op].evaluate(env)
                assert [out["u1r"], out["u0r"]] == want.u and [out["v1r"], out["v0r"]] == want.v
    for f in ([1, 2, 3, 4, 5, 1], [1, 0, 0, 0, 0, 1], [5, 0, 1, 0, 0, 1]):  # traced on random elements of each
        J = genus.Jacobian(10007, f)
        for op in ("add", "dbl"):
            prog = genus.trace(J, op)
            assert prog.evaluate(prog.input_values) == prog.output_values and prog.counts() == J.ops()[op]
    with pytest.raises(genus.Error):
        genus.trace(genus.Jacobian(1009, [1, 2, 3, 4, 5, 6, 1]), "add")  # degree 6: Cantor only


def test_binary_programs(rng: random.Random) -> None:
    """Binary curves' Lopez-Dahab formulas: counts, recorded values, evaluation in GF(2)[x] on
    random points (x = X/Z, y = Y/Z^2) against the library, and the x-only ladder step unrolled
    over 12 bits against the library's [k]P, simulated on a schedule too."""
    from genus.hw import Arch, list_schedule, simulate
    from genus.hw.ladder import unroll
    for name in ("B-163", "K-233", "B-409"):
        E = genus.Curve.named(name)
        counts = E.ops()
        progs = {op: genus.trace(E, op) for op in OPS}
        for op, prog in progs.items():
            assert prog.counts() == counts[op.replace("-", "_")] and prog.poly == list(E.field.poly)
            assert prog.evaluate(prog.input_values) == prog.output_values
            assert genus.Program.from_json(prog.to_json()).evaluate(prog.input_values) == prog.output_values
        F = E.field
        for _ in range(3):
            P, Q = E.mul(rng.randrange(1, E.order)), E.mul(rng.randrange(1, E.order))
            z1, z2 = F(rng.randrange(1, 1 << F.m)), F(rng.randrange(1, 1 << F.m))
            v1 = {"X1": int(F(P.x) * z1), "Y1": int(F(P.y) * z1 * z1), "Z1": int(z1)}
            v2 = {"X2": int(F(Q.x) * z2), "Y2": int(F(Q.y) * z2 * z2), "Z2": int(z2)}
            for op, want, env in (("dbl", P + P, v1), ("add", P + Q, {**v1, **v2}),
                                  ("madd", P + Q, {**v1, "X2": Q.x, "Y2": Q.y})):
                out = progs[op].evaluate(env)
                Z = F(out["Z3"])
                assert (int(F(out["X3"]) / Z), int(F(out["Y3"]) / (Z * Z))) == (want.x, want.y), (name, op)
    E = genus.Curve.named("B-163")
    F = E.field
    step = genus.trace(E, "ladder-step")  # R0 = 2G, R1 = 4G, XP = x(R1 - R0): R0 + R1 = 6G
    out = step.output_values
    assert int(F(out["X3"]) / F(out["Z3"])) == (6 * E.generator).x
    bits = 12
    prog = unroll(genus.trace(E, "ladder-step"), bits)
    arch = Arch.from_json({"name": "b", "units": [{"kind": "mul", "ops": ["mul", "sqr", "mulc"], "latency": 7, "count": 2},
                                                 {"kind": "add", "ops": ["add"], "latency": 1},
                                                 {"kind": "swap", "ops": ["cswap"], "latency": 1}]})
    sched = list_schedule(prog, arch)
    for _ in range(3):
        P = E.mul(rng.randrange(1, E.order))
        k = rng.getrandbits(bits) | 1 << (bits - 1)
        b = [(k >> (bits - 1 - i)) & 1 for i in range(bits)]
        sw = [b[0]] + [b[i] ^ b[i - 1] for i in range(1, bits)] + [b[-1]]
        vals = {"X2": 1, "Z2": 0, "X3": P.x, "Z3": 1, "XP": P.x, **{"b%d" % i: v for i, v in enumerate(sw)}}
        for out in (prog.evaluate(vals), simulate(sched, vals)["outputs"]):
            assert int(F(out["X2"]) / F(out["Z2"])) == (k * P).x
