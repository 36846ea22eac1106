/*
 * The entry points of scalar multiplication on prime-field curves (genus/ec.h): which method
 * runs, in which coordinates, on which curve (the curve itself or its a = -3 isomorph); the
 * methods are in the files of src/scalar/ (scalar_internal.h lists them). Each entry point owns
 * the scratch its method takes points from, and wipes it.
 */
#include "scalar/scalar_internal.h"

#include "util/ct.h"

/* The GLV multiplication (mul_glv) where the curve has an endomorphism (src/ec/glv.c). */
static int glv_applies(const gn_ec_ctx_t *ec)
{
    return ec->glv.on && ec->order_exact;
}

/*
 * P carried to the a = -3 curve isomorphic to ec (ec->iso_m3) by (x, y) -> (u^2 x, u^3 y), in
 * Jacobian coordinates of g, whose table is the a = -3 one: there a doubling costs 4M + 4S
 * instead of 1M + 8S + 1D. Only the curve's b differs, and no Jacobian formula reads b, so g
 * keeps ec itself as its context.
 */
static GN_NOINLINE void iso_m3_group(const gn_ec_ctx_t *ec, grp *g, gn_limb_t *ws, size_t n, gn_limb_t **pp,
                         const gn_ec_point_t *p)
{
    grp_init(g, ec, GN_EC_JACOBIAN, ec->impl->ops[GN_EC_WEIERSTRASS][GN_EC_A_MINUS3][GN_EC_JACOBIAN], ws, n);
    gn_ec_point_t q = *p;
    gn_fp_mul(&ec->fp, &q.x, &p->x, &ec->iso_u[0]);
    gn_fp_mul(&ec->fp, &q.y, &p->y, &ec->iso_u[1]);
    *pp = pt_take(g, 1);
    g->eo->from_aff(ec, *pp, &q);
    gn_memzero(&q, sizeof q);
}

/* r = the image on ec of acc, a Jacobian point of the a = -3 isomorph. Both out of line: their
 * affine points stay out of the frame under the multiplication. */
static GN_NOINLINE void iso_m3_back(const gn_ec_ctx_t *ec, const grp *g, gn_ec_point_t *r, const gn_limb_t *acc)
{
    gn_ec_point_t t;
    g->eo->to_aff(ec, &t, acc);
    gn_fp_mul(&ec->fp, &r->x, &t.x, &ec->iso_u[2]);
    gn_fp_mul(&ec->fp, &r->y, &t.y, &ec->iso_u[3]);
    r->infinity = t.infinity;
    gn_memzero(&t, sizeof t);
}

/* The arguments of a multiplication run on scratch (scalar_with_scratch). */
typedef struct {
    const gn_ec_ctx_t *ec;
    gn_ec_point_t *r;
    const gn_ec_point_t *p, *q;
    const gn_limb_t *k, *l;
    size_t kbits, lbits;
    gn_ec_coords coords;
    gn_ec_method method;
    unsigned window;
    int ct;               /* add_points: constant time */
    gn_ec_comb_t *comb;   /* gn_ec_comb_init's table */
    const gn_ec_comb_t *ccomb;
    gn_limb_t exc;        /* out: an exceptional case left r unwritten */
} job_t;

/* The wNAF (variable time, every case handled) or the signed window on the a = -3 isomorphic
 * curve, the result carried back; the signed window's exceptional-case mask in j->exc (r is
 * then not written; the caller recomputes on ec itself). */
static void mul_iso_job(void *arg, gn_limb_t *ws, size_t n)
{
    job_t *j = arg;
    gn_limb_t *pp;
    grp g;
    iso_m3_group(j->ec, &g, ws, n, &pp, j->p);
    gn_limb_t *acc = pt_take(&g, 1);
    j->exc = 0;
    if (j->method == GN_EC_WNAF)
        mul_wnaf(&g, acc, pp, j->k, j->kbits, j->window);
    else
        j->exc = mul_window_signed(&g, acc, pp, j->k, j->kbits, j->window);
    if (!j->exc)
        iso_m3_back(j->ec, &g, j->r, acc);
    grp_wipe(&g);
}

