/* Instantiation: curve formulas over the generic Montgomery kernel (any limb count). */
#include "fp/fp_internal.h"

static inline size_t fp_gen_limbs(const gn_fp_ctx_t *ctx)
{
#if defined(__GNUC__)
    if (ctx->n == 0 || ctx->n > GN_FP_MAX_LIMBS) __builtin_unreachable();
#endif
    return ctx->n;
}

#define KPFX fp_gen_
#define K(x) GN_CAT(KPFX, x)
#define KN (fp_gen_limbs(ctx))
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KSYM gn_fp_kern_generic
#define ECSYM gn_ec_impl_generic
#include "fp/kern_mont.h"
#include "inst/ec_inst.h"
