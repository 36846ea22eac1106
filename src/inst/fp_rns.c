/* Instantiation: the RNS kernel (src/rns/kern_rns.h), any odd prime whose bases fit an element. */
#include "fp/fp_internal.h"

#if GN_LIMB_BITS == 64
#define KPFX fp_rns_
#define K(x) GN_CAT(KPFX, x)
#define KNAME "rns"
#define KRED_COST GN_FP_RED_OTHER
#define KOPAQUE
#define KSYM gn_fp_kern_rns
#include "rns/kern_rns.h"
#include "inst/fp_inst.h"
#endif
