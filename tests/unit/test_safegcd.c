/*
 * The safegcd inversion (src/fp/safegcd.c) with its portable 128-bit accumulator, the one
 * targets without __int128 compile (32-bit ARM): compiled into this test under another name
 * with GN_SG_NO_INT128, it must give the library's inverses for
 * primes of 17 to 1024 bits on edge and random inputs, and x y = 1 mod p by the mp layer's
 * product and division. Where the compiler has __int128, the two-word product and sum are also
 * compared with it on edge and random signed 64-bit operands.
 */
#include "test_util.h"
#include "test_inverse.h"

#include "genus/genus.h"

#define GN_SG_NO_INT128 1
#define gn_fp_safegcd test_safegcd_portable
#include "fp/safegcd.c"
#undef gn_fp_safegcd
/* the library's own (its declaration above was renamed with the definition) */
gn_limb_t gn_fp_safegcd(const gn_fp_ctx_t *ctx, gn_limb_t *y, const gn_limb_t *x);

#if defined(__SIZEOF_INT128__)
static void check_wide(int64_t a, int64_t b, int64_t c)
{
    __int128 want = (__int128)a * b;
    unsigned __int128 sum = (unsigned __int128)want + (unsigned __int128)((__int128)c * a); /* 2^127 wraps */
    sg_wide got = sg_mul(a, b), s = sg_add(got, sg_mul(c, a));
    CHECK(got.lo == (uint64_t)want && got.hi == (uint64_t)(want >> 64), "%lld * %lld", (long long)a, (long long)b);
    CHECK(s.lo == (uint64_t)sum && s.hi == (uint64_t)(sum >> 64), "%lld (%lld + %lld)", (long long)a, (long long)b,
          (long long)c);
    __int128 q = want / 4096; /* |q| < 2^122: the range of sg_carry */
    sg_wide cw = {(uint64_t)q, (uint64_t)(q >> 64)};
    __int128 fl = q >> SG_BITS; /* floor division (arithmetic shift) */
    sg_wide cc = sg_carry(cw);
    CHECK(cc.lo == (uint64_t)fl && cc.hi == (uint64_t)(fl >> 64), "carry of %lld * %lld / 4096", (long long)a,
          (long long)b);
}

static void wide_products(void)
{
    static const int64_t edge[] = {0, 1, -1, 2, -2, INT64_MAX, INT64_MIN, INT64_MIN + 1, (int64_t)1 << 32,
                                   -((int64_t)1 << 32), ((int64_t)1 << 32) - 1, ((int64_t)1 << 60) - 1,
                                   -((int64_t)1 << 60), 0x7fffffff, -0x80000000LL, 0xffffffffLL};
    const size_t ne = sizeof edge / sizeof edge[0];
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ne; j++)
            for (size_t k = 0; k < ne; k++)
                check_wide(edge[i], edge[j], edge[k]);
    for (unsigned long it = 0; it < 20000 * test_iterations; it++) {
        int64_t a = (int64_t)test_rand64() >> (test_rand64() & 63), b = (int64_t)test_rand64() >> (test_rand64() & 63);
        check_wide(a, b, (int64_t)test_rand64() >> (test_rand64() & 63));
    }
}
#endif

/* x y = 1 mod p (y = 0 for x = 0) */
static int inverse_ok(const gn_fp_ctx_t *ctx, const gn_limb_t *x, const gn_limb_t *y)
{
    if (gn_mp_is_zero(x, ctx->n))
        return gn_mp_is_zero(y, ctx->n);
    return test_is_inverse(x, y, ctx->p, ctx->n);
}

static void check_prime(const gn_fp_ctx_t *ctx)
{
    size_t n = ctx->n;
    gn_limb_t x[GN_FP_MAX_LIMBS], y0[GN_FP_MAX_LIMBS], y1[GN_FP_MAX_LIMBS];
    for (unsigned long it = 0; it < 24 * test_iterations; it++) {
        memset(x, 0, sizeof x);
        switch (it) { /* 0, 1, 2, p - 1, p - 2, 2^k - 1 < p, then random below p */
        case 0: break;
        case 1: x[0] = 1; break;
        case 2: x[0] = 2; break;
        case 3: case 4: (void)gn_mp_sub_limb(x, ctx->p, n, (gn_limb_t)(it - 2)); break;
        case 5: {
            size_t b = ctx->bits - 1;
            for (size_t i = 0; i < b; i++)
                x[i / GN_LIMB_BITS] |= (gn_limb_t)1 << (i % GN_LIMB_BITS);
            break;
        }
        default:
            do {
                for (size_t i = 0; i < n; i++)
                    x[i] = (gn_limb_t)test_rand64();
                if (ctx->bits % GN_LIMB_BITS)
                    x[n - 1] &= ((gn_limb_t)1 << (ctx->bits % GN_LIMB_BITS)) - 1;
            } while (gn_mp_cmp(x, ctx->p, n) >= 0);
        }
        gn_limb_t nz0 = gn_fp_safegcd(ctx, y0, x), nz1 = test_safegcd_portable(ctx, y1, x);
        CHECK(nz0 == nz1 && !memcmp(y0, y1, n * sizeof(gn_limb_t)), "%zu bits, case %lu", ctx->bits, it);
        CHECK(inverse_ok(ctx, x, y1), "%zu bits, case %lu: not the inverse", ctx->bits, it);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
#if defined(__SIZEOF_INT128__)
    wide_products();
#endif
    static const char *named[] = {
        "7fffffffffffffffffffffffffffffff",                                 /* 2^127 - 1 */
        "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", /* 2^255 - 19 */
        "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", /* P-256 */
    };
    unsigned primes = 0;
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        gn_fp_ctx_t ctx;
        CHECK(gn_fp_init_hex(&ctx, named[i]) == GN_OK, "%s", named[i]);
        check_prime(&ctx);
        primes++;
    }
    /* random primes around the batch (60 bits) and divstep-bound (256 bits) boundaries */
    static const size_t sizes[] = {17, 59, 61, 64, 120, 181, 255, 256, 257, 300, 384, 521, 1024};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t bits = sizes[s], len = (bits + 7) / 8;
        uint8_t p[128];
        gn_fp_ctx_t ctx;
        do {
            test_rng(NULL, p, len);
            unsigned top = (unsigned)((bits - 1) % 8);
            p[0] &= (uint8_t)((2u << top) - 1);
            p[0] |= (uint8_t)(1u << top);
            p[len - 1] |= 1;
        } while (gn_fp_init_kernel(&ctx, p, len, GN_FP_KERNEL_GENERIC) != GN_OK);
        check_prime(&ctx);
        primes++;
    }
    CHECK(primes == 16, "%u primes", primes);
    return test_done("test_safegcd");
}
