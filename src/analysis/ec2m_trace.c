/*
 * The binary-curve formulas (src/tmpl/ec2m.tmpl.h) over a tracing kernel: each field operation
 * computes on the curve's field and records itself as a step of a straight-line program
 * (genus/ops.h's gn_trace_t), an element carrying in its last limb a tag naming the step, input or
 * constant that made it (as src/analysis/trace_kernel.h does for prime fields). The inputs are
 * those gn_ec2m_count_ops uses.
 */
#include <stdio.h>
#include <string.h>

#include "ec2m/ec2m_internal.h"
#include "genus/ops.h"

#define T2_TAG (GN_F2M_MAX_LIMBS - 1)
#define T2_MAGIC ((gn_limb_t)0xA5u << (GN_LIMB_BITS - 8))
#define T2_ID_MASK (((gn_limb_t)1 << 20) - 1)
#define T2_NAME_BASE ((gn_limb_t)1 << 19)

typedef struct trk {
    const gn_ec2m_ctx_t *ec;
    gn_trace_t *t;
    gn_err *status;
} trk_t;

static int32_t t2_arg(const trk_t *k, const fe *a)
{
    gn_limb_t t = a->v[T2_TAG];
    if ((t & ~T2_ID_MASK) != T2_MAGIC) {
        *k->status = GN_ERR_INVALID;
        return 0;
    }
    t &= T2_ID_MASK;
    return t >= T2_NAME_BASE ? -1 - (int32_t)(t - T2_NAME_BASE) : (int32_t)t;
}

static void t2_tag(fe *r, int32_t arg)
{
    r->v[T2_TAG] = T2_MAGIC | (arg >= 0 ? (gn_limb_t)arg : T2_NAME_BASE + (gn_limb_t)(-1 - arg));
}

static int32_t t2_emit(const trk_t *k, gn_trace_opcode op, int32_t a, int32_t b)
{
    gn_trace_t *t = k->t;
    if (t->nops >= GN_TRACE_MAX_OPS) {
        *k->status = GN_ERR_BUFFER;
        return 0;
    }
    t->ops[t->nops] = (gn_trace_op_t){(int32_t)op, {a, b}, 0};
    return (int32_t)t->nops++;
}

/* r = the value v (its limbs up to the tag), tagged id */
static void t2_store(fe *r, const fe *v, int32_t id)
{
    fe x = *v;
    x.v[T2_TAG] = 0;
    *r = x;
    t2_tag(r, id);
}

static int32_t t2_name(const trk_t *k, const char *name, const fe *value, int input)
{
    gn_trace_t *t = k->t;
    for (size_t i = 0; i < t->nnames; i++)
        if (!strcmp(t->names[i], name))
            return -1 - (int32_t)i;
    if (t->nnames >= GN_TRACE_MAX_NAMES || (input && t->nnames != t->ninputs)) {
        *k->status = t->nnames >= GN_TRACE_MAX_NAMES ? GN_ERR_BUFFER : GN_ERR_INVALID;
        return -1;
    }
    size_t i = t->nnames++;
    t->ninputs += (size_t)(input != 0);
    snprintf(t->names[i], GN_TRACE_NAME, "%s", name);
    fe v = *value;
    v.v[T2_TAG] = 0;
    gn_f2m_encode(&k->ec->f, t->values[i], &v);
    return -1 - (int32_t)i;
}

static void t2_input(const trk_t *k, fe *v, const char *name, int input) { t2_tag(v, t2_name(k, name, v, input)); }

static void t2_output(const trk_t *k, const fe *v, const char *name)
{
    gn_trace_t *t = k->t;
    if (t->noutputs >= GN_TRACE_MAX_OUTPUTS) {
        *k->status = GN_ERR_BUFFER;
        return;
    }
    size_t i = t->noutputs++;
    t->outputs[i] = t2_arg(k, v);
    snprintf(t->out_names[i], GN_TRACE_NAME, "%s", name);
    fe x = *v;
    x.v[T2_TAG] = 0;
    gn_f2m_encode(&k->ec->f, t->out_values[i], &x);
}

