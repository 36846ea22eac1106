/*
 * Short Weierstrass curves y^2 = x^3 + a x + b: affine, homogeneous projective, Jacobian,
 * co-Z Jacobian (ladder) and x-only (X : Z) ladder formulas. ec->a_kind selects the
 * a = 0 and a = -3 variants (public curve data: the branch leaks nothing secret).
 * Included by src/inst/ec_inst.h after ec_common.tmpl.h.
 */

/* ---------------------------------------------------------------- affine (x, y, z), z in {0, 1} */

static void EC(wa_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(set_zero)(f, CX(r));
    F(set_zero)(f, CY(r));
    F(set_zero)(f, CZ(r));
}

static void EC(wa_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zero);
    gn_limb_t inf = ct_mask_bit((gn_limb_t)p->infinity);
    EC(aff_in)(f, CX(r), CY(r), p);
    F(set_one)(f, CZ(r));
    F(set_zero)(f, zero);
    F(cmov)(f, CZ(r), zero, inf);
}

static gn_ec_mask_t EC(wa_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wa_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    EC(aff_out)(FCTX_OF(ec), r, CX(p), CY(p), EC(wa_is_inf)(ec, p));
}

static gn_ec_mask_t EC(wa_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t ip = EC(wa_is_inf)(ec, p), iq = EC(wa_is_inf)(ec, q);
    gn_limb_t same = F(eq)(f, CX(p), CX(q)) & F(eq)(f, CY(p), CY(q));
    return (ip & iq) | (~ip & ~iq & same);
}

static void EC(wa_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(copy)(f, CX(r), CX(p));
    F(neg)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
}

/* Tangent: lambda = (3x^2 + a) / 2y; 1I + 2M + 2S. The z coordinate carries infinity:
 * P = O or y = 0 gives O. */
static void EC(wa_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(xx); FE(num); FE(den); FE(l); FE(x3); FE(y3);
    gn_limb_t inf = F(is_zero)(f, CZ(p)) | F(is_zero)(f, CY(p));
    F(sqr)(f, xx, CX(p));
    EC(mul3_fe)(f, num, xx);
    F(add)(f, num, num, ec->a.v);
    EC(dbl_fe)(f, den, CY(p));
    FINV(f, den, den);
    F(mul)(f, l, num, den);
    F(sqr)(f, x3, l);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, y3, CX(p), x3);
    F(mul)(f, y3, l, y3);
    F(sub)(f, CY(r), y3, CY(p));
    F(copy)(f, CX(r), x3);
    F(set_one)(f, CZ(r));
    FE(zero);
    F(set_zero)(f, zero);
    F(cmov)(f, CX(r), zero, inf);
    F(cmov)(f, CY(r), zero, inf);
    F(cmov)(f, CZ(r), zero, inf);
}

/* Chord: lambda = (y2 - y1) / (x2 - x1); 1I + 2M + 1S. Valid for finite P != +-Q. */
static void EC(wa_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(num); FE(den); FE(l); FE(x3); FE(y3);
    F(sub)(f, num, CY(q), CY(p));
    F(sub)(f, den, CX(q), CX(p));
    FINV(f, den, den);
    F(mul)(f, l, num, den);
    F(sqr)(f, x3, l);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(q));
    F(sub)(f, y3, CX(p), x3);
    F(mul)(f, y3, l, y3);
    F(sub)(f, CY(r), y3, CY(p));
    F(copy)(f, CX(r), x3);
    F(set_one)(f, CZ(r));
}

/* ------------------------------------------------- homogeneous projective (X : Y : Z), x = X/Z */
/*
 * Complete formulas of Renes, Costello and Batina, "Complete addition formulas for prime
 * order elliptic curves" (Eurocrypt 2016): Algorithms 1 (addition, any a), 2 (mixed), 3
 * (doubling), 4-6 (a = -3) and 7-9 (a = 0). Complete on curves without a rational point
 * of order 2 (ec->complete); the neutral element is (0 : 1 : 0).
 */

static void EC(wp_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(set_zero)(f, CX(r));
    F(set_one)(f, CY(r));
    F(set_zero)(f, CZ(r));
}

static void EC(wp_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zero); FE(one);
    gn_limb_t inf = ct_mask_bit((gn_limb_t)p->infinity);
    F(set_zero)(f, zero);
    F(set_one)(f, one);
    EC(aff_in)(f, CX(r), CY(r), p);
    F(set_one)(f, CZ(r));
    F(cmov)(f, CY(r), one, inf);
    F(cmov)(f, CZ(r), zero, inf);
}

