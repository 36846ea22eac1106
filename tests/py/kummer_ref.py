"""Reference genus-2 Kummer surface arithmetic in Python integers, independent of genus.

Two models of the Kummer surface of a genus-2 Jacobian over F_p (p any odd prime):

* the theta model K(a, b, c, d) of Gaudry ("Fast genus 2 arithmetic based on Theta functions",
  J. Math. Crypt. 2007): points (x:y:z:t) are the values of the four fundamental theta
  functions, the neutral element is the theta constants (a:b:c:d);
* the squared model of Bernstein-Chuengsatiansup-Lange-Schwabe ("Kummer strikes back", 2014),
  in the notation of Renes-Smith (qDSA, 2017): points (X:Y:Z:T) = (x^2:y^2:z^2:t^2), the
  neutral element is mu = (a^2:b^2:c^2:d^2). This is the model of SUPERCOP
  crypto_scalarmult/kummer, which the wire format functions at the end reproduce byte for byte.

Notation (Renes-Smith; BCLS): H is the Hadamard transform, S squares each
coordinate, * multiplies coordinate by coordinate. From mu:
  muhat  = H(mu)                                  (A^2:B^2:C^2:D^2), the dual constants
  eps    = (mu2 mu3 mu4 : mu1 mu3 mu4 : ...)      = (1/mu1 : 1/mu2 : 1/mu3 : 1/mu4)
  epshat = the same from muhat                    = (1/A^2 : 1/B^2 : 1/C^2 : 1/D^2)
  xDBL(P)        = eps * S(H(epshat * S(H(P))))
  xADD(P, Q, D)  = (1/D) * S(H(epshat * H(P) * H(Q)))        with D = P - Q
The second is Gaudry's pseudo-addition: H(epshat * H(P) * H(Q)) is (x+ x- : y+ y- : z+ z- :
t+ t-) for the theta coordinates of P + Q and P - Q, so after squaring, dividing by the squared
coordinates of P - Q leaves P + Q; doubling is the case Q = P, P - Q = neutral.

Points are 4-tuples of integers in [0, p); they are projective, so compare them with proj_eq.
The pseudo-addition divides by the coordinates of the difference: a ladder on a point with a
zero coordinate gives nonsense (the SUPERCOP code has the same restriction).
"""
import random as _random

P127 = 2**127 - 1


# ------------------------------------------------------------------ generic helpers
def hadamard(P, p):
    """H(x, y, z, t) = (x+y+z+t, x+y-z-t, x-y+z-t, x-y-z+t) mod p. H(H(P)) = 4P."""
    x, y, z, t = P
    return ((x + y + z + t) % p, (x + y - z - t) % p, (x - y + z - t) % p, (x - y - z + t) % p)


def cmul(P, Q, p):
    """Coordinate-wise product P * Q."""
    return tuple(u * v % p for u, v in zip(P, Q))


def csqr(P, p):
    """Coordinate-wise square S(P)."""
    return tuple(u * u % p for u in P)


def inverse_coords(P, p):
    """(1/x : 1/y : 1/z : 1/t) without inversion: (yzt : xzt : xyt : xyz). Zero coordinates
    make this meaningless (it is then the zero vector or has a single non-zero entry)."""
    x, y, z, t = P
    return (y * z * t % p, x * z * t % p, x * y * t % p, x * y * z % p)


def _centered(x, p):
    x %= p
    return x - p if x > p // 2 else x


def normalize(P, p):
    """The representative whose first non-zero coordinate is 1 ((0,0,0,0) stays as it is)."""
    P = tuple(u % p for u in P)
    for u in P:
        if u:
            inv = pow(u, -1, p)
            return tuple(v * inv % p for v in P)
    return P


def proj_eq(P, Q, p):
    """Equality in P^3(F_p): all 2x2 minors vanish and neither is the zero vector."""
    if not any(u % p for u in P) or not any(u % p for u in Q):
        return False
    return all((P[i] * Q[j] - P[j] * Q[i]) % p == 0 for i in range(4) for j in range(i + 1, 4))


