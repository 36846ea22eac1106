/*
 * The masked scan of a fixed-base window (src/scalar/base.c) with AVX2: an entry of 64 bytes
 * (x and y of 4 words) is two vector loads, masked and ORed, the mask from a vector comparison
 * of the entry's number with the digit (constant time in the digit). Compiled with -mavx2 (the
 * one function of this file); called only where gn_cpu_has_avx2.
 */
#include "scalar/base_scan.h"

#if GN_HAVE_AVX2
#include <immintrin.h>

void gn_base_scan8_avx2(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx)
{
    __m256i a0 = _mm256_setzero_si256(), a1 = _mm256_setzero_si256();
    const __m256i want = _mm256_set1_epi64x((long long)idx), one = _mm256_set1_epi64x(1);
    __m256i e = one; /* entries are numbered from 1: digit 0 selects nothing */
    for (size_t i = 0; i < entries; i++, e = _mm256_add_epi64(e, one)) {
        const __m256i m = _mm256_cmpeq_epi64(e, want);
        a0 = _mm256_or_si256(a0, _mm256_and_si256(m, _mm256_loadu_si256((const __m256i *)(row + 8 * i))));
        a1 = _mm256_or_si256(a1, _mm256_and_si256(m, _mm256_loadu_si256((const __m256i *)(row + 8 * i + 4))));
    }
    _mm256_storeu_si256((__m256i *)out, a0);
    _mm256_storeu_si256((__m256i *)(out + 4), a1);
}
#endif