static gn_ec_mask_t EC(wp_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wp_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zi); FE(x); FE(y);
    FINV(f, zi, CZ(p));
    F(mul)(f, x, CX(p), zi);
    F(mul)(f, y, CY(p), zi);
    EC(aff_out)(f, r, x, y, EC(wp_is_inf)(ec, p));
}

static gn_ec_mask_t EC(wp_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t ip = EC(wp_is_inf)(ec, p), iq = EC(wp_is_inf)(ec, q);
    gn_limb_t same = EC(cross_eq)(f, CX(p), CZ(p), CX(q), CZ(q)) & EC(cross_eq)(f, CY(p), CZ(p), CY(q), CZ(q));
    return (ip & iq) | (~ip & ~iq & same);
}

static void EC(wp_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(copy)(f, CX(r), CX(p));
    F(neg)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
}

/* RCB Algorithms 1, 4, 7 (mixed = 0) and 2, 5, 8 (mixed = 1: Z2 = 1, one multiplication fewer). */
static inline void EC(wp_add_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                                  int mixed)
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
    if (ec->a_kind == GN_EC_A_GENERAL) {
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
    } else if (ec->a_kind == GN_EC_A_MINUS3) {
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
    } else { /* a = 0 */
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
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}

static void EC(wp_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC(wp_add_any)(ec, r, p, q, 0);
}

static void EC(wp_madd)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC(wp_add_any)(ec, r, p, q, 1);
}

/* RCB Algorithms 3 (any a), 6 (a = -3), 9 (a = 0). */
static void EC(wp_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X = CX(p), *Y = CY(p), *Z = CZ(p);
    const gn_limb_t *b3 = ec->k[0].v, *b = ec->b.v, *a = ec->a.v;
    FE(t0); FE(t1); FE(t2); FE(t3); FE(X3); FE(Y3); FE(Z3);
    if (ec->a_kind == GN_EC_A_GENERAL) {
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
    } else if (ec->a_kind == GN_EC_A_MINUS3) {
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

/* ------------------------------------------------ Jacobian (X : Y : Z), x = X/Z^2, y = Y/Z^3 */

static void EC(wj_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(set_one)(f, CX(r));
    F(set_one)(f, CY(r));
    F(set_zero)(f, CZ(r));
}

static void EC(wj_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zero); FE(one);
    gn_limb_t inf = ct_mask_bit((gn_limb_t)p->infinity);
    F(set_zero)(f, zero);
    F(set_one)(f, one);
    EC(aff_in)(f, CX(r), CY(r), p);
    F(set_one)(f, CZ(r));
    F(cmov)(f, CX(r), one, inf);
    F(cmov)(f, CY(r), one, inf);
    F(cmov)(f, CZ(r), zero, inf);
}

static gn_ec_mask_t EC(wj_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wj_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zi); FE(zi2); FE(x); FE(y);
    FINV(f, zi, CZ(p));
    F(sqr)(f, zi2, zi);
    F(mul)(f, x, CX(p), zi2);
    F(mul)(f, zi2, zi2, zi);
    F(mul)(f, y, CY(p), zi2);
    EC(aff_out)(f, r, x, y, EC(wj_is_inf)(ec, p));
}

static gn_ec_mask_t EC(wj_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(z1z1); FE(z2z2); FE(z1c); FE(z2c);
    gn_limb_t ip = EC(wj_is_inf)(ec, p), iq = EC(wj_is_inf)(ec, q);
    F(sqr)(f, z1z1, CZ(p));
    F(sqr)(f, z2z2, CZ(q));
    F(mul)(f, z1c, z1z1, CZ(p));
    F(mul)(f, z2c, z2z2, CZ(q));
    gn_limb_t same = EC(cross_eq)(f, CX(p), z1z1, CX(q), z2z2) & EC(cross_eq)(f, CY(p), z1c, CY(q), z2c);
    return (ip & iq) | (~ip & ~iq & same);
}

static void EC(wj_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(copy)(f, CX(r), CX(p));
    F(neg)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
}

/*
 * Doubling. a = -3: EFD dbl-2001-b (4M + 4S as arranged below); a = 0: EFD dbl-2009-l (2M + 5S);
 * otherwise EFD dbl-2007-bl (1M + 8S + 1D). Z = 0 gives Z3 = 0, so O doubles to O.
 */
static void EC(wj_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p);
    FE(t0); FE(t1); FE(t2); FE(t3); FE(X3); FE(Y3); FE(Z3);
