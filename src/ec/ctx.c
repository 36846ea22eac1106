/* Curve contexts: parameter parsing and validation, derived constants, the operation tables, other
 * kernels. Named curves: named.c; names of models, coordinates, methods: names.c. */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/rns.h"
#include "genus/mp.h"
#include "util/ct.h"

/* --------------------------------------------------------------------------- set-up */

/* Parse a hex field element (< p). */
gn_err gn_ec_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *hex)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    if (!hex)
        return GN_ERR_INVALID;
    gn_err e = gn_mp_from_hex(t, GN_FP_MAX_LIMBS, hex, strlen(hex));
    if (e != GN_OK)
        return e;
    return gn_fp_set_mp(f, r, t, GN_FP_MAX_LIMBS);
}

static int fe_is_small(const gn_fp_ctx_t *f, const gn_fp_t *a, int64_t c)
{
    gn_fp_t t;
    gn_fp_set_u64(f, &t, (uint64_t)(c < 0 ? -c : c));
    if (c < 0)
        gn_fp_neg(f, &t, &t);
    return gn_fp_eq(f, a, &t);
}

/* Non-singularity per model. */
static int nonsingular(const gn_ec_ctx_t *ec)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t t, u;
    switch (ec->model) {
    case GN_EC_WEIERSTRASS: /* 4a^3 + 27b^2 != 0 */
        gn_fp_sqr(f, &t, &ec->a);
        gn_fp_mul(f, &t, &t, &ec->a);
        gn_fp_mul_small(f, &t, &t, 4);
        gn_fp_sqr(f, &u, &ec->b);
        gn_fp_mul_small(f, &u, &u, 27);
        gn_fp_add(f, &t, &t, &u);
        return !gn_fp_is_zero(f, &t);
    case GN_EC_EDWARDS: /* a d (a - d) != 0 */
        gn_fp_sub(f, &t, &ec->a, &ec->b);
        gn_fp_mul(f, &t, &t, &ec->a);
        gn_fp_mul(f, &t, &t, &ec->b);
        return !gn_fp_is_zero(f, &t);
    case GN_EC_MONTGOMERY: /* B (A^2 - 4) != 0 */
        gn_fp_sqr(f, &t, &ec->a);
        gn_fp_set_u64(f, &u, 4);
        gn_fp_sub(f, &t, &t, &u);
        gn_fp_mul(f, &t, &t, &ec->b);
        return !gn_fp_is_zero(f, &t);
    case GN_EC_JACOBI_QUARTIC: /* a^2 != 1 */
        gn_fp_sqr(f, &t, &ec->a);
        gn_fp_set_one(f, &u);
        return !gn_fp_eq(f, &t, &u);
    }
    return 0;
}

/* For a general a, u with u^4 = -3/a when there is one (u^2 = s, s a square root of -3/a that is
 * itself a square): then (x, y) -> (u^2 x, u^3 y) maps the curve onto y^2 = x^3 - 3x + u^6 b
 * (RFC 5639 section 3.1 uses the same isomorphism for the Brainpool "t" curves). */
static void setup_iso_minus3(gn_ec_ctx_t *ec)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t c, s, u, m3;
    ec->iso_m3 = 0;
    if (gn_fp_inv_var(f, &c, &ec->a) != GN_OK)
        return;
    gn_fp_set_u64(f, &m3, 3);
    gn_fp_neg(f, &m3, &m3);
    gn_fp_mul(f, &c, &c, &m3);
    if (gn_fp_sqrt(f, &s, &c) != GN_OK)
        return;
    if (gn_fp_sqrt(f, &u, &s) != GN_OK) {
        gn_fp_neg(f, &s, &s);
        if (gn_fp_sqrt(f, &u, &s) != GN_OK)
            return;
    }
    gn_fp_sqr(f, &ec->iso_u[0], &u);
    gn_fp_mul(f, &ec->iso_u[1], &ec->iso_u[0], &u);
    if (gn_fp_inv_var(f, &ec->iso_u[2], &ec->iso_u[0]) != GN_OK ||
        gn_fp_inv_var(f, &ec->iso_u[3], &ec->iso_u[1]) != GN_OK)
        return;
    gn_fp_sqr(f, &ec->iso_b, &ec->iso_u[1]);
    gn_fp_mul(f, &ec->iso_b, &ec->iso_b, &ec->b);
    ec->iso_m3 = 1;
}

