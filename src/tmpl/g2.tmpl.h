/*
 * Explicit formulas for genus-2 Jacobians y^2 = f(x), deg f = 5, h = 0, written once over a
 * field kernel's prefix F(op) and instantiated per kernel by src/inst/g2_inst.h. An element
 * is 4 * FL limbs u1, u0, v1, v0 (u = x^2 + u1 x + u0, v = v1 x + v0) and one limb that is
 * all-ones for the neutral element.
 *
 * Affine coordinates, Harley's algorithm in the arrangement of Lange ("Formulae for arithmetic
 * on genus 2 hyperelliptic curves", AAECC 15, 2005, section 4, the affine addition and
 * doubling, one inversion each, Montgomery's trick giving 1/r and 1/s1 from 1/(r s1)), for a
 * general f (f5 != 1 and f4 != 0 are kept rather than transformed away, so the Rosenhain
 * curves need no change of model). Affine rather than projective or weighted ("new")
 * coordinates: the library's field inversion is a constant-time safegcd, so one inversion per
 * operation keeps elements at four coordinates that are compared, encoded and selected by
 * masks as they are, at a cost that the counts of docs/FORMULAS.md put next to the others.
 *
 * The general case, with U = u_a u_b, V = v_b + s u_b, s = (v_a - v_b) / u_b mod u_a
 * (addition), or U = u^2, V = v + s u, s = ((f - v^2)/u) / (2v) mod u (doubling):
 *   s = s'/r with r the resultant (of u_a and u_b, or of u and 2v) and s' = s1' x + s0';
 *   u' = (V^2 - f) / (U s1^2) and v' = -V mod u', from the top three coefficients only.
 * Exceptional (mask returned): r = 0 (gcd != 1, including a = +-b) or s1' = 0 (deg u' < 2).
 */

#define GC(e, i) ((e) + (size_t)(i) * FL)
#define GID(e) ((e)[4 * FL])

/*
 * The shared second half. Side a: u_a = x^2 + ua1 x + ua0; side b: u_b, v_b; k2 is the x^2
 * coefficient of (v_b^2 - f)/u_b, i.e. f5 ub1 - f4. Returns the mask of r s1' = 0.
 */
static gn_limb_t G2(tail)(const gn_g2_ctx_t *g, gn_limb_t *r, const gn_limb_t *ua1, const gn_limb_t *ua0,
                          const gn_limb_t *b, const gn_limb_t *s1p, const gn_limb_t *s0p, const gn_limb_t *res,
                          const gn_limb_t *k2)
{
    const gn_fp_ctx_t *f = &g->fp;
    const gn_limb_t *ub1 = GC(b, 0), *ub0 = GC(b, 1), *vb1 = GC(b, 2), *vb0 = GC(b, 3);
    FE(w); FE(t); FE(tt); FE(s1); FE(s0); FE(al); FE(x); FE(y); FE(n1); FE(n0); FE(d1); FE(d0);
    gn_limb_t exc;
    F(mul)(f, w, res, s1p);
    exc = F(is_zero)(f, w);
    FINV(f, w, w);                 /* w = 1/(r s1') */
    F(sqr)(f, t, res);
    F(mul)(f, t, t, w);            /* t = 1/s1 = r^2 w */
    F(mul)(f, x, s1p, w);
    F(mul)(f, s1, x, s1p);         /* s1 = s1'/r = s1'^2 w */
    F(mul)(f, s0, x, s0p);         /* s0 = s0'/r = s0' s1' w */
    F(mul)(f, al, res, w);
    F(mul)(f, al, al, s0p);        /* al = s0/s1 = s0' r w */
    F(sqr)(f, tt, t);              /* 1/s1^2 */
    /* u1' = ub1 - ua1 + 2 al - f5 / s1^2 */
    FMULC(f, x, g->f[5].v, tt);
    F(add)(f, n1, al, al);
    F(sub)(f, n1, n1, x);
    F(add)(f, n1, n1, ub1);
    F(sub)(f, n1, n1, ua1);
    /* u0' = ub0 - ua0 + al (2 ub1 + al) + 2 vb1 / s1 + k2 / s1^2 - ua1 u1' */
    F(add)(f, x, ub1, ub1);
    F(add)(f, x, x, al);
    F(mul)(f, n0, x, al);
    F(add)(f, x, vb1, vb1);
    F(mul)(f, x, x, t);
    F(add)(f, n0, n0, x);
    F(mul)(f, x, k2, tt);
    F(add)(f, n0, n0, x);
    F(mul)(f, x, ua1, n1);
    F(sub)(f, n0, n0, x);
    F(add)(f, n0, n0, ub0);
    F(sub)(f, n0, n0, ua0);
    /* v' = -(v_b + s (u_b - u')) mod u', d = u_b - u' = d1 x + d0, x^2 = -u1' x - u0' */
    F(sub)(f, d1, ub1, n1);
    F(sub)(f, d0, ub0, n0);
    F(mul)(f, w, s1, d1);          /* s1 d1 */
    F(mul)(f, x, s1, d0);
    F(mul)(f, y, s0, d1);
    F(add)(f, x, x, y);
    F(mul)(f, y, w, n1);
    F(sub)(f, x, x, y);
    F(add)(f, x, x, vb1);
    F(mul)(f, y, s0, d0);
    F(mul)(f, t, w, n0);
    F(sub)(f, y, y, t);
    F(add)(f, y, y, vb0);
    F(copy)(f, GC(r, 0), n1);
    F(copy)(f, GC(r, 1), n0);
    F(neg)(f, GC(r, 2), x);
    F(neg)(f, GC(r, 3), y);
    GID(r) = 0;
    return exc;
}

