/* Instantiation: curve formulas over the kernel for the NIST P-224 prime (inst/special.h). */
#define GN_INST_P224
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/ec_inst.h"
#endif
