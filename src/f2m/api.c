/* The public gn_f2m_* arithmetic: conversions, add, mul, sqr, Itoh-Tsujii inversion, trace,
 * half-trace and z^2 + z = c. Everything here is constant time in the element values. The
 * unreduced product of a single mul or sqr is not wiped (as in the fp kernels: a wipe per field
 * operation cost a third of a 163-bit product); the longer computations wipe their temporaries. */
#include <string.h>

#include "f2m/f2m_internal.h"
#include "util/ct.h"

void gn_f2m_set_zero(const gn_f2m_ctx_t *ctx, gn_f2m_t *r)
{
    (void)ctx;
    memset(r->v, 0, sizeof r->v);
}

void gn_f2m_set_one(const gn_f2m_ctx_t *ctx, gn_f2m_t *r)
{
    gn_f2m_set_zero(ctx, r);
    r->v[0] = 1;
}

gn_err gn_f2m_set_mp(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_limb_t *a, size_t n)
{
    gn_f2m_t t;
    gn_limb_t high = 0; /* bits at or above x^m, over every limb (no early exit) */
    gn_f2m_set_zero(ctx, &t);
    for (size_t i = 0; i < n; i++) {
        if (i >= ctx->n)
            high |= a[i];
        else if (i == ctx->n - 1 && ctx->m % F2M_W)
            high |= a[i] >> (ctx->m % F2M_W);
        if (i < ctx->n)
            t.v[i] = a[i];
    }
    if (!ct_is_zero(high)) {
        gn_memzero(&t, sizeof t);
        return GN_ERR_RANGE;
    }
    *r = t;
    gn_memzero(&t, sizeof t);
    return GN_OK;
}

void gn_f2m_get_mp(const gn_f2m_ctx_t *ctx, gn_limb_t *out, size_t n, const gn_f2m_t *a)
{
    for (size_t i = 0; i < n; i++)
        out[i] = i < ctx->n ? a->v[i] : 0;
}

gn_err gn_f2m_decode(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const uint8_t *in, size_t len)
{
    if (len != ctx->bytes)
        return GN_ERR_INVALID;
    gn_limb_t v[GN_F2M_MAX_LIMBS] = {0};
    for (size_t i = 0; i < len; i++) /* byte i from the end holds x^(8i)..x^(8i+7) */
        v[i * 8 / F2M_W] |= (gn_limb_t)in[len - 1 - i] << (i * 8 % F2M_W);
    gn_err e = gn_f2m_set_mp(ctx, r, v, ctx->n);
    gn_memzero(v, sizeof v);
    return e;
}

void gn_f2m_encode(const gn_f2m_ctx_t *ctx, uint8_t *out, const gn_f2m_t *a)
{
    for (size_t i = 0; i < ctx->bytes; i++)
        out[ctx->bytes - 1 - i] = (uint8_t)(a->v[i * 8 / F2M_W] >> (i * 8 % F2M_W));
}

gn_limb_t gn_f2m_is_zero(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a)
{
    gn_limb_t acc = 0;
    for (size_t i = 0; i < ctx->n; i++)
        acc |= a->v[i];
    return ct_is_zero(acc);
}

void gn_f2m_add(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b)
{
    for (size_t i = 0; i < ctx->n; i++)
        r->v[i] = a->v[i] ^ b->v[i];
}

void gn_f2m_mul(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b)
{
    gn_limb_t c[F2M_PROD];
    if (ctx->clmul) /* the context's choice: public */
        gn_f2m_mul_clmul(c, a->v, b->v, ctx->n);
    else
        gn_f2m_mul_comb(c, a->v, b->v, ctx->n);
    c[2 * ctx->n] = 0;
    gn_f2m_reduce(ctx, r->v, c);
}

/* Bits 0..W/2-1 of x moved to the even positions 0, 2, ..., W-2: the square of a polynomial
 * over GF(2) has no cross terms (HMV Alg. 2.39, by shifts and masks rather than a table). With
 * PCLMULQDQ, each limb times itself spreads it in one instruction. */
static gn_limb_t spread(gn_limb_t x)
{
#if GN_LIMB_BITS == 64
    x = (x | x << 16) & 0x0000ffff0000ffffu;
#endif
    x = (x | x << 8) & (gn_limb_t)0x00ff00ff00ff00ffu;
    x = (x | x << 4) & (gn_limb_t)0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & (gn_limb_t)0x3333333333333333u;
    x = (x | x << 1) & (gn_limb_t)0x5555555555555555u;
    return x;
}

void gn_f2m_sqr(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_limb_t c[F2M_PROD];
    const gn_limb_t half = ((gn_limb_t)1 << F2M_W / 2) - 1;
    if (ctx->clmul) {
        gn_f2m_sqr_clmul(c, a->v, ctx->n);
    } else {
        for (size_t i = 0; i < ctx->n; i++) {
            c[2 * i] = spread(a->v[i] & half);
            c[2 * i + 1] = spread(a->v[i] >> F2M_W / 2);
        }
    }
    c[2 * ctx->n] = 0;
    gn_f2m_reduce(ctx, r->v, c);
}