/* s' = (w1 x + w0)(c x + d) mod (x^2 + u1 x + u0), Karatsuba: 3M + 2M by u1, u0 */
static void G2(mulmod)(const gn_fp_ctx_t *f, gn_limb_t *s1, gn_limb_t *s0, const gn_limb_t *w1,
                       const gn_limb_t *w0, const gn_limb_t *c, const gn_limb_t *d, const gn_limb_t *u1,
                       const gn_limb_t *u0)
{
    FE(t1); FE(t0); FE(x); FE(y);
    F(mul)(f, t1, w1, c);
    F(mul)(f, t0, w0, d);
    F(add)(f, x, w1, w0);
    F(add)(f, y, c, d);
    F(mul)(f, x, x, y);
    F(sub)(f, x, x, t1);
    F(sub)(f, x, x, t0);          /* w1 d + w0 c */
    F(mul)(f, y, t1, u1);
    F(sub)(f, s1, x, y);
    F(mul)(f, y, t1, u0);
    F(sub)(f, s0, t0, y);
}

/* 1/(a x + b) mod (x^2 + u1 x + u0) = (c x + d) / r: c = -a, d = b - a u1, r = b d + a^2 u0 */
static void G2(invmod)(const gn_fp_ctx_t *f, gn_limb_t *c, gn_limb_t *d, gn_limb_t *r, const gn_limb_t *a,
                       const gn_limb_t *b, const gn_limb_t *u1, const gn_limb_t *u0)
{
    FE(x);
    F(mul)(f, x, a, u1);
    F(sub)(f, d, b, x);
    F(neg)(f, c, a);
    F(mul)(f, r, b, d);
    F(sqr)(f, x, a);
    F(mul)(f, x, x, u0);
    F(add)(f, r, r, x);
}

/* r = a + b for a, b of degree 2 (r may alias either) */
static gn_limb_t G2(add_core)(const gn_g2_ctx_t *g, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_fp_ctx_t *f = &g->fp;
    FE(ea); FE(eb); FE(c); FE(d); FE(res); FE(w1); FE(w0); FE(s1); FE(s0); FE(k2); FE(ua1); FE(ua0);
    gn_limb_t bb[4 * FL];
    for (unsigned i = 0; i < 4; i++)
        F(copy)(f, GC(bb, i), GC(b, i));
    F(copy)(f, ua1, GC(a, 0));
    F(copy)(f, ua0, GC(a, 1));
    F(sub)(f, ea, GC(bb, 0), ua1); /* u_b mod u_a = ea x + eb */
    F(sub)(f, eb, GC(bb, 1), ua0);
    G2(invmod)(f, c, d, res, ea, eb, ua1, ua0);
    F(sub)(f, w1, GC(a, 2), GC(bb, 2));
    F(sub)(f, w0, GC(a, 3), GC(bb, 3));
    G2(mulmod)(f, s1, s0, w1, w0, c, d, ua1, ua0);
    FMULC(f, k2, g->f[5].v, GC(bb, 0));
    F(sub)(f, k2, k2, g->f[4].v);
    return G2(tail)(g, r, ua1, ua0, bb, s1, s0, res, k2);
}

