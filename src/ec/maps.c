/*
 * Birational maps between the models. Every curve context records a short Weierstrass
 * "hub" curve y^2 = x^3 + hub_a x + hub_b it is birationally equivalent to, and the scale
 * lambda of the isomorphism (x, y) -> (lambda^2 x, lambda^3 y) from its own canonical
 * Weierstrass form onto the hub. Points travel through the hub, so any two contexts with the
 * same hub (built from one another by gn_ec_to_model) exchange points. The maps:
 *   Montgomery B v^2 = u^3 + A u^2 + u -> Weierstrass: x = u/B + A/(3B), y = v/B
 *     (a = (3 - A^2)/(3B^2), b = (2A^3 - 9A)/(27B^3)); back: a 2-torsion point (alpha, 0) with
 *     3 alpha^2 + a = 1/s^2 gives A = 3 alpha s, B = s (Okeya-Kurumatani-Sakurai 2000).
 *   twisted Edwards <-> Montgomery: A = 2(a + d)/(a - d), B = 4/(a - d), u = (1 + y)/(1 - y),
 *     v = u/x; a = (A + 2)/B, d = (A - 2)/B (Bernstein-Birkner-Joye-Lange-Peters 2008, Thm 3.2).
 *   Jacobi quartic y^2 = x^4 + 2a x^2 + 1 -> V^2 = U^3 - 4a U^2 + 4(a^2 - 1) U with
 *     U = 2(a + (y + 1)/x^2), V = 2U/x (Billet-Joye 2003); back from (alpha, 0): shift by alpha,
 *     scale by lambda with lambda^4 = -(3 alpha^2 + 4a)/16, a' = -3 alpha/(4 lambda^2).
 * Everything here works on public curve data and public points: variable time.
 */
#include <string.h>

#include "ec/ec_internal.h"
#include "fp/fp_internal.h" /* GN_NOINLINE */
#include "genus/mp.h"

static void fe_small(const gn_fp_ctx_t *f, gn_fp_t *r, int64_t c)
{
    gn_fp_set_u64(f, r, (uint64_t)(c < 0 ? -c : c));
    if (c < 0)
        gn_fp_neg(f, r, r);
}


/* ------------------------------------------------------- canonical Weierstrass forms */

/* The short Weierstrass form (a, b) of a long form y^2 = x^3 + A2 x^2 + A4 x: x = X - A2/3. */
static void long_to_short(const gn_fp_ctx_t *f, gn_fp_t *a, gn_fp_t *b, const gn_fp_t *A2, const gn_fp_t *A4)
{
    gn_fp_t t, u, three, i27;
    fe_small(f, &three, 3);
    gn_fp_sqr(f, &t, A2);
    (void)gn_ec_fe_div_var(f, &u, &t, &three);
    gn_fp_sub(f, a, A4, &u); /* A4 - A2^2/3 */
    gn_fp_mul(f, &t, &t, A2);
    gn_fp_add(f, &t, &t, &t);
    fe_small(f, &i27, 27);
    (void)gn_ec_fe_div_var(f, &t, &t, &i27); /* 2 A2^3 / 27 */
    gn_fp_mul(f, &u, A2, A4);
    (void)gn_ec_fe_div_var(f, &u, &u, &three);
    gn_fp_sub(f, b, &t, &u);
}

/* Montgomery constants (A, B) of an Edwards curve (a, d). */
static void edw_mont(const gn_fp_ctx_t *f, gn_fp_t *A, gn_fp_t *B, const gn_fp_t *a, const gn_fp_t *d)
{
    gn_fp_t t, s;
    gn_fp_sub(f, &t, a, d);
    if (gn_fp_inv_var(f, &t, &t) != GN_OK) /* a != d for a non-singular curve */
        gn_fp_set_zero(f, &t);
    gn_fp_add(f, &s, a, d);
    gn_fp_add(f, &s, &s, &s);
    gn_fp_mul(f, A, &s, &t);
    gn_fp_mul_small(f, B, &t, 4);
}

/* Long form y^2 = x^3 + A2 x^2 + A4 x of the canonical Weierstrass curve of ec:
 * Montgomery: (A/B, 1/B^2) via (X, Y) = (u/B, v/B); Jacobi quartic: (-4a, 4(a^2 - 1)). */
