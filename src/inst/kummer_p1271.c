/* Instantiation: Kummer surface formulas over the kernel for 2^127 - 1 (inst/special.h). */
#define GN_INST_P1271
#include "inst/special.h"
#if GN_INST_ACTIVE
#define KUSYM gn_kummer_impl_p1271
#include "inst/kummer_inst.h"
#endif
