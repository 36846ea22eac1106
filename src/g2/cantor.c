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
 *
 * Storage: polynomials live in a workspace on the caller's frame, each coefficient n = ctx->n
 * limbs (the generic and 2^127 - 1 kernels of genus 2 touch only those, src/fp/kern_mont.h),
 * each polynomial with the capacity its degree bound (from deg u <= 2, deg v <= 1, deg f <= 6,
 * whatever the values) needs; coefficients above a polynomial's degree are not kept.
 */
#include <string.h>

#include "g2/g2_internal.h"
#include "util/verify.h"

/* Coefficients live at once, at most (measured over the test suite, which takes every path;
 * GN_VERIFY checks every allocation): addition 64, squarefree test 49, validation 19. */
#define ADD_COEFS 66
#define SQUAREFREE_COEFS 52
#define CHECK_COEFS 20

typedef struct ws {
    const gn_fp_ctx_t *f;
    const gn_fp_kernel_t *k;
    size_t n;    /* limbs per coefficient */
    size_t used; /* coefficients taken */
    size_t cap;  /* coefficients in mem */
    gn_limb_t *mem;
} ws;

typedef struct poly {
    gn_limb_t *c; /* cap coefficients of n limbs, constant first */
    int d;        /* degree, -1 for zero */
    int cap;
} poly;

/* the workspace over mem, room for cap coefficients of GN_FP_MAX_LIMBS limbs */
static void ws_init(ws *w, const gn_fp_ctx_t *f, gn_limb_t *mem, size_t cap)
{
    w->f = f;
    w->k = f->kern;
    w->n = f->n;
    w->used = 0;
    w->cap = cap;
    w->mem = mem;
}

/* coefficient i of a */
static gn_limb_t *co(const ws *w, const poly *a, int i)
{
    return a->c + (size_t)i * w->n;
}

/* a new polynomial 0 of capacity cap (none when cap <= 0), taken from the workspace; a
 * function gives back what it took by restoring w->used */
static poly p_new(ws *w, int cap)
{
    if (cap < 0)
        cap = 0;
    GN_CHECK(w->used + (size_t)cap <= w->cap);
    if (w->used + (size_t)cap > w->cap) /* never for the fixed sequence of this file */
        cap = 0;
    poly p = {w->mem + w->used * w->n, -1, cap};
    w->used += (size_t)cap;
    return p;
}

/* the degree a result of degree d gets in r: d, unless r cannot hold it (never under the
 * bounds above; then the top is dropped rather than written past r) */
static int p_fit(const poly *r, int d)
{
    GN_CHECK(d < r->cap);
    return d < r->cap ? d : r->cap - 1;
}

static void p_trim(const ws *w, poly *a)
{
    while (a->d >= 0 && w->k->is_zero(w->f, co(w, a, a->d)))
        a->d--;
}

static void p_copy(const ws *w, poly *r, const poly *a)
{
    if (r == a)
        return;
    r->d = p_fit(r, a->d);
    if (r->d >= 0)
        memmove(r->c, a->c, (size_t)(r->d + 1) * w->n * sizeof(gn_limb_t));
}

/* r = 0, or 1 when one */
static void p_const(const ws *w, poly *r, int one)
{
    r->d = -1;
    if (one && r->cap > 0) {
        w->k->set_one(w->f, r->c);
        r->d = 0;
    }
}

/* r = the first m coefficients of c (m <= 7) */
static void p_from(const ws *w, poly *r, const gn_fp_t *c, int m)
{
    r->d = p_fit(r, m - 1);
    for (int i = 0; i <= r->d; i++)
        w->k->copy(w->f, co(w, r, i), c[i].v);
    p_trim(w, r);
}

