/*
 * Baillie-PSW primality test (Baillie and Wagstaff 1980; Pomerance, Selfridge,
 * Wagstaff 1980): trial division, a strong Miller-Rabin test to base 2, and a
 * strong Lucas test with Selfridge's parameters (method A). No composite is
 * known to pass it. Public data only: everything here is variable time.
 * Arithmetic modulo the candidate uses the generic Montgomery kernel.
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "genus/mp.h"
#include "mp/limb.h"

/* The odd primes below 1000. */
static const uint16_t small_primes[] = {
    3,   5,   7,   11,  13,  17,  19,  23,  29,  31,  37,  41,  43,  47,  53,  59,  61,  67,  71,  73,  79,
    83,  89,  97,  101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191,
    193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311,
    313, 317, 331, 337, 347, 349, 353, 359, 367, 373, 379, 383, 389, 397, 401, 409, 419, 421, 431, 433, 439,
    443, 449, 457, 461, 463, 467, 479, 487, 491, 499, 503, 509, 521, 523, 541, 547, 557, 563, 569, 571, 577,
    587, 593, 599, 601, 607, 613, 617, 619, 631, 641, 643, 647, 653, 659, 661, 673, 677, 683, 691, 701, 709,
    719, 727, 733, 739, 743, 751, 757, 761, 769, 773, 787, 797, 809, 811, 821, 823, 827, 829, 839, 853, 857,
    859, 863, 877, 881, 883, 887, 907, 911, 919, 929, 937, 941, 947, 953, 967, 971, 977, 983, 991, 997};

static uint32_t mod_small(const gn_limb_t *a, size_t n, uint32_t m)
{
    gn_dlimb_t r = 0;
    for (size_t i = n; i-- > 0;)
        r = ((r << GN_LIMB_BITS) | a[i]) % m;
    return (uint32_t)r;
}

/* Montgomery constants for any odd modulus m (n limbs): pinv, R mod m, R^2 mod m, R^3 mod m. */
void gn_fp_setup_montgomery(gn_fp_ctx_t *ctx, const gn_limb_t *m, size_t n)
{
    gn_limb_t t[3 * GN_FP_MAX_LIMBS + 1];
    memcpy(ctx->p, m, n * sizeof(gn_limb_t));
    ctx->n = n;
    ctx->bits = gn_mp_bits_var(m, n);
    ctx->bytes = (ctx->bits + 7) / 8;
    ctx->pinv = mp_neg_inv_limb(m[0]);
    for (int k = 1; k <= 3; k++) { /* R^k mod m = 2^(W n k) mod m */
        memset(t, 0, sizeof t);
        t[n * (size_t)k] = 1;
        gn_limb_t *dst = k == 1 ? ctx->one : k == 2 ? ctx->r2 : ctx->r3;
        gn_err e = gn_mp_divrem_var(NULL, dst, t, n * (size_t)k + 1, m, n);
        (void)e; /* m is odd, hence non-zero */
    }
}

/* x = v mod m in Montgomery form, for a small signed v and m > |v|. */
static void set_small(const gn_fp_ctx_t *ctx, gn_limb_t *x, int64_t v)
{
    const gn_fp_kernel_t *k = &gn_fp_kern_generic;
    gn_limb_t c[GN_FP_MAX_LIMBS] = {0};
    uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    for (size_t i = 0; i < ctx->n && i * GN_LIMB_BITS < 64; i++)
        c[i] = (gn_limb_t)(a >> (i * GN_LIMB_BITS));
    k->from_canon(ctx, x, c);
    if (v < 0)
        k->neg(ctx, x, x);
}

static int strong_fermat_base2(const gn_fp_ctx_t *ctx)
{
    const gn_fp_kernel_t *k = &gn_fp_kern_generic;
    const size_t n = ctx->n;
    gn_limb_t d[GN_FP_MAX_LIMBS], x[GN_FP_MAX_LIMBS], one[GN_FP_MAX_LIMBS], mone[GN_FP_MAX_LIMBS];
    /* n - 1 = d 2^s */
    gn_mp_sub_limb(d, ctx->p, n, 1);
    size_t s = 0;
    while (!((d[s / GN_LIMB_BITS] >> (s % GN_LIMB_BITS)) & 1))
        s++;
    gn_mp_rshift(d, d, n, s);
    set_small(ctx, x, 2);
    k->pow_var(ctx, x, x, d, n);
    k->set_one(ctx, one);
    k->neg(ctx, mone, one);
    if (k->eq(ctx, x, one) || k->eq(ctx, x, mone))
        return 1;
    for (size_t r = 1; r < s; r++) {
        k->sqr(ctx, x, x);
        if (k->eq(ctx, x, mone))
            return 1;
        if (k->eq(ctx, x, one))
            return 0;
    }
    return 0;
}

/* 1 if m (n limbs) is a perfect square: Newton's integer square root. */
static int is_square(const gn_limb_t *m, size_t n)
{
    gn_limb_t x[GN_FP_MAX_LIMBS + 1] = {0}, y[GN_FP_MAX_LIMBS + 1], q[GN_FP_MAX_LIMBS + 1] = {0}, sq[2 * GN_FP_MAX_LIMBS + 2];
    size_t bits = gn_mp_bits_var(m, n);
    size_t xb = (bits + 1) / 2 + 1; /* x = 2^xb > sqrt(m) */
    x[xb / GN_LIMB_BITS] = (gn_limb_t)1 << (xb % GN_LIMB_BITS);
    for (;;) { /* y = (x + m / x) / 2 until it stops decreasing */
        if (gn_mp_divrem_var(q, NULL, m, n, x, n + 1) != GN_OK)
            return 0;
        gn_limb_t c = gn_mp_add(y, x, q, n + 1);
        gn_mp_rshift(y, y, n + 1, 1);
        y[n] |= c << (GN_LIMB_BITS - 1);
        if (gn_mp_cmp_var(y, n + 1, x, n + 1) >= 0)
            break;
        memcpy(x, y, sizeof x);
    }
    gn_mp_mul(sq, x, n + 1, x, n + 1);
    return gn_mp_cmp_var(sq, 2 * n + 2, m, n) == 0;
}

