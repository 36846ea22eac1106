/*
 * Binary-curve formulas (y^2 + xy = x^3 + a x^2 + b over GF(2^m)), written once against a kernel:
 * KT the kernel's context type, K(add), K(mul), K(sqr), K(inv) field operations on gn_f2m_t, K(mul_a) and
 * K(mul_b) the products by the curve constants, K(add_a) the sum with a, P(name) the names of this instantiation. Included by
 * src/ec2m/ld.c and src/ec2m/ladder.c (the field itself) and src/analysis/ec2m_count.c (counting).
 * The additions compute the generic case; the callers branch on the exceptional ones (ld.c).
 */

/* The affine chord-and-tangent sum (HMV 3.1.2) from its slope l and s = x1 + x2 (0 when
 * doubling): x3 = l^2 + l + s + a, y3 = l (x1 + x3) + x3 + y1. x3, y3 may not alias the inputs. */
static inline void P(aff_chord)(const KT *k, gn_f2m_t *x3, gn_f2m_t *y3, const gn_f2m_t *l, const gn_f2m_t *s,
                                const gn_f2m_t *x1, const gn_f2m_t *y1)
{
    K(sqr)(k, x3, l);
    K(add)(k, x3, x3, l);
    K(add)(k, x3, x3, s);
    K(add_a)(k, x3, x3);
    K(add)(k, y3, x1, x3);
    K(mul)(k, y3, y3, l);
    K(add)(k, y3, y3, x3);
    K(add)(k, y3, y3, y1);
}

/* Lopez-Dahab coordinates (Lopez, Dahab, SAC 1998): x = X/Z, y = Y/Z^2, the curve
 * Y^2 + XYZ = X^3 Z + a X^2 Z^2 + b Z^4. Formulas from the Explicit-Formulas Database,
 * shortw/lopezdahab. */

/* EFD dbl-2005-l (Lange 2005): A = X1 Z1, B = X1^2, C = B + Y1, D = A C, Z3 = A^2,
 * X3 = C^2 + D + a Z3, Y3 = (Z3 + D) X3 + B^2 Z3. Complete: X1 = 0 (the point of order 2) or
 * Z1 = 0 give Z3 = 0. 4M + 4S + 1D. */
static void P(ld_dbl)(const KT *k, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p)
{
    gn_f2m_t A, B, C, D, Z3, X3, t;
    K(mul)(k, &A, &p->X, &p->Z);
    K(sqr)(k, &B, &p->X);
    K(add)(k, &C, &B, &p->Y);
    K(mul)(k, &D, &A, &C);
    K(sqr)(k, &Z3, &A);
    K(sqr)(k, &X3, &C);
    K(add)(k, &X3, &X3, &D);
    K(mul_a)(k, &t, &Z3);
    K(add)(k, &X3, &X3, &t);
    K(add)(k, &t, &Z3, &D);
    K(mul)(k, &t, &t, &X3);
    K(sqr)(k, &B, &B);
    K(mul)(k, &B, &B, &Z3);
    K(add)(k, &r->Y, &t, &B);
    r->X = X3;
    r->Z = Z3;
}

/* The chord rule's X3 = A^2 + C (A + B^2 + a C) and Z3 = C^2, with l = A/C. */
static void P(chord_x)(const KT *k, gn_f2m_t *X3, gn_f2m_t *Z3, const gn_f2m_t *A, const gn_f2m_t *B,
                       const gn_f2m_t *C)
{
    gn_f2m_t t, u;
    K(sqr)(k, Z3, C);
    K(mul_a)(k, &t, C);
    K(sqr)(k, &u, B);
    K(add)(k, &t, &t, &u);
    K(add)(k, &t, &t, A);
    K(mul)(k, &t, &t, C);
    K(sqr)(k, &u, A);
    K(add)(k, X3, &u, &t);
}

