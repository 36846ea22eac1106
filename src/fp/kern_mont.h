/*
 * Montgomery field kernel, written once for two instantiations:
 *   fixed: KN is a constant 2..9 and every loop is unrolled by the compiler;
 *   generic: KN is ctx->n (1..GN_FP_MAX_LIMBS) and the loops run.
 * Elements are x R mod p with R = 2^(W n), fully reduced into [0, p).
 *
 * The instantiating file defines before including:
 *   K(name)  prefix for the kernel's functions (e.g. fp_mont4_##name)
 *   KN       number of limbs (constant or the expression ctx->n)
 *   KN_RUNTIME  defined when KN is not a constant
 *   KL       storage limbs of one element (a constant >= KN)
 *   KMULX    (optional) multiply with the generated mulx/adx code (src/fp/mulx_mont.S)
 *   KPRIME   (optional) a constant array holding p, read instead of ctx->p by the additions
 *            (a special prime: its limbs become immediates, and 0 limbs drop out)
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "mp/limb.h"
#include "util/ct.h"
#include "util/verify.h"

#if defined(KN_RUNTIME) || defined(GN_NO_SPEED_HINTS)
#define GN_UNROLL /* limb count known at run time only, or a sanitizer build */
#elif defined(__GNUC__) && !defined(__clang__)
#define GN_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__)
#define GN_UNROLL _Pragma("unroll")
#else
#define GN_UNROLL
#endif

/* The small operations are forced inline into the curve formulas of the fixed kernels (left
 * to itself the compiler kept add and sub as calls: 15% of a scalar multiplication). */
#if defined(KN_RUNTIME)
#define KINLINE inline
#else
#define KINLINE GN_ALWAYS_INLINE
#endif

typedef gn_limb_t K(fe)[KL];

#if defined(KPRIME)
#define KP(ctx) ((void)(ctx), KPRIME)
#else
#define KP(ctx) ((ctx)->p)
#endif

static KINLINE void K(set_zero)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = 0;
}

static KINLINE void K(copy)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = a[i];
}

static KINLINE void K(set_one)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    K(copy)(ctx, r, ctx->one);
}

/* GN_VERIFY (src/util/verify.h): every element an operation reads or writes is below p. */
#if GN_VERIFY
static inline int K(below_p)(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    gn_limb_t d, bw = 0;
    for (size_t i = 0; i < KN; i++)
        bw = mp_subb(&d, a[i], KP(ctx)[i], bw);
    return bw == 1;
}
#define K_BOUND(ctx, a) GN_CHECK(K(below_p)(ctx, a))
#else
#define K_BOUND(ctx, a) ((void)0)
#endif

/* r = t - p if (top:t) >= p, else t; needs (top:t) < 2p. */
static KINLINE void K(reduce_once)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *t, gn_limb_t top)
{
    gn_limb_t d[KL], bw = 0;
    const gn_limb_t *p = KP(ctx);
    GN_UNROLL for (size_t i = 0; i < KN; i++) bw = mp_subb(&d[i], t[i], p[i], bw);
    gn_limb_t use_d = ct_mask_bit(top | (bw ^ 1));
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = ct_mux(use_d, d[i], t[i]);
}

static KINLINE void K(add)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    gn_limb_t s[KL], c = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_addc(&s[i], a[i], b[i], c);
    K(reduce_once)(ctx, r, s, c);
    K_BOUND(ctx, r);
}

static KINLINE void K(sub)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    gn_limb_t bw = 0, c = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) bw = mp_subb(&r[i], a[i], b[i], bw);
    gn_limb_t m = ct_mask_bit(bw);
    const gn_limb_t *p = KP(ctx);
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_addc(&r[i], r[i], p[i] & m, c);
    K_BOUND(ctx, r);
}

static KINLINE void K(neg)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    gn_limb_t nz = ~ct_is_zero_n(a, KN), bw = 0;
    const gn_limb_t *p = KP(ctx);
    GN_UNROLL for (size_t i = 0; i < KN; i++) {
        bw = mp_subb(&r[i], p[i], a[i], bw);
        r[i] &= nz;
    }
    K_BOUND(ctx, r);
}

/* r = a / 2: add p when a is odd, then shift right. */
static KINLINE void K(half)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    gn_limb_t t[KL], c = 0, odd = ct_mask_bit(a[0]);
    const gn_limb_t *p = KP(ctx);
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_addc(&t[i], a[i], p[i] & odd, c);
    GN_UNROLL for (size_t i = 0; i + 1 < KN; i++) r[i] = (t[i] >> 1) | (t[i + 1] << (GN_LIMB_BITS - 1));
    r[KN - 1] = (t[KN - 1] >> 1) | (c << (GN_LIMB_BITS - 1));
    K_BOUND(ctx, r);
}