#if defined(EC_ASM_WJ_DBL)
    /* the same steps in one assembly routine (P-256: src/fp/mulx_mont.S, tools/gen_mulx.py),
     * its field operations inlined, when the kernel's products use mulx/adx (a public CPU fact) */
    if (ec->a_kind == GN_EC_A_MINUS3 && f->mulx) {
        EC_ASM_WJ_DBL(r, p);
        return;
    }
#endif
    if (ec->a_kind == GN_EC_A_MINUS3) {
        /* dbl-2001-b on T = (2 Y1)^2 = 4 gamma, with Z3 = 2 Y1 Z1 as one product (Gueron and
         * Krasnov 2015's arrangement): 4M + 4S and 10 additions against 3M + 5S and 18, the
         * cheaper on every kernel (an addition is a fifth of a product on P-256's, and a
         * squaring is a product on the generic ones). delta = Z1^2,
         * alpha = 3 (X1 - delta)(X1 + delta), B = X1 T = 4 beta */
        F(sqr)(f, t0, Z1);
        F(add)(f, t1, Y1, Y1);
        F(mul)(f, Z3, t1, Z1);
        F(sqr)(f, t1, t1);
        F(sub)(f, t3, X1, t0);
        F(add)(f, t2, X1, t0);
        F(mul)(f, t3, t3, t2);
        EC(mul3_fe)(f, t3, t3);
        F(mul)(f, t2, X1, t1);
        /* X3 = alpha^2 - 2B */
        F(sqr)(f, X3, t3);
        EC(dbl_fe)(f, Y3, t2);
        F(sub)(f, X3, X3, Y3);
        /* Y3 = alpha (B - X3) - T^2 / 2 (= 8 gamma^2) */
        F(sub)(f, t2, t2, X3);
        F(mul)(f, Y3, t3, t2);
        F(sqr)(f, t1, t1);
        F(half)(f, t1, t1);
        F(sub)(f, Y3, Y3, t1);
    } else if (ec->a_kind == GN_EC_A_ZERO) {
        /* A = X1^2, B = Y1^2, C = B^2, D = 2((X1 + B)^2 - A - C), E = 3A, F = E^2 */
        F(sqr)(f, t0, X1);
        F(sqr)(f, t1, Y1);
        F(sqr)(f, t2, t1);
        F(add)(f, t3, X1, t1);
        F(sqr)(f, t3, t3);
        F(sub)(f, t3, t3, t0);
        F(sub)(f, t3, t3, t2);
        EC(dbl_fe)(f, t3, t3);
        EC(mul3_fe)(f, t0, t0);
        F(sqr)(f, X3, t0);
        EC(dbl_fe)(f, t1, t3);
        F(sub)(f, X3, X3, t1);
        /* Y3 = E (D - X3) - 8C, Z3 = 2 Y1 Z1 */
        F(sub)(f, t3, t3, X3);
        F(mul)(f, Y3, t0, t3);
        EC(mul8_fe)(f, t2, t2);
        F(sub)(f, Y3, Y3, t2);
        F(mul)(f, Z3, Y1, Z1);
        EC(dbl_fe)(f, Z3, Z3);
    } else {
        /* XX = X1^2, YY = Y1^2, YYYY = YY^2, ZZ = Z1^2, S = 2((X1 + YY)^2 - XX - YYYY),
         * M = 3 XX + a ZZ^2, T = M^2 - 2S */
        FE(zz);
        F(sqr)(f, t0, X1);
        F(sqr)(f, t1, Y1);
        F(sqr)(f, t2, t1);
        F(sqr)(f, zz, Z1);
        F(add)(f, t3, X1, t1);
        F(sqr)(f, t3, t3);
        F(sub)(f, t3, t3, t0);
        F(sub)(f, t3, t3, t2);
        EC(dbl_fe)(f, t3, t3);
        F(sqr)(f, X3, zz);
        FMULC(f, X3, ec->a.v, X3);
        EC(mul3_fe)(f, t0, t0);
        F(add)(f, t0, t0, X3);
        F(sqr)(f, X3, t0);
        EC(dbl_fe)(f, Y3, t3);
        F(sub)(f, X3, X3, Y3);
        /* Y3 = M (S - T) - 8 YYYY; Z3 = (Y1 + Z1)^2 - YY - ZZ */
        F(sub)(f, t3, t3, X3);
        F(mul)(f, Y3, t0, t3);
        EC(mul8_fe)(f, t2, t2);
        F(sub)(f, Y3, Y3, t2);
        F(add)(f, Z3, Y1, Z1);
        F(sqr)(f, Z3, Z3);
        F(sub)(f, Z3, Z3, t1);
        F(sub)(f, Z3, Z3, zz);
    }
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}