static void canonical_long(const gn_ec_ctx_t *ec, gn_fp_t *A2, gn_fp_t *A4)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t A, B, one;
    gn_fp_set_one(f, &one);
    switch (ec->model) {
    case GN_EC_MONTGOMERY:
    case GN_EC_EDWARDS:
        if (ec->model == GN_EC_EDWARDS) {
            edw_mont(f, &A, &B, &ec->a, &ec->b);
        } else {
            A = ec->a;
            B = ec->b;
        }
        (void)gn_ec_fe_div_var(f, A2, &A, &B);
        gn_fp_sqr(f, A4, &B);
        (void)gn_ec_fe_div_var(f, A4, &one, A4);
        break;
    case GN_EC_JACOBI_QUARTIC:
        gn_fp_mul_small(f, A2, &ec->a, 4);
        gn_fp_neg(f, A2, A2);
        gn_fp_sqr(f, A4, &ec->a);
        gn_fp_sub(f, A4, A4, &one);
        gn_fp_mul_small(f, A4, A4, 4);
        break;
    default:
        gn_fp_set_zero(f, A2);
        gn_fp_set_zero(f, A4);
    }
}

void gn_ec_setup_hub(gn_ec_ctx_t *ec)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_set_one(f, &ec->hub_scale);
    if (ec->model == GN_EC_WEIERSTRASS) {
        ec->hub_a = ec->a;
        ec->hub_b = ec->b;
        return;
    }
    gn_fp_t A2, A4;
    canonical_long(ec, &A2, &A4);
    long_to_short(f, &ec->hub_a, &ec->hub_b, &A2, &A4);
}

/* --------------------------------------------------------------- points to and from the hub */

/* An affine point of the long form (X, Y) of ec's canonical curve; 0 for O. */
static int to_long(const gn_ec_ctx_t *ec, gn_fp_t *X, gn_fp_t *Y, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t one, t, u, v, A, B;
    gn_fp_set_one(f, &one);
    if (ec->model == GN_EC_MONTGOMERY || ec->model == GN_EC_EDWARDS) {
        if (ec->model == GN_EC_MONTGOMERY) {
            if (p->infinity)
                return 0;
            u = p->x;
            v = p->y;
            B = ec->b;
        } else {
            if (gn_ec_is_neutral_aff(ec, p))
                return 0;
            edw_mont(f, &A, &B, &ec->a, &ec->b);
            if (gn_fp_is_zero(f, &p->x)) { /* (0, -1) -> (0, 0) */
                gn_fp_set_zero(f, &u);
                gn_fp_set_zero(f, &v);
            } else {
                gn_fp_add(f, &t, &one, &p->y);
                gn_fp_sub(f, &u, &one, &p->y);
                (void)gn_ec_fe_div_var(f, &u, &t, &u);
                (void)gn_ec_fe_div_var(f, &v, &u, &p->x);
            }
        }
        (void)gn_ec_fe_div_var(f, X, &u, &B);
        (void)gn_ec_fe_div_var(f, Y, &v, &B);
        return 1;
    }
    /* Jacobi quartic */
    if (p->infinity) { /* (0 : +-1 : 0 : 1) -> (2(a +- 1), 0) */
        gn_fp_t s = p->y;
        gn_fp_add(f, X, &ec->a, &s);
        gn_fp_add(f, X, X, X);
        gn_fp_set_zero(f, Y);
        return 1;
    }
    if (gn_fp_is_zero(f, &p->x)) {
        if (gn_fp_eq(f, &p->y, &one))
            return 0;
        gn_fp_set_zero(f, X);
        gn_fp_set_zero(f, Y);
        return 1;
    }
    gn_fp_sqr(f, &t, &p->x);
    gn_fp_add(f, &u, &p->y, &one);
    (void)gn_ec_fe_div_var(f, &u, &u, &t);
    gn_fp_add(f, &u, &u, &ec->a);
    gn_fp_add(f, X, &u, &u);
    (void)gn_ec_fe_div_var(f, Y, X, &p->x);
    gn_fp_add(f, Y, Y, Y);
    return 1;
}

/* The inverse of to_long; GN_ERR_UNSUPPORTED for a point with no affine image (a point at
 * infinity of an Edwards curve). */
