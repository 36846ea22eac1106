/*
 * Twisted Edwards curves a x^2 + y^2 = 1 + d x^2 y^2 in extended coordinates
 * (X : Y : Z : T), x = X/Z, y = Y/Z, T = XY/Z: Hisil, Wong, Carter, Dawson, "Twisted
 * Edwards curves revisited" (Asiacrypt 2008). The neutral element is (0 : 1 : 1 : 0).
 * The addition is unified, and complete when a is a square and d is not (ec->complete).
 */

static void EC(ee_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    EC(set_pattern)(FCTX_OF(ec), r, 4, 6); /* (0 : 1 : 1 : 0) */
}

static void EC(ee_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    EC(xy1_in)(f, r, p);
    EC(at_inf_set)(f, r, p, 3, 3, 2);
    F(mul)(f, CT(r), CX(r), CY(r));
}

static gn_ec_mask_t EC(ee_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    return F(is_zero)(f, CX(p)) & F(eq)(f, CY(p), CZ(p));
}

static void EC(ee_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    EC(xyz_to_aff)(FCTX_OF(ec), r, p, 0);
}

static gn_ec_mask_t EC(ee_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    return EC(xyz_eq)(FCTX_OF(ec), p, q);
}

static void EC(ee_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(neg)(f, CX(r), CX(p));
    F(copy)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
    F(neg)(f, CT(r), CT(p));
}

/*
 * Addition. a = -1: EFD add-2008-hwcd-3 (8M + 1D with k = 2d); otherwise EFD add-2008-hwcd
 * (9M + 2D). Mixed (Z2 = 1): one multiplication fewer (madd-2008-hwcd-3 / madd-2008-hwcd).
 */
static GN_ALWAYS_INLINE void EC(ee_add_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                                  int mixed, unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    /* E, F, G, H land in the room of values dead by then: five temporaries (a = -1) or six */
    FE(A); FE(B); FE(C); FE(D); FE(t); FE(e);
    gn_limb_t *E, *Fv, *G, *H;
    if (akind == GN_EC_EDW_A_MINUS1) {
        F(sub)(f, A, CY(p), CX(p));
        F(sub)(f, t, CY(q), CX(q));
        F(mul)(f, A, A, t);
        F(add)(f, B, CY(p), CX(p));
        F(add)(f, t, CY(q), CX(q));
        F(mul)(f, B, B, t);
        F(mul)(f, C, CT(p), CT(q));
        FMULC(f, C, ec->k[0].v, C);
        if (mixed)
            F(copy)(f, D, CZ(p));
        else
            F(mul)(f, D, CZ(p), CZ(q));
        EC(dbl_fe)(f, D, D);
        E = t, H = B, Fv = A, G = D;
        F(sub)(f, E, B, A);
        F(add)(f, H, B, A);
    } else {
        F(mul)(f, A, CX(p), CX(q));
        F(mul)(f, B, CY(p), CY(q));
        F(mul)(f, C, CT(p), CT(q));
        FMULC(f, C, ec->b.v, C);
        if (mixed)
            F(copy)(f, D, CZ(p));
        else
            F(mul)(f, D, CZ(p), CZ(q));
        E = e, H = A, Fv = B, G = D;
        F(add)(f, E, CX(p), CY(p));
        F(add)(f, t, CX(q), CY(q));
        F(mul)(f, E, E, t);
        F(sub)(f, E, E, A);
        F(sub)(f, E, E, B);
        FMULC(f, H, ec->a.v, A);
        F(sub)(f, H, B, H);
    }
    F(sub)(f, Fv, D, C);
    F(add)(f, G, D, C);
    F(mul)(f, CX(r), E, Fv);
    F(mul)(f, CY(r), G, H);
    F(mul)(f, CT(r), E, H);
    F(mul)(f, CZ(r), Fv, G);
}

/*
 * For incomplete curves (a non-square or d square): the unified law fails (Z3 = 0) on pairs
 * with d x1 x2 y1 y2 = +-1; the dedicated addition of HWCD 2008 (section 3.2) is defined on
 * exactly those (checked exhaustively on small curves): A = X1X2, B = Y1Y2, C = Z1T2, D = T1Z2,
 * E = D + C, F = (X1 - Y1)(X2 + Y2) + B - A, G = B + aA, H = D - C; X3 = EF, Y3 = GH,
 * T3 = EH, Z3 = FG. Both are computed and one is selected by mask.
 */
