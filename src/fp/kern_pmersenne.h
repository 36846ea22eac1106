/*
 * Kernel for a pseudo-Mersenne prime p = 2^PM_K - PM_C (2^255 - 19, 2^127 - 1, 2^521 - 1,
 * 2^256 - 2^32 - 977),
 * written once over limbs of either width. Elements are kept in [0, 2^(W KN)),
 * not necessarily below p (lazy reduction); 2^(W KN) = FOLD mod p with
 * FOLD = PM_C 2^(W KN - PM_K), so a carry out of the top limb is folded back as
 * FOLD times the carry. Canonical form (mod p) is produced only for comparisons
 * and encodings.
 *
 * The instantiating file defines K(name), KN (limbs), KL (= KN), PM_K, PM_C.
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "mp/limb.h"
#include "util/ct.h"
#include "util/verify.h"

#if defined(GN_NO_SPEED_HINTS) /* sanitizer builds: see CMakeLists.txt */
#define GN_UNROLL
#elif defined(__GNUC__) && !defined(__clang__)
#define GN_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__)
#define GN_UNROLL _Pragma("unroll")
#else
#define GN_UNROLL
#endif

#define PM_FOLD ((gn_limb_t)PM_C << (GN_LIMB_BITS * KN - PM_K))
#define KCANON 1 /* plain residues (gn_fp_kernel_t.canonical) */

/* Small operations forced inline into the curve formulas (see kern_mont.h). */
typedef gn_limb_t K(fe)[KL];

static GN_ALWAYS_INLINE void K(set_zero)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = 0;
}

static GN_ALWAYS_INLINE void K(copy)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = a[i];
}

static GN_ALWAYS_INLINE void K(set_one)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    K(copy)(ctx, r, ctx->one);
}

/* r += x FOLD for x < 2^W. If the sum wraps, r is then below x FOLD < 2^(2W) - FOLD,
 * so folding that carry once more cannot wrap again. */
static GN_ALWAYS_INLINE void K(fold)(gn_limb_t *r, gn_limb_t x)
{
    gn_limb_t lo, hi = mp_mul_wide(&lo, x, PM_FOLD), c;
    c = mp_addc(&r[0], r[0], lo, 0);
    c = mp_addc(&r[1], r[1], hi, c);
    GN_UNROLL for (size_t i = 2; i < KN; i++) c = mp_addc(&r[i], r[i], 0, c);
    c = mp_addc(&r[0], r[0], c * PM_FOLD, 0);
    GN_UNROLL for (size_t i = 1; i < KN; i++) c = mp_addc(&r[i], r[i], 0, c);
    GN_CHECK(c == 0); /* the second fold did not wrap */
}

/* r += c FOLD for a carry bit c, by masks rather than a multiplication; a wrap leaves r below
 * FOLD, so the second fold into the low limb cannot wrap (FOLD <= 2^63 for every instance). */
static GN_ALWAYS_INLINE void K(fold_bit)(gn_limb_t *r, gn_limb_t c)
{
    c = mp_addc(&r[0], r[0], (0 - c) & PM_FOLD, 0);
    GN_UNROLL for (size_t i = 1; i < KN; i++) c = mp_addc(&r[i], r[i], 0, c);
    GN_CHECK(r[0] <= GN_LIMB_MAX - ((0 - c) & PM_FOLD)); /* the second fold cannot wrap */
    r[0] += (0 - c) & PM_FOLD;
}

static GN_ALWAYS_INLINE void K(add)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    (void)ctx;
    gn_limb_t c = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_addc(&r[i], a[i], b[i], c);
    K(fold_bit)(r, c);
}

/* a - b - bw 2^(W KN) = a - b - bw FOLD; a second borrow leaves r above 2^(W KN) - FOLD,
 * so subtracting FOLD again from the low limb cannot borrow. */
static GN_ALWAYS_INLINE void K(sub)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    (void)ctx;
    gn_limb_t bw = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) bw = mp_subb(&r[i], a[i], b[i], bw);
    gn_limb_t bw2 = mp_subb(&r[0], r[0], (0 - bw) & PM_FOLD, 0);
    GN_UNROLL for (size_t i = 1; i < KN; i++) bw2 = mp_subb(&r[i], r[i], 0, bw2);
    GN_CHECK(r[0] >= ((0 - bw2) & PM_FOLD)); /* the second subtraction cannot borrow */
    r[0] -= (0 - bw2) & PM_FOLD;
}

static GN_ALWAYS_INLINE void K(neg)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t z[KL];
    K(set_zero)(ctx, z);
    K(sub)(ctx, r, z, a);
}

/* Product of 2 KN limbs reduced: low + FOLD high, then the carry folded again. */
static inline void K(reduce_wide)(gn_limb_t *r, const gn_limb_t *t)
{
    gn_limb_t c = 0;
#if (PM_C) == 1 && (GN_LIMB_BITS * KN) > (PM_K)
    /* FOLD = 2^s: high times FOLD is a shift, no multiplication */
    const unsigned s = GN_LIMB_BITS * KN - (PM_K);
    GN_UNROLL for (size_t i = 0; i < KN; i++) {
        gn_limb_t v = (t[KN + i] << s) | (i ? t[KN + i - 1] >> (GN_LIMB_BITS - s) : 0);
        c = mp_addc(&r[i], t[i], v, c);
    }
    K(fold)(r, (t[2 * KN - 1] >> (GN_LIMB_BITS - s)) + c);
#else
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_muladd2(&r[i], t[KN + i], PM_FOLD, t[i], c);
    K(fold)(r, c);
#endif
}