#if !defined(KREDC)
/*
 * CIOS Montgomery multiplication (Koc, Acar, Kaliski 1996): r = a b / R mod p.
 * Invariant: after each outer step t < 2p, so n + 2 words hold every partial sum.
 * Kept out of line: inlined into every caller, the unrolled body made register
 * allocation of the exponentiation and extension-field code take minutes per
 * kernel, for no measurable gain (a call costs a few cycles next to n^2 products).
 */
static GN_NOINLINE void K(mul_c)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_limb_t *p = ctx->p;
    const gn_limb_t pinv = ctx->pinv;
    gn_limb_t t[KL + 2];
    GN_UNROLL for (size_t i = 0; i < KN + 2; i++) t[i] = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) {
        gn_limb_t c = 0, lo;
        GN_UNROLL for (size_t j = 0; j < KN; j++) c = mp_muladd2(&t[j], a[j], b[i], t[j], c);
        t[KN + 1] = mp_addc(&t[KN], t[KN], c, 0);
        gn_limb_t m = t[0] * pinv;
        c = mp_muladd2(&lo, m, p[0], t[0], 0);
        GN_UNROLL for (size_t j = 1; j < KN; j++) c = mp_muladd2(&t[j - 1], m, p[j], t[j], c);
        c = mp_addc(&t[KN - 1], t[KN], c, 0);
        t[KN] = t[KN + 1] + c;
    }
    K(reduce_once)(ctx, r, t, t[KN]);
}

#endif

#if defined(KREDC)
/* A special-form prime: the full product, then the instantiation's reduction KREDC(t)
 * (src/fp/redc_nist.h, redc_p448.h), which leaves t / R < 2p in t[KN..2KN-1] and returns its
 * top bit, and the one conditional subtraction of every Montgomery product. Same representation.
 * Optional KREDC_MULX_MUL / KREDC_MULX_SQR: generated routines doing all of it with mulx/adx
 * (src/fp/mulx_mont.S), taken when the CPU has them (ctx->mulx, a public CPU fact). */
#include "fp/kern_wide.h"

static KWIDE_INLINE void K(mul_redc)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[2 * KL];
    K(wide_mul)(ctx, t, a, b);
    gn_limb_t top = KREDC(t);
    K(reduce_once)(ctx, r, t + KN, top);
}

static KWIDE_INLINE void K(sqr_redc)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t t[2 * KL];
    K(wide_sqr)(ctx, t, a);
    gn_limb_t top = KREDC(t);
    K(reduce_once)(ctx, r, t + KN, top);
}

#if defined(KREDC_MULX_MUL)
void KREDC_MULX_MUL(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void KREDC_MULX_SQR(gn_limb_t *r, const gn_limb_t *a);
#define KREDC_ASM(ctx) ((ctx)->mulx)
#else
#define KREDC_MULX_MUL(r, a, b) ((void)0)
#define KREDC_MULX_SQR(r, a) ((void)0)
#define KREDC_ASM(ctx) 0
#endif

static KINLINE void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    if (KREDC_ASM(ctx))
        KREDC_MULX_MUL(r, a, b);
    else
        K(mul_redc)(ctx, r, a, b);
    K_BOUND(ctx, r);
}

static KINLINE void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    if (KREDC_ASM(ctx))
        KREDC_MULX_SQR(r, a);
    else
        K(sqr_redc)(ctx, r, a);
    K_BOUND(ctx, r);
}
#elif defined(KGMP)
/* GMP's mpn layer (src/backend/gmp.c): the GMP back end of DESIGN section 12. KGMP_PM: canonical
 * residues (the set-up makes one, r2 and r3 equal to 1, so the conversions and the inversion's
 * fix-up below are products by 1) with the products folded modulo p = 2^k - c. */
#include "backend/gmp.h"
#if defined(KGMP_PM)
#define KGMP_MUL gn_fp_gmp_pm_mul
#define KGMP_SQR_FN gn_fp_gmp_pm_sqr
#else
#define KGMP_MUL gn_fp_gmp_mul
#define KGMP_SQR_FN gn_fp_gmp_sqr
#endif
static KINLINE void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    KGMP_MUL(ctx, r, a, b);
    K_BOUND(ctx, r);
}
#define KGMP_SQR 1
static KINLINE void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    KGMP_SQR_FN(ctx, r, a);
    K_BOUND(ctx, r);
}
#undef KGMP_MUL
#undef KGMP_SQR_FN
#elif defined(KMULX)
/* src/fp/mulx_mont.S (tools/gen_mulx.py): the product interleaved with its reduction (CIOS),
 * and the square with each cross product once, then reduced (SOS) */
#define KMULX_FN GN_CAT(gn_mulx_mont_mul, KN)
#define KMULX_SQR_FN GN_CAT(gn_mulx_mont_sqr, KN)
void KMULX_FN(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b, const gn_limb_t *p, gn_limb_t pinv);
void KMULX_SQR_FN(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *p, gn_limb_t pinv);
static KINLINE void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    KMULX_FN(r, a, b, ctx->p, ctx->pinv);
    K_BOUND(ctx, r);
}
static KINLINE void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    KMULX_SQR_FN(r, a, ctx->p, ctx->pinv);
    K_BOUND(ctx, r);
}
#undef KMULX_FN
#undef KMULX_SQR_FN
#else
static KINLINE void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K_BOUND(ctx, a);
    K_BOUND(ctx, b);
    K(mul_c)(ctx, r, a, b);
    K_BOUND(ctx, r);
}
#endif

