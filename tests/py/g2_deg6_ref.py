"""Genus-2 Jacobians of y^2 = f(x), deg f = 6, in Python integers: the reference for the C code's
degree-6 arithmetic (src/g2/cantor.c), written from the divisor theory, not from the C.

Split model (f6 a square): two points at infinity, inf+ where y / x^3 -> s and inf- where
y / x^3 -> -s, s the even one of the two square roots of f6 (as an integer in [0, p)). Balanced
representation of Galbraith, Harrison and Mireles Morales (ANTS 2008): (u, v, n) stands for
D = div(u, v) + n inf+ + (2 - deg u - n) inf- - (inf+ + inf-), deg v < deg u <= 2,
0 <= n <= 2 - deg u; the identity is (1, 0, 1). Internally a divisor is tracked as
div(u, v) + cp inf+ + cm inf- - (inf+ + inf-) with deg u + cp + cm = 2 and moved by the
principal divisors of x - c and y - w, whose orders at inf+ and inf- are read off the Laurent
expansion y = +-(V + O(1/x)), V the polynomial part of sqrt(f) (deg V = 3).

Non-split model (f6 not a square): one place of degree 2 at infinity, elements are (u, v, 0)
with deg u in {0, 2} and Cantor's reduction (f - v^2)/u, which takes degree 4 to degree 2."""
import g2_ref as R
from kummer_ref import sqrt_mod  # noqa: F401 (Tonelli-Shanks; also used by the tests)


def deg(a):
    return len(a) - 1 if a else -10**9  # the zero polynomial: below every degree


