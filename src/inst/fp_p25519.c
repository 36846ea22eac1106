/* Instantiation: pseudo-Mersenne kernel for p = 2^255 - 19. */
#define KPFX fp_p25519_
#define K(x) GN_CAT(KPFX, x)
#define KN (256 / GN_LIMB_BITS)
#define KL (256 / GN_LIMB_BITS)
#define PM_K 255
#define PM_C 19
#define KNAME "p25519"
#define KSYM gn_fp_kern_p25519
#include "fp/fp_internal.h"
#include "fp/kern_pmersenne.h"
#include "inst/fp_inst.h"
