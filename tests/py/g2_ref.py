"""Genus-2 Jacobians in Python integers: Cantor's algorithm (Math. Comp. 48, 1987) for
y^2 = f(x), h = 0, over F_p, and enumeration of J(F_p) for small p. Polynomials are lists of
coefficients, constant term first, without trailing zeros. Independent of the C code: written
from the algorithm's definition, and the exhaustive tests compare its group order with PARI."""


def trim(a):
    a = list(a)
    while a and a[-1] == 0:
        a.pop()
    return a


def padd(a, b, p):
    n = max(len(a), len(b))
    return trim([((a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0)) % p for i in range(n)])


def pneg(a, p):
    return [(-x) % p for x in a]


def psub(a, b, p):
    return padd(a, pneg(b, p), p)


def pmul(a, b, p):
    if not a or not b:
        return []
    r = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] = (r[i + j] + x * y) % p
    return trim(r)


def pdivmod(a, b, p):
    a = trim(a)
    q = [0] * max(len(a) - len(b) + 1, 0)
    inv = pow(b[-1], -1, p)
    while len(a) >= len(b):
        c = a[-1] * inv % p
        k = len(a) - len(b)
        q[k] = c
        a = trim(psub(a, [0] * k + [c * x % p for x in b], p))
    return trim(q), a


def monic(a, p):
    inv = pow(a[-1], -1, p)
    return [x * inv % p for x in a]


def xgcd(a, b, p):
    """g = gcd(a, b) monic = s a + t b."""
    r0, r1, s0, s1, t0, t1 = trim(a), trim(b), [1], [], [], [1]
    while r1:
        q, r = pdivmod(r0, r1, p)
        r0, r1 = r1, r
        s0, s1 = s1, psub(s0, pmul(q, s1, p), p)
        t0, t1 = t1, psub(t0, pmul(q, t1, p), p)
    if r0:
        inv = pow(r0[-1], -1, p)
        r0, s0, t0 = [x * inv % p for x in r0], [x * inv % p for x in s0], [x * inv % p for x in t0]
    return r0, s0, t0


ID = ((1,), ())


def add(D1, D2, f, p):
    """Cantor composition and reduction; elements are (u, v) tuples."""
    u1, v1 = list(D1[0]), list(D1[1])
    u2, v2 = list(D2[0]), list(D2[1])
    d1, e1, e2 = xgcd(u1, u2, p)
    d, c1, c2 = xgcd(d1, padd(v1, v2, p), p)
    s1, s2, s3 = pmul(c1, e1, p), pmul(c1, e2, p), c2
    u = pdivmod(pmul(u1, u2, p), pmul(d, d, p), p)[0]
    v = padd(padd(pmul(pmul(s1, u1, p), v2, p), pmul(pmul(s2, u2, p), v1, p), p),
             pmul(s3, padd(pmul(v1, v2, p), f, p), p), p)
    v = pdivmod(pdivmod(v, d, p)[0], u, p)[1]
    while len(u) - 1 > 2:
        u = monic(pdivmod(psub(f, pmul(v, v, p), p), u, p)[0], p)
        v = pdivmod(pneg(v, p), u, p)[1]
    return tuple(u), tuple(v)


def neg(D, p):
    return D[0], tuple(pneg(list(D[1]), p))


def mul(k, D, f, p):
    R = ID
    for b in bin(k)[2:] if k else "":
        R = add(R, R, f, p)
        if b == "1":
            R = add(R, D, f, p)
    return R


def valid(D, f, p):
    u, v = list(D[0]), list(D[1])
    return u and u[-1] == 1 and len(u) - 1 <= 2 and len(v) < len(u) and not pdivmod(
        psub(pmul(v, v, p), f, p), u, p)[1]


def elements(f, p):
    """Every element of J(F_p) (deg 5 model): u monic of degree <= 2, deg v < deg u, u | v^2 - f."""
    out = [ID]
    for u0 in range(p):
        u = (u0, 1)
        for v0 in range(p):
            if valid((u, (v0,) if v0 else ()), f, p):
                out.append((u, tuple(trim([v0]))))
    for u0 in range(p):
        for u1 in range(p):
            u = (u0, u1, 1)
            # v^2 = f mod u: try every v
            fr = pdivmod(list(f), list(u), p)[1]
            for v0 in range(p):
                for v1 in range(p):
                    v = trim([v0, v1])
                    if pdivmod(psub(pmul(v, v, p), fr, p), list(u), p)[1] == []:
                        out.append((u, tuple(v)))
    return out


def to_text(D):
    """The driver's form: "U1,U0,V1,V0", "U0,V0" or "id"."""
    u, v = D
    v = list(v) + [0] * (2 - len(v))
    if len(u) == 1:
        return "id"
    if len(u) == 2:
        return "%x,%x" % (u[0], v[0])
    return "%x,%x,%x,%x" % (u[1], u[0], v[1], v[0])


