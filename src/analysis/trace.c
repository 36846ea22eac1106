/*
 * What the tracing instantiations share (trace_kernel.h): the names of a program (its inputs and
 * the constants the formulas read), and setting up a field for a tracing run.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/trace_kernel.h"
#include "analysis/trace_run.h"

int32_t gn_trace_name(const gn_fp_ctx_t *c, const char *name, const gn_limb_t *value, int input)
{
    gn_trace_run_t *run = tr_run(c);
    gn_trace_t *t = run->t;
    for (size_t i = 0; i < t->nnames; i++)
        if (!strcmp(t->names[i], name))
            return -1 - (int32_t)i;
    if (t->nnames >= GN_TRACE_MAX_NAMES || (input && t->nnames != t->ninputs)) {
        run->status = t->nnames >= GN_TRACE_MAX_NAMES ? GN_ERR_BUFFER : GN_ERR_INVALID; /* inputs come first */
        return -1;
    }
    size_t i = t->nnames++;
    t->ninputs += (size_t)(input != 0);
    snprintf(t->names[i], GN_TRACE_NAME, "%s", name);
    gn_fp_encode(c, t->values[i], (const gn_fp_t *)(const void *)value);
    return -1 - (int32_t)i;
}

gn_err gn_trace_begin(gn_trace_run_t *run, gn_trace_t *out, gn_fp_ctx_t *fp, const gn_fp_ctx_t *from)
{
    gn_err e;
    memset(out, 0, sizeof *out);
    if (from->n >= GN_FP_MAX_LIMBS)
        return GN_ERR_UNSUPPORTED; /* the tag needs the last limb */
    if ((e = count_field(fp, from)) != GN_OK)
        return e;
    run->t = out;
    run->status = GN_OK;
    fp->trace = (struct gn_trace *)(void *)run;
    out->nbytes = gn_fp_bytes(fp);
    if ((e = gn_mp_to_bytes_be(out->p, out->nbytes, fp->p, fp->n)) != GN_OK)
        return e;
    return GN_OK;
}

void gn_trace_input(gn_fp_ctx_t *fp, gn_limb_t *v, const char *name, int input)
{
    tr_tag(v, gn_trace_name(fp, name, v, input));
}

void gn_trace_output(const gn_fp_ctx_t *fp, const gn_limb_t *v, const char *name)
{
    gn_trace_t *t = tr_run(fp)->t;
    if (t->noutputs >= GN_TRACE_MAX_OUTPUTS) {
        tr_run(fp)->status = GN_ERR_BUFFER;
        return;
    }
    size_t i = t->noutputs++;
    t->outputs[i] = tr_arg(fp, v);
    snprintf(t->out_names[i], GN_TRACE_NAME, "%s", name);
    gn_fp_encode(fp, t->out_values[i], (const gn_fp_t *)(const void *)v);
}

void gn_trace_io(gn_fp_ctx_t *fp, gn_limb_t *v, const char *const *coord, size_t n, const char *suffix, int input)
{
    char name[GN_TRACE_NAME];
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s%s", coord[i], suffix);
        if (input)
            gn_trace_input(fp, v + i * GN_FP_MAX_LIMBS, name, 1);
        else
            gn_trace_output(fp, v + i * GN_FP_MAX_LIMBS, name);
    }
}
