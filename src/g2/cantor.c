/*
 * Cantor's algorithm on genus-2 Jacobians (D. G. Cantor, "Computing in the Jacobian of a
 * hyperelliptic curve", Math. Comp. 48, 1987), for h = 0: composition through two extended
 * gcds, then reduction (u, v) -> ((f - v^2)/u, -v mod u) until deg u <= 2. Variable time:
 * the reference the explicit formulas are tested against, and their fallback in the
 * exceptional cases. Also validation (u | v^2 - f) and the squarefree test of the curve.
 *
 * deg f = 6. Non-split (f6 not a square): the same reduction takes deg u = 4 to 6 - 4 = 2
 * (deg(f - v^2) = 6 for deg v <= 3, since v3^2 = f6 is impossible), so nothing changes. Split:
 * the balanced representation of Galbraith, Harrison and Mireles Morales (ANTS 2008), see
 * balance() below.
 */
#include <string.h>

#include "g2/g2_internal.h"

#define PMAX 16 /* coefficients: products of the composition stay below degree 12 */

typedef struct poly {
    gn_fp_t c[PMAX];
    int d; /* degree, -1 for zero */
} poly;

/* r = 1/a for a != 0 (the callers know a is non-zero) */
static void inv_nz(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t *a)
{
    gn_err e = gn_fp_inv_var(f, r, a);
    (void)e;
}

static void p_trim(const gn_fp_ctx_t *f, poly *a)
{
    while (a->d >= 0 && gn_fp_is_zero(f, &a->c[a->d]))
        a->d--;
}

static void p_zero(const gn_fp_ctx_t *f, poly *a)
{
    for (int i = 0; i < PMAX; i++)
        gn_fp_set_zero(f, &a->c[i]);
    a->d = -1;
}

static void p_one(const gn_fp_ctx_t *f, poly *a)
{
    p_zero(f, a);
    gn_fp_set_one(f, &a->c[0]);
    a->d = 0;
}

static void p_addsub(const gn_fp_ctx_t *f, poly *r, const poly *a, const poly *b, int sub)
{
    poly t;
    p_zero(f, &t);
    int d = a->d > b->d ? a->d : b->d;
    for (int i = 0; i <= d; i++)
        (sub ? gn_fp_sub : gn_fp_add)(f, &t.c[i], &a->c[i], &b->c[i]);
    t.d = d;
    p_trim(f, &t);
    *r = t;
}

static void p_mul(const gn_fp_ctx_t *f, poly *r, const poly *a, const poly *b)
{
    poly t;
    gn_fp_t m;
    p_zero(f, &t);
    if (a->d >= 0 && b->d >= 0) {
        for (int i = 0; i <= a->d; i++)
            for (int j = 0; j <= b->d; j++) {
                gn_fp_mul(f, &m, &a->c[i], &b->c[j]);
                gn_fp_add(f, &t.c[i + j], &t.c[i + j], &m);
            }
        t.d = a->d + b->d;
        p_trim(f, &t);
    }
    *r = t;
}

static void p_scale(const gn_fp_ctx_t *f, poly *r, const poly *a, const gn_fp_t *s)
{
    *r = *a;
    for (int i = 0; i <= a->d; i++)
        gn_fp_mul(f, &r->c[i], &a->c[i], s);
    p_trim(f, r);
}

/* q, r = a divmod b; q or r may be NULL. b = 0 (reached only from elements that fail
 * gn_g2_check) gives q = 0, r = a rather than a read before b's coefficients. */
static void p_divrem(const gn_fp_ctx_t *f, poly *q, poly *r, const poly *a, const poly *b)
{
    poly qq, rr = *a;
    gn_fp_t li, t, m;
    p_zero(f, &qq);
    if (b->d < 0) {
        if (q)
            *q = qq;
        if (r)
            *r = rr;
        return;
    }
    inv_nz(f, &li, &b->c[b->d]);
    for (int i = rr.d - b->d; i >= 0; i--) {
        gn_fp_mul(f, &t, &rr.c[i + b->d], &li);
        qq.c[i] = t;
        for (int j = 0; j <= b->d; j++) {
            gn_fp_mul(f, &m, &t, &b->c[j]);
            gn_fp_sub(f, &rr.c[i + j], &rr.c[i + j], &m);
        }
    }
    qq.d = a->d - b->d < 0 ? -1 : a->d - b->d;
    p_trim(f, &qq);
    rr.d = b->d - 1 < rr.d ? b->d - 1 : rr.d;
    p_trim(f, &rr);
    if (q)
        *q = qq;
    if (r)
        *r = rr;
}

