/*
 * Short Weierstrass curves, homogeneous projective coordinates (X : Y : Z), x = X/Z: the
 * complete formulas of Renes, Costello and Batina, and the classic ones for even-order curves.
 * Included by src/tmpl/ec_wei.tmpl.h (the formulas of one kernel: src/inst/ec_inst.h).
 */

/* ------------------------------------------------- homogeneous projective (X : Y : Z), x = X/Z */
/*
 * Complete formulas of Renes, Costello and Batina, "Complete addition formulas for prime
 * order elliptic curves" (Eurocrypt 2016): Algorithms 1 (addition, any a), 2 (mixed), 3
 * (doubling), 4-6 (a = -3) and 7-9 (a = 0). Complete on curves without a rational point
 * of order 2 (ec->complete); the neutral element is (0 : 1 : 0).
 */

static void EC(wp_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    EC(set_pattern)(FCTX_OF(ec), r, 3, 2); /* (0 : 1 : 0) */
}

static void EC(wp_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    EC(xy1_in)(FCTX_OF(ec), r, p);
    EC(at_inf_set)(FCTX_OF(ec), r, p, 3, 7, 2);
}

static gn_ec_mask_t EC(wp_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wp_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    EC(xyz_to_aff)(FCTX_OF(ec), r, p, EC(wp_is_inf)(ec, p));
}

static gn_ec_mask_t EC(wp_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    gn_limb_t ip = EC(wp_is_inf)(ec, p), iq = EC(wp_is_inf)(ec, q);
    return (ip & iq) | (~ip & ~iq & EC(xyz_eq)(FCTX_OF(ec), p, q));
}

static void EC(wp_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(copy)(f, CX(r), CX(p));
    F(neg)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
}

