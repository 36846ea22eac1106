/* Instantiation: curve formulas over the RNS kernel. */
#include "fp/fp_internal.h"

#if GN_LIMB_BITS == 64
#define KPFX fp_rns_
#define K(x) GN_CAT(KPFX, x)
#define KSYM gn_fp_kern_rns
#define ECSYM gn_ec_impl_rns
#include "rns/kern_rns.h"
#include "inst/ec_inst.h"
#endif
