/*
 * The 4-way gs127 ladder (gs127_v4.tmpl.h) over AVX2: a lane vector is one __m256i. This file
 * alone is compiled with -mavx2 (CMakeLists.txt) and is called only when the CPU has AVX2
 * (gn_cpu_has_avx2), so nothing of it runs elsewhere.
 */
#include "fp/fp_internal.h" /* GN_ALWAYS_INLINE */
#include "kummer/gs127_fast.h"
#include "util/ct.h"

#if GN_HAVE_AVX2
#include <immintrin.h>

typedef __m256i V;

#define vadd _mm256_add_epi64
#define vsub _mm256_sub_epi64
#define vand _mm256_and_si256
#define vxor _mm256_xor_si256
#define vshl _mm256_slli_epi64
#define vshr _mm256_srli_epi64
#define vmul _mm256_mul_epu32
#define vbcast(v) _mm256_set1_epi64x((long long)(v))
#define vswap1(a) _mm256_shuffle_epi32((a), 0x4e)         /* within 128-bit halves */
#define vswap2(a) _mm256_permute4x64_epi64((a), 0x4e)
#define vset(a, b, c, d) _mm256_setr_epi64x((long long)(a), (long long)(b), (long long)(c), (long long)(d))
#define vload(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define vstore(p, a) _mm256_storeu_si256((__m256i *)(void *)(p), (a))

#define V4FN(name) gn_ku127_v4x_##name
#include "kummer/gs127_v4.tmpl.h"
#endif