/* RCB Algorithms 1, 4, 7 (mixed = 0) and 2, 5, 8 (mixed = 1: Z2 = 1, one multiplication fewer). */
static GN_ALWAYS_INLINE void EC(wp_add_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                                  int mixed, unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p), *X2 = CX(q), *Y2 = CY(q), *Z2 = CZ(q);
    const gn_limb_t *b3 = ec->k[0].v, *b = ec->b.v, *a = ec->a.v;
    FE(t0); FE(t1); FE(t2); FE(t3); FE(t4); FE(t5); FE(X3); FE(Y3); FE(Z3);
    F(mul)(f, t0, X1, X2);
    F(mul)(f, t1, Y1, Y2);
    if (mixed)
        F(copy)(f, t2, Z1);
    else
        F(mul)(f, t2, Z1, Z2);
    F(add)(f, t3, X1, Y1);
    F(add)(f, t4, X2, Y2);
    F(mul)(f, t3, t3, t4);
    F(add)(f, t4, t0, t1);
    F(sub)(f, t3, t3, t4);
    if (akind == GN_EC_A_GENERAL) {
        F(add)(f, t4, X1, Z1);
        if (mixed) F(add)(f, t5, X2, ec->fp.one); else F(add)(f, t5, X2, Z2);
        F(mul)(f, t4, t4, t5);
        F(add)(f, t5, t0, t2);
        F(sub)(f, t4, t4, t5);
        F(add)(f, t5, Y1, Z1);
        if (mixed) F(add)(f, X3, Y2, ec->fp.one); else F(add)(f, X3, Y2, Z2);
        F(mul)(f, t5, t5, X3);
        F(add)(f, X3, t1, t2);
        F(sub)(f, t5, t5, X3);
        FMULC(f, Z3, a, t4);
        FMULC(f, X3, b3, t2);
        F(add)(f, Z3, X3, Z3);
        F(sub)(f, X3, t1, Z3);
        F(add)(f, Z3, t1, Z3);
        F(mul)(f, Y3, X3, Z3);
        F(add)(f, t1, t0, t0);
        F(add)(f, t1, t1, t0);
        FMULC(f, t2, a, t2);
        FMULC(f, t4, b3, t4);
        F(add)(f, t1, t1, t2);
        F(sub)(f, t2, t0, t2);
        FMULC(f, t2, a, t2);
        F(add)(f, t4, t4, t2);
        F(mul)(f, t0, t1, t4);
        F(add)(f, Y3, Y3, t0);
        F(mul)(f, t0, t5, t4);
        F(mul)(f, X3, t3, X3);
        F(sub)(f, X3, X3, t0);
        F(mul)(f, t0, t3, t1);
        F(mul)(f, Z3, t5, Z3);
        F(add)(f, Z3, Z3, t0);
    } else { /* a = -3 and a = 0 open alike (RCB Algorithms 4 and 7) */
        F(add)(f, t4, Y1, Z1);
        if (mixed) F(add)(f, X3, Y2, ec->fp.one); else F(add)(f, X3, Y2, Z2);
        F(mul)(f, t4, t4, X3);
        F(add)(f, X3, t1, t2);
        F(sub)(f, t4, t4, X3);
        F(add)(f, X3, X1, Z1);
        if (mixed) F(add)(f, Y3, X2, ec->fp.one); else F(add)(f, Y3, X2, Z2);
        F(mul)(f, X3, X3, Y3);
        F(add)(f, Y3, t0, t2);
        F(sub)(f, Y3, X3, Y3);
        if (akind == GN_EC_A_MINUS3) {
            FMULC(f, Z3, b, t2);
            F(sub)(f, X3, Y3, Z3);
            F(add)(f, Z3, X3, X3);
            F(add)(f, X3, X3, Z3);
            F(sub)(f, Z3, t1, X3);
            F(add)(f, X3, t1, X3);
            FMULC(f, Y3, b, Y3);
            F(add)(f, t1, t2, t2);
            F(add)(f, t2, t1, t2);
            F(sub)(f, Y3, Y3, t2);
            F(sub)(f, Y3, Y3, t0);
            F(add)(f, t1, Y3, Y3);
            F(add)(f, Y3, t1, Y3);
            F(add)(f, t1, t0, t0);
            F(add)(f, t0, t1, t0);
            F(sub)(f, t0, t0, t2);
            F(mul)(f, t1, t4, Y3);
            F(mul)(f, t2, t0, Y3);
            F(mul)(f, Y3, X3, Z3);
            F(add)(f, Y3, Y3, t2);
            F(mul)(f, X3, t3, X3);
            F(sub)(f, X3, X3, t1);
            F(mul)(f, Z3, t4, Z3);
            F(mul)(f, t1, t3, t0);
            F(add)(f, Z3, Z3, t1);
        } else {
            F(add)(f, X3, t0, t0);
            F(add)(f, t0, X3, t0);
            FMULC(f, t2, b3, t2);
            F(add)(f, Z3, t1, t2);
            F(sub)(f, t1, t1, t2);
            FMULC(f, Y3, b3, Y3);
            F(mul)(f, X3, t4, Y3);
            F(mul)(f, t2, t3, t1);
            F(sub)(f, X3, t2, X3);
            F(mul)(f, Y3, Y3, t0);
            F(mul)(f, t1, t1, Z3);
            F(add)(f, Y3, t1, Y3);
            F(mul)(f, t0, t0, t3);
            F(mul)(f, Z3, Z3, t4);
            F(add)(f, Z3, Z3, t0);
        }
    }
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}


