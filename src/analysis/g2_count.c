/*
 * The genus-2 Jacobian formulas (src/tmpl/g2.tmpl.h) instantiated over the operation-counting
 * kernel (count_kernel.h): gn_g2_count_ops measures an addition, a doubling and one step of
 * the constant-time scalar multiplication (one signed 4-bit digit: four doublings, an addition,
 * a table scan, a negation: gn_g2_mul_digit) on a given curve, from the code that runs on the
 * real kernels.
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

/* Inputs: any values of degree 2 (the formulas do not branch on them): the curve's f0..f3 and
 * f1..f4 as the coordinates of a and b. */
static void count_input(const gn_g2_ctx_t *c, gn_limb_t *e, size_t first)
{
    const size_t fl = c->impl->fl;
    for (size_t i = 0; i < 4; i++)
        memcpy(e + i * fl, c->f[first + i].v, fl * sizeof(gn_limb_t));
    e[4 * fl] = 0; /* not the neutral element */
}

/* An addition or a doubling; out of line, so that its elements and gn_g2_mul_digit's scratch
 * never share the stack. */
static GN_NOINLINE void count_formula(const gn_g2_ctx_t *c, gn_g2_op op)
{
    gn_limb_t a[GN_G2_EL_LIMBS], b[GN_G2_EL_LIMBS], r[GN_G2_EL_LIMBS];
    count_input(c, a, 0);
    if (op == GN_G2_OP_ADD) {
        count_input(c, b, 1);
        (void)c->impl->grp.add(c, r, a, b);
    } else {
        (void)c->impl->grp.dbl(c, r, a);
    }
}

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
    c.fp.counts = out;
    if (op == GN_G2_OP_MUL_STEP)
        (void)gn_g2_mul_digit(&c, c.f); /* one digit of gn_g2_mul's window, as a: f0..f3 */
    else
        count_formula(&c, op);
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
