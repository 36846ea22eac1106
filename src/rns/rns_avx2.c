/* The vector RNS reduction with AVX2 (4 channels a vector): compiled with -mavx2, called only
 * on CPUs with AVX2 (gn_rns_select). */
#include <immintrin.h>

#define V __m256i
#define W 4
#define VLOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define VSTORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define VSET1(x) _mm256_set1_epi64x((long long)(x))
#define VMULU(a, b) _mm256_mul_epu32((a), (b))
#define VADD(a, b) _mm256_add_epi64((a), (b))
#define VSUB(a, b) _mm256_sub_epi64((a), (b))
#define VAND(a, b) _mm256_and_si256((a), (b))
#define VSRL(v, c) _mm256_srli_epi64((v), (int)(c))
/* v - m where v >= m (values below 2^63: the signed comparison serves) */
#define VSUBGE(v, m) _mm256_sub_epi64((v), _mm256_andnot_si256(_mm256_cmpgt_epi64((m), (v)), (m)))
#define SIMD(x) gn_rns_##x##_avx2

#include "rns/rns_simd.h"
