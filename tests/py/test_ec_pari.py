"""Differential tests of the curves against PARI/GP (ellinit, ellmul) on every named curve and
on random curves of 128..521 bits, in every model, coordinate system and method (and [k] G by
gn_ec_mul_base, the built-in tables on P-256, secp256k1 and edwards25519), and under
the fastest, the generic, the RNS and (builds with GMP) the GMP field kernel. Non-Weierstrass models are carried to a Weierstrass
curve by the maps of ec_ref.py, where gp computes; n G = 0 is checked for every named curve.
"""
import json
import os

import pytest
import sympy

from conftest import ITERATIONS, SANITIZE
from ec_cases import COMBOS, init_line, named_curves, scalar_hex
from ec_ref import Curve, fmt, parse

NAMED = named_curves()
# curves with an endomorphism (GLV) in data/curves.json
ENDO = {name for name, c in json.load(open(os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "data",
                                                        "curves.json")))["curves"].items() if "endomorphism" in c}


def gp_mul_script(C, jobs):
    """A gp script printing k P (mapped to C's Weierstrass form) for each (k, P) of jobs."""
    A2, A4, A6 = C.W
    lines = ["E = ellinit([0, %d, 0, %d, %d], %d);" % (A2, A4, A6, C.p),
             "f(R) = if(#R == 1, print(\"inf\"), print(Str(lift(R[1]), \",\", lift(R[2]))));"]
    for k, P in jobs:
        W = C.to_w(P)
        pt = "[0]" if W is None else "[%d, %d]" % W
        lines.append("f(ellmul(E, %s, %d));" % (pt, k))
    return "\n".join(lines)


def gp_results(gp, C, jobs):
    out = gp.run(gp_mul_script(C, jobs), len(jobs))
    res = []
    for line in out:
        W = None if line.strip() == "inf" else tuple(int(v) for v in line.split(","))
        res.append(C.from_w(W))
    return res


def scalars(rng, n, N, bits):
    ks = [0, 1, 2, 3, n - 1, n, n + 1, N, 2 * n + 1, N - 1]
    ks += [rng.randrange(n) for _ in range(2 * ITERATIONS)]
    ks += [rng.getrandbits(bits + 64) for _ in range(ITERATIONS)]
    return ks


