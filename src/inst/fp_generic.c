/* Instantiation: Montgomery kernel over ctx->n limbs (any odd prime up to GN_FP_MAX_BITS). */
#include "fp/fp_internal.h"

#define KPFX fp_gen_
#define K(x) GN_CAT(KPFX, x)
#define KN (gn_fp_limbs_bounded(ctx))
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KNAME "generic"
#define KSYM gn_fp_kern_generic
#include "fp/kern_mont.h"
#include "inst/fp_inst.h"