gn_ec_coords gn_ec_resolve_coords(const gn_ec_ctx_t *ec, gn_ec_coords c, gn_ec_method m)
{
    if (c != GN_EC_COORDS_DEFAULT)
        return c;
    if (m == GN_EC_METHOD_DEFAULT)
        m = gn_ec_default_method(ec);
    if (m == GN_EC_COZ_LADDER)
        return GN_EC_COZ;
    /* Fastest constant-time choice on odd-order Weierstrass curves (measured: `genus bench`):
     * the signed window in Jacobian coordinates, 4M + 4S doublings for a = -3. */
    if (m == GN_EC_WINDOW && ec->model == GN_EC_WEIERSTRASS && ec->order_exact && (ec->order[0] & 1))
        return GN_EC_JACOBIAN;
    if (ec->model == GN_EC_MONTGOMERY)
        return m == GN_EC_LADDER ? GN_EC_XZ : GN_EC_AFFINE;
    return gn_ec_default_coords(ec);
}

static unsigned default_window(gn_ec_method m, size_t nbits)
{
    if (m == GN_EC_COMB)
        return 5;
    if (m == GN_EC_WINDOW || m == GN_EC_WINDOW_VAR)
        return nbits > 300 ? 5 : 4;
    return 5;
}

unsigned gn_ec_default_window(const gn_ec_ctx_t *ec, gn_ec_method method)
{
    if (method == GN_EC_METHOD_DEFAULT)
        method = gn_ec_default_method(ec);
    return default_window(method, ec->n_bits ? ec->n_bits : ec->fp.bits);
}

/* The comb's shape for a table of 2^teeth entries on ec: scalars reduced by the order when it is
 * known, else taken whole (up to GN_EC_MAX_SCALAR_BYTES). */
static void comb_shape(comb_view_t *c, const gn_ec_ctx_t *ec, unsigned teeth)
{
    c->teeth = teeth;
    c->bits = ec->order_exact ? ec->order_bits : 8 * GN_EC_MAX_SCALAR_BYTES;
    c->span = (unsigned)((c->bits + teeth - 1) / teeth);
    c->affine = 0;
}

/* The comb's scalar: k mod the order when it is known. */
static void comb_scalar(const gn_ec_ctx_t *ec, gn_limb_t *kr, const gn_limb_t *k, size_t nbits)
{
    if (ec->order_exact) {
        memset(kr, 0, SCALAR_LIMBS * sizeof(gn_limb_t));
        reduce_order(ec, kr, k, nbits);
    } else {
        memcpy(kr, k, SCALAR_LIMBS * sizeof(gn_limb_t));
    }
}

/* A one-off comb: its table in scratch (keep one with gn_ec_comb_init for repeated use). Not
 * inlined: its reduced scalar stays out of the frame under every other method. */
static GN_NOINLINE void mul_comb_once(grp *g, gn_limb_t *acc, const gn_ec_point_t *p, const gn_limb_t *k, size_t nbits,
                          unsigned teeth, gn_ec_coords coords)
{
    gn_limb_t kr[SCALAR_LIMBS];
    comb_view_t c;
    /* beside the table: the build's base and addition, or the selection, its sum and add_ct's */
    comb_shape(&c, g->ec, scalar_fit_window(g, teeth, 1, 0, 2 + add_ct_room(g)));
    c.tab = pt_take(g, (size_t)1 << c.teeth);
    comb_build(g, &c, p, jacobian_odd_order(g->ec, coords, p));
    comb_scalar(g->ec, kr, k, nbits);
    comb_mul(g, acc, &c, kr);
    gn_memzero(kr, sizeof kr);
}

