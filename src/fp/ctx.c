/* Prime-field context: validation of p, kernel selection, precomputed constants. */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "fp/redc_nist.h"
#include "fp/redc_p448.h"
#include "genus/mp.h"
#include "genus/rns.h"
#include "mp/limb.h"
#include "util/ct.h"

/* p == 2^k - c for small c, as limbs. */
static int is_pseudo_mersenne(const gn_limb_t *p, size_t n, unsigned k, gn_limb_t c)
{
    gn_limb_t q[GN_FP_MAX_LIMBS] = {0}, one[GN_FP_MAX_LIMBS] = {0};
    size_t qn = k / GN_LIMB_BITS + 1;
    if (qn > GN_FP_MAX_LIMBS || n > qn)
        return 0;
    one[0] = 1;
    gn_mp_lshift(q, one, qn, k);
    gn_mp_sub_limb(q, q, qn, c);
    return gn_mp_cmp_var(q, qn, p, n) == 0;
}

static int is_limbs(const gn_limb_t *p, size_t n, const gn_limb_t *q, size_t qn)
{
    return n == qn && gn_mp_cmp_var(p, n, q, qn) == 0;
}

#if GN_LIMB_BITS == 64
static const gn_fp_kernel_t *const fixed_kernels[10] = {
    NULL, NULL, &gn_fp_kern_mont2, &gn_fp_kern_mont3, &gn_fp_kern_mont4,
    &gn_fp_kern_mont5, &gn_fp_kern_mont6, &gn_fp_kern_mont7, &gn_fp_kern_mont8, &gn_fp_kern_mont9};
#if GN_HAVE_MULX
static const gn_fp_kernel_t *const mulx_kernels[10] = {
    NULL, NULL, &gn_fp_kern_mont2x, &gn_fp_kern_mont3x, &gn_fp_kern_mont4x,
    &gn_fp_kern_mont5x, &gn_fp_kern_mont6x, &gn_fp_kern_mont7x, &gn_fp_kern_mont8x, &gn_fp_kern_mont9x};
#endif
#endif

const gn_fp_kernel_t *gn_fp_select_kernel(const gn_limb_t *p, size_t n, size_t bits, gn_fp_kernel_kind kind)
{
    (void)bits;
    const gn_fp_kernel_t *special = NULL;
    if (is_pseudo_mersenne(p, n, 255, 19))
        special = &gn_fp_kern_p25519;
    else if (is_pseudo_mersenne(p, n, 127, 1))
        special = &gn_fp_kern_p1271;
    else if (is_limbs(p, n, gn_redc_p448_p, 448 / GN_LIMB_BITS))
        special = &gn_fp_kern_p448;
#if GN_LIMB_BITS == 64
    else if (is_pseudo_mersenne(p, n, 521, 1))
        special = &gn_fp_kern_p521;
    else if (is_pseudo_mersenne(p, n, 256, 0x1000003D1u))
        special = &gn_fp_kern_p256k1;
    else if (is_limbs(p, n, gn_redc_p256_p, 4))
        special = &gn_fp_kern_p256;
    else if (is_limbs(p, n, gn_redc_p224_p, 4))
        special = &gn_fp_kern_p224;
#endif
    const gn_fp_kernel_t *fixed = NULL, *mulx = NULL;
#if GN_LIMB_BITS == 64
    if (n >= 2 && n <= 9) {
        fixed = fixed_kernels[n];
#if GN_HAVE_MULX
        if (gn_cpu_has_mulx())
            mulx = mulx_kernels[n];
#endif
    }
#endif
    switch (kind) {
    case GN_FP_KERNEL_AUTO:
        return special ? special : mulx ? mulx : fixed ? fixed : &gn_fp_kern_generic;
    case GN_FP_KERNEL_GENERIC:
        return &gn_fp_kern_generic;
    case GN_FP_KERNEL_FIXED:
        return fixed;
    case GN_FP_KERNEL_MULX:
        return mulx;
    case GN_FP_KERNEL_SPECIAL:
        return special;
    case GN_FP_KERNEL_RNS: /* needs its bases: gn_fp_init_rns */
        return NULL;
    case GN_FP_KERNEL_GMP:
#if GN_HAVE_GMP
        if (!gn_fp_gmp_fits(n))
            return NULL;
        return gn_fp_gmp_pm_serves(p, n, bits) ? &gn_fp_kern_gmp_pm : &gn_fp_kern_gmp;
#else
        return NULL; /* a build without GMP */
#endif
    case GN_FP_KERNEL_PARI:
#if GN_HAVE_PARI
        return &gn_fp_kern_pari;
#else
        return NULL; /* a build without libpari */
#endif
    }
    return NULL;
}