static gn_err from_long(const gn_ec_ctx_t *ec, gn_ec_point_t *r, int finite, const gn_fp_t *X, const gn_fp_t *Y)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t one, t, u, v, A, B;
    gn_fp_set_one(f, &one);
    if (!finite) {
        gn_ec_set_neutral_aff(ec, r);
        return GN_OK;
    }
    r->infinity = 0;
    if (ec->model == GN_EC_MONTGOMERY || ec->model == GN_EC_EDWARDS) {
        if (ec->model == GN_EC_MONTGOMERY)
            B = ec->b;
        else
            edw_mont(f, &A, &B, &ec->a, &ec->b);
        gn_fp_mul(f, &u, X, &B);
        gn_fp_mul(f, &v, Y, &B);
        if (ec->model == GN_EC_MONTGOMERY) {
            r->x = u;
            r->y = v;
            return GN_OK;
        }
        if (gn_fp_is_zero(f, &u) && gn_fp_is_zero(f, &v)) { /* (0, 0) -> (0, -1) */
            gn_fp_set_zero(f, &r->x);
            gn_fp_neg(f, &r->y, &one);
            return GN_OK;
        }
        gn_fp_add(f, &t, &u, &one);
        if (gn_fp_is_zero(f, &v) || gn_fp_is_zero(f, &t))
            return GN_ERR_UNSUPPORTED;
        (void)gn_ec_fe_div_var(f, &r->x, &u, &v);
        gn_fp_sub(f, &A, &u, &one);
        (void)gn_ec_fe_div_var(f, &r->y, &A, &t);
        return GN_OK;
    }
    /* Jacobi quartic: u = X/2, v = Y/4, x = u/v, y = (u - a) x^2 - 1 */
    if (gn_fp_is_zero(f, Y)) {
        if (gn_fp_is_zero(f, X)) {
            gn_fp_set_zero(f, &r->x);
            gn_fp_neg(f, &r->y, &one);
            return GN_OK;
        }
        gn_fp_half(f, &u, X);
        gn_fp_sub(f, &u, &u, &ec->a); /* +-1 */
        r->infinity = 1;
        gn_fp_set_zero(f, &r->x);
        r->y = u;
        return GN_OK;
    }
    gn_fp_half(f, &u, X);
    gn_fp_half(f, &v, Y);
    gn_fp_half(f, &v, &v);
    (void)gn_ec_fe_div_var(f, &r->x, &u, &v);
    gn_fp_sqr(f, &t, &r->x);
    gn_fp_sub(f, &u, &u, &ec->a);
    gn_fp_mul(f, &t, &t, &u);
    gn_fp_sub(f, &r->y, &t, &one);
    return GN_OK;
}

/* Long form of ec's canonical curve -> the hub (short form, then the scale) and back. */
static void long_to_hub(const gn_ec_ctx_t *ec, gn_fp_t *x, gn_fp_t *y, const gn_fp_t *X, const gn_fp_t *Y)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t A2, A4, t, l2, l3;
    canonical_long(ec, &A2, &A4);
    fe_small(f, &t, 3);
    (void)gn_ec_fe_div_var(f, &t, &A2, &t);
    gn_fp_add(f, &t, X, &t); /* short x = X + A2/3 */
    gn_fp_sqr(f, &l2, &ec->hub_scale);
    gn_fp_mul(f, &l3, &l2, &ec->hub_scale);
    gn_fp_mul(f, x, &t, &l2);
    gn_fp_mul(f, y, Y, &l3);
}

static void hub_to_long(const gn_ec_ctx_t *ec, gn_fp_t *X, gn_fp_t *Y, const gn_fp_t *x, const gn_fp_t *y)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t A2, A4, t, l2, l3;
    canonical_long(ec, &A2, &A4);
    gn_fp_sqr(f, &l2, &ec->hub_scale);
    gn_fp_mul(f, &l3, &l2, &ec->hub_scale);
    (void)gn_ec_fe_div_var(f, &t, x, &l2);
    (void)gn_ec_fe_div_var(f, Y, y, &l3);
    fe_small(f, &l2, 3);
    (void)gn_ec_fe_div_var(f, &l2, &A2, &l2);
    gn_fp_sub(f, X, &t, &l2);
}

gn_err gn_ec_map_point_var(const gn_ec_ctx_t *dst, gn_ec_point_t *r, const gn_ec_ctx_t *src, const gn_ec_point_t *p)
{
    gn_fp_t X, Y, x, y;
    if (!dst || !r || !src || !p)
        return GN_ERR_INVALID;
    if (gn_mp_cmp_var(dst->fp.p, dst->fp.n, src->fp.p, src->fp.n) != 0 ||
        !gn_fp_eq(&src->fp, &dst->hub_a, &src->hub_a) || !gn_fp_eq(&src->fp, &dst->hub_b, &src->hub_b))
        return GN_ERR_INVALID; /* not the same curve: build dst with gn_ec_to_model */
    if (!gn_ec_is_on_curve(src, p))
        return GN_ERR_NOT_ON_CURVE;
    int finite;
    if (src->model == GN_EC_WEIERSTRASS) {
        finite = !p->infinity;
        x = p->x;
        y = p->y;
    } else {
        finite = to_long(src, &X, &Y, p);
        if (finite)
            long_to_hub(src, &x, &y, &X, &Y);
    }
    if (dst->model == GN_EC_WEIERSTRASS) {
        if (!finite) {
            gn_ec_set_neutral_aff(dst, r);
        } else {
            r->x = x;
            r->y = y;
            r->infinity = 0;
        }
        return GN_OK;
    }
    if (finite)
        hub_to_long(dst, &X, &Y, &x, &y);
    return from_long(dst, r, finite, &X, &Y);
}