/* RCB Algorithms 3 (any a), 6 (a = -3), 9 (a = 0). */
static GN_ALWAYS_INLINE void EC(wp_dbl_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X = CX(p), *Y = CY(p), *Z = CZ(p);
    const gn_limb_t *b3 = ec->k[0].v, *b = ec->b.v, *a = ec->a.v;
    FE(t0); FE(t1); FE(t2); FE(t3); FE(X3); FE(Y3); FE(Z3);
    if (akind == GN_EC_A_GENERAL) {
        F(sqr)(f, t0, X);
        F(sqr)(f, t1, Y);
        F(sqr)(f, t2, Z);
        F(mul)(f, t3, X, Y);
        F(add)(f, t3, t3, t3);
        F(mul)(f, Z3, X, Z);
        F(add)(f, Z3, Z3, Z3);
        FMULC(f, X3, a, Z3);
        FMULC(f, Y3, b3, t2);
        F(add)(f, Y3, X3, Y3);
        F(sub)(f, X3, t1, Y3);
        F(add)(f, Y3, t1, Y3);
        F(mul)(f, Y3, X3, Y3);
        F(mul)(f, X3, t3, X3);
        FMULC(f, Z3, b3, Z3);
        FMULC(f, t2, a, t2);
        F(sub)(f, t3, t0, t2);
        FMULC(f, t3, a, t3);
        F(add)(f, t3, t3, Z3);
        F(add)(f, Z3, t0, t0);
        F(add)(f, t0, Z3, t0);
        F(add)(f, t0, t0, t2);
        F(mul)(f, t0, t0, t3);
        F(add)(f, Y3, Y3, t0);
        F(mul)(f, t2, Y, Z);
        F(add)(f, t2, t2, t2);
        F(mul)(f, t0, t2, t3);
        F(sub)(f, X3, X3, t0);
        F(mul)(f, Z3, t2, t1);
        F(add)(f, Z3, Z3, Z3);
        F(add)(f, Z3, Z3, Z3);
    } else if (akind == GN_EC_A_MINUS3) {
        F(sqr)(f, t0, X);
        F(sqr)(f, t1, Y);
        F(sqr)(f, t2, Z);
        F(mul)(f, t3, X, Y);
        F(add)(f, t3, t3, t3);
        F(mul)(f, Z3, X, Z);
        F(add)(f, Z3, Z3, Z3);
        FMULC(f, Y3, b, t2);
        F(sub)(f, Y3, Y3, Z3);
        F(add)(f, X3, Y3, Y3);
        F(add)(f, Y3, X3, Y3);
        F(sub)(f, X3, t1, Y3);
        F(add)(f, Y3, t1, Y3);
        F(mul)(f, Y3, X3, Y3);
        F(mul)(f, X3, X3, t3);
        F(add)(f, t3, t2, t2);
        F(add)(f, t2, t2, t3);
        FMULC(f, Z3, b, Z3);
        F(sub)(f, Z3, Z3, t2);
        F(sub)(f, Z3, Z3, t0);
        F(add)(f, t3, Z3, Z3);
        F(add)(f, Z3, Z3, t3);
        F(add)(f, t3, t0, t0);
        F(add)(f, t0, t3, t0);
        F(sub)(f, t0, t0, t2);
        F(mul)(f, t0, t0, Z3);
        F(add)(f, Y3, Y3, t0);
        F(mul)(f, t0, Y, Z);
        F(add)(f, t0, t0, t0);
        F(mul)(f, Z3, t0, Z3);
        F(sub)(f, X3, X3, Z3);
        F(mul)(f, Z3, t0, t1);
        F(add)(f, Z3, Z3, Z3);
        F(add)(f, Z3, Z3, Z3);
    } else {
        F(sqr)(f, t0, Y);
        F(add)(f, Z3, t0, t0);
        F(add)(f, Z3, Z3, Z3);
        F(add)(f, Z3, Z3, Z3);
        F(mul)(f, t1, Y, Z);
        F(sqr)(f, t2, Z);
        FMULC(f, t2, b3, t2);
        F(mul)(f, X3, t2, Z3);
        F(add)(f, Y3, t0, t2);
        F(mul)(f, Z3, t1, Z3);
        F(add)(f, t1, t2, t2);
        F(add)(f, t2, t1, t2);
        F(sub)(f, t0, t0, t2);
        F(mul)(f, Y3, t0, Y3);
        F(add)(f, Y3, X3, Y3);
        F(mul)(f, t1, X, Y);
        F(mul)(f, X3, t0, t1);
        F(add)(f, X3, X3, X3);
    }
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}