/* r = a + b, or a - b when sub; r may be a or b */
static void p_addsub(const ws *w, poly *r, const poly *a, const poly *b, int sub)
{
    int d = p_fit(r, a->d > b->d ? a->d : b->d);
    for (int i = 0; i <= d; i++) {
        gn_limb_t *ri = co(w, r, i);
        if (i <= a->d && i <= b->d)
            (sub ? w->k->sub : w->k->add)(w->f, ri, co(w, a, i), co(w, b, i));
        else if (i <= a->d)
            w->k->copy(w->f, ri, co(w, a, i));
        else if (sub)
            w->k->neg(w->f, ri, co(w, b, i));
        else
            w->k->copy(w->f, ri, co(w, b, i));
    }
    r->d = d;
    p_trim(w, r);
}

/* r = a b; r may be a or b (then through a temporary) */
static void p_mul(ws *w, poly *r, const poly *a, const poly *b)
{
    if (a->d < 0 || b->d < 0) {
        r->d = -1;
        return;
    }
    size_t mark = w->used;
    poly tmp, *t = r;
    if (r == a || r == b) {
        tmp = p_new(w, a->d + b->d + 1);
        t = &tmp;
    }
    gn_limb_t m[GN_FP_MAX_LIMBS];
    int d = p_fit(t, a->d + b->d);
    for (int i = 0; i <= d; i++)
        w->k->set_zero(w->f, co(w, t, i));
    for (int i = 0; i <= a->d; i++)
        for (int j = 0; j <= b->d && i + j <= d; j++) {
            w->k->mul(w->f, m, co(w, a, i), co(w, b, j));
            w->k->add(w->f, co(w, t, i + j), co(w, t, i + j), m);
        }
    t->d = d;
    p_trim(w, t);
    p_copy(w, r, t);
    w->used = mark;
}

/* r = s a, s one coefficient (not inside r) */
static void p_scale(const ws *w, poly *r, const poly *a, const gn_limb_t *s)
{
    r->d = p_fit(r, a->d);
    for (int i = 0; i <= r->d; i++)
        w->k->mul(w->f, co(w, r, i), co(w, a, i), s);
    p_trim(w, r);
}

/* make a monic (0 stays 0) */
static void p_monic(const ws *w, poly *a)
{
    gn_limb_t li[GN_FP_MAX_LIMBS];
    if (a->d < 0)
        return;
    (void)w->k->inv_var(w->f, li, co(w, a, a->d)); /* the leading coefficient is not 0 */
    p_scale(w, a, a, li);
}

/* a = a mod b and q = a div b, in place; q may be NULL, and is neither a nor b. b = 0 (reached
 * only from elements that fail gn_g2_check) gives q = 0 and leaves a. */
static void p_divrem(const ws *w, poly *q, poly *a, const poly *b)
{
    const int dq = a->d - b->d;
    if (q)
        q->d = -1;
    if (b->d < 0 || dq < 0)
        return;
    gn_limb_t li[GN_FP_MAX_LIMBS], t[GN_FP_MAX_LIMBS], m[GN_FP_MAX_LIMBS];
    (void)w->k->inv_var(w->f, li, co(w, b, b->d)); /* the leading coefficient is not 0 */
    const int qd = q ? p_fit(q, dq) : -1;
    for (int i = dq; i >= 0; i--) {
        w->k->mul(w->f, t, co(w, a, i + b->d), li);
        if (i <= qd)
            w->k->copy(w->f, co(w, q, i), t);
        for (int j = 0; j <= b->d; j++) {
            w->k->mul(w->f, m, t, co(w, b, j));
            w->k->sub(w->f, co(w, a, i + j), co(w, a, i + j), m);
        }
    }
    if (q) {
        q->d = qd;
        p_trim(w, q);
    }
    a->d = b->d - 1;
    p_trim(w, a);
}

/* g = gcd(a, b) monic (0 when both are 0) = s a + t b; s and t may be NULL (then not computed).
 * Every remainder and cofactor on the way has degree at most max(deg a, deg b). */
