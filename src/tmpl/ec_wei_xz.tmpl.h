/*
 * Short Weierstrass curves, x-only (X : Z): the Brier-Joye ladder and its y recovery.
 * Included by src/tmpl/ec_wei.tmpl.h (the formulas of one kernel: src/inst/ec_inst.h).
 */

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

/* (R0, R1) <- (2 R0, R0 + R1) on (X0 : Z0), (X1 : Z1) at r0, r1; xp = x(R1 - R0) */
static inline void EC(wx_step)(const void *c, void *r0, void *r1, const void *xp)
{
    const gn_ec_ctx_t *ec = c;
    gn_limb_t *X0 = r0, *X1 = r1;
    EC(wx_add)(ec, X1, X1 + FL, X0, X0 + FL, xp);
    EC(wx_dbl)(ec, X0, X0 + FL);
}

static void EC(wei_step)(const gn_ec_ctx_t *ec, gn_limb_t *state, const gn_limb_t *xp)
{
    EC(wx_step)(ec, state, state + 2 * FL, xp);
}

/* the ladder of src/scalar/ladder.h from (O, P) */
static void EC(wei_ladder)(const gn_ec_ctx_t *ec, gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k,
                           size_t nbits)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(set_one)(f, out);
    F(set_zero)(f, out + FL);
    F(copy)(f, out + 2 * FL, xp);
    F(set_one)(f, out + 3 * FL);
    gn_ladder_bits(ec, EC(xz_swap), EC(wx_step), out, out + 2 * FL, xp, k, nbits, 0);
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
    FE(x); FE(y); FE(n); FE(t); FE(u); FE(d); FE(z02);
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
    EC(dbl_fe)(f, u, y); /* u = 2 y */
    EC(yrec_divide)(f, r, X0, Z0, Z1, u, n, x, y, o0, o1, y0);
}
