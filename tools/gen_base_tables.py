#!/usr/bin/env python3
"""Write src/ec/base_tables.inc: the fixed-base tables of the curves whose [k] G runs on a
built-in precomputation (gn_ec_mul_base, src/scalar/base.c), computed here with Python integers
from data/curves.json.

Shape: k (reduced mod n) is recoded into signed windows of W bits (Booth's recoding,
src/scalar/base.c: digit i = bits i W .. i W + W - 1 plus bit i W - 1, minus 2^W times bit
i W + W - 1, so every digit is in [-2^(W-1), 2^(W-1)]); window i of the table holds the affine
points j 2^(W i) G for j = 1 .. 2^(W-1). [k] G is then one mixed addition per window of the
selected entry, negated for a negative digit (y on Weierstrass curves, x on twisted Edwards
curves), and no doubling.

Each curve's table is stored in the representation of the field kernel that serves it on 64-bit
limbs: NIST P-256's Montgomery form (x 2^256 mod p), secp256k1's and edwards25519's plain
residues (their pseudo-Mersenne kernels). Where the kernel in use stores elements otherwise (another Montgomery
factor, 32-bit limbs' kernels for secp256k1), the library converts each selected entry by one
product per coordinate (src/scalar/base.c). Words are 64 bits, least significant first (32-bit limbs take each as two).

Run: python3 tools/gen_base_tables.py > src/ec/base_tables.inc (scripts/check-generated.sh
checks that the committed file is what this prints).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
W = 6  # window bits: 2^(W-1) entries a window (measured: `genus bench --filter mulgen`)
# curve name in data/curves.json -> the kernel representation's factor R (x stored as x R mod p)
TABLES = [("P-256", 1 << 256), ("secp256k1", 1), ("edwards25519", 1)]  # (the factor is 1 or 2^(64 words))


def edwards(c):
    return c["type"] == "twisted_edwards"


def order(c):
    return int(c["n"] if "n" in c else c["order"], 16)


def affine_add(c, P, Q):
    """P + Q in affine coordinates: on y^2 = x^3 + a x + b for P != -Q, P != Q, neither the
    neutral element; on a x^2 + y^2 = 1 + d x^2 y^2 by the unified law (complete on the tables'
    Edwards curves: a a square, d not)."""
    p, a = int(c["p"], 16), int(c["a"], 16)
    (x1, y1), (x2, y2) = P, Q
    if edwards(c):
        t = int(c["d"], 16) * x1 * x2 * y1 * y2
        return ((x1 * y2 + y1 * x2) * pow(1 + t, -1, p) % p, (y1 * y2 - a * x1 * x2) * pow(1 - t, -1, p) % p)
    lam = ((y2 - y1) * pow(x2 - x1, -1, p) if P != Q else (3 * x1 * x1 + a) * pow(2 * y1, -1, p)) % p
    x3 = (lam * lam - x1 - x2) % p
    return x3, (lam * (x1 - x3) - y1) % p


def windows(c):
    """The number of windows: W nwin > bits of n, so the recoding's last borrow is zero."""
    return (order(c).bit_length() + W) // W


def table(c):
    """[[j 2^(W i) G for j in 1 .. 2^(W-1)] for each window i], affine."""
    base = (int(c["Gx"], 16), int(c["Gy"], 16))
    out = []
    for _ in range(windows(c)):
        row = [base]
        for _ in range(2, 2 ** (W - 1) + 1):
            row.append(affine_add(c, row[-1], base))
        out.append(row)
        for _ in range(W):
            base = affine_add(c, base, base)
    return out


def on_curve(c, x, y):
    p, a = int(c["p"], 16), int(c["a"], 16)
    if edwards(c):
        return (a * x * x + y * y - 1 - int(c["d"], 16) * x * x * y * y) % p == 0
    return (y * y - x ** 3 - a * x - int(c["b"], 16)) % p == 0


def limbs(v, n):
    return ["0x%016x" % ((v >> (64 * i)) & (2 ** 64 - 1)) for i in range(n)]


def small_a(c):
    """The curve's a as the library's kinds of a name it (src/ec/ec_internal.h): Weierstrass -3
    or 0, twisted Edwards -1."""
    p, a = int(c["p"], 16), int(c["a"], 16)
    allowed = (p - 1,) if edwards(c) else (0, p - 3)
    assert a in allowed, "a table needs a = -3 or 0 (Weierstrass), a = -1 (twisted Edwards)"
    return a - p if a else 0


def ident(name):
    return name.replace("-", "").lower()


def emit_curve(out, name, c, factor):
    p = int(c["p"], 16)
    n64 = (p.bit_length() + 63) // 64
    rows = table(c)
    # the table is verified here too: each entry on the curve
    assert all(on_curve(c, x, y) for row in rows for x, y in row)
    out.append("/* %s: %d windows of %d entries, x and y of %d 64-bit limbs each, %s */" %
               (name, len(rows), 2 ** (W - 1), n64,
                "Montgomery form x 2^%d mod p" % (factor.bit_length() - 1) if factor > 1 else "plain residues"))
    out.append("static const uint64_t base_%s_p[] = {%s};" % (ident(name), ", ".join(limbs(p, n64))))
    out.append("static const uint64_t base_%s_n[] = {%s};" % (ident(name), ", ".join(limbs(order(c), n64))))
    out.append("static const uint64_t base_%s_tab[] = {" % ident(name))
    for i, row in enumerate(rows):
        out.append("    /* j 2^%d G, j = 1 .. %d */" % (W * i, len(row)))
        for x, y in row:
            out.append("    " + ",".join(limbs(x * factor % p, n64) + limbs(y * factor % p, n64)) + ",")
    out.append("};")
    out.append("")


def main():
    curves = json.load(open(os.path.join(HERE, "..", "data", "curves.json")))["curves"]
    out = ["/* GENERATED by tools/gen_base_tables.py from data/curves.json -- do not edit; run:",
           " * python3 tools/gen_base_tables.py > src/ec/base_tables.inc",
           " * The fixed-base tables of gn_ec_mul_base (src/scalar/base.c; the generator's docstring",
           " * gives their shape). */",
           "#define GN_BASE_W %d" % W, ""]
    for name, factor in TABLES:
        emit_curve(out, name, curves[name], factor)
    out.append("/* name, twisted Edwards (else Weierstrass), windows, 64-bit words of a coordinate,")
    out.append(" * Montgomery form (x 2^(64 words)), a (Weierstrass -3 or 0, twisted Edwards -1), p, n, the table */")
    out.append("#define GN_BASE_TABLES(X) \\")
    out.append(" \\\n".join("    X(\"%s\", %d, %d, %d, %d, %d, base_%s_p, base_%s_n, base_%s_tab)" %
                            (name, edwards(curves[name]), windows(curves[name]), (int(curves[name]["p"], 16).bit_length() + 63) // 64,
                             factor > 1, small_a(curves[name]), ident(name), ident(name), ident(name))
                            for name, factor in TABLES))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