class Curve:
    def __init__(self, f, p):
        self.p = p
        self.f = R.trim([c % p for c in f])
        assert len(self.f) == 7
        s = sqrt_mod(self.f[6], p)
        self.split = s is not None
        if self.split:
            s = s if s % 2 == 0 else p - s
            # V = s x^3 + a2 x^2 + a1 x + a0 with deg(f - V^2) <= 2, top down
            inv2s = pow(2 * s, -1, p)
            a2 = self.f[5] * inv2s % p
            a1 = (self.f[4] - a2 * a2) * inv2s % p
            a0 = (self.f[3] - 2 * a2 * a1) * inv2s % p
            self.V = [a0, a1, a2, s]
            assert deg(R.psub(self.f, R.pmul(self.V, self.V, p), p)) <= 2

    def identity(self):
        return ((1,), (), 1 if self.split else 0)

    def orders(self, w):
        """(a+, a-): the pole orders of y - w at inf+ and inf- (negative for a zero)."""
        p, V = self.p, self.V
        dF = deg(R.psub(self.f, R.pmul(w, w, p), p))
        dm, dp = R.psub(w, V, p), R.padd(w, V, p)
        if dm:
            return deg(dm), dF - deg(dm)
        return dF - deg(dp), deg(dp)

    def _step(self, u, v, cp, cm, sign):
        """div(u, v) ~ div(u', -w) + (a+ - deg u') inf+ + (a- - deg u') inf-, w = v mod u moved
        to within deg u of sign * V: div(y - w) = div(u, v) + div(u', w) - a+ inf+ - a- inf-,
        and div(u', w) + div(u', -w) = div(u') + deg u' (inf+ + inf-)."""
        p = self.p
        target = self.V if sign > 0 else R.pneg(self.V, p)
        w = R.padd(target, R.pdivmod(R.psub(v, target, p), list(u), p)[1], p)
        ap, am = self.orders(w)
        q, r = R.pdivmod(R.psub(self.f, R.pmul(w, w, p), p), list(u), p)
        assert not r
        u2 = R.monic(q, p)
        v2 = R.pdivmod(R.pneg(w, p), u2, p)[1]
        return u2, v2, cp + ap - deg(u2), cm + am - deg(u2)

    def add(self, A, B):
        p, f = self.p, self.f
        (u1, v1, n1), (u2, v2, n2) = A, B
        d1, e1, e2 = R.xgcd(list(u1), list(u2), p)
        d, c1, c2 = R.xgcd(d1, R.padd(list(v1), list(v2), p), p)
        s1, s2, s3 = R.pmul(c1, e1, p), R.pmul(c1, e2, p), c2
        u = R.pdivmod(R.pmul(list(u1), list(u2), p), R.pmul(d, d, p), p)[0]
        v = R.padd(R.padd(R.pmul(R.pmul(s1, list(u1), p), list(v2), p), R.pmul(R.pmul(s2, list(u2), p),
                                                                             list(v1), p), p),
                   R.pmul(s3, R.padd(R.pmul(list(v1), list(v2), p), f, p), p), p)
        v = R.pdivmod(R.pdivmod(v, d, p)[0], u, p)[1]
        if not self.split:
            while deg(u) > 2:
                u = R.monic(R.pdivmod(R.psub(f, R.pmul(v, v, p), p), u, p)[0], p)
                v = R.pdivmod(R.pneg(v, p), u, p)[1]
            return tuple(u), tuple(v), 0
        # the common part d: P + iota P summed = div(d) + deg d (inf+ + inf-)
        dd = deg(d)
        cp = n1 + n2 + dd - 1
        cm = (2 - deg(u1) - n1) + (2 - deg(u2) - n2) + dd - 1
        while deg(u) > 2:
            u, v, cp, cm = self._step(u, v, cp, cm, +1)
        for _ in range(8):
            if cp < 0:
                u, v, cp, cm = self._step(u, v, cp, cm, -1)
            elif cm < 0:
                u, v, cp, cm = self._step(u, v, cp, cm, +1)
            else:
                break
        assert cp >= 0 and cm >= 0 and deg(u) + cp + cm == 2
        return tuple(u), tuple(v), cp

    def neg(self, A):
        u, v, n = A
        return u, tuple(R.pneg(list(v), self.p)), (2 - deg(list(u)) - n) if self.split else 0

    def mul(self, k, A):
        acc = self.identity()
        for b in bin(k)[2:] if k else "":
            acc = self.add(acc, acc)
            if b == "1":
                acc = self.add(acc, A)
        return acc

    def valid(self, A):
        u, v, n = list(A[0]), list(A[1]), A[2]
        if not u or u[-1] != 1 or deg(u) > 2 or len(v) >= len(u):
            return False
        if R.pdivmod(R.psub(R.pmul(v, v, self.p), self.f, self.p), u, self.p)[1]:
            return False
        if self.split:
            return 0 <= n <= 2 - deg(u)
        return n == 0 and deg(u) != 1

    def elements(self):
        """Every element of J(F_p), by enumeration of the representations."""
        p, f = self.p, self.f
        ns = (lambda du: range(3 - du)) if self.split else (lambda du: [0] if du != 1 else [])
        out = [((1,), (), n) for n in ns(0)]
        for u0 in range(p):
            x = (-u0) % p
            y2 = sum(c * pow(x, i, p) for i, c in enumerate(f)) % p
            for v0 in range(p):
                if v0 * v0 % p == y2:
                    out += [((u0, 1), tuple(R.trim([v0])), n) for n in ns(1)]
        for u0 in range(p):
            for u1 in range(p):
                u = [u0, u1, 1]
                fr = R.pdivmod(f, u, p)[1] + [0, 0]
                for v0 in range(p):
                    for v1 in range(p):
                        # v^2 mod u = (2 v1 v0 - v1^2 u1) x + (v0^2 - v1^2 u0)
                        if ((2 * v1 * v0 - v1 * v1 * u1 - fr[1]) % p == 0 and
                                (v0 * v0 - v1 * v1 * u0 - fr[0]) % p == 0):
                            out += [(tuple(u), tuple(R.trim([v0, v1])), n) for n in ns(2)]
        return out


def to_text(C, A):
    """The driver's form: "id" for the identity, "inf;N" for the other elements with u = 1, and
    otherwise R.to_text's with ";N" appended when n != 0."""
    if A == C.identity():
        return "id"
    if A[0] == (1,):
        return "inf;%d" % A[2]
    t = R.to_text((A[0], A[1]))
    return t if A[2] == 0 else "%s;%d" % (t, A[2])


def from_text(C, s):
    if s == "id":
        return C.identity()
    t, _, n = s.partition(";")
    if t == "inf":
        return (1,), (), int(n)
    u, v = R.from_text(t)
    return u, v, int(n) if n else 0