/*
 * Addition, EFD add-1998-cmo-2 (12M + 4S, 7 additions: add-2007-bl's 11M + 5S needs 13, and
 * an addition costs a fifth of a product on P-256's kernel, as much as M - S); mixed (Z2 = 1),
 * EFD madd-2007-bl (7M + 4S).
 * Valid for finite P != +-Q; P = -Q gives Z3 = 0 (O), P = Q gives (0 : 0 : 0), which the
 * callers replace (src/scalar/).
 */
static void EC(wj_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p), *X2 = CX(q), *Y2 = CY(q), *Z2 = CZ(q);
    FE(z1z1); FE(z2z2); FE(u1); FE(u2); FE(s1); FE(s2); FE(h); FE(hh); FE(rr); FE(v); FE(X3); FE(Y3); FE(Z3);
#if defined(EC_ASM_WJ_ADD)
    if (f->mulx) { /* the same steps in one routine, as EC_ASM_WJ_DBL */
        EC_ASM_WJ_ADD(r, p, q);
        return;
    }
#endif
    /* U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3, H = U2 - U1, R = S2 - S1 */
    F(sqr)(f, z1z1, Z1);
    F(sqr)(f, z2z2, Z2);
    F(mul)(f, u1, X1, z2z2);
    F(mul)(f, u2, X2, z1z1);
    F(mul)(f, s1, Y1, Z2);
    F(mul)(f, s1, s1, z2z2);
    F(mul)(f, s2, Y2, Z1);
    F(mul)(f, s2, s2, z1z1);
    F(sub)(f, h, u2, u1);
    F(sub)(f, rr, s2, s1);
    /* Z3 = Z1 Z2 H; HH = H^2, HHH = H HH (in u2), V = U1 HH */
    F(mul)(f, Z3, Z1, Z2);
    F(mul)(f, Z3, Z3, h);
    F(sqr)(f, hh, h);
    F(mul)(f, u2, h, hh);
    F(mul)(f, v, u1, hh);
    /* X3 = R^2 - HHH - 2V, Y3 = R (V - X3) - S1 HHH */
    F(sqr)(f, X3, rr);
    F(sub)(f, X3, X3, u2);
    F(sub)(f, X3, X3, v);
    F(sub)(f, X3, X3, v);
    F(sub)(f, Y3, v, X3);
    F(mul)(f, Y3, rr, Y3);
    F(mul)(f, s1, s1, u2);
    F(sub)(f, Y3, Y3, s1);
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}

static void EC(wj_madd)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p), *X2 = CX(q), *Y2 = CY(q);
    FE(z1z1); FE(u2); FE(s2); FE(h); FE(hh); FE(i); FE(j); FE(rr); FE(v); FE(X3); FE(Y3); FE(Z3);
    F(sqr)(f, z1z1, Z1);
    F(mul)(f, u2, X2, z1z1);
    F(mul)(f, s2, Y2, Z1);
    F(mul)(f, s2, s2, z1z1);
    F(sub)(f, h, u2, X1);
    F(sqr)(f, hh, h);
    EC(mul4_fe)(f, i, hh);
    F(mul)(f, j, h, i);
    F(sub)(f, rr, s2, Y1);
    EC(dbl_fe)(f, rr, rr);
    F(mul)(f, v, X1, i);
    F(sqr)(f, X3, rr);
    F(sub)(f, X3, X3, j);
    F(sub)(f, X3, X3, v);
    F(sub)(f, X3, X3, v);
    F(sub)(f, Y3, v, X3);
    F(mul)(f, Y3, rr, Y3);
    F(mul)(f, j, Y1, j);
    EC(dbl_fe)(f, j, j);
    F(sub)(f, Y3, Y3, j);
    F(add)(f, Z3, Z1, h);
    F(sqr)(f, Z3, Z3);
    F(sub)(f, Z3, Z3, z1z1);
    F(sub)(f, Z3, Z3, hh);
    F(copy)(f, CX(r), X3);
    F(copy)(f, CY(r), Y3);
    F(copy)(f, CZ(r), Z3);
}