/* r = [2]a for a of degree 2 (r may alias a) */
static gn_limb_t G2(dbl_core)(const gn_g2_ctx_t *g, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &g->fp;
    const gn_limb_t *u1 = GC(a, 0), *u0 = GC(a, 1), *v1 = GC(a, 2), *v0 = GC(a, 3);
    FE(k2); FE(k1); FE(k0); FE(x); FE(y); FE(m1); FE(m0); FE(c); FE(d); FE(res); FE(s1); FE(s0);
    gn_limb_t aa[4 * FL];
    for (unsigned i = 0; i < 4; i++)
        F(copy)(f, GC(aa, i), GC(a, i));
    /* k = (f - v^2)/u = f5 x^3 + k2 x^2 + k1 x + k0 */
    FMULC(f, x, g->f[5].v, u1);
    F(sub)(f, k2, g->f[4].v, x);
    F(mul)(f, x, u1, k2);
    F(sub)(f, k1, g->f[3].v, x);
    FMULC(f, x, g->f[5].v, u0);
    F(sub)(f, k1, k1, x);
    F(sqr)(f, y, v1);
    F(sub)(f, k0, g->f[2].v, y);
    F(mul)(f, x, u1, k1);
    F(sub)(f, k0, k0, x);
    F(mul)(f, x, u0, k2);
    F(sub)(f, k0, k0, x);
    /* k mod u: x^3 = (u1^2 - u0) x + u1 u0, x^2 = -u1 x - u0 */
    FMULC(f, y, g->f[5].v, u1);    /* f5 u1 */
    F(sub)(f, y, y, k2);           /* f5 u1 - k2 */
    F(mul)(f, x, y, u1);
    FMULC(f, m1, g->f[5].v, u0);
    F(sub)(f, m1, k1, m1);
    F(add)(f, m1, m1, x);          /* k1 - u1 k2 + f5 (u1^2 - u0) */
    F(mul)(f, x, y, u0);
    F(add)(f, m0, k0, x);          /* k0 - u0 k2 + f5 u1 u0 */
    /* 1/(2v) mod u */
    F(add)(f, x, v1, v1);
    F(add)(f, y, v0, v0);
    G2(invmod)(f, c, d, res, x, y, u1, u0);
    G2(mulmod)(f, s1, s0, m1, m0, c, d, u1, u0);
    F(neg)(f, k2, k2);             /* x^2 coefficient of (v^2 - f)/u */
    return G2(tail)(g, r, GC(aa, 0), GC(aa, 1), aa, s1, s0, res, k2);
}

static void G2(cmov)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a, gn_limb_t m)
{
    for (unsigned i = 0; i < 4; i++)
        F(cmov)(f, GC(r, i), GC(a, i), m);
    GID(r) = (GID(r) & ~m) | (GID(a) & m);
}

/* a + b on elements of degree 2 or neutral; the neutral cases are answered by masks */
static gn_limb_t G2(add)(const gn_g2_ctx_t *g, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[4 * FL + 1], ia = GID(a), ib = GID(b);
    gn_limb_t exc = G2(add_core)(g, t, a, b);
    G2(cmov)(&g->fp, t, b, ia);
    G2(cmov)(&g->fp, t, a, ib & ~ia);
    for (unsigned i = 0; i < 4 * FL + 1; i++)
        r[i] = t[i];
    return exc & ~ia & ~ib;
}

static gn_limb_t G2(dbl)(const gn_g2_ctx_t *g, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t t[4 * FL + 1], ia = GID(a);
    gn_limb_t exc = G2(dbl_core)(g, t, a);
    G2(cmov)(&g->fp, t, a, ia);
    for (unsigned i = 0; i < 4 * FL + 1; i++)
        r[i] = t[i];
    return exc & ~ia;
}

/* r = -a (u, -v); the neutral element stays itself */
static void G2(neg)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    for (unsigned i = 0; i < 2; i++)
        F(copy)(f, GC(r, i), GC(a, i));
    for (unsigned i = 2; i < 4; i++)
        F(neg)(f, GC(r, i), GC(a, i));
    GID(r) = GID(a);
}

/* The group interface (src/scalar/group.h; the context is the gn_g2_ctx_t): the scalar
 * multiplication is the scalar layer's regular signed window (gn_g2_mul, src/g2/mul.c),
 * which ORs the reports of add and dbl. */
static void G2(g_set_inf)(const void *c, gn_limb_t *r)
{
    const gn_g2_ctx_t *g = c;
    for (unsigned i = 0; i < 4; i++)
        F(set_zero)(&g->fp, GC(r, i));
    GID(r) = GN_LIMB_MAX;
}

static gn_limb_t G2(g_is_inf)(const void *c, const gn_limb_t *a)
{
    (void)c;
    return GID(a);
}

static void G2(g_neg)(const void *c, gn_limb_t *r, const gn_limb_t *a)
{
    G2(neg)(&((const gn_g2_ctx_t *)c)->fp, r, a);
}

static gn_limb_t G2(g_add)(const void *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    return G2(add)(c, r, a, b);
}

static gn_limb_t G2(g_dbl)(const void *c, gn_limb_t *r, const gn_limb_t *a)
{
    return G2(dbl)(c, r, a);
}

#undef GC
#undef GID
