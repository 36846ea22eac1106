/*
 * Operations that exist only over a prime field: inversion on the canonical residue (safegcd
 * in constant time, Lehmer's algorithm in variable time), and the variable-time Legendre symbol.
 * The kernel provides inv_raw_in/inv_raw_out (the integer to invert and the
 * map back: identity for a canonical kernel, a multiplication by R^3 for Montgomery)
 * and to_canon. Defines F(name), FCTX (gn_fp_ctx_t), FL as for field_pow.tmpl.h.
 */

/* the integers safegcd takes: n limbs, at most GN_FP_MAX_LIMBS whatever the kernel's storage
 * (RNS residues: 39 words an element) */
#define INV_LIMBS (FL < GN_FP_MAX_LIMBS ? FL : GN_FP_MAX_LIMBS)

static gn_limb_t F(inv)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t x[INV_LIMBS], y[INV_LIMBS];
    F(inv_raw_in)(ctx, x, a);
    gn_limb_t nz = gn_fp_safegcd(ctx, y, x);
    F(inv_raw_out)(ctx, r, y);
    gn_memzero(x, sizeof x);
    gn_memzero(y, sizeof y);
    return nz;
}

static gn_limb_t F(inv_var)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t x[INV_LIMBS], y[INV_LIMBS];
    F(inv_raw_in)(ctx, x, a);
    gn_limb_t nz = gn_fp_lehmer_inv_var(y, x, ctx->p, ctx->n);
    F(inv_raw_out)(ctx, r, y);
    return nz;
}

static int F(legendre_var)(const FCTX *ctx, const gn_limb_t *a)
{
    gn_limb_t x[INV_LIMBS];
    F(to_canon)(ctx, x, a);
    return gn_mp_jacobi_var(x, ctx->p, ctx->n);
}
#undef INV_LIMBS