def random_point(C, rng):
    """A random finite point of the whole group (not only the subgroup of G)."""
    p = C.p
    while True:
        x = rng.randrange(p)
        if C.model == "weierstrass":
            r = (x ** 3 + C.a * x + C.b) % p
        elif C.model == "montgomery":
            r = (x ** 3 + C.a * x * x + x) * pow(C.b, -1, p) % p
        elif C.model == "jacobi-quartic":
            r = (x ** 4 + 2 * C.a * x * x + 1) % p
        else:
            den = (1 - C.b * x * x) % p
            if den == 0:
                continue
            r = (1 - C.a * x * x) * pow(den, -1, p) % p
        if r == 0 or pow(r, (p - 1) // 2, p) != 1:
            continue
        return (x, sympy.sqrt_mod(r, p))


# the RNS, GMP and PARI kernels in the default build; the sanitizer build runs them in test_fp.py
# and test_ec_exhaustive.py (here they would double its slowest suite)
KINDS = ("auto", "generic") + (() if SANITIZE else ("rns", "gmp", "pari"))


def run_curve(ec_calc, gp, rng, model, p, a, b, G, n, h, kinds=KINDS, combos=None, ks=None):
    C = Curve(model, p, a, b)
    assert C.on_curve(G)
    N = n * h
    incomplete_edwards = model == "edwards" and not (pow(a % p, (p - 1) // 2, p) == 1 and pow(b % p, (p - 1) // 2, p) != 1)
    # an incomplete Edwards curve has points at infinity outside the subgroup: stay inside it
    pts = [G, C.mul(rng.randrange(1, n), G) if incomplete_edwards else random_point(C, rng)]
    ks = ks if ks is not None else scalars(rng, n, N, p.bit_length())
    jobs = [(k, P) for P in pts for k in ks]
    want = gp_results(gp, C, jobs)
    served = set()
    for kind in kinds:
        lines = [init_line(model, kind, p, a, b, G, n, h)]
        expected = [None]
        for coords, method in (combos or COMBOS[model]):
            for (k, P), e in zip(jobs, want):
                lines.append("mul %s %s 0 %s %s" % (coords, method, scalar_hex(k), fmt(P)))
                expected.append(e)
        for (k, P), e in zip(jobs, want):  # [k] G by gn_ec_mul_base (the built-in tables where they serve)
            if P == G:
                lines.append("mulbase %s" % scalar_hex(k))
                expected.append(e)
        init = ec_calc.run(lines[:1])[0]
        if init == "err not_supported_for_this_modulus" or init in served:
            continue  # a kernel already checked on this curve (32-bit limbs: auto is generic)
        assert init.startswith("ok"), (kind, init)
        served.add(init)
        out = ec_calc.run(lines)
        bad = [(l, o, fmt(e)) for l, o, e in zip(lines[1:], out[1:], expected[1:])
               if o.startswith("err") or parse(o, p) != e]
        assert not bad, "%s kernel %s: %d wrong, first %s" % (model, out[0], len(bad), bad[:3])


@pytest.mark.parametrize("curve", NAMED, ids=[c[0] for c in NAMED])
def test_named_curve(ec_calc, gp, rng, curve):
    name, model, p, a, b, gx, gy, n, h = curve
    # the default coordinates and method too (on secp256k1 the GLV multiplication, src/ec/glv.c)
    run_curve(ec_calc, gp, rng, model, p, a, b, (gx, gy), n, h, combos=COMBOS[model] + [("default", "default")])
    if name in ENDO:  # and many more scalars for it: edge, random below n, random up to 2^(bits + 64)
        ks = scalars(rng, n, n * h, p.bit_length()) + [rng.randrange(n) for _ in range(60 * ITERATIONS)]
        ks += [rng.getrandbits(p.bit_length() + 64) for _ in range(20 * ITERATIONS)]
        ks += [n - k for k in range(2, 6)] + [n // 2, n // 2 + 1, 1 << 128, (1 << 129) - 1]
        run_curve(ec_calc, gp, rng, model, p, a, b, (gx, gy), n, h,
                  combos=[("default", "default"), ("jacobian", "window")], ks=ks)


def test_named_order(ec_calc, gp):
    """n G = 0 for every named curve: genus (default method) and gp agree."""
    for name, model, p, a, b, gx, gy, n, h in NAMED:
        C = Curve(model, p, a, b)
        assert sympy.isprime(n)
        assert gp_results(gp, C, [(n, (gx, gy))]) == [C.neutral()]
        out = ec_calc.run([init_line(model, "auto", p, a, b, (gx, gy), n, h),
                           "mul default default 0 %x %x,%x" % (n, gx, gy)])
        assert out[0].startswith("ok") and parse(out[1], p) == C.neutral(), (name, out)


def gp_curve(gp, script):
    """Run a gp script that prints p, a, b, Gx, Gy, n, h (one per line)."""
    return [int(v) for v in gp.run(script, 7)]


NEAR_PRIME = """
{near(E, p) = my(N = ellcard(E), f, q, h, P); f = factor(N, 2^20); q = f[#f~, 1]; h = N / q;
  if (h >= 2^31 || !ispseudoprime(q), return(0));
  until(P != [0], P = ellmul(E, random(E), h)); [N, q, h, P];}
"""


def random_general(gp, seed, bits):
    return gp_curve(gp, NEAR_PRIME + """
setrand(%d); p = randomprime([2^(%d-1), 2^%d]);
while(1, a = random(p); b = random(p); if (4*a^3 + 27*b^2 %% p, E = ellinit([a, b], p); r = near(E, p); if (r, break)));
print(p); print(a); print(b); print(lift(r[4][1])); print(lift(r[4][2])); print(r[2]); print(r[3]);
""" % (seed, bits, bits))


def cm_j0(gp, seed, bits, p=None):
    """y^2 = x^3 + b over p = 1 mod 3 (order by CM, instant in gp); a new random p when none of
    the six sextic twists has a prime order up to a small cofactor."""
    pick = "p = %d;" % p if p else \
        "p = randomprime([2^(%d-1), 2^%d]); while(p %% 3 != 1, p = randomprime([2^(%d-1), 2^%d]));" % (
            bits, bits, bits, bits)
    return gp_curve(gp, NEAR_PRIME + """
setrand(%d);
{found = 0; while(!found, %s for(c = 1, 60, E = ellinit([0, c], p); r = near(E, p); if (r, found = 1; b = c; break)));}
print(p); print(0); print(b); print(lift(r[4][1])); print(lift(r[4][2])); print(r[2]); print(r[3]);
""" % (seed, pick))


@pytest.mark.parametrize("bits", [128, 160])
def test_random_general_curve(ec_calc, gp, rng, bits):
    p, a, b, gx, gy, n, h = random_general(gp, 1000 + bits, bits)
    run_curve(ec_calc, gp, rng, "weierstrass", p, a, b, (gx, gy), n, h)


@pytest.mark.parametrize("bits,special", [(192, None), (256, None), (384, None), (521, None), (127, 2 ** 127 - 1),
                                          (255, 2 ** 255 - 19)])
def test_random_cm_curve(ec_calc, gp, rng, bits, special):
    """j = 0 curves (orders by CM) over random primes and over the special primes."""
    p, a, b, gx, gy, n, h = cm_j0(gp, 2000 + bits, bits, special)
    run_curve(ec_calc, gp, rng, "weierstrass", p, a, b, (gx, gy), n, h)


@pytest.mark.parametrize("name", ["P-384", "P-521", "brainpoolP512r1", "P-224"])
def test_isomorphic_twist(ec_calc, gp, rng, name):
    """(a u^4, b u^6) with G = (u^2 x, u^3 y): the same group with a general a over 4..9 limbs."""
    c = next(c for c in NAMED if c[0] == name)
    _, model, p, a, b, gx, gy, n, h = c
    u = rng.randrange(2, p)
    run_curve(ec_calc, gp, rng, model, p, a * u ** 4 % p, b * u ** 6 % p, (gx * u * u % p, gy * u ** 3 % p), n, h)


@pytest.mark.parametrize("p", [None, 2 ** 127 - 1], ids=["rand128", "p127"])
def test_jacobi_quartic(ec_calc, gp, rng, p):
    """Random Jacobi quartics, counted and checked through their Weierstrass form."""
    pick = "p = %d;" % p if p else "p = randomprime([2^127, 2^128]);"
    vals = gp.run(NEAR_PRIME + """
setrand(77); %s
while(1, a = random(p); if (a^2 != 1, E = ellinit([0, -4*a, 0, 4*(a^2-1), 0], p); r = near(E, p); if (r, break)));
print(p); print(a); print(lift(r[4][1])); print(lift(r[4][2])); print(r[2]); print(r[3]);
""" % pick, 6)
    p, a, wx, wy, n, h = [int(v) for v in vals]
    C = Curve("jacobi-quartic", p, a)
    G = C.from_w((wx, wy))
    run_curve(ec_calc, gp, rng, "jacobi-quartic", p, a, None, G, n, h)
