/*
 * The Kummer surface formulas (src/tmpl/kummer.tmpl.h) over the tracing kernel
 * (trace_kernel.h): gn_kummer_trace records a doubling, a differential addition or a ladder step
 * (xDBLADD) as the program the library runs, on the inputs gn_kummer_count_ops uses.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/trace_run.h"
#include "kummer/kummer_internal.h"

#define KPFX fp_trc_
#define KSYM gn_fp_kern_generic
#define KUSYM gn_kummer_impl_trace
#define FMULC_FN fp_trc_mulc
#include "inst/kummer_inst.h"

static void point_io(gn_fp_ctx_t *fp, gn_limb_t *p, const char *suffix, int input)
{
    static const char *const coord[] = {"X", "Y", "Z", "T"};
    gn_trace_io(fp, p, coord, 4, suffix, input);
}

gn_err gn_kummer_trace(const gn_kummer_ctx_t *ku, gn_kummer_op op, gn_trace_t *out)
{
    if (!ku || !out || (op != GN_KUMMER_OP_DBL && op != GN_KUMMER_OP_DIFF_ADD && op != GN_KUMMER_OP_LADDER_STEP))
        return GN_ERR_INVALID;
    gn_kummer_ctx_t c;
    gn_trace_run_t run;
    gn_err e;
    /* the same surface on the generic kernel (the field carries the trace) */
    const gn_fp_t *src = ku->model == GN_KUMMER_THETA ? c.theta : c.mu;
    if ((e = gn_trace_begin(&run, out, &c.fp, &ku->fp)) != GN_OK ||
        (e = gn_kummer_carry(&c, ku, &gn_kummer_impl_trace)) != GN_OK)
        return e;
    /* the inputs of the counts: P = the identity's constants, Q = the dual ones, D = mu */
    gn_limb_t p[GN_KUMMER_PT_LIMBS], q[GN_KUMMER_PT_LIMBS], d[GN_KUMMER_PT_LIMBS], r[GN_KUMMER_PT_LIMBS];
    for (size_t i = 0; i < 4; i++) {
        memcpy(p + i * GN_FP_MAX_LIMBS, src[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        memcpy(q + i * GN_FP_MAX_LIMBS, c.muhat[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        memcpy(d + i * GN_FP_MAX_LIMBS, c.mu[i].v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
    }
    point_io(&c.fp, p, "1", 1);
    if (op != GN_KUMMER_OP_DBL)
        point_io(&c.fp, q, "2", 1);
    if (op == GN_KUMMER_OP_DIFF_ADD) { /* the formula takes 1/D, coordinate by coordinate */
        static const char *const inv[] = {"iXD", "iYD", "iZD", "iTD"};
        for (size_t i = 0; i < 4; i++)
            gn_trace_input(&c.fp, d + i * GN_FP_MAX_LIMBS, inv[i], 1);
    } else if (op == GN_KUMMER_OP_LADDER_STEP) { /* (1 : W1 : W2 : W3) ~ 1/D, the ladder's fixed difference */
        static const char *const w[] = {"W1", "W2", "W3"};
        for (size_t i = 0; i < 3; i++)
            gn_trace_input(&c.fp, d + i * GN_FP_MAX_LIMBS, w[i], 1);
    }
    char name[GN_TRACE_NAME];
    for (size_t i = 0; i < 4; i++) { /* the constants the formulas multiply by */
        snprintf(name, sizeof name, "eph%zu", i);
        gn_trace_input(&c.fp, c.epshat.v[i].v, name, 0);
        snprintf(name, sizeof name, "eps%zu", i);
        gn_trace_input(&c.fp, c.eps.v[i].v, name, 0);
    }
    switch (op) {
    case GN_KUMMER_OP_DBL:
        c.impl->dbl(&c, r, p);
        point_io(&c.fp, r, "3", 0);
        break;
    case GN_KUMMER_OP_DIFF_ADD:
        c.impl->diff_add(&c, r, p, q, d);
        point_io(&c.fp, r, "3", 0);
        break;
    default:
        c.impl->dbladd(&c, p, q, d);
        point_io(&c.fp, p, "3", 0);
        point_io(&c.fp, q, "4", 0);
        break;
    }
    return run.status;
}
