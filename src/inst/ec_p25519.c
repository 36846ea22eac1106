/* Instantiation: curve formulas over the pseudo-Mersenne kernel for p = 2^255 - 19. */
#include "fp/fp_internal.h"
#define KPFX fp_p25519_
#define K(x) GN_CAT(KPFX, x)
#define KN (256 / GN_LIMB_BITS)
#define KL (256 / GN_LIMB_BITS)
#define PM_K 255
#define PM_C 19
#define KSYM gn_fp_kern_p25519
#define ECSYM gn_ec_impl_p25519
#include "fp/kern_pmersenne.h"
#include "inst/ec_inst.h"
