/* Instantiation: Montgomery kernel over ctx->n limbs (any odd prime up to GN_FP_MAX_BITS). */
#define KPFX fp_gen_
#define K(x) GN_CAT(KPFX, x)
#define KN (ctx->n)
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KNAME "generic"
#define KSYM gn_fp_kern_generic
#include "fp/fp_internal.h"
#include "fp/kern_mont.h"
#include "inst/fp_inst.h"
