"""Binary curves (src/ec2m/, tests/tools/ec2m_calc.c) against PARI/GP (ellinit([1, a, 0, 0, b])
over ffgen, elladd, ellmul, ellcard) and, on toy fields, against the plain Python group law of
ec2m_ref.py for every point, pair and scalar."""
import json
import os

import pytest

from conftest import SANITIZE, Calc, _binary
from ec2m_ref import Curve

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = json.load(open(os.path.join(HERE, "..", "..", "data", "curves.json")))["curves"]
NAMED = {k: v for k, v in DATA.items() if v["type"] == "binary_weierstrass"}
NAMES = ["B-163", "K-163", "B-233", "K-233", "B-283", "K-283", "B-409", "K-409", "B-571", "K-571"]
# Irreducible polynomials for random curves: the SEC 2 fields of 113, 131, 193 and 239 bits (the last
# with a middle exponent above m - 64), and a 64-bit one (a whole limb).
RANDOM_FIELDS = [[113, 9, 0], [131, 8, 3, 2, 0], [193, 15, 0], [239, 158, 0], [64, 4, 3, 1, 0]]
# Toy fields, m <= 8, irreducible.
TOY_FIELDS = [[3, 1, 0], [4, 1, 0], [5, 2, 0], [6, 1, 0], [7, 1, 0], [8, 4, 3, 1, 0]]

NOT_ON, ENC = "err point_is_not_on_the_curve", "err malformed_point_encoding"
INF, SUB = "err point_at_infinity", "err point_is_not_in_the_prime-order_subgroup"

GP_HEAD = """fe(n) = subst(Pol(binary(n)), 'x, g) + 0*g;
toint(e) = if(type(e) == "t_FFELT", subst(lift(e.pol), 'g, 2), e);
pt(P) = if(#P == 1, "infinity", Strprintf("%x %x", toint(P[1]), toint(P[2])));
"""


@pytest.fixture(scope="module")
def ec2m():
    return Calc(_binary("GENUS_EC2M_CALC"))


def poly(exps):
    return "+".join("x^%d" % e if e else "1" for e in exps)


def gp_curve(exps, a, b):
    return "g = ffgen(Mod(1,2)*(%s), 'g); E = ellinit([1, fe(0x%x), 0, 0, fe(0x%x)], g);\n" % (poly(exps), a, b)


def gp_pt(P):
    return "[0]" if P is None else "[fe(0x%x), fe(0x%x)]" % P


def parse(line):
    if line == "infinity":
        return None
    if line.startswith("err"):
        return line
    x, y = line.split()
    return (int(x, 16), int(y, 16))


def pt(P):
    return "inf" if P is None else "%x %x" % P


def curve_params(c):
    return [int(c[k], 16) for k in ("a", "b", "Gx", "Gy", "n", "h")]


def random_points(gp, exps, a, b, count, rng):
    """count random points of the curve from PARI (random(E)), finite."""
    script = GP_HEAD + gp_curve(exps, a, b) + "setrand(%d);\n" % rng.randrange(1, 1 << 30)
    script += "for(i = 1, %d, my(P = random(E)); while(#P == 1, P = random(E)); print(pt(P)));\n" % count
    return [parse(l) for l in gp.run(script, count)]


def check_ops(ec2m, setup, gp, exps, a, b, pts, rng, nbits):
    """add, dbl, the LD formulas, and the three multiplications on the points pts against PARI."""
    m = exps[0]
    cmds, gpl = [], []
    rz = lambda: rng.randrange(1, 1 << m)
    for i, P in enumerate(pts):
        Q = pts[(i + 1) % len(pts)]
        k = rng.choice([0, 1, 2, 3, rng.getrandbits(8), rng.getrandbits(nbits), rng.getrandbits(nbits + 8)])
        w = rng.randrange(2, 8)
        ww = rng.randrange(1, 7)
        cmds += ["add %s %s" % (pt(P), pt(Q)), "dbl %s" % pt(P), "lddbl %s %x" % (pt(P), rz()),
                 "ldmadd %s %x %s" % (pt(P), rz(), pt(Q)), "ldadd %s %x %s %x" % (pt(P), rz(), pt(Q), rz()),
                 "ladder %x %s" % (k, pt(P)), "wnaf %d %x %s" % (w, k, pt(P)), "window %d %x %s" % (ww, k, pt(P))]
        for e in ("elladd(E, %s, %s)" % (gp_pt(P), gp_pt(Q)), "ellmul(E, %s, 2)" % gp_pt(P),
                  "ellmul(E, %s, 2)" % gp_pt(P), "elladd(E, %s, %s)" % (gp_pt(P), gp_pt(Q))
                  , "elladd(E, %s, %s)" % (gp_pt(P), gp_pt(Q))):
            gpl.append("print(pt(%s));" % e)
        gpl += ["print(pt(ellmul(E, %s, 0x%x)));" % (gp_pt(P), k)] * 3
    got = run_on(ec2m, setup, cmds)
    want = gp.run(GP_HEAD + gp_curve(exps, a, b) + "\n".join(gpl), len(gpl))
    for c, g, w in zip(cmds, got, want):
        assert parse(g) == parse(w), c