/* Non-residue search and Tonelli-Shanks constant: p - 1 = 2^s q; c = z^q. */
static void setup_sqrt(gn_fp_ctx_t *ctx)
{
    const gn_fp_kernel_t *k = ctx->kern;
    const size_t n = ctx->n;
    gn_limb_t pm1[GN_FP_MAX_LIMBS];
    gn_mp_sub_limb(pm1, ctx->p, n, 1);
    gn_mp_rshift(ctx->e_half, pm1, n, 1);
    gn_mp_sub_limb(ctx->e_pm2, ctx->p, n, 2);
    unsigned s = 0;
    while (!((pm1[s / GN_LIMB_BITS] >> (s % GN_LIMB_BITS)) & 1))
        s++;
    ctx->two_adicity = s;
    if ((ctx->p[0] & 3) == 3) {
        ctx->sqrt_kind = GN_SQRT_3MOD4;
        gn_limb_t t[GN_FP_MAX_LIMBS + 1];
        t[n] = gn_mp_add_limb(t, ctx->p, n, 1);
        gn_mp_rshift(t, t, n + 1, 2);
        memcpy(ctx->e_sqrt, t, n * sizeof(gn_limb_t));
    } else if ((ctx->p[0] & 7) == 5) {
        ctx->sqrt_kind = GN_SQRT_5MOD8;
        gn_mp_sub_limb(ctx->e_sqrt, ctx->p, n, 5);
        gn_mp_rshift(ctx->e_sqrt, ctx->e_sqrt, n, 3);
    } else {
        ctx->sqrt_kind = GN_SQRT_TS;
        gn_limb_t q[GN_FP_MAX_LIMBS];
        gn_mp_rshift(q, pm1, n, s);
        gn_mp_rshift(ctx->e_sqrt, q, n, 1); /* (q - 1)/2 for odd q */
        /* the least non-residue z >= 2 (it is below p since p = 1 mod 8 > 8) */
        gn_limb_t z[GN_FP_MAX_LIMBS] = {0}, zf[GN_FP_ELEM_LIMBS];
        for (z[0] = 2;; z[0]++)
            if (gn_mp_jacobi_var(z, ctx->p, n) == -1)
                break;
        k->from_canon(ctx, zf, z);
        k->pow_var(ctx, ctx->sqrt_c, zf, q, n);
    }
}

/* mul_small: d = top limb of p << shift (normalised) and v = floor((2^2W - 1)/d) - 2^W. */
static void setup_mul_small(gn_fp_ctx_t *ctx)
{
    const size_t n = ctx->n;
    gn_limb_t t[GN_FP_MAX_LIMBS];
    ctx->ms_shift = (unsigned)(n * GN_LIMB_BITS - ctx->bits);
    gn_mp_lshift(t, ctx->p, n, ctx->ms_shift);
    ctx->ms_d = t[n - 1];
    ctx->ms_v = (gn_limb_t)((((gn_dlimb_t)(gn_limb_t)~ctx->ms_d << GN_LIMB_BITS) | GN_LIMB_MAX) / ctx->ms_d);
}

/* The RNS kernel's set-up: its bases in rns (caller-owned), 1 and the other constants in its
 * representation (src/rns/kern_rns.h: residues, then the bound and the unreduced flag). */
static gn_err setup_rns(gn_fp_ctx_t *ctx, gn_rns_ctx_t *rns, const gn_rns_params_t *prm)
{
#if GN_LIMB_BITS == 64
    gn_rns_params_t d = {0};
    if (prm)
        d = *prm;
    if (!d.c)
        d.c = 32; /* room for the lazy sums of the formulas (up to 1024 p^2) */
    gn_err e = gn_rns_setup(rns, ctx->p, ctx->n, &d);
    if (e == GN_OK && !(prm && prm->r) && rns->n > GN_FP_RNS_MAX_N) {
        d.r = GN_RNS_MAX_R; /* too many narrow channels for an element: the widest */
        e = gn_rns_setup(rns, ctx->p, ctx->n, &d);
    }
    if (e != GN_OK)
        return e;
    if (rns->n > GN_FP_RNS_MAX_N)
        return GN_ERR_UNSUPPORTED; /* an element holds GN_FP_RNS_MAX_N channels per base */
    ctx->rns = rns;
    ctx->kern = &gn_fp_kern_rns;
    memset(ctx->one, 0, sizeof ctx->one);
    memcpy(ctx->one, rns->one_m, gn_rns_words(rns) * sizeof(uint64_t));
    ctx->one[GN_FP_ELEM_LIMBS - 2] = 1; /* B mod p < p */
    return GN_OK;
#else
    (void)ctx, (void)rns, (void)prm;
    return GN_ERR_UNSUPPORTED;
#endif
}

