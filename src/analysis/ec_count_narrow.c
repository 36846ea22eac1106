/*
 * The counting curve formulas (ec_count.c) over elements of GN_COUNT_NARROW_LIMBS limbs: the
 * curves of gn_ec_counting whose prime fits (every named curve) take windows whose tables need
 * about half the scratch of the GN_FP_MAX_LIMBS-limb elements (docs/ARCHITECTURE.md, "Stack").
 */
#include "ec/ec_internal.h"

#define GN_COUNT_KL GN_COUNT_NARROW_LIMBS
#include "analysis/count_kernel.h"

#define KPFX fp_cnt_
#define KSYM gn_fp_kern_generic
#define ECSYM gn_ec_impl_count_narrow
#define FMULC_FN fp_cnt_mulc
#define FMULNRC_FN fp_cnt_mulnrc
#define FINV_FN fp_cnt_inv
#include "inst/ec_inst.h"
