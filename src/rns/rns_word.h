/* Word arithmetic of the RNS channels (src/rns/rns.c, setup.c): 128-bit products, the folds
 * modulo a channel's pseudo-Mersenne modulus 2^r - c, modular additions. */
#ifndef GN_RNS_WORD_H
#define GN_RNS_WORD_H

#include "genus/mp.h"
#include "genus/rns.h"

typedef struct {
    uint64_t hi, lo;
} u128;

/* The 32-bit-limb build takes the portable product too, so that x86-64 tests it. */
static inline u128 mul64(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__) && GN_LIMB_BITS == 64
    unsigned __int128 t = (unsigned __int128)a * b;
    return (u128){(uint64_t)(t >> 64), (uint64_t)t};
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    return (u128){p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (uint32_t)p00};
#endif
}

static inline u128 add128(u128 x, uint64_t y)
{
    uint64_t lo = x.lo + y;
    return (u128){x.hi + (lo < y), lo};
}

/* x mod m_i for x below 2^(2r) (rounds of x = hi 2^r + lo -> hi e + lo, then two masked
 * subtractions): ctx->folds rounds bring any such x below 2^(r+1) <= 3 m_i. */
static inline uint64_t fold_n(const gn_rns_ctx_t *ctx, u128 x, uint64_t e, uint64_t m, unsigned folds)
{
    const unsigned r = ctx->r;
    for (unsigned f = 0; f < folds; f++) {
        uint64_t q = (x.hi << (64 - r)) | (x.lo >> r);
        x = add128(mul64(q, e), x.lo & ctx->mask);
    }
    uint64_t v = x.lo, d;
    d = v - m;
    v = (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & v); /* v - m unless that borrows */
    d = v - m;
    v = (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & v);
    return v;
}

static inline uint64_t fold(const gn_rns_ctx_t *ctx, u128 x, uint64_t e, uint64_t m)
{
    return fold_n(ctx, x, e, m, ctx->folds);
}

static inline uint64_t mulmod(const gn_rns_ctx_t *ctx, uint64_t a, uint64_t b, size_t i)
{
    return fold(ctx, mul64(a, b), ctx->e[i], ctx->m[i]);
}

static inline u128 add128w(u128 x, u128 y)
{
    uint64_t lo = x.lo + y.lo;
    return (u128){x.hi + y.hi + (lo < y.lo), lo};
}

static inline uint64_t addmod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t s = a + b, d = s - m; /* a, b < m < 2^62: no overflow */
    return (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & s);
}

static inline uint64_t submod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t d = a - b;
    return d + (m & (0 - (d >> 63)));
}

/* The redundant channel, modulo 2^r. */
static inline uint64_t mulred(const gn_rns_ctx_t *ctx, uint64_t a, uint64_t b)
{
    return (a * b) & ctx->mask;
}

/* r = x * y for a natural x (xn limbs) and a word y: into r (xn + 2 limbs). */
static inline void mp_mul_u64(gn_limb_t *r, const gn_limb_t *x, size_t xn, uint64_t y)
{
#if GN_LIMB_BITS == 64
    r[xn] = gn_mp_mul_limb(r, x, xn, (gn_limb_t)y);
    r[xn + 1] = 0;
#else
    gn_limb_t t[GN_RNS_BIG + 2];
    r[xn] = gn_mp_mul_limb(r, x, xn, (gn_limb_t)y);
    t[xn] = gn_mp_mul_limb(t, x, xn, (gn_limb_t)(y >> 32));
    r[xn + 1] = 0;
    gn_limb_t c = 0;
    for (size_t i = 0; i <= xn; i++) {
        gn_limb_t s = r[i + 1] + t[i], c1 = s < t[i];
        r[i + 1] = s + c;
        c = c1 | (r[i + 1] < s);
    }
#endif
}

#endif
