/*
 * The map from the Jacobian of a Rosenhain curve y^2 = x (x - 1)(x - lambda)(x - mu)(x - nu)
 * to the squared Kummer surface, and the Rosenhain invariants of a squared surface (Gaudry,
 * "Fast genus 2 arithmetic based on Theta functions", J. Math. Cryptology 2007, section 3).
 *
 * The squared theta coordinates are four of the sixteen tropes of the Kummer surface (the
 * planes that meet it in a double conic; a coordinate plane X = 0 of K XYZT = (quadric)^2 is
 * one). In the Cassels-Flynn coordinates (k1 : k2 : k3 : k4) = (1 : x1 + x2 : x1 x2 :
 * (F0(x1, x2) - 2 y1 y2) / (x1 - x2)^2) (Cassels and Flynn, "Prolegomena to a middlebrow
 * arithmetic of curves of genus 2", chapter 3), the trope of the 2-torsion point
 * (e, 0) + (e', 0) - 2 infinity of a monic f with roots e, e', c, d, g is
 *   k4 - (e + e') k3 + e e' k2 - (e e' (c + d + g) + c d g) k1;
 * here g = 0. Which four tropes, and in which order, make the coordinates (X : Y : Z : T) of
 * the surface with constants (a^2 : b^2 : c^2 : d^2) was found by testing every ordered choice
 * against the surface's equation and doubling (tests/py/test_g2.py re-checks the tropes and
 * the result): {1, mu}, {lambda, nu}, {1, nu}, {lambda, mu}, each scaled by its constant.
 */
#include <string.h>

#include "kummer/kummer_internal.h"

/* r = 1/a for a != 0 (the callers know a is non-zero) */
static void inv_nz(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t *a)
{
    gn_err e = gn_fp_inv_var(f, r, a);
    (void)e;
}

gn_err gn_kummer_rosenhain(const gn_kummer_ctx_t *ku, gn_fp_t ros[3], int root)
{
    if (!ku || !ros || ku->model != GN_KUMMER_SQUARED || (root != 0 && root != 1))
        return GN_ERR_INVALID;
    const gn_fp_ctx_t *f = &ku->fp;
    const gn_fp_t *m = ku->mu, *h = ku->muhat;
    gn_fp_t t, u, r, e;
    gn_fp_mul(f, &t, &h[0], &h[1]);
    gn_fp_mul(f, &u, &h[2], &h[3]);
    if (gn_fp_inv_var(f, &u, &u) != GN_OK)
        return GN_ERR_SINGULAR;
    gn_fp_mul(f, &t, &t, &u);
    if (gn_fp_sqrt(f, &r, &t) != GN_OK)
        return GN_ERR_NOT_SQUARE;
    if (root)
        gn_fp_neg(f, &r, &r);
    gn_fp_set_one(f, &u);
    gn_fp_add(f, &e, &r, &u);
    gn_fp_sub(f, &t, &r, &u);
    if (gn_fp_inv_var(f, &t, &t) != GN_OK)
        return GN_ERR_SINGULAR;
    gn_fp_mul(f, &e, &e, &t); /* (AB + CD) / (AB - CD) */
    gn_fp_mul(f, &t, &m[1], &m[3]);
    inv_nz(f, &t, &t); /* the constants are non-zero (gn_kummer_init) */
    gn_fp_mul(f, &u, &m[0], &m[2]);
    gn_fp_mul(f, &ros[0], &u, &t);
    inv_nz(f, &t, &m[3]);
    gn_fp_mul(f, &ros[1], &m[2], &e);
    gn_fp_mul(f, &ros[1], &ros[1], &t);
    inv_nz(f, &t, &m[1]);
    gn_fp_mul(f, &ros[2], &m[0], &e);
    gn_fp_mul(f, &ros[2], &ros[2], &t);
    return GN_OK;
}

/* 1 when g's f is x (x - 1)(x - lambda)(x - mu)(x - nu) */
static int is_rosenhain(const gn_fp_ctx_t *f, const gn_g2_ctx_t *g, const gn_fp_t ros[3])
{
    gn_fp_t c[6], t;
    for (size_t i = 0; i < 6; i++)
        gn_fp_set_zero(f, &c[i]);
    gn_fp_set_one(f, &c[2]);
    gn_fp_neg(f, &c[1], &c[2]); /* x^2 - x */
    for (size_t k = 0; k < 3; k++) {
        for (size_t i = 5; i > 0; i--) {
            gn_fp_mul(f, &t, &c[i], &ros[k]);
            gn_fp_sub(f, &c[i], &c[i - 1], &t);
        }
        gn_fp_mul(f, &c[0], &c[0], &ros[k]);
        gn_fp_neg(f, &c[0], &c[0]);
    }
    int ok = g->deg == 5;
    for (size_t i = 0; i < 6; i++)
        ok &= gn_fp_eq(f, &c[i], &g->f[i]);
    return ok;
}