#include "fp/kern_wide.h"

/* An instantiation may supply mulx/adx routines for the whole modular product (PM_ASM_MUL,
 * PM_ASM_SQR: src/fp/mulx_p25519.S), taken when the CPU has them (ctx->mulx, a public fact). */
#if defined(PM_ASM_MUL)
void PM_ASM_MUL(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void PM_ASM_SQR(gn_limb_t *r, const gn_limb_t *a);
#define PM_ASM(ctx, call) ((ctx)->mulx ? ((call), 1) : 0)
#else
#define PM_ASM(ctx, call) 0
#endif

/* The C product and square: out of line beyond 4 limbs (kern_wide.h), while the choice of the
 * assembly is inlined into the formulas (a call through an out-of-line wrapper cost P-521 2%). */
static KWIDE_INLINE void K(mul_wide)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[2 * KL];
    K(wide_mul)(ctx, t, a, b);
    K(reduce_wide)(r, t);
}

static KWIDE_INLINE void K(sqr_wide)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t t[2 * KL];
    K(wide_sqr)(ctx, t, a);
    K(reduce_wide)(r, t);
}

static GN_ALWAYS_INLINE void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    if (!PM_ASM(ctx, PM_ASM_MUL(r, a, b)))
        K(mul_wide)(ctx, r, a, b);
}

static GN_ALWAYS_INLINE void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    if (!PM_ASM(ctx, PM_ASM_SQR(r, a)))
        K(sqr_wide)(ctx, r, a);
}

static inline void K(mul_small)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t cst)
{
    (void)ctx;
    gn_limb_t c = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_muladd2(&r[i], a[i], cst, c, 0);
    K(fold)(r, c);
}

/* Canonical residue in [0, p): fold the bits at and above PM_K, then subtract p once. */
static inline void K(to_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const size_t top = (PM_K) / GN_LIMB_BITS;
    const unsigned sh = (PM_K) % GN_LIMB_BITS;
    gn_limb_t t[KL], d[KL], bw = 0;
    K(copy)(ctx, t, a);
#if (PM_K) == GN_LIMB_BITS * KN
    /* a < 2^PM_K = p + PM_C < 2p already */
    (void)top;
    (void)sh;
#else
    /* a = lo + hi 2^PM_K with hi < 2^(W KN - PM_K): lo + PM_C hi < 2p (PM_C hi < 2^PM_K - PM_C) */
    gn_limb_t hi = (t[top] >> sh), c;
    t[top] &= ((gn_limb_t)1 << sh) - 1;
    c = mp_muladd2(&t[0], hi, PM_C, t[0], 0);
    GN_UNROLL for (size_t i = 1; i < KN; i++) c = mp_addc(&t[i], t[i], 0, c);
#endif
    GN_UNROLL for (size_t i = 0; i < KN; i++) bw = mp_subb(&d[i], t[i], ctx->p[i], bw);
    gn_limb_t keep_t = ct_mask_bit(bw);
    GN_UNROLL for (size_t i = 0; i < KN; i++) r[i] = ct_mux(keep_t, t[i], d[i]);
#if GN_VERIFY /* t was below 2p: one subtraction brought it below p */
    gn_limb_t chk = 0;
    for (size_t i = 0; i < KN; i++)
        chk = mp_subb(&d[i], r[i], ctx->p[i], chk);
    GN_CHECK(chk == 1);
#endif
}

static inline void K(from_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K(copy)(ctx, r, a);
}

static inline void K(inv_raw_in)(const gn_fp_ctx_t *ctx, gn_limb_t *x, const gn_limb_t *a)
{
    K(to_canon)(ctx, x, a);
}

static inline void K(inv_raw_out)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *y)
{
    K(copy)(ctx, r, y);
}

/* a / 2: a + p when odd (one carry bit beyond KN limbs), shifted right. */
static GN_ALWAYS_INLINE void K(half)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t t[KL], c = 0, odd = ct_mask_bit(a[0]);
    GN_UNROLL for (size_t i = 0; i < KN; i++) c = mp_addc(&t[i], a[i], ctx->p[i] & odd, c);
    GN_UNROLL for (size_t i = 0; i + 1 < KN; i++) r[i] = (t[i] >> 1) | (t[i + 1] << (GN_LIMB_BITS - 1));
    r[KN - 1] = (t[KN - 1] >> 1) | (c << (GN_LIMB_BITS - 1));
}

static GN_ALWAYS_INLINE gn_limb_t K(is_zero)(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    gn_limb_t t[KL];
    K(to_canon)(ctx, t, a);
    return ct_is_zero_n(t, KN);
}

static GN_ALWAYS_INLINE gn_limb_t K(eq)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[KL];
    K(sub)(ctx, t, a, b);
    return K(is_zero)(ctx, t);
}

static GN_ALWAYS_INLINE void K(cswap)(const gn_fp_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    (void)ctx;
    ct_cswap(mask, a, b, KN);
}

static GN_ALWAYS_INLINE void K(cmov)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    (void)ctx;
    ct_cmov(mask, r, a, KN);
}
