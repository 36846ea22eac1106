/*
 * Single-limb primitives: add with carry, subtract with borrow, full
 * product. Everything here is branch-free and inlined into the kernels.
 */
#ifndef GN_MP_LIMB_H
#define GN_MP_LIMB_H

#include "genus/common.h"

#if GN_LIMB_BITS == 64
#if !defined(__SIZEOF_INT128__)
#error "64-bit limbs need unsigned __int128; configure with -DGENUS_LIMB_BITS=32"
#endif
typedef unsigned __int128 gn_dlimb_t;
#else
typedef uint64_t gn_dlimb_t;
#endif

#if GN_LIMB_BITS == 64 && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
/* The carry intrinsics keep carry chains in the flags (adc/sbb); the double-limb idiom below
 * compiled to flag-to-register round trips in longer chains. */
static inline gn_limb_t mp_addc(gn_limb_t *r, gn_limb_t a, gn_limb_t b, gn_limb_t c)
{
    unsigned long long o;
    c = _addcarry_u64((unsigned char)c, a, b, &o);
    *r = o;
    return c;
}

static inline gn_limb_t mp_subb(gn_limb_t *r, gn_limb_t a, gn_limb_t b, gn_limb_t c)
{
    unsigned long long o;
    c = _subborrow_u64((unsigned char)c, a, b, &o);
    *r = o;
    return c;
}
#else
/* r = a + b + c (c in {0,1}); returns the carry. */
static inline gn_limb_t mp_addc(gn_limb_t *r, gn_limb_t a, gn_limb_t b, gn_limb_t c)
{
    gn_dlimb_t t = (gn_dlimb_t)a + b + c;
    *r = (gn_limb_t)t;
    return (gn_limb_t)(t >> GN_LIMB_BITS);
}

/* r = a - b - c (c in {0,1}); returns the borrow. */
static inline gn_limb_t mp_subb(gn_limb_t *r, gn_limb_t a, gn_limb_t b, gn_limb_t c)
{
    gn_dlimb_t t = (gn_dlimb_t)a - b - c;
    *r = (gn_limb_t)t;
    return (gn_limb_t)(t >> GN_LIMB_BITS) & 1;
}
#endif

/* (hi, lo) = a * b + c + d; cannot overflow two limbs. */
#if GN_LIMB_BITS == 32 && defined(__arm__) && defined(__ARM_ARCH) && __ARM_ARCH >= 6 && defined(__ARM_FEATURE_DSP) && \
    (!defined(__thumb__) || defined(__thumb2__)) && (defined(__GNUC__) || defined(__clang__)) && !defined(GN_NO_UMAAL)
/* 32-bit ARM (ARMv6 and later A/R profiles, ARMv7E-M): UMAAL is exactly this, hi:lo = a b + lo + hi,
 * in one instruction of fixed timing; GCC 12 makes the C form an umlal and two additions with
 * carry (an 8-limb Montgomery product: 895 -> 541 instructions; docs/ARCHITECTURE.md). */
#define GN_MP_UMAAL 1
static inline gn_limb_t mp_muladd2(gn_limb_t *lo, gn_limb_t a, gn_limb_t b, gn_limb_t c, gn_limb_t d)
{
    gn_limb_t l = c, h = d;
    __asm__("umaal %0, %1, %2, %3" : "+r"(l), "+r"(h) : "r"(a), "r"(b));
    *lo = l;
    return h;
}
#else
static inline gn_limb_t mp_muladd2(gn_limb_t *lo, gn_limb_t a, gn_limb_t b, gn_limb_t c, gn_limb_t d)
{
    gn_dlimb_t t = (gn_dlimb_t)a * b + c + d;
    *lo = (gn_limb_t)t;
    return (gn_limb_t)(t >> GN_LIMB_BITS);
}
#endif

/* (hi, lo) = a * b. */
static inline gn_limb_t mp_mul_wide(gn_limb_t *lo, gn_limb_t a, gn_limb_t b)
{
    gn_dlimb_t t = (gn_dlimb_t)a * b;
    *lo = (gn_limb_t)t;
    return (gn_limb_t)(t >> GN_LIMB_BITS);
}

/* Leading zero bits of x != 0; variable time (public values). */
static inline unsigned mp_clz_var(gn_limb_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return GN_LIMB_BITS == 64 ? (unsigned)__builtin_clzll((unsigned long long)x) : (unsigned)__builtin_clz((unsigned)x);
#else
    unsigned n = 0;
    while (!(x >> (GN_LIMB_BITS - 1)))
        x <<= 1, n++;
    return n;
#endif
}

/* -a^-1 mod 2^W for odd a, by Newton iteration (each step doubles the correct bits). */
static inline gn_limb_t mp_neg_inv_limb(gn_limb_t a)
{
    gn_limb_t x = a; /* a * a == 1 mod 8: three bits correct */
    for (int i = 0; i < 5; i++)
        x *= 2 - a * x;
    return (gn_limb_t)0 - x;
}

#endif
