/*
 * The carry-less product by PCLMULQDQ, schoolbook on 64-bit words. This file alone is compiled
 * with -mpclmul (CMakeLists.txt) and runs only when the CPU has the instruction
 * (gn_cpu_has_pclmul), so nothing of it runs elsewhere. With 32-bit limbs, pairs of limbs are
 * packed into words first.
 */
#include "f2m/f2m_internal.h"
#include "util/cpu.h"

#if GN_HAVE_PCLMUL
#include <wmmintrin.h>

#define W64 ((GN_F2M_MAX_M + 63) / 64)

/* r[0..2n-1] = a b for n 64-bit words. */
static void clmul_words(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    for (size_t i = 0; i < 2 * n; i++) /* not memset: a library call for a few words */
        r[i] = 0;
    for (size_t i = 0; i < n; i++) {
        __m128i x = _mm_cvtsi64_si128((long long)a[i]);
        for (size_t j = 0; j < n; j++) {
            __m128i p = _mm_clmulepi64_si128(x, _mm_cvtsi64_si128((long long)b[j]), 0x00);
            r[i + j] ^= (uint64_t)_mm_cvtsi128_si64(p);
            r[i + j + 1] ^= (uint64_t)_mm_cvtsi128_si64(_mm_srli_si128(p, 8));
        }
    }
}

#if GN_LIMB_BITS == 32
/* n 32-bit limbs into ceil(n/2) words; their count. */
static size_t pack(uint64_t *w, const gn_limb_t *a, size_t n)
{
    for (size_t i = 0; i < (n + 1) / 2; i++)
        w[i] = a[2 * i] | (2 * i + 1 < n ? (uint64_t)a[2 * i + 1] << 32 : 0);
    return (n + 1) / 2;
}

/* The first n limbs of the words w. */
static void unpack(gn_limb_t *c, const uint64_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = (gn_limb_t)(w[i / 2] >> (32 * (i % 2)));
}
#endif

/* r[0..2n-1] = a^2 for n 64-bit words: each word times itself, no cross terms. */
static void clsqr_words(uint64_t *r, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        __m128i x = _mm_cvtsi64_si128((long long)a[i]);
        __m128i p = _mm_clmulepi64_si128(x, x, 0x00);
        r[2 * i] = (uint64_t)_mm_cvtsi128_si64(p);
        r[2 * i + 1] = (uint64_t)_mm_cvtsi128_si64(_mm_srli_si128(p, 8));
    }
}

void gn_f2m_sqr_clmul(gn_limb_t *c, const gn_limb_t *a, size_t n)
{
#if GN_LIMB_BITS == 64
    clsqr_words(c, a, n);
#else
    uint64_t a64[W64], c64[2 * W64];
    size_t n64 = pack(a64, a, n);
    clsqr_words(c64, a64, n64);
    unpack(c, c64, 2 * n);
#endif
}

void gn_f2m_mul_clmul(gn_limb_t *c, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
#if GN_LIMB_BITS == 64
    clmul_words(c, a, b, n);
#else
    uint64_t a64[W64], b64[W64], c64[2 * W64];
    size_t n64 = pack(a64, a, n);
    (void)pack(b64, b, n);
    clmul_words(c64, a64, b64, n64);
    unpack(c, c64, 2 * n);
#endif
}

int gn_f2m_clmul_available(void)
{
    return gn_cpu_has_pclmul();
}
#else
void gn_f2m_mul_clmul(gn_limb_t *c, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    gn_f2m_mul_comb(c, a, b, n); /* never selected: gn_f2m_clmul_available() is 0 */
}

void gn_f2m_sqr_clmul(gn_limb_t *c, const gn_limb_t *a, size_t n)
{
    (void)c, (void)a, (void)n; /* never selected: gn_f2m_clmul_available() is 0 */
}

int gn_f2m_clmul_available(void)
{
    return 0;
}
#endif