/* ------------------------------------------------------------------ co-Z ladder (Jacobian) */
/*
 * Goundar, Joye, Miyaji, "Co-Z addition formulae and binary ladders on elliptic curves"
 * (CHES 2010). Two points share Z. ZADDU(P, Q) = (P + Q, P') and ZADDC(P, Q) = (P + Q, P - Q),
 * each result co-Z; Z is carried along (one extra multiplication per operation) so that the
 * result can be converted without a final recovery step.
 * State layout: X0 Y0 X1 Y1 Z (5 elements).
 */

/* ZADDU: (X1, Y1) <- P + Q, (X2, Y2) <- P with the new Z. 4M + 2S (+1M for Z).
 * Returns all-ones if X1 == X2 (exceptional). */
static inline gn_limb_t EC(zaddu)(const gn_fp_ctx_t *f, gn_limb_t *X1, gn_limb_t *Y1, gn_limb_t *X2,
                                  gn_limb_t *Y2, gn_limb_t *Z)
{
    FE(c); FE(w1); FE(w2); FE(d); FE(a1); FE(dy);
    F(sub)(f, c, X1, X2);
    gn_limb_t exc = F(is_zero)(f, c);
    F(mul)(f, Z, Z, c);
    F(sqr)(f, c, c);
    F(mul)(f, w1, X1, c);
    F(mul)(f, w2, X2, c);
    F(sub)(f, dy, Y1, Y2);
    F(sqr)(f, d, dy);
    F(sub)(f, a1, w1, w2);
    F(mul)(f, a1, Y1, a1);
    F(sub)(f, X2, d, w1); /* reuse X2 as X3 */
    F(sub)(f, X2, X2, w2);
    F(sub)(f, d, w1, X2);
    F(mul)(f, d, dy, d);
    F(sub)(f, Y2, d, a1);
    /* (X1, Y1) <- P + Q = (X3, Y3) held in (X2, Y2); (X2, Y2) <- P' = (w1, a1) */
    F(cswap)(f, X1, X2, GN_LIMB_MAX);
    F(cswap)(f, Y1, Y2, GN_LIMB_MAX);
    F(copy)(f, X2, w1);
    F(copy)(f, Y2, a1);
    return exc;
}

/*
 * tab[i] = (2i + 1) P for i < n (the window tables of src/scalar/mul.c) by co-Z additions
 * (Meloni, "New point addition formulae for ECC applications", WAIFI 2007; Longa and Miri,
 * PKC 2008): D = 2P and P brought to one Z, then T_i = ZADDU(D, T_(i-1)), which also returns
 * D on the new Z: 5M + 2S an entry against the 12M + 4S of add-1998-cmo-2. Each entry keeps
 * the Z of its step. Variable time (P is public); returns nonzero when P or 2P is O or
 * D = +-T_(i-1) (small orders only), tab then being invalid.
 */
static int EC(wj_odd_multiples)(const gn_ec_ctx_t *ec, gn_limb_t *tab, const gn_limb_t *p, size_t n)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t d[3 * FL];
    FE(zz); FE(dx); FE(dy); FE(tx); FE(ty); FE(z);
    F(copy)(f, CX(tab), CX(p));
    F(copy)(f, CY(tab), CY(p));
    F(copy)(f, CZ(tab), CZ(p));
    if (n < 2)
        return 0;
    EC(wj_dbl)(ec, d, p);
    /* P' = (X Zd^2, Y Zd^3) and D' = (Xd Z^2, Yd Z^3), both on Z Zd */
    F(sqr)(f, zz, CZ(d));
    F(mul)(f, tx, CX(p), zz);
    F(mul)(f, zz, zz, CZ(d));
    F(mul)(f, ty, CY(p), zz);
    F(sqr)(f, zz, CZ(p));
    F(mul)(f, dx, CX(d), zz);
    F(mul)(f, zz, zz, CZ(p));
    F(mul)(f, dy, CY(d), zz);
    F(mul)(f, z, CZ(p), CZ(d));
    gn_limb_t exc = F(is_zero)(f, z); /* P = O or 2P = O; later Z are z times non-zero values */
    for (size_t i = 1; i < n; i++) {
        /* (dx, dy) <- D + T_(i-1) = T_i, (tx, ty) <- D on the new Z; then the roles swap */
        exc |= EC(zaddu)(f, dx, dy, tx, ty, z);
        gn_limb_t *e = tab + i * 3 * FL;
        F(copy)(f, CX(e), dx);
        F(copy)(f, CY(e), dy);
        F(copy)(f, CZ(e), z);
        F(cswap)(f, dx, tx, GN_LIMB_MAX);
        F(cswap)(f, dy, ty, GN_LIMB_MAX);
    }
    return exc != 0;
}