/* k4 - (e + e') k3 + e e' k2 - e e' s k1 (s: the sum of the other two non-zero roots) */
static void trope(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t k[4], const gn_fp_t *e1, const gn_fp_t *e2,
                  const gn_fp_t *o1, const gn_fp_t *o2)
{
    gn_fp_t s, q, t;
    gn_fp_add(f, &s, e1, e2);
    gn_fp_mul(f, &q, e1, e2);
    gn_fp_mul(f, &t, &s, &k[2]);
    gn_fp_sub(f, r, &k[3], &t);
    gn_fp_mul(f, &t, &q, &k[1]);
    gn_fp_add(f, r, r, &t);
    gn_fp_add(f, &s, o1, o2);
    gn_fp_mul(f, &t, &q, &s);
    gn_fp_mul(f, &t, &t, &k[0]);
    gn_fp_sub(f, r, r, &t);
}

gn_err gn_kummer_from_g2(const gn_kummer_ctx_t *ku, const gn_g2_ctx_t *g, const gn_fp_t ros[3], gn_kummer_point_t *r,
                         const gn_g2_elem_t *d)
{
    if (!ku || !g || !ros || !r || !d || ku->model != GN_KUMMER_SQUARED || ku->fp.kern != g->fp.kern ||
        ku->fp.n != g->fp.n || memcmp(ku->fp.p, g->fp.p, ku->fp.n * sizeof(gn_limb_t)) || d->deg > 2)
        return GN_ERR_INVALID;
    const gn_fp_ctx_t *f = &ku->fp;
    if (!is_rosenhain(f, g, ros))
        return GN_ERR_INVALID;
    gn_fp_t k[4], one, t, u;
    gn_fp_set_one(f, &one);
    if (d->deg == 0) {
        for (size_t i = 0; i < 3; i++)
            gn_fp_set_zero(f, &k[i]);
        k[3] = one;
    } else if (d->deg == 1) { /* (0 : 1 : x1 : x1^2), x1 = -u0 */
        gn_fp_set_zero(f, &k[0]);
        k[1] = one;
        gn_fp_neg(f, &k[2], &d->c[1]);
        gn_fp_sqr(f, &k[3], &k[2]);
    } else {
        /* k4 = (F0(x1, x2) - 2 y1 y2) / (x1 - x2)^2 = v1^2 - (f2 + f3 s + f4 s^2 + f5 s (s^2 - q)),
         * s = x1 + x2 = -u1, q = x1 x2 = u0: F0 - 2 y1 y2 = F0 - f(x1) - f(x2) + (y1 - y2)^2 with
         * y1 - y2 = v1 (x1 - x2), and F0 - f(x1) - f(x2) divides by (x1 - x2)^2 = s^2 - 4q
         * exactly; no division, so a double root of u needs no special case */
        const gn_fp_t *c = g->f;
        gn_fp_t s;
        gn_fp_neg(f, &s, &d->c[0]);
        gn_fp_sqr(f, &t, &s);
        gn_fp_sub(f, &t, &t, &d->c[1]);     /* s^2 - q */
        gn_fp_mul(f, &t, &t, &c[5]);
        gn_fp_mul(f, &u, &c[4], &s);
        gn_fp_add(f, &t, &t, &u);
        gn_fp_add(f, &t, &t, &c[3]);        /* f3 + f4 s + f5 (s^2 - q) */
        gn_fp_mul(f, &t, &t, &s);
        gn_fp_add(f, &t, &t, &c[2]);
        gn_fp_sqr(f, &u, &d->c[2]);
        gn_fp_sub(f, &k[3], &u, &t);
        k[0] = one;
        k[1] = s;
        k[2] = d->c[1];
    }
    const gn_fp_t *lam = &ros[0], *mu = &ros[1], *nu = &ros[2];
    trope(f, &r->c[0], k, &one, mu, lam, nu);
    trope(f, &r->c[1], k, lam, nu, &one, mu);
    trope(f, &r->c[2], k, &one, nu, lam, mu);
    trope(f, &r->c[3], k, lam, mu, &one, nu);
    for (size_t i = 0; i < 4; i++)
        gn_fp_mul(f, &r->c[i], &r->c[i], &ku->mu[i]);
    return GN_OK;
}
