"""Binary fields GF(2^m) (src/f2m/) against PARI/GP (ffgen) and Python carry-less arithmetic.

Elements are integers whose bit i is the coefficient of x^i. Every field operation on the NIST
polynomials and on random irreducible trinomials and pentanomials (PARI's polisirreducible decides
which), with the portable comb and PCLMULQDQ multipliers; exhaustive products, sums and quotients on
toy fields (m <= 8); all inversion variants; refusal of reducible polynomials and malformed input;
the `genus f2m` command line.
"""
import functools
import os
import random
import subprocess
from itertools import combinations

import pytest

from conftest import ITERATIONS, SANITIZE, SEED, Calc, _binary
from gf2x_ref import clmul, pmod

NIST = {163: (163, 7, 6, 3, 0), 233: (233, 74, 0), 283: (283, 12, 7, 5, 0), 409: (409, 87, 0),
        571: (571, 10, 5, 2, 0)}
INVS = ("inv", "inv_stein", "inv_stein2", "inv_eea")


@pytest.fixture(scope="module")
def f2m():
    return Calc(_binary("GENUS_F2M_CALC"))


@pytest.fixture(scope="module")
def kinds(f2m):
    """The multipliers to run: the portable comb always, PCLMULQDQ where the build and CPU have it."""
    return ["portable", "clmul"] if f2m.run(["info"]) == ["clmul 1"] else ["portable"]


# ---- Python reference: polynomials over GF(2) as integers -------------------------------------
def poly(exps):
    return sum(1 << e for e in exps)


