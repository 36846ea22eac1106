/* Instantiation: curve formulas over the kernel for 2^127 - 1 (inst/special.h). */
#define GN_INST_P1271
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/ec_inst.h"
#endif
