/*
 * Jacobi quartics y^2 = x^4 + 2a x^2 + 1 in extended coordinates (X : Y : Z : T) with
 * x = X/Z, y = Y/Z, T = X^2/Z, i.e. the intersection of quadrics Y^2 = Z^2 + 2a X^2 + T^2,
 * X^2 = Z T (Hisil, Wong, Carter, Dawson, "Jacobi quartic curves revisited", ACISP 2009;
 * the MPHELL form JQ_a). The neutral element is (0 : 1 : 1 : 0); the two points at infinity
 * of the quartic are (0 : +-1 : 0 : 1), which affine form carries as infinity = 1 with y = +-1.
 * ec->k[0] = 2a.
 */

static void EC(jq_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    EC(ee_set_inf)(ec, r);
}

static void EC(jq_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    EC(xy1_in)(f, r, p);
    F(sqr)(f, CT(r), CX(r));
    EC(at_inf_set)(f, r, p, 4, 13, 8); /* a point at infinity: (0 : y : 0 : 1) with y = +-1 */
}

static gn_ec_mask_t EC(jq_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return EC(ee_is_inf)(ec, p);
}

static void EC(jq_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zi); FE(ti); FE(x); FE(y); FE(yi);
    gn_limb_t at_inf = F(is_zero)(f, CZ(p));
    FINV(f, zi, CZ(p));
    FINV(f, ti, CT(p));
    F(mul)(f, x, CX(p), zi);
    F(mul)(f, y, CY(p), zi);
    F(mul)(f, yi, CY(p), ti);
    F(cmov)(f, y, yi, at_inf);
    F(copy)(f, r->x.v, x);
    F(copy)(f, r->y.v, y);
    r->infinity = (int)(at_inf & 1);
}

/* Equal as points of P^3: every 2x2 minor of the two coordinate vectors vanishes. */
static gn_ec_mask_t EC(jq_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t m = GN_LIMB_MAX;
    for (unsigned i = 0; i < 4; i++)
        for (unsigned j = i + 1; j < 4; j++)
            m &= EC(cross_eq)(f, p + i * FL, p + j * FL, q + i * FL, q + j * FL);
    return m;
}

static void EC(jq_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(neg)(f, CX(r), CX(p));
    F(copy)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
    F(copy)(f, CT(r), CT(p));
}

/*
 * Addition: the unified affine law of Billet and Joye (2003, eq. (11); EFD "Jacobi-quartic
 * addition"), x3 = (x1 y2 + y1 x2)/(1 - x1^2 x2^2),
 * y3 = ((y1 y2 + 2a x1 x2)(1 + x1^2 x2^2) + 2 x1 x2 (x1^2 + x2^2))/(1 - x1^2 x2^2)^2,
 * homogenised with x^2 = T/Z: A = X1X2, B = Y1Y2, C = Z1Z2, D = T1T2, E = X1Y2 + Y1X2,
 * F = T1Z2 + Z1T2, G = C - D; X3 = E G, Z3 = G^2, T3 = E^2, Y3 = (B + 2aA)(C + D) + 2A F.
 * 9M + 2S + 1D (8M with Z2 = 1).
 */
static inline void EC(jq_add_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                                  int mixed)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(A); FE(B); FE(C); FE(D); FE(E); FE(Fv); FE(G); FE(t); FE(u);
    F(mul)(f, A, CX(p), CX(q));
    F(mul)(f, B, CY(p), CY(q));
    if (mixed)
        F(copy)(f, C, CZ(p));
    else
        F(mul)(f, C, CZ(p), CZ(q));
    F(mul)(f, D, CT(p), CT(q));
    F(add)(f, E, CX(p), CY(p));
    F(add)(f, t, CX(q), CY(q));
    F(mul)(f, E, E, t);
    F(sub)(f, E, E, A);
    F(sub)(f, E, E, B);
    F(add)(f, Fv, CT(p), CZ(p));
    F(add)(f, t, CT(q), CZ(q));
    F(mul)(f, Fv, Fv, t);
    F(sub)(f, Fv, Fv, C);
    F(sub)(f, Fv, Fv, D);
    F(sub)(f, G, C, D);
    FMULC(f, t, ec->k[0].v, A);
    F(add)(f, t, B, t);
    F(add)(f, u, C, D);
    F(mul)(f, t, t, u);
    F(mul)(f, u, A, Fv);
    EC(dbl_fe)(f, u, u);
    F(add)(f, CY(r), t, u);
    F(mul)(f, CX(r), E, G);
    F(sqr)(f, CZ(r), G);
    F(sqr)(f, CT(r), E);
}

