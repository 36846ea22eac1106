"""A plain Python reference for binary curves y^2 + xy = x^3 + a x^2 + b over GF(2^m) (field
elements as integers, bit i the coefficient of x^i), for the exhaustive tests on toy fields.
Written from the textbook group law (Hankerson-Menezes-Vanstone 3.1.2), independent of the C code."""
from gf2x_ref import clmul, pmod


class F2m:
    def __init__(self, exps):
        self.m = exps[0]
        self.f = sum(1 << e for e in exps)
        self.inverses = {}

    def mul(self, a, b):
        return pmod(clmul(a, b), self.f)

    def inv(self, a):
        # a^(2^m - 2), remembered: the exhaustive tests invert the same few elements many times
        if a in self.inverses:
            return self.inverses[a]
        a0, r, e = a, 1, (1 << self.m) - 2
        while e:
            if e & 1:
                r = self.mul(r, a)
            a = self.mul(a, a)
            e >>= 1
        self.inverses[a0] = r
        return r


class Curve:
    def __init__(self, exps, a, b):
        self.F, self.a, self.b = F2m(exps), a, b

    def on(self, P):
        if P is None:
            return True
        x, y = P
        mul = self.F.mul
        return mul(y, y) ^ mul(x, y) ^ mul(mul(x, x), x) ^ mul(self.a, mul(x, x)) ^ self.b == 0

    def points(self):
        pts = [None]
        for x in range(1 << self.F.m):
            for y in range(1 << self.F.m):
                if self.on((x, y)):
                    pts.append((x, y))
        return pts

    def neg(self, P):
        return None if P is None else (P[0], P[0] ^ P[1])

    def add(self, P, Q):
        if P is None:
            return Q
        if Q is None:
            return P
        mul, inv = self.F.mul, self.F.inv
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            if y1 ^ y2 == x1 or x1 == 0:  # Q = -P (covers 2P for x = 0)
                return None
            lam = x1 ^ mul(y1, inv(x1))
            x3 = mul(lam, lam) ^ lam ^ self.a
            return (x3, mul(x1, x1) ^ mul(lam ^ 1, x3))
        lam = mul(y1 ^ y2, inv(x1 ^ x2))
        x3 = mul(lam, lam) ^ lam ^ x1 ^ x2 ^ self.a
        return (x3, mul(lam, x1 ^ x3) ^ x3 ^ y1)

    def mul(self, k, P):
        R = None
        for bit in bin(k)[2:] if k else "":
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R
