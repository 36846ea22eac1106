/*
 * SHA-224, SHA-256, SHA-384 and SHA-512 (FIPS 180-4). The round constants and initial values are
 * the fractional parts of the cube and square roots of the first primes (FIPS 180-4 sections
 * 4.2.2, 4.2.3, 5.3), written out here by a short computation with integer roots and checked by
 * the NIST known-answer and Monte Carlo vectors (tests/py/test_sha2.py). No branch or memory
 * address depends on the message contents, only on its length.
 */
#include <string.h>

#include "genus/hash.h"

static const uint32_t K256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

static const uint64_t K512[80] = {
    0x428a2f98d728ae22u, 0x7137449123ef65cdu,
    0xb5c0fbcfec4d3b2fu, 0xe9b5dba58189dbbcu,
    0x3956c25bf348b538u, 0x59f111f1b605d019u,
    0x923f82a4af194f9bu, 0xab1c5ed5da6d8118u,
    0xd807aa98a3030242u, 0x12835b0145706fbeu,
    0x243185be4ee4b28cu, 0x550c7dc3d5ffb4e2u,
    0x72be5d74f27b896fu, 0x80deb1fe3b1696b1u,
    0x9bdc06a725c71235u, 0xc19bf174cf692694u,
    0xe49b69c19ef14ad2u, 0xefbe4786384f25e3u,
    0x0fc19dc68b8cd5b5u, 0x240ca1cc77ac9c65u,
    0x2de92c6f592b0275u, 0x4a7484aa6ea6e483u,
    0x5cb0a9dcbd41fbd4u, 0x76f988da831153b5u,
    0x983e5152ee66dfabu, 0xa831c66d2db43210u,
    0xb00327c898fb213fu, 0xbf597fc7beef0ee4u,
    0xc6e00bf33da88fc2u, 0xd5a79147930aa725u,
    0x06ca6351e003826fu, 0x142929670a0e6e70u,
    0x27b70a8546d22ffcu, 0x2e1b21385c26c926u,
    0x4d2c6dfc5ac42aedu, 0x53380d139d95b3dfu,
    0x650a73548baf63deu, 0x766a0abb3c77b2a8u,
    0x81c2c92e47edaee6u, 0x92722c851482353bu,
    0xa2bfe8a14cf10364u, 0xa81a664bbc423001u,
    0xc24b8b70d0f89791u, 0xc76c51a30654be30u,
    0xd192e819d6ef5218u, 0xd69906245565a910u,
    0xf40e35855771202au, 0x106aa07032bbd1b8u,
    0x19a4c116b8d2d0c8u, 0x1e376c085141ab53u,
    0x2748774cdf8eeb99u, 0x34b0bcb5e19b48a8u,
    0x391c0cb3c5c95a63u, 0x4ed8aa4ae3418acbu,
    0x5b9cca4f7763e373u, 0x682e6ff3d6b2b8a3u,
    0x748f82ee5defb2fcu, 0x78a5636f43172f60u,
    0x84c87814a1f0ab72u, 0x8cc702081a6439ecu,
    0x90befffa23631e28u, 0xa4506cebde82bde9u,
    0xbef9a3f7b2c67915u, 0xc67178f2e372532bu,
    0xca273eceea26619cu, 0xd186b8c721c0c207u,
    0xeada7dd6cde0eb1eu, 0xf57d4f7fee6ed178u,
    0x06f067aa72176fbau, 0x0a637dc5a2c898a6u,
    0x113f9804bef90daeu, 0x1b710b35131c471bu,
    0x28db77f523047d84u, 0x32caab7b40c72493u,
    0x3c9ebe0a15c9bebcu, 0x431d67c49c100d4cu,
    0x4cc5d4becb3e42b6u, 0x597f299cfc657e2au,
    0x5fcb6fab3ad6faecu, 0x6c44198c4a475817u,
};

static const uint32_t IV224[8] = {
    0xc1059ed8u, 0x367cd507u, 0x3070dd17u, 0xf70e5939u,
    0xffc00b31u, 0x68581511u, 0x64f98fa7u, 0xbefa4fa4u,
};
static const uint32_t IV256[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};
static const uint64_t IV384[8] = {
    0xcbbb9d5dc1059ed8u, 0x629a292a367cd507u,
    0x9159015a3070dd17u, 0x152fecd8f70e5939u,
    0x67332667ffc00b31u, 0x8eb44a8768581511u,
    0xdb0c2e0d64f98fa7u, 0x47b5481dbefa4fa4u,
};
static const uint64_t IV512[8] = {
    0x6a09e667f3bcc908u, 0xbb67ae8584caa73bu,
    0x3c6ef372fe94f82bu, 0xa54ff53a5f1d36f1u,
    0x510e527fade682d1u, 0x9b05688c2b3e6c1fu,
    0x1f83d9abfb41bd6bu, 0x5be0cd19137e2179u,
};

static uint32_t rotr32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }
static uint64_t rotr64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

static uint32_t load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t load64_be(const uint8_t *p) { return (uint64_t)load32_be(p) << 32 | load32_be(p + 4); }

static void store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void store64_be(uint8_t *p, uint64_t v)
{
    store32_be(p, (uint32_t)(v >> 32));
    store32_be(p + 4, (uint32_t)v);
}

