/* Instantiation: genus-2 Jacobian formulas over the generic Montgomery kernel (any prime). */
#include "fp/fp_internal.h"

#define KPFX fp_gen_
#define K(x) GN_CAT(KPFX, x)
#define KN (gn_fp_limbs_bounded(ctx))
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KSYM gn_fp_kern_generic
#define G2SYM gn_g2_impl_generic
#include "fp/kern_mont.h"
#include "inst/g2_inst.h"