static void derive_constants(gn_ec_ctx_t *ec)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t t;
    ec->a_kind = 0; /* Montgomery and Jacobi quartic curves have one kind */
    switch (ec->model) {
    case GN_EC_WEIERSTRASS:
        gn_fp_mul_small(f, &ec->k[0], &ec->b, 3);
        gn_fp_add(f, &ec->k[1], &ec->b, &ec->b);
        gn_fp_add(f, &ec->k[2], &ec->k[1], &ec->k[1]);
        gn_fp_neg(f, &ec->k[2], &ec->k[2]);
        ec->a_kind = gn_fp_is_zero(f, &ec->a) ? GN_EC_A_ZERO
                     : fe_is_small(f, &ec->a, -3) ? GN_EC_A_MINUS3
                                                  : GN_EC_A_GENERAL;
        ec->complete = 0; /* set_complete, once the group order is known */
        if (ec->a_kind == GN_EC_A_GENERAL)
            setup_iso_minus3(ec);
        break;
    case GN_EC_EDWARDS:
        gn_fp_add(f, &ec->k[0], &ec->b, &ec->b);
        ec->a_kind = fe_is_small(f, &ec->a, -1) ? GN_EC_EDW_A_MINUS1 : GN_EC_EDW_A_GENERAL;
        ec->complete = gn_fp_legendre_var(f, &ec->a) == 1 && gn_fp_legendre_var(f, &ec->b) == -1;
        break;
    case GN_EC_MONTGOMERY:
        gn_fp_set_u64(f, &t, 2);
        gn_fp_add(f, &ec->k[0], &ec->a, &t);
        gn_fp_half(f, &ec->k[0], &ec->k[0]);
        gn_fp_half(f, &ec->k[0], &ec->k[0]);
        {
            gn_limb_t v[GN_FP_MAX_LIMBS];
            gn_fp_get_mp(f, v, GN_FP_MAX_LIMBS, &ec->k[0]);
            /* the RNS kernel multiplies by a constant in one reduction, by a large small integer in two */
            ec->k0_small = gn_mp_bits_var(v, GN_FP_MAX_LIMBS) <= 31 && !f->rns ? (uint32_t)v[0] : 0;
        }
        gn_fp_add(f, &ec->k[1], &ec->a, &ec->a);
        if (gn_fp_inv_var(f, &ec->k[2], &ec->b) != GN_OK) /* B != 0 was checked */
            gn_fp_set_zero(f, &ec->k[2]);
        break;
    case GN_EC_JACOBI_QUARTIC:
        gn_fp_add(f, &ec->k[0], &ec->a, &ec->a);
        break;
    }
    gn_ec_choose_ops(ec);
}

gn_err gn_ec_parse_order(gn_limb_t *r, const char *hex)
{
    if (!hex)
        return GN_ERR_INVALID;
    return gn_mp_from_hex(r, GN_EC_ORDER_LIMBS, hex, strlen(hex));
}

gn_err gn_ec_init(gn_ec_ctx_t *ec, const gn_ec_params_t *prm)
{
    return gn_ec_init_kernel(ec, prm, GN_FP_KERNEL_AUTO);
}

/* Weierstrass: the complete formulas (Renes-Costello-Batina 2016) hold when the group has no
 * point of order 2, that is when x^3 + a x + b has no root in F_p: an odd group order says so when
 * the order is known, the gcd with x^p - x otherwise. (An odd cofactor alone does not: n = 2.) */
