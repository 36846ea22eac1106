/* Instantiation: curve formulas over the special Montgomery kernel for the NIST prime P-256. */
#include "fp/fp_internal.h"
#if GN_LIMB_BITS == 64
#include "fp/redc_nist.h"
#define KPFX fp_p256_
#define K(x) GN_CAT(KPFX, x)
#define KN 4
#define KL 4
#define KREDC gn_redc_p256
#define KSYM gn_fp_kern_p256
#define ECSYM gn_ec_impl_p256
#include "fp/kern_mont.h"
#include "inst/ec_inst.h"
#endif
