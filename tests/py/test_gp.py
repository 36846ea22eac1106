"""genus inside PARI/GP (gp/, docs/GP.md): gp loads genus.gp, and every function is
compared with PARI's own in the same session: genusellmul and genuselladd with ellmul and elladd
on random curves over F_p of 64..521 bits (on every prime-field kernel of the build) and on
random binary curves over F_2^m, genusecdh with ellmul on prime-order curves, X25519/X448 with
the RFC 7748 vectors and with ellmul on the Weierstrass form of the Montgomery curves, the Kummer
Diffie-Hellman with the SUPERCOP answers, and genushyperellmul with Cantor's algorithm written
in GP. Bad input must raise a GP error whose message starts "genus:", and the session go on.
"""
import json
import os
import shutil
import subprocess

import pytest

from conftest import ITERATIONS, SEED

SCRIPT = os.environ.get("GENUS_GP_SCRIPT", "")
ROOT = os.environ.get("GENUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))

pytestmark = pytest.mark.skipif(not SCRIPT, reason="a build without genus for GP (libpari, non-sanitizer)")


def gp_lines(body):
    """GP reads one statement per line (a function's body runs to the end of its line): the
    statements of body are separated by blank lines, and the lines of one are joined."""
    return "\n".join(" ".join(l.strip() for l in st.split("\n") if l.strip()) for st in body.split("\n\n"))


def run_gp(body, tmp_path, timeout=600):
    """Run body after reading genus.gp; returns stdout's lines (a GP error there fails the test
    unless the body catches it)."""
    gp = shutil.which("gp")
    assert gp, "PARI/GP (gp) is required: run scripts/bootstrap.sh"
    script = tmp_path / "t.gp"
    script.write_text('default(parisizemax, 2*10^9)\nsetrand(%d)\nread("%s")\n%s\nprint("end")\nquit\n'
                      % (SEED, SCRIPT, gp_lines(body)))
    r = subprocess.run([gp, "-q", "-f", "-D", "colors=no", str(script)], stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=timeout)
    out = r.stdout.decode().split("\n")
    err = r.stderr.decode()
    errors = [l for l in err.split("\n") if "***" in l and "Warning" not in l]
    assert r.returncode == 0 and "end" in out and not errors, "gp failed: %s\n%s" % (out[-20:], err[-2000:])
    return [l for l in out if l]


def checked(out, expect_min):
    """The script prints 'bad ...' for a disagreement and 'ok N' with its count of comparisons."""
    bad = [l for l in out if l.startswith("bad")]
    assert not bad, "%d disagreements, first: %s" % (len(bad), bad[:3])
    n = sum(int(l.split()[1]) for l in out if l.startswith("ok "))
    assert n >= expect_min, (n, out[-10:])


# The comparisons, in GP: chk(what, got, want) counts and reports.
CMP = """
nok = 0

chk(what, got, want) = if(got == want, nok++, print("bad ", what, ": got ", got, " want ", want))

"""


@pytest.mark.parametrize("bits", [64, 128, 192, 256, 384, 521])
def test_prime_curves(bits, tmp_path):
    """genusellmul and genuselladd against ellmul and elladd on random curves, every kernel."""
    body = CMP + """
    ks = genuskernels();

    for(c = 1, %(curves)d,
      my(p = randomprime([2^(%(bits)d-1), 2^%(bits)d]), E, P, Q);
      until(E, iferr(E = ellinit([random(p), random(p)], p), e, E = 0));
      P = random(E); Q = random(E);
      my(sc = [0, 1, 2, 3, -1, -5, random(2^%(bits)d), -random(2^%(bits)d), random(2^(%(bits)d + 64)), 2^%(bits)d]);
      for(i = 1, #ks,
        my(kern = ks[i], served = 1);
        iferr(genusellmul(E, P, 1, kern), e, served = 0;
              if(#strsplit(Str(e), "cannot serve") < 2, print("bad refusal ", kern, ": ", e)));
        if(served,
          for(j = 1, #sc, chk(Str("mul ", kern, " k=", sc[j]), genusellmul(E, P, sc[j], kern), ellmul(E, P, sc[j])));
          chk(Str("add ", kern), genuselladd(E, P, Q, kern), elladd(E, P, Q));
          chk(Str("dbl ", kern), genuselladd(E, P, P, kern), elladd(E, P, P));
          chk(Str("inverse ", kern), genuselladd(E, P, ellneg(E, P), kern), [0]);
          chk(Str("zero ", kern), genuselladd(E, [0], Q, kern), Q))))

    print("ok ", nok)
    """ % {"bits": bits, "curves": 4 * ITERATIONS}
    checked(run_gp(body, tmp_path), 4 * ITERATIONS * 14 * 3)  # auto, generic and pari at least


@pytest.mark.parametrize("name", ["P-256", "P-384", "P-521", "secp256k1", "brainpoolP256r1", "brainpoolP512r1"])
def test_named_curves(name, tmp_path):
    """On genus's named curves genusellmul takes the library's default method (the order is
    known): scalars around the order too, every kernel."""
    c = named(name)
    body = CMP + """
    ks = genuskernels();

    E = ellinit([0x%(a)s, 0x%(b)s], 0x%(p)s); n = 0x%(n)s; G = [0x%(gx)s, 0x%(gy)s]

    for(c = 1, %(rounds)d,
      my(P = if(c == 1, G, random(E)), sc = [0, 1, 2, n - 1, n, n + 1, 2 * n + 3, -7, random(n), random(2^600)]);
      for(i = 1, #ks,
        my(kern = ks[i], served = 1);
        iferr(genusellmul(E, P, 1, kern), e, served = 0);
        if(served, for(j = 1, #sc, chk(Str("mul ", kern, " k=", sc[j]), genusellmul(E, P, sc[j], kern), ellmul(E, P, sc[j]))))))

    print("ok ", nok)
    """ % {"p": c["p"], "a": c["a"], "b": c["b"], "gx": c["Gx"], "gy": c["Gy"], "n": c["n"], "rounds": 2 * ITERATIONS}
    checked(run_gp(body, tmp_path), 2 * ITERATIONS * 10 * 3)


# trinomials and pentanomials x^m + ... + 1 irreducible over F_2
BINARY_FIELDS = [(17, [3]), (31, [3]), (113, [9]), (163, [7, 6, 3]), (233, [74]), (283, [12, 7, 5]),
                 (409, [87]), (571, [10, 5, 2])]


@pytest.mark.parametrize("m,mid", BINARY_FIELDS, ids=[str(f[0]) for f in BINARY_FIELDS])
def test_binary_curves(m, mid, tmp_path):
    """The same on random curves y^2 + xy = x^3 + a2 x^2 + a6 over F_2^m (ffgen)."""
    poly = "x^%d + %s + 1" % (m, " + ".join("x^%d" % k for k in mid))
    body = CMP + """
    g = ffgen(Mod(1, 2) * (%(poly)s), 'g)

    for(c = 1, %(curves)d,
      my(a2 = if(c %% 2, random(g), 1), a6 = random(g), E, P, Q);
      while(a6 == 0, a6 = random(g));
      E = ellinit([1, a2, 0, 0, a6], g); P = random(E); Q = random(E);
      my(sc = [0, 1, 2, 7, -3, random(2^%(m)d), random(2^(%(m)d + 32))]);
      for(j = 1, #sc, chk(Str("mul k=", sc[j]), genusellmul(E, P, sc[j]), ellmul(E, P, sc[j])));
      chk("add", genuselladd(E, P, Q), elladd(E, P, Q));
      chk("dbl", genuselladd(E, P, P), elladd(E, P, P));
      chk("inverse", genuselladd(E, P, ellneg(E, P)), [0]))

    print("ok ", nok)
    """ % {"poly": poly, "m": m, "curves": 4 * ITERATIONS}
    checked(run_gp(body, tmp_path), 4 * ITERATIONS * 10)


def named(name):
    with open(os.path.join(ROOT, "data", "curves.json")) as f:
        d = json.load(f)
    return (d["curves"] if "curves" in d else d)[name]


@pytest.mark.parametrize("name", ["P-256", "brainpoolP384r1", "secp256k1"])
def test_ecdh_prime(name, tmp_path):
    """genusecdh(E, d, Q, n) = x([d] Q), against ellmul, on named domains (n given)."""
    c = named(name)
    body = CMP + """
    p = 0x%(p)s; E = ellinit([0x%(a)s, 0x%(b)s], p); G = [0x%(gx)s, 0x%(gy)s]; n = 0x%(n)s

    for(i = 1, %(rounds)d,
      my(d = random(n - 1) + 1, Q = ellmul(E, G, random(n - 1) + 1));
      chk("ecdh", genusecdh(E, d, Q, n), ellmul(E, Q, d)[1]))

    chk("ecdh d = n - 1", genusecdh(E, n - 1, G, n), ellmul(E, G, n - 1)[1])

    chk("ecdh d = 1", genusecdh(E, 1, G, n), lift(G[1]) * Mod(1, 0x%(p)s))

    print("ok ", nok)
    """ % {"p": c["p"], "a": c["a"], "b": c["b"], "gx": c["Gx"], "gy": c["Gy"], "n": c["n"], "rounds": 4 * ITERATIONS}
    checked(run_gp(body, tmp_path), 4 * ITERATIONS + 2)


@pytest.mark.parametrize("name", ["B-163", "K-283"])
def test_ecdh_binary(name, tmp_path):
    c = named(name)
    ex = c["reduction_polynomial_exponents"]
    poly = " + ".join("x^%d" % e for e in ex[:-1]) + " + 1"
    body = CMP + """
    g = ffgen(Mod(1, 2) * (%(poly)s), 'g)

    fe(h) = my(v = binary(h), r = 0); for(i = 1, #v, r = r * g + v[i]); r

    E = ellinit([1, fe(0x%(a)s), 0, 0, fe(0x%(b)s)], g); G = [fe(0x%(gx)s), fe(0x%(gy)s)]; n = 0x%(n)s

    for(i = 1, %(rounds)d,
      my(d = random(n - 1) + 1, Q = ellmul(E, G, random(n - 1) + 1));
      chk("ecdh", genusecdh(E, d, Q), ellmul(E, Q, d)[1]))

    print("ok ", nok)
    """ % {"poly": poly, "a": c["a"], "b": c["b"], "gx": c["Gx"], "gy": c["Gy"], "n": c["n"], "rounds": 4 * ITERATIONS}
    checked(run_gp(body, tmp_path), 4 * ITERATIONS)


def test_ecdh_order_from_point_count(tmp_path):
    """genusecdh(E, d, Q) without n: the order from PARI's point count (the largest prime factor
    with a cofactor below 2^16), on random 80-bit curves and secp256k1 (j = 0: counted at once);
    a point outside that subgroup is refused."""
    c = named("secp256k1")
    body = CMP + """
    order(E) = my(N = ellcard(E)); for(h = 1, 2^16 - 1, if(N %% h == 0 && N / h > 1 && ispseudoprime(N / h), return(N / h))); 0

    for(c = 1, %(rounds)d,
      my(p = randomprime([2^79, 2^80]), E, n = 0, N, Q, d);
      until(n, E = ellinit([random(p), random(p)], p); if(#E, n = order(E)));
      N = ellcard(E); until(Q != [0], Q = ellmul(E, random(E), N / n)); d = random(n - 1) + 1;
      chk("ecdh", genusecdh(E, d, Q), ellmul(E, Q, d)[1]);
      if(N != n, my(R); until(ellmul(E, R, n) != [0], R = random(E));
        iferr(genusecdh(E, d, R); print("bad: accepted a point outside the subgroup"), e,
          chk("outside", #strsplit(Str(e), "subgroup") > 1, 1))))

    E = ellinit([0, 7], 0x%(p)s); G = [0x%(gx)s, 0x%(gy)s]; n = 0x%(n)s

    for(i = 1, %(rounds)d, my(d = random(n - 1) + 1, Q = ellmul(E, G, random(n - 1) + 1));
      chk("secp256k1", genusecdh(E, d, Q), ellmul(E, Q, d)[1]))

    print("ok ", nok)
    """ % {"p": c["p"], "gx": c["Gx"], "gy": c["Gy"], "n": c["n"], "rounds": 4 * ITERATIONS}
    checked(run_gp(body, tmp_path), 8 * ITERATIONS)


def le_int(h):
    return int.from_bytes(bytes.fromhex(h), "little")


def test_xdh(tmp_path):
    """RFC 7748's vectors, and X25519/X448 of random scalars against ellmul on the Weierstrass
    form of curve25519 and curve448 (u on the curve; x([k] P) does not depend on y)."""
    with open(os.path.join(ROOT, "tests", "vectors", "rfc7748.json")) as f:
        v = json.load(f)
    lines = [CMP]
    for fn, key in (("genusx25519", "x25519"), ("genusx448", "x448")):
        for c in v[key]["single"]:
            lines.append('chk("%s %s", %s(%d, %d), %d)\n' % (fn, c["section"], fn, le_int(c["scalar"]), le_int(c["u"]),
                                                           le_int(c["output"])))
    lines.append("""
    xref(p, A, bits, low, k, u) = my(E = ellinit([0, A, 0, 1, 0], p), P, kk, R);
      kk = k %% 2^bits; kk = kk - kk %% 2^low; kk = bitor(kk %% 2^(bits - 1), 2^(bits - 1));
      P = [Mod(u, p), sqrt(Mod(u^3 + A*u^2 + u, p))];
      R = ellmul(E, P, kk); if(R == [0], 0, lift(R[1]))

    for(i = 1, %d,
      my(p = 2^255 - 19, u, k = random(2^256));
      until(issquare(Mod(u^3 + 486662*u^2 + u, p)), u = random(p));
      chk("x25519 vs ellmul", genusx25519(k, u), xref(p, 486662, 255, 3, k, u));
      my(q = 2^448 - 2^224 - 1, w, l = random(2^448));
      until(issquare(Mod(w^3 + 156326*w^2 + w, q)), w = random(q));
      chk("x448 vs ellmul", genusx448(l, w), xref(q, 156326, 448, 2, l, w)))

    print("ok ", nok)
    """ % (2 * ITERATIONS))
    checked(run_gp("\n".join(lines), tmp_path), len(v["x25519"]["single"]) + len(v["x448"]["single"]) + 4 * ITERATIONS)


def test_kummer_dh(tmp_path):
    """SUPERCOP's first iterations (public keys and the shared secret) and agreement both ways."""
    with open(os.path.join(ROOT, "tests", "vectors", "kummer_gs127.json")) as f:
        kat = json.load(f)["known_answer_tests"]
    lines = [CMP]
    for c in kat["supercop_try_first_iterations"]["cases"]:
        a, b = le_int(c["a"]), le_int(c["b"])
        lines.append('chk("pub a", genuskummerpub(%d), %d)\n' % (a, le_int(c["base_a"])))
        lines.append('chk("pub b", genuskummerpub(%d), %d)\n' % (b, le_int(c["base_b"])))
        lines.append('chk("shared", genuskummerdh(%d, %d), %d)\n' % (a, le_int(c["base_b"]), le_int(c["shared"])))
    lines.append("""
    for(i = 1, %d, my(a = random(2^256), b = random(2^256));
      chk("agree", genuskummerdh(a, genuskummerpub(b)), genuskummerdh(b, genuskummerpub(a))))

    print("ok ", nok)
    """ % (4 * ITERATIONS))
    checked(run_gp("\n".join(lines), tmp_path), 3 * len(kat["supercop_try_first_iterations"]["cases"]) + 4 * ITERATIONS)


# Cantor's algorithm on Mumford pairs [u, v] of y^2 = f(x), deg f = 5 (Cantor 1987): composition
# with the extended gcds, then reduction until deg u <= 2, u monic.
CANTOR = """
cmonic(D) = my(u = D[1], c = pollead(u)); [u / c, D[2] % (u / c)]

cadd(f, D1, D2) = my(u1 = D1[1], v1 = D1[2], u2 = D2[1], v2 = D2[2], g1, e1, e2, d, c1, c2, s1, s2, s3, u, v, t);
  t = gcdext(u1, u2); e1 = t[1]; e2 = t[2]; g1 = t[3];
  t = gcdext(g1, v1 + v2); c1 = t[1]; c2 = t[2]; d = t[3];
  c1 /= pollead(d); c2 /= pollead(d); d /= pollead(d);
  s1 = c1 * e1; s2 = c1 * e2; s3 = c2;
  u = u1 * u2 / d^2;
  v = ((s1 * u1 * v2 + s2 * u2 * v1 + s3 * (v1 * v2 + f)) / d) % u;
  while(poldegree(u) > 2, u = (f - v^2) / u; v = (-v) % u);
  cmonic([u, v])

cmul(f, D, k) = my(R = [D[1]^0, 0 * D[2]], B = D);
  if(k < 0, B = [D[1], -D[2]]; k = -k);
  while(k, if(k % 2, R = cadd(f, R, B)); B = cadd(f, B, B); k \\= 2);
  R

"""


@pytest.mark.parametrize("bits", [20, 64, 127, 256])
def test_hyperellmul(bits, tmp_path):
    """genushyperellmul against Cantor's algorithm in GP, on random degree-5 curves, for divisors
    of degree 1 (a point) and 2 (the sum of two points)."""
    body = CMP + CANTOR + """
    randpt(f, p) = my(x0, r); until(issquare(r), x0 = random(p); r = Mod(subst(lift(f), 'x, x0), p)); [x - x0, sqrt(r) + 0 * x] * Mod(1, p)

    for(c = 1, %(curves)d,
      my(p = randomprime([2^(%(bits)d-1), 2^%(bits)d]), f, D1, D2, D);
      until(poldisc(f) != 0, f = Mod(1, p) * (x^5 + sum(i = 0, 4, random(p) * x^i)));
      D1 = randpt(f, p); D2 = randpt(f, p); D = cadd(f, D1, D2);
      foreach([D1, D], E,
        foreach([0, 1, 2, 5, -3, random(2^%(bits)d), random(2^(2 * %(bits)d + 8))], k,
          chk(Str("mul k=", k), genushyperellmul(f, E, k), cmul(f, E, k)))))

    print("ok ", nok)
    """ % {"bits": bits, "curves": ITERATIONS}
    checked(run_gp(body, tmp_path), ITERATIONS * 14)


BAD = [
    # (call, words its message must hold)
    ('genusellmul(ellinit([1, 2], 101), [1, 3], 3)', "not on the curve"),
    ('genusellmul(ellinit([1, 2], 101), [1, 2, 3], 3)', "point"),
    ('genusellmul(ellinit([1, 2], 101), "P", 3)', "point"),
    ('genusellmul(ellinit([1, 2], 101), [0], 1.5)', "integer"),
    ('genusellmul(ellinit([1, 2], 101), [0], 2^5000)', "too large"),
    ('genusellmul(ellinit([1, 2, 3, 4, 5], 101), [0], 3)', "a1 = a2 = a3 = 0"),
    ('genusellmul(ellinit([1, 2]), [0], 3)', "ellinit"),
    ('genusellmul([1, 2, 3], [0], 3)', "ellinit"),
    ('genusellmul(ellinit([1, 2], 101), [0], 3, "bogus")', "unknown kernel"),
    ('genusellmul(ellinit([1, 2], nextprime(2^1100)), [0], 3)', "bits"),
    ('genusellmul(ellinit([1, 2], 101), [Mod(1, 103), 2], 3)', "field"),
    ('genuselladd(ellinit([1, 2], 101), [0], [5, 5])', "not on the curve"),
    ('my(g = ffgen(Mod(1, 2) * (x^8 + x^6 + x^5 + x^4 + x^2 + x + 1), \'g)); genusellmul(ellinit([1, 1, 0, 0, g], g), [0], 3)',
     "trinomial"),
    ('my(g = ffgen(3^5, \'g)); genusellmul(ellinit([0, 0, 0, 1, g], g), [0], 3)', "F_2^m"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g), h = ffgen(Mod(1, 2) * (x^31 + x^3 + 1), \'h)); '
     'genusellmul(ellinit([1, 1, 0, 0, g], g), [h, h], 3)', "curve's field"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g), E = ellinit([1, 1, 0, 0, g], g)); '
     'genusellmul(E, random(E), 2^700)', "too large"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g)); genusellmul(ellinit([1, 1, 0, 0, g], g), [g, g], 3)',
     "not on the curve"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g)); genusellmul(ellinit([0, 0, 1, 0, g], g), [0], 3)',
     "y^2 + x y"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g)); genusellmul(ellinit([1, 1, 0, 0, g], g), [0], 3, "pari")',
     "prime fields"),
    ('my(g = ffgen(Mod(1, 2) * (x^17 + x^3 + 1), \'g)); genusecdh(ellinit([1, 1, 0, 0, g], g), 1, [0])',
     "infinity"),
    ('genusecdh(ellinit([1, 2], 101), 1, [0], 5)', "infinity"),
    ('genusecdh(ellinit([-3, 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b], 2^256 - 2^224 + 2^192 + 2^96 - 1), 5, '
     '[0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296, 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5], 12345)',
     "too small"),
    ('genusecdh(ellinit([-3, 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b], 2^256 - 2^224 + 2^192 + 2^96 - 1), 5, '
     '[0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296, 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5], '
     '0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632553)', "subgroup"),
    ('genusecdh(ellinit([1, 2], 101), 0, [0], 5)', "positive"),
    ('genusecdh(ellinit([1, 2], 101), 1, [0], -5)', "genus"),
    ('genusx25519(-1, 9)', "negative"),
    ('genusx25519(2^256, 9)', "too large"),
    ('genusx25519(5, "u")', "integer"),
    ('genusx448(1, 2^448)', "too large"),
    ('genuskummerdh(1, 2^400)', "too large"),
    ('genuskummerdh(1, 5)', "genus"),
    ('genushyperellmul(x^5 + 1, [x, 1], 3)', "Mod(1, p)"),
    ('genushyperellmul(Mod(1, 101) * (x^3 + 1), [x, 1], 3)', "degree 5"),
    ('genushyperellmul(Mod(1, 101) * (x^5 + 3), [2 * x, 1], 3)', "monic"),
    ('genushyperellmul(Mod(1, 101) * (x^5 + 3), [x, 1], 3)', "not a divisor"),
    ('genushyperellmul(Mod(1, 101) * (x^5 + 3), x, 3)', "Mumford"),
    ('genushyperellmul(Mod(1, 101) * (x^5 + 3), [x^3, 1], 3)', "degree"),
]


def test_bad_input_raises_gp_errors(tmp_path):
    """Each bad call raises a GP error with genus's message; the session survives them all."""
    lines = []
    for i, (call, _) in enumerate(BAD):
        lines.append('iferr(%s; print("noerr %d"), e, print("err %d ", Str(e)))\n' % (call, i, i))
    out = run_gp("\n".join(lines), tmp_path)
    got = {}
    for l in out:
        w = l.split(" ", 2)
        if w[0] in ("err", "noerr"):
            got[int(w[1])] = (w[0], w[2] if len(w) > 2 else "")
    bad = []
    for i, (call, words) in enumerate(BAD):
        kind, msg = got.get(i, ("missing", ""))
        if kind != "err" or "genus:" not in msg or words not in msg:
            bad.append((call, kind, msg))
    assert not bad, bad