def legendre(a, p):
    a %= p
    return 0 if a == 0 else (1 if pow(a, (p - 1) // 2, p) == 1 else -1)


def sqrt_mod(a, p):
    """A square root of a mod the odd prime p (Tonelli-Shanks), or None."""
    a %= p
    if a == 0:
        return 0
    if legendre(a, p) != 1:
        return None
    if p % 4 == 3:
        return pow(a, (p + 1) // 4, p)
    q, s = p - 1, 0
    while q % 2 == 0:
        q, s = q // 2, s + 1
    z = next(z for z in range(2, p) if legendre(z, p) == -1)
    m, c, t, r = s, pow(z, q, p), pow(a, q, p), pow(a, (q + 1) // 2, p)
    while t != 1:
        i, t2 = 0, t
        while t2 != 1:
            t2, i = t2 * t2 % p, i + 1
        b = pow(c, 1 << (m - i - 1), p)
        m, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


# ------------------------------------------ roots of a polynomial over F_p (for random points)
def _ptrim(f):
    while f and f[-1] == 0:
        f.pop()
    return f


def _pmod(f, g, p):
    """f mod g; coefficient lists, lowest degree first; g monic-able (non-zero leading)."""
    f = [c % p for c in f]
    inv = pow(g[-1], -1, p)
    while len(_ptrim(f)) >= len(g):
        q, s = f[-1] * inv % p, len(f) - len(g)
        for i, c in enumerate(g):
            f[s + i] = (f[s + i] - q * c) % p
    return f


def _pmulmod(f, g, m, p):
    r = [0] * (len(f) + len(g) - 1) if f and g else []
    for i, u in enumerate(f):
        for j, v in enumerate(g):
            r[i + j] = (r[i + j] + u * v) % p
    return _pmod(r, m, p)


def _ppowmod(f, e, m, p):
    r, f = [1], _pmod(f, m, p)
    while e:
        if e & 1:
            r = _pmulmod(r, f, m, p)
        f, e = _pmulmod(f, f, m, p), e >> 1
    return r


def _pgcd(f, g, p):
    f, g = _ptrim([c % p for c in f]), _ptrim([c % p for c in g])
    while g:
        f, g = g, _pmod(f, g, p)
    inv = pow(f[-1], -1, p)
    return [c * inv % p for c in f]


def poly_roots(f, p, rng=None):
    """The distinct roots in F_p of f (coefficients lowest degree first), sorted: the roots of
    gcd(f, x^p - x), split by Cantor-Zassenhaus with gcd(g, (x + r)^((p-1)/2) - 1)."""
    f = _ptrim([c % p for c in f])
    if len(f) <= 1:
        raise ValueError("constant polynomial")
    if p < 200:
        return [x for x in range(p) if sum(c * pow(x, i, p) for i, c in enumerate(f)) % p == 0]
    rng = rng or _random.Random(0)
    xp = _ppowmod([0, 1], p, f, p)
    g = _pgcd(f, [(xp[i] if i < len(xp) else 0) - (1 if i == 1 else 0) for i in range(max(len(xp), 2))], p)
    roots, todo = [], [g]
    while todo:
        g = todo.pop()
        if len(g) == 1:
            continue
        if len(g) == 2:
            roots.append(-g[0] * pow(g[1], -1, p) % p)
            continue
        while True:
            h = _ppowmod([rng.randrange(p), 1], (p - 1) // 2, g, p)
            h = _pgcd(g, [(h[0] if h else 0) - 1] + h[1:], p)
            if 1 < len(h) < len(g):
                break
        q = _pdiv_exact(g, h, p)
        todo += [h, q]
    return sorted(roots)


def _pdiv_exact(f, g, p):
    f, q = list(f), [0] * (len(f) - len(g) + 1)
    inv = pow(g[-1], -1, p)
    for s in range(len(q) - 1, -1, -1):
        q[s] = f[s + len(g) - 1] * inv % p
        for i, c in enumerate(g):
            f[s + i] = (f[s + i] - q[s] * c) % p
    return q


# -------------------------------------------------------------------- the squared model
class SquaredKummer:
    """The squared Kummer surface of BCLS 2014 / Renes-Smith 2017 with neutral element
    mu = (a^2 : b^2 : c^2 : d^2), over F_p."""

    def __init__(self, p, mu):
        self.p = p
        self.mu = tuple(m % p for m in mu)
        m1, m2, m3, m4 = self.mu
        self.muhat = hadamard(self.mu, p)                 # (A^2 : B^2 : C^2 : D^2)
        # ~ (1/a^2 : ... : 1/d^2) and (1/A^2 : ... : 1/D^2), kept as the residues of least
        # absolute value (small for small mu, which makes the ladder faster)
        self.eps = tuple(_centered(e, p) for e in inverse_coords(self.mu, p))
        self.epshat = tuple(_centered(e, p) for e in inverse_coords(self.muhat, p))
        # Quartic constants (Gaudry 2007, written in the squared constants; the form
        # of SUPERCOP crypto_dh/kumfp127g/v02/var/README.txt):
        #   E = A2 B2 C2 D2 / ((m1 m4 - m2 m3)(m1 m3 - m2 m4)(m1 m2 - m3 m4))
        #   F = (m1^2 - m2^2 - m3^2 + m4^2)/(m1 m4 - m2 m3), G, H likewise
        #   K = 4 E^2 m1 m2 m3 m4, and the surface is
        #   K XYZT = ((X^2+Y^2+Z^2+T^2) - F(XT+YZ) - G(XZ+YT) - H(XY+ZT))^2
        # (the square of Gaudry's quartic in x = sqrt(X), ..., whose E is abcd times this one).
        self.dF, self.dG, self.dH = (m1 * m4 - m2 * m3) % p, (m1 * m3 - m2 * m4) % p, (m1 * m2 - m3 * m4) % p
        self.degenerate = 0 in self.mu or 0 in self.muhat or 0 in (self.dF, self.dG, self.dH)
        if not self.degenerate:
            A2, B2, C2, D2 = self.muhat
            self.E = A2 * B2 * C2 * D2 * pow(self.dF * self.dG * self.dH, -1, p) % p
            self.F = (m1 * m1 - m2 * m2 - m3 * m3 + m4 * m4) * pow(self.dF, -1, p) % p
            self.G = (m1 * m1 - m2 * m2 + m3 * m3 - m4 * m4) * pow(self.dG, -1, p) % p
            self.H = (m1 * m1 + m2 * m2 - m3 * m3 - m4 * m4) * pow(self.dH, -1, p) % p
            self.K = 4 * self.E * self.E * m1 * m2 * m3 * m4 % p

    # ------------------------------------------------------------------ the surface itself
    def identity(self):
        return self.mu

    def _quad(self, X, Y, Z, T):
        return (X * X + Y * Y + Z * Z + T * T - self.F * (X * T + Y * Z) - self.G * (X * Z + Y * T)
                - self.H * (X * Y + Z * T))

    def on_surface(self, P):
        """K XYZT = (X^2+Y^2+Z^2+T^2 - F(XT+YZ) - G(XZ+YT) - H(XY+ZT))^2, P not all zero."""
        X, Y, Z, T = P
        if not any(u % self.p for u in P):
            return False
        return (self.K * X * Y * Z * T - self._quad(X, Y, Z, T) ** 2) % self.p == 0

    def t_polynomial(self, X, Y, Z):
        """The quartic in T whose roots complete (X : Y : Z : T) to a point of the surface:
        q(T)^2 - K XYZ T with q(T) = T^2 - (FX + GY + HZ) T + (X^2+Y^2+Z^2 - F YZ - G XZ - H XY)."""
        p = self.p
        q = [(X * X + Y * Y + Z * Z - self.F * Y * Z - self.G * X * Z - self.H * X * Y) % p,
             -(self.F * X + self.G * Y + self.H * Z) % p, 1]
        f = [0] * 5
        for i in range(3):
            for j in range(3):
                f[i + j] += q[i] * q[j]
        f[1] -= self.K * X * Y * Z
        return [c % p for c in f]

    def random_point(self, rng):
        """A random point (X : Y : Z : T) of the surface: random X, Y, Z, T a root of the
        quartic t_polynomial found by poly_roots (drawn again when it has none)."""
        p = self.p
        while True:
            X, Y, Z = rng.randrange(p), rng.randrange(p), rng.randrange(p)
            roots = poly_roots(self.t_polynomial(X, Y, Z), p, rng)
            if roots and (X, Y, Z) != (0, 0, 0):
                P = (X, Y, Z, rng.choice(roots))
                assert self.on_surface(P)
                return P

    def points(self):
        """Every point of the surface in P^3(F_p), normalised (small p only)."""
        p, pts = self.p, []
        for lead in range(3):               # (1 : Y : Z : T), (0 : 1 : Z : T), (0 : 0 : 1 : T)
            for rest in range(p ** (2 - lead)):
                X, Y, Z = [0] * lead + [1] + [rest // p ** i % p for i in range(2 - lead)]
                f = self.t_polynomial(X, Y, Z)
                for T in range(p):
                    if (f[0] + T * (f[1] + T * (f[2] + T * (f[3] + T * f[4])))) % p == 0:
                        pts.append((X, Y, Z, T))
        if self.on_surface((0, 0, 0, 1)):
            pts.append((0, 0, 0, 1))
        return pts

    # ------------------------------------------------------------------ pseudo-group law
    def xdbl(self, P):
        """[2]P = eps * S(H(epshat * S(H(P))))  (Gaudry 2007 doubling in squared coordinates;
        the doubling half of the BCLS 2014 ladder step; Renes-Smith 2017 xDBL)."""
        p = self.p
        U = cmul(csqr(hadamard(P, p), p), self.epshat, p)
        return cmul(csqr(hadamard(U, p), p), self.eps, p)

    def xadd_inv(self, P, Q, Dinv):
        """P + Q given Dinv ~ (1/x : 1/y : 1/z : 1/t) of D = P - Q:
        Dinv * S(H(epshat * H(P) * H(Q)))."""
        p = self.p
        U = cmul(cmul(hadamard(P, p), hadamard(Q, p), p), self.epshat, p)
        return cmul(csqr(hadamard(U, p), p), Dinv, p)

    def xadd(self, P, Q, D):
        """Pseudo-addition: P + Q from P, Q and D = P - Q (D without zero coordinate)."""
        return self.xadd_inv(P, Q, inverse_coords(D, self.p))

    def xdbladd(self, P, Q, Dinv):
        """The ladder step: ([2]P, P + Q) given Dinv for D = P - Q (BCLS 2014): xdbl and
        xadd_inv written out with the Hadamard transform of P shared (same values, ~3x faster;
        the tests compare the two)."""
        p = self.p
        e1, e2, e3, e4 = self.epshat
        x, y, z, t = P
        s, d, u, v = x + y, x - y, z + t, z - t
        h1, h2, h3, h4 = s + u, s - u, d + v, d - v                       # H(P)
        x, y, z, t = Q
        s, d, u, v = x + y, x - y, z + t, z - t
        q1, q2, q3, q4 = (s + u) * h1 * e1 % p, (s - u) * h2 * e2 % p, (d + v) * h3 * e3 % p, (d - v) * h4 * e4 % p
        h1, h2, h3, h4 = h1 * h1 * e1 % p, h2 * h2 * e2 % p, h3 * h3 * e3 % p, h4 * h4 * e4 % p
        e1, e2, e3, e4 = self.eps
        s, d, u, v = h1 + h2, h1 - h2, h3 + h4, h3 - h4
        h1, h2, h3, h4 = s + u, s - u, d + v, d - v
        dbl = (h1 * h1 * e1 % p, h2 * h2 * e2 % p, h3 * h3 * e3 % p, h4 * h4 * e4 % p)
        e1, e2, e3, e4 = Dinv
        s, d, u, v = q1 + q2, q1 - q2, q3 + q4, q3 - q4
        q1, q2, q3, q4 = s + u, s - u, d + v, d - v
        add = (q1 * q1 * e1 % p, q2 * q2 * e2 % p, q3 * q3 * e3 % p, q4 * q4 * e4 % p)
        return dbl, add

    def ladder(self, k, P, nbits=None, Pinv=None):
        """[k]P by the Montgomery ladder over bits nbits-1..0 of k (default: k.bit_length()),
        from (R0, R1) = (neutral, P); the difference R1 - R0 is always P. Pinv (optional) is the
        vector (1/x : 1/y : 1/z : 1/t) of P to multiply by, as SUPERCOP takes it from the
        wrapped encoding. Not constant time."""
        if nbits is None:
            nbits = k.bit_length()
        if Pinv is None:
            Pinv = inverse_coords(P, self.p)
        R0, R1 = self.mu, tuple(u % self.p for u in P)
        for i in range(nbits - 1, -1, -1):
            if (k >> i) & 1:
                R1, R0 = self.xdbladd(R1, R0, Pinv)
            else:
                R0, R1 = self.xdbladd(R0, R1, Pinv)
        return R0


# ---------------------------------------------------------------------- the theta model
class ThetaKummer:
    """Gaudry's Kummer surface K(a, b, c, d) over F_p, from theta constants (a : b : c : d) in
    F_p, with (A^2 : B^2 : C^2 : D^2) = H(a^2, b^2, c^2, d^2)."""

    def __init__(self, p, abcd):
        self.p = p
        self.abcd = tuple(v % p for v in abcd)
        a, b, c, d = self.abcd
        self.sq = SquaredKummer(p, (a * a, b * b, c * c, d * d))   # the image under squaring
        self.AA = self.sq.muhat                                    # (A^2 : B^2 : C^2 : D^2)
        self.inv_abcd = inverse_coords(self.abcd, p)               # ~ (1/a : 1/b : 1/c : 1/d)
        self.epshat = self.sq.epshat                               # ~ (1/A^2 : ... : 1/D^2)
        if not self.sq.degenerate:
            # Gaudry 2007: x^4+y^4+z^4+t^4 + 2E xyzt = F(x^2t^2+y^2z^2)
            #   + G(x^2z^2+y^2t^2) + H(x^2y^2+z^2t^2) with E = 256 abcd A^2B^2C^2D^2 /
            #   ((a^2d^2-b^2c^2)(a^2c^2-b^2d^2)(a^2b^2-c^2d^2)), 4A^2 = a^2+b^2+c^2+d^2, ...
            #   i.e. abcd times the squared model's E (which uses H(a^2, ...) = 4(A^2, ...)).
            #   Moving 2E xyzt to one side and squaring gives the squared surface's equation.
            self.E = a * b * c * d * self.sq.E % p
            self.F, self.G, self.H = self.sq.F, self.sq.G, self.sq.H

    def identity(self):
        return self.abcd

    def on_surface(self, P):
        x, y, z, t = P
        if not any(u % self.p for u in P):
            return False
        x2, y2, z2, t2 = x * x, y * y, z * z, t * t
        lhs = x2 * x2 + y2 * y2 + z2 * z2 + t2 * t2 + 2 * self.E * x * y * z * t
        rhs = self.F * (x2 * t2 + y2 * z2) + self.G * (x2 * z2 + y2 * t2) + self.H * (x2 * y2 + z2 * t2)
        return (lhs - rhs) % self.p == 0

    def t_polynomial(self, x, y, z):
        """Gaudry's quartic as a polynomial in t."""
        p, E, F, G, H = self.p, self.E, self.F, self.G, self.H
        x2, y2, z2 = x * x, y * y, z * z
        return [(x2 * x2 + y2 * y2 + z2 * z2 - F * y2 * z2 - G * x2 * z2 - H * x2 * y2) % p,
                2 * E * x * y * z % p, -(F * x2 + G * y2 + H * z2) % p, 0, 1]

    def random_point(self, rng):
        p = self.p
        while True:
            x, y, z = rng.randrange(p), rng.randrange(p), rng.randrange(p)
            roots = poly_roots(self.t_polynomial(x, y, z), p, rng)
            if roots and (x, y, z) != (0, 0, 0):
                P = (x, y, z, rng.choice(roots))
                assert self.on_surface(P)
                return P

    def to_squared(self, P):
        """(x : y : z : t) -> (x^2 : y^2 : z^2 : t^2), onto the squared surface self.sq."""
        return csqr(P, self.p)

    def dbl(self, P):
        """Gaudry 2007 doubling: U = H(x^2, y^2, z^2, t^2); V = H(U^2 / (A^2, B^2, C^2, D^2));
        [2]P = (V1/a : V2/b : V3/c : V4/d)."""
        p = self.p
        U = cmul(csqr(hadamard(csqr(P, p), p), p), self.epshat, p)
        return cmul(hadamard(U, p), self.inv_abcd, p)

    def add(self, P, Q, D):
        """Gaudry 2007 pseudo-addition: H(H(P^2) * H(Q^2) / (A^2, ..., D^2)) =
        (x+ x- : y+ y- : z+ z- : t+ t-); divide by D = P - Q = (x- : y- : z- : t-)."""
        p = self.p
        U = cmul(cmul(hadamard(csqr(P, p), p), hadamard(csqr(Q, p), p), p), self.epshat, p)
        return cmul(hadamard(U, p), inverse_coords(D, p), p)

    def ladder(self, k, P):
        """[k]P by the Montgomery ladder (theta coordinates)."""
        R0, R1 = self.abcd, tuple(u % self.p for u in P)
        for i in range(k.bit_length() - 1, -1, -1):
            if (k >> i) & 1:
                R0, R1 = self.add(R0, R1, P), self.dbl(R1)
            else:
                R0, R1 = self.dbl(R0), self.add(R0, R1, P)
        return R0


# --------------------------------------------- the Gaudry-Schost surface over 2^127 - 1
# Squared theta constants of BCLS 2014 (SUPERCOP ref5 smult.c uses (-11 : 22 : 19 : 3), the
# same projective point); see ../shared/vectors/kummer_gs127.json.
GS127_MU = (11, -22, -19, -3)
GS127 = SquaredKummer(P127, GS127_MU)

# ------------------------------------------------- SUPERCOP crypto_scalarmult/kummer wire format
SCALARBYTES = 32
BYTES = 48
SCALAR_BITS = 251          # the ladder runs over bits 250..0 of the scalar
# crypto_scalarmult_kummer_base's point (SUPERCOP ref5 base.c), wrapped (x/y, x/z, x/t).
BASE_BYTES = bytes.fromhex("06000000000000000000000000000000"
                           "68301e6b4dafc7569d1fa7f87139376b"
                           "01000000000000000000000000000000")


def fe_unpack(b):
    """16 bytes little-endian -> element of F_p: bit 127 ignored (ref5 gfe_unpack), and the
    value p itself is 0."""
    assert len(b) == 16
    return (int.from_bytes(b, "little") & ((1 << 127) - 1)) % P127


def fe_pack(x, zero_as_p=True):
    """Element -> 16 bytes little-endian. ref5's gfe_pack adds 4p and carries without a final
    conditional subtraction: a non-zero element comes out canonical, but 0 comes out as the
    bytes of p (ff..ff7f; checked by running ref5). zero_as_p=False gives the canonical 00..00
    instead. Other SUPERCOP implementations pack differently (avx2int has no +4p step and a
    comment "note special role of 0 in kummer"), so 0's bytes are implementation-specific there;
    the checksums never meet a zero."""
    x %= P127
    if x == 0 and zero_as_p:
        x = P127
    return x.to_bytes(16, "little")


def wrapped_from_point(P, p=P127):
    """(x : y : z : t) -> (x/y, x/z, x/t) computed as ref5 does: r = x/(yzt) with 1/0 := 0,
    then (ztr, ytr, yzr); so yzt = 0 gives (0, 0, 0)."""
    x, y, z, t = (u % p for u in P)
    yzt = y * z * t % p
    r = x * pow(yzt, p - 2, p) % p      # Fermat inversion: 0 -> 0, as gfe_invert
    return (z * t * r % p, y * t * r % p, y * z * r % p)


def point_from_wrapped(w, p=P127):
    """(w1, w2, w3) = (x/y, x/z, x/t) -> (X : Y : Z : T) = (w1 w2 w3 : w2 w3 : w1 w3 : w1 w2)
    (the point with x = 1 times w1 w2 w3), as ref5 smult.c loads it."""
    w1, w2, w3 = w
    return (w1 * w2 * w3 % p, w2 * w3 % p, w1 * w3 % p, w1 * w2 % p)


def decode_wrapped(b):
    """48 bytes -> (w1, w2, w3)."""
    assert len(b) == BYTES
    return tuple(fe_unpack(b[16 * i:16 * i + 16]) for i in range(3))


def encode_wrapped(w, zero_as_p=True):
    return b"".join(fe_pack(u, zero_as_p) for u in w)


def encode_point(P, zero_as_p=True):
    """48-byte wrapped encoding of a point of the squared surface over 2^127 - 1."""
    return encode_wrapped(wrapped_from_point(P), zero_as_p)


def decode_point(b):
    return point_from_wrapped(decode_wrapped(b))


def scalar_from_bytes(n):
    """The integer the ladder uses: bits 250..0 of the 32-byte little-endian scalar."""
    assert len(n) == SCALARBYTES
    return int.from_bytes(n, "little") & ((1 << SCALAR_BITS) - 1)


def crypto_scalarmult(n, pt, zero_as_p=True):
    """SUPERCOP crypto_scalarmult_kummer (ref5): q = [n] pt, 48-byte wrapped points, no
    validation of pt. The ladder multiplies by the loaded vector (1 : w1 : w2 : w3) ~ 1/pt, as
    ref5 does, so even inputs with zero coordinates give ref5's bytes."""
    w = decode_wrapped(pt)
    P = point_from_wrapped(w)
    R = GS127.ladder(scalar_from_bytes(n), P, nbits=SCALAR_BITS, Pinv=(1,) + tuple(w))
    return encode_point(R, zero_as_p)


def crypto_scalarmult_base(n, zero_as_p=True):
    return crypto_scalarmult(n, BASE_BYTES, zero_as_p)
