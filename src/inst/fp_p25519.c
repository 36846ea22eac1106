/* Instantiation: the field kernel for 2^255 - 19 (parameters: inst/special.h). */
#define GN_INST_P25519
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/fp_inst.h"
#endif