/* Mixed addition, EFD madd-2005-dl: A = Y1 + Y2 Z1^2, B = X1 + X2 Z1, C = B Z1, Z3 = C^2,
 * D = X2 Z3, X3 = A^2 + C (A + B^2 + a C), Y3 = (D + X3)(A C + Z3) + (Y2 + X2) Z3^2.
 * Z1 != 0 and q finite. Returns 0 when done, else x(p) = x(q) (B = 0), r untouched: 1 if
 * p = q (A = 0), 2 if p = -q. 8M + 5S + 1D. */
static int P(ld_madd)(const KT *k, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_point_t *q)
{
    gn_f2m_t A, B, C, D, X3, Z3, t, u;
    K(sqr)(k, &t, &p->Z);
    K(mul)(k, &A, &q->y, &t);
    K(add)(k, &A, &A, &p->Y);
    K(mul)(k, &B, &q->x, &p->Z);
    K(add)(k, &B, &B, &p->X);
    if (K(is_zero_var)(k, &B))
        return K(is_zero_var)(k, &A) ? 1 : 2;
    K(mul)(k, &C, &B, &p->Z);
    P(chord_x)(k, &X3, &Z3, &A, &B, &C);
    K(mul)(k, &D, &q->x, &Z3);
    K(add)(k, &D, &D, &X3);
    K(mul)(k, &t, &A, &C);
    K(add)(k, &t, &t, &Z3);
    K(mul)(k, &t, &t, &D);
    K(add)(k, &u, &q->y, &q->x);
    K(sqr)(k, &D, &Z3);
    K(mul)(k, &u, &u, &D);
    K(add)(k, &r->Y, &t, &u);
    r->X = X3;
    r->Z = Z3;
    return 0;
}

/* General addition, the chord rule written in LD coordinates (our derivation, checked against
 * PARI): A = Y1 Z2^2 + Y2 Z1^2, B = X1 Z2 + X2 Z1, C = B Z1 Z2 (so l = A/C), Z3 = C^2,
 * X3 = A^2 + C (A + B^2 + a C), Y3 = (A C + Z3) X3 + Z3 (B Z2)(A X1 + (B Z2) Y1).
 * Z1, Z2 != 0; the result as P(ld_madd)'s. 14M + 5S + 1D. */
static int P(ld_add)(const KT *k, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_ld_t *q)
{
    gn_f2m_t A, B, C, E, X3, Z3, t, u;
    K(sqr)(k, &t, &q->Z);
    K(mul)(k, &A, &p->Y, &t);
    K(sqr)(k, &t, &p->Z);
    K(mul)(k, &t, &q->Y, &t);
    K(add)(k, &A, &A, &t);
    K(mul)(k, &B, &p->X, &q->Z);
    K(mul)(k, &t, &q->X, &p->Z);
    K(add)(k, &B, &B, &t);
    if (K(is_zero_var)(k, &B))
        return K(is_zero_var)(k, &A) ? 1 : 2;
    K(mul)(k, &t, &p->Z, &q->Z);
    K(mul)(k, &C, &B, &t);
    P(chord_x)(k, &X3, &Z3, &A, &B, &C);
    K(mul)(k, &E, &B, &q->Z);
    K(mul)(k, &t, &E, &p->Y);
    K(mul)(k, &u, &A, &p->X);
    K(add)(k, &t, &t, &u);
    K(mul)(k, &t, &t, &E);
    K(mul)(k, &t, &t, &Z3);
    K(mul)(k, &u, &A, &C);
    K(add)(k, &u, &u, &Z3);
    K(mul)(k, &u, &u, &X3);
    K(add)(k, &r->Y, &u, &t);
    r->X = X3;
    r->Z = Z3;
    return 0;
}

/* The x-only ladder of Lopez and Dahab (CHES 1999; HMV Guide to ECC, Algorithm 3.40) on
 * (X : Z), x = X/Z. Madd: p1 = p1 + p2 given x = x(p2 - p1):
 * Z = (X1 Z2 + X2 Z1)^2, X = x Z + (X1 Z2)(X2 Z1). 4M + 1S. */
