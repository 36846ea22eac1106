/*
 * F_p^3 = F_p[j]/(j^3 - gamma), written once over a base-field kernel.
 * The including file defines B(name), BL, E(name) as for fpx2.tmpl.h; elements
 * are 3 BL limbs: c0, c1, c2. Shared pieces come from fpx_common.tmpl.h.
 */

#define X0(x) (x)
#define X1(x) ((x) + BL)
#define X2(x) ((x) + 2 * BL)

/*
 * Karatsuba-like, 6 multiplications (Devegili, O hEigeartaigh, Scott, Dahab 2006):
 * v_k = a_k b_k;
 * c0 = v0 + gamma ((a1 + a2)(b1 + b2) - v1 - v2)
 * c1 = (a0 + a1)(b0 + b1) - v0 - v1 + gamma v2
 * c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1
 */
static GN_NOINLINE void E(mul)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t v0[BL], v1[BL], v2[BL], s[BL], t[BL], c0[BL], c1[BL], c2[BL];
    B(mul)(f, v0, X0(a), X0(b));
    B(mul)(f, v1, X1(a), X1(b));
    B(mul)(f, v2, X2(a), X2(b));
    B(add)(f, s, X1(a), X2(a));
    B(add)(f, t, X1(b), X2(b));
    B(mul)(f, c0, s, t);
    B(sub)(f, c0, c0, v1);
    B(sub)(f, c0, c0, v2);
    E(mul_nr)(ctx, c0, c0);
    B(add)(f, c0, c0, v0);
    B(add)(f, s, X0(a), X1(a));
    B(add)(f, t, X0(b), X1(b));
    B(mul)(f, c1, s, t);
    B(sub)(f, c1, c1, v0);
    B(sub)(f, c1, c1, v1);
    E(mul_nr)(ctx, t, v2);
    B(add)(f, c1, c1, t);
    B(add)(f, s, X0(a), X2(a));
    B(add)(f, t, X0(b), X2(b));
    B(mul)(f, c2, s, t);
    B(sub)(f, c2, c2, v0);
    B(sub)(f, c2, c2, v2);
    B(add)(f, c2, c2, v1);
    B(copy)(f, X0(r), c0);
    B(copy)(f, X1(r), c1);
    B(copy)(f, X2(r), c2);
}

/*
 * Chung and Hasan, "Asymmetric squaring formulae" (2007), SQR2: 2 multiplications, 3 squarings.
 * s0 = a0^2, s1 = 2 a0 a1, s2 = (a0 - a1 + a2)^2, s3 = 2 a1 a2, s4 = a2^2;
 * c0 = s0 + gamma s3, c1 = s1 + gamma s4, c2 = s1 + s2 + s3 - s0 - s4.
 */
static GN_NOINLINE void E(sqr)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t s0[BL], s1[BL], s2[BL], s3[BL], s4[BL], t[BL];
    B(sqr)(f, s0, X0(a));
    B(mul)(f, s1, X0(a), X1(a));
    B(add)(f, s1, s1, s1);
    B(sub)(f, s2, X0(a), X1(a));
    B(add)(f, s2, s2, X2(a));
    B(sqr)(f, s2, s2);
    B(mul)(f, s3, X1(a), X2(a));
    B(add)(f, s3, s3, s3);
    B(sqr)(f, s4, X2(a));
    E(mul_nr)(ctx, t, s3);
    B(add)(f, X0(r), s0, t);
    B(add)(f, s2, s2, s1);
    B(add)(f, s2, s2, s3);
    B(sub)(f, s2, s2, s0);
    B(sub)(f, X2(r), s2, s4);
    E(mul_nr)(ctx, t, s4);
    B(add)(f, X1(r), s1, t);
}

/* Adjugate coefficients: a (c0 + c1 j + c2 j^2) = N(a) with
 * c0 = a0^2 - gamma a1 a2, c1 = gamma a2^2 - a0 a1, c2 = a1^2 - a0 a2. */
static inline void E(adjugate)(const gn_fpx_ctx_t *ctx, gn_limb_t *c, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t t[BL];
    B(mul)(f, t, X1(a), X2(a));
    E(mul_nr)(ctx, t, t);
    B(sqr)(f, X0(c), X0(a));
    B(sub)(f, X0(c), X0(c), t);
    B(sqr)(f, t, X2(a));
    E(mul_nr)(ctx, t, t);
    B(mul)(f, X1(c), X0(a), X1(a));
    B(sub)(f, X1(c), t, X1(c));
    B(sqr)(f, t, X1(a));
    B(mul)(f, X2(c), X0(a), X2(a));
    B(sub)(f, X2(c), t, X2(c));
}

/* N(a) = a0 c0 + gamma (a2 c1 + a1 c2) from the adjugate. */
static inline void E(norm_adj)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *c)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t t[BL], u[BL];
    B(mul)(f, t, X2(a), X1(c));
    B(mul)(f, u, X1(a), X2(c));
    B(add)(f, t, t, u);
    E(mul_nr)(ctx, t, t);
    B(mul)(f, u, X0(a), X0(c));
    B(add)(f, r, t, u);
}

static inline void E(norm)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t c[3 * BL];
    E(adjugate)(ctx, c, a);
    E(norm_adj)(ctx, r, a, c);
}

static inline gn_limb_t E(inv_with)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, int var)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t c[3 * BL], n[BL], ninv[BL];
    E(adjugate)(ctx, c, a);
    E(norm_adj)(ctx, n, a, c);
    gn_limb_t ok = var ? B(inv_var)(f, ninv, n) : B(inv)(f, ninv, n);
    B(mul)(f, X0(r), X0(c), ninv);
    B(mul)(f, X1(r), X1(c), ninv);
    B(mul)(f, X2(r), X2(c), ninv);
    return ok;
}

/* a^p = a0 + a1 gamma^((p-1)/3) j + a2 gamma^(2(p-1)/3) j^2, since j^p = gamma^((p-1)/3) j. */
static inline void E(frobenius)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    B(copy)(f, X0(r), X0(a));
    B(mul)(f, X1(r), X1(a), ctx->frob[0].v);
    B(mul)(f, X2(r), X2(a), ctx->frob[1].v);
}

#undef X0
#undef X1
#undef X2
