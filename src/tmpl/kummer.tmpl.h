/*
 * Kummer surface formulas, written once over a field kernel's prefix F(op) and instantiated
 * per kernel by src/inst/kummer_inst.h. A point is 4 * FL limbs: coordinate i at p + i FL.
 *
 * Both models share one pipeline (Gaudry 2007, section 3; the background material's
 * "Doubling on K" and "(Pseudo)-addition on K"). With Hadamard transform H and the squared
 * coordinates of P (the point itself in the squared model, its coordinate squares in the
 * theta model):
 *   [2]P:   V = H(eps^ * H(P)^2), then theta: eps * V, squared: eps * V^2;
 *   P + Q:  V = H(eps^ * H(P) * H(Q)), then theta: V / (P - Q), squared: V^2 / (P - Q),
 * products taken coordinate by coordinate, eps^ ~ (1/A^2 : ... : 1/D^2), eps ~ 1/theta or 1/mu.
 * The four coordinates go through the same operations: the 4-way data parallelism of the
 * hardware multipliers of the background material, written as loops over i < 4.
 */

#define KC(p, i) ((p) + (size_t)(i) * FL)

/* r = H(p) = (x + y + z + t, x + y - z - t, x - y + z - t, x - y - z + t); r may be p. */
static inline void KU(hadamard)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *p)
{
    FE(s0); FE(s1); FE(d0); FE(d1);
    F(add)(f, s0, KC(p, 0), KC(p, 1));
    F(add)(f, s1, KC(p, 2), KC(p, 3));
    F(sub)(f, d0, KC(p, 0), KC(p, 1));
    F(sub)(f, d1, KC(p, 2), KC(p, 3));
    F(add)(f, KC(r, 0), s0, s1);
    F(sub)(f, KC(r, 1), s0, s1);
    F(add)(f, KC(r, 2), d0, d1);
    F(sub)(f, KC(r, 3), d0, d1);
}

static inline void KU(sqr4)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *p)
{
    for (unsigned i = 0; i < 4; i++)
        F(sqr)(f, KC(r, i), KC(p, i));
}

static inline void KU(mul4)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    for (unsigned i = 0; i < 4; i++)
        F(mul)(f, KC(r, i), KC(p, i), KC(q, i));
}

/* r = s * p coordinate by coordinate: a small integer multiplication (and a negation) where
 * the constant is small, nothing where it is 1, a full multiplication otherwise. The branches
 * are on the surface's public constants. */
static inline void KU(scale)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *p, const gn_kummer_scale_t *s)
{
    for (unsigned i = 0; i < 4; i++) {
        if (s->small[i] == 1)
            F(copy)(f, KC(r, i), KC(p, i));
        else if (s->small[i])
            F(mul_small)(f, KC(r, i), KC(p, i), s->small[i]);
        else
            FMULC(f, KC(r, i), s->v[i].v, KC(p, i));
        if (s->neg[i])
            F(neg)(f, KC(r, i), KC(r, i));
    }
}

/* r = H(P) in squared coordinates: theta points are squared first. */
static inline void KU(hsq)(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    if (ku->model == GN_KUMMER_THETA) {
        KU(sqr4)(f, r, p);
        KU(hadamard)(f, r, r);
    } else {
        KU(hadamard)(f, r, p);
    }
}

/* The second half shared by both operations: v = H(v), squared in the squared model. */
static inline void KU(out)(const gn_kummer_ctx_t *ku, gn_limb_t *v)
{
    KU(hadamard)(&ku->fp, v, v);
    if (ku->model == GN_KUMMER_SQUARED)
        KU(sqr4)(&ku->fp, v, v);
}

/* r = [2]p: squared model 8S + 8 constant products, theta model 8S + 8 as well. */
static void KU(dbl)(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    gn_limb_t u[4 * FL];
    KU(hsq)(ku, u, p);
    KU(sqr4)(f, u, u);
    KU(scale)(f, u, u, &ku->epshat);
    KU(out)(ku, u);
    KU(scale)(f, r, u, &ku->eps);
}

/* r = p + q given dinv ~ (1/D_0 : 1/D_1 : 1/D_2 : 1/D_3) for D = p - q (4 coordinates). */
static void KU(diff_add)(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                         const gn_limb_t *dinv)
{
    const gn_fp_ctx_t *f = &ku->fp;
    gn_limb_t u[4 * FL], v[4 * FL];
    KU(hsq)(ku, u, p);
    KU(hsq)(ku, v, q);
    KU(mul4)(f, u, u, v);
    KU(scale)(f, u, u, &ku->epshat);
    KU(out)(ku, u);
    KU(mul4)(f, r, u, dinv);
}

/*
 * One ladder step xDBLADD: p <- [2]p, q <- p + q, where p - q = D and dinv = (1 : w1 : w2 : w3)
 * ~ 1/D with its first coordinate 1 (the "x_- = 1" trick; w holds w1, w2, w3). The
 * multiplication by eps^ is shared: t = eps^ H(p), then t H(p) and t H(q) (the background
 * material's minimal count; 8S + 11M + 8 constant products in the squared model here, the
 * surface's constants being four non-unit small integers).
 */