/* make a monic (0 stays 0) */
static void p_monic(const gn_fp_ctx_t *f, poly *a)
{
    gn_fp_t li;
    if (a->d < 0)
        return;
    inv_nz(f, &li, &a->c[a->d]);
    p_scale(f, a, a, &li);
}

/* g = gcd(a, b) monic (0 when both are 0) = s a + t b */
static void p_xgcd(const gn_fp_ctx_t *f, poly *g, poly *s, poly *t, const poly *a, const poly *b)
{
    poly r0 = *a, r1 = *b, s0, s1, t0, t1, q, tmp;
    p_one(f, &s0);
    p_zero(f, &s1);
    p_zero(f, &t0);
    p_one(f, &t1);
    while (r1.d >= 0) {
        p_divrem(f, &q, &tmp, &r0, &r1);
        r0 = r1;
        r1 = tmp;
        p_mul(f, &tmp, &q, &s1);
        p_addsub(f, &tmp, &s0, &tmp, 1);
        s0 = s1;
        s1 = tmp;
        p_mul(f, &tmp, &q, &t1);
        p_addsub(f, &tmp, &t0, &tmp, 1);
        t0 = t1;
        t1 = tmp;
    }
    if (r0.d >= 0) {
        gn_fp_t li;
        inv_nz(f, &li, &r0.c[r0.d]);
        p_scale(f, &r0, &r0, &li);
        p_scale(f, &s0, &s0, &li);
        p_scale(f, &t0, &t0, &li);
    }
    *g = r0;
    *s = s0;
    *t = t0;
}

static void p_from_f(const gn_g2_ctx_t *g, poly *r)
{
    p_zero(&g->fp, r);
    for (int i = 0; i < 7; i++)
        r->c[i] = g->f[i];
    r->d = 6;
    p_trim(&g->fp, r);
}

static void elem_to_polys(const gn_g2_ctx_t *g, poly *u, poly *v, const gn_g2_elem_t *a)
{
    const gn_fp_ctx_t *f = &g->fp;
    p_zero(f, u);
    p_zero(f, v);
    if (a->deg > 2) { /* not an element (gn_g2_check refuses it): taken as the neutral element */
        p_one(f, u);
        return;
    }
    u->d = (int)a->deg;
    gn_fp_set_one(f, &u->c[a->deg]);
    if (a->deg == 2) {
        u->c[1] = a->c[0];
        u->c[0] = a->c[1];
        v->c[1] = a->c[2];
    } else if (a->deg == 1) {
        u->c[0] = a->c[1];
    }
    if (a->deg)
        v->c[0] = a->c[3];
    v->d = 1;
    p_trim(f, v);
}

static void polys_to_elem(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const poly *u, const poly *v, int n)
{
    const gn_fp_ctx_t *f = &g->fp;
    for (int i = 0; i < 4; i++)
        gn_fp_set_zero(f, &r->c[i]);
    if (u->d < 0 || u->d > 2 || n < 0 || n > 2 - u->d) {
        /* only from inputs that fail gn_g2_check: an unspecified answer, never a write past c */
        gn_g2_identity(g, r);
        return;
    }
    r->deg = (unsigned)u->d;
    r->n = (unsigned)n;
    if (u->d == 2) {
        r->c[0] = u->c[1];
        r->c[1] = u->c[0];
        r->c[2] = v->c[1];
    } else if (u->d == 1) {
        r->c[1] = u->c[0];
    }
    if (u->d >= 1)
        r->c[3] = v->c[0];
}

/* sign V+ as a polynomial */
static void p_vplus(const gn_g2_ctx_t *g, poly *r, int sign)
{
    p_zero(&g->fp, r);
    for (int i = 0; i < 4; i++)
        if (sign > 0)
            r->c[i] = g->vplus[i];
        else
            gn_fp_neg(&g->fp, &r->c[i], &g->vplus[i]);
    r->d = 3;
}