/* Strong Lucas probable prime test, P = 1 and Q = (1 - D)/4 with D the first of
 * 5, -7, 9, -11, ... with Jacobi symbol (D/m) = -1. */
static int strong_lucas(const gn_fp_ctx_t *ctx)
{
    const gn_fp_kernel_t *k = &gn_fp_kern_generic;
    const size_t n = ctx->n;
    gn_limb_t dn[GN_FP_MAX_LIMBS];
    int64_t D = 5;
    for (int tries = 0;; tries++) {
        /* D mod m as a natural, for the Jacobi symbol */
        gn_limb_t ad[GN_FP_MAX_LIMBS] = {0};
        uint64_t a = D < 0 ? (uint64_t)(-D) : (uint64_t)D;
        for (size_t i = 0; i < n && i * GN_LIMB_BITS < 64; i++)
            ad[i] = (gn_limb_t)(a >> (i * GN_LIMB_BITS));
        if (D < 0)
            gn_mp_sub(dn, ctx->p, ad, n);
        else
            memcpy(dn, ad, n * sizeof(gn_limb_t));
        int j = gn_mp_jacobi_var(dn, ctx->p, n);
        if (j == -1)
            break;
        if (j == 0) /* m has the factor |D| < m */
            return 0;
        if (tries == 20 && is_square(ctx->p, n))
            return 0;
        D = D < 0 ? -D + 2 : -(D + 2);
    }
    int64_t Q = (1 - D) / 4;
    /* m + 1 = d 2^s */
    gn_limb_t d[GN_FP_MAX_LIMBS + 1];
    d[n] = gn_mp_add_limb(d, ctx->p, n, 1);
    size_t s = 0;
    while (!((d[s / GN_LIMB_BITS] >> (s % GN_LIMB_BITS)) & 1))
        s++;
    gn_mp_rshift(d, d, n + 1, s);
    /* U_d, V_d by the binary method: U_2k = U_k V_k, V_2k = V_k^2 - 2 Q^k,
     * U_k+1 = (U_k + V_k)/2, V_k+1 = (D U_k + V_k)/2, with P = 1. */
    gn_limb_t U[GN_FP_MAX_LIMBS], V[GN_FP_MAX_LIMBS], Qk[GN_FP_MAX_LIMBS], Qm[GN_FP_MAX_LIMBS],
        Dm[GN_FP_MAX_LIMBS], t[GN_FP_MAX_LIMBS], u[GN_FP_MAX_LIMBS];
    set_small(ctx, Qm, Q);
    set_small(ctx, Dm, D);
    k->set_one(ctx, U);
    k->set_one(ctx, V); /* U_1 = 1, V_1 = P = 1 */
    k->copy(ctx, Qk, Qm);
    size_t bits = gn_mp_bits_var(d, n + 1);
    for (size_t i = bits - 1; i-- > 0;) {
        k->mul(ctx, U, U, V);
        k->sqr(ctx, V, V);
        k->sub(ctx, V, V, Qk);
        k->sub(ctx, V, V, Qk);
        k->sqr(ctx, Qk, Qk);
        if ((d[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1) {
            k->add(ctx, t, U, V);
            k->mul(ctx, u, Dm, U);
            k->add(ctx, u, u, V);
            k->half(ctx, U, t);
            k->half(ctx, V, u);
            k->mul(ctx, Qk, Qk, Qm);
        }
    }
    if (k->is_zero(ctx, U) || k->is_zero(ctx, V))
        return 1;
    for (size_t r = 1; r < s; r++) {
        k->sqr(ctx, V, V);
        k->sub(ctx, V, V, Qk);
        k->sub(ctx, V, V, Qk);
        k->sqr(ctx, Qk, Qk);
        if (k->is_zero(ctx, V))
            return 1;
    }
    return 0;
}

int gn_mp_is_prime_var(const gn_limb_t *p, size_t n)
{
    while (n > 0 && p[n - 1] == 0)
        n--;
    if (n == 0 || n > GN_FP_MAX_LIMBS)
        return 0;
    if (n == 1 && p[0] < 1000) {
        if (p[0] == 2)
            return 1;
        for (size_t i = 0; i < sizeof small_primes / sizeof small_primes[0]; i++)
            if (p[0] == small_primes[i])
                return 1;
        return 0;
    }
    if (!(p[0] & 1))
        return 0;
    for (size_t i = 0; i < sizeof small_primes / sizeof small_primes[0]; i++)
        if (mod_small(p, n, small_primes[i]) == 0)
            return 0;
    if (n == 1 && p[0] < 1000000) /* no factor below 1000 <= sqrt(p) */
        return 1;
    gn_fp_ctx_t ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.kern = &gn_fp_kern_generic;
    gn_fp_setup_montgomery(&ctx, p, n);
    return strong_fermat_base2(&ctx) && strong_lucas(&ctx);
}
