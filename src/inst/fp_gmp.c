/* Instantiation: the GMP kernel's field (src/inst/gmp.h). */
#include "fp/fp_internal.h"

#if GN_HAVE_GMP
#include "inst/gmp.h"
#include "inst/fp_inst.h"
#endif
