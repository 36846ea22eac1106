/* Instantiation: the PARI kernel's field (src/backend/kern_pari.h). */
#include "fp/fp_internal.h"

#if GN_HAVE_PARI
#define KPFX fp_pari_
#define K(x) GN_CAT(KPFX, x)
#define KNAME "pari"
#define KRED_COST GN_FP_RED_OTHER
#define KSYM gn_fp_kern_pari
#include "backend/kern_pari.h"
#include "inst/fp_inst.h"
#endif
