/* Instantiation: the field kernel for the NIST P-224 prime (parameters: inst/special.h). */
#define GN_INST_P224
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/fp_inst.h"
#endif