/* ZADDC: (X1, Y1) <- P + Q, (X2, Y2) <- P - Q. 5M + 3S (+1M for Z). */
static inline gn_limb_t EC(zaddc)(const gn_fp_ctx_t *f, gn_limb_t *X1, gn_limb_t *Y1, gn_limb_t *X2,
                                  gn_limb_t *Y2, gn_limb_t *Z)
{
    FE(c); FE(w1); FE(w2); FE(d); FE(a1); FE(dy); FE(sy); FE(x3); FE(y3);
    F(sub)(f, c, X1, X2);
    gn_limb_t exc = F(is_zero)(f, c);
    F(mul)(f, Z, Z, c);
    F(sqr)(f, c, c);
    F(mul)(f, w1, X1, c);
    F(mul)(f, w2, X2, c);
    F(sub)(f, dy, Y1, Y2);
    F(add)(f, sy, Y1, Y2);
    F(sub)(f, a1, w1, w2);
    F(mul)(f, a1, Y1, a1);
    /* P + Q */
    F(sqr)(f, d, dy);
    F(sub)(f, x3, d, w1);
    F(sub)(f, x3, x3, w2);
    F(sub)(f, d, w1, x3);
    F(mul)(f, d, dy, d);
    F(sub)(f, y3, d, a1);
    /* P - Q */
    F(sqr)(f, d, sy);
    F(sub)(f, X2, d, w1);
    F(sub)(f, X2, X2, w2);
    F(sub)(f, d, w1, X2);
    F(mul)(f, d, sy, d);
    F(sub)(f, Y2, d, a1);
    F(copy)(f, X1, x3);
    F(copy)(f, Y1, y3);
    return exc;
}

/* One ladder bit: R_b <- R0 + R1, R_(1-b) <- 2 R_(1-b) (GJM 2010, Algorithm 9), as a
 * conditional swap around ZADDC then ZADDU on (R_(1-b), R_b) order. */
static inline gn_limb_t EC(coz_bit)(const gn_fp_ctx_t *f, gn_limb_t *s, gn_limb_t bit)
{
    gn_limb_t *X0 = s, *Y0 = s + FL, *X1 = s + 2 * FL, *Y1 = s + 3 * FL, *Z = s + 4 * FL;
    gn_limb_t m = ct_mask_bit(bit), exc;
    /* bring R_b to (X1, Y1) position "first operand" */
    F(cswap)(f, X0, X1, ~m);
    F(cswap)(f, Y0, Y1, ~m);
    /* now (X0, Y0) = R_(1-b), (X1, Y1) = R_b; ZADDC(R_b, R_(1-b)) -> (sum, diff) */
    exc = EC(zaddc)(f, X1, Y1, X0, Y0, Z);
    /* ZADDU(sum, diff): sum + diff = 2 R_b into first, sum kept in second */
    exc |= EC(zaddu)(f, X1, Y1, X0, Y0, Z);
    /* (X1, Y1) = 2 R_b and (X0, Y0) = R0 + R1 = the new R_(1-b): back to (R0, R1) order */
    F(cswap)(f, X0, X1, ~m);
    F(cswap)(f, Y0, Y1, ~m);
    return exc;
}

static void EC(coz_step)(const gn_ec_ctx_t *ec, gn_limb_t *state)
{
    (void)EC(coz_bit)(FCTX_OF(ec), state, 0);
}

/*
 * [k]P for k with bit nbits-1 set: (R1, R0) = (2P, P) by a co-Z doubling (EFD dblu-2007-l
 * style with Z1 = 1), then one co-Z bit per remaining bit. out = R0 in Jacobian (X, Y, Z).
 */
