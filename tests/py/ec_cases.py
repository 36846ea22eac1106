"""Shared pieces of the curve tests: the methods each model supports, toy curves, named curves."""
import json
import os

import sympy

from ec_ref import Curve, fmt

METHODS = ("l2r", "r2l", "window", "window-var", "sliding", "wnaf", "ladder", "comb")
COMBOS = {
    "weierstrass": [(c, m) for c in ("affine", "projective", "jacobian") for m in METHODS]
    + [("coz", "coz-ladder"), ("xz", "ladder")],
    "montgomery": [("affine", m) for m in METHODS] + [("xz", "ladder")],
    "edwards": [("extended", m) for m in METHODS],
    "jacobi-quartic": [("extended", m) for m in METHODS],
}
TYPES = {"short_weierstrass_prime": "weierstrass", "twisted_edwards": "edwards", "montgomery": "montgomery"}


def named_curves():
    """data/curves.json's prime-field curves as (name, model, p, a, b, Gx, Gy, n, h) integers."""
    path = os.path.join(os.environ.get("GENUS_SOURCE_DIR", "."), "data", "curves.json")
    out = []
    for name, c in json.load(open(path))["curves"].items():
        model = TYPES.get(c["type"])
        if not model:
            continue
        if model == "weierstrass":
            vals = (c["p"], c["a"], c["b"], c["Gx"], c["Gy"], c["n"], c["h"])
        elif model == "edwards":
            vals = (c["p"], c["a"], c["d"], c["Gx"], c["Gy"], c["order"], c["cofactor"])
        else:
            vals = (c["p"], c["A"], c.get("B", "1"), c["u"], c["v"], c["order"], c["cofactor"])
        out.append((name, model) + tuple(int(v, 16) for v in vals))
    return out


def init_line(model, kind, p, a, b, G, n, h):
    bs = "-" if b is None else "%x" % (b % p)
    return "init %s %s %x %x %s %x %x %x %x" % (model, kind, p, a % p, bs, G[0], G[1], n, h)


def toy_curve(model, p, a, b=None):
    """(Curve, points, N, n, h, G) with G a finite point of the largest prime order n dividing N."""
    C = Curve(model, p, a, b)
    pts = C.points()
    N = len(pts)
    n = max(sympy.factorint(N))
    h = N // n
    for P in pts:
        G = C.mul(h, P)
        if G is not None and G[0] != "inf" and G != C.neutral():
            return C, pts, N, n, h, G
    raise AssertionError("no point of order %d" % n)


def scalar_hex(k):
    return "%x" % k if k else "-"


__all__ = ["COMBOS", "METHODS", "named_curves", "init_line", "toy_curve", "scalar_hex", "fmt"]
