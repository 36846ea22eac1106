/*
 * Constant-time helpers on limbs. A mask is all-ones (true) or zero (false).
 * Every helper is branch-free; ct_barrier hides values from the optimiser so
 * that masks are not turned back into branches (a known hazard with clang and
 * gcc when a mask is visibly 0 or ~0).
 */
#ifndef GN_UTIL_CT_H
#define GN_UTIL_CT_H

#include <stddef.h>

#include "genus/common.h"

#define GN_LIMB_MAX ((gn_limb_t)~(gn_limb_t)0)

/*
 * Publishing a value derived from secrets on purpose (whether a rejection-sampled candidate was
 * in range, whether a shared secret is zero): the constant-time check (tests/ctime, valgrind
 * memcheck with secrets marked undefined) must not report the branch that follows. A memcheck
 * client request where valgrind's header was found at configure time (a few instructions, no
 * effect outside valgrind); nothing otherwise.
 */
#if GN_HAVE_VALGRIND
#include <valgrind/memcheck.h>
#define GN_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define GN_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* Value barrier: the compiler must assume x may have any value afterwards. */
static inline gn_limb_t ct_barrier(gn_limb_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
    return x;
#else
    volatile gn_limb_t v = x;
    return v;
#endif
}

/* Mask from the lowest bit of b (b must be 0 or 1). */
static inline gn_limb_t ct_mask_bit(gn_limb_t b)
{
    return (gn_limb_t)0 - ct_barrier(b & 1);
}

/* Mask from the most significant bit of x. */
static inline gn_limb_t ct_mask_msb(gn_limb_t x)
{
    return ct_mask_bit(x >> (GN_LIMB_BITS - 1));
}

/* All-ones iff x == 0. */
static inline gn_limb_t ct_is_zero(gn_limb_t x)
{
    return ct_mask_msb(~x & (x - 1));
}

/* All-ones iff x != 0. */
static inline gn_limb_t ct_is_nonzero(gn_limb_t x)
{
    return ~ct_is_zero(x);
}

/* All-ones iff a == b. */
static inline gn_limb_t ct_eq(gn_limb_t a, gn_limb_t b)
{
    return ct_is_zero(a ^ b);
}

/* All-ones iff a < b (unsigned): the borrow of a - b. */
static inline gn_limb_t ct_lt(gn_limb_t a, gn_limb_t b)
{
    return ct_mask_msb((~a & b) | ((~a | b) & (a - b)));
}

/* mask ? a : b. */
static inline gn_limb_t ct_mux(gn_limb_t mask, gn_limb_t a, gn_limb_t b)
{
    mask = ct_barrier(mask);
    return b ^ (mask & (a ^ b));
}

/* If mask, swap the n limbs of a and b. */
static inline void ct_cswap(gn_limb_t mask, gn_limb_t *a, gn_limb_t *b, size_t n)
{
    mask = ct_barrier(mask);
    for (size_t i = 0; i < n; i++) {
        gn_limb_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* If mask, r = a (n limbs); otherwise r is unchanged. */
static inline void ct_cmov(gn_limb_t mask, gn_limb_t *r, const gn_limb_t *a, size_t n)
{
    mask = ct_barrier(mask);
    for (size_t i = 0; i < n; i++)
        r[i] ^= mask & (r[i] ^ a[i]);
}

/* All-ones iff the n limbs of a are all zero. */
static inline gn_limb_t ct_is_zero_n(const gn_limb_t *a, size_t n)
{
    gn_limb_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= a[i];
    return ct_is_zero(acc);
}

/* All-ones iff the n limbs of a and b are equal. */
static inline gn_limb_t ct_eq_n(const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    gn_limb_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= a[i] ^ b[i];
    return ct_is_zero(acc);
}

/* Byte versions, for encodings and table scans. */
static inline uint8_t ct_mux_u8(gn_limb_t mask, uint8_t a, uint8_t b)
{
    mask = ct_barrier(mask);
    return (uint8_t)(b ^ ((uint8_t)mask & (a ^ b)));
}

#endif
