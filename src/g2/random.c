/*
 * Random Jacobian elements: u = x^2 + u1 x + u0 uniform, v a square root of f modulo u.
 * When u splits (x1, x2 distinct roots), v interpolates square roots of f(x1), f(x2); when u is
 * irreducible, F_p[x]/(u) = F_p(delta), delta^2 = u1^2 - 4 u0, and v(alpha) is a square root of
 * f(alpha) in F_p^2 (norm a square in F_p; the root by the "complex" method: x^2 = (z0 +- n)/2,
 * y = z1 / 2x). Variable time in the rejected candidates.
 */
#include "g2/g2_internal.h"

typedef struct { gn_fp_t a, b; } fq; /* a + b delta */

static void fq_mul(const gn_fp_ctx_t *f, fq *r, const fq *x, const fq *y, const gn_fp_t *disc)
{
    gn_fp_t t, u, w;
    gn_fp_mul(f, &t, &x->a, &y->a);
    gn_fp_mul(f, &u, &x->b, &y->b);
    gn_fp_mul(f, &u, &u, disc);
    gn_fp_mul(f, &w, &x->a, &y->b);
    gn_fp_mul(f, &r->b, &x->b, &y->a);
    gn_fp_add(f, &r->b, &r->b, &w);
    gn_fp_add(f, &r->a, &t, &u);
}

static void eval_f(const gn_g2_ctx_t *g, gn_fp_t *r, const gn_fp_t *x)
{
    gn_fp_copy(&g->fp, r, &g->f[6]);
    for (int i = 5; i >= 0; i--) {
        gn_fp_mul(&g->fp, r, r, x);
        gn_fp_add(&g->fp, r, r, &g->f[i]);
    }
}

int gn_g2_sqrt_mod_u_var(const gn_g2_ctx_t *g, gn_fp_t *v1, gn_fp_t *v0, const gn_fp_t *u1, const gn_fp_t *u0,
                         int sel)
{
    const gn_fp_ctx_t *f = &g->fp;
    gn_fp_t disc, d, x1, x2, y1, y2, t, n;
    gn_fp_sqr(f, &disc, u1);
    gn_fp_mul_small(f, &t, u0, 4);
    gn_fp_sub(f, &disc, &disc, &t);
    int l = gn_fp_legendre_var(f, &disc);
    if (l == 0)
        return 0;
    if (l == 1) {
        if (gn_fp_sqrt(f, &d, &disc) != GN_OK)
            return 0;
        gn_fp_sub(f, &x1, &d, u1);
        gn_fp_half(f, &x1, &x1);
        gn_fp_sub(f, &x2, &x1, &d);
        eval_f(g, &t, &x1);
        if (gn_fp_sqrt(f, &y1, &t) != GN_OK)
            return 0;
        eval_f(g, &t, &x2);
        if (gn_fp_sqrt(f, &y2, &t) != GN_OK)
            return 0;
        if (sel & 1)
            gn_fp_neg(f, &y1, &y1);
        if (sel & 2)
            gn_fp_neg(f, &y2, &y2);
        gn_fp_sub(f, &t, &y1, &y2);
        if (gn_fp_inv_var(f, &n, &d) != GN_OK)
            return 0;
        gn_fp_mul(f, v1, &t, &n); /* (y1 - y2) / (x1 - x2), x1 - x2 = d */
        gn_fp_mul(f, &t, v1, &x1);
        gn_fp_sub(f, v0, &y1, &t);
        return 1;
    }
    /* alpha = (-u1 + delta) / 2; z = f(alpha) by Horner in F_p(delta) */
    fq al, z;
    gn_fp_neg(f, &al.a, u1);
    gn_fp_half(f, &al.a, &al.a);
    gn_fp_set_one(f, &al.b);
    gn_fp_half(f, &al.b, &al.b);
    z.a = g->f[6];
    gn_fp_set_zero(f, &z.b);
    for (int i = 5; i >= 0; i--) {
        fq_mul(f, &z, &z, &al, &disc);
        gn_fp_add(f, &z.a, &z.a, &g->f[i]);
    }
    if (gn_fp_is_zero(f, &z.b))
        return 0; /* rare; keeps the square root below simple */
    gn_fp_sqr(f, &n, &z.a);
    gn_fp_sqr(f, &t, &z.b);
    gn_fp_mul(f, &t, &t, &disc);
    gn_fp_sub(f, &n, &n, &t); /* the norm */
    if (gn_fp_sqrt(f, &n, &n) != GN_OK)
        return 0;
    gn_fp_add(f, &t, &z.a, &n);
    gn_fp_half(f, &t, &t);
    if (gn_fp_legendre_var(f, &t) != 1) {
        gn_fp_sub(f, &t, &z.a, &n);
        gn_fp_half(f, &t, &t);
    }
    if (gn_fp_sqrt(f, &x1, &t) != GN_OK || gn_fp_is_zero(f, &x1))
        return 0;
    gn_fp_add(f, &t, &x1, &x1);
    if (gn_fp_inv_var(f, &t, &t) != GN_OK)
        return 0;
    gn_fp_mul(f, &y1, &z.b, &t); /* sqrt(z) = x1 + y1 delta */
    if (sel & 1) {
        gn_fp_neg(f, &x1, &x1);
        gn_fp_neg(f, &y1, &y1);
    }
    /* v(alpha) = (v0 - v1 u1 / 2) + (v1 / 2) delta */
    gn_fp_add(f, v1, &y1, &y1);
    gn_fp_mul(f, &t, &y1, u1);
    gn_fp_add(f, v0, &x1, &t);
    return 1;
}

gn_err gn_g2_random(const gn_g2_ctx_t *g, gn_g2_elem_t *r, gn_rng_fn rng, void *rng_state)
{
    if (!g || !r || !rng)
        return GN_ERR_INVALID;
    for (int tries = 0; tries < 1000; tries++) {
        gn_g2_elem_t e = {0};
        uint8_t sel;
        gn_err err;
        if ((err = gn_fp_random(&g->fp, &e.c[0], rng, rng_state)) != GN_OK ||
            (err = gn_fp_random(&g->fp, &e.c[1], rng, rng_state)) != GN_OK)
            return err;
        if (rng(rng_state, &sel, 1) != 0)
            return GN_ERR_RNG;
        if (!gn_g2_sqrt_mod_u_var(g, &e.c[2], &e.c[3], &e.c[0], &e.c[1], sel))
            continue;
        e.deg = 2;
        if (gn_g2_check(g, &e) != GN_OK)
            continue;
        *r = e;
        return GN_OK;
    }
    return GN_ERR_RNG;
}
