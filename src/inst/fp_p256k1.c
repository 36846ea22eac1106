/* Instantiation: the field kernel for the secp256k1 prime (parameters: inst/special.h). */
#define GN_INST_P256K1
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/fp_inst.h"
#endif
