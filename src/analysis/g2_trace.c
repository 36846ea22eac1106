/*
 * The genus-2 Jacobian's explicit formulas (src/tmpl/g2.tmpl.h) over the tracing kernel
 * (trace_kernel.h): gn_g2_trace records the affine addition or doubling of the general case as
 * the program the library runs, on the inputs gn_g2_count_ops uses.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/trace_run.h"
#include "g2/g2_internal.h"
#include "genus/hash.h"

#define KPFX fp_trc_
#define KSYM gn_fp_kern_generic
#define G2SYM gn_g2_impl_trace
#define FMULC_FN fp_trc_mulc
#define FINV_FN fp_trc_inv
#include "inst/g2_inst.h"

/* A deterministic byte stream for gn_g2_random (SHA-256 of a counter): the traced inputs are
 * random elements of the curve, so the formulas take their general case. */
static int counter_rng(void *state, uint8_t *out, size_t len)
{
    uint32_t *ctr = state;
    while (len) {
        uint8_t block[32], msg[4] = {(uint8_t)(*ctr >> 24), (uint8_t)(*ctr >> 16), (uint8_t)(*ctr >> 8), (uint8_t)*ctr};
        if (gn_hash(GN_HASH_SHA256, block, msg, sizeof msg) != GN_OK)
            return 1;
        size_t n = len < sizeof block ? len : sizeof block;
        memcpy(out, block, n);
        out += n, len -= n, (*ctr)++;
    }
    return 0;
}

/* The inputs: two random elements of degree 2 of g (a fixed stream: reproducible), their
 * coordinates u1, u0, v1, v0 as integers of GN_FP_MAX_LIMBS limbs. Out of line and before the
 * tracing context exists, so that gn_g2_random's frames never lie under the formulas'. */
static GN_NOINLINE gn_err trace_inputs(const gn_g2_ctx_t *g, gn_limb_t *a, gn_limb_t *b)
{
    gn_limb_t *const out[2] = {a, b};
    gn_g2_elem_t e;
    uint32_t ctr = 0;
    for (size_t k = 0; k < 2; k++) {
        gn_err err = gn_g2_random(g, &e, counter_rng, &ctr);
        if (err != GN_OK)
            return err;
        for (size_t i = 0; i < 4; i++)
            gn_fp_get_mp(&g->fp, out[k] + i * GN_FP_MAX_LIMBS, GN_FP_MAX_LIMBS, &e.c[i]);
        out[k][4 * GN_FP_MAX_LIMBS] = 0; /* not the neutral element (the last limb is its mask) */
    }
    return GN_OK;
}

/* An element of trace_inputs carried, in place, into the representation of c's kernel. */
static gn_err carry_elem(const gn_g2_ctx_t *c, gn_limb_t *e)
{
    gn_fp_t t;
    for (size_t i = 0; i < 4; i++) {
        gn_err err = gn_fp_set_mp(&c->fp, &t, e + i * GN_FP_MAX_LIMBS, GN_FP_MAX_LIMBS);
        if (err != GN_OK)
            return err;
        memcpy(e + i * GN_FP_MAX_LIMBS, t.v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
    }
    return GN_OK;
}

static void elem_io(gn_fp_ctx_t *fp, gn_limb_t *a, const char *suffix, int input)
{
    static const char *const coord[] = {"u1", "u0", "v1", "v0"};
    gn_trace_io(fp, a, coord, 4, suffix, input);
}

/* The program of op on the inputs a, b (trace_inputs). Out of line: see trace_inputs. */
static GN_NOINLINE gn_err trace_formula(const gn_g2_ctx_t *g, gn_g2_op op, gn_trace_t *out, gn_limb_t *a, gn_limb_t *b)
{
    gn_g2_ctx_t c;
    gn_trace_run_t run;
    gn_err e;
    if ((e = gn_trace_begin(&run, out, &c.fp, &g->fp)) != GN_OK || (e = gn_g2_carry(&c, g, &gn_g2_impl_trace)) != GN_OK ||
        (e = carry_elem(&c, a)) != GN_OK || (e = carry_elem(&c, b)) != GN_OK)
        return e;
    elem_io(&c.fp, a, "a", 1);
    if (op == GN_G2_OP_ADD)
        elem_io(&c.fp, b, "b", 1);
    char name[GN_TRACE_NAME];
    for (size_t i = 0; i < 6; i++) {
        snprintf(name, sizeof name, "f%zu", i);
        gn_trace_input(&c.fp, c.f[i].v, name, 0);
    }
    gn_limb_t r[GN_G2_EL_LIMBS];
    gn_limb_t exceptional = op == GN_G2_OP_ADD ? c.impl->grp.add(&c, r, a, b) : c.impl->grp.dbl(&c, r, a);
    elem_io(&c.fp, r, "r", 0);
    return exceptional ? GN_ERR_INVALID : run.status; /* not the general case: no program */
}

gn_err gn_g2_trace(const gn_g2_ctx_t *g, gn_g2_op op, gn_trace_t *out)
{
    if (!g || !out || (op != GN_G2_OP_ADD && op != GN_G2_OP_DBL))
        return GN_ERR_INVALID;
    if (g->deg != 5)
        return GN_ERR_UNSUPPORTED; /* degree 6 runs Cantor's algorithm only */
    gn_limb_t a[GN_G2_EL_LIMBS], b[GN_G2_EL_LIMBS];
    gn_err e = trace_inputs(g, a, b);
    return e != GN_OK ? e : trace_formula(g, op, out, a, b);
}