void gn_f2m_sqr_n(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, unsigned k)
{
    *r = *a;
    for (unsigned i = 0; i < k; i++)
        gn_f2m_sqr(ctx, r, r);
}

void gn_f2m_sqrt(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_f2m_sqr_n(ctx, r, a, ctx->m - 1); /* squaring is a bijection of order m */
}

/* a^(2^m - 2) = (a^(2^(m-1) - 1))^2 (Itoh and Tsujii, "A fast algorithm for computing
 * multiplicative inverses in GF(2^m) using normal bases", 1988): with b_k = a^(2^k - 1),
 * b_(2k) = b_k^(2^k) b_k and b_(k+1) = b_k^2 a, following the bits of m - 1 from the top: the
 * sequence depends on m only. 0 maps to 0. */
void gn_f2m_inv0(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    unsigned e = ctx->m - 1, top = 0;
    while (e >> (top + 1))
        top++;
    gn_f2m_t b = *a, t;
    unsigned k = 1;
    for (unsigned i = top; i-- > 0;) {
        gn_f2m_sqr_n(ctx, &t, &b, k);
        gn_f2m_mul(ctx, &b, &t, &b);
        k *= 2;
        if (e >> i & 1) {
            gn_f2m_sqr(ctx, &b, &b);
            gn_f2m_mul(ctx, &b, &b, a);
            k++;
        }
    }
    gn_f2m_sqr(ctx, r, &b);
    gn_memzero(&b, sizeof b);
    gn_memzero(&t, sizeof t);
}

gn_err gn_f2m_inv(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_limb_t zero = gn_f2m_is_zero(ctx, a);
    gn_f2m_inv0(ctx, r, a);
    GN_DECLASSIFY(&zero, sizeof zero); /* the result says whether a was 0, as documented */
    return zero ? GN_ERR_NOT_INVERTIBLE : GN_OK;
}

gn_err gn_f2m_div(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *b, const gn_f2m_t *a)
{
    gn_f2m_t t;
    gn_err e = gn_f2m_inv(ctx, &t, a);
    gn_f2m_mul(ctx, r, b, &t);
    gn_memzero(&t, sizeof t);
    return e;
}

unsigned gn_f2m_trace(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a)
{
    gn_limb_t acc = 0; /* Tr is GF(2)-linear: the parity of the bits of a under the trace form */
    for (size_t i = 0; i < ctx->n; i++)
        acc ^= a->v[i] & ctx->trace[i];
    for (unsigned s = F2M_W / 2; s; s /= 2)
        acc ^= acc >> s;
    return (unsigned)(acc & 1);
}

/* H(a) = sum of a^(4^i), i = 0..(m-1)/2; for odd m, H(c)^2 + H(c) = c + Tr(c). */
static void htrace(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_f2m_t t = *a, h = *a;
    for (unsigned i = 0; i < (ctx->m - 1) / 2; i++) {
        gn_f2m_sqr_n(ctx, &t, &t, 2);
        gn_f2m_add(ctx, &h, &h, &t);
    }
    *r = h;
    gn_memzero(&t, sizeof t);
    gn_memzero(&h, sizeof h);
}

gn_err gn_f2m_htrace(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    if (ctx->m % 2 == 0)
        return GN_ERR_UNSUPPORTED;
    htrace(ctx, r, a);
    return GN_OK;
}

gn_err gn_f2m_solve_quad(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *c)
{
    gn_f2m_t z;
    if (ctx->m % 2) {
        htrace(ctx, &z, c);
    } else {
        /* IEEE 1363-2000, A.4.7, with a fixed tau of trace 1: z <- z^2 + w^2 tau, w <- w^2 + c,
         * m - 1 times, from z = 0, w = c. */
        gn_f2m_t w = *c, t, tau;
        gn_f2m_set_zero(ctx, &z);
        memcpy(tau.v, ctx->tau, sizeof tau.v);
        for (unsigned i = 1; i < ctx->m; i++) {
            gn_f2m_sqr(ctx, &z, &z);
            gn_f2m_sqr(ctx, &w, &w);
            gn_f2m_mul(ctx, &t, &w, &tau);
            gn_f2m_add(ctx, &z, &z, &t);
            gn_f2m_add(ctx, &w, &w, c);
        }
        gn_memzero(&w, sizeof w);
        gn_memzero(&t, sizeof t);
    }
    gn_limb_t bad = ct_mask_bit(gn_f2m_trace(ctx, c));
    z.v[0] &= ~(gn_limb_t)1; /* the root with no constant term; z + 1 is the other */
    for (size_t i = 0; i < ctx->n; i++)
        r->v[i] = z.v[i] & ~bad;
    gn_memzero(&z, sizeof z);
    GN_DECLASSIFY(&bad, sizeof bad);
    return bad ? GN_ERR_NOT_SQUARE : GN_OK;
}