static void p_xgcd(ws *w, poly *g, poly *s, poly *t, const poly *a, const poly *b)
{
    size_t mark = w->used;
    const int cap = (a->d > b->d ? a->d : b->d) + 1;
    poly r0 = p_new(w, cap), r1 = p_new(w, cap), q = p_new(w, cap), x = p_new(w, cap), old;
    poly c[2][2]; /* c[0]: s0, s1; c[1]: t0, t1 */
    poly *out[2] = {s, t};
    p_copy(w, &r0, a);
    p_copy(w, &r1, b);
    for (int k = 0; k < 2; k++)
        if (out[k]) {
            c[k][0] = p_new(w, cap);
            c[k][1] = p_new(w, cap);
            p_const(w, &c[k][0], k == 0);
            p_const(w, &c[k][1], k == 1);
        }
    while (r1.d >= 0) {
        p_divrem(w, &q, &r0, &r1); /* (r0, r1) = (r1, r0 mod r1) */
        old = r0;
        r0 = r1;
        r1 = old;
        for (int k = 0; k < 2; k++)
            if (out[k]) { /* (c0, c1) = (c1, c0 - q c1) */
                p_mul(w, &x, &q, &c[k][1]);
                p_addsub(w, &x, &c[k][0], &x, 1);
                old = c[k][0];
                c[k][0] = c[k][1];
                c[k][1] = x;
                x = old;
            }
    }
    if (r0.d >= 0) {
        gn_limb_t li[GN_FP_MAX_LIMBS];
        (void)w->k->inv_var(w->f, li, co(w, &r0, r0.d));
        p_scale(w, &r0, &r0, li);
        for (int k = 0; k < 2; k++)
            if (out[k])
                p_scale(w, &c[k][0], &c[k][0], li);
    }
    p_copy(w, g, &r0);
    for (int k = 0; k < 2; k++)
        if (out[k])
            p_copy(w, out[k], &c[k][0]);
    w->used = mark;
}

static const int slot_u[2] = {1, 0}, slot_v[2] = {3, 2}; /* coefficient i of u, v in gn_g2_elem_t */

static void elem_to_polys(const ws *w, poly *u, poly *v, const gn_g2_elem_t *a)
{
    v->d = -1;
    if (a->deg > 2) { /* not an element (gn_g2_check refuses it): taken as the neutral element */
        p_const(w, u, 1);
        return;
    }
    u->d = p_fit(u, (int)a->deg);
    for (int i = 0; i < u->d; i++)
        w->k->copy(w->f, co(w, u, i), a->c[slot_u[i]].v);
    w->k->set_one(w->f, co(w, u, u->d));
    v->d = p_fit(v, (int)a->deg - 1);
    for (int i = 0; i <= v->d; i++)
        w->k->copy(w->f, co(w, v, i), a->c[slot_v[i]].v);
    p_trim(w, v);
}

static void polys_to_elem(const gn_g2_ctx_t *g, const ws *w, gn_g2_elem_t *r, const poly *u, const poly *v,
                          int n)
{
    const gn_fp_ctx_t *f = &g->fp;
    if (u->d < 0 || u->d > 2 || v->d >= u->d || n < 0 || n > 2 - u->d) {
        /* only from inputs that fail gn_g2_check: an unspecified answer, never a write past c */
        gn_g2_identity(g, r);
        return;
    }
    for (int i = 0; i < 4; i++)
        gn_fp_set_zero(f, &r->c[i]);
    r->deg = (unsigned)u->d;
    r->n = (unsigned)n;
    for (int i = 0; i < u->d; i++)
        w->k->copy(f, r->c[slot_u[i]].v, co(w, u, i));
    for (int i = 0; i <= v->d; i++)
        w->k->copy(f, r->c[slot_v[i]].v, co(w, v, i));
}

/* r = sign V+ */
static void p_vplus(const gn_g2_ctx_t *g, const ws *w, poly *r, int sign)
{
    p_from(w, r, g->vplus, 4);
    if (sign < 0)
        p_addsub(w, r, &(poly){NULL, -1, 0}, r, 1);
}

/* r = r + f (op > 0), r - f (op < 0) or f - r (op = 0), f the curve's polynomial */
static void p_with_f(const gn_g2_ctx_t *g, ws *w, poly *r, int op)
{
    size_t mark = w->used;
    poly fp = p_new(w, 7);
    p_from(w, &fp, g->f, 7);
    if (op)
        p_addsub(w, r, r, &fp, op < 0);
    else
        p_addsub(w, r, &fp, r, 1);
    w->used = mark;
}

