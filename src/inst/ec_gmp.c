/* Instantiation: curve formulas over the GMP kernel (src/inst/gmp.h). */
#include "fp/fp_internal.h"

#if GN_HAVE_GMP
#include "inst/gmp.h"
#include "inst/ec_inst.h"
#endif