static void P(x_madd)(const KT *k, ec2m_xz_t *p1, const ec2m_xz_t *p2, const gn_f2m_t *x)
{
    gn_f2m_t t1, t2;
    K(mul)(k, &t1, &p1->X, &p2->Z);
    K(mul)(k, &t2, &p2->X, &p1->Z);
    K(add)(k, &p1->Z, &t1, &t2);
    K(sqr)(k, &p1->Z, &p1->Z);
    K(mul)(k, &t1, &t1, &t2);
    K(mul)(k, &p1->X, x, &p1->Z);
    K(add)(k, &p1->X, &p1->X, &t1);
}

/* Mdouble: X = X^4 + b Z^4, Z = X^2 Z^2. 1M + 4S + 1D. */
static void P(x_dbl)(const KT *k, ec2m_xz_t *p)
{
    gn_f2m_t t, u;
    K(sqr)(k, &t, &p->X);
    K(sqr)(k, &u, &p->Z);
    K(mul)(k, &p->Z, &t, &u);
    K(sqr)(k, &t, &t);
    K(sqr)(k, &u, &u);
    K(mul_b)(k, &u, &u);
    K(add)(k, &p->X, &t, &u);
}

/* Basold's formulas (H. Basold, "Parallelism investigation for elliptic curve key exchange",
 * bachelor's thesis, TU Braunschweig 2010), as variants for tracing: the programs his cycle counts
 * were measured on (python/genus/hw/basold.py). The general case only; a division f/g (his
 * algorithm 2.12) is written f * (1/g). */

/* Definition 1.17, addition: s = (y1 + y2)/(x1 + x2), x3 = s^2 + s + x1 + x2 + a,
 * y3 = s (x1 + x3) + x3 + y1: the library's chord rule (P(aff_chord)), x1 + x2 computed once.
 * x1 != x2. 1I + 2M + 1S + 8A. */
static void P(aff_add_basold)(const KT *k, gn_f2m_t *x3, gn_f2m_t *y3, const gn_f2m_t *x1, const gn_f2m_t *y1,
                              const gn_f2m_t *x2, const gn_f2m_t *y2)
{
    gn_f2m_t s, l, t;
    K(add)(k, &t, y1, y2);
    K(add)(k, &s, x1, x2);
    K(inv)(k, &l, &s);
    K(mul)(k, &l, &t, &l);
    P(aff_chord)(k, x3, y3, &l, &s, x1, y1);
}

/* Definition 1.17, doubling: s = x1 + y1/x1 (printed "(x1 + y1)/x1", which is 1 + y1/x1, not the
 * tangent's slope; the same operations: a division and an addition), x3 = s^2 + s + a,
 * y3 = x1^2 + s x3 + x3 (the library's y3 = s (x1 + x3) + x3 + y1 is the same value, without the
 * squaring). x1 != 0. 1I + 2M + 2S + 5A. */
static void P(aff_dbl_basold)(const KT *k, gn_f2m_t *x3, gn_f2m_t *y3, const gn_f2m_t *x1, const gn_f2m_t *y1)
{
    gn_f2m_t s, t, u;
    K(inv)(k, &s, x1);
    K(mul)(k, &s, y1, &s);
    K(add)(k, &s, &s, x1);
    K(sqr)(k, &t, &s);
    K(add)(k, &t, &t, &s);
    K(add_a)(k, x3, &t);
    K(sqr)(k, &t, x1);
    K(mul)(k, &u, &s, x3);
    K(add)(k, &t, &t, &u);
    K(add)(k, y3, &t, x3);
}

/* Definition 2.3, doubling: z3 = z1^2 x1^2, x3 = x1^4 + b z1^4,
 * y3 = b z1^4 z3 + x3 (a z3 + y1^2 + b z1^4). 3M + 5S + 2D + 4A (EFD's dbl-2005-l: 4M + 4S + 1D). */