static GN_ALWAYS_INLINE void EC(ee_add_complete_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                                           unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t u[4 * FL], v[4 * FL];
    /* E, F, G, H over dead values, X2 + Y2 in v's X until E F is written there: five
     * temporaries beside the two points */
    FE(A); FE(B); FE(C); FE(D); FE(t);
    gn_limb_t *const E = t, *const H = D, *const Fv = C, *const G = A;
    EC(ee_add_any)(ec, u, p, q, 0, akind);
    F(mul)(f, A, CX(p), CX(q));
    F(mul)(f, B, CY(p), CY(q));
    F(mul)(f, C, CZ(p), CT(q));
    F(mul)(f, D, CT(p), CZ(q));
    F(add)(f, E, D, C);
    F(sub)(f, H, D, C);
    F(sub)(f, Fv, CX(p), CY(p));
    F(add)(f, CX(v), CX(q), CY(q));
    F(mul)(f, Fv, Fv, CX(v));
    F(add)(f, Fv, Fv, B);
    F(sub)(f, Fv, Fv, A);
    FMULC(f, G, ec->a.v, A);
    F(add)(f, G, B, G);
    F(mul)(f, CX(v), E, Fv);
    F(mul)(f, CY(v), G, H);
    F(mul)(f, CT(v), E, H);
    F(mul)(f, CZ(v), Fv, G);
    gn_limb_t m = F(is_zero)(f, CZ(u));
    for (unsigned c = 0; c < 4; c++)
        F(cmov)(f, u + c * FL, v + c * FL, m);
    EC(pt_copy)(f, r, u, 4);
}

/* Doubling, EFD dbl-2008-hwcd: 4M + 4S + 1D (no D when a = -1). */
static GN_ALWAYS_INLINE void EC(ee_dbl_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    /* five elements: D over A, H over D once G is taken, F over B */
    FE(A); FE(B); FE(C); FE(E); FE(G);
    gn_limb_t *const D = A, *const H = A, *const Fv = B;
    F(sqr)(f, A, CX(p));
    F(sqr)(f, B, CY(p));
    F(sqr)(f, C, CZ(p));
    EC(dbl_fe)(f, C, C);
    F(add)(f, E, CX(p), CY(p));
    F(sqr)(f, E, E);
    F(sub)(f, E, E, A);
    F(sub)(f, E, E, B);
    if (akind == GN_EC_EDW_A_MINUS1)
        F(neg)(f, D, A);
    else
        FMULC(f, D, ec->a.v, A);
    F(add)(f, G, D, B);
    F(sub)(f, H, D, B);
    F(sub)(f, Fv, G, C);
    F(mul)(f, CX(r), E, Fv);
    F(mul)(f, CY(r), G, H);
    F(mul)(f, CT(r), E, H);
    F(mul)(f, CZ(r), Fv, G);
}

/* The operations for each kind of a (general, -1: GN_EC_EDW_A_*), chosen at set-up. */
#define EC_EE_KIND(sfx, akind)                                                                          \
    static void EC(ee_add_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)  \
    {                                                                                                   \
        EC(ee_add_any)(ec, r, p, q, 0, akind);                                                          \
    }                                                                                                   \
    static void EC(ee_madd_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q) \
    {                                                                                                   \
        EC_REQUIRE_Z1(ec, q);                                                                           \
        EC(ee_add_any)(ec, r, p, q, 1, akind);                                                          \
    }                                                                                                   \
    static void EC(ee_add_complete_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p,        \
                                          const gn_limb_t *q)                                           \
    {                                                                                                   \
        EC(ee_add_complete_any)(ec, r, p, q, akind);                                                    \
    }                                                                                                   \
    static void EC(ee_dbl_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)              \
    {                                                                                                   \
        EC(ee_dbl_any)(ec, r, p, akind);                                                                \
    }
EC_EE_KIND(gen, GN_EC_EDW_A_GENERAL)
EC_EE_KIND(m1, GN_EC_EDW_A_MINUS1)
#undef EC_EE_KIND
