/* Instantiation: genus-2 Jacobian formulas over the kernel for 2^127 - 1 (inst/special.h). */
#define GN_INST_P1271
#include "inst/special.h"
#if GN_INST_ACTIVE
#define G2SYM gn_g2_impl_p1271
#include "inst/g2_inst.h"
#endif