def irreducible(f):
    """Trial division by every polynomial of degree <= m/2 (toy degrees only)."""
    m = f.bit_length() - 1
    return all(pmod(f, g) for d in range(1, m // 2 + 1) for g in range(1 << d, 2 << d))


def hexel(x, m):
    return format(x, "0%dx" % (2 * ((m + 7) // 8)))


def field_line(kind, exps):
    return "field %s %s" % (kind, ",".join(map(str, exps)))


# ---- PARI/GP ---------------------------------------------------------------------------------
GP_PRELUDE = """g=ffgen(Mod(1,2)*(%s),'a);
E(n)=g^0*subst(Pol(binary(n),'x),'x,g);
F(e)=my(p=lift(e.pol));if(type(p)=="t_POL",subst(p,variable(p),2),p);
P(e)=printf("%%x\\n",F(e));
"""


def gp_expected(gp, exps, cases):
    """PARI's answer for each (op, a, b): an integer, or None where the operation has no value."""
    m = exps[0]
    fx = "+".join("x^%d" % e for e in exps)
    lines = [GP_PRELUDE % fx]
    for op, a, b in cases:
        A, B = "E(%#x)" % a, "E(%#x)" % b
        if op == "add":
            lines.append("P(%s+%s)" % (A, B))
        elif op == "mul":
            lines.append("P(%s*%s)" % (A, B))
        elif op in ("div", "divct"):
            lines.append("print(\"none\")" if b == 0 else "P(%s/%s)" % (A, B))
        elif op == "sqr":
            lines.append("P(%s^2)" % A)
        elif op == "sqrt":
            lines.append("P(sqrt(%s))" % A)
        elif op in INVS:
            lines.append("print(\"none\")" if a == 0 else "P(1/%s)" % A)
        elif op == "trace":
            lines.append("print(lift(trace(%s)))" % A)
        elif op == "htrace":
            lines.append("P(sum(i=0,%d,%s^(4^i)))" % ((m - 1) // 2, A))
        else:
            raise AssertionError(op)
    out = gp.run("\n".join(lines), len(cases))
    return [None if o == "none" else int(o, 16) for o in out]


def calc_line(op, a, b, m):
    if op in ("add", "mul"):
        return "%s %s %s" % (op, hexel(a, m), hexel(b, m))
    if op in ("div", "divct"):  # a / b
        return "%s %s %s" % (op, hexel(a, m), hexel(b, m))
    return "%s %s" % (op, hexel(a, m))


def want_line(op, v, m):
    if v is None:
        return "err inverse_of_zero"
    if op == "trace":
        return str(v)
    return hexel(v, m)


def elements(rng, m, count):
    top = (1 << m) - 1
    vals = [0, 1, 2, 3, top, 1 << (m - 1), top ^ 1, (1 << (m - 1)) | 1]
    return vals + [rng.getrandbits(m) for _ in range(count)]


def check_field(f2m, gp, kinds, exps, rng, count, binary_count=None):
    """Every operation on random and boundary elements, against PARI, under each multiplier; then
    z^2 + z = c against Python for the solutions."""
    m = exps[0]
    binary_count = binary_count or count
    ops1 = ["sqr", "sqrt", "trace"] + list(INVS) + (["htrace"] if m % 2 else [])
    cases = []
    xs = elements(rng, m, binary_count)
    ys = elements(rng, m, binary_count)
    rng.shuffle(ys)
    for op in ("add", "mul", "div", "divct"):
        cases += [(op, a, b) for a, b in zip(xs, ys)]
    for op in ops1:
        cases += [(op, a, 0) for a in elements(rng, m, count)]
    want = [want_line(op, v, m) for (op, _, _), v in zip(cases, gp_expected(gp, exps, cases))]
    cs = elements(rng, m, count)
    f = poly(exps)
    for kind in kinds:
        lines = [field_line(kind, exps)] + [calc_line(op, a, b, m) for op, a, b in cases]
        lines += ["solve %s" % hexel(c, m) for c in cs]
        out = f2m.run(lines)
        assert out[0].startswith("ok " + kind), out[0]
        got = out[1:1 + len(cases)]
        for case, w, g in zip(cases, want, got):
            assert g == w, (exps, kind, case, w, g)
        # solve: z with no constant term and z^2 + z = c, or no solution exactly when Tr(c) = 1
        traces = f2m.run([field_line(kind, exps)] + ["trace %s" % hexel(c, m) for c in cs])[1:]
        for c, t, z in zip(cs, traces, out[1 + len(cases):]):
            if t == "1":
                assert z == "err not_a_square", (exps, c, z)
            else:
                zv = int(z, 16)
                assert zv & 1 == 0 and pmod(clmul(zv, zv), f) ^ zv == c, (exps, c, z)
    return out[0]


@pytest.mark.parametrize("m", sorted(NIST))
def test_nist_fields(f2m, gp, kinds, rng, m):
    """The NIST polynomials take the fixed reductions; 1000 random +, *, / on GF(2^163)."""
    n = (1000 if m == 163 else 200) * ITERATIONS // (10 if SANITIZE else 1)
    head = check_field(f2m, gp, kinds, NIST[m], rng, max(20, n // 10), n)
    assert head.endswith("fixed%d" % m)


@functools.lru_cache(maxsize=None)
def random_polynomials(gp):
    """(exps, irreducible?) for random trinomials and pentanomials of many degrees, PARI deciding;
    the reciprocal of each (x^m f(1/x): middle exponents m - k, above m - W) as well."""
    rng = random.Random("%d:f2m-polys" % SEED)
    cands = []
    for m in (9, 13, 31, 32, 33, 47, 63, 64, 65, 96, 127, 128, 129, 160, 191, 192, 255, 256, 257, 300,
              383, 448, 511, 512, 570, 571):
        for _ in range(60):
            nk = rng.choice((1, 3)) if m > 3 else 1
            ks = sorted(rng.sample(range(1, m), nk), reverse=True)
            cands.append(tuple([m] + ks + [0]))
            cands.append(tuple([m] + sorted((m - k for k in ks), reverse=True) + [0]))
    script = "\n".join("print(polisirreducible(Mod(1,2)*(%s)))" % "+".join("x^%d" % e for e in c) for c in cands)
    verdict = gp.run(script, len(cands))
    return [(c, v == "1") for c, v in zip(cands, verdict)]


def test_irreducibility_agrees_with_pari(f2m, gp):
    """Every candidate polynomial is accepted exactly when PARI finds it irreducible."""
    polys = random_polynomials(gp)
    assert sum(ok for _, ok in polys) > 40 and sum(not ok for _, ok in polys) > 40
    out = f2m.run([field_line("auto", c) for c, _ in polys])
    for (c, ok), o in zip(polys, out):
        assert o.startswith("ok ") if ok else o == "err reduction_polynomial_is_reducible", (c, o)


def test_random_fields(f2m, gp, kinds, rng):
    """Each operation on one irreducible trinomial and one pentanomial per degree, and on their
    reciprocals (which take the chunk-wise reduction)."""
    chosen, seen = [], set()
    for c, ok in random_polynomials(gp):
        key = (c[0], len(c), c[1] > c[0] // 2)
        if ok and key not in seen:
            seen.add(key)
            chosen.append(c)
    if SANITIZE:
        chosen = chosen[::4]
    reductions = set()
    for exps in chosen:
        reductions.add(check_field(f2m, gp, kinds, exps, rng, 6 * ITERATIONS).split()[2])
    assert {"words", "chunks"} <= reductions


@functools.lru_cache(maxsize=None)
def toy_polynomials():
    """Every trinomial and pentanomial of degree 2..8, and whether it is irreducible (Python)."""
    out = []
    for m in range(2, 9):
        for nk in (1, 3):
            for ks in combinations(range(m - 1, 0, -1), nk):
                exps = (m,) + ks + (0,)
                out.append((exps, irreducible(poly(exps))))
    return out


def test_toy_irreducibility(f2m):
    polys = toy_polynomials()
    out = f2m.run([field_line("auto", c) for c, _ in polys])
    for (c, ok), o in zip(polys, out):
        assert o.startswith("ok ") if ok else o == "err reduction_polynomial_is_reducible", (c, o)


def toy_fields():
    """All irreducible ones of degree <= 6 and the first two of degrees 7 and 8 (a quarter of them
    under the sanitizers)."""
    fields, per = [], {}
    for c, ok in toy_polynomials():
        if ok and (c[0] <= 6 or per.get(c[0], 0) < 2):
            per[c[0]] = per.get(c[0], 0) + 1
            fields.append(c)
    return fields[::4] if SANITIZE else fields


@pytest.mark.parametrize("exps", toy_fields(), ids=lambda e: "_".join(map(str, e)))
def test_toy_exhaustive(f2m, kinds, exps):
    """Every pair for +, *, / and every element for the unary operations, against Python."""
    m, f = exps[0], poly(exps)
    q = 1 << m
    mul = [[pmod(clmul(a, b), f) for b in range(q)] for a in range(q)]
    inv = [None] + [next(b for b in range(1, q) if mul[a][b] == 1) for a in range(1, q)]
    sq = [mul[a][a] for a in range(q)]
    sqrt = [sq.index(a) for a in range(q)]

    def trace(a):
        t, x = 0, a
        for _ in range(m):
            t ^= x
            x = sq[x]
        return t

    def htrace(a):
        h, x = 0, a
        for _ in range((m + 1) // 2):
            h ^= x
            x = sq[sq[x]]
        return h

    lines, want = [], []
    for a in range(q):
        for b in range(q):
            lines += ["add %x %x" % (a, b), "mul %x %x" % (a, b), "div %x %x" % (a, b), "divct %x %x" % (a, b)]
            quo = "err inverse_of_zero" if b == 0 else hexel(mul[a][inv[b]], m)
            want += [hexel(a ^ b, m), hexel(mul[a][b], m), quo, quo]
    for a in range(q):
        for op in INVS:
            lines.append("%s %x" % (op, a))
            want.append("err inverse_of_zero" if a == 0 else hexel(inv[a], m))
        lines += ["sqr %x" % a, "sqrt %x" % a, "trace %x" % a, "solve %x" % a]
        t = trace(a)
        assert t in (0, 1)
        roots = [z for z in range(0, q, 2) if sq[z] ^ z == a]
        want += [hexel(sq[a], m), hexel(sqrt[a], m), str(t),
                 hexel(roots[0], m) if roots else "err not_a_square"]
        assert bool(roots) == (t == 0)
        lines.append("htrace %x" % a)
        want.append(hexel(htrace(a), m) if m % 2 else "err not_supported_for_this_modulus")
    for kind in kinds:
        out = f2m.run([field_line(kind, exps)] + lines)
        assert out[0].startswith("ok " + kind)
        for line, w, g in zip(lines, want, out[1:]):
            assert g == w, (exps, kind, line, w, g)


def test_table_4_1_b163(f2m, rng):
    """The background's field test cases (its table 4.1) on B-163: 0+1=1, 1+1=0, 1*x=x, 0*x=0,
    x/1=x, 0/x=0, for the polynomial x and for random x."""
    m = 163
    xs = [2] + [rng.getrandbits(m) | 1 for _ in range(50)]
    lines, want = [field_line("auto", NIST[163])], ["ok"]
    lines += ["add 0 1", "add 1 1"]
    want += [hexel(1, m), hexel(0, m)]
    for x in xs:
        for div in ("div", "divct"):
            lines += ["mul 1 %x" % x, "mul 0 %x" % x, "%s %x 1" % (div, x), "%s 0 %x" % (div, x)]
            want += [hexel(x, m), hexel(0, m), hexel(x, m), hexel(0, m)]
    out = f2m.run(lines)
    assert out[0].startswith("ok")
    assert out[1:] == want[1:]


def test_multipliers_agree(f2m, kinds, rng):
    """PCLMULQDQ and the portable comb give the same products on random elements of every degree
    1..571 (the smallest pentanomial or trinomial that PARI and Python agree on is not needed here:
    any accepted field serves)."""
    if len(kinds) < 2:
        pytest.skip("no PCLMULQDQ in this build or CPU")
    for exps in list(NIST.values()) + [(2, 1, 0), (8, 4, 3, 1, 0), (64, 4, 3, 1, 0), (128, 7, 2, 1, 0)]:
        m = exps[0]
        pairs = [(rng.getrandbits(m), rng.getrandbits(m)) for _ in range(200)]
        res = {}
        for kind in kinds:
            out = f2m.run([field_line(kind, exps)] + ["mul %x %x" % p for p in pairs] + ["sqr %x" % a for a, _ in pairs])
            assert out[0].startswith("ok " + kind), (exps, out[0])
            res[kind] = out[1:]
        assert res["portable"] == res["clmul"], exps


def test_refusals(f2m):
    """Malformed polynomials and elements, inverse of zero, half-trace of an even degree."""
    cases = [("field auto 4,2,0", "err reduction_polynomial_is_reducible"),
             ("field auto 163,7,6,3,1", "err invalid_argument"),       # no constant term
             ("field auto 163,6,7,3,0", "err invalid_argument"),       # not descending
             ("field auto 163,7,6,0", "err invalid_argument"),         # four terms
             ("field auto 163,0", "err invalid_argument"),
             ("field auto 1,0", "err invalid_argument"),
             ("field auto 577,3,2,1,0", "err modulus_size_not_supported"),
             ("field auto 163,163,0", "err invalid_argument"),
             ("field auto 163,x,0", "err usage"),
             ("field auto 163,7,6,3,0", None),
             ("mul %x 1" % (1 << 163), "err usage"),
             ("inv 0", "err inverse_of_zero"),
             ("inv_stein 0", "err inverse_of_zero"),
             ("inv_stein2 0", "err inverse_of_zero"),
             ("inv_eea 0", "err inverse_of_zero"),
             ("div 1 0", "err inverse_of_zero"),
             ("divct 1 0", "err inverse_of_zero"),
             ("solve 1", "err not_a_square"),  # Tr(1) = m mod 2 = 1
             ("dec 00", "err invalid_argument"),
             ("dec 08" + "00" * 20, "err value_out_of_range"),
             ("dec 07" + "00" * 19 + "01", hexel((7 << 160) | 1, 163)),
             ("enc 1", hexel(1, 163)),
             ("field auto 8,4,3,1,0", None),
             ("htrace 1", "err not_supported_for_this_modulus")]
    out = f2m.run([c for c, _ in cases])
    for (c, w), o in zip(cases, out):
        if w is None:
            assert o.startswith("ok "), (c, o)
        else:
            assert o == w, (c, w, o)


# ---- the command line ---------------------------------------------------------------------------
def genus(*args):
    return subprocess.run([_binary("GENUS_BIN"), *args], capture_output=True, text=True, timeout=60)


def test_cli(rng):
    f = poly(NIST[163])
    for _ in range(5):
        a, b = rng.getrandbits(163), rng.getrandbits(163) | 1
        ab = pmod(clmul(a, b), f)
        cases = [(["add", "%x" % a, "%x" % b], hexel(a ^ b, 163)),
                 (["mul", "%x" % a, "%x" % b], hexel(ab, 163)),
                 (["sqr", "%x" % a], hexel(pmod(clmul(a, a), f), 163)),
                 (["div", "%x" % ab, "%x" % b], hexel(a, 163)),
                 (["inv", "%x" % b], None),
                 (["sqrt", "%x" % pmod(clmul(a, a), f)], hexel(a, 163))]
        for poly_arg in (["--poly", "163,7,6,3,0"], ["--poly", "7,6,3,0"], []):
            for args, want in cases:
                r = genus("f2m", "--m", "163", *poly_arg, *args)
                assert r.returncode == 0 and r.stderr == "", (args, r.stderr)
                if want is None:
                    inv_b = int(r.stdout, 16)
                    assert pmod(clmul(inv_b, b), f) == 1
                else:
                    assert r.stdout == want + "\n", (args, r.stdout)
        r = genus("f2m", "--m", "163", "trace", "1")
        assert r.stdout == "1\n"
        c = pmod(clmul(a, a), f) ^ a
        z = int(genus("f2m", "--m", "163", "solve", "%x" % c).stdout, 16)
        assert z in (a, a ^ 1) and z & 1 == 0
        h = int(genus("f2m", "--m", "163", "htrace", "%x" % c).stdout, 16)
        assert pmod(clmul(h, h), f) ^ h == c
    assert genus("f2m", "--m", "163", "solve", "1").stdout == "none\n"
    r = genus("f2m", "--m", "5", "--poly", "5,2,0", "mul", "1f", "1f")
    assert r.stdout == hexel(pmod(clmul(31, 31), poly((5, 2, 0))), 5) + "\n"


@pytest.mark.parametrize("args", [
    ["--m", "163", "mul", "1"],                      # missing operand
    ["--m", "163", "mul", "1", "2", "3"],            # one too many
    ["--m", "163", "frobnicate", "1"],               # unknown operation
    ["--m", "164", "mul", "1", "2"],                 # no default polynomial for 164
    ["--m", "163", "--poly", "163,7,6,2,0", "mul", "1", "2"],  # reducible
    ["--m", "163", "--poly", "162,7,6,3,0", "mul", "1", "2"],  # disagrees with --m
    ["--m", "163", "--poly", "7,6,x,0", "mul", "1", "2"],      # not a number
    ["--m", "163", "--poly", "7,6,0", "mul", "1", "2"],        # four terms
    ["--m", "x", "mul", "1", "2"],
    ["--m", "600", "--poly", "600,3,0", "mul", "1", "2"],
    ["--poly", "163,7,6,3,0", "mul", "1", "2"],     # no --m
    ["--m", "163", "mul", "1", "zz"],                # bad hex
    ["--m", "163", "mul", "1", "%x" % (1 << 163)],   # degree >= m
    ["--m", "163", "inv", "0"],
    ["--m", "163", "div", "1", "0"],
    ["--m", "8", "--poly", "8,4,3,1,0", "htrace", "1"],  # m even
    ["--m", "163", "--bogus", "mul", "1", "2"],
])
def test_cli_bad_input(args):
    r = genus("f2m", *args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1, (args, r)
