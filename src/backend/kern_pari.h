/*
 * The PARI field kernel: the K(op) interface of src/fp/kernel.h over PARI's Fp_ functions
 * (src/backend/pari.c), so that every curve formula runs on it unchanged (DESIGN section 12).
 * Elements are canonical integers in [0, p) laid out as PARI t_INTs (backend/pari.h); the
 * word operations (copy, comparison, selection) stay here, the arithmetic is PARI's.
 *
 * The including file defines KPFX and K.
 */
#include <string.h>

#include "backend/pari.h"
#include "fp/fp_internal.h"
#include "util/ct.h"

#define KL (GN_FP_MAX_LIMBS + 2) /* a t_INT of up to GN_FP_MAX_LIMBS words: type, length, digits */
#define KOPAQUE
#define KW(ctx) GN_PARI_WORDS(ctx)

typedef gn_limb_t K(fe)[KL];

static inline void K(set_zero)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    gn_fp_pari_set_zero(ctx, r);
}

static inline void K(copy)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    if (r != a)
        memcpy(r, a, KW(ctx) * sizeof *r);
}

static inline void K(set_one)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    K(copy)(ctx, r, ctx->one);
}

#define K_PARI_OP2(op)                                                                                    \
    static inline void K(op)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b) \
    {                                                                                                     \
        GN_CAT(gn_fp_pari_, op)(ctx, r, a, b);                                                            \
    }
#define K_PARI_OP1(op)                                                                       \
    static inline void K(op)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)       \
    {                                                                                        \
        GN_CAT(gn_fp_pari_, op)(ctx, r, a);                                                  \
    }
K_PARI_OP2(add)
K_PARI_OP2(sub)
K_PARI_OP2(mul)
K_PARI_OP1(neg)
K_PARI_OP1(sqr)
K_PARI_OP1(half)
K_PARI_OP1(from_canon)
K_PARI_OP1(to_canon)
#undef K_PARI_OP1
#undef K_PARI_OP2

static inline void K(mul_small)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c)
{
    gn_fp_pari_mul_small(ctx, r, a, c);
}

/* The inversion templates run on the canonical integer, which is the element's value. */
static inline void K(inv_raw_in)(const gn_fp_ctx_t *ctx, gn_limb_t *x, const gn_limb_t *a)
{
    K(to_canon)(ctx, x, a);
}

static inline void K(inv_raw_out)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *y)
{
    K(from_canon)(ctx, r, y);
}

static inline gn_limb_t K(is_zero)(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    return gn_fp_pari_is_zero(ctx, a);
}

/* equal values have equal words: the type word is fixed, the unused limbs zero */
static inline gn_limb_t K(eq)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    return ct_eq_n(a, b, KW(ctx));
}

static inline void K(cswap)(const gn_fp_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    ct_cswap(mask, a, b, KW(ctx));
}

static inline void K(cmov)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    ct_cmov(mask, r, a, KW(ctx));
}