def run_on(ec2m, setup, cmds):
    """cmds on the curve that the command setup selects (each batch is a fresh process)."""
    out = ec2m.run([setup] + cmds)
    assert out[0].startswith("ok"), setup
    return out[1:]


@pytest.mark.parametrize("name", NAMES)
def test_named_parameters(ec2m, gp, name):
    """G on the curve, n prime, n G = 0 and #E = h n (PARI's ellcard), G as in the table."""
    c = NAMED[name]
    exps = c["reduction_polynomial_exponents"]
    a, b, gx, gy, n, h = curve_params(c)
    out = ec2m.run(["named %s" % name, "gen", "on %x %x" % (gx, gy), "named %s" % c["aliases"][0]])
    assert out[0] == "ok %d %d" % (exps[0], h) and parse(out[1]) == (gx, gy) and out[2] == "1"
    assert out[3] == out[0]
    card = "ellcard(E) == %d" % (h * n)  # PARI counts binary curves fast (under a second at m = 571)
    script = GP_HEAD + gp_curve(exps, a, b) + "G = %s;\n" % gp_pt((gx, gy))
    script += "print(ellisoncurve(E, G), isprime(%d), ellmul(E, G, %d) == [0], %s);" % (n, n, card)
    assert gp.run(script, 1) == ["1111"]


@pytest.mark.parametrize("name", NAMES)
def test_named_ops(ec2m, gp, rng, name):
    c = NAMED[name]
    exps = c["reduction_polynomial_exponents"]
    a, b, gx, gy, n, h = curve_params(c)
    pts = [(gx, gy)] + random_points(gp, exps, a, b, 3 if SANITIZE else 12, rng)
    check_ops(ec2m, "named " + name, gp, exps, a, b, pts, rng, n.bit_length())
    # n G = 0 by each multiplication
    out = run_on(ec2m, "named " + name, ["ladder %x %x %x" % (n, gx, gy), "wnaf 5 %x %x %x" % (n, gx, gy), "window 4 %x %x %x" % (n, gx, gy)])
    assert out == ["infinity"] * 3


@pytest.mark.parametrize("exps", RANDOM_FIELDS, ids=lambda e: "m%d" % e[0])
def test_random_curves(ec2m, gp, rng, exps):
    m = exps[0]
    for _ in range(1 if SANITIZE else 3):
        a, b = rng.choice([0, 1, rng.getrandbits(m)]), rng.getrandbits(m) | 1
        setup = "curve %s %x %x" % (",".join(map(str, exps)), a, b)
        pts = random_points(gp, exps, a, b, 8, rng)
        check_ops(ec2m, setup, gp, exps, a, b, pts, rng, m)
        # compressed encodings round trip (even m: z^2 + z = c by the trace-one element)
        enc = run_on(ec2m, setup, ["enc 1 %s" % pt(P) for P in pts])
        assert [parse(d) for d in run_on(ec2m, setup, ["dec " + e for e in enc])] == pts