/* The RCB operations for each kind of a (the table of a curve is chosen at set-up). */
#define EC_WP_KIND(sfx, akind)                                                                         \
    static void EC(wp_add_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q) \
    {                                                                                                  \
        EC(wp_add_any)(ec, r, p, q, 0, akind);                                                         \
    }                                                                                                  \
    static void EC(wp_madd_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q) \
    {                                                                                                  \
        EC_REQUIRE_Z1(ec, q);                                                                          \
        EC(wp_add_any)(ec, r, p, q, 1, akind);                                                         \
    }                                                                                                  \
    static void EC(wp_dbl_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)             \
    {                                                                                                  \
        EC(wp_dbl_any)(ec, r, p, akind);                                                               \
    }
EC_WP_KIND(gen, GN_EC_A_GENERAL)
EC_WP_KIND(a0, GN_EC_A_ZERO)
EC_WP_KIND(m3, GN_EC_A_MINUS3)
#undef EC_WP_KIND

/*
 * Classic projective formulas for curves with a rational point of order 2, where the RCB
 * formulas have exceptional pairs (P - Q of order 2): EFD add-1998-cmo-2 (12M + 2S),
 * madd-1998-cmo (9M + 2S), dbl-2007-bl (5M + 6S + 1D). Exceptions are P = +-Q and O,
 * which the callers handle (src/scalar/).
 */
static void EC(wpc_add_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q, int mixed)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p), *X2 = CX(q), *Y2 = CY(q), *Z2 = CZ(q);
    FE(y1z2); FE(x1z2); FE(z1z2); FE(u); FE(uu); FE(v); FE(vv); FE(vvv); FE(R); FE(A); FE(t);
    if (mixed) {
        F(copy)(f, y1z2, Y1);
        F(copy)(f, x1z2, X1);
        F(copy)(f, z1z2, Z1);
    } else {
        F(mul)(f, y1z2, Y1, Z2);
        F(mul)(f, x1z2, X1, Z2);
        F(mul)(f, z1z2, Z1, Z2);
    }
    F(mul)(f, u, Y2, Z1);
    F(sub)(f, u, u, y1z2);
    F(sqr)(f, uu, u);
    F(mul)(f, v, X2, Z1);
    F(sub)(f, v, v, x1z2);
    F(sqr)(f, vv, v);
    F(mul)(f, vvv, v, vv);
    F(mul)(f, R, vv, x1z2);
    F(mul)(f, A, uu, z1z2);
    F(sub)(f, A, A, vvv);
    EC(dbl_fe)(f, t, R);
    F(sub)(f, A, A, t);
    F(mul)(f, CX(r), v, A);
    F(sub)(f, t, R, A);
    F(mul)(f, t, u, t);
    F(mul)(f, y1z2, vvv, y1z2);
    F(sub)(f, CY(r), t, y1z2);
    F(mul)(f, CZ(r), vvv, z1z2);
}

static void EC(wpc_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC(wpc_add_any)(ec, r, p, q, 0);
}

static void EC(wpc_madd)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC_REQUIRE_Z1(ec, q);
    EC(wpc_add_any)(ec, r, p, q, 1);
}

static void EC(wpc_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p);
    FE(xx); FE(zz); FE(w); FE(s); FE(ss); FE(R); FE(RR); FE(B); FE(h); FE(t);
    F(sqr)(f, xx, X1);
    F(sqr)(f, zz, Z1);
    FMULC(f, w, ec->a.v, zz);
    EC(mul3_fe)(f, t, xx);
    F(add)(f, w, w, t);
    F(mul)(f, s, Y1, Z1);
    EC(dbl_fe)(f, s, s);
    F(sqr)(f, ss, s);
    F(mul)(f, CZ(r), s, ss);
    F(mul)(f, R, Y1, s);
    F(sqr)(f, RR, R);
    F(add)(f, B, X1, R);
    F(sqr)(f, B, B);
    F(sub)(f, B, B, xx);
    F(sub)(f, B, B, RR);
    F(sqr)(f, h, w);
    EC(dbl_fe)(f, t, B);
    F(sub)(f, h, h, t);
    F(mul)(f, CX(r), h, s);
    F(sub)(f, t, B, h);
    F(mul)(f, t, w, t);
    EC(dbl_fe)(f, RR, RR);
    F(sub)(f, CY(r), t, RR);
}
