/* The tracing runs' set-up and bookkeeping (src/analysis/trace.c), for the drivers of each group. */
#ifndef GN_ANALYSIS_TRACE_RUN_H
#define GN_ANALYSIS_TRACE_RUN_H

#include "analysis/trace_kernel.h"

/* Start a run: fp = the field of from on the generic kernel, recording into out. */
gn_err gn_trace_begin(gn_trace_run_t *run, gn_trace_t *out, gn_fp_ctx_t *fp, const gn_fp_ctx_t *from);
/* Tag v as the program's input (input = 1, in order) or constant named name. */
void gn_trace_input(gn_fp_ctx_t *fp, gn_limb_t *v, const char *name, int input);
/* Record v as the output named name. */
void gn_trace_output(const gn_fp_ctx_t *fp, const gn_limb_t *v, const char *name);
/* The n elements of v (one per GN_FP_MAX_LIMBS limbs) as inputs (input = 1) or outputs named
 * coord[i] followed by suffix: a point's or a divisor's coordinates. */
void gn_trace_io(gn_fp_ctx_t *fp, gn_limb_t *v, const char *const *coord, size_t n, const char *suffix, int input);

#endif
