/* The GMP kernels' parameters, shared by their field (fp_gmp*.c) and curve (ec_gmp*.c)
 * instantiations: Montgomery over ctx->n limbs with GMP's mpn products, or with KGMP_PM (gmp-pm)
 * canonical residues modulo p = 2^k - c reduced by folding (src/backend/gmp.c). */
#include "fp/fp_internal.h"

#if defined(KGMP_PM)
#define KCANON 1 /* plain residues (gn_fp_kernel_t.canonical) */
#define KPFX fp_gmp_pm_
#define KNAME "gmp-pm"
#define KRED_COST GN_FP_RED_LIMB /* the high half times the small c of 2^k - c */
#define KSYM gn_fp_kern_gmp_pm
#define ECSYM gn_ec_impl_gmp_pm
#else
#define KPFX fp_gmp_
#define KNAME "gmp"
#define KSYM gn_fp_kern_gmp
#define ECSYM gn_ec_impl_gmp
#endif
#define K(x) GN_CAT(KPFX, x)
#define KN (gn_fp_limbs_bounded(ctx))
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KGMP 1
#include "fp/kern_mont.h"