static void KU(dbladd)(const gn_kummer_ctx_t *ku, gn_limb_t *p, gn_limb_t *q, const gn_limb_t *w)
{
    const gn_fp_ctx_t *f = &ku->fp;
    gn_limb_t hp[4 * FL], hq[4 * FL], t[4 * FL];
    KU(hsq)(ku, hp, p);
    KU(hsq)(ku, hq, q);
    KU(scale)(f, t, hp, &ku->epshat);
    KU(mul4)(f, hp, hp, t);
    KU(mul4)(f, hq, hq, t);
    KU(out)(ku, hp);
    KU(out)(ku, hq);
    KU(scale)(f, p, hp, &ku->eps);
    F(copy)(f, KC(q, 0), KC(hq, 0));
    for (unsigned i = 1; i < 4; i++)
        F(mul)(f, KC(q, i), KC(hq, i), KC(w, i - 1));
}

/* The ladder's swap and step (src/scalar/ladder.h) on points of 4 coordinates. */
static void KU(lad_swap)(const void *c, void *r0, void *r1, gn_limb_t m)
{
    const gn_kummer_ctx_t *ku = c;
    for (unsigned j = 0; j < 4; j++)
        F(cswap)(&ku->fp, KC((gn_limb_t *)r0, j), KC((gn_limb_t *)r1, j), m);
}

static void KU(lad_step)(const void *c, void *r0, void *r1, const void *w)
{
    KU(dbladd)(c, r0, r1, w);
}

/*
 * r = [k]P by the Montgomery ladder (src/scalar/ladder.h) over nbits bits of k (limbs, least
 * significant first), for P = (P_0 : ... : P_3) with w = (P_0/P_1, P_0/P_2, P_0/P_3). Constant
 * time.
 */
static void KU(ladder)(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *w,
                       const gn_limb_t *k, size_t nbits)
{
    const gn_fp_ctx_t *f = &ku->fp;
    const gn_fp_t *id = ku->model == GN_KUMMER_THETA ? ku->theta : ku->mu;
    gn_limb_t r0[4 * FL], r1[4 * FL];
    for (unsigned i = 0; i < 4; i++) {
        F(copy)(f, KC(r0, i), id[i].v);
        F(copy)(f, KC(r1, i), KC(p, i));
    }
    gn_ladder_bits(ku, KU(lad_swap), KU(lad_step), r0, r1, w, k, nbits, 0);
    for (unsigned j = 0; j < 4; j++)
        F(copy)(f, KC(r, j), KC(r0, j));
    gn_memzero(r0, sizeof r0);
    gn_memzero(r1, sizeof r1);
}

/* All-ones when p satisfies the quartic of its model (the zero tuple does; callers exclude it). */
static gn_limb_t KU(on_surface)(const gn_kummer_ctx_t *ku, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    const gn_limb_t *x = KC(p, 0), *y = KC(p, 1), *z = KC(p, 2), *t = KC(p, 3);
    gn_limb_t sq[4 * FL];
    FE(s); FE(u); FE(v); FE(xyzt); FE(lhs);
    if (ku->model == GN_KUMMER_THETA)
        KU(sqr4)(f, sq, p); /* the theta quartic in the squares: s = sum - F.. - G.. - H.. */
    else
        for (unsigned i = 0; i < 4; i++)
            F(copy)(f, KC(sq, i), KC(p, i));
    /* s = X^2 + Y^2 + Z^2 + T^2 - F(XT + YZ) - G(XZ + YT) - H(XY + ZT) */
    static const unsigned pairs[3][4] = {{0, 3, 1, 2}, {0, 2, 1, 3}, {0, 1, 2, 3}};
    const gn_limb_t *coef[3] = {ku->F.v, ku->G.v, ku->H.v};
    F(sqr)(f, s, KC(sq, 0));
    for (unsigned i = 1; i < 4; i++) {
        F(sqr)(f, u, KC(sq, i));
        F(add)(f, s, s, u);
    }
    for (unsigned i = 0; i < 3; i++) {
        F(mul)(f, u, KC(sq, pairs[i][0]), KC(sq, pairs[i][1]));
        F(mul)(f, v, KC(sq, pairs[i][2]), KC(sq, pairs[i][3]));
        F(add)(f, u, u, v);
        FMULC(f, u, coef[i], u);
        F(sub)(f, s, s, u);
    }
    F(mul)(f, xyzt, x, y);
    F(mul)(f, u, z, t);
    F(mul)(f, xyzt, xyzt, u);
    if (ku->model == GN_KUMMER_THETA) { /* s + 2E xyzt = 0 */
        FMULC(f, lhs, ku->E.v, xyzt);
        F(add)(f, lhs, lhs, lhs);
        F(add)(f, s, s, lhs);
        return F(is_zero)(f, s);
    }
    F(sqr)(f, s, s); /* s^2 = K XYZT */
    FMULC(f, lhs, ku->K.v, xyzt);
    return F(eq)(f, s, lhs);
}

#undef KC
