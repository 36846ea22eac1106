/* The public F_p interface: thin calls into the context's kernel table. */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "genus/mp.h"
#include "util/ct.h"

#define KT (ctx->kern)

void gn_fp_set_zero(const gn_fp_ctx_t *ctx, gn_fp_t *r) { KT->set_zero(ctx, r->v); }
void gn_fp_set_one(const gn_fp_ctx_t *ctx, gn_fp_t *r) { KT->set_one(ctx, r->v); }
void gn_fp_copy(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a) { KT->copy(ctx, r->v, a->v); }
void gn_fp_add(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b) { KT->add(ctx, r->v, a->v, b->v); }
void gn_fp_sub(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b) { KT->sub(ctx, r->v, a->v, b->v); }
void gn_fp_neg(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a) { KT->neg(ctx, r->v, a->v); }
void gn_fp_mul(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b) { KT->mul(ctx, r->v, a->v, b->v); }
void gn_fp_sqr(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a) { KT->sqr(ctx, r->v, a->v); }
void gn_fp_mul_small(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, uint32_t c) { KT->mul_small(ctx, r->v, a->v, c); }
void gn_fp_half(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a) { KT->half(ctx, r->v, a->v); }

void gn_fp_set_u64(const gn_fp_ctx_t *ctx, gn_fp_t *r, uint64_t c)
{
    /* c mod p, then into the kernel's representation */
    gn_limb_t a[64 / GN_LIMB_BITS], t[GN_FP_MAX_LIMBS] = {0};
    for (size_t i = 0; i < 64 / GN_LIMB_BITS; i++)
        a[i] = (gn_limb_t)(c >> (i * GN_LIMB_BITS));
    if (ctx->bits > 64) { /* c < p (a fact about p, public): no division; gn_xdh calls this each time */
        for (size_t i = 0; i < 64 / GN_LIMB_BITS && i < ctx->n; i++)
            t[i] = a[i];
    } else {
        gn_err e = gn_mp_divrem(NULL, t, a, 64 / GN_LIMB_BITS, ctx->p, ctx->n);
        (void)e; /* p is non-zero */
    }
    KT->from_canon(ctx, r->v, t);
}

gn_err gn_fp_set_mp(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_limb_t *a, size_t n)
{
    gn_limb_t t[GN_FP_MAX_LIMBS] = {0};
    gn_limb_t overflow = 0;
    for (size_t i = 0; i < n; i++) {
        if (i < ctx->n)
            t[i] = a[i];
        else
            overflow |= a[i];
    }
    gn_limb_t lt = (gn_limb_t)(gn_mp_cmp(t, ctx->p, ctx->n) < 0);
    if (!ct_is_zero(overflow) || !lt)
        return GN_ERR_RANGE;
    KT->from_canon(ctx, r->v, t);
    gn_memzero(t, sizeof t);
    return GN_OK;
}

void gn_fp_get_mp(const gn_fp_ctx_t *ctx, gn_limb_t *out, size_t n, const gn_fp_t *a)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    KT->to_canon(ctx, t, a->v);
    for (size_t i = 0; i < n; i++)
        out[i] = i < ctx->n ? t[i] : 0;
    gn_memzero(t, sizeof t);
}

gn_err gn_fp_rekernel(const gn_fp_ctx_t *to, gn_fp_t *r, const gn_fp_ctx_t *from, const gn_fp_t *a)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(from, t, GN_FP_MAX_LIMBS, a);
    gn_err e = gn_fp_set_mp(to, r, t, GN_FP_MAX_LIMBS);
    gn_memzero(t, sizeof t);
    return e;
}

static gn_err decode(const gn_fp_ctx_t *ctx, gn_fp_t *r, const uint8_t *in, size_t len, int big_endian)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    if (len != ctx->bytes)
        return GN_ERR_INVALID;
    gn_err e = big_endian ? gn_mp_from_bytes_be(t, ctx->n, in, len) : gn_mp_from_bytes_le(t, ctx->n, in, len);
    if (e == GN_OK)
        e = gn_fp_set_mp(ctx, r, t, ctx->n);
    gn_memzero(t, sizeof t);
    return e;
}

