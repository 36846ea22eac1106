/*
 * Instantiation of F_p^E_DEG over the base kernel B (included twice by
 * fp_inst.h, for degrees 2 and 3). Produces the table <KPFX>x<E_DEG>_kernel.
 */
#if E_DEG == 2
#define E(x) GN_CAT(GN_CAT(KPFX, x2_), x)
#else
#define E(x) GN_CAT(GN_CAT(KPFX, x3_), x)
#endif

#include "tmpl/fpx_common.tmpl.h"
#if E_DEG == 2
#include "tmpl/fpx2.tmpl.h"
#else
#include "tmpl/fpx3.tmpl.h"
#endif

static gn_limb_t E(inv)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    return E(inv_with)(ctx, r, a, 0);
}

static gn_limb_t E(inv_var)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    return E(inv_with)(ctx, r, a, 1);
}

#define F(x) E(x)
#define FCTX gn_fpx_ctx_t
#define FL (E_DEG * BL)
#include "tmpl/field_pow.tmpl.h"
#include "tmpl/field_sqrt.tmpl.h"
#undef F
#undef FCTX
#undef FL

static const gn_fpx_kernel_t E(kernel) = {
    .name = KNAME,
    .fe_limbs = E_DEG * BL,
    .set_zero = E(set_zero),
    .set_one = E(set_one),
    .copy = E(copy),
    .add = E(add),
    .sub = E(sub),
    .neg = E(neg),
    .mul = E(mul),
    .sqr = E(sqr),
    .mul_small = E(mul_small),
    .half = E(half),
    .inv = E(inv),
    .inv_var = E(inv_var),
    .pow = E(pow),
    .pow_var = E(pow_var),
    .sqrt = E(sqrt),
    .legendre = E(legendre),
    .is_zero = E(is_zero),
    .eq = E(eq),
    .cswap = E(cswap),
    .cmov = E(cmov),
    .frobenius = E(frobenius),
    .norm = E(norm),
};
#undef E
