/*
 * The genus-2 Jacobian formulas (src/tmpl/g2.tmpl.h) instantiated over the operation-counting
 * kernel (count_kernel.h): gn_g2_count_ops measures an addition, a doubling and one step of
 * the constant-time scalar multiplication (one signed 4-bit digit: four doublings, an addition,
 * a table scan, a negation) on a given curve, from the code that runs on the real kernels.
 */
#include <string.h>

#include "analysis/count_kernel.h"
#include "g2/g2_internal.h"

#define KPFX fp_cnt_
#define KSYM gn_fp_kern_generic
#define G2SYM gn_g2_impl_count
#define FMULC_FN fp_cnt_mulc
#define FINV_FN fp_cnt_inv
#include "inst/g2_inst.h"

gn_err gn_g2_count_ops(const gn_g2_ctx_t *g, gn_g2_op op, gn_op_counts_t *out)
{
    gn_g2_ctx_t c;
    gn_err e;
    if (!g || !out || (op != GN_G2_OP_ADD && op != GN_G2_OP_DBL && op != GN_G2_OP_MUL_STEP))
        return GN_ERR_INVALID;
    memset(out, 0, sizeof *out);
    if (g->deg != 5)
        return GN_ERR_UNSUPPORTED; /* degree 6 runs Cantor's algorithm only */
    /* the same curve on the generic kernel, with the counting formulas */
    if ((e = count_field(&c.fp, &g->fp)) != GN_OK || (e = gn_g2_carry(&c, g, &gn_g2_impl_count)) != GN_OK)
        return e;
    /* inputs: any values of degree 2 (the formulas do not branch on them) */
    gn_limb_t a[GN_G2_EL_LIMBS] = {0}, b[GN_G2_EL_LIMBS] = {0}, r[GN_G2_EL_LIMBS], k = 9;
    gn_op_counts_t pre = {0};
    for (size_t i = 0; i < 4; i++) {
        memcpy(a + i * GN_FP_MAX_LIMBS, c.f[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        memcpy(b + i * GN_FP_MAX_LIMBS, c.f[i + 1].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
    }
    c.fp.counts = out;
    switch (op) {
    case GN_G2_OP_ADD: (void)c.impl->grp.add(&c, r, a, b); break;
    case GN_G2_OP_DBL: (void)c.impl->grp.dbl(&c, r, a); break;
    default: /* one window: the whole run over 4 bits less the table (a run over 0 bits) */
        (void)gn_g2_mul_window(&c, r, a, &k, 4);
        c.fp.counts = &pre;
        (void)gn_g2_mul_window(&c, r, a, &k, 0);
        out->m -= pre.m, out->s -= pre.s, out->d -= pre.d, out->c -= pre.c, out->a -= pre.a, out->i -= pre.i;
        break;
    }
    return GN_OK;
}

gn_err gn_g2_counting(gn_g2_ctx_t *dst, const gn_g2_ctx_t *src, gn_op_counts_t *counts)
{
    gn_err e;
    if (!dst || !src || !counts || dst == src)
        return GN_ERR_INVALID;
    *dst = *src;
    if ((e = count_field(&dst->fp, &src->fp)) != GN_OK || (e = gn_g2_carry(dst, src, &gn_g2_impl_count)) != GN_OK)
        return e;
    dst->fp.counts = counts;
    return GN_OK;
}
