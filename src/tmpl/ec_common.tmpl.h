/*
 * Shared pieces of the curve formula templates. The instantiating file (src/inst/ec_inst.h)
 * defines:
 *   F(op)     the field kernel's static inline operations (add, sub, neg, mul, sqr, copy,
 *             set_zero, set_one, is_zero, eq, cmov, cswap, mul_small)
 *   FL        storage limbs of one element
 *   EC(name)  the prefix of this instantiation's functions
 *   FMULC     multiplication by a curve constant (D in the operation counts)
 *   FINV      inversion (constant time), FINV(f, r, a)
 *   F(mulnr), F(sqrnr), F(red), FMULNRC   products summed before one reduction (lazy
 *             reduction, DESIGN section 11); on kernels without it, full products and a copy
 * Points are limb arrays with coordinate c at offset c * FL (src/ec/ec_internal.h).
 */
#define CX(p) ((p))
#define CY(p) ((p) + FL)
#define CZ(p) ((p) + 2 * FL)
#define CT(p) ((p) + 3 * FL)
#define FE(name) gn_limb_t name[FL]
#define FCTX_OF(ec) (&(ec)->fp)

#include "util/verify.h"

/* r = 2a, 3a, 4a, 8a by additions (counted as additions, as in the EFD) */
static inline void EC(dbl_fe)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    F(add)(f, r, a, a);
}

static inline void EC(mul4_fe)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    F(add)(f, r, a, a);
    F(add)(f, r, r, r);
}

static inline void EC(mul8_fe)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    F(add)(f, r, a, a);
    F(add)(f, r, r, r);
    F(add)(f, r, r, r);
}

static inline void EC(mul3_fe)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    FE(t);
    F(add)(f, t, a, a);
    F(add)(f, r, t, a);
}

/* Copy n coordinates. */
static inline void EC(pt_copy)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *p, unsigned n)
{
    for (unsigned c = 0; c < n; c++)
        F(copy)(f, r + c * FL, p + c * FL);
}

/* Affine point (public form) into kernel limbs and back. */
static inline void EC(aff_in)(const gn_fp_ctx_t *f, gn_limb_t *x, gn_limb_t *y, const gn_ec_point_t *p)
{
    F(copy)(f, x, p->x.v);
    F(copy)(f, y, p->y.v);
}

/* r's coordinates, already written, made (0, 0) at infinity where inf is set; t, a temporary,
 * is overwritten (the callers pass a dead one: no element more in their frames) */
static inline void EC(aff_clear)(const gn_fp_ctx_t *f, gn_ec_point_t *r, gn_limb_t *t, gn_limb_t inf)
{
    F(set_zero)(f, t);
    F(cmov)(f, r->x.v, t, inf);
    F(cmov)(f, r->y.v, t, inf);
    r->infinity = (int)(inf & 1);
}

static inline void EC(aff_out)(const gn_fp_ctx_t *f, gn_ec_point_t *r, const gn_limb_t *x, const gn_limb_t *y,
                               gn_limb_t inf)
{
    FE(z);
    F(copy)(f, r->x.v, x);
    F(copy)(f, r->y.v, y);
    EC(aff_clear)(f, r, z, inf);
}

/* The end of a chord or tangent through p (affine, z in {0, 1}) of slope l, x3 given:
 * r = (x3, l (x1 - x3) - y1, 1), set to the neutral element (0, 0, 0) where the mask inf is
 * all-ones (a tangent at O or at a point of order 2). Weierstrass and Montgomery alike. */
static inline void EC(aff_finish)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *l, const gn_limb_t *x3,
                                  const gn_limb_t *p, gn_limb_t inf)
{
    FE(y3);
    F(sub)(f, y3, CX(p), x3);
    F(mul)(f, y3, l, y3);
    F(sub)(f, CY(r), y3, CY(p));
    F(copy)(f, CX(r), x3);
    F(set_one)(f, CZ(r));
    FE(zero);
    F(set_zero)(f, zero);
    F(cmov)(f, CX(r), zero, inf);
    F(cmov)(f, CY(r), zero, inf);
    F(cmov)(f, CZ(r), zero, inf);
}

/* Projective-equality helper: a1 * b2 == a2 * b1. */
static inline gn_limb_t EC(cross_eq)(const gn_fp_ctx_t *f, const gn_limb_t *a1, const gn_limb_t *b1,
                                     const gn_limb_t *a2, const gn_limb_t *b2)
{
    FE(s);
    FE(t);
    F(mul)(f, s, a1, b2);
    F(mul)(f, t, a2, b1);
    return F(eq)(f, s, t);
}

/* The scaffolding every coordinate system shares: a point given by the pattern of zeros and ones
 * of its coordinates (bit i of `ones` for coordinate i), and the moves between affine points
 * and coordinates whose finite points are (x : y : 1 ...). */

/* r = the constant point of nc coordinates with pattern `ones` (a neutral element) */
static inline void EC(set_pattern)(const gn_fp_ctx_t *f, gn_limb_t *r, unsigned nc, unsigned ones)
{
    for (unsigned i = 0; i < nc; i++) {
        if ((ones >> i) & 1)
            F(set_one)(f, r + i * FL);
        else
            F(set_zero)(f, r + i * FL);
    }
}

/* r = (x : y : 1) from the affine p; then, where p is the point at infinity, the coordinates in
 * `moved` (a bit per coordinate; nc of them) set to pattern `ones`, by masks */
static inline void EC(xy1_in)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_ec_point_t *p)
{
    EC(aff_in)(f, CX(r), CY(r), p);
    F(set_one)(f, CZ(r));
}

