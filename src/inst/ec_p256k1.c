/* Instantiation: curve formulas over the pseudo-Mersenne kernel for the secp256k1 prime. */
#include "fp/fp_internal.h"
#if GN_LIMB_BITS == 64
#define KPFX fp_p256k1_
#define K(x) GN_CAT(KPFX, x)
#define KN 4
#define KL 4
#define PM_K 256
#define PM_C 0x1000003D1u
#define KSYM gn_fp_kern_p256k1
#define ECSYM gn_ec_impl_p256k1
#include "fp/kern_pmersenne.h"
#include "inst/ec_inst.h"
#endif
