"""Reference elliptic-curve arithmetic in Python integers, independent of genus.

Every model is carried to a Weierstrass curve y^2 = x^3 + A2 x^2 + A4 x + A6 by the classical
birational maps, added there by the affine chord-and-tangent law, and carried back:
  Montgomery B v^2 = u^3 + A u^2 + u:  (X, Y) = (B u, B^2 v)
  twisted Edwards a x^2 + y^2 = 1 + d x^2 y^2:  Montgomery A = 2(a + d)/(a - d), B = 4/(a - d),
      u = (1 + y)/(1 - y), v = u/x (Bernstein-Birkner-Joye-Lange-Peters 2008, Theorem 3.2)
  Jacobi quartic y^2 = x^4 + 2a x^2 + 1:  2v^2 = u^3 - 2a u^2 + (a^2 - 1)u with u = a + (y + 1)/x^2,
      v = u/x (Billet-Joye 2003), then (X, Y) = (2u, 4v)
Points are tuples (x, y); None is the Weierstrass neutral element; for a Jacobi quartic the
points at infinity are ("inf", 1) and ("inf", -1).
"""

INF = None


class Curve:
    def __init__(self, model, p, a, b=None):
        self.model, self.p, self.a, self.b = model, p, a % p, (b % p if b is not None else None)
        p = self.p
        if model == "weierstrass":
            self.W = (0, self.a, self.b)
        elif model == "montgomery":
            A, B = self.a, self.b
            self.W = (A * B % p, B * B % p, 0)
        elif model == "edwards":
            a, d = self.a, self.b
            inv = pow(a - d, -1, p)
            self.mA, self.mB = 2 * (a + d) * inv % p, 4 * inv % p
            self.W = (self.mA * self.mB % p, self.mB * self.mB % p, 0)
        elif model == "jacobi-quartic":
            a = self.a
            self.W = (-4 * a % p, 4 * (a * a - 1) % p, 0)
        else:
            raise ValueError(model)

    # --------------------------------------------------------------- the curve itself
    def neutral(self):
        return (0, 1) if self.model in ("edwards", "jacobi-quartic") else INF

    def on_curve(self, P):
        p, a, b = self.p, self.a, self.b
        if P is None:
            return self.model in ("weierstrass", "montgomery")
        if P[0] == "inf":
            return self.model == "jacobi-quartic" and P[1] in (1, -1)
        x, y = P
        if self.model == "weierstrass":
            return (y * y - x ** 3 - a * x - b) % p == 0
        if self.model == "montgomery":
            return (b * y * y - x ** 3 - a * x * x - x) % p == 0
        if self.model == "edwards":
            return (a * x * x + y * y - 1 - b * x * x * y * y) % p == 0
        return (y * y - x ** 4 - 2 * a * x * x - 1) % p == 0

    def points(self):
        """Every rational point (small p only)."""
        p = self.p
        sq = {}
        for y in range(p):
            sq.setdefault(y * y % p, []).append(y)
        pts = []
        if self.model in ("weierstrass", "montgomery"):
            pts.append(INF)
        if self.model == "jacobi-quartic":
            pts += [("inf", 1), ("inf", -1)]
        for x in range(p):
            for y in range(p):
                if self.on_curve((x, y)):
                    pts.append((x, y))
        return pts

    # ------------------------------------------------------------ maps to Weierstrass
    def to_w(self, P):
        p = self.p
        if self.model == "weierstrass":
            return P
        if self.model == "montgomery":
            if P is None:
                return None
            return (self.b * P[0] % p, self.b * self.b * P[1] % p)
        if self.model == "edwards":
            x, y = P
            if x == 0 and y == 1:
                return None
            if x == 0:  # (0, -1) -> (0, 0)
                return (0, 0)
            u = (1 + y) * pow(1 - y, -1, p) % p
            v = u * pow(x, -1, p) % p
            return (self.mB * u % p, self.mB * self.mB * v % p)
        # Jacobi quartic
        a = self.a
        if P[0] == "inf":
            return (2 * (a + P[1]) % p, 0)
        x, y = P
        if x == 0:
            return None if y == 1 else (0, 0)
        u = (a + (y + 1) * pow(x * x, -1, p)) % p
        v = u * pow(x, -1, p) % p
        return (2 * u % p, 4 * v % p)

    def from_w(self, Q):
        p = self.p
        if self.model == "weierstrass":
            return Q
        if self.model == "montgomery":
            if Q is None:
                return None
            ib = pow(self.b, -1, p)
            return (Q[0] * ib % p, Q[1] * ib * ib % p)
        if self.model == "edwards":
            if Q is None:
                return (0, 1)
            ib = pow(self.mB, -1, p)
            u, v = Q[0] * ib % p, Q[1] * ib * ib % p
            if u == 0 and v == 0:
                return (0, p - 1)
            if v == 0 or (u + 1) % p == 0:
                raise ValueError("point at infinity of the Edwards curve")
            return (u * pow(v, -1, p) % p, (u - 1) * pow(u + 1, -1, p) % p)
        a = self.a
        if Q is None:
            return (0, 1)
        U, V = Q
        if V == 0:
            if U == 0:
                return (0, p - 1)
            u = U * pow(2, -1, p) % p
            return ("inf", 1 if (u - a) % p == 1 else -1)
        u, v = U * pow(2, -1, p) % p, V * pow(4, -1, p) % p
        x = u * pow(v, -1, p) % p
        return (x, ((u - a) * x * x - 1) % p)

    # ----------------------------------------------------------- the Weierstrass law
    def w_add(self, P, Q):
        p = self.p
        A2, A4, _ = self.W
        if P is None:
            return Q
        if Q is None:
            return P
        x1, y1 = P
        x2, y2 = Q
        if x1 == x2:
            if (y1 + y2) % p == 0:
                return None
            lam = (3 * x1 * x1 + 2 * A2 * x1 + A4) * pow(2 * y1, -1, p) % p
        else:
            lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
        x3 = (lam * lam - A2 - x1 - x2) % p
        return (x3, (lam * (x1 - x3) - y1) % p)

    def add(self, P, Q):
        return self.from_w(self.w_add(self.to_w(P), self.to_w(Q)))

    def neg(self, P):
        W = self.to_w(P)
        return self.from_w(None if W is None else (W[0], -W[1] % self.p))

    def mul(self, k, P):
        R, Q = None, self.to_w(P)
        if k < 0:
            k, Q = -k, (None if Q is None else (Q[0], -Q[1] % self.p))
        while k:
            if k & 1:
                R = self.w_add(R, Q)
            Q = self.w_add(Q, Q)
            k >>= 1
        return self.from_w(R)


def fmt(P):
    """A point as the calculator prints it."""
    if P is None:
        return "inf"
    if P[0] == "inf":
        return "inf+" if P[1] == 1 else "inf-"
    return "%x,%x" % P


def parse(s, p):
    if s == "inf":
        return None
    if s in ("inf+", "inf-"):
        return ("inf", 1 if s == "inf+" else -1)
    x, y = s.split(",")
    return (int(x, 16) % p, int(y, 16) % p)