/* u = monic(a / u) (a is left the remainder); deg a <= 6, so deg u' <= 6 - deg u */
static void p_next_u(ws *w, poly *u, poly *a)
{
    size_t mark = w->used;
    poly q = p_new(w, 7);
    p_divrem(w, &q, a, u);
    p_copy(w, u, &q);
    p_monic(w, u);
    w->used = mark;
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
 * Degrees: deg v <= 3, deg w <= 3, deg(f - w^2) <= 6.
 */
static void balance_step(const gn_g2_ctx_t *g, ws *w, poly *u, poly *v, int *n, int sign)
{
    size_t mark = w->used;
    poly t = p_new(w, 4), vp = p_new(w, 4), x = p_new(w, 4), ff = p_new(w, 7);
    p_vplus(g, w, &t, sign);
    p_addsub(w, &x, v, &t, 1);
    p_divrem(w, NULL, &x, u);
    p_addsub(w, &x, &x, &t, 0);
    p_mul(w, &ff, &x, &x);
    p_with_f(g, w, &ff, 0);
    p_vplus(g, w, &vp, 1);
    p_addsub(w, &t, &x, &vp, 1);
    int ap;
    if (t.d >= 0) {
        ap = t.d;
    } else {
        p_addsub(w, &t, &x, &vp, 0);
        ap = ff.d - t.d;
    }
    p_next_u(w, u, &ff);
    *n += ap - u->d;
    p_const(w, &t, 0);
    p_addsub(w, v, &t, &x, 1);
    p_divrem(w, NULL, v, u);
    w->used = mark;
}

/*
 * Split curves: from the composed div(u, v) + n inf+ + (2 - deg u - n) inf- - D_inf to the
 * balanced form. Steps towards V+ lower deg u to at most 2 (deg u' = deg(f - w^2) - deg u).
 * Then (GHM 2008's adjustment), with deg u <= 2: a step towards V+ (taken when n > 2 - deg u)
 * gives n' = n + deg u - 3 >= 0, and a step towards -V+ (taken when n < 0) gives
 * n' = n + 3 - deg u' <= 2 - deg u', so neither overshoots, n moves by at least 1 each time and
 * the unique form is reached; the bound of 8 is a safeguard only.
 */
static void balance(const gn_g2_ctx_t *g, ws *w, poly *u, poly *v, int *n)
{
    for (int d = u->d; u->d > 2; d = u->d) { /* deg u falls at each step for valid inputs */
        balance_step(g, w, u, v, n, 1);
        if (u->d >= d)
            return;
    }
    for (int i = 0; i < 8; i++) {
        if (*n < 0)
            balance_step(g, w, u, v, n, -1);
        else if (*n > 2 - u->d)
            balance_step(g, w, u, v, n, 1);
        else
            break;
    }
}

/*
 * The composition: u = u1 u2 / d^2, v = (s1 u1 v2 + s2 u2 v1 + s3 (v1 v2 + f)) / d mod u, where
 * d = gcd(u1, u2, v1 + v2) = s1 u1 + s2 u2 + s3 (v1 + v2); returns deg d. Degrees: u_i <= 2
 * and v_i <= 1 give d <= 2, Bezout cofactors below the degree of the other input less that of
 * the gcd (e_i <= 1, c1 <= 0, c2 <= 1), so s1, s2 <= 1, u <= 4, and a numerator of v of at
 * most 1 + 6 = 7. Its temporaries are given back on return.
 */
static int compose(const gn_g2_ctx_t *g, ws *w, poly *u, poly *v, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    size_t mark = w->used;
    poly u1 = p_new(w, 3), v1 = p_new(w, 2), u2 = p_new(w, 3), v2 = p_new(w, 2);
    poly d = p_new(w, 3), e1 = p_new(w, 3), e2 = p_new(w, 3), c1 = p_new(w, 3), c2 = p_new(w, 3);
    elem_to_polys(w, &u1, &v1, a);
    elem_to_polys(w, &u2, &v2, b);
    p_xgcd(w, &d, &e1, &e2, &u1, &u2);
    p_addsub(w, v, &v1, &v2, 0);
    p_xgcd(w, &d, &c1, &c2, &d, v);
    poly t = p_new(w, 8);
    p_mul(w, &e1, &c1, &e1); /* s1 */
    p_mul(w, &e2, &c1, &e2); /* s2 */
    /* u = u1 u2 / d^2 (t the product, v d^2 for the moment) */
    p_mul(w, &t, &u1, &u2);
    p_mul(w, v, &d, &d);
    p_divrem(w, u, &t, v);
    /* v */
    p_mul(w, v, &e1, &u1);
    p_mul(w, v, v, &v2);
    p_mul(w, &t, &e2, &u2);
    p_mul(w, &t, &t, &v1);
    p_addsub(w, v, v, &t, 0);
    p_mul(w, &t, &v1, &v2);
    p_with_f(g, w, &t, 1);
    p_mul(w, &t, &c2, &t);
    p_addsub(w, &t, v, &t, 0);
    p_divrem(w, v, &t, &d);
    p_divrem(w, NULL, v, u);
    w->used = mark;
    return d.d;
}

void gn_g2_add_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    gn_limb_t mem[ADD_COEFS * GN_FP_MAX_LIMBS];
    ws w;
    ws_init(&w, &g->fp, mem, ADD_COEFS);
    poly u = p_new(&w, 7), v = p_new(&w, 8);
    int dd = compose(g, &w, &u, &v, a, b);
    poly t = p_new(&w, 7);
    if (g->split) {
        /* the pairs P + iota P taken out are div(d) + deg d (inf+ + inf-), and the sum carries
         * D_inf twice: n = n_a + n_b + deg d - 1 */
        int n = (int)a->n + (int)b->n + dd - 1;
        balance(g, &w, &u, &v, &n);
        polys_to_elem(g, &w, r, &u, &v, n);
        return;
    }
    /* reduction */
    for (int du = u.d; u.d > 2; du = u.d) {
        p_mul(&w, &t, &v, &v);
        p_with_f(g, &w, &t, 0);
        p_next_u(&w, &u, &t);
        p_const(&w, &t, 0);
        p_addsub(&w, &v, &t, &v, 1);
        p_divrem(&w, NULL, &v, &u);
        if (u.d >= du) /* no progress: a degree-1 input on a non-split degree-6 curve */
            break;
    }
    polys_to_elem(g, &w, r, &u, &v, 0);
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
    gn_limb_t mem[CHECK_COEFS * GN_FP_MAX_LIMBS];
    ws w;
    ws_init(&w, f, mem, CHECK_COEFS);
    poly u = p_new(&w, 3), v = p_new(&w, 2), t = p_new(&w, 7);
    elem_to_polys(&w, &u, &v, a);
    p_mul(&w, &t, &v, &v);
    p_with_f(g, &w, &t, -1);
    p_divrem(&w, NULL, &t, &u);
    return t.d < 0 ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

int gn_g2_squarefree_var(const gn_fp_ctx_t *f, const gn_fp_t *c, size_t n)
{
    gn_limb_t mem[SQUAREFREE_COEFS * GN_FP_MAX_LIMBS];
    ws w;
    ws_init(&w, f, mem, SQUAREFREE_COEFS);
    const int m = n < 7 ? (int)n : 7;
    poly a = p_new(&w, m), da = p_new(&w, m), gg = p_new(&w, m);
    p_from(&w, &a, c, m);
    da.d = p_fit(&da, a.d - 1);
    for (int i = 1; i <= a.d; i++)
        w.k->mul_small(f, co(&w, &da, i - 1), co(&w, &a, i), (uint32_t)i);
    p_trim(&w, &da);
    p_xgcd(&w, &gg, NULL, NULL, &a, &da);
    return gg.d == 0;
}
