/*
 * Binary-curve formulas (y^2 + xy = x^3 + a x^2 + b over GF(2^m)), written once against a kernel:
 * KT the kernel's context type, K(add), K(mul), K(sqr) field operations on gn_f2m_t, K(mul_a) and
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
