/*
 * The special-form kernels, one block of parameters per prime, shared by the field (fp_NAME.c)
 * and curve (ec_NAME.c) instantiations: the including file defines GN_INST_NAME, includes this
 * header, and then, when GN_INST_ACTIVE is 1 (some kernels need 64-bit limbs), the body
 * inst/fp_inst.h or inst/ec_inst.h.
 */
#include "fp/fp_internal.h"

#define K(x) GN_CAT(KPFX, x)
#define GN_INST_ACTIVE 1

#if defined(GN_INST_P25519) /* 2^255 - 19 */
#define KPFX fp_p25519_
#define KN (256 / GN_LIMB_BITS)
#define KL KN
#define PM_K 255
#define PM_C 19
#define KNAME "p25519"
#define KSYM gn_fp_kern_p25519
#define ECSYM gn_ec_impl_p25519
#if GN_HAVE_MULX && GN_LIMB_BITS == 64
#define PM_ASM_MUL gn_mulx_p25519_mul /* src/fp/mulx_p25519.S */
#define PM_ASM_SQR gn_mulx_p25519_sqr
/* the X25519 ladder of the same file: out = X2 Z2 X3 Z3 (16 limbs), a24 < 2^32 */
void gn_mulx_p25519_ladder(gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k, size_t nbits, uint64_t a24);
#define EC_ASM_MONT_LADDER gn_mulx_p25519_ladder
#endif
#include "fp/kern_pmersenne.h"

#elif defined(GN_INST_P1271) /* 2^127 - 1 */
#define KPFX fp_p1271_
#define KN (128 / GN_LIMB_BITS)
#define KL KN
#define PM_K 127
#define PM_C 1
#define KNAME "p1271"
#define KSYM gn_fp_kern_p1271
#define ECSYM gn_ec_impl_p1271
#include "fp/kern_pmersenne.h"

#elif defined(GN_INST_P448) /* Goldilocks 2^448 - 2^224 - 1: Montgomery, reduction of src/fp/redc_p448.h */
#include "fp/redc_p448.h"
#define KPFX fp_p448_
#define KN (448 / GN_LIMB_BITS)
#define KL KN
#define KREDC gn_redc_p448
#if GN_HAVE_MULX && GN_LIMB_BITS == 64
#define KREDC_MULX_MUL gn_mulx_p448_mul
#define KREDC_MULX_SQR gn_mulx_p448_sqr
#endif
#define KNAME "p448"
#define KSYM gn_fp_kern_p448
#define ECSYM gn_ec_impl_p448
#include "fp/kern_mont.h"

#elif GN_LIMB_BITS != 64 /* the kernels below need 64-bit limbs; the Montgomery kernels serve */
#undef GN_INST_ACTIVE
#define GN_INST_ACTIVE 0

#elif defined(GN_INST_P521) /* NIST P-521: 2^521 - 1 */
#define KPFX fp_p521_
#define KN 9
#define KL KN
#define PM_K 521
#define PM_C 1
#define KNAME "p521"
#define KSYM gn_fp_kern_p521
#define ECSYM gn_ec_impl_p521
#include "fp/kern_pmersenne.h"

#elif defined(GN_INST_P256K1) /* secp256k1: 2^256 - 2^32 - 977 (PM_C = 2^32 + 977 needs 64 bits) */
#define KPFX fp_p256k1_
#define KN 4
#define KL KN
#define PM_K 256
#define PM_C 0x1000003D1u
#define KNAME "p256k1"
#define KSYM gn_fp_kern_p256k1
#define ECSYM gn_ec_impl_p256k1
#if GN_HAVE_MULX
#define PM_ASM_MUL gn_mulx_p256k1_mul /* src/fp/mulx_p256k1.S */
#define PM_ASM_SQR gn_mulx_p256k1_sqr
#endif
#include "fp/kern_pmersenne.h"

#elif defined(GN_INST_P256) /* NIST P-256: Montgomery with the reduction of src/fp/redc_nist.h */
#include "fp/redc_nist.h"
#define KPFX fp_p256_
#define KN 4
#define KL KN
#define KREDC gn_redc_p256
#define KPRIME gn_redc_p256_p
#if GN_HAVE_MULX
#define KREDC_MULX_MUL gn_mulx_p256_mul /* src/fp/mulx_mont.S */
#define KREDC_MULX_SQR gn_mulx_p256_sqr
/* the Jacobian doubling for a = -3 (dbl-2001-b) and addition (add-1998-cmo-2), each one
 * routine of the same file with the field operations inlined */
void gn_mulx_p256_dbl(gn_limb_t *r, const gn_limb_t *p);
void gn_mulx_p256_add(gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q);
#define EC_ASM_WJ_DBL gn_mulx_p256_dbl
#define EC_ASM_WJ_ADD gn_mulx_p256_add
#endif
#define KNAME "p256"
#define KSYM gn_fp_kern_p256
#define ECSYM gn_ec_impl_p256
#include "fp/kern_mont.h"

#else
#error "inst/special.h: no GN_INST_ kernel named"
#endif