static inline void EC(at_inf_set)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_ec_point_t *p, unsigned nc,
                                  unsigned moved, unsigned ones)
{
    FE(zero); FE(one);
    gn_limb_t inf = ct_mask_bit((gn_limb_t)p->infinity);
    F(set_zero)(f, zero);
    F(set_one)(f, one);
    for (unsigned i = 0; i < nc; i++)
        if ((moved >> i) & 1)
            F(cmov)(f, r + i * FL, (ones >> i) & 1 ? one : zero, inf);
}

/* (x, y) = (X/Z, Y/Z), the point at infinity where inf is set (constant time) */
static inline void EC(xyz_to_aff)(const gn_fp_ctx_t *f, gn_ec_point_t *r, const gn_limb_t *p, gn_limb_t inf)
{
    FE(zi);
    FINV(f, zi, CZ(p));
    F(mul)(f, r->x.v, CX(p), zi);
    F(mul)(f, r->y.v, CY(p), zi);
    EC(aff_clear)(f, r, zi, inf);
}

/* X1/Z1 = X2/Z2 and Y1/Z1 = Y2/Z2 */
static inline gn_limb_t EC(xyz_eq)(const gn_fp_ctx_t *f, const gn_limb_t *p, const gn_limb_t *q)
{
    return EC(cross_eq)(f, CX(p), CZ(p), CX(q), CZ(q)) & EC(cross_eq)(f, CY(p), CZ(p), CY(q), CZ(q));
}

/*
 * The end of a y recovery after an x-only ladder (src/tmpl/ec_wei.tmpl.h, ec_mont.tmpl.h):
 * (xo, yo) = [k]P from the formula, replaced by masks in the exceptional cases: Q1 = O
 * (o1: [k]P = -P), P of order 2 (y0: [k]P is P or O), [k]P = O (o0).
 */
static inline void EC(yrec_finish)(const gn_fp_ctx_t *f, gn_ec_point_t *r, gn_limb_t *xo, gn_limb_t *yo,
                                   const gn_limb_t *x, const gn_limb_t *y, gn_limb_t o0, gn_limb_t o1, gn_limb_t y0)
{
    FE(ny);
    F(neg)(f, ny, y);
    F(cmov)(f, xo, x, o1);
    F(cmov)(f, yo, ny, o1);
    F(cmov)(f, xo, x, y0);
    F(cmov)(f, yo, y, y0);
    EC(aff_out)(f, r, xo, yo, o0);
}

/* The y recoveries' common end (Okeya-Sakurai; Brier-Joye): with u = 2 y (times B on Montgomery
 * curves) and the numerator n of y0 scaled by Z0^2 Z1, den = u Z0^2 Z1, x0 = X0 (u Z0 Z1) / den,
 * y0 = n / den: one inversion for both; then the exceptions of yrec_finish. */
static inline void EC(yrec_divide)(const gn_fp_ctx_t *f, gn_ec_point_t *r, const gn_limb_t *X0, const gn_limb_t *Z0,
                                   const gn_limb_t *Z1, const gn_limb_t *u, const gn_limb_t *n, const gn_limb_t *x,
                                   const gn_limb_t *y, gn_limb_t o0, gn_limb_t o1, gn_limb_t y0)
{
    FE(t); FE(d); FE(xo); FE(yo);
    F(mul)(f, t, Z0, Z1);
    F(mul)(f, t, t, u);
    F(mul)(f, d, t, Z0);
    FINV(f, d, d);
    F(mul)(f, xo, X0, t);
    F(mul)(f, xo, xo, d);
    F(mul)(f, yo, n, d);
    EC(yrec_finish)(f, r, xo, yo, x, y, o0, o1, y0);
}

/* The slope l = (y2 - y1) / (x2 - x1) of the chord through p and q (affine, x1 != x2). */
static inline void EC(chord_slope)(const gn_fp_ctx_t *f, gn_limb_t *l, const gn_limb_t *p, const gn_limb_t *q)
{
    FE(num); FE(den);
    F(sub)(f, num, CY(q), CY(p));
    F(sub)(f, den, CX(q), CX(p));
    FINV(f, den, den);
    F(mul)(f, l, num, den);
}

/* GN_VERIFY (src/util/verify.h): the preconditions of the formulas. Not on the counting and
 * tracing kernels (FMULC_FN), where a comparison would be counted or traced. */
#if GN_VERIFY && !defined(FMULC_FN)
/* a mixed addition's second point has Z = 1 */
#define EC_REQUIRE_Z1(ec, q) GN_CHECK(F(eq)(FCTX_OF(ec), CZ(q), FCTX_OF(ec)->one))
/* bit i of the scalar k is set */
#define EC_REQUIRE_BIT(k, i) GN_CHECK(((k)[(i) / GN_LIMB_BITS] >> ((i) % GN_LIMB_BITS)) & 1)
#else
#define EC_REQUIRE_Z1(ec, q) ((void)0)
#define EC_REQUIRE_BIT(k, i) ((void)0)
#endif

/* the masked swap of two (X : Z) pairs: the x-only ladders' (src/scalar/ladder.h) */
static inline void EC(xz_swap)(const void *c, void *r0, void *r1, gn_limb_t m)
{
    const gn_fp_ctx_t *f = FCTX_OF((const gn_ec_ctx_t *)c);
    gn_limb_t *a = r0, *b = r1;
    F(cswap)(f, a, b, m);
    F(cswap)(f, a + FL, b + FL, m);
}