/* [k] p by a method over the curve's own point operations in coords. */
static void mul_job(void *arg, gn_limb_t *ws, size_t n)
{
    const job_t *j = arg;
    const gn_ec_ctx_t *ec = j->ec;
    const gn_limb_t *k = j->k;
    const size_t nbits = j->kbits;
    const unsigned window = j->window;
    grp g;
    grp_init(&g, ec, j->coords, NULL, ws, n);
    gn_limb_t *pp = pt_take(&g, 1), *acc = pt_take(&g, 1);
    g.eo->from_aff(ec, pp, j->p);
    switch (j->method) {
    case GN_EC_L2R: mul_l2r(&g, acc, pp, k, nbits); break;
    case GN_EC_R2L: mul_r2l(&g, acc, pp, k, nbits); break;
    case GN_EC_WINDOW:
        if (!signed_window_applies(ec, j->coords, j->p) ||
            (glv_applies(ec) ? mul_glv(&g, acc, pp, k, nbits, window)
                             : mul_window_signed(&g, acc, pp, k, nbits, window)))
            mul_window(&g, acc, pp, k, nbits, window, 1);
        break;
    case GN_EC_WINDOW_VAR: mul_window(&g, acc, pp, k, nbits, window, 0); break;
    case GN_EC_SLIDING: mul_sliding(&g, acc, pp, k, nbits, window); break;
    case GN_EC_WNAF: mul_wnaf(&g, acc, pp, k, nbits, window); break;
    case GN_EC_COMB: mul_comb_once(&g, acc, j->p, k, nbits, window, j->coords); break;
    default: mul_ladder(&g, acc, pp, k, nbits); break; /* GN_EC_LADDER */
    }
    g.eo->to_aff(ec, j->r, acc);
    grp_wipe(&g);
}

gn_err gn_ec_mul(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *kb, size_t klen, const gn_ec_point_t *p,
                 gn_ec_coords coords, gn_ec_method method, unsigned window)
{
    gn_limb_t k[SCALAR_LIMBS];
    size_t nbits;
    gn_err e;
    if (!ec || !r || !p)
        return GN_ERR_INVALID;
    if (method == GN_EC_METHOD_DEFAULT)
        method = gn_ec_default_method(ec);
    coords = gn_ec_resolve_coords(ec, coords, method);
    if (!gn_ec_supports(ec, coords, method))
        return GN_ERR_UNSUPPORTED;
    if (window == 0)
        window = gn_ec_default_window(ec, method);
    if (window < 2 || window > 6)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &nbits, kb, klen)) != GN_OK)
        return e;
    job_t j = {.ec = ec, .r = r, .p = p, .k = k, .kbits = nbits, .coords = coords, .method = method,
               .window = window, .exc = 1};
    if (coords == GN_EC_XZ) {
        mul_xonly(ec, r, p, k, nbits);
        j.exc = 0;
    } else if (coords == GN_EC_COZ) {
        mul_coz(ec, r, p, k, nbits);
        j.exc = 0;
    } else if (ec->iso_m3 && ((method == GN_EC_WINDOW && jacobian_odd_order(ec, coords, p)) ||
                              (method == GN_EC_WNAF && coords == GN_EC_JACOBIAN && !p->infinity))) {
        scalar_with_scratch(ec, mul_iso_job, &j); /* on the a = -3 isomorph */
    }
    if (j.exc) /* not run yet, or an exceptional case there: on the curve itself */
        scalar_with_scratch(ec, mul_job, &j);
    gn_memzero(k, sizeof k);
    return GN_OK;
}

static void mul2_job(void *arg, gn_limb_t *ws, size_t n)
{
    const job_t *j = arg;
    grp g;
    grp_init(&g, j->ec, j->coords, NULL, ws, n);
    gn_limb_t *pp = pt_take(&g, 1), *qq = pt_take(&g, 1), *acc = pt_take(&g, 1);
    g.eo->from_aff(j->ec, pp, j->p);
    g.eo->from_aff(j->ec, qq, j->q);
    mul2(&g, acc, pp, j->k, j->kbits, qq, j->l, j->lbits);
    g.eo->to_aff(j->ec, j->r, acc);
}

gn_err gn_ec_mul2_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *kb, size_t klen, const gn_ec_point_t *p,
                      const uint8_t *lb, size_t llen, const gn_ec_point_t *q)
{
    gn_limb_t k[SCALAR_LIMBS], l[SCALAR_LIMBS];
    size_t kbits, lbits;
    gn_err e;
    if (!ec || !r || !p || !q)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &kbits, kb, klen)) != GN_OK || (e = load_scalar(l, &lbits, lb, llen)) != GN_OK)
        return e;
    job_t j = {.ec = ec, .r = r, .p = p, .q = q, .k = k, .l = l, .kbits = kbits, .lbits = lbits,
               .coords = gn_ec_resolve_coords(ec, GN_EC_COORDS_DEFAULT, GN_EC_L2R)};
    scalar_with_scratch(ec, mul2_job, &j);
    return GN_OK;
}

