/*
 * The curve formulas instantiated over the tracing kernel (trace_kernel.h): gn_ec_trace records
 * the straight-line program of a formula from the template code that runs on the real kernels
 * (src/tmpl/ec_*.tmpl.h), on the inputs gn_ec_count_ops uses.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/trace_run.h"

#define KPFX fp_trc_
#define KSYM gn_fp_kern_generic
#define ECSYM gn_ec_impl_trace
#define FMULC_FN fp_trc_mulc
#define FMULNRC_FN fp_trc_mulnrc
#define FINV_FN fp_trc_inv
#include "inst/ec_inst.h"

/* The constants the formulas may read, named in the model's terms (src/ec/ctx.c sets k[]). */
static void name_constants(gn_ec_ctx_t *c)
{
    static const char *const ab[5][2] = {{"", ""}, {"a", "b"}, {"a", "d"}, {"A", "B"}, {"a", "b"}};
    char kname[GN_TRACE_NAME];
    gn_trace_input(&c->fp, c->a.v, ab[c->model][0], 0);
    gn_trace_input(&c->fp, c->b.v, ab[c->model][1], 0);
    for (int i = 0; i < 4; i++) {
        snprintf(kname, sizeof kname, "k%d", i);
        gn_trace_input(&c->fp, c->k[i].v, kname, 0);
    }
    gn_trace_input(&c->fp, c->fp.one, "1", 0);
}

static const char *const coord[] = {"X", "Y", "Z", "T"};

static gn_err ec_trace(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_trace_t *out, int lazy)
{
    if (!ec || !out)
        return GN_ERR_INVALID;
    gn_ec_ctx_t c = *ec;
    gn_trace_run_t run;
    gn_err e;
    if ((e = gn_trace_begin(&run, out, &c.fp, &ec->fp)) != GN_OK)
        return e;
    out->lazy = lazy;
    /* the curve's constants and base point on the generic kernel, untraced while the inputs are made */
    gn_fp_t *dfe[] = {&c.a, &c.b, &c.k[0], &c.k[1], &c.k[2], &c.k[3], &c.g.x, &c.g.y};
    const gn_fp_t *sfe[] = {&ec->a, &ec->b, &ec->k[0], &ec->k[1], &ec->k[2], &ec->k[3], &ec->g.x, &ec->g.y};
    if ((e = count_elems(&c.fp, dfe, &ec->fp, sfe, sizeof dfe / sizeof dfe[0])) != GN_OK)
        return e;
    c.impl = &gn_ec_impl_count;
    gn_ec_choose_ops(&c);
    gn_op_counts_t scratch;
    c.fp.counts = &scratch;
    union { /* the points of a formula, or a ladder's state: one frame holds either */
        struct {
            gn_limb_t p[GN_COUNT_PT_LIMBS], q[GN_COUNT_PT_LIMBS], r[GN_COUNT_PT_LIMBS], r2[GN_COUNT_PT_LIMBS];
            gn_ec_point_t g2;
        } pt;
        struct {
            gn_limb_t st[5 * GN_FP_MAX_LIMBS], xp[GN_FP_MAX_LIMBS];
        } lad;
    } u;
    gn_limb_t *p = u.pt.p, *q = u.pt.q, *r = u.pt.r, *r2 = u.pt.r2, *st = u.lad.st, *xp = u.lad.xp;
    const gn_ec_pt_ops_t *o = NULL;
    if (coords == GN_EC_XZ || coords == GN_EC_COZ) {
        if (op != GN_EC_OP_LADDER_STEP || (coords == GN_EC_XZ && ec->model != GN_EC_MONTGOMERY &&
                                           ec->model != GN_EC_WEIERSTRASS) ||
            (coords == GN_EC_COZ && ec->model != GN_EC_WEIERSTRASS))
            return GN_ERR_UNSUPPORTED;
    } else {
        if (!(o = gn_ec_ops(&c, coords)))
            return GN_ERR_UNSUPPORTED;
        /* the inputs of the counts: q = 4G (Z != 1) and p = G (Z = 1) */
        o->from_aff(&c, p, &c.g);
        o->grp.dbl(&c, q, p);
        o->to_aff(&c, &u.pt.g2, q);
        o->from_aff(&c, q, &u.pt.g2);
        o->grp.dbl(&c, q, q);
    }
    /* from here on every operation is recorded; the inputs are named first, then the constants */
    c.impl = &gn_ec_impl_trace;
    gn_ec_choose_ops(&c);
    if (o)
        o = gn_ec_ops(&c, coords);
    if (coords == GN_EC_XZ) {
        /* the ladder state of gn_ec_count_ops: (X2 : Z2) = G, (X3 : Z3) = a generic point, x of G */
        memcpy(xp, c.g.x.v, sizeof u.lad.xp);
        memcpy(st, c.g.x.v, GN_FP_MAX_LIMBS * sizeof(gn_limb_t));
        for (size_t i = 1; i < 4; i++)
            gn_fp_set_u64(&c.fp, (gn_fp_t *)(void *)(st + i * GN_FP_MAX_LIMBS), 7 + i);
        static const char *const names[] = {"X2", "Z2", "X3", "Z3"};
        for (size_t i = 0; i < 4; i++)
            gn_trace_input(&c.fp, st + i * GN_FP_MAX_LIMBS, names[i], 1);
        gn_trace_input(&c.fp, xp, "XP", 1);
        name_constants(&c);
        if (ec->model == GN_EC_MONTGOMERY)
            c.impl->mont_step(&c, st, xp);
        else
            c.impl->wei_step(&c, st, xp);
        for (size_t i = 0; i < 4; i++)
            gn_trace_output(&c.fp, st + i * GN_FP_MAX_LIMBS, names[i]);
    } else if (coords == GN_EC_COZ) {
        static const char *const names[] = {"X0", "Y0", "X1", "Y1", "Z"};
        for (size_t i = 0; i < 5; i++) {
            gn_fp_set_u64(&c.fp, (gn_fp_t *)(void *)(st + i * GN_FP_MAX_LIMBS), 3 + i);
            gn_trace_input(&c.fp, st + i * GN_FP_MAX_LIMBS, names[i], 1);
        }
        name_constants(&c);
        c.impl->coz_step(&c, st);
        for (size_t i = 0; i < 5; i++)
            gn_trace_output(&c.fp, st + i * GN_FP_MAX_LIMBS, names[i]);
    } else {
        gn_trace_io(&c.fp, q, coord, o->ncoords, "1", 1);
        gn_trace_io(&c.fp, p, coord, op == GN_EC_OP_DBL ? 0 : o->ncoords, "2", 1);
        name_constants(&c);
        switch (op) {
        case GN_EC_OP_ADD: o->grp.add(&c, r, q, p); break;
        case GN_EC_OP_MADD: o->grp.madd(&c, r, q, p); break;
        case GN_EC_OP_DBL: o->grp.dbl(&c, r, q); break;
        case GN_EC_OP_LADDER_STEP:
            o->grp.add(&c, r, q, p);
            o->grp.dbl(&c, r2, q);
            break;
        default: return GN_ERR_INVALID;
        }
        gn_trace_io(&c.fp, r, coord, o->ncoords, "3", 0);
        if (op == GN_EC_OP_LADDER_STEP)
            gn_trace_io(&c.fp, r2, coord, o->ncoords, "4", 0);
    }
    return run.status;
}

gn_err gn_ec_trace(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_trace_t *out)
{
    return ec_trace(ec, coords, op, out, 0);
}

gn_err gn_ec_trace_lazy(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_trace_t *out)
{
    return ec_trace(ec, coords, op, out, 1);
}