/* ------------------------------------------------------------------------ building */

/* The new curve's constants, written into the caller's dst once they are found. The helpers below
 * stay out of line: their elements are not on the stack while the cubic's roots are sought. */
typedef struct {
    gn_fp_t a, b, hub_scale;
} model_consts_t;

/* The Jacobi quartic through the root alpha of the hub cubic (hub constant a = ha):
 * lambda^4 = -(3 alpha^2 + 4a)/16 must be a square root that is itself a square. */
static GN_NOINLINE int jq_from_root(const gn_fp_ctx_t *F, model_consts_t *c, const gn_fp_t *al, const gn_fp_t *ha)
{
    gn_fp_t t, s, l2, w;
    gn_fp_sqr(F, &t, al);
    gn_fp_mul_small(F, &w, &t, 3);
    gn_fp_mul_small(F, &s, ha, 4);
    gn_fp_add(F, &w, &w, &s);
    gn_fp_neg(F, &w, &w);
    fe_small(F, &s, 16);
    (void)gn_ec_fe_div_var(F, &w, &w, &s);
    if (gn_fp_is_zero(F, &w) || gn_fp_sqrt(F, &l2, &w) != GN_OK)
        return 0;
    for (int sign = 0; sign < 2; sign++) {
        gn_fp_t l;
        if (sign)
            gn_fp_neg(F, &l2, &l2);
        if (gn_fp_sqrt(F, &l, &l2) != GN_OK)
            continue;
        /* a' = -3 alpha / (4 lambda^2) */
        gn_fp_mul_small(F, &s, al, 3);
        gn_fp_neg(F, &s, &s);
        gn_fp_mul_small(F, &t, &l2, 4);
        (void)gn_ec_fe_div_var(F, &c->a, &s, &t);
        gn_fp_set_zero(F, &c->b);
        c->hub_scale = l;
        return 1;
    }
    return 0;
}

/* The Montgomery curve (A, B), or the twisted Edwards one (a, d), through the root alpha of the
 * hub cubic: 3 alpha^2 + a = 1/s^2, A = 3 alpha s, B = s; a = (A + 2)/B, d = (A - 2)/B. */
static GN_NOINLINE int mont_edw_from_root(const gn_fp_ctx_t *F, model_consts_t *c, const gn_fp_t *al,
                                          const gn_fp_t *ha, gn_ec_model model)
{
    gn_fp_t t, s;
    gn_fp_sqr(F, &t, al);
    gn_fp_mul_small(F, &t, &t, 3);
    gn_fp_add(F, &t, &t, ha);
    if (gn_fp_is_zero(F, &t) || gn_fp_sqrt(F, &s, &t) != GN_OK || gn_fp_inv_var(F, &s, &s) != GN_OK)
        return 0;
    gn_fp_mul_small(F, &t, al, 3);
    gn_fp_mul(F, &c->a, &t, &s);
    c->b = s;
    if (model == GN_EC_EDWARDS) {
        gn_fp_t A = c->a, two;
        fe_small(F, &two, 2);
        gn_fp_add(F, &t, &A, &two);
        (void)gn_ec_fe_div_var(F, &c->a, &t, &s);
        gn_fp_sub(F, &t, &A, &two);
        (void)gn_ec_fe_div_var(F, &c->b, &t, &s);
    }
    return 1;
}

gn_err gn_ec_to_model(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_ec_model model)
{
    if (!dst || !src || dst == src || model < GN_EC_WEIERSTRASS || model > GN_EC_JACOBI_QUARTIC)
        return GN_ERR_INVALID;
    const gn_fp_ctx_t *F = &src->fp;
    model_consts_t c; /* dst is the caller's: no 9 KB context on this stack */
    gn_fp_set_one(F, &c.hub_scale);
    int found = model == GN_EC_WEIERSTRASS;
    if (model == GN_EC_WEIERSTRASS) {
        c.a = src->hub_a;
        c.b = src->hub_b;
    } else {
        gn_fp_t roots[3];
        int nr = gn_ec_cubic_roots_var(F, roots, &src->hub_a, &src->hub_b);
        for (int i = 0; i < nr && !found; i++)
            found = model == GN_EC_JACOBI_QUARTIC ? jq_from_root(F, &c, &roots[i], &src->hub_a)
                                                 : mont_edw_from_root(F, &c, &roots[i], &src->hub_a, model);
    }
    if (!found)
        return GN_ERR_UNSUPPORTED;
    *dst = *src;
    dst->model = model;
    dst->a = c.a;
    dst->b = c.b;
    dst->hub_scale = c.hub_scale;
    return gn_ec_setup_mapped(dst, src);
}