/*
 * One step on a split curve (GHM 2008, the reduction and its "up"/"down" adjustments, in one
 * form): w = v mod u moved to within deg u of sign V+, w = sign V+ + ((v - sign V+) mod u). Then
 * div(y - w) = div(u, v) + div(u', w) - a+ inf+ - a- inf-, u' = monic((f - w^2)/u), and
 * div(u', w) + div(u', -w) = div(u') + deg u' (inf+ + inf-), so
 *   div(u, v) ~ div(u', -w) + (a+ - deg u') inf+ + (a- - deg u') inf-:  n' = n + a+ - deg u'.
 * a+ and a- are the pole orders of y - w at inf+ and inf-, where y = +-(V+ + O(1/x)):
 * a+ = deg(w - V+) when w != V+ (the O(1/x) part vanishes there), and a+ + a- = deg(f - w^2);
 * when w = V+, a- = deg(w + V+) = 3 instead.
 */
static void balance_step(const gn_g2_ctx_t *g, poly *u, poly *v, int *n, int sign, const poly *fp)
{
    const gn_fp_ctx_t *f = &g->fp;
    poly t, w, vp, ff;
    p_vplus(g, &t, sign);
    p_addsub(f, &w, v, &t, 1);
    p_divrem(f, NULL, &w, &w, u);
    p_addsub(f, &w, &w, &t, 0);
    p_mul(f, &ff, &w, &w);
    p_addsub(f, &ff, fp, &ff, 1);
    p_vplus(g, &vp, 1);
    p_addsub(f, &t, &w, &vp, 1);
    int ap;
    if (t.d >= 0) {
        ap = t.d;
    } else {
        p_addsub(f, &t, &w, &vp, 0);
        ap = ff.d - t.d;
    }
    p_divrem(f, u, NULL, &ff, u);
    p_monic(f, u);
    *n += ap - u->d;
    p_zero(f, &t);
    p_addsub(f, v, &t, &w, 1);
    p_divrem(f, NULL, v, v, u);
}

/*
 * Split curves: from the composed div(u, v) + n inf+ + (2 - deg u - n) inf- - D_inf to the
 * balanced form. Steps towards V+ lower deg u to at most 2 (deg u' = deg(f - w^2) - deg u).
 * Then (GHM 2008's adjustment), with deg u <= 2: a step towards V+ (taken when n > 2 - deg u)
 * gives n' = n + deg u - 3 >= 0, and a step towards -V+ (taken when n < 0) gives
 * n' = n + 3 - deg u' <= 2 - deg u', so neither overshoots, n moves by at least 1 each time and
 * the unique form is reached; the bound of 8 is a safeguard only.
 */
static void balance(const gn_g2_ctx_t *g, poly *u, poly *v, int *n, const poly *fp)
{
    for (int d = u->d; u->d > 2; d = u->d) { /* deg u falls at each step for valid inputs */
        balance_step(g, u, v, n, 1, fp);
        if (u->d >= d)
            return;
    }
    for (int i = 0; i < 8; i++) {
        if (*n < 0)
            balance_step(g, u, v, n, -1, fp);
        else if (*n > 2 - u->d)
            balance_step(g, u, v, n, 1, fp);
        else
            break;
    }
}

