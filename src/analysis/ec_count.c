/*
 * The curve formulas instantiated over the operation-counting kernel (count_kernel.h). The
 * counts are measured from the formula code itself (src/tmpl/ec_*.tmpl.h), never typed by hand.
 */
#include <string.h>

#include "analysis/count_kernel.h"

#define KPFX fp_cnt_
#define KSYM gn_fp_kern_generic
#define ECSYM gn_ec_impl_count
#define FMULC_FN fp_cnt_mulc
#define FMULNRC_FN fp_cnt_mulnrc
#define FINV_FN fp_cnt_inv
#include "inst/ec_inst.h"

/* ec rebuilt over the generic kernel with the counting formulas; constants carried over. */
static gn_err counting_copy(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_op_counts_t *counts)
{
    gn_err e;
    *dst = *src;
    gn_fp_t *dfe[] = {&dst->a, &dst->b, &dst->k[0], &dst->k[1], &dst->k[2], &dst->k[3], &dst->g.x, &dst->g.y};
    const gn_fp_t *sfe[] = {&src->a, &src->b, &src->k[0], &src->k[1], &src->k[2], &src->k[3], &src->g.x, &src->g.y};
    if ((e = count_field(&dst->fp, &src->fp)) != GN_OK ||
        (e = count_elems(&dst->fp, dfe, &src->fp, sfe, sizeof dfe / sizeof dfe[0])) != GN_OK)
        return e;
    dst->impl = &gn_ec_impl_count;
    gn_ec_choose_ops(dst);
    dst->fp.counts = counts;
    return GN_OK;
}

gn_err gn_ec_count_ops(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_op_counts_t *out)
{
    gn_ec_ctx_t c;
    gn_err e;
    if (!ec || !out)
        return GN_ERR_INVALID;
    memset(out, 0, sizeof *out);
    gn_op_counts_t scratch;
    if ((e = counting_copy(&c, ec, &scratch)) != GN_OK)
        return e;
    gn_limb_t p[GN_COUNT_PT_LIMBS], q[GN_COUNT_PT_LIMBS], r[GN_COUNT_PT_LIMBS], st[5 * GN_FP_MAX_LIMBS];
    gn_ec_point_t g2;
    /* inputs: G and 2G (set up with counting switched to scratch) */
    if (coords == GN_EC_XZ || coords == GN_EC_COZ) {
        if (op != GN_EC_OP_LADDER_STEP)
            return GN_ERR_UNSUPPORTED;
        if (coords == GN_EC_XZ && ec->model != GN_EC_MONTGOMERY && ec->model != GN_EC_WEIERSTRASS)
            return GN_ERR_UNSUPPORTED;
        if (coords == GN_EC_COZ && ec->model != GN_EC_WEIERSTRASS)
            return GN_ERR_UNSUPPORTED;
        for (size_t i = 0; i < 5; i++)
            gn_fp_set_one(&c.fp, (gn_fp_t *)(void *)(st + i * GN_FP_MAX_LIMBS)); /* any values do */
        memcpy(st, c.g.x.v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        c.fp.counts = out;
        if (coords == GN_EC_COZ)
            c.impl->coz_step(&c, st);
        else if (ec->model == GN_EC_MONTGOMERY)
            c.impl->mont_step(&c, st, c.g.x.v);
        else
            c.impl->wei_step(&c, st, c.g.x.v);
        return GN_OK;
    }
    const gn_ec_pt_ops_t *o = gn_ec_ops(&c, coords);
    if (!o)
        return GN_ERR_UNSUPPORTED;
    o->from_aff(&c, p, &c.g);
    o->grp.dbl(&c, q, p);
    o->to_aff(&c, &g2, q);
    o->from_aff(&c, q, &g2);
    o->grp.dbl(&c, q, q); /* q = 4G with Z != 1 */
    c.fp.counts = out;
    switch (op) {
    case GN_EC_OP_ADD: o->grp.add(&c, r, q, p); break;
    case GN_EC_OP_MADD: o->grp.madd(&c, r, q, p); break;
    case GN_EC_OP_DBL: o->grp.dbl(&c, r, q); break;
    case GN_EC_OP_LADDER_STEP:
        o->grp.add(&c, r, q, p);
        o->grp.dbl(&c, r, q);
        break;
    default: return GN_ERR_INVALID;
    }
    return GN_OK;
}

gn_err gn_ec_counting(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_op_counts_t *counts)
{
    if (!dst || !src || !counts || dst == src)
        return GN_ERR_INVALID;
    /* every constant of src carried onto the generic kernel, then the counting formulas, over
     * the narrow elements where p fits them */
    gn_err e = gn_ec_with_kernel(dst, src, GN_FP_KERNEL_GENERIC, NULL, NULL);
    if (e != GN_OK)
        return e;
    dst->impl = dst->fp.n <= GN_COUNT_NARROW_LIMBS ? &gn_ec_impl_count_narrow : &gn_ec_impl_count;
    gn_ec_choose_ops(dst);
    dst->fp.counts = counts;
    return GN_OK;
}