static void P(ld_dbl_basold)(const KT *k, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p)
{
    gn_f2m_t x2, z2, x4, bz4, Z3, X3, t, u;
    K(sqr)(k, &x2, &p->X);
    K(sqr)(k, &z2, &p->Z);
    K(mul)(k, &Z3, &z2, &x2);
    K(sqr)(k, &x4, &x2);
    K(sqr)(k, &t, &z2);
    K(mul_b)(k, &bz4, &t);
    K(add)(k, &X3, &x4, &bz4);
    K(mul)(k, &u, &bz4, &Z3);
    K(mul_a)(k, &t, &Z3);
    K(sqr)(k, &x2, &p->Y);
    K(add)(k, &t, &t, &x2);
    K(add)(k, &t, &t, &bz4);
    K(mul)(k, &t, &X3, &t);
    K(add)(k, &r->Y, &u, &t);
    r->X = X3;
    r->Z = Z3;
}

/* Definition 2.3, addition (Lopez and Dahab's, reference [6] of the thesis): A1 = y2 z1^2,
 * A2 = y1 z2^2 (printed "y1 z2", which is not homogeneous: Lopez and Dahab's A2 has z2^2),
 * B1 = x2 z1, B2 = x1 z2, C = A1 + A2, D = B1 + B2, E = z1 z2, F = D E, z3 = F^2,
 * G = D^2 (F + a E^2), H = C F, x3 = C^2 + H + G, I = D^2 B1 E + x3, J = D^2 A1 + x3,
 * y3 = H I + z3 J. Z1, Z2 != 0, x(p) != x(q). 13M + 6S + 1D + 8A (the library's P(ld_add):
 * 14M + 5S + 1D). */
static void P(ld_add_basold)(const KT *k, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_ld_t *q)
{
    gn_f2m_t A1, A2, B1, B2, C, D, E, F, D2, H, X3, Z3, t, u;
    K(sqr)(k, &t, &p->Z);
    K(mul)(k, &A1, &q->Y, &t);
    K(sqr)(k, &t, &q->Z);
    K(mul)(k, &A2, &p->Y, &t);
    K(mul)(k, &B1, &q->X, &p->Z);
    K(mul)(k, &B2, &p->X, &q->Z);
    K(add)(k, &C, &A1, &A2);
    K(add)(k, &D, &B1, &B2);
    K(mul)(k, &E, &p->Z, &q->Z);
    K(mul)(k, &F, &D, &E);
    K(sqr)(k, &Z3, &F);
    K(sqr)(k, &D2, &D);
    K(sqr)(k, &t, &E);
    K(mul_a)(k, &t, &t);
    K(add)(k, &t, &F, &t);
    K(mul)(k, &t, &D2, &t); /* G */
    K(mul)(k, &H, &C, &F);
    K(sqr)(k, &u, &C);
    K(add)(k, &u, &u, &H);
    K(add)(k, &X3, &u, &t);
    K(mul)(k, &t, &D2, &B1);
    K(mul)(k, &t, &t, &E);
    K(add)(k, &t, &t, &X3); /* I */
    K(mul)(k, &u, &D2, &A1);
    K(add)(k, &u, &u, &X3); /* J */
    K(mul)(k, &t, &H, &t);
    K(mul)(k, &u, &Z3, &u);
    K(add)(k, &r->Y, &t, &u);
    r->X = X3;
    r->Z = Z3;
}

/* Definition 2.3's projection back to affine coordinates, pi([x : y : z]) = (x/z, y/z^2): two
 * divisions. z != 0. 2I + 2M + 1S (the library's gn_ec2m_ld_to_aff: 1I + 2M + 1S). */
static void P(ld_to_aff_basold)(const KT *k, gn_f2m_t *x, gn_f2m_t *y, const gn_ec2m_ld_t *p)
{
    gn_f2m_t t;
    K(inv)(k, &t, &p->Z);
    K(mul)(k, x, &p->X, &t);
    K(sqr)(k, &t, &p->Z);
    K(inv)(k, &t, &t);
    K(mul)(k, y, &p->Y, &t);
}
