/*
 * Coefficient-wise operations of F_p^E_DEG, written once for both degrees.
 * The including file defines B(name), BL, E(name) as for fpx2.tmpl.h and
 * E_DEG (2 or 3). Elements are E_DEG blocks of BL limbs, c0 first.
 */

#define XC(x, k) ((x) + (k) * BL)

/* r = nr a in F_p, nr the extension's non-residue: a negation for -1, a small
 * multiplication for small constants, else a full multiplication (nr_kind is public). */
static inline void E(mul_nr)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_fp_ctx_t *f = &ctx->fp;
    if (ctx->nr_kind == GN_NR_MINUS_ONE) {
        B(neg)(f, r, a);
    } else if (ctx->nr_kind == GN_NR_SMALL) {
        B(mul_small)(f, r, a, ctx->nr_abs);
        if (ctx->nr_negative)
            B(neg)(f, r, r);
    } else {
        B(mul)(f, r, a, ctx->nr.v);
    }
}

static inline void E(set_zero)(const gn_fpx_ctx_t *ctx, gn_limb_t *r)
{
    for (int k = 0; k < E_DEG; k++)
        B(set_zero)(&ctx->fp, XC(r, k));
}

static inline void E(set_one)(const gn_fpx_ctx_t *ctx, gn_limb_t *r)
{
    E(set_zero)(ctx, r);
    B(set_one)(&ctx->fp, r);
}

static inline void E(copy)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    for (int k = 0; k < E_DEG; k++)
        B(copy)(&ctx->fp, XC(r, k), XC(a, k));
}

static inline void E(add)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    for (int k = 0; k < E_DEG; k++)
        B(add)(&ctx->fp, XC(r, k), XC(a, k), XC(b, k));
}

static inline void E(sub)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    for (int k = 0; k < E_DEG; k++)
        B(sub)(&ctx->fp, XC(r, k), XC(a, k), XC(b, k));
}

static inline void E(neg)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    for (int k = 0; k < E_DEG; k++)
        B(neg)(&ctx->fp, XC(r, k), XC(a, k));
}

static inline void E(mul_small)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c)
{
    for (int k = 0; k < E_DEG; k++)
        B(mul_small)(&ctx->fp, XC(r, k), XC(a, k), c);
}

static inline void E(half)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    for (int k = 0; k < E_DEG; k++)
        B(half)(&ctx->fp, XC(r, k), XC(a, k));
}

static inline gn_limb_t E(is_zero)(const gn_fpx_ctx_t *ctx, const gn_limb_t *a)
{
    gn_limb_t m = GN_LIMB_MAX;
    for (int k = 0; k < E_DEG; k++)
        m &= B(is_zero)(&ctx->fp, XC(a, k));
    return m;
}

static inline gn_limb_t E(eq)(const gn_fpx_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t m = GN_LIMB_MAX;
    for (int k = 0; k < E_DEG; k++)
        m &= B(eq)(&ctx->fp, XC(a, k), XC(b, k));
    return m;
}

static inline void E(cswap)(const gn_fpx_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    for (int k = 0; k < E_DEG; k++)
        B(cswap)(&ctx->fp, XC(a, k), XC(b, k), mask);
}

static inline void E(cmov)(const gn_fpx_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    for (int k = 0; k < E_DEG; k++)
        B(cmov)(&ctx->fp, XC(r, k), XC(a, k), mask);
}

#undef XC
