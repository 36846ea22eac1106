/* The GMP kernel's parameters, shared by its field (fp_gmp.c) and curve (ec_gmp.c) instantiations:
 * Montgomery over ctx->n limbs with GMP's mpn products (src/backend/gmp.c). */
#include "fp/fp_internal.h"

#define KPFX fp_gmp_
#define K(x) GN_CAT(KPFX, x)
#define KN (gn_fp_limbs_bounded(ctx))
#define KN_RUNTIME 1
#define KL GN_FP_MAX_LIMBS
#define KGMP 1
#define KNAME "gmp"
#define KSYM gn_fp_kern_gmp
#define ECSYM gn_ec_impl_gmp
#include "fp/kern_mont.h"