/* the kernel of ec2m.tmpl.h: values on the curve's field, steps recorded */
static inline void trk_add(const trk_t *k, fe *r, const fe *x, const fe *y)
{
    int32_t a = t2_arg(k, x), b = t2_arg(k, y);
    fe v;
    gn_f2m_add(&k->ec->f, &v, x, y);
    t2_store(r, &v, t2_emit(k, GN_TRACE_ADD, a, b));
}
static inline void trk_add_a(const trk_t *k, fe *r, const fe *x)
{
    trk_add(k, r, x, &k->ec->a);
}
static inline void trk_mul(const trk_t *k, fe *r, const fe *x, const fe *y)
{
    int32_t a = t2_arg(k, x), b = t2_arg(k, y);
    fe v;
    gn_f2m_mul(&k->ec->f, &v, x, y);
    t2_store(r, &v, t2_emit(k, GN_TRACE_MUL, a, b));
}
static inline void trk_sqr(const trk_t *k, fe *r, const fe *x)
{
    int32_t a = t2_arg(k, x);
    fe v;
    gn_f2m_sqr(&k->ec->f, &v, x);
    t2_store(r, &v, t2_emit(k, GN_TRACE_SQR, a, 0));
}
static inline void trk_mul_a(const trk_t *k, fe *r, const fe *x)
{
    int32_t a = t2_arg(k, &k->ec->a), b = t2_arg(k, x);
    fe v;
    gn_f2m_mul(&k->ec->f, &v, &k->ec->a, x);
    t2_store(r, &v, t2_emit(k, GN_TRACE_MULC, a, b));
}
static inline void trk_mul_b(const trk_t *k, fe *r, const fe *x)
{
    int32_t a = t2_arg(k, &k->ec->b), b = t2_arg(k, x);
    fe v;
    gn_f2m_mul(&k->ec->f, &v, &k->ec->b, x);
    t2_store(r, &v, t2_emit(k, GN_TRACE_MULC, a, b));
}
static inline void trk_inv(const trk_t *k, fe *r, const fe *x)
{
    int32_t a = t2_arg(k, x);
    fe v = *x;
    v.v[T2_TAG] = 0;
    ec2m_inv0(&k->ec->f, &v, &v);
    t2_store(r, &v, t2_emit(k, GN_TRACE_INV, a, 0));
}
static inline int trk_is_zero_var(const trk_t *k, const fe *x)
{
    fe v = *x;
    v.v[T2_TAG] = 0;
    return ec2m_is_zero_var(k->ec, &v);
}

#define KT trk_t
#define K(op) trk_##op
#define P(name) trk_##name
#include "tmpl/ec2m.tmpl.h"

static void ld_io(const trk_t *k, gn_ec2m_ld_t *p, const char *suffix, int input, int z)
{
    char name[GN_TRACE_NAME];
    fe *c[] = {&p->X, &p->Y, &p->Z};
    static const char *const coord[] = {"X", "Y", "Z"};
    for (int i = 0; i < (z ? 3 : 2); i++) {
        snprintf(name, sizeof name, "%s%s", coord[i], suffix);
        if (input)
            t2_input(k, c[i], name, 1);
        else
            t2_output(k, c[i], name);
    }
}

/* The program's field in out, emptied; GN_OK when the curve can be traced. */
static gn_err trace_start(const gn_ec2m_ctx_t *ec, gn_trace_t *out)
{
    if (!ec || !out || ec->g.infinity)
        return GN_ERR_INVALID;
    if ((size_t)ec->f.m > (GN_F2M_MAX_LIMBS - 1) * GN_LIMB_BITS)
        return GN_ERR_UNSUPPORTED; /* the tag needs the last limb */
    memset(out, 0, sizeof *out);
    out->nbytes = gn_f2m_bytes(&ec->f);
    out->m = ec->f.m;
    out->nexps = 2 + ec->f.nk;
    out->exps[0] = ec->f.m;
    for (unsigned i = 0; i < ec->f.nk; i++)
        out->exps[1 + i] = ec->f.k[i];
    out->exps[1 + ec->f.nk] = 0;
    return GN_OK;
}

