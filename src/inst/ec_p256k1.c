/* Instantiation: curve formulas over the kernel for the secp256k1 prime (inst/special.h). */
#define GN_INST_P256K1
#include "inst/special.h"
#if GN_INST_ACTIVE
#include "inst/ec_inst.h"
#endif