static void set_complete(gn_ec_ctx_t *ec)
{
    if (ec->model == GN_EC_WEIERSTRASS)
        ec->complete = ec->order_exact ? (int)(ec->order[0] & 1) : !gn_ec_cubic_has_root_var(&ec->fp, &ec->a, &ec->b);
    gn_ec_choose_ops(ec);
}

/* The operation tables of the curve's model, kind of a and completeness, chosen here once: no
 * formula tests the kind of a per call (src/tmpl/ec_wei.tmpl.h). The RCB projective formulas are
 * complete only without a point of order 2; other Weierstrass curves take the classic ones. */
void gn_ec_choose_ops(gn_ec_ctx_t *ec)
{
    for (int c = 0; c < GN_EC_COORDS_COUNT; c++)
        ec->ops[c] = ec->impl->ops[ec->model][ec->a_kind][c];
    if (ec->model == GN_EC_WEIERSTRASS && !ec->complete)
        ec->ops[GN_EC_PROJECTIVE] = ec->impl->wei_projective_classic;
}

/* Curves over fields of at most this many bits have their points counted at set-up (p + 1 plus a
 * Legendre symbol per x on the hub curve: 2^16 symbols, milliseconds), so that toy curves with a
 * small n get a verified group order too. */
#define COUNT_POINTS_BITS 16

static void count_points_var(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t x, t, one;
    const uint64_t p = (uint64_t)ec->fp.p[0];
    int64_t sum = 0;
    gn_fp_set_one(f, &one);
    gn_fp_set_zero(f, &x);
    for (uint64_t i = 0; i < p; i++, gn_fp_add(f, &x, &x, &one)) {
        gn_fp_sqr(f, &t, &x);
        gn_fp_add(f, &t, &t, &ec->hub_a);
        gn_fp_mul(f, &t, &t, &x);
        gn_fp_add(f, &t, &t, &ec->hub_b);
        sum += gn_fp_legendre_var(f, &t);
    }
    memset(r, 0, GN_EC_ORDER_LIMBS * sizeof(gn_limb_t));
    r[0] = (gn_limb_t)(p + 1 + (uint64_t)sum); /* below 2^17 (Hasse) */
}

/* Whether h n is the group order #E, proven: n prime and n > 4 sqrt(p) (then #E = h' n with
 * |h' - h| n <= 4 sqrt(p) by Hasse's bound on both, so h' = h), or the points counted (small p;
 * a cofactor that disagrees is GN_ERR_BAD_ORDER). Otherwise the curve serves arithmetic by
 * methods that do not need the order, and the protocols refuse it (GN_ERR_UNVERIFIED_ORDER). */
static gn_err set_order_exact(gn_ec_ctx_t *ec)
{
    const size_t pbits = gn_fp_bits(&ec->fp);
    ec->order_exact = ec->n_prime && ec->n_bits >= (pbits + 1) / 2 + 3; /* n >= 2^(ceil(b/2) + 2) > 4 sqrt(p) */
    if (!ec->order_exact && pbits <= COUNT_POINTS_BITS) {
        gn_limb_t c[GN_EC_ORDER_LIMBS];
        count_points_var(ec, c);
        if (gn_mp_cmp_var(c, GN_EC_ORDER_LIMBS, ec->order, GN_EC_ORDER_LIMBS) != 0)
            return GN_ERR_BAD_ORDER;
        ec->order_exact = 1;
    }
    return GN_OK;
}

/* Hasse's bound for the declared group order h n: |h n - (p + 1)| <= 2 sqrt(p) < 2^(ceil(b/2) + 1)
 * for p below 2^b. The protocols trust h (h = 1 skips the subgroup check of a peer's key), so
 * a cofactor that is not the group's is refused here. */
