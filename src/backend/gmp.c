/*
 * The GMP back end's products (DESIGN section 12): Montgomery multiplication from GMP's mpn
 * layer, for the field kernel of src/inst/fp_gmp.c (kern_mont.h with KGMP). The product is
 * mpn_sec_mul / mpn_sec_sqr (GMP documents their time as independent of the operands), the
 * reduction a word at a time by mpn_addmul_1 (a fixed loop over n limbs) with the rows' carries
 * added at the end by mpn_add_n, and the final subtraction chosen by mask: every call's time
 * depends on n alone.
 *
 * For p = 2^k - c with c < 2^32 (2^521 - 1, 2^255 - 19, 2^127 - 1, secp256k1's prime) the kernel
 * gmp-pm keeps canonical residues instead and reduces the product by folding: t = hi 2^k + lo is
 * lo + c hi mod p (mpn_rshift, mpn_addmul_1), folded twice, then one masked subtraction; fixed
 * loops over n limbs, as above. At 9 limbs it saves the n mpn_addmul_1 rows of the Montgomery
 * reduction (docs/BACKENDS.md).
 */
#include <gmp.h>
#include <string.h>

#include "backend/gmp.h"
#include "fp/fp_internal.h"
#include "mp/limb.h"
#include "util/ct.h"

#if GMP_NUMB_BITS != GN_LIMB_BITS || GMP_NAIL_BITS != 0
#error "the GMP kernel needs GMP limbs of the library's limb width (64-bit limbs, no nails)"
#endif

/* limbs of mpn_sec_mul/_sqr scratch on the stack: GMP 6 asks none (its itch functions give 0
 * for every n here), older versions a few times n; gn_fp_gmp_fits refuses sizes that need more */
#define SCRATCH (4 * GN_FP_MAX_LIMBS)

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

/* r = t mod p for p = 2^k - c (k = ctx->bits, c = -p mod 2^64 < 2^32), t < p^2 (2n limbs) */
static void fold(const gn_fp_ctx_t *ctx, gn_limb_t *r, const mp_limb_t *t)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    const unsigned k = (unsigned)ctx->bits, s = k % GMP_NUMB_BITS, w = k / GMP_NUMB_BITS;
    const mp_limb_t c = (mp_limb_t)0 - (mp_limb_t)ctx->p[0], *p = (const mp_limb_t *)ctx->p;
    const mp_limb_t top = s ? ((mp_limb_t)1 << s) - 1 : ~(mp_limb_t)0;
    mp_limb_t hi[2 * GN_FP_MAX_LIMBS], lo[GN_FP_MAX_LIMBS + 1], d[GN_FP_MAX_LIMBS];
    /* hi = t >> k (below 2^k: n limbs), lo = t mod 2^k (s = 0: k = 64 n) */
    if (s)
        mpn_rshift(hi, t + w, 2 * n - (mp_size_t)w, s);
    else
        mpn_copyi(hi, t + w, n);
    mpn_copyi(lo, t, n);
    lo[n - 1] &= top;
    /* lo + c hi < (c + 1) 2^k: n limbs and a carry limb */
    lo[n] = mpn_addmul_1(lo, hi, n, c);
    /* again with the bits at and above k, h2 <= c < 2^32: lo + c h2 < 2^k + 2^64 < 2p */
    mp_limb_t h2 = s ? (lo[n - 1] >> s) | (lo[n] << (GMP_NUMB_BITS - s)) : lo[n];
    lo[n - 1] &= top;
    gn_limb_t cy = (gn_limb_t)mpn_addmul_1(lo, &h2, 1, c);
    /* the carry through the other limbs by a fixed loop: gmp.h's inline mpn_add_1 stops early */
    for (mp_size_t i = 1; i < n; i++)
        cy = mp_addc((gn_limb_t *)&lo[i], (gn_limb_t)lo[i], 0, cy);
    lo[n] = cy;
    /* subtract p unless that borrows with the top limb clear */
    mp_limb_t bw = mpn_sub_n(d, lo, p, n);
    gn_limb_t keep = ct_is_nonzero((gn_limb_t)bw) & ct_is_zero((gn_limb_t)lo[n]);
    for (mp_size_t i = 0; i < n; i++)
        r[i] = ct_mux(keep, (gn_limb_t)lo[i], (gn_limb_t)d[i]);
}

void gn_fp_gmp_pm_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    mp_limb_t t[2 * GN_FP_MAX_LIMBS], scratch[SCRATCH];
    mpn_sec_mul(t, (const mp_limb_t *)a, n, (const mp_limb_t *)b, n, scratch);
    fold(ctx, r, t);
}

void gn_fp_gmp_pm_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const mp_size_t n = (mp_size_t)ctx->n;
    mp_limb_t t[2 * GN_FP_MAX_LIMBS], scratch[SCRATCH];
    mpn_sec_sqr(t, (const mp_limb_t *)a, n, scratch);
    fold(ctx, r, t);
}

int gn_fp_gmp_pm_serves(const gn_limb_t *p, size_t n, size_t bits)
{
    /* p + c = 2^bits for c = -p mod 2^64, 0 < c < 2^32; n >= 2 and bits >= 66 (the folds' bounds) */
    const gn_limb_t c = (gn_limb_t)0 - p[0];
    if (n < 2 || bits < 66 || !c || c >> 32)
        return 0;
    gn_limb_t q[GN_FP_MAX_LIMBS], carry = mp_addc(&q[0], p[0], c, 0);
    for (size_t i = 1; i < n; i++)
        carry = mp_addc(&q[i], p[i], 0, carry);
    const size_t w = bits / GN_LIMB_BITS, sft = bits % GN_LIMB_BITS;
    for (size_t i = 0; i < n; i++)
        if (q[i] != (sft && i == w ? (gn_limb_t)1 << sft : 0))
            return 0;
    return sft ? carry == 0 : carry == 1 && w == n;
}

int gn_fp_gmp_fits(size_t n)
{
    mp_size_t m = (mp_size_t)n;
    return mpn_sec_mul_itch(m, m) <= SCRATCH && mpn_sec_sqr_itch(m) <= SCRATCH;
}
