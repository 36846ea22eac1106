/*
 * F_p^2 = F_p[i]/(i^2 - beta), written once over a base-field kernel.
 * The including file defines:
 *   B(name)  the base kernel's prefix (ctx type gn_fp_ctx_t), BL its storage limbs
 *   E(name)  this extension's prefix; elements are 2 BL limbs: c0 then c1
 * Shared pieces (mul_nr, copy, add, ...) come from fpx_common.tmpl.h, included first.
 */

#define X0(x) (x)
#define X1(x) ((x) + BL)

/* Karatsuba: a0 b0 + beta a1 b1 + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) i. */
static GN_NOINLINE void E(mul)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t v0[BL], v1[BL], s[BL], t[BL];
    B(mul)(f, v0, X0(a), X0(b));
    B(mul)(f, v1, X1(a), X1(b));
    B(add)(f, s, X0(a), X1(a));
    B(add)(f, t, X0(b), X1(b));
    B(mul)(f, s, s, t);
    B(sub)(f, s, s, v0);
    B(sub)(f, X1(r), s, v1);
    E(mul_nr)(ctx, v1, v1);
    B(add)(f, X0(r), v0, v1);
}

/* (a0 + a1 i)^2 = (a0 + a1)(a0 + beta a1) - (1 + beta) a0 a1 + 2 a0 a1 i: two multiplications. */
static GN_NOINLINE void E(sqr)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t v0[BL], s[BL], t[BL];
    B(mul)(f, v0, X0(a), X1(a));
    B(add)(f, s, X0(a), X1(a));
    E(mul_nr)(ctx, t, X1(a));
    B(add)(f, t, t, X0(a));
    B(mul)(f, s, s, t);
    B(sub)(f, s, s, v0);
    E(mul_nr)(ctx, t, v0);
    B(sub)(f, X0(r), s, t);
    B(add)(f, X1(r), v0, v0);
}

/* N(a) = a0^2 - beta a1^2, in F_p. */
static inline void E(norm)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t t0[BL], t1[BL];
    B(sqr)(f, t0, X0(a));
    B(sqr)(f, t1, X1(a));
    E(mul_nr)(ctx, t1, t1);
    B(sub)(f, r, t0, t1);
}

/* 1/a = conj(a) / N(a). */
static inline gn_limb_t E(inv_with)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, int var)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    gn_limb_t n[BL], ninv[BL];
    E(norm)(ctx, n, a);
    gn_limb_t ok = var ? B(inv_var)(f, ninv, n) : B(inv)(f, ninv, n);
    B(mul)(f, X0(r), X0(a), ninv);
    B(mul)(f, X1(r), X1(a), ninv);
    B(neg)(f, X1(r), X1(r));
    return ok;
}

/* a^p = conj(a), since i^p = beta^((p-1)/2) i = -i. */
static inline void E(frobenius)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    B(copy)(f, X0(r), X0(a));
    B(neg)(f, X1(r), X1(a));
}

#undef X0
#undef X1