gn_err gn_ec2m_trace(const gn_ec2m_ctx_t *ec, gn_ec_op op, gn_trace_t *out)
{
    gn_err e = trace_start(ec, out);
    if (e != GN_OK)
        return e;
    gn_ec2m_ctx_t c = *ec;
    gn_err status = GN_OK;
    trk_t k = {&c, out, &status};
    /* inputs as gn_ec2m_count_ops: 2G and 4G with Z != 1, G affine */
    gn_ec2m_ld_t g, g2, g4, r;
    gn_ec2m_point_t ga = c.g;
    gn_ec2m_ld_from_aff(&c, &g, &c.g);
    gn_ec2m_ld_dbl(&c, &g2, &g);
    gn_ec2m_ld_dbl(&c, &g4, &g2);
    ec2m_xz_t p1 = {g2.X, g2.Z}, p2 = {g4.X, g4.Z};
    gn_ec2m_point_t a2;
    gn_ec2m_ld_to_aff(&c, &a2, &g2);
    fe xp = a2.x; /* x(R1 - R0) = x(4G - 2G) */
    int bad = 0;
    switch (op) {
    case GN_EC_OP_DBL:
        ld_io(&k, &g2, "1", 1, 1);
        break;
    case GN_EC_OP_MADD:
        ld_io(&k, &g2, "1", 1, 1);
        t2_input(&k, &ga.x, "X2", 1);
        t2_input(&k, &ga.y, "Y2", 1);
        break;
    case GN_EC_OP_ADD:
        ld_io(&k, &g2, "1", 1, 1);
        ld_io(&k, &g4, "2", 1, 1);
        break;
    case GN_EC_OP_LADDER_STEP: /* R0 = (X2 : Z2), R1 = (X3 : Z3), XP = x(R1 - R0) */
        t2_input(&k, &p1.X, "X2", 1);
        t2_input(&k, &p1.Z, "Z2", 1);
        t2_input(&k, &p2.X, "X3", 1);
        t2_input(&k, &p2.Z, "Z3", 1);
        t2_input(&k, &xp, "XP", 1);
        break;
    default: return GN_ERR_UNSUPPORTED;
    }
    t2_input(&k, &c.a, "a", 0);
    t2_input(&k, &c.b, "b", 0);
    switch (op) {
    case GN_EC_OP_DBL:
        trk_ld_dbl(&k, &r, &g2);
        ld_io(&k, &r, "3", 0, 1);
        break;
    case GN_EC_OP_MADD:
        bad = trk_ld_madd(&k, &r, &g2, &ga);
        ld_io(&k, &r, "3", 0, 1);
        break;
    case GN_EC_OP_ADD:
        bad = trk_ld_add(&k, &r, &g2, &g4);
        ld_io(&k, &r, "3", 0, 1);
        break;
    default:
        trk_x_madd(&k, &p2, &p1, &xp);
        trk_x_dbl(&k, &p1);
        t2_output(&k, &p1.X, "X2");
        t2_output(&k, &p1.Z, "Z2");
        t2_output(&k, &p2.X, "X3");
        t2_output(&k, &p2.Z, "Z3");
        break;
    }
    return bad ? GN_ERR_INVALID : status;
}

static void aff_io(const trk_t *k, gn_ec2m_point_t *p, const char *suffix, int input)
{
    char name[GN_TRACE_NAME];
    snprintf(name, sizeof name, "x%s", suffix);
    if (input)
        t2_input(k, &p->x, name, 1);
    else
        t2_output(k, &p->x, name);
    snprintf(name, sizeof name, "y%s", suffix);
    if (input)
        t2_input(k, &p->y, name, 1);
    else
        t2_output(k, &p->y, name);
}

gn_err gn_ec2m_trace_basold(const gn_ec2m_ctx_t *ec, gn_ec2m_basold_op op, gn_trace_t *out)
{
    gn_err e = trace_start(ec, out);
    if (e != GN_OK)
        return e;
    if ((unsigned)op > GN_EC2M_BASOLD_TO_AFF)
        return GN_ERR_UNSUPPORTED;
    gn_ec2m_ctx_t c = *ec;
    gn_err status = GN_OK;
    trk_t k = {&c, out, &status};
    /* inputs as gn_ec2m_trace: 2G and 4G with Z != 1, or their affine points */
    gn_ec2m_ld_t g, g2, g4, r;
    gn_ec2m_ld_from_aff(&c, &g, &c.g);
    gn_ec2m_ld_dbl(&c, &g2, &g);
    gn_ec2m_ld_dbl(&c, &g4, &g2);
    gn_ec2m_point_t a2, a4, a3;
    gn_ec2m_ld_to_aff(&c, &a2, &g2);
    gn_ec2m_ld_to_aff(&c, &a4, &g4);
    if (op == GN_EC2M_BASOLD_AFF_ADD || op == GN_EC2M_BASOLD_AFF_DBL) {
        aff_io(&k, &a2, "1", 1);
        if (op == GN_EC2M_BASOLD_AFF_ADD)
            aff_io(&k, &a4, "2", 1);
    } else {
        ld_io(&k, &g2, "1", 1, 1);
        if (op == GN_EC2M_BASOLD_ADD)
            ld_io(&k, &g4, "2", 1, 1);
    }
    t2_input(&k, &c.a, "a", 0);
    t2_input(&k, &c.b, "b", 0);
    switch (op) {
    case GN_EC2M_BASOLD_ADD:
        trk_ld_add_basold(&k, &r, &g2, &g4);
        ld_io(&k, &r, "3", 0, 1);
        break;
    case GN_EC2M_BASOLD_DBL:
        trk_ld_dbl_basold(&k, &r, &g2);
        ld_io(&k, &r, "3", 0, 1);
        break;
    case GN_EC2M_BASOLD_AFF_ADD:
        trk_aff_add_basold(&k, &a3.x, &a3.y, &a2.x, &a2.y, &a4.x, &a4.y);
        aff_io(&k, &a3, "3", 0);
        break;
    case GN_EC2M_BASOLD_AFF_DBL:
        trk_aff_dbl_basold(&k, &a3.x, &a3.y, &a2.x, &a2.y);
        aff_io(&k, &a3, "3", 0);
        break;
    case GN_EC2M_BASOLD_TO_AFF:
        trk_ld_to_aff_basold(&k, &a3.x, &a3.y, &g2);
        aff_io(&k, &a3, "1", 0);
        break;
    }
    return status;
}