/* FIPS 180-4 section 6.2.2: one 64-byte block. */
static void sha256_block(uint32_t h[8], const uint8_t *blk)
{
    uint32_t w[64], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int t = 0; t < 16; t++)
        w[t] = load32_be(blk + 4 * t);
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = k + (rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)) + ((e & f) ^ (~e & g)) + K256[t] + w[t];
        uint32_t t2 = (rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
    gn_memzero(w, sizeof w);
}

/* FIPS 180-4 section 6.4.2: one 128-byte block. */
static void sha512_block(uint64_t h[8], const uint8_t *blk)
{
    uint64_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
    for (int t = 0; t < 16; t++)
        w[t] = load64_be(blk + 8 * t);
    for (int t = 16; t < 80; t++) {
        uint64_t s0 = rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
        uint64_t s1 = rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    for (int t = 0; t < 80; t++) {
        uint64_t t1 = k + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41)) + ((e & f) ^ (~e & g)) + K512[t] + w[t];
        uint64_t t2 = (rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        k = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
    gn_memzero(w, sizeof w);
}

static int is_wide(gn_hash_alg alg) { return alg == GN_HASH_SHA384 || alg == GN_HASH_SHA512; }

size_t gn_hash_size(gn_hash_alg alg)
{
    switch (alg) {
    case GN_HASH_SHA224: return 28;
    case GN_HASH_SHA256: return 32;
    case GN_HASH_SHA384: return 48;
    case GN_HASH_SHA512: return 64;
    }
    return 0;
}

size_t gn_hash_block_size(gn_hash_alg alg)
{
    return gn_hash_size(alg) == 0 ? 0 : is_wide(alg) ? 128 : 64;
}

gn_err gn_hash_init(gn_hash_ctx_t *ctx, gn_hash_alg alg)
{
    if (!ctx || gn_hash_size(alg) == 0)
        return GN_ERR_INVALID;
    memset(ctx, 0, sizeof *ctx);
    ctx->alg = alg;
    if (alg == GN_HASH_SHA224)
        memcpy(ctx->h32, IV224, sizeof IV224);
    else if (alg == GN_HASH_SHA256)
        memcpy(ctx->h32, IV256, sizeof IV256);
    else if (alg == GN_HASH_SHA384)
        memcpy(ctx->h64, IV384, sizeof IV384);
    else
        memcpy(ctx->h64, IV512, sizeof IV512);
    return GN_OK;
}

static void compress(gn_hash_ctx_t *ctx, const uint8_t *blk)
{
    if (is_wide(ctx->alg))
        sha512_block(ctx->h64, blk);
    else
        sha256_block(ctx->h32, blk);
}

void gn_hash_update(gn_hash_ctx_t *ctx, const uint8_t *msg, size_t len)
{
    const size_t bs = gn_hash_block_size(ctx->alg);
    if (len == 0)
        return;
    ctx->bytes += len;
    if (ctx->bytes < len)
        ctx->bytes_hi++;
    if (ctx->fill) {
        size_t take = bs - ctx->fill < len ? bs - ctx->fill : len;
        memcpy(ctx->buf + ctx->fill, msg, take);
        ctx->fill += take;
        msg += take;
        len -= take;
        if (ctx->fill < bs)
            return;
        compress(ctx, ctx->buf);
        ctx->fill = 0;
    }
    for (; len >= bs; msg += bs, len -= bs)
        compress(ctx, msg);
    memcpy(ctx->buf, msg, len);
    ctx->fill = len;
}

void gn_hash_final(gn_hash_ctx_t *ctx, uint8_t *out)
{
    /* padding (FIPS 180-4 section 5.1): 0x80, zeros, the message length in bits (64 or 128 bits) */
    const size_t bs = gn_hash_block_size(ctx->alg), lenbytes = is_wide(ctx->alg) ? 16 : 8;
    uint64_t bits_lo = ctx->bytes << 3, bits_hi = (ctx->bytes_hi << 3) | (ctx->bytes >> 61);
    ctx->buf[ctx->fill++] = 0x80;
    if (ctx->fill > bs - lenbytes) {
        memset(ctx->buf + ctx->fill, 0, bs - ctx->fill);
        compress(ctx, ctx->buf);
        ctx->fill = 0;
    }
    memset(ctx->buf + ctx->fill, 0, bs - ctx->fill);
    if (lenbytes == 16)
        store64_be(ctx->buf + bs - 16, bits_hi);
    store64_be(ctx->buf + bs - 8, bits_lo);
    compress(ctx, ctx->buf);
    uint8_t full[64];
    for (int i = 0; i < 8; i++) {
        if (is_wide(ctx->alg))
            store64_be(full + 8 * i, ctx->h64[i]);
        else
            store32_be(full + 4 * i, ctx->h32[i]);
    }
    memcpy(out, full, gn_hash_size(ctx->alg));
    gn_memzero(full, sizeof full);
    gn_memzero(ctx, sizeof *ctx);
}

gn_err gn_hash(gn_hash_alg alg, uint8_t *out, const uint8_t *msg, size_t len)
{
    gn_hash_ctx_t ctx;
    gn_err e;
    if (!out || (!msg && len))
        return GN_ERR_INVALID;
    if ((e = gn_hash_init(&ctx, alg)) != GN_OK)
        return e;
    gn_hash_update(&ctx, msg, len);
    gn_hash_final(&ctx, out);
    return GN_OK;
}