def from_text(s):
    if s == "id":
        return ID
    c = [int(x, 16) for x in s.split(",")]
    if len(c) == 2:
        return (c[0], 1), tuple(trim([c[1]]))
    return (c[1], c[0], 1), tuple(trim([c[3], c[2]]))


# ---------------------------------------------------------------------- the map to the Kummer
def kappa(D, f, p):
    """The Cassels-Flynn Kummer coordinates (k1 : k2 : k3 : k4) of D (deg f = 5, f6 = 0):
    (1 : x1 + x2 : x1 x2 : (F0(x1, x2) - 2 y1 y2) / (x1 - x2)^2), with
    F0 - 2 y1 y2 = F0 - f(x1) - f(x2) + (y1 - y2)^2 and y1 - y2 = v1 (x1 - x2), so that
    k4 = v1^2 - (f2 + f3 s + f4 s^2 + f5 s (s^2 - q)), s = x1 + x2 = -u1, q = x1 x2 = u0
    (no division: also right when u has a double root); (0 : 1 : x1 : x1^2) for degree 1,
    (0 : 0 : 0 : 1) for zero."""
    f = list(f) + [0] * (7 - len(f))
    u, v = list(D[0]), list(D[1]) + [0, 0]
    if len(u) == 1:
        return (0, 0, 0, 1)
    if len(u) == 2:
        x1 = (-u[0]) % p
        return (0, 1, x1, x1 * x1 % p)
    s, q, v1 = (-u[1]) % p, u[0], v[1]
    k4 = (v1 * v1 - (f[2] + f[3] * s + f[4] * s * s + f[5] * s * (s * s - q))) % p
    return 1, s, q, k4


def trope(a, b, others, k, p):
    """The trope of the 2-torsion point (a, 0) + (b, 0) - 2 infinity for f = prod (x - e), e over
    {a, b} + others (five roots): k4 - (a + b) k3 + ab k2 - (ab s1 + s3) k1, s1 and s3 the first
    and third elementary symmetric functions of the three other roots. Found by linear algebra on
    points of the translate Theta + T (test_g2.py re-derives it) and fitted to these symmetric
    functions."""
    c, d, e = others
    s1, s3 = c + d + e, c * d * e
    return (k[3] - (a + b) * k[2] + a * b * k[1] - (a * b * s1 + s3) * k[0]) % p


def rosenhain_f(lam, mu, nu, p):
    f = [0, 1]
    for r in (1, lam, mu, nu):
        f = pmul(f, [(-r) % p, 1], p)
    return f


def to_kummer(D, lam, mu, nu, consts, p):
    """The image of D in the squared Kummer surface with constants (a^2 : b^2 : c^2 : d^2) =
    consts, for the Rosenhain curve y^2 = x (x - 1)(x - lam)(x - mu)(x - nu): the coordinates
    are the tropes of the pairs {1, mu}, {lam, nu}, {1, nu}, {lam, mu}, scaled so that zero maps
    to consts (each trope is 1 at (0 : 0 : 0 : 1))."""
    k = kappa(D, rosenhain_f(lam, mu, nu, p), p)
    pairs = ((1, mu), (lam, nu), (1, nu), (lam, mu))
    roots = (0, 1, lam, mu, nu)
    out = []
    for (a, b), m in zip(pairs, consts):
        others = [r for r in roots if r not in (a, b)]
        out.append(m * trope(a, b, others, k, p) % p)
    return tuple(out)


def rosenhain_invariants(consts, p, root):
    """(lambda, mu, nu) from the squared theta constants (Gaudry 2007): lambda = a2 c2 / (b2 d2),
    mu = c2 e / d2, nu = a2 e / b2 with e = (AB + CD) / (AB - CD), AB / CD one of the square
    roots (root = 0 or 1) of A2 B2 / (C2 D2), (A2 : B2 : C2 : D2) the Hadamard transform.
    None when that is not a square."""
    a2, b2, c2, d2 = (x % p for x in consts)
    A2, B2, C2, D2 = ((a2 + b2 + c2 + d2) % p, (a2 + b2 - c2 - d2) % p, (a2 - b2 + c2 - d2) % p,
                      (a2 - b2 - c2 + d2) % p)
    q = A2 * B2 * pow(C2 * D2, -1, p) % p
    r = next((x for x in range(p) if x * x % p == q), None) if p < 10**6 else None
    if r is None:
        return None
    if root:
        r = (-r) % p
    e = (r + 1) * pow(r - 1, -1, p) % p
    return a2 * c2 * pow(b2 * d2, -1, p) % p, c2 * e * pow(d2, -1, p) % p, a2 * e * pow(b2, -1, p) % p
