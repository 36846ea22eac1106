/* Instantiation: curve formulas over the pseudo-Mersenne kernel for p = 2^127 - 1. */
#include "fp/fp_internal.h"
#define KPFX fp_p1271_
#define K(x) GN_CAT(KPFX, x)
#define KN (128 / GN_LIMB_BITS)
#define KL (128 / GN_LIMB_BITS)
#define PM_K 127
#define PM_C 1
#define KSYM gn_fp_kern_p1271
#define ECSYM gn_ec_impl_p1271
#include "fp/kern_pmersenne.h"
#include "inst/ec_inst.h"
