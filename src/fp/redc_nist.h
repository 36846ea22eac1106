/*
 * Montgomery reduction t / 2^256 specialised to the NIST primes P-256 and P-224 (64-bit limbs), for
 * t < p 2^256 (a product of two elements below p). It works in place (copying t first cost a
 * store-forwarding stall per limb), leaves t / 2^256 < 2p in t[4..7] and returns its top bit;
 * the caller subtracts p once (kern_mont.h reduce_once). The multiple of p
 * added at each step comes from the shape of p with one limb product instead of four
 * (the "Montgomery-friendly" structure; Gueron and Krasnov, "Fast prime field elliptic-curve
 * cryptography with 256-bit primes", J. Cryptographic Engineering, 2015). The result is in the same Montgomery representation as the generic kernels, so everything else of
 * src/fp/kern_mont.h serves these primes unchanged.
 */
#ifndef GN_FP_REDC_NIST_H
#define GN_FP_REDC_NIST_H
/* (The same idea for P-384, p = 2^384 - (2^128 + 2^96 - 2^32 + 1), two limb products per step
 * after the generated mulx product, measured slower than the generated 6-limb mulx CIOS
 * routine on this project's bench machine: 1.3M against 1.1-1.27M ticks for mul_p384.) */

#include "fp/fp_internal.h"
#include "mp/limb.h"
#include "util/ct.h"

#if GN_LIMB_BITS == 64

/* Unrolled rows keep the product in registers (the loop kept it in memory: twice the time). */
#if defined(__GNUC__) && !defined(__clang__) && !defined(GN_NO_SPEED_HINTS)
#define RN_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__) && !defined(GN_NO_SPEED_HINTS)
#define RN_UNROLL _Pragma("unroll")
#else
#define RN_UNROLL
#endif

/*
 * P-256: p = 2^256 - 2^224 + 2^192 + 2^96 - 1 has -1/p = 1 mod 2^64, so the step multiplier
 * is the low limb m itself, and m p = m (2^96 - 1) + m (2^64 - 2^32 + 1) 2^192: the first part
 * cancels the low limb and adds m 2^96 (two shifted halves), the second is one product.
 */
static const gn_limb_t gn_redc_p256_p[4] = {0xffffffffffffffffu, 0x00000000ffffffffu, 0,
                                            0xffffffff00000001u};

static GN_ALWAYS_INLINE gn_limb_t gn_redc_p256(gn_limb_t *t)
{
    gn_limb_t u = 0; /* u: carry out of row i - 1 into limb i + 4 */
    RN_UNROLL for (size_t i = 0; i < 4; i++) {
        gn_limb_t m = t[i], lo, hi = mp_mul_wide(&lo, m, 0xffffffff00000001u);
        gn_limb_t c = mp_addc(&t[i + 1], t[i + 1], m << 32, 0);
        c = mp_addc(&t[i + 2], t[i + 2], m >> 32, c);
        c = mp_addc(&t[i + 3], t[i + 3], lo, c);
        gn_limb_t c1 = mp_addc(&t[i + 4], t[i + 4], hi, c);
        u = c1 + mp_addc(&t[i + 4], t[i + 4], u, 0);
    }
    return u;
}

/*
 * P-224: p = 2^224 - 2^96 + 1 = 1 mod 2^64 has -1/p = -1 mod 2^64, so the step multiplier is
 * m = -t[i], and m p = m + m 2^224 - m 2^96: m cancels the low limb (a carry unless it is 0),
 * and m's halves A = m << 32, B = m >> 32 are added at limbs i + 3, i + 4 and subtracted at
 * i + 1, i + 2. The multiple added is not negative, so the row's carry less its borrow is 0 or 1.
 * No limb product at all.
 */
static const gn_limb_t gn_redc_p224_p[4] = {1, 0xffffffff00000000u, 0xffffffffffffffffu, 0x00000000ffffffffu};

static GN_ALWAYS_INLINE gn_limb_t gn_redc_p224(gn_limb_t *t)
{
    gn_limb_t u = 0; /* u: carry out of row i - 1 into limb i + 4 */
    RN_UNROLL for (size_t i = 0; i < 4; i++) {
        gn_limb_t m = 0 - t[i], a = m << 32, b = m >> 32;
        gn_limb_t c = mp_addc(&t[i + 1], t[i + 1], ct_is_nonzero(t[i]) & 1, 0);
        c = mp_addc(&t[i + 2], t[i + 2], 0, c);
        c = mp_addc(&t[i + 3], t[i + 3], a, c);
        c = mp_addc(&t[i + 4], t[i + 4], b, c);
        gn_limb_t w = mp_subb(&t[i + 1], t[i + 1], a, 0);
        w = mp_subb(&t[i + 2], t[i + 2], b, w);
        w = mp_subb(&t[i + 3], t[i + 3], 0, w);
        w = mp_subb(&t[i + 4], t[i + 4], 0, w);
        u = c - w + mp_addc(&t[i + 4], t[i + 4], u, 0);
    }
    return u;
}

#endif
#endif
