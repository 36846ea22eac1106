/*
 * Montgomery curves B y^2 = x^3 + A x^2 + x (ec->a = A, ec->b = B): affine chord-and-tangent
 * formulas, the x-only ladder (Montgomery 1987) and y recovery (Okeya-Sakurai, CHES 2001).
 */

/* Affine (x, y, z), z in {0, 1}: the Weierstrass helpers serve for everything but dbl/add. */

/* lambda = (3x^2 + 2Ax + 1) / (2By), x3 = B lambda^2 - A - 2x, y3 = lambda (x - x3) - y. */
static void EC(ma_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(num); FE(den); FE(l); FE(x3);
    gn_limb_t inf = F(is_zero)(f, CZ(p)) | F(is_zero)(f, CY(p));
    F(sqr)(f, num, CX(p));
    EC(mul3_fe)(f, num, num);
    FMULC(f, l, ec->k[1].v, CX(p));
    F(add)(f, num, num, l);
    F(add)(f, num, num, ec->fp.one);
    FMULC(f, den, ec->b.v, CY(p));
    EC(dbl_fe)(f, den, den);
    FINV(f, den, den);
    F(mul)(f, l, num, den);
    F(sqr)(f, x3, l);
    FMULC(f, x3, ec->b.v, x3);
    F(sub)(f, x3, x3, ec->a.v);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(p));
    EC(aff_finish)(f, r, l, x3, p, inf);
}

/* lambda = (y2 - y1) / (x2 - x1), x3 = B lambda^2 - A - x1 - x2. Valid for finite P != +-Q. */
static void EC(ma_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(l); FE(x3);
    EC(chord_slope)(f, l, p, q);
    F(sqr)(f, x3, l);
    FMULC(f, x3, ec->b.v, x3);
    F(sub)(f, x3, x3, ec->a.v);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(q));
    EC(aff_finish)(f, r, l, x3, p, 0);
}

/*
 * Ladder state X0 Z0 X1 Z1 with R1 - R0 = P = (x : 1), the control in src/scalar/ladder.h. One
 * step is xDBLADD (EFD ladd-1987-m-3 with Z1 = 1): 5M + 4S + 1D, a24 = (A + 2)/4 = ec->k[0].
 * The neutral element is (1 : 0).
 */
/* (X0 : Z0) = [2](X0 : Z0) from a = X0 + Z0, b = X0 - Z0 (EFD dbl-1987-m-3): 2M + 2S + 1D */
static inline void EC(mx_dbl_ab)(const gn_ec_ctx_t *ec, gn_limb_t *X0, gn_limb_t *Z0, const gn_limb_t *a,
                                 const gn_limb_t *b)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(aa); FE(bb); FE(e);
    F(sqr)(f, aa, a);
    F(sqr)(f, bb, b);
    F(sub)(f, e, aa, bb);
    F(mul)(f, X0, aa, bb);
    FMULC_K0(ec, f, Z0, e);
    F(add)(f, Z0, Z0, bb);
    F(mul)(f, Z0, Z0, e);
}

/* (R0, R1) <- (2 R0, R0 + R1) on (X0 : Z0), (X1 : Z1) at r0, r1; xp = x(R1 - R0) */
static inline void EC(mx_step)(const void *c, void *r0, void *r1, const void *xpv)
{
    const gn_ec_ctx_t *ec = c;
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *xp = xpv;
    gn_limb_t *X0 = r0, *Z0 = X0 + FL, *X1 = r1, *Z1 = X1 + FL;
    FE(a); FE(b); FE(cc); FE(d); FE(da); FE(cb);
    F(add)(f, a, X0, Z0);
    F(sub)(f, b, X0, Z0);
    F(add)(f, cc, X1, Z1);
    F(sub)(f, d, X1, Z1);
    F(mul)(f, da, d, a);
    F(mul)(f, cb, cc, b);
    F(add)(f, X1, da, cb);
    F(sqr)(f, X1, X1);
    F(sub)(f, Z1, da, cb);
    F(sqr)(f, Z1, Z1);
    F(mul)(f, Z1, Z1, xp);
    EC(mx_dbl_ab)(ec, X0, Z0, a, b);
}

static void EC(mont_step)(const gn_ec_ctx_t *ec, gn_limb_t *state, const gn_limb_t *xp)
{
    EC(mx_step)(ec, state, state + 2 * FL, xp);
}

