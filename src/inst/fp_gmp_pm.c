/* Instantiation: the GMP kernel for p = 2^k - c, products folded (src/inst/gmp.h). */
#include "fp/fp_internal.h"

#if GN_HAVE_GMP
#define KGMP_PM 1
#include "inst/gmp.h"
#include "inst/fp_inst.h"
#endif
