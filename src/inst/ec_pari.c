/* Instantiation: curve formulas over the PARI kernel (src/backend/kern_pari.h). */
#include "fp/fp_internal.h"

#if GN_HAVE_PARI
#define KPFX fp_pari_
#define K(x) GN_CAT(KPFX, x)
#define KSYM gn_fp_kern_pari
#define ECSYM gn_ec_impl_pari
#include "backend/kern_pari.h"
#include "inst/ec_inst.h"
#endif
