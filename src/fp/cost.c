/*
 * The word products of the field kernels' operations: the model of `genus bench --floor`
 * (docs/PERFORMANCE.md). A word product is one W x W -> 2W-bit multiplication (W =
 * GN_LIMB_BITS), the unit of the multiplier every kernel but RNS and PARI runs on; an operation
 * counts the products of its operands and of its reduction (each kernel's red_cost, kernel.h).
 */
#include "fp/fp_internal.h"
#include "fp/kernel.h"

gn_err gn_fp_word_products(const gn_fp_ctx_t *ctx, size_t *mul, size_t *sqr)
{
    if (!ctx || !mul || !sqr)
        return GN_ERR_INVALID;
    const size_t n = ctx->n;
    size_t red;
    switch (ctx->kern->red_cost) {
    case GN_FP_RED_MONT: red = n * n + n; break;
    case GN_FP_RED_LIMB: red = n + 1; break;
    case GN_FP_RED_NONE: red = 0; break;
    case GN_FP_RED_NIST: red = ctx->mulx ? 0 : n; break;
    default: return GN_ERR_UNSUPPORTED;
    }
    /* operands: n^2 for a product, n (n + 1) / 2 for a square (the cross products once) */
    *mul = n * n + red;
    *sqr = n * (n + 1) / 2 + red;
    return GN_OK;
}