static gn_ec_mask_t EC(coz_ladder)(const gn_ec_ctx_t *ec, gn_limb_t *out, const gn_ec_point_t *p,
                                   const gn_limb_t *k, size_t nbits)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t s[5 * FL];
    gn_limb_t *X0 = s, *Y0 = s + FL, *X1 = s + 2 * FL, *Y1 = s + 3 * FL, *Z = s + 4 * FL;
    FE(x); FE(y); FE(b); FE(e); FE(l); FE(m); FE(t);
    EC(aff_in)(f, x, y, p);
    gn_limb_t exc = F(is_zero)(f, y) | ct_mask_bit((gn_limb_t)p->infinity);
    /* B = x^2, E = y^2, L = E^2, S = 2((x + E)^2 - B - L), M = 3B + a */
    F(sqr)(f, b, x);
    F(sqr)(f, e, y);
    F(sqr)(f, l, e);
    F(add)(f, t, x, e);
    F(sqr)(f, t, t);
    F(sub)(f, t, t, b);
    F(sub)(f, t, t, l);
    EC(dbl_fe)(f, X0, t); /* S = x (2y)^2: P with Z = 2y */
    EC(mul3_fe)(f, m, b);
    F(add)(f, m, m, ec->a.v);
    EC(mul8_fe)(f, Y0, l); /* 8 y^4 = y (2y)^3 */
    F(sqr)(f, X1, m);
    F(sub)(f, X1, X1, X0);
    F(sub)(f, X1, X1, X0);
    F(sub)(f, t, X0, X1);
    F(mul)(f, Y1, m, t);
    F(sub)(f, Y1, Y1, Y0);
    EC(dbl_fe)(f, Z, y);
    /* R0 = P (X0, Y0), R1 = 2P (X1, Y1), common Z */
    for (size_t i = nbits - 1; i-- > 0;) {
        gn_limb_t bit = (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        exc |= EC(coz_bit)(f, s, bit);
    }
    F(copy)(f, CX(out), X0);
    F(copy)(f, CY(out), Y0);
    F(copy)(f, CZ(out), Z);
    gn_memzero(s, sizeof s);
    return exc;
}

/* ------------------------------------------------ x-only ladder (X : Z), Brier-Joye 2002 */
/*
 * Brier and Joye, "Weierstrass elliptic curves and side-channel attacks" (PKC 2002), with
 * the differential addition of Izu and Takagi (PKC 2002):
 *   2(X : Z): X' = (X^2 - aZ^2)^2 - 8b X Z^3,  Z' = 4Z (X^3 + a X Z^2 + b Z^3)
 *   P1 + P2 with x(P2 - P1) = xd:
 *     X' = 2(X1 Z2 + X2 Z1)(X1 X2 + a Z1 Z2) + 4b (Z1 Z2)^2 - xd (X1 Z2 - X2 Z1)^2,
 *     Z' = (X1 Z2 - X2 Z1)^2.
 * Arranged as background 003 (Guillermin's RNS coprocessor, after Bajard, Duquesne and
 * Meloni) so that sums of products pay one reduction: 6 reductions for the addition, 7 for the
 * doubling, 20 products (12M 4S 4D) on every kernel.
 * The neutral element is (1 : 0) and passes through both formulas.
 * State: X0 Z0 X1 Z1 with R1 - R0 = P.
 */
/* A' = 2XZ, B' = X^2, C' = Z^2; D' = -4b C', E' = a C';
 * X' = A'D' + (B' - E')^2, Z' = 2A'(B' + E') - D'C' */
static inline void EC(wx_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *X, gn_limb_t *Z)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(A); FE(B); FE(C); FE(D); FE(E); FE(t); FE(u);
    F(mulnr)(f, t, X, Z);
    F(red)(f, A, t);
    EC(dbl_fe)(f, A, A);
    F(sqrnr)(f, t, X);
    F(red)(f, B, t);
    F(sqrnr)(f, t, Z);
    F(red)(f, C, t);
    FMULNRC(f, t, ec->k[2].v, C);
    F(red)(f, D, t);
    FMULNRC(f, t, ec->a.v, C);
    F(red)(f, E, t);
    F(sub)(f, u, B, E);
    F(sqrnr)(f, u, u);
    F(mulnr)(f, t, A, D);
    F(add)(f, t, t, u);
    F(red)(f, X, t);
    F(add)(f, u, B, E);
    F(mulnr)(f, t, A, u);
    EC(dbl_fe)(f, t, t);
    F(mulnr)(f, u, D, C);
    F(sub)(f, t, t, u);
    F(red)(f, Z, t);
}

/* A = Z1 X2 + X1 Z2, B = 2 X1 X2, C = 2 Z1 Z2, D = aA + bC;
 * Z' = A^2 - BC, X' = BA + CD - xd Z' */
