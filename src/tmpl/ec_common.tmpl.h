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

static inline void EC(aff_out)(const gn_fp_ctx_t *f, gn_ec_point_t *r, const gn_limb_t *x, const gn_limb_t *y,
                               gn_limb_t inf)
{
    FE(z);
    F(set_zero)(f, z);
    F(copy)(f, r->x.v, x);
    F(copy)(f, r->y.v, y);
    F(cmov)(f, r->x.v, z, inf);
    F(cmov)(f, r->y.v, z, inf);
    r->infinity = (int)(inf & 1);
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
