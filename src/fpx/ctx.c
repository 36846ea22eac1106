/* Extension-field context: checks or chooses the non-residue, precomputes Frobenius and square-root constants. */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "genus/fpx.h"
#include "genus/mp.h"
#include "mp/limb.h"

/* F_p element of the small integer v (|v| < p). */
static void fp_small(const gn_fp_ctx_t *fp, gn_fp_t *r, int64_t v)
{
    gn_fp_set_u64(fp, r, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
    if (v < 0)
        gn_fp_neg(fp, r, r);
}

/* 1 when a is a non-cube of F_p (p = 1 mod 3): a^((p-1)/3) != 1. */
static int is_noncube(const gn_fp_ctx_t *fp, const gn_fp_t *a, const gn_limb_t *e_third)
{
    gn_fp_t t, one;
    if (gn_fp_is_zero(fp, a))
        return 0;
    gn_fp_pow_var(fp, &t, a, e_third, fp->n);
    gn_fp_set_one(fp, &one);
    return !gn_fp_eq(fp, &t, &one);
}

static int is_nonresidue(const gn_fpx_ctx_t *ctx, const gn_fp_t *a, const gn_limb_t *e_third)
{
    return ctx->degree == 2 ? gn_fp_legendre_var(&ctx->fp, a) == -1 : is_noncube(&ctx->fp, a, e_third);
}

/* Record how to multiply by nr: -1, a small signed integer, or a general element. */
static void classify_nonresidue(gn_fpx_ctx_t *ctx)
{
    const gn_fp_ctx_t *fp = &ctx->fp;
    gn_limb_t c[GN_FP_MAX_LIMBS], m[GN_FP_MAX_LIMBS];
    gn_fp_t neg;
    gn_fp_get_mp(fp, c, fp->n, &ctx->nr);
    gn_fp_neg(fp, &neg, &ctx->nr);
    gn_fp_get_mp(fp, m, fp->n, &neg);
    ctx->nr_kind = GN_NR_GENERAL;
    for (int sign = 0; sign < 2; sign++) {
        const gn_limb_t *v = sign ? m : c;
        size_t bits = gn_mp_bits_var(v, fp->n);
        if (bits <= 31) {
            ctx->nr_abs = (uint32_t)v[0];
            ctx->nr_negative = sign;
            ctx->nr_kind = (sign && ctx->nr_abs == 1) ? GN_NR_MINUS_ONE : GN_NR_SMALL;
            return;
        }
    }
}

/* q = p^degree; sqrt kind, exponents and, for Tonelli-Shanks, a non-square's power. */
static void setup_sqrt(gn_fpx_ctx_t *ctx)
{
    const gn_fp_ctx_t *fp = &ctx->fp;
    const gn_fpx_kernel_t *k = ctx->kern;
    const size_t n = fp->n, qn = 3 * GN_FP_MAX_LIMBS;
    gn_limb_t q[3 * GN_FP_MAX_LIMBS] = {0}, p2[2 * GN_FP_MAX_LIMBS], t[3 * GN_FP_MAX_LIMBS];
    gn_mp_mul(p2, fp->p, n, fp->p, n);
    if (ctx->degree == 2)
        memcpy(q, p2, 2 * n * sizeof(gn_limb_t));
    else
        gn_mp_mul(q, p2, 2 * n, fp->p, n);
    gn_mp_sub_limb(t, q, qn, 1); /* t = q - 1 */
    gn_mp_rshift(ctx->e_half, t, qn, 1);
    unsigned s = 0;
    while (!((t[s / GN_LIMB_BITS] >> (s % GN_LIMB_BITS)) & 1))
        s++;
    ctx->two_adicity = s;
    if ((q[0] & 3) == 3) {
        ctx->sqrt_kind = GN_SQRT_3MOD4;
        gn_mp_add_limb(ctx->e_sqrt, q, qn, 1);
        gn_mp_rshift(ctx->e_sqrt, ctx->e_sqrt, qn, 2);
    } else if ((q[0] & 7) == 5) {
        ctx->sqrt_kind = GN_SQRT_5MOD8;
        gn_mp_sub_limb(ctx->e_sqrt, q, qn, 5);
        gn_mp_rshift(ctx->e_sqrt, ctx->e_sqrt, qn, 3);
    } else {
        ctx->sqrt_kind = GN_SQRT_TS;
        gn_limb_t odd[3 * GN_FP_MAX_LIMBS];
        gn_mp_rshift(odd, t, qn, s);
        gn_mp_rshift(ctx->e_sqrt, odd, qn, 1);
        /* a non-square z = c + x (x the generator i or j): z is a square iff its norm is */
        gn_fp_t coeff[3], nz;
        gn_fpx_t z;
        for (int64_t c = 0;; c++) {
            fp_small(fp, &coeff[0], c);
            gn_fp_set_one(fp, &coeff[1]);
            gn_fp_set_zero(fp, &coeff[2]);
            gn_fpx_set(ctx, &z, coeff);
            gn_fpx_norm(ctx, &nz, &z);
            if (gn_fp_legendre_var(fp, &nz) == -1)
                break;
        }
        k->pow_var(ctx, ctx->sqrt_c, z.v, odd, qn);
    }
}

gn_err gn_fpx_init(gn_fpx_ctx_t *ctx, const gn_fp_ctx_t *fp, unsigned degree, const gn_fp_t *nonresidue)
{
    gn_limb_t e_third[GN_FP_MAX_LIMBS] = {0}, pm1[GN_FP_MAX_LIMBS], rem[1];
    if (!ctx || !fp || (degree != 2 && degree != 3))
        return GN_ERR_INVALID;
    memset(ctx, 0, sizeof *ctx);
    ctx->fp = *fp;
    ctx->degree = degree;
    ctx->kern = degree == 2 ? fp->kern->fp2 : fp->kern->fp3;
    if (degree == 3) {
        gn_limb_t three[1] = {3};
        gn_mp_sub_limb(pm1, fp->p, fp->n, 1);
        if (gn_mp_divrem_var(e_third, rem, pm1, fp->n, three, 1) != GN_OK || rem[0] != 0)
            return GN_ERR_UNSUPPORTED; /* p != 1 mod 3: every element is a cube */
    }
    if (nonresidue) {
        if (!is_nonresidue(ctx, nonresidue, e_third))
            return GN_ERR_NOT_RESIDUE;
        ctx->nr = *nonresidue;
    } else {
        /* -1 first (degree 2), then 2, -2, 3, -3, ... */
        int64_t cand = degree == 2 ? -1 : 2;
        for (;;) {
            fp_small(fp, &ctx->nr, cand);
            if (is_nonresidue(ctx, &ctx->nr, e_third))
                break;
            cand = cand < 0 ? -cand + 1 : -cand;
        }
    }
    classify_nonresidue(ctx);
    if (degree == 3) {
        gn_fp_pow_var(fp, &ctx->frob[0], &ctx->nr, e_third, fp->n);
        gn_fp_sqr(fp, &ctx->frob[1], &ctx->frob[0]);
    }
    setup_sqrt(ctx);
    return GN_OK;
}
