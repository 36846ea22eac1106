/* Instantiation: curve formulas over the kernel for curve448's prime (inst/special.h). */
#define GN_INST_P448
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/ec_inst.h"
#endif
