/*
 * Short Weierstrass curves, Jacobian coordinates (X : Y : Z), x = X/Z^2, y = Y/Z^3.
 * Included by src/tmpl/ec_wei.tmpl.h (the formulas of one kernel: src/inst/ec_inst.h).
 */

/* ------------------------------------------------ Jacobian (X : Y : Z), x = X/Z^2, y = Y/Z^3 */

static void EC(wj_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    EC(set_pattern)(FCTX_OF(ec), r, 3, 3); /* (1 : 1 : 0) */
}

static void EC(wj_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    EC(xy1_in)(FCTX_OF(ec), r, p);
    EC(at_inf_set)(FCTX_OF(ec), r, p, 3, 7, 3);
}

static gn_ec_mask_t EC(wj_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wj_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zi); FE(t);
    const gn_limb_t inf = EC(wj_is_inf)(ec, p);
    FINV(f, zi, CZ(p));
    F(sqr)(f, t, zi);
    F(mul)(f, r->x.v, CX(p), t);
    F(mul)(f, t, t, zi);
    F(mul)(f, r->y.v, CY(p), t);
    EC(aff_clear)(f, r, t, inf);
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
static GN_ALWAYS_INLINE void EC(wj_dbl_any)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, unsigned akind)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p);
    FE(t0); FE(t1); FE(t2); FE(t3); FE(X3); FE(Y3); FE(Z3);
#if defined(EC_ASM_WJ_DBL)
    /* the same steps in one assembly routine (P-256: src/ec/asm/p256_mulx.S, tools/gen_p256_mulx.py),
     * its field operations inlined, when the kernel's products use mulx/adx (a public CPU fact) */
    if (akind == GN_EC_A_MINUS3 && f->mulx) {
        EC_ASM_WJ_DBL(r, p);
        return;
    }
#endif
    if (akind == GN_EC_A_MINUS3) {
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
    } else if (akind == GN_EC_A_ZERO) {
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

#define EC_WJ_KIND(sfx, akind)                                                                         \
    static void EC(wj_dbl_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)             \
    {                                                                                                  \
        EC(wj_dbl_any)(ec, r, p, akind);                                                               \
    }
EC_WJ_KIND(gen, GN_EC_A_GENERAL)
EC_WJ_KIND(a0, GN_EC_A_ZERO)
EC_WJ_KIND(m3, GN_EC_A_MINUS3)
#undef EC_WJ_KIND

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
    /* seven temporaries: values whose room is free take it (named where they arrive), and the
     * result goes straight to r, the inputs being read before it (r may be p or q) */
    FE(z1z1); FE(z2z2); FE(u1); FE(u2); FE(s1); FE(s2); FE(h);
#if defined(EC_ASM_WJ_ADD)
    if (f->mulx) { /* the same steps in one routine, as EC_ASM_WJ_DBL */
        EC_ASM_WJ_ADD(r, p, q);
        return;
    }
#endif
    /* U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3, H = U2 - U1, R = S2 - S1 (in s2) */
    F(sqr)(f, z1z1, Z1);
    F(sqr)(f, z2z2, Z2);
    F(mul)(f, u1, X1, z2z2);
    F(mul)(f, u2, X2, z1z1);
    F(mul)(f, s1, Y1, Z2);
    F(mul)(f, s1, s1, z2z2);
    F(mul)(f, s2, Y2, Z1);
    F(mul)(f, s2, s2, z1z1);
    F(sub)(f, h, u2, u1);
    F(sub)(f, s2, s2, s1);
    /* Z3 = Z1 Z2 H; HH = H^2 (in z1z1), HHH = H HH (in u2), V = U1 HH (in u1) */
    F(mul)(f, CZ(r), Z1, Z2);
    F(mul)(f, CZ(r), CZ(r), h);
    F(sqr)(f, z1z1, h);
    F(mul)(f, u2, h, z1z1);
    F(mul)(f, u1, u1, z1z1);
    /* X3 = R^2 - HHH - 2V, Y3 = R (V - X3) - S1 HHH */
    F(sqr)(f, CX(r), s2);
    F(sub)(f, CX(r), CX(r), u2);
    F(sub)(f, CX(r), CX(r), u1);
    F(sub)(f, CX(r), CX(r), u1);
    F(sub)(f, CY(r), u1, CX(r));
    F(mul)(f, CY(r), s2, CY(r));
    F(mul)(f, s1, s1, u2);
    F(sub)(f, CY(r), CY(r), s1);
}

static void EC(wj_madd)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    EC_REQUIRE_Z1(ec, q);
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X1 = CX(p), *Y1 = CY(p), *Z1 = CZ(p), *X2 = CX(q), *Y2 = CY(q);
    /* as in wj_add: values take free rooms, X3 and Z3 go to r once X1 and Z1 are read, Y3 once Y1 */
    FE(z1z1); FE(u2); FE(s2); FE(h); FE(hh); FE(i); FE(y3);
#if defined(EC_ASM_WJ_MADD)
    if (f->mulx) { /* the same steps in one routine, as EC_ASM_WJ_DBL */
        EC_ASM_WJ_MADD(r, p, q);
        return;
    }
#endif
    /* U2 = X2 Z1^2, S2 = Y2 Z1^3, H = U2 - X1, HH = H^2, I = 4 HH, J = H I (in u2) */
    F(sqr)(f, z1z1, Z1);
    F(mul)(f, u2, X2, z1z1);
    F(mul)(f, s2, Y2, Z1);
    F(mul)(f, s2, s2, z1z1);
    F(sub)(f, h, u2, X1);
    F(sqr)(f, hh, h);
    EC(mul4_fe)(f, i, hh);
    F(mul)(f, u2, h, i);
    /* r = 2 (S2 - Y1) (in s2), V = X1 I (in i) */
    F(sub)(f, s2, s2, Y1);
    EC(dbl_fe)(f, s2, s2);
    F(mul)(f, i, X1, i);
    /* X3 = r^2 - J - 2V, Y3 = r (V - X3) - 2 Y1 J, Z3 = (Z1 + H)^2 - Z1Z1 - HH */
    F(sqr)(f, CX(r), s2);
    F(sub)(f, CX(r), CX(r), u2);
    F(sub)(f, CX(r), CX(r), i);
    F(sub)(f, CX(r), CX(r), i);
    F(sub)(f, y3, i, CX(r));
    F(mul)(f, y3, s2, y3);
    F(mul)(f, u2, Y1, u2);
    EC(dbl_fe)(f, u2, u2);
    F(sub)(f, CY(r), y3, u2);
    F(add)(f, CZ(r), Z1, h);
    F(sqr)(f, CZ(r), CZ(r));
    F(sub)(f, CZ(r), CZ(r), z1z1);
    F(sub)(f, CZ(r), CZ(r), hh);
}
