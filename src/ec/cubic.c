/* The roots in F_p of the hub cubic x^3 + a x + b (src/ec/maps.c): its gcd with x^p - x (the
 * power taken modulo the cubic by square-and-multiply) is the product of its linear factors,
 * which Cantor-Zassenhaus splits. Variable time (public curve data). */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"

/* Polynomials of degree <= 2 modulo f = x^3 + a x + b: c[0] + c[1] x + c[2] x^2. */
static void pmulmod(const gn_fp_ctx_t *F, gn_fp_t *r, const gn_fp_t *u, const gn_fp_t *v, const gn_fp_t *a,
                    const gn_fp_t *b)
{
    gn_fp_t c[5], t;
    for (int i = 0; i < 5; i++)
        gn_fp_set_zero(F, &c[i]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            gn_fp_mul(F, &t, &u[i], &v[j]);
            gn_fp_add(F, &c[i + j], &c[i + j], &t);
        }
    /* x^4 = -a x^2 - b x, x^3 = -a x - b */
    for (int k = 4; k >= 3; k--) {
        gn_fp_mul(F, &t, &c[k], a);
        gn_fp_sub(F, &c[k - 2], &c[k - 2], &t);
        gn_fp_mul(F, &t, &c[k], b);
        gn_fp_sub(F, &c[k - 3], &c[k - 3], &t);
    }
    for (int i = 0; i < 3; i++)
        r[i] = c[i];
}

/* (x + s)^e mod f for the natural e of en limbs. */
static void ppow(const gn_fp_ctx_t *F, gn_fp_t *r, const gn_fp_t *s, const gn_limb_t *e, size_t en, const gn_fp_t *a,
                 const gn_fp_t *b)
{
    gn_fp_t base[3], acc[3];
    base[0] = *s;
    gn_fp_set_one(F, &base[1]);
    gn_fp_set_zero(F, &base[2]);
    gn_fp_set_one(F, &acc[0]);
    gn_fp_set_zero(F, &acc[1]);
    gn_fp_set_zero(F, &acc[2]);
    for (size_t i = en * GN_LIMB_BITS; i-- > 0;) {
        pmulmod(F, acc, acc, acc, a, b);
        if ((e[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1)
            pmulmod(F, acc, acc, base, a, b);
    }
    for (int i = 0; i < 3; i++)
        r[i] = acc[i];
}

static int pdeg(const gn_fp_ctx_t *F, const gn_fp_t *u, int n)
{
    for (int d = n - 1; d >= 0; d--)
        if (!gn_fp_is_zero(F, &u[d]))
            return d;
    return -1;
}

/* g = gcd(u, w) (monic), coefficient arrays of 4 entries; returns deg g. */
static int pgcd(const gn_fp_ctx_t *F, gn_fp_t *g, const gn_fp_t *u0, const gn_fp_t *w0)
{
    gn_fp_t ua[4], wa[4], t, q, *u = ua, *w = wa;
    memcpy(ua, u0, sizeof ua);
    memcpy(wa, w0, sizeof wa);
    for (;;) {
        int dw = pdeg(F, w, 4);
        if (dw < 0)
            break;
        int du;
        while ((du = pdeg(F, u, 4)) >= dw) { /* u -= (lc u / lc w) x^(du - dw) w */
            (void)gn_ec_fe_div_var(F, &q, &u[du], &w[dw]);
            for (int i = 0; i <= dw; i++) {
                gn_fp_mul(F, &t, &q, &w[i]);
                gn_fp_sub(F, &u[i + du - dw], &u[i + du - dw], &t);
            }
        }
        gn_fp_t *x = u; /* (u, w) = (w, u mod w) */
        u = w;
        w = x;
    }
    int d = pdeg(F, u, 4);
    if (d < 0)
        return -1;
    gn_fp_t lc = u[d];
    for (int i = 0; i <= d; i++)
        (void)gn_ec_fe_div_var(F, &g[i], &u[i], &lc);
    return d;
}

/* One root of x^2 + c1 x + c0, if any. */
static int quad_root(const gn_fp_ctx_t *F, gn_fp_t *r, const gn_fp_t *c1, const gn_fp_t *c0)
{
    gn_fp_t d, t;
    gn_fp_sqr(F, &d, c1);
    gn_fp_mul_small(F, &t, c0, 4);
    gn_fp_sub(F, &d, &d, &t);
    if (gn_fp_sqrt(F, &t, &d) != GN_OK)
        return 0;
    gn_fp_sub(F, &t, &t, c1);
    gn_fp_half(F, r, &t);
    return 1;
}

/* f = x^3 + a x + b (constant first) and g = gcd(f, x^p - x), the product of f's linear
 * factors; returns deg g. */
static int linear_part(const gn_fp_ctx_t *F, gn_fp_t *g, gn_fp_t *f, const gn_fp_t *a, const gn_fp_t *b)
{
    gn_fp_t h[4], zero, one;
    f[0] = *b;
    f[1] = *a;
    gn_fp_set_zero(F, &f[2]);
    gn_fp_set_one(F, &f[3]);
    gn_fp_set_zero(F, &zero);
    gn_fp_set_one(F, &one);
    ppow(F, h, &zero, F->p, F->n, a, b);
    gn_fp_sub(F, &h[1], &h[1], &one);
    gn_fp_set_zero(F, &h[3]);
    return pgcd(F, g, f, h);
}

/* The roots of x^3 + a x + b in F_p (Cantor-Zassenhaus); returns their number (0, 1 or 3). */
int gn_ec_cubic_roots_var(const gn_fp_ctx_t *F, gn_fp_t *roots, const gn_fp_t *a, const gn_fp_t *b)
{
    gn_fp_t f[4], h[4], g[4], one, s;
    gn_fp_set_one(F, &one);
    int d = linear_part(F, g, f, a, b);
    gn_fp_t r0;
    if (d <= 0)
        return 0;
    if (d == 1) {
        gn_fp_neg(F, &roots[0], &g[0]);
        return 1;
    }
    /* three roots: split with gcd(f, (x + s)^((p-1)/2) - 1) */
    gn_limb_t e[GN_FP_MAX_LIMBS];
    gn_mp_sub_limb(e, F->p, F->n, 1);
    gn_mp_rshift(e, e, F->n, 1);
    for (uint64_t k = 1;; k++) {
        gn_fp_set_u64(F, &s, k);
        ppow(F, h, &s, e, F->n, a, b);
        gn_fp_sub(F, &h[0], &h[0], &one);
        gn_fp_set_zero(F, &h[3]);
        int dg = pgcd(F, g, f, h);
        if (dg == 1) {
            gn_fp_neg(F, &r0, &g[0]);
            break;
        }
        if (dg == 2 && quad_root(F, &r0, &g[1], &g[0]))
            break;
    }
    /* the other two: x^2 + r0 x + (r0^2 + a) */
    gn_fp_t c0;
    gn_fp_sqr(F, &c0, &r0);
    gn_fp_add(F, &c0, &c0, a);
    roots[0] = r0;
    if (!quad_root(F, &roots[1], &r0, &c0))
        return 1;
    gn_fp_add(F, &roots[2], &roots[1], &r0);
    gn_fp_neg(F, &roots[2], &roots[2]); /* the three roots sum to 0 */
    return 3;
}

int gn_ec_cubic_has_root_var(const gn_fp_ctx_t *F, const gn_fp_t *a, const gn_fp_t *b)
{
    gn_fp_t f[4], g[4];
    return linear_part(F, g, f, a, b) > 0;
}

