/*
 * The Kummer surface formulas (src/tmpl/kummer.tmpl.h) instantiated over the operation-counting
 * kernel (count_kernel.h): gn_kummer_count_ops measures a doubling, a differential addition and
 * a ladder step (xDBLADD) of a given surface from the code that runs on the real kernels.
 */
#include <string.h>

#include "analysis/count_kernel.h"
#include "kummer/kummer_internal.h"

#define KPFX fp_cnt_
#define KSYM gn_fp_kern_generic
#define KUSYM gn_kummer_impl_count
#define FMULC_FN fp_cnt_mulc
#include "inst/kummer_inst.h"

gn_err gn_kummer_count_ops(const gn_kummer_ctx_t *ku, gn_kummer_op op, gn_op_counts_t *out)
{
    gn_kummer_ctx_t c;
    gn_err e;
    if (!ku || !out || (op != GN_KUMMER_OP_DBL && op != GN_KUMMER_OP_DIFF_ADD && op != GN_KUMMER_OP_LADDER_STEP))
        return GN_ERR_INVALID;
    memset(out, 0, sizeof *out);
    /* the same surface on the generic kernel, with the counting formulas */
    const gn_fp_t *src = ku->model == GN_KUMMER_THETA ? c.theta : c.mu;
    if ((e = count_field(&c.fp, &ku->fp)) != GN_OK || (e = gn_kummer_carry(&c, ku, &gn_kummer_impl_count)) != GN_OK)
        return e;
    /* inputs: the identity and any values (the formulas do not branch on them) */
    gn_limb_t p[GN_KUMMER_PT_LIMBS], q[GN_KUMMER_PT_LIMBS], d[GN_KUMMER_PT_LIMBS], r[GN_KUMMER_PT_LIMBS];
    for (size_t i = 0; i < 4; i++) {
        memcpy(p + i * GN_FP_MAX_LIMBS, src[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        memcpy(q + i * GN_FP_MAX_LIMBS, c.muhat[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        memcpy(d + i * GN_FP_MAX_LIMBS, c.mu[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
    }
    c.fp.counts = out;
    switch (op) {
    case GN_KUMMER_OP_DBL: c.impl->dbl(&c, r, p); break;
    case GN_KUMMER_OP_DIFF_ADD: c.impl->diff_add(&c, r, p, q, d); break;
    default: c.impl->dbladd(&c, p, q, d); break;
    }
    return GN_OK;
}

gn_err gn_kummer_counting(gn_kummer_ctx_t *dst, const gn_kummer_ctx_t *src, gn_op_counts_t *counts)
{
    gn_err e;
    if (!dst || !src || !counts || dst == src)
        return GN_ERR_INVALID;
    *dst = *src;
    if ((e = count_field(&dst->fp, &src->fp)) != GN_OK || (e = gn_kummer_carry(dst, src, &gn_kummer_impl_count)) != GN_OK)
        return e;
    dst->fp.counts = counts;
    return GN_OK;
}