void gn_g2_add_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    const gn_fp_ctx_t *f = &g->fp;
    poly u1, v1, u2, v2, fp, d1, e1, e2, d, c1, c2, t, w, u, v;
    elem_to_polys(g, &u1, &v1, a);
    elem_to_polys(g, &u2, &v2, b);
    p_from_f(g, &fp);
    /* composition: d = gcd(u1, u2, v1 + v2) = s1 u1 + s2 u2 + s3 (v1 + v2) */
    p_xgcd(f, &d1, &e1, &e2, &u1, &u2);
    p_addsub(f, &t, &v1, &v2, 0);
    p_xgcd(f, &d, &c1, &c2, &d1, &t);
    p_mul(f, &e1, &c1, &e1); /* s1 */
    p_mul(f, &e2, &c1, &e2); /* s2 */
    /* u = u1 u2 / d^2 */
    p_mul(f, &u, &u1, &u2);
    p_mul(f, &t, &d, &d);
    p_divrem(f, &u, NULL, &u, &t);
    /* v = (s1 u1 v2 + s2 u2 v1 + s3 (v1 v2 + f)) / d mod u */
    p_mul(f, &v, &e1, &u1);
    p_mul(f, &v, &v, &v2);
    p_mul(f, &t, &e2, &u2);
    p_mul(f, &t, &t, &v1);
    p_addsub(f, &v, &v, &t, 0);
    p_mul(f, &t, &v1, &v2);
    p_addsub(f, &t, &t, &fp, 0);
    p_mul(f, &t, &c2, &t);
    p_addsub(f, &v, &v, &t, 0);
    p_divrem(f, &v, NULL, &v, &d);
    p_divrem(f, NULL, &v, &v, &u);
    if (g->split) {
        /* the pairs P + iota P taken out are div(d) + deg d (inf+ + inf-), and the sum carries
         * D_inf twice: n = n_a + n_b + deg d - 1 */
        int n = (int)a->n + (int)b->n + d.d - 1;
        balance(g, &u, &v, &n, &fp);
        polys_to_elem(g, r, &u, &v, n);
        return;
    }
    /* reduction */
    for (int du = u.d; u.d > 2; du = u.d) {
        p_mul(f, &t, &v, &v);
        p_addsub(f, &t, &fp, &t, 1);
        p_divrem(f, &w, NULL, &t, &u);
        p_monic(f, &w);
        u = w;
        p_zero(f, &t);
        p_addsub(f, &v, &t, &v, 1);
        p_divrem(f, NULL, &v, &v, &u);
        if (u.d >= du) /* no progress: a degree-1 input on a non-split degree-6 curve */
            break;
    }
    polys_to_elem(g, r, &u, &v, 0);
}

void gn_g2_mul_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *k, size_t klen, const gn_g2_elem_t *a)
{
    gn_g2_elem_t acc, base = *a;
    gn_g2_identity(g, &acc);
    for (size_t i = 0; i < 8 * klen; i++) {
        gn_g2_add_var(g, &acc, &acc, &acc);
        if ((k[i / 8] >> (7 - i % 8)) & 1)
            gn_g2_add_var(g, &acc, &acc, &base);
    }
    *r = acc;
}

gn_err gn_g2_check(const gn_g2_ctx_t *g, const gn_g2_elem_t *a)
{
    if (!g || !a || a->deg > 2)
        return GN_ERR_INVALID;
    if (g->split ? a->n > 2 - a->deg : a->n != 0 || (g->deg == 6 && a->deg == 1))
        return GN_ERR_INVALID; /* the balanced range; no rational degree-1 divisor on non-split */
    const gn_fp_ctx_t *f = &g->fp;
    for (unsigned i = 0; i < 4; i++) {
        int used = (i == 0 || i == 2) ? a->deg == 2 : a->deg >= 1;
        if (!used && !gn_fp_is_zero(f, &a->c[i]))
            return GN_ERR_INVALID;
    }
    poly u, v, fp, t;
    elem_to_polys(g, &u, &v, a);
    p_from_f(g, &fp);
    p_mul(f, &t, &v, &v);
    p_addsub(f, &t, &t, &fp, 1);
    p_divrem(f, NULL, &t, &t, &u);
    return t.d < 0 ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

int gn_g2_squarefree_var(const gn_fp_ctx_t *f, const gn_fp_t *c, size_t n)
{
    poly a, da, gg, s, t;
    p_zero(f, &a);
    p_zero(f, &da);
    for (size_t i = 0; i < n && i < PMAX; i++) {
        a.c[i] = c[i];
        if (i)
            gn_fp_mul_small(f, &da.c[i - 1], &c[i], (uint32_t)i);
    }
    a.d = (int)n - 1;
    da.d = (int)n - 2;
    p_trim(f, &a);
    p_trim(f, &da);
    p_xgcd(f, &gg, &s, &t, &a, &da);
    return gg.d == 0;
}
