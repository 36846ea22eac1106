"""Genus-2 Jacobians of degree-6 models y^2 = f(x) (src/g2/: balanced divisors on split curves,
Cantor on non-split ones) against independent references: PARI/GP's hyperellcharpoly for #J of
small curves (enumerated in full by g2_deg6_ref.py, the Python reference), PARI's ellcard for
the split Jacobians of y^2 = d g(x^2) at 30 to 127 bits, and Python's group law."""
import json
import subprocess

import pytest

import g2_deg6_ref as D
import g2_ref as R
from conftest import ITERATIONS
from test_g2 import curve_line, gp_orders, kbytes, rand_prime


def squarefree(f, p):
    df = R.trim([i * c % p for i, c in enumerate(f)][1:])
    return R.xgcd(R.trim(f), df, p)[0] == [1]


def curve6(rng, p, split):
    """A random squarefree f of degree 6 whose f6 is a square (split) or not."""
    while True:
        f = [rng.randrange(p) for _ in range(6)] + [rng.randrange(1, p)]
        if squarefree(f, p) and (pow(f[6], (p - 1) // 2, p) == 1) == split:
            return f


def nonsquare(rng, p):
    while True:
        d = rng.randrange(2, p)
        if pow(d, (p - 1) // 2, p) == p - 1:
            return d


SMALL = [(p, s) for p in (5, 7, 11, 13) for s in (True, False)]


@pytest.mark.parametrize("p,split", SMALL)
def test_exhaustive_small(g2_calc, gp, p, split):
    """Every element of J(F_p): the count equals P(1) from PARI; each passes gn_g2_check,
    encodes and decodes to itself; [#J]D = 0 and [#J + 1]D = D for every D (both scalar
    multiplications); sums agree with the Python reference on all pairs (#J <= 40) or 400 of them."""
    import random
    rng = random.Random("deg6:%d:%d" % (p, split))
    f = curve6(rng, p, split)
    C = D.Curve(f, p)
    assert C.split == split
    els = C.elements()
    n = len(els)
    assert n == len(set(els)) == gp_orders(gp, [(p, f)])[0]
    txt = [D.to_text(C, e) for e in els]
    lines = [curve_line(p, f)]
    for t in txt:
        lines += ["check " + t, "enc " + t, "mul %s %s" % (kbytes(n), t), "mulv %s %s" % (kbytes(n), t),
                  "mul %s %s" % (kbytes(n + 1), t), "neg " + t]
    pairs = [(a, b) for a in range(n) for b in range(n)]
    if n > 40:
        pairs = rng.sample(pairs, 400)
    lines += ["cadd %s %s" % (txt[a], txt[b]) for a, b in pairs]
    res = g2_calc.run(lines)
    assert res[0] == "ok"
    res = res[1:]
    encs = []
    for i, (e, t) in enumerate(zip(els, txt)):
        ok, enc, m0, m1, m2, ng = res[6 * i:6 * i + 6]
        assert (ok, m0, m1, m2) == ("ok", "id", "id", t), (t, ok, m0, m1, m2)
        assert ng == D.to_text(C, C.neg(e))
        encs.append(enc)
    assert len(set(encs)) == n  # canonical: distinct elements, distinct encodings
    k = 6 * n
    for a, b in pairs:
        assert res[k] == D.to_text(C, C.add(els[a], els[b])), (txt[a], txt[b])
        k += 1
    dec = g2_calc.run([curve_line(p, f)] + ["dec " + e for e in encs])[1:]
    assert dec == txt


def orders_pari(gp, p, abc):
    """#J of y^2 = d g(x^2), g = X^3 + a X^2 + b X + c, for d = 1 and for d a non-square: the
    maps (x, y) -> (x^2, y) onto E1: d Y^2 = g(X) and (x, y) -> (1/x^2, y/x^3) onto
    E2: d Y^2 = c X^3 + b X^2 + a X + 1 (= x^-6 g(x^2) in X = 1/x^2) make J isogenous over F_p to
    E1 x E2, so #J = #E1 #E2. d = 1: E2's equation times c^2 with (X', Y') = (c X, c Y) is
    Y'^2 = X'^3 + b X'^2 + a c X' + c^2, an invertible change of variables over F_p (c != 0), so
    PARI's ellcard of [0, b, 0, a c, c^2] is #E2. d a non-square: E1 and E2 become their
    quadratic twists, with p + 1 + t points where the curve has p + 1 - t."""
    a, b, c = abc
    script = "print(ellcard(ellinit([0,%d,0,%d,%d],%d)))\nprint(ellcard(ellinit([0,%d,0,%d,%d],%d)))" % (
        a, b, c, p, b, a * c % p, c * c % p, p)
    e1, e2 = (int(v) for v in gp.run(script, 2))
    return e1 * e2, (2 * p + 2 - e1) * (2 * p + 2 - e2)


def split_curve(rng, p, d):
    while True:
        a, b, c = (rng.randrange(p) for _ in range(3))
        f = [c * d % p, 0, b * d % p, 0, a * d % p, 0, d % p]
        if c and squarefree(f, p):
            return (a, b, c), f


@pytest.mark.parametrize("bits", [30, 64, 127])
def test_orders_split_jacobians(g2_calc, gp, rng, bits):
    """[#J]D = 0 and [#J + k]D = [k]D for random D (both scalar multiplications) on
    y^2 = g(x^2) (f6 = 1: split) and y^2 = d g(x^2), d not a square (non-split), #J from
    PARI's ellcard; a wrong order does not give zero."""
    p = rand_prime(rng, bits)
    abc, f1 = split_curve(rng, p, 1)
    d = nonsquare(rng, p)
    curves = [(1, f1), (d, [c * d % p for c in f1])]
    for (d, f), n in zip(curves, orders_pari(gp, p, abc)):
        out = g2_calc.run([curve_line(p, f)] + ["rand %x" % rng.getrandbits(64) for _ in range(2)])
        assert out[0] == "ok"
        C = D.Curve(f, p)
        assert C.split == (d == 1)
        lines = [curve_line(p, f)]
        ks = [rng.getrandbits(40) for _ in out[1:]]
        for e, k in zip(out[1:], ks):
            assert C.valid(D.from_text(C, e))
            lines += ["mul %s %s" % (kbytes(n), e), "mulv %s %s" % (kbytes(n), e),
                      "mul %s %s" % (kbytes(n + k), e), "mul %s %s" % (kbytes(k), e),
                      "mul %s %s" % (kbytes(n + 2), e)]
        res = g2_calc.run(lines)[1:]
        for i, (e, k) in enumerate(zip(out[1:], ks)):
            z0, z1, a, b, wrong = res[5 * i:5 * i + 5]
            assert (z0, z1) == ("id", "id") and a == b and wrong != "id", (bits, d, e)
            if i == 0:
                assert a == D.to_text(C, C.mul(k, D.from_text(C, e)))


def test_orders_random_curves(g2_calc, gp, rng):
    """General degree-6 curves over 8- to 10-bit primes (split and not): [#J]D = 0,
    [#J + 1]D = D, #J from hyperellcharpoly."""
    curves = []
    for i in range(4 * ITERATIONS):
        p = rand_prime(rng, 8 + i % 3)
        curves.append((p, curve6(rng, p, i % 2 == 0)))
    for (p, f), n in zip(curves, gp_orders(gp, curves)):
        out = g2_calc.run([curve_line(p, f)] + ["rand %x" % rng.getrandbits(64) for _ in range(3)])
        lines = [curve_line(p, f)]
        for e in out[1:]:
            lines += ["mul %s %s" % (kbytes(n), e), "mulv %s %s" % (kbytes(n + 1), e)]
        assert g2_calc.run(lines)[1:] == sum((["id", e] for e in out[1:]), [])


def points_deg1(C, rng, count):
    """Elements of degree 1 (x - x0, y0) with every n (split curves)."""
    out = []
    while len(out) < count:
        x = rng.randrange(C.p)
        y = D.sqrt_mod(sum(c * pow(x, i, C.p) for i, c in enumerate(C.f)), C.p)
        if y:
            out += [(((-x) % C.p, 1), (y,), n) for n in range(2)]
    return out


@pytest.mark.parametrize("bits", [64, 127])
def test_mul_vs_var_and_python(g2_calc, rng, bits):
    """gn_g2_mul (the ladder over Cantor, masked swaps) == gn_g2_mul_var == Python's
    double-and-add, on random scalars, random elements and (split) the elements of degree 0
    and 1 with every n; add, dbl and neg against Python."""
    p = rand_prime(rng, bits)
    for split in (True, False):
        f = curve6(rng, p, split)
        C = D.Curve(f, p)
        out = g2_calc.run([curve_line(p, f)] + ["rand %x" % rng.getrandbits(64) for _ in range(3)])
        els = [D.from_text(C, e) for e in out[1:]]
        if split:
            els += [((1,), (), 0), ((1,), (), 2)] + points_deg1(C, rng, 2)
        lines = [curve_line(p, f)]
        cases = []
        for e in els:
            t = D.to_text(C, e)
            for k in (rng.getrandbits(64), rng.getrandbits(16), 0, 1, 2, 3):
                cases.append((k, e))
                lines += ["mul %016x %s" % (k, t), "mulv %016x %s" % (k, t)]
        for a, b in zip(els, els[1:] + els[:1]):
            lines += ["add %s %s" % (D.to_text(C, a), D.to_text(C, b)), "dbl " + D.to_text(C, a)]
        res = g2_calc.run(lines)[1:]
        for i, (k, e) in enumerate(cases):
            assert res[2 * i] == res[2 * i + 1] == D.to_text(C, C.mul(k, e)), (split, k, e)
        base = 2 * len(cases)
        for i, (a, b) in enumerate(zip(els, els[1:] + els[:1])):
            assert res[base + 2 * i] == D.to_text(C, C.add(a, b))
            assert res[base + 2 * i + 1] == D.to_text(C, C.add(a, a))


def test_refusals(g2_calc, rng):
    """Elements outside the reduced forms and bad encodings are refused; curves too."""
    p = rand_prime(rng, 61)
    fs, fn = curve6(rng, p, True), curve6(rng, p, False)
    Cs = D.Curve(fs, p)
    ds = g2_calc.run([curve_line(p, fs), "rand 3"])[1]
    dn = g2_calc.run([curve_line(p, fn), "rand 3"])[1]
    u1, u0, v1, v0 = (int(x, 16) for x in ds.split(","))
    pt = points_deg1(Cs, rng, 1)[0]
    t1 = D.to_text(Cs, pt)
    off = "%x,%x,%x,%x" % (u1, u0, v1, (v0 + 1) % p)
    lines = [curve_line(p, fs), "check " + ds, "check " + off, "check %s;1" % ds, "check inf;3", "check inf;0",
             "check %s;1" % t1, "check %s;2" % t1.split(";")[0], "check id"]
    res = g2_calc.run(lines)[1:]
    assert res == ["ok", "err point_is_not_on_the_curve", "err invalid_argument", "err invalid_argument", "ok",
                   "ok", "err invalid_argument", "ok"], res
    # non-split: no degree 1, no n
    x = pt[0][0]
    lines = [curve_line(p, fn), "check " + dn, "check %s;1" % dn, "check inf;1", "check %x,1" % x, "check id"]
    res = g2_calc.run(lines)[1:]
    assert res == ["ok", "err invalid_argument", "err invalid_argument", "err invalid_argument", "ok"], res
    # encodings: first byte deg u + 4 n; the identity of a split curve is 04 00..
    nb = (p.bit_length() + 7) // 8
    z = "00" * nb
    res = g2_calc.run([curve_line(p, fs), "enc id", "enc inf;2", "enc " + ds, "enc %s;1" % t1])[1:]
    assert res[0] == "04" + z * 4 and res[1] == "08" + z * 4
    assert res[2] == "02" + "".join("%0*x" % (2 * nb, v) for v in (u1, u0, v1, v0))
    assert res[3][:2] == "05"
    enc = res[2]
    bad = ["06" + enc[2:], "03" + enc[2:], "0c" + z * 4, "09" + res[3][2:], "00" + z * 3 + "%0*x" % (2 * nb, 1),
           "02" + "%0*x" % (2 * nb, p) + enc[2 + 2 * nb:], enc[:-2], "00" + z * 4]
    res = g2_calc.run([curve_line(p, fs), "dec " + enc, "dec 04" + z * 4, "dec " + res[3]] +
                      ["dec " + b for b in bad[:-1]])[1:]
    assert res[:3] == [ds, "id", t1 + ";1"] and all(r.startswith("err") for r in res[3:]), res
    # 00...: the identity of a non-split curve, but u = 1 with n = 0 on a split one (valid, not id)
    assert g2_calc.run([curve_line(p, fs), "dec " + bad[-1]])[1] == "inf;0"
    assert g2_calc.run([curve_line(p, fn), "dec " + bad[-1], "dec 04" + z * 4])[1:] == ["id", "err malformed_point_encoding"]
    # the explicit formulas are degree-5 only: refused, and gn_g2_add answers through Cantor
    res = g2_calc.run([curve_line(p, fs), "xadd %s %s" % (ds, ds), "xdbl " + ds, "xadd id id",
                       "add %s %s" % (ds, ds), "cadd %s %s" % (ds, ds)])[1:]
    twice = D.to_text(Cs, Cs.add(D.from_text(Cs, ds), D.from_text(Cs, ds)))
    assert res[:3] == ["exc"] * 3 and res[3] == res[4] == twice
    # curves: (x - 1)^2 h(x) singular; degree 4 refused; a seventh coefficient zero is degree 5
    sing = R.pmul([1, p - 2, 1], [3, 1, 4, 1, 5], p)
    res = g2_calc.run(["curve %x %s" % (p, ",".join("%x" % c for c in sing)),
                       "curve %x 1,2,3,4,5,0,0" % p, "curve %x 1,2,3,4,5,1,0" % p])
    assert res == ["err the_curve_is_singular", "err not_supported_for_this_modulus", "ok"]


def test_cli_g2_mul_deg6(genus_bin, g2_calc, rng, tmp_path):
    """genus g2 mul on degree-6 curves: the result of Python's reference, "n=N" in and out;
    bad input: exit 2, one line on stderr, nothing on stdout."""
    p = rand_prime(rng, 61)
    nb = (p.bit_length() + 7) // 8
    hexs = lambda s: " ".join("%0*x" % (2 * nb, int(x, 16)) for x in s.split(","))
    paths = {}
    for split in (True, False):
        f = curve6(rng, p, split)
        C = D.Curve(f, p)
        path = tmp_path / ("c%d.json" % split)
        path.write_text(json.dumps({"type": "genus2", "p": "%x" % p, "f": ["%x" % c for c in f]}))
        paths[split] = path
        els = [D.from_text(C, g2_calc.run([curve_line(p, f), "rand 9"])[1])]
        if split:
            els += [((1,), (), 2)] + points_deg1(C, rng, 1)
        for e in els:
            k = rng.getrandbits(100)
            r = C.mul(k, e)
            t = D.to_text(C, e).partition(";")
            arg = ("n=%d" % e[2]) if e[0] == (1,) else hexs(t[0]) + (" n=" + t[2] if t[2] else "")
            out = subprocess.run([genus_bin, "g2", "mul", "--curve", str(path), "--scalar", "%x" % k,
                                  "--divisor", arg], capture_output=True, text=True)
            assert out.returncode == 0, out.stderr
            if r == C.identity():
                want = "identity"
            elif r[0] == (1,):
                want = "n=%d" % r[2]
            else:
                rt = D.to_text(C, r).partition(";")
                want = hexs(rt[0]) + (" n=" + rt[2] if rt[2] else "")
            assert out.stdout.strip() == want, (split, e, k)
    # a degree-2 element with its n written out: n=0 is the element itself, n=1 is out of range
    fs = json.loads(paths[True].read_text())["f"]
    Cs = D.Curve([int(c, 16) for c in fs], p)
    d2 = g2_calc.run([curve_line(p, Cs.f), "rand 11"])[1]
    e2, k = D.from_text(Cs, d2), rng.getrandbits(100)
    out = subprocess.run([genus_bin, "g2", "mul", "--curve", str(paths[True]), "--scalar", "%x" % k,
                          "--divisor", hexs(d2.partition(";")[0]) + " n=0"], capture_output=True, text=True)
    rt = D.to_text(Cs, Cs.mul(k, e2)).partition(";")
    assert out.returncode == 0 and out.stdout.strip() == hexs(rt[0]) + (" n=" + rt[2] if rt[2] else ""), out
    good = "%x %x" % (1, 1)
    bad = [(paths[True], "n=3"), (paths[True], "n=1 n=1"), (paths[False], "n=0"),
           (paths[True], hexs(d2.partition(";")[0]) + " n=1"), (paths[True], "n=x")]
    f8 = tmp_path / "f8.json"
    f8.write_text(json.dumps({"type": "genus2", "p": "%x" % p, "f": ["1"] * 8}))
    sing = tmp_path / "sing.json"
    sing.write_text(json.dumps({"type": "genus2", "p": "%x" % p,
                                "f": ["%x" % c for c in R.pmul([1, p - 2, 1], [3, 1, 4, 1, 5], p)]}))
    bad += [(f8, "identity"), (sing, "identity"), (paths[False], good)]
    for path, div in bad:
        r = subprocess.run([genus_bin, "g2", "mul", "--curve", str(path), "--scalar", "5", "--divisor", div],
                           capture_output=True, text=True)
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, (div, r)
    r = subprocess.run([genus_bin, "g2", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "n=N" in r.stdout


def test_unchecked_inputs_terminate(g2_calc, rng):
    """Cantor's algorithm on elements that fail gn_g2_check (the driver's cadd and mulv do not
    validate): an answer for each, no fault and no endless reduction (a degree-1 element on a
    non-split curve once composed to degree 3 and reduced to degree 3 forever; a zero quotient
    once indexed below a polynomial's coefficients)."""
    p = 13
    for f in ([1, 0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0, 2], [2, 0, 0, 0, 0, 0, 1]):  # split, non-split, split
        els = ["%x,%x,%x,%x" % tuple(rng.randrange(p) for _ in range(4)) for _ in range(60)]
        els += ["%x,%x" % (rng.randrange(p), rng.randrange(p)) for _ in range(20)] + ["0,1"]
        lines = [curve_line(p, f)] + ["cadd %s %s" % (a, rng.choice(els)) for a in els]
        lines += ["mulv 0d " + a for a in els[::4]]
        out = g2_calc.run(lines)
        assert out[0] == "ok" and all(o and not o.startswith("err") for o in out[1:]), out
