/* Instantiation: curve formulas over the kernel for 2^255 - 19 (inst/special.h). */
#define GN_INST_P25519
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/ec_inst.h"
#endif