@pytest.mark.parametrize("exps", TOY_FIELDS, ids=lambda e: "m%d" % e[0])
def test_exhaustive_toy(ec2m, rng, exps):
    """Every point, every pair and every scalar up to the group order, against ec2m_ref.py."""
    m = exps[0]
    for a, b in [(0, 1), (1, 1), (1, rng.randrange(2, 1 << m)), (rng.randrange(1 << m), rng.randrange(1, 1 << m))]:
        E = Curve(exps, a, b)
        pts = E.points()
        order = len(pts)
        cmds, want = ["curve %s %x %x" % (",".join(map(str, exps)), a, b)], ["ok"]
        pairs = [(P, Q) for P in pts for Q in pts] if m <= 6 or not SANITIZE else [
            (rng.choice(pts), rng.choice(pts)) for _ in range(2000)]
        for P, Q in pairs:
            z1, z2 = rng.randrange(1, 1 << m), rng.randrange(1, 1 << m)
            r = E.add(P, Q)
            cmds += ["add %s %s" % (pt(P), pt(Q)), "ldmadd %s %x %s" % (pt(P), z1, pt(Q)),
                     "ldadd %s %x %s %x" % (pt(P), z1, pt(Q), z2)]
            want += [r, r, r]
        for P in pts:
            cmds += ["on %s" % pt(P), "dbl %s" % pt(P), "lddbl %s %x" % (pt(P), rng.randrange(1, 1 << m)),
                     "neg %s" % pt(P)]
            want += ["1", E.add(P, P), E.add(P, P), E.neg(P)]
        # every scalar 0..order + 1: on every point up to m = 6, on a spread of points above
        for P in pts if m <= 6 else pts[:: max(1, len(pts) // 6)] + [pts[-1]]:
            R = None
            for k in range(order + 2):
                cmds += ["ladder %x %s" % (k, pt(P)), "wnaf %d %x %s" % (2 + k % 6, k, pt(P)),
                         "window %d %x %s" % (1 + k % 6, k, pt(P))]
                want += [R] * 3
                R = E.add(R, P)
        got = ec2m.run(cmds)
        for c, g, w in zip(cmds, got, want):
            assert (g if isinstance(w, str) else parse(g)) == w, c
        # every other (x, y) is off the curve
        offs = [(x, y) for x in range(1 << m) for y in range(1 << m) if not E.on((x, y))][:200]
        assert run_on(ec2m, cmds[0], ["on %s" % pt(P) for P in offs]) == ["0"] * len(offs)


def test_b163_table_cases(ec2m, gp, rng):
    """The background's table 4.1 cases on B-163: P + (-P), 0 P, 1 P, k P + (-k) P, ord(G) G, on-curve."""
    c = NAMED["B-163"]
    a, b, gx, gy, n, h = curve_params(c)
    G = (gx, gy)
    B163 = "named B-163"
    P = parse(run_on(ec2m, B163, ["ladder %x %s" % (rng.getrandbits(160), pt(G))])[0])
    negP = parse(run_on(ec2m, B163, ["neg %s" % pt(P)])[0])
    assert negP == (P[0], P[0] ^ P[1])
    k = rng.randrange(2, n)
    kP, kmP = [parse(x) for x in run_on(ec2m, B163, ["ladder %x %s" % (k, pt(P)), "ladder %x %s" % (n - k, pt(P))])]
    out = run_on(ec2m, B163, ["add %s %s" % (pt(P), pt(negP)), "ladder - %s" % pt(P), "ladder 0 %s" % pt(P),
                    "wnaf 4 0 %s" % pt(P), "ladder 1 %s" % pt(P), "wnaf 4 1 %s" % pt(P), "window 4 1 %s" % pt(P),
                    "add %s %s" % (pt(kP), pt(kmP)), "ladder %x %s" % (n, pt(G)), "on %s" % pt(G),
                    "on %x %x" % (gx, gy ^ 1), "on %x %x" % (gx ^ 2, gy)])
    assert out[:4] == ["infinity"] * 4
    assert [parse(x) for x in out[4:7]] == [P] * 3
    assert out[7:9] == ["infinity"] * 2 and out[9:] == ["1", "0", "0"]
    script = GP_HEAD + gp_curve(c["reduction_polynomial_exponents"], a, b)
    script += "print(ellisoncurve(E, %s), ellisoncurve(E, %s), pt(ellmul(E, %s, %d)));" % (
        gp_pt(G), gp_pt((gx, gy ^ 1)), gp_pt(P), k)
    assert gp.run(script, 1)[0] == "10" + ("%x %x" % kP)


def test_b163_random_vectors(ec2m, gp, rng):
    """1000 random vectors on B-163 for each of + and * (the issue's count; 100 in the sanitizer
    build) against one gp script."""
    c = NAMED["B-163"]
    exps = c["reduction_polynomial_exponents"]
    a, b, gx, gy, n, h = curve_params(c)
    count = 100 if SANITIZE else 1000
    pts = random_points(gp, exps, a, b, count + 1, rng)
    cmds, gpl = [], []
    for i in range(count):
        P, Q = pts[i], pts[i + 1]
        k = rng.getrandbits(rng.choice([8, 64, 163, 170]))
        cmds += ["add %s %s" % (pt(P), pt(Q)), ["ladder %x %s", "wnaf 4 %x %s", "window 4 %x %s"][i % 3] % (k, pt(P))]
        gpl += ["print(pt(elladd(E, %s, %s)));" % (gp_pt(P), gp_pt(Q)),
                "print(pt(ellmul(E, %s, 0x%x)));" % (gp_pt(P), k)]
    got = run_on(ec2m, "named B-163", cmds)
    want = gp.run(GP_HEAD + gp_curve(exps, a, b) + "\n".join(gpl), len(gpl))
    for cmd, g, w in zip(cmds, got, want):
        assert parse(g) == parse(w), cmd


@pytest.mark.parametrize("name", ["B-163", "K-233", "B-571"])
def test_encodings(ec2m, gp, rng, name):
    """Uncompressed and compressed SEC1 encodings round trip; PARI's ellordinate agrees."""
    c = NAMED[name]
    exps = c["reduction_polynomial_exponents"]
    a, b, gx, gy, n, h = curve_params(c)
    L = (exps[0] + 7) // 8
    pts = random_points(gp, exps, a, b, 10, rng) + [(gx, gy)]
    cmds = []
    for P in pts:
        cmds += ["enc 0 %s" % pt(P), "enc 1 %s" % pt(P)]
    enc = run_on(ec2m, "named " + name, cmds + ["enc 1 inf"])
    assert enc[-1] == "00"
    for i, P in enumerate(pts):
        assert enc[2 * i] == "04" + ("%0*x" % (2 * L, P[0])) + ("%0*x" % (2 * L, P[1]))
        assert enc[2 * i + 1][2:] == "%0*x" % (2 * L, P[0]) and enc[2 * i + 1][:2] in ("02", "03")
    dec = run_on(ec2m, "named " + name, ["dec %s" % e for e in enc])
    assert [parse(d) for d in dec[:-1]] == [P for P in pts for _ in (0, 1)] and dec[-1] == "infinity"
    # the compressed bit picks the right one of PARI's two ordinates
    script = GP_HEAD + gp_curve(exps, a, b)
    script += "\n".join("print(apply(toint, Vec(ellordinate(E, fe(0x%x)))));" % P[0] for P in pts)
    for P, line in zip(pts, gp.run(script, len(pts))):
        ys = [int(v) for v in line.strip("[]~ ").split(",")]
        assert P[1] in ys and len(ys) == 2


def test_bad_points(ec2m, rng):
    c = NAMED["B-163"]
    a, b, gx, gy, n, h = curve_params(c)
    L = 21
    X = "%0*x" % (2 * L, gx)
    Y = "%0*x" % (2 * L, gy)
    # the point of order 2, (0, sqrt(b)): on the curve, outside the subgroup of order n
    two = parse(run_on(ec2m, "named B-163", ["dec 02" + "00" * L])[0])
    # ... whose one encoding is 02 || 0 (SEC1 2.3.3): 03 || 0 is refused (found by tests/fuzz)
    assert run_on(ec2m, "named B-163", ["dec 03" + "00" * L]) == [ENC]
    out = run_on(ec2m, "named B-163", [
        "dec 04" + X + "%0*x" % (2 * L, gy ^ 1),  # off the curve
        "dec 04" + X + Y[:-2],                    # short
        "dec 06" + X + Y, "dec 07" + X + Y,       # hybrid
        "dec 05" + X + Y, "dec 02" + X + Y,       # unknown prefix; compressed length mismatch
        "dec 04" + "08" + X[2:] + Y,              # x of degree >= 163
        "dec 0000",
        "valid inf", "valid %x %x" % (gx, gy ^ 1), "valid %x %x" % two, "valid %x %x" % (gx, gy),
        "ladder %x %x %x" % (2, two[0], two[1]), "ladder 3 %x %x" % two,
        "curve 163,7,6,3,0 1 0", "curve 163,7,6,3,0 1 1 %x %x %x 2" % (gx, gy, n),
        "curve 163,7,6,3,0 1 %x %x %x %x 2" % (b, gx, gy ^ 1, n),
        "curve 163,7,6,3,0 1 %x %x %x %x 2" % (b, gx, gy, n + 2),
        "curve 163,7,6,0 1 1", "curve 164,7,6,3,0 1 1"])
    assert out[:8] == [NOT_ON, ENC, ENC,
                       ENC, ENC,
                       ENC, out[6], ENC]
    assert out[6].startswith("err")
    assert out[8:12] == [INF, NOT_ON, SUB, "ok"]
    assert out[12] == "infinity" and parse(out[13]) == two
    assert out[14].startswith("err") and out[15] == NOT_ON and out[16] == NOT_ON
    assert out[17].startswith("err") and out[18].startswith("err") and out[19].startswith("err")
    # compressed x with no point: Tr(x + a + b/x^2) = 1 for about half the x
    bad = run_on(ec2m, "named B-163", ["dec 02%0*x" % (2 * L, rng.getrandbits(163)) for _ in range(16)])
    assert any(x == "err not_a_square" for x in bad)


def test_op_counts(ec2m):
    """M S D A of the LD formulas as measured on the counting kernel (src/analysis/ec2m_count.c):
    dbl-2005-l 4M + 4S + 1D, madd-2005-dl 8M + 5S + 1D, the general addition 14M + 5S + 1D, and the
    ladder step Madd + Mdouble 5M + 5S + 1D (HMV's 6M + 5S with the product by b counted as M)."""
    for name in ("B-163", "K-571"):
        out = run_on(ec2m, "named " + name, ["ops dbl", "ops madd", "ops add", "ops step"])
        assert [o.split()[:3] for o in out] == [["4", "4", "1"], ["8", "5", "1"], ["14", "5", "1"], ["5", "5", "1"]]
