/* Instantiation: pseudo-Mersenne kernel for the secp256k1 prime p = 2^256 - 2^32 - 977
 * (PM_C = 2^32 + 977 needs 64-bit limbs; with 32-bit limbs the Montgomery kernels serve it). */
#include "fp/fp_internal.h"
#if GN_LIMB_BITS == 64
#define KPFX fp_p256k1_
#define K(x) GN_CAT(KPFX, x)
#define KN 4
#define KL 4
#define PM_K 256
#define PM_C 0x1000003D1u
#define KNAME "p256k1"
#define KSYM gn_fp_kern_p256k1
#include "fp/kern_pmersenne.h"
#include "inst/fp_inst.h"
#endif
