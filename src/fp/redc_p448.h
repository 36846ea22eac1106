/*
 * Montgomery reduction t / 2^448 specialised to the Goldilocks prime p = 2^448 - 2^224 - 1
 * (curve448, RFC 7748), for t < p 2^448 (a product of two elements below p); 64- or 32-bit
 * limbs. Like src/fp/redc_nist.h it works in place, leaves t / R < 2p in t[N..2N-1] and
 * returns its top bit; kern_mont.h subtracts p once. Same Montgomery representation as the
 * generic kernels, so everything else of src/fp/kern_mont.h serves this prime unchanged.
 *
 * With R = 2^448 and M = 2^224: p = -(M + 1) mod R, so -1/p = 1/(M + 1) = 1 - M mod R (as
 * M^2 = 0 mod R) and no multiplication by p' is needed. Split t = H R + L1 M + L0 (L0, L1 below
 * M). The Montgomery quotient is Q = L (1 - M) mod R = L0 + D M with D = (L1 - L0) mod M, and
 * b = [L1 < L0] the borrow of that difference; then (t + Q p) / R works out to
 *   H + L0 + D (M - 1) - b,
 * shifts, additions and subtractions only. The word-by-word form (the quotient digit is the
 * limb itself, as -p^-1 mod 2^64 = 1) would take seven dependent rows instead.
 * Bounds: F = L0 + D (M - 1) - b lies in [0, R) (b = 1 forces L0 > 0), and for t <= (p - 1)^2,
 * H <= R - 2M - 1, so H + F <= 2R - 3M - 1 < 2p.
 */
#ifndef GN_FP_REDC_P448_H
#define GN_FP_REDC_P448_H

#include "fp/fp_internal.h"
#include "mp/limb.h"
#include "util/ct.h"

#if defined(__GNUC__) && !defined(__clang__) && !defined(GN_NO_SPEED_HINTS)
#define RG_UNROLL _Pragma("GCC unroll 16")
#elif defined(__clang__) && !defined(GN_NO_SPEED_HINTS)
#define RG_UNROLL _Pragma("unroll")
#else
#define RG_UNROLL
#endif

#define RG_N (448 / GN_LIMB_BITS)                        /* limbs of p: 7 or 14 */
#define RG_H (224 / GN_LIMB_BITS)                        /* limb holding bit 224: 3 or 7 */
#define RG_S (224 % GN_LIMB_BITS)                        /* its offset there: 32 or 0 */
#define RG_HN ((224 + GN_LIMB_BITS - 1) / GN_LIMB_BITS) /* limbs of a 224-bit half: 4 or 7 */
#define RG_TOPMASK (RG_S ? ((gn_limb_t)1 << RG_S) - 1 : GN_LIMB_MAX) /* of a half's top limb */

/* Limbs of p from the lowest, for the kernel selection (src/fp/ctx.c). */
#if GN_LIMB_BITS == 64
static const gn_limb_t gn_redc_p448_p[RG_N] = {GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX, 0xfffffffeffffffffu,
                                               GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX};
#else
static const gn_limb_t gn_redc_p448_p[RG_N] = {GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX,
                                               GN_LIMB_MAX, GN_LIMB_MAX, 0xfffffffeu,  GN_LIMB_MAX, GN_LIMB_MAX,
                                               GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX, GN_LIMB_MAX};
#endif

/* (hi:lo) >> s for 0 <= s < W; two shifts of hi so that s = 0 never shifts by W. */
static GN_ALWAYS_INLINE gn_limb_t gn_redc_p448_shr(gn_limb_t lo, gn_limb_t hi, unsigned s)
{
    return (lo >> s) | ((hi << 1) << (GN_LIMB_BITS - 1 - s));
}

static GN_ALWAYS_INLINE gn_limb_t gn_redc_p448(gn_limb_t *t)
{
    gn_limb_t l0[RG_HN], d[RG_HN], f[RG_N], bw = 0, c = 0;
    /* L0 = t mod M, and D = L1 - L0 mod M with L1 = floor(t / M) mod M (limbs RG_H..RG_N-1) */
    RG_UNROLL for (size_t i = 0; i < RG_HN; i++) {
        l0[i] = i + 1 < RG_HN ? t[i] : t[i] & RG_TOPMASK;
        gn_limb_t l1 = gn_redc_p448_shr(t[RG_H + i], RG_H + i + 1 < RG_N ? t[RG_H + i + 1] : 0, RG_S);
        bw = mp_subb(&d[i], l1, l0[i], bw);
    }
    d[RG_HN - 1] &= RG_TOPMASK; /* bw = b: both halves are below M */
    /* F = (L0 + D M) - D - b: L0 fills the limbs below bit 224, D M those above */
    RG_UNROLL for (size_t j = 0; j < RG_N; j++) {
        gn_limb_t e = j < RG_HN ? l0[j] : 0;
        if (j >= RG_H) {
            size_t k = j - RG_H;
            e |= d[k] << RG_S;
            if (k > 0)
                e |= (d[k - 1] >> 1) >> (GN_LIMB_BITS - 1 - RG_S);
        }
        bw = mp_subb(&f[j], e, j < RG_HN ? d[j] : 0, bw);
    }
    /* t / R = H + F, below 2p */
    RG_UNROLL for (size_t j = 0; j < RG_N; j++) c = mp_addc(&t[RG_N + j], t[RG_N + j], f[j], c);
    return c;
}

#endif