gn_err gn_fp_decode(const gn_fp_ctx_t *ctx, gn_fp_t *r, const uint8_t *in, size_t len) { return decode(ctx, r, in, len, 1); }
gn_err gn_fp_decode_le(const gn_fp_ctx_t *ctx, gn_fp_t *r, const uint8_t *in, size_t len) { return decode(ctx, r, in, len, 0); }

static void encode(const gn_fp_ctx_t *ctx, uint8_t *out, const gn_fp_t *a, int big_endian)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    KT->to_canon(ctx, t, a->v);
    gn_err e = big_endian ? gn_mp_to_bytes_be(out, ctx->bytes, t, ctx->n) : gn_mp_to_bytes_le(out, ctx->bytes, t, ctx->n);
    (void)e; /* a canonical element always fits */
    gn_memzero(t, sizeof t);
}

void gn_fp_encode(const gn_fp_ctx_t *ctx, uint8_t *out, const gn_fp_t *a) { encode(ctx, out, a, 1); }
void gn_fp_encode_le(const gn_fp_ctx_t *ctx, uint8_t *out, const gn_fp_t *a) { encode(ctx, out, a, 0); }

gn_err gn_fp_inv(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a)
{
    return KT->inv(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_INVERTIBLE;
}

gn_err gn_fp_inv_var(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a)
{
    return KT->inv_var(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_INVERTIBLE;
}

void gn_fp_pow(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_limb_t *e, size_t en)
{
    KT->pow(ctx, r->v, a->v, e, en);
}

void gn_fp_pow_var(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_limb_t *e, size_t en)
{
    KT->pow_var(ctx, r->v, a->v, e, en);
}

gn_err gn_fp_sqrt(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a)
{
    return KT->sqrt(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_SQUARE;
}

int gn_fp_legendre(const gn_fp_ctx_t *ctx, const gn_fp_t *a) { return KT->legendre(ctx, a->v); }
int gn_fp_legendre_var(const gn_fp_ctx_t *ctx, const gn_fp_t *a) { return KT->legendre_var(ctx, a->v); }
int gn_fp_is_zero(const gn_fp_ctx_t *ctx, const gn_fp_t *a) { return (int)(KT->is_zero(ctx, a->v) & 1); }
int gn_fp_eq(const gn_fp_ctx_t *ctx, const gn_fp_t *a, const gn_fp_t *b) { return (int)(KT->eq(ctx, a->v, b->v) & 1); }

void gn_fp_cswap(const gn_fp_ctx_t *ctx, gn_fp_t *a, gn_fp_t *b, int swap)
{
    KT->cswap(ctx, a->v, b->v, ct_mask_bit((gn_limb_t)swap));
}

void gn_fp_cmov(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, int move)
{
    KT->cmov(ctx, r->v, a->v, ct_mask_bit((gn_limb_t)move));
}

gn_err gn_fp_random(const gn_fp_ctx_t *ctx, gn_fp_t *r, gn_rng_fn rng, void *rng_state)
{
    uint8_t buf[GN_FP_MAX_BITS / 8];
    gn_limb_t t[GN_FP_MAX_LIMBS];
    const unsigned top_bits = (unsigned)(ctx->bits % 8);
    if (!rng)
        return GN_ERR_INVALID;
    for (int tries = 0; tries < 256; tries++) {
        if (rng(rng_state, buf, ctx->bytes) != 0) {
            gn_memzero(buf, sizeof buf);
            return GN_ERR_RNG;
        }
        if (top_bits)
            buf[0] &= (uint8_t)((1u << top_bits) - 1);
        if (gn_mp_from_bytes_be(t, ctx->n, buf, ctx->bytes) != GN_OK)
            continue;
        if (gn_mp_cmp(t, ctx->p, ctx->n) < 0) { /* only acceptance is revealed */
            KT->from_canon(ctx, r->v, t);
            gn_memzero(buf, sizeof buf);
            gn_memzero(t, sizeof t);
            return GN_OK;
        }
    }
    gn_memzero(buf, sizeof buf);
    gn_memzero(t, sizeof t);
    return GN_ERR_RNG;
}