/* r = p + q through the group of the method's coordinates: complete (ct) or branching. */
static void add_job(void *arg, gn_limb_t *ws, size_t n)
{
    const job_t *j = arg;
    const gn_ec_ctx_t *ec = j->ec;
    grp g;
    grp_init(&g, ec, gn_ec_resolve_coords(ec, GN_EC_COORDS_DEFAULT, j->ct ? GN_EC_WINDOW : GN_EC_L2R), NULL, ws, n);
    gn_limb_t *pp = pt_take(&g, 1), *qq = pt_take(&g, 1), *s = pt_take(&g, 1);
    g.eo->from_aff(ec, pp, j->p);
    g.eo->from_aff(ec, qq, j->q);
    if (j->ct)
        add_ct(&g, s, pp, qq);
    else
        add_var(&g, s, pp, qq, 0);
    g.eo->to_aff(ec, j->r, s);
    grp_wipe(&g);
}

void gn_ec_add_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q)
{
    job_t j = {.ec = ec, .r = r, .p = p, .q = q, .ct = 0};
    scalar_with_scratch(ec, add_job, &j);
}

void gn_ec_add(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q)
{
    job_t j = {.ec = ec, .r = r, .p = p, .q = q, .ct = 1};
    scalar_with_scratch(ec, add_job, &j);
}

/* ------------------------------------------------------------ fixed-base comb */

static void comb_init_job(void *arg, gn_limb_t *ws, size_t n)
{
    const job_t *j = arg;
    grp g;
    grp_init(&g, j->ec, j->coords, NULL, ws, n);
    comb_view_t c;
    comb_shape(&c, j->ec, j->window);
    c.tab = j->comb->tab;
    comb_build(&g, &c, j->p, jacobian_odd_order(j->ec, j->coords, j->p));
    j->comb->teeth = c.teeth;
    j->comb->span = c.span;
    j->comb->bits = c.bits;
    j->comb->coords = j->coords;
    j->comb->affine = c.affine;
}

gn_err gn_ec_comb_init(const gn_ec_ctx_t *ec, gn_ec_comb_t *comb, const gn_ec_point_t *p, unsigned teeth,
                       gn_ec_coords coords)
{
    if (!ec || !comb || !p)
        return GN_ERR_INVALID;
    if (teeth == 0)
        teeth = 5; /* 6 measured slower: the masked scan of 64 entries outweighs 9 fewer columns */
    coords = gn_ec_resolve_coords(ec, coords, GN_EC_WINDOW);
    if (teeth < 2 || teeth > GN_EC_COMB_MAX_TEETH || !gn_ec_supports(ec, coords, GN_EC_WINDOW))
        return GN_ERR_UNSUPPORTED;
    job_t j = {.ec = ec, .p = p, .coords = coords, .window = teeth, .comb = comb};
    scalar_with_scratch(ec, comb_init_job, &j);
    return GN_OK;
}

static void comb_mul_job(void *arg, gn_limb_t *ws, size_t n)
{
    const job_t *j = arg;
    const gn_ec_comb_t *comb = j->ccomb;
    grp g;
    grp_init(&g, j->ec, comb->coords, NULL, ws, n);
    comb_view_t c = {comb->teeth, comb->span, comb->bits, comb->affine, (gn_limb_t *)comb->tab};
    gn_limb_t *acc = pt_take(&g, 1);
    comb_mul(&g, acc, &c, j->k);
    g.eo->to_aff(j->ec, j->r, acc);
    grp_wipe(&g);
}

gn_err gn_ec_mul_comb(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_comb_t *comb, const uint8_t *kb,
                      size_t klen)
{
    gn_limb_t k[SCALAR_LIMBS], kr[SCALAR_LIMBS];
    size_t nbits;
    gn_err e;
    if (!ec || !r || !comb)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &nbits, kb, klen)) != GN_OK)
        return e;
    comb_scalar(ec, kr, k, nbits);
    job_t j = {.ec = ec, .r = r, .k = kr, .ccomb = comb};
    scalar_with_scratch(ec, comb_mul_job, &j);
    gn_memzero(k, sizeof k);
    gn_memzero(kr, sizeof kr);
    return GN_OK;
}