static gn_err check_hasse(const gn_ec_ctx_t *ec)
{
    gn_limb_t q[GN_EC_ORDER_LIMBS] = {0}, d[GN_EC_ORDER_LIMBS], bound[GN_EC_ORDER_LIMBS] = {0};
    const size_t e = (gn_fp_bits(&ec->fp) + 1) / 2 + 1;
    memcpy(q, ec->fp.p, ec->fp.n * sizeof(gn_limb_t));
    (void)gn_mp_add_limb(q, q, GN_EC_ORDER_LIMBS, 1);
    bound[e / GN_LIMB_BITS] = (gn_limb_t)1 << (e % GN_LIMB_BITS);
    if (gn_mp_sub(d, ec->order, q, GN_EC_ORDER_LIMBS))
        (void)gn_mp_sub(d, q, ec->order, GN_EC_ORDER_LIMBS);
    return gn_mp_cmp_var(d, GN_EC_ORDER_LIMBS, bound, GN_EC_ORDER_LIMBS) > 0 ? GN_ERR_BAD_ORDER : GN_OK;
}

/* trusted: the built-in named curves, whose checks (p and n prime, n G = O) the test suite makes
 * (tests/py/test_ec_points.py) instead of every set-up; they cost milliseconds (an affine n G on
 * a Montgomery curve is 1.3 ms for curve25519), far more than the protocols that build them. */
