/* The vector RNS reduction with AVX-512F (8 channels a vector): compiled with -mavx512f, called
 * only on CPUs with AVX-512F (gn_rns_select). */
#include <immintrin.h>

#define V __m512i
#define W 8
#define VLOAD(p) _mm512_loadu_si512((const void *)(p))
#define VSTORE(p, v) _mm512_storeu_si512((void *)(p), (v))
#define VSET1(x) _mm512_set1_epi64((long long)(x))
#define VMULU(a, b) _mm512_mul_epu32((a), (b))
#define VADD(a, b) _mm512_add_epi64((a), (b))
#define VSUB(a, b) _mm512_sub_epi64((a), (b))
#define VAND(a, b) _mm512_and_si512((a), (b))
#define VSRL(v, c) _mm512_srli_epi64((v), (unsigned)(c))
#define VSUBGE(v, m) _mm512_mask_sub_epi64((v), _mm512_cmpge_epu64_mask((v), (m)), (v), (m))
#define SIMD(x) gn_rns_##x##_avx512

#include "rns/rns_simd.h"