#if !defined(KREDC) && !defined(KGMP_SQR) && !defined(KMULX)
static KINLINE void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K_BOUND(ctx, a);
    K(mul)(ctx, r, a, a);
    K_BOUND(ctx, r);
}
#endif

/* Canonical integer a < p into Montgomery form: a R^2 / R. */
static inline void K(from_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K(mul)(ctx, r, a, ctx->r2);
}

/* Montgomery form to the canonical integer: a / R (multiply by the integer 1). */
static inline void K(to_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t one[KL];
    GN_UNROLL for (size_t i = 0; i < KN; i++) one[i] = i == 0;
    K(mul)(ctx, r, a, one);
}

/* The inverse is computed on the raw residue x = a R (safegcd, src/fp/safegcd.c):
 * 1/(a R) times R^3, divided by R, is (1/a) R. */
static inline void K(inv_raw_in)(const gn_fp_ctx_t *ctx, gn_limb_t *x, const gn_limb_t *a)
{
    K(copy)(ctx, x, a);
}

static inline void K(inv_raw_out)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *y)
{
    K(mul)(ctx, r, y, ctx->r3);
}

/*
 * r = c a for 0 <= c < 2^31: t = c a has n + 1 limbs; the quotient q = floor(t / p) < c is
 * estimated as qhat = floor(T / d), T the top two limbs of t << ms_shift and d the top limb
 * of the normalised p, by the 2-by-1 division of Moller and Granlund ("Improved division by
 * invariant integers", 2011, algorithm 4, made branch-free). qhat >= q since p >= d B^(n-1)
 * (B = 2^W), and qhat - t/p < t/(d (d+1) B^(n-1)) < c/d <= 1 since t < c p and d >= 2^(W-1)
 * >= c; so qhat - q <= 1, t - qhat p lies in [-p, p), and one masked addition of p finishes.
 */
static inline void K(mul_small_31)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t c)
{
    gn_limb_t t[KL + 1], qp[KL + 1];
    t[KN] = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) t[KN] = mp_muladd2(&t[i], a[i], c, t[KN], 0);
    const unsigned s = ctx->ms_shift;
    /* top two limbs of t << s; (x >> 1) >> (W - 1 - s) is x >> (W - s) without an undefined shift by W */
    gn_limb_t below = KN >= 2 ? t[KN - 2] : 0;
    gn_limb_t u1 = (t[KN] << s) | ((t[KN - 1] >> 1) >> (GN_LIMB_BITS - 1 - s));
    gn_limb_t u0 = (t[KN - 1] << s) | ((below >> 1) >> (GN_LIMB_BITS - 1 - s));
    gn_limb_t q0, q1 = mp_muladd2(&q0, ctx->ms_v, u1, u0, 0);
    q1 += u1 + 1;
    gn_limb_t rem = u0 - q1 * ctx->ms_d;
    gn_limb_t adj = ct_lt(q0, rem);
    q1 += adj;
    rem += ctx->ms_d & adj;
    adj = ~ct_lt(rem, ctx->ms_d);
    q1 -= adj;
    /* t -= qhat p, then add p back if negative */
    qp[KN] = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) qp[KN] = mp_muladd2(&qp[i], ctx->p[i], q1, qp[KN], 0);
    gn_limb_t bw = 0;
    GN_UNROLL for (size_t i = 0; i <= KN; i++) bw = mp_subb(&t[i], t[i], qp[i], bw);
    gn_limb_t neg = ct_mask_msb(t[KN]), cy = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) cy = mp_addc(&t[i], t[i], ctx->p[i] & neg, cy);
    K(copy)(ctx, r, t);
}

static inline void K(mul_small)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c)
{
    if (c >> 31) { /* c is public: halve it to keep the quotient estimate in range */
        gn_limb_t t[KL];
        K(mul_small_31)(ctx, t, a, c >> 1);
        K(add)(ctx, t, t, t);
        if (c & 1)
            K(add)(ctx, t, t, a);
        K(copy)(ctx, r, t);
        return;
    }
    K(mul_small_31)(ctx, r, a, c);
}

static KINLINE gn_limb_t K(is_zero)(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    (void)ctx;
    return ct_is_zero_n(a, KN);
}

static KINLINE gn_limb_t K(eq)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    (void)ctx;
    return ct_eq_n(a, b, KN);
}

static KINLINE void K(cswap)(const gn_fp_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    (void)ctx;
    ct_cswap(mask, a, b, KN);
}

static KINLINE void K(cmov)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    (void)ctx;
    ct_cmov(mask, r, a, KN);
}