gn_err gn_ec_init_full(gn_ec_ctx_t *ec, const gn_ec_params_t *prm, gn_fp_kernel_kind kind, int trusted,
                       const gn_ec_endo_hex_t *endo, gn_rns_ctx_t *rns, const gn_rns_params_t *rprm)
{
    gn_err e;
    if (!ec || !prm || prm->model < GN_EC_WEIERSTRASS || prm->model > GN_EC_JACOBI_QUARTIC || !prm->p)
        return GN_ERR_INVALID;
    memset(ec, 0, sizeof *ec);
    {
        gn_limb_t pl[GN_FP_MAX_LIMBS];
        uint8_t pb[GN_FP_MAX_BITS / 8];
        e = gn_mp_from_hex(pl, GN_FP_MAX_LIMBS, prm->p, strlen(prm->p));
        if (e == GN_ERR_RANGE)
            return GN_ERR_TOO_LARGE;
        if (e != GN_OK)
            return e;
        if (gn_mp_to_bytes_be(pb, sizeof pb, pl, GN_FP_MAX_LIMBS) != GN_OK)
            return GN_ERR_TOO_LARGE;
        if (rns)
            e = trusted ? gn_fp_init_rns_trusted(&ec->fp, pb, sizeof pb, rns, rprm)
                        : gn_fp_init_rns(&ec->fp, pb, sizeof pb, rns, rprm);
        else
            e = trusted ? gn_fp_init_trusted(&ec->fp, pb, sizeof pb, kind)
                        : gn_fp_init_kernel(&ec->fp, pb, sizeof pb, kind);
        if (e != GN_OK)
            return e;
    }
    ec->model = prm->model;
    ec->impl = gn_ec_impl_for(ec->fp.kern);
    if (!ec->impl && kind != GN_FP_KERNEL_AUTO)
        return GN_ERR_UNSUPPORTED;
    if (!ec->impl) { /* a fixed C kernel on a CPU without mulx/adx: curves use the generic one */
        uint8_t pb[GN_FP_MAX_BITS / 8];
        if (gn_mp_to_bytes_be(pb, sizeof pb, ec->fp.p, ec->fp.n) != GN_OK ||
            (e = gn_fp_init_kernel(&ec->fp, pb, sizeof pb, GN_FP_KERNEL_GENERIC)) != GN_OK)
            return GN_ERR_UNSUPPORTED;
        ec->impl = gn_ec_impl_for(ec->fp.kern);
        if (!ec->impl)
            return GN_ERR_UNSUPPORTED;
    }
    if ((e = gn_ec_parse_fe(&ec->fp, &ec->a, prm->a)) != GN_OK)
        return e;
    if (prm->model == GN_EC_JACOBI_QUARTIC)
        gn_fp_set_zero(&ec->fp, &ec->b);
    else if (prm->model == GN_EC_MONTGOMERY && !prm->b)
        gn_fp_set_one(&ec->fp, &ec->b);
    else if ((e = gn_ec_parse_fe(&ec->fp, &ec->b, prm->b)) != GN_OK)
        return e;
    /* cofactor */
    gn_limb_t h[GN_EC_ORDER_LIMBS] = {0};
    if (prm->h) {
        if ((e = gn_ec_parse_order(h, prm->h)) != GN_OK)
            return e;
    } else {
        h[0] = 1;
    }
    if (gn_mp_bits_var(h, GN_EC_ORDER_LIMBS) > 31 || gn_mp_is_zero(h, GN_EC_ORDER_LIMBS))
        return GN_ERR_BAD_ORDER;
    ec->h = (uint32_t)h[0];
    if (!nonsingular(ec))
        return GN_ERR_SINGULAR;
    derive_constants(ec);
    gn_ec_setup_hub(ec);
    if (!prm->gx && !prm->gy && !prm->n && !prm->h) {
        /* a curve for arithmetic alone: no base point, no order (n = 0); the protocols refuse it */
        if (ec->h != 1)
            return GN_ERR_INVALID;
        gn_ec_set_neutral_aff(ec, &ec->g);
        ec->g.infinity = 1;
        ec->h = 0;
        set_complete(ec);
        strncpy(ec->name, prm->name ? prm->name : "custom", sizeof ec->name - 1);
        return GN_OK;
    }
    if (!prm->gx || !prm->gy || !prm->n)
        return GN_ERR_INVALID; /* a base point comes with its order */
    /* base point */
    if ((e = gn_ec_parse_fe(&ec->fp, &ec->g.x, prm->gx)) != GN_OK || (e = gn_ec_parse_fe(&ec->fp, &ec->g.y, prm->gy)) != GN_OK)
        return e;
    ec->g.infinity = 0;
    if (!gn_ec_is_on_curve(ec, &ec->g))
        return GN_ERR_NOT_ON_CURVE;
    if (gn_ec_is_neutral_aff(ec, &ec->g))
        return GN_ERR_INFINITY;
    /* order: n prime, h n fits, n G = 0 */
    if ((e = gn_ec_parse_order(ec->n, prm->n)) != GN_OK)
        return e;
    ec->n_bits = gn_mp_bits_var(ec->n, GN_EC_ORDER_LIMBS);
    if (ec->n_bits < 2 || ec->n_bits > GN_FP_MAX_BITS + 1)
        return GN_ERR_BAD_ORDER;
    /* a composite n is allowed: arithmetic on any curve; the protocols need a prime one */
    ec->n_prime = trusted || gn_mp_is_prime_var(ec->n, (ec->n_bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS);
    gn_mp_mul_limb(ec->order, ec->n, GN_EC_ORDER_LIMBS, (gn_limb_t)ec->h);
    ec->order_bits = gn_mp_bits_var(ec->order, GN_EC_ORDER_LIMBS);
    if (!trusted && (e = check_hasse(ec)) != GN_OK)
        return e;
    uint8_t nb[GN_EC_ORDER_LIMBS * sizeof(gn_limb_t)];
    if (gn_mp_to_bytes_be(nb, sizeof nb, ec->n, GN_EC_ORDER_LIMBS) != GN_OK)
        return GN_ERR_INVALID;
    gn_ec_point_t t;
    if (!trusted) {
        if ((e = gn_ec_mul(ec, &t, nb, sizeof nb, &ec->g, GN_EC_COORDS_DEFAULT, GN_EC_L2R, 0)) != GN_OK)
            return e;
        if (!gn_ec_is_neutral_aff(ec, &t))
            return GN_ERR_BAD_ORDER;
    }
    if (trusted)
        ec->order_exact = 1; /* the test suite checks #E = h n for every named curve */
    else if ((e = set_order_exact(ec)) != GN_OK)
        return e;
    set_complete(ec);
    gn_ec_setup_glv(ec, trusted ? endo : gn_ec_named_endo_var(ec), trusted);
    const char *nm = prm->name ? prm->name : "custom";
    strncpy(ec->name, nm, sizeof ec->name - 1);
    return GN_OK;
}

gn_err gn_ec_init_kernel(gn_ec_ctx_t *ec, const gn_ec_params_t *prm, gn_fp_kernel_kind kind)
{
    return gn_ec_init_full(ec, prm, kind, 0, NULL, NULL, NULL);
}

gn_err gn_ec_init_rns(gn_ec_ctx_t *ec, const gn_ec_params_t *prm, gn_rns_ctx_t *rns, const gn_rns_params_t *rprm)
{
    if (!rns)
        return GN_ERR_INVALID;
    return gn_ec_init_full(ec, prm, GN_FP_KERNEL_RNS, 0, NULL, rns, rprm);
}

gn_err gn_ec_setup_mapped(gn_ec_ctx_t *ec, const gn_ec_ctx_t *src)
{
    ec->glv.on = 0; /* another curve: the endomorphism's data do not carry over */
    if (!nonsingular(ec))
        return GN_ERR_SINGULAR;
    derive_constants(ec);
    set_complete(ec); /* the order and its status carry over: one group */
    gn_err e = gn_ec_map_point_var(ec, &ec->g, src, &src->g);
    if (e != GN_OK)
        return e;
    if (!gn_ec_is_on_curve(ec, &ec->g) || gn_ec_is_neutral_aff(ec, &ec->g))
        return GN_ERR_NOT_ON_CURVE;
    return GN_OK;
}

gn_err gn_ec_with_kernel(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_fp_kernel_kind kind, gn_rns_ctx_t *rns,
                         const gn_rns_params_t *rprm)
{
    if (!dst || !src || dst == src || (kind == GN_FP_KERNEL_RNS && !rns))
        return GN_ERR_INVALID;
    uint8_t pb[GN_FP_MAX_BITS / 8];
    if (gn_mp_to_bytes_be(pb, sizeof pb, src->fp.p, src->fp.n) != GN_OK)
        return GN_ERR_INVALID;
    *dst = *src;
    gn_err e = kind == GN_FP_KERNEL_RNS ? gn_fp_init_rns_trusted(&dst->fp, pb, sizeof pb, rns, rprm)
                                        : gn_fp_init_trusted(&dst->fp, pb, sizeof pb, kind);
    if (e != GN_OK)
        return e;
    dst->impl = gn_ec_impl_for(dst->fp.kern);
    if (!dst->impl)
        return GN_ERR_UNSUPPORTED;
    gn_ec_choose_ops(dst);
    /* every element the context holds */
    gn_fp_t *const to[] = {&dst->a, &dst->b, &dst->k[0], &dst->k[1], &dst->k[2], &dst->k[3], &dst->g.x,
                           &dst->g.y, &dst->hub_a, &dst->hub_b, &dst->hub_scale, &dst->iso_b, &dst->iso_u[0],
                           &dst->iso_u[1], &dst->iso_u[2], &dst->iso_u[3], &dst->glv.beta};
    const gn_fp_t *const from[] = {&src->a, &src->b, &src->k[0], &src->k[1], &src->k[2], &src->k[3], &src->g.x,
                                   &src->g.y, &src->hub_a, &src->hub_b, &src->hub_scale, &src->iso_b,
                                   &src->iso_u[0], &src->iso_u[1], &src->iso_u[2], &src->iso_u[3], &src->glv.beta};
    for (size_t i = 0; i < sizeof to / sizeof to[0]; i++)
        (void)gn_fp_rekernel(&dst->fp, to[i], &src->fp, from[i]); /* the same field: cannot fail */
    if (dst->fp.rns)
        dst->k0_small = 0; /* see derive_constants */
    return GN_OK;
}
