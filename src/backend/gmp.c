/*
 * The GMP back end's products (DESIGN section 12): Montgomery multiplication from GMP's mpn
 * layer, for the field kernel of src/inst/fp_gmp.c (kern_mont.h with KGMP). The product is
 * mpn_sec_mul / mpn_sec_sqr (GMP documents their time as independent of the operands), the
 * reduction a word at a time by mpn_addmul_1 (a fixed loop over n limbs) with the rows' carries
 * added at the end by mpn_add_n, and the final subtraction chosen by mask: every call's time
 * depends on n alone.
 */
#include <gmp.h>
#include <string.h>

#include "backend/gmp.h"
#include "fp/fp_internal.h"
#include "util/ct.h"

#if GMP_NUMB_BITS != GN_LIMB_BITS || GMP_NAIL_BITS != 0
#error "the GMP kernel needs GMP limbs of the library's limb width (64-bit limbs, no nails)"
#endif

#define SCRATCH 256 /* limbs: mpn_sec_mul_itch(16, 16) and mpn_sec_sqr_itch(16) are far below */

/* r = t / R mod p for t < p R (2n limbs, destroyed), R = 2^(64 n) */
static void redc(const gn_fp_ctx_t *ctx, gn_limb_t *r, mp_limb_t *t, mp_limb_t *scratch)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    const mp_limb_t *p = (const mp_limb_t *)ctx->p;
    mp_limb_t d[GN_FP_MAX_LIMBS], cy[GN_FP_MAX_LIMBS];
    (void)scratch;
    /* row i adds m p at limb i; its carry belongs at limb i + n, which no later row reads
     * (they read limbs below n): the carries are added at once at the end */
    for (mp_size_t i = 0; i < n; i++)
        cy[i] = mpn_addmul_1(t + i, p, n, t[i] * (mp_limb_t)ctx->pinv);
    mp_limb_t hi = mpn_add_n(t + n, t + n, cy, n);
    /* t / R = t[n..2n) + hi 2^(64 n) < 2p: subtract p unless that borrows (and hi is clear) */
    mp_limb_t bw = mpn_sub_n(d, t + n, p, n);
    gn_limb_t keep = ct_is_nonzero((gn_limb_t)bw) & ct_is_zero((gn_limb_t)hi); /* t/R < p */
    for (mp_size_t i = 0; i < n; i++)
        r[i] = ct_mux(keep, (gn_limb_t)t[n + i], (gn_limb_t)d[i]);
}

void gn_fp_gmp_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    mp_limb_t t[2 * GN_FP_MAX_LIMBS], scratch[SCRATCH];
    mpn_sec_mul(t, (const mp_limb_t *)a, n, (const mp_limb_t *)b, n, scratch);
    redc(ctx, r, t, scratch);
}

void gn_fp_gmp_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    mp_limb_t t[2 * GN_FP_MAX_LIMBS], scratch[SCRATCH];
    mpn_sec_sqr(t, (const mp_limb_t *)a, n, scratch);
    redc(ctx, r, t, scratch);
}

int gn_fp_gmp_fits(size_t n)
{
    mp_size_t m = (mp_size_t)n;
    return mpn_sec_mul_itch(m, m) <= SCRATCH && mpn_sec_sqr_itch(m) <= SCRATCH;
}