static inline void EC(wx_add)(const gn_ec_ctx_t *ec, gn_limb_t *X1, gn_limb_t *Z1, const gn_limb_t *X2,
                              const gn_limb_t *Z2, const gn_limb_t *xd)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(A); FE(B); FE(C); FE(D); FE(t); FE(u);
    F(mulnr)(f, t, Z1, X2);
    F(mulnr)(f, u, X1, Z2);
    F(add)(f, t, t, u);
    F(red)(f, A, t);
    F(mulnr)(f, t, X1, X2);
    F(red)(f, B, t);
    EC(dbl_fe)(f, B, B);
    F(mulnr)(f, t, Z1, Z2);
    F(red)(f, C, t);
    EC(dbl_fe)(f, C, C);
    FMULNRC(f, t, ec->a.v, A);
    FMULNRC(f, u, ec->b.v, C);
    F(add)(f, t, t, u);
    F(red)(f, D, t);
    F(sqrnr)(f, t, A);
    F(mulnr)(f, u, B, C);
    F(sub)(f, t, t, u);
    F(red)(f, Z1, t);
    F(mulnr)(f, t, B, A);
    F(mulnr)(f, u, C, D);
    F(add)(f, t, t, u);
    F(mulnr)(f, u, xd, Z1);
    F(sub)(f, t, t, u);
    F(red)(f, X1, t);
}

static inline void EC(wx_bit)(const gn_ec_ctx_t *ec, gn_limb_t *s, const gn_limb_t *xp, gn_limb_t bit)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t m = ct_mask_bit(bit);
    F(cswap)(f, s, s + 2 * FL, m);
    F(cswap)(f, s + FL, s + 3 * FL, m);
    EC(wx_add)(ec, s + 2 * FL, s + 3 * FL, s, s + FL, xp);
    EC(wx_dbl)(ec, s, s + FL);
    F(cswap)(f, s, s + 2 * FL, m);
    F(cswap)(f, s + FL, s + 3 * FL, m);
}

static void EC(wei_step)(const gn_ec_ctx_t *ec, gn_limb_t *state, const gn_limb_t *xp)
{
    EC(wx_bit)(ec, state, xp, 0);
}

static void EC(wei_ladder)(const gn_ec_ctx_t *ec, gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k,
                           size_t nbits)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(set_one)(f, out);
    F(set_zero)(f, out + FL);
    F(copy)(f, out + 2 * FL, xp);
    F(set_one)(f, out + 3 * FL);
    for (size_t i = nbits; i-- > 0;)
        EC(wx_bit)(ec, out, xp, (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1);
}

/*
 * y recovery (Brier-Joye 2002, section 4; Ebeid-Lambert): for P = (x, y), Q0 = [k]P = (X0 : Z0)
 * and Q1 = Q0 + P = (X1 : Z1):
 *   y0 = (2b + (a + x x0)(x + x0) - x1 (x - x0)^2) / (2y),
 * scaled by Z0^2 Z1 to need one inversion. Exceptions by masks: Z0 = 0 (Q0 = O), Z1 = 0
 * (Q0 = -P), y = 0 (P of order 2: Q0 is O or P).
 */
static void EC(wei_yrec)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *lad)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X0 = lad, *Z0 = lad + FL, *X1 = lad + 2 * FL, *Z1 = lad + 3 * FL;
    FE(x); FE(y); FE(n); FE(t); FE(u); FE(d); FE(z02); FE(xo); FE(yo);
    EC(aff_in)(f, x, y, p);
    gn_limb_t o0 = F(is_zero)(f, Z0), o1 = F(is_zero)(f, Z1), y0 = F(is_zero)(f, y);
    F(sqr)(f, z02, Z0);
    /* n = 2b Z0^2 Z1 + (a Z0 + x X0)(x Z0 + X0) Z1 - X1 (x Z0 - X0)^2 */
    FMULC(f, t, ec->k[1].v, z02);
    FMULC(f, u, ec->a.v, Z0);
    F(mul)(f, d, x, X0);
    F(add)(f, u, u, d);
    F(mul)(f, d, x, Z0);
    F(add)(f, n, d, X0);
    F(mul)(f, u, u, n);
    F(add)(f, t, t, u);
    F(mul)(f, t, t, Z1);
    F(sub)(f, d, d, X0);
    F(sqr)(f, d, d);
    F(mul)(f, d, d, X1);
    F(sub)(f, n, t, d);
    /* denominator 2y Z0^2 Z1; x0 = X0 * 2y Z0 Z1 / den */
    F(mul)(f, t, Z0, Z1);
    EC(dbl_fe)(f, u, y);
    F(mul)(f, t, t, u);
    F(mul)(f, d, t, Z0);
    FINV(f, d, d);
    F(mul)(f, xo, X0, t);
    F(mul)(f, xo, xo, d);
    F(mul)(f, yo, n, d);
    EC(yrec_finish)(f, r, xo, yo, x, y, o0, o1, y0);
}
