/* Instantiation: Montgomery kernel over ctx->n limbs (any odd prime up to GN_FP_MAX_BITS). */
#include "fp/fp_internal.h"

/* ctx->n lies in 1..GN_FP_MAX_LIMBS (gn_fp_init guarantees it); telling the compiler lets it
 * drop the empty-loop paths and silences false "may be used uninitialized" reports. */
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
#define KNAME "generic"
#define KSYM gn_fp_kern_generic
#include "fp/kern_mont.h"
#include "inst/fp_inst.h"
