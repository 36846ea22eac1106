/* Instantiation: the field kernel for 2^127 - 1 (parameters: inst/special.h). */
#define GN_INST_P1271
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/fp_inst.h"
#endif