/* The ladder over bits nbits-1..0 of k; with ndbl > 0 (a clamped k, ec_internal.h) the top
 * bit's step gives (P, [2]P) by one doubling and the last ndbl bits are doublings of R0 (a
 * doubling is about half a step). */
static void EC(mont_ladder)(const gn_ec_ctx_t *ec, gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k,
                            size_t nbits, size_t ndbl)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    /* with ndbl, k is clamped as RFC 7748 does: the top bit set, the low ndbl bits clear */
    if (ndbl) {
        EC_REQUIRE_BIT(k, nbits - 1);
        GN_CHECK(ndbl < nbits - 1 && (k[0] & (((gn_limb_t)1 << ndbl) - 1)) == 0);
    }
#if defined(EC_ASM_MONT_LADDER)
    /* the whole ladder in one assembly routine when the kernel has one (ctx->mulx and a small
     * a24 are public facts): the same steps, with no call per field operation */
    if (f->mulx && ec->k0_small) {
        EC_ASM_MONT_LADDER(out, xp, k, nbits, ec->k0_small, ndbl);
        return;
    }
#endif
    size_t top = nbits;
    F(set_one)(f, out);
    F(set_zero)(f, out + FL);
    F(copy)(f, out + 2 * FL, xp);
    F(set_one)(f, out + 3 * FL);
    if (ndbl > 0 && nbits > ndbl + 1) { /* bit nbits-1 is set: (R0, R1) = (P, [2]P) */
        FE(a); FE(b);
        F(add)(f, a, xp, out + 3 * FL);
        F(sub)(f, b, xp, out + 3 * FL);
        EC(mx_dbl_ab)(ec, out + 2 * FL, out + 3 * FL, a, b);
        F(copy)(f, out, xp);
        F(set_one)(f, out + FL);
        top = nbits - 1;
    }
    gn_ladder_bits(ec, EC(xz_swap), EC(mx_step), out, out + 2 * FL, xp, k, top, ndbl);
    for (size_t i = 0; i < ndbl && i < nbits; i++) {
        FE(a); FE(b);
        F(add)(f, a, out, out + FL);
        F(sub)(f, b, out, out + FL);
        EC(mx_dbl_ab)(ec, out, out + FL, a, b);
    }
}

/*
 * Okeya-Sakurai y recovery: for P = (x, y), Q0 = [k]P = (X0 : Z0), Q1 = Q0 + P = (X1 : Z1),
 *   y0 = ((x0 x + 1)(x0 + x + 2A) - 2A - (x0 - x)^2 x1) / (2 B y),
 * scaled by Z0^2 Z1 (one inversion); exceptions as in the Weierstrass version.
 */
static void EC(mont_yrec)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *lad)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    const gn_limb_t *X0 = lad, *Z0 = lad + FL, *X1 = lad + 2 * FL, *Z1 = lad + 3 * FL;
    FE(x); FE(y); FE(n); FE(t); FE(u); FE(d); FE(xz0);
    EC(aff_in)(f, x, y, p);
    gn_limb_t o0 = F(is_zero)(f, Z0), o1 = F(is_zero)(f, Z1), y0 = F(is_zero)(f, y);
    /* n = ((X0 x + Z0)(X0 + x Z0 + 2A Z0) - 2A Z0^2) Z1 - (X0 - x Z0)^2 X1 */
    F(mul)(f, xz0, x, Z0);
    F(mul)(f, t, X0, x);
    F(add)(f, t, t, Z0);
    FMULC(f, u, ec->k[1].v, Z0);
    F(add)(f, d, X0, xz0);
    F(add)(f, d, d, u);
    F(mul)(f, t, t, d);
    F(mul)(f, u, u, Z0);
    F(sub)(f, t, t, u);
    F(mul)(f, t, t, Z1);
    F(sub)(f, d, X0, xz0);
    F(sqr)(f, d, d);
    F(mul)(f, d, d, X1);
    F(sub)(f, n, t, d);
    FMULC(f, u, ec->b.v, y); /* u = 2 B y */
    EC(dbl_fe)(f, u, u);
    EC(yrec_divide)(f, r, X0, Z0, Z1, u, n, x, y, o0, o1, y0);
}
