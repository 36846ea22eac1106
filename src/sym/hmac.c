/* HMAC (FIPS 198-1): H((K0 ^ opad) || H((K0 ^ ipad) || text)), K0 the key padded (or first
 * hashed, when longer than a block) to the block size. */
#include <string.h>

#include "genus/hmac.h"

gn_err gn_hmac_init(gn_hmac_ctx_t *ctx, gn_hash_alg alg, const uint8_t *key, size_t keylen)
{
    uint8_t k0[GN_HASH_MAX_BLOCK], pad[GN_HASH_MAX_BLOCK];
    const size_t bs = gn_hash_block_size(alg);
    if (!ctx || (!key && keylen) || bs == 0)
        return GN_ERR_INVALID;
    memset(k0, 0, sizeof k0);
    if (keylen > bs) {
        if (gn_hash(alg, k0, key, keylen) != GN_OK)
            return GN_ERR_INVALID;
    } else if (keylen) {
        memcpy(k0, key, keylen);
    }
    for (size_t i = 0; i < bs; i++)
        pad[i] = k0[i] ^ 0x36;
    if (gn_hash_init(&ctx->inner, alg) != GN_OK || gn_hash_init(&ctx->outer, alg) != GN_OK)
        return GN_ERR_INVALID;
    gn_hash_update(&ctx->inner, pad, bs);
    for (size_t i = 0; i < bs; i++)
        pad[i] = k0[i] ^ 0x5c;
    gn_hash_update(&ctx->outer, pad, bs);
    gn_memzero(k0, sizeof k0);
    gn_memzero(pad, sizeof pad);
    return GN_OK;
}

void gn_hmac_update(gn_hmac_ctx_t *ctx, const uint8_t *msg, size_t len)
{
    gn_hash_update(&ctx->inner, msg, len);
}

void gn_hmac_final(gn_hmac_ctx_t *ctx, uint8_t *out)
{
    uint8_t ih[GN_HASH_MAX_SIZE];
    const size_t hs = gn_hash_size(ctx->inner.alg);
    gn_hash_final(&ctx->inner, ih);
    gn_hash_update(&ctx->outer, ih, hs);
    gn_hash_final(&ctx->outer, out);
    gn_memzero(ih, sizeof ih);
    gn_memzero(ctx, sizeof *ctx);
}

gn_err gn_hmac(gn_hash_alg alg, uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *msg, size_t len)
{
    gn_hmac_ctx_t ctx;
    gn_err e;
    if (!out || (!msg && len))
        return GN_ERR_INVALID;
    if ((e = gn_hmac_init(&ctx, alg, key, keylen)) != GN_OK)
        return e;
    gn_hmac_update(&ctx, msg, len);
    gn_hmac_final(&ctx, out);
    return GN_OK;
}
