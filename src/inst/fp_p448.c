/* Instantiation: the field kernel for curve448's prime 2^448 - 2^224 - 1 (inst/special.h). */
#define GN_INST_P448
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/fp_inst.h"
#endif
