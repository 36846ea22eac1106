/*
 * The masked scans of the windows' tables with AVX2: an entry's words are read four by four,
 * masked and ORed, the mask from a vector comparison of the entry's number with the digit
 * (constant time in the digit). Compiled with -mavx2; called only where gn_cpu_has_avx2.
 */
#include "scalar/base_scan.h"

#if GN_HAVE_AVX2
#include <immintrin.h>

/* A fixed-base window (src/scalar/base.c): an entry of 64 bytes (x and y of 4 words) is two
 * vector loads. */
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

/* A variable-base window (src/scalar/group.c, tab_select_w): four words of every entry at a
 * time, so that one accumulator stays in a register; the last one to three words by masked
 * loads and stores (the mask depends on the width alone). */
void gn_scan_avx2(uint64_t *sel, const uint64_t *tab, size_t n, size_t pl, size_t width, uint64_t idx)
{
    const __m256i want = _mm256_set1_epi64x((long long)idx), one = _mm256_set1_epi64x(1);
    for (size_t i = 0; i < width; i += 4) {
        const __m256i lanes = _mm256_set_epi64x(3, 2, 1, 0);
        const __m256i keep = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(width - i)), lanes);
        __m256i a = _mm256_setzero_si256(), e = _mm256_setzero_si256();
        for (size_t k = 0; k < n; k++, e = _mm256_add_epi64(e, one)) {
            const __m256i m = _mm256_cmpeq_epi64(e, want);
            const long long *src = (const long long *)(tab + k * pl + i);
            const __m256i v = i + 4 <= width ? _mm256_loadu_si256((const __m256i *)src) : _mm256_maskload_epi64(src, keep);
            a = _mm256_or_si256(a, _mm256_and_si256(m, v));
        }
        if (i + 4 <= width)
            _mm256_storeu_si256((__m256i *)(sel + i), a);
        else
            _mm256_maskstore_epi64((long long *)(sel + i), keep, a);
    }
}
#endif