static gn_err fp_init(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_fp_kernel_kind kind, int trusted,
                      gn_rns_ctx_t *rns, const gn_rns_params_t *prm)
{
    gn_limb_t p[GN_FP_MAX_LIMBS];
    if (!ctx || (!pbytes && len))
        return GN_ERR_INVALID;
    memset(ctx, 0, sizeof *ctx);
    if (gn_mp_from_bytes_be(p, GN_FP_MAX_LIMBS, pbytes, len) != GN_OK)
        return GN_ERR_TOO_LARGE;
    if (!(p[0] & 1))
        return GN_ERR_EVEN_MODULUS;
    size_t bits = gn_mp_bits_var(p, GN_FP_MAX_LIMBS);
    if (bits < 2)
        return GN_ERR_NOT_PRIME; /* p = 1 */
    size_t n = (bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    if (!trusted && !gn_mp_is_prime_var(p, n))
        return GN_ERR_NOT_PRIME;
    const gn_fp_kernel_t *k = rns ? NULL : gn_fp_select_kernel(p, n, bits, kind);
    if (!k && !rns)
        return GN_ERR_UNSUPPORTED;
    gn_fp_setup_montgomery(ctx, p, n);
    ctx->kern = k;
    ctx->mulx = GN_HAVE_MULX && GN_LIMB_BITS == 64 && gn_cpu_has_mulx();
    if (rns) {
        gn_err e = setup_rns(ctx, rns, prm);
        if (e != GN_OK)
            return e;
        k = ctx->kern;
    }
#if GN_HAVE_PARI
    if (k == &gn_fp_kern_pari)
        gn_fp_pari_setup(ctx); /* p and 1 as t_INTs */
#endif
    if (k->canonical) { /* plain residues: 1 is 1, and R's powers (kern_mont.h's gmp-pm) are 1 */
        memset(ctx->one, 0, sizeof ctx->one);
        memset(ctx->r2, 0, sizeof ctx->r2);
        memset(ctx->r3, 0, sizeof ctx->r3);
        ctx->one[0] = ctx->r2[0] = ctx->r3[0] = 1;
    }
    gn_limb_t half[GN_FP_MAX_LIMBS];
    gn_mp_add_limb(half, p, n, 1);
    gn_mp_rshift(half, half, n, 1); /* (p + 1)/2 = 1/2; p + 1 cannot carry out of n limbs as p is odd */
    k->from_canon(ctx, ctx->inv2, half);
    setup_mul_small(ctx);
    setup_sqrt(ctx);
    return GN_OK;
}

gn_err gn_fp_init_kernel(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_fp_kernel_kind kind)
{
    return fp_init(ctx, pbytes, len, kind, 0, NULL, NULL);
}

gn_err gn_fp_init_trusted(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_fp_kernel_kind kind)
{
    return fp_init(ctx, pbytes, len, kind, 1, NULL, NULL);
}

gn_err gn_fp_init_rns(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_rns_ctx_t *rns,
                      const gn_rns_params_t *prm)
{
    if (!rns)
        return GN_ERR_INVALID;
    return fp_init(ctx, pbytes, len, GN_FP_KERNEL_RNS, 0, rns, prm);
}

gn_err gn_fp_init_rns_trusted(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_rns_ctx_t *rns,
                              const gn_rns_params_t *prm)
{
    if (!rns)
        return GN_ERR_INVALID;
    return fp_init(ctx, pbytes, len, GN_FP_KERNEL_RNS, 1, rns, prm);
}

gn_err gn_fp_init(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len)
{
    return gn_fp_init_kernel(ctx, p, len, GN_FP_KERNEL_AUTO);
}

gn_err gn_fp_init_hex(gn_fp_ctx_t *ctx, const char *hex)
{
    gn_limb_t p[GN_FP_MAX_LIMBS];
    uint8_t b[GN_FP_MAX_BITS / 8];
    if (!ctx || !hex)
        return GN_ERR_INVALID;
    gn_err e = gn_mp_from_hex(p, GN_FP_MAX_LIMBS, hex, strlen(hex));
    if (e == GN_ERR_RANGE)
        return GN_ERR_TOO_LARGE;
    if (e != GN_OK)
        return e;
    if (gn_mp_to_bytes_be(b, sizeof b, p, GN_FP_MAX_LIMBS) != GN_OK)
        return GN_ERR_TOO_LARGE;
    return gn_fp_init(ctx, b, sizeof b);
}

const char *gn_fp_kernel_name(const gn_fp_ctx_t *ctx)
{
    return ctx->kern->name;
}

size_t gn_fp_bits(const gn_fp_ctx_t *ctx)
{
    return ctx->bits;
}

size_t gn_fp_bytes(const gn_fp_ctx_t *ctx)
{
    return ctx->bytes;
}

size_t gn_fp_limbs(const gn_fp_ctx_t *ctx)
{
    return ctx->n;
}
