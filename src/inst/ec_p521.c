/* Instantiation: curve formulas over the pseudo-Mersenne kernel for p = 2^521 - 1. */
#include "fp/fp_internal.h"
#if GN_LIMB_BITS == 64 /* 32-bit limbs: the Montgomery kernels serve P-521 */
#define KPFX fp_p521_
#define K(x) GN_CAT(KPFX, x)
#define KN ((521 + GN_LIMB_BITS - 1) / GN_LIMB_BITS)
#define KL KN
#define PM_K 521
#define PM_C 1
#define KSYM gn_fp_kern_p521
#define ECSYM gn_ec_impl_p521
#include "fp/kern_pmersenne.h"
#include "inst/ec_inst.h"
#endif