static void EC(jq_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC(jq_add_any)(ec, r, p, q, 0);
}

static void EC(jq_madd)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC_REQUIRE_Z1(ec, q);
    EC(jq_add_any)(ec, r, p, q, 1);
}

/*
 * The dedicated addition of Hisil et al. 2009 (section 3), homogenised the same way:
 * x3 = (x1^2 - x2^2)/(x1 y2 - y1 x2),
 * y3 = ((x1^2 + x2^2)(y1 y2 - 2a x1 x2) - 2 x1 x2 (1 + x1^2 x2^2))/(x1 y2 - y1 x2)^2;
 * H = X1Y2 - Y1X2, J = T1Z2 - Z1T2: X3 = J H, Z3 = H^2, T3 = J^2,
 * Y3 = (T1Z2 + Z1T2)(Y1Y2 - 2a X1X2) - 2 X1X2 (Z1Z2 + T1T2).
 * It is defined exactly where the unified law gives (0 : * : 0 : 0) (checked exhaustively on
 * small curves by tests/py/test_ec_exhaustive.py), so the pair is a complete addition.
 */
static void EC(jq_add_complete)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t u[4 * FL];
    FE(A); FE(B); FE(Cz); FE(D); FE(H); FE(J); FE(t); FE(v); FE(Fv);
    EC(jq_add_any)(ec, u, p, q, 0);
    F(mul)(f, A, CX(p), CX(q));
    F(mul)(f, B, CY(p), CY(q));
    F(mul)(f, Cz, CZ(p), CZ(q));
    F(mul)(f, D, CT(p), CT(q));
    F(mul)(f, H, CX(p), CY(q));
    F(mul)(f, t, CY(p), CX(q));
    F(sub)(f, H, H, t);
    F(mul)(f, J, CT(p), CZ(q));
    F(mul)(f, t, CZ(p), CT(q));
    F(add)(f, Fv, J, t);
    F(sub)(f, J, J, t);
    FMULC(f, t, ec->k[0].v, A);
    F(sub)(f, t, B, t);
    F(mul)(f, t, Fv, t);
    F(add)(f, v, Cz, D);
    F(mul)(f, v, A, v);
    EC(dbl_fe)(f, v, v);
    gn_limb_t m = F(is_zero)(f, CZ(u)) & F(is_zero)(f, CT(u));
    F(sub)(f, t, t, v);
    F(cmov)(f, CY(u), t, m);
    F(mul)(f, t, J, H);
    F(cmov)(f, CX(u), t, m);
    F(sqr)(f, t, H);
    F(cmov)(f, CZ(u), t, m);
    F(sqr)(f, t, J);
    F(cmov)(f, CT(u), t, m);
    EC(pt_copy)(f, r, u, 4);
}

/*
 * Doubling: the addition law with P = Q gives x3 = 2xy / (1 - x^4) and, with the curve
 * equation (y^2 + 2a x^2 = 2y^2 - x^4 - 1), y3 = 2y^2 (1 + x^4) / (1 - x^4)^2 - 1. With
 * x^2 = T/Z: E = 2XY, G = Z^2 - T^2, X3 = E G, Z3 = G^2, T3 = E^2 (= 4 X^2 Y^2, so that
 * X3^2 = Z3 T3), Y3 = 2 Y^2 (Z^2 + T^2) - Z3. 3M + 5S, no constant; the exceptional set of
 * the law, x^4 = 1, gives Z3 = 0 with Y3 = +-T3 != 0 (a point at infinity, correctly).
 */
static void EC(jq_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(yy); FE(zz); FE(tt); FE(E); FE(G); FE(t);
    (void)ec;
    F(sqr)(f, yy, CY(p));
    F(sqr)(f, zz, CZ(p));
    F(sqr)(f, tt, CT(p));
    F(mul)(f, E, CX(p), CY(p));
    EC(dbl_fe)(f, E, E);     /* E = 2 X Y */
    F(sub)(f, G, zz, tt);    /* G = Z^2 - T^2 */
    F(add)(f, t, zz, tt);
    F(mul)(f, t, yy, t);
    EC(dbl_fe)(f, t, t);     /* 2 Y^2 (Z^2 + T^2) */
    F(mul)(f, CX(r), E, G);
    F(sqr)(f, CZ(r), G);
    F(sub)(f, CY(r), t, CZ(r));
    F(sqr)(f, CT(r), E);
}
