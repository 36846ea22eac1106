/*
 * Square roots and the quadratic character over any field F_q of odd
 * characteristic (q = p, p^2, p^3), constant time in the element.
 * The including file defines F(name), FCTX, FL as for field_pow.tmpl.h; the
 * context carries the public constants computed at set-up:
 *   sqrt_kind    GN_SQRT_3MOD4, GN_SQRT_5MOD8 or GN_SQRT_TS
 *   e_sqrt       (q+1)/4, (q-5)/8, or (t-1)/2 where q - 1 = 2^s t with t odd
 *   two_adicity  s
 *   sqrt_c       z^t for a non-square z (Tonelli-Shanks only)
 *   e_half       (q-1)/2
 */

/* q = 5 mod 8, Atkin (1992): v = (2a)^((q-5)/8), i = 2a v^2, root z = a v (i - 1). Out of line,
 * as sqrt_ts: only one method's elements are on the stack under the exponentiation. */
static GN_NOINLINE void F(sqrt_atkin)(const FCTX *ctx, gn_limb_t *z, const gn_limb_t *a)
{
    gn_limb_t a2[FL], v[FL], t[FL];
    F(add)(ctx, a2, a, a);
    F(pow_var)(ctx, v, a2, ctx->e_sqrt, sizeof ctx->e_sqrt / sizeof ctx->e_sqrt[0]);
    F(sqr)(ctx, t, v);
    F(mul)(ctx, t, t, a2);
    F(set_one)(ctx, z);
    F(sub)(ctx, t, t, z);
    F(mul)(ctx, z, a, v);
    F(mul)(ctx, z, z, t);
    gn_memzero(a2, sizeof a2);
    gn_memzero(v, sizeof v);
    gn_memzero(t, sizeof t);
}

/* Constant-time Tonelli-Shanks (RFC 9380 appendix I.4) from z = a^((t-1)/2): z becomes a root
 * when a is a square. */
static GN_NOINLINE void F(sqrt_ts)(const FCTX *ctx, gn_limb_t *z, const gn_limb_t *a)
{
    gn_limb_t t[FL], b[FL], c[FL], tt[FL];
    F(sqr)(ctx, t, z);
    F(mul)(ctx, t, t, a); /* t = a^t */
    F(mul)(ctx, z, z, a); /* z = a^((t+1)/2) */
    F(copy)(ctx, b, t);
    F(copy)(ctx, c, ctx->sqrt_c);
    for (unsigned i = ctx->two_adicity; i >= 2; i--) {
        for (unsigned j = 1; j + 2 <= i; j++)
            F(sqr)(ctx, b, b);
        F(set_one)(ctx, tt);
        gn_limb_t is_one = F(eq)(ctx, b, tt);
        F(mul)(ctx, tt, z, c);
        F(cmov)(ctx, z, tt, ~is_one);
        F(sqr)(ctx, c, c);
        F(mul)(ctx, tt, t, c);
        F(cmov)(ctx, t, tt, ~is_one);
        F(copy)(ctx, b, t);
    }
    gn_memzero(t, sizeof t);
    gn_memzero(b, sizeof b);
    gn_memzero(c, sizeof c);
    gn_memzero(tt, sizeof tt);
}

/* Returns all-ones iff a is a square; r is then a square root of a. */
static gn_limb_t F(sqrt)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t z[FL], t[FL];
    if (ctx->sqrt_kind == GN_SQRT_5MOD8) {
        F(sqrt_atkin)(ctx, z, a);
    } else {
        /* q = 3 mod 4: z = a^((q+1)/4); Tonelli-Shanks starts from a^((t-1)/2) */
        F(pow_var)(ctx, z, a, ctx->e_sqrt, sizeof ctx->e_sqrt / sizeof ctx->e_sqrt[0]);
        if (ctx->sqrt_kind != GN_SQRT_3MOD4)
            F(sqrt_ts)(ctx, z, a);
    }
    F(sqr)(ctx, t, z);
    gn_limb_t ok = F(eq)(ctx, t, a);
    F(copy)(ctx, r, z);
    gn_memzero(z, sizeof z);
    gn_memzero(t, sizeof t);
    return ok;
}

/* Quadratic character by Euler's criterion a^((q-1)/2): 1, 0 or -1. */
static int F(legendre)(const FCTX *ctx, const gn_limb_t *a)
{
    gn_limb_t t[FL], one[FL];
    F(pow_var)(ctx, t, a, ctx->e_half, sizeof ctx->e_half / sizeof ctx->e_half[0]);
    F(set_one)(ctx, one);
    gn_limb_t is_one = F(eq)(ctx, t, one), is_zero = F(is_zero)(ctx, t);
    gn_memzero(t, sizeof t);
    return (int)(is_one & 1) - (int)(~is_one & ~is_zero & 1);
}
