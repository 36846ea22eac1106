/*
 * The floor of `genus bench --floor` (docs/PERFORMANCE.md): the word products an operation
 * performs, from the field operations the counting kernel tallies (gn_ec_counting) times the
 * products of one operation on the kernel in use (gn_fp_word_products), and the throughput of
 * word products measured here, so that measured / floor says how far an operation is from
 * keeping the multiplier busy. Binary fields count carry-less products (gn_f2m_clmul_products)
 * against their own throughput (clmul_product).
 */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

#if GN_LIMB_BITS == 64
typedef unsigned __int128 wide_t;
#else
typedef uint64_t wide_t;
#endif

/* `iters` word products in 12 independent chains (more than a product's latency times the
 * multipliers' throughput on any x86-64 core): each chain folds its product's halves into the
 * next operand, so no product can be skipped or hoisted. */
#define LANES 12
static void body_word_product(void *s, size_t iters)
{
    gn_limb_t *x = s, a[LANES];
    const gn_limb_t b = x[LANES];
    memcpy(a, x, sizeof a);
    for (size_t i = 0; i < iters; i += LANES)
        for (unsigned j = 0; j < LANES; j++) {
            const wide_t t = (wide_t)a[j] * b;
            a[j] = (gn_limb_t)t + (gn_limb_t)(t >> GN_LIMB_BITS);
        }
    memcpy(x, a, sizeof a);
}

void bench_word_product(bench_set *set)
{
    static gn_limb_t x[LANES + 1];
    for (unsigned j = 0; j <= LANES; j++)
        x[j] = (gn_limb_t)0x9e3779b97f4a7c15ULL * (j + 3) | 1;
    const char *filter = set->filter;
    set->filter = NULL; /* the floor of every result needs it */
    bench_run(set, "word_product", "genus", body_word_product, x);
    set->filter = filter;
    set->ref_fn = body_word_product; /* timed beside every later genus result: its floor's ticks */
    set->ref_state = x;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <wmmintrin.h>
/* `iters` carry-less 64 x 64-bit products (PCLMULQDQ) in 12 independent chains, each folding its
 * product's halves into the next operand; compiled for PCLMULQDQ here alone, run only where
 * gn_f2m_have_clmul says the CPU has it. */
__attribute__((target("pclmul,sse4.1"))) static void body_clmul_product(void *s, size_t iters)
{
    uint64_t *x = s;
    __m128i a[LANES];
    const __m128i b = _mm_cvtsi64_si128((long long)x[LANES]);
    for (unsigned j = 0; j < LANES; j++)
        a[j] = _mm_cvtsi64_si128((long long)x[j]);
    for (size_t i = 0; i < iters; i += LANES)
        for (unsigned j = 0; j < LANES; j++) {
            const __m128i t = _mm_clmulepi64_si128(a[j], b, 0x00);
            a[j] = _mm_xor_si128(t, _mm_srli_si128(t, 8));
        }
    for (unsigned j = 0; j < LANES; j++)
        x[j] = (uint64_t)_mm_cvtsi128_si64(a[j]);
}
#endif

void bench_clmul_product(bench_set *set)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static uint64_t x[LANES + 1];
    if (!gn_f2m_have_clmul())
        return;
    for (unsigned j = 0; j <= LANES; j++)
        x[j] = 0x9e3779b97f4a7c15ULL * (j + 5) | 1;
    const char *filter = set->filter;
    set->filter = NULL;
    bench_run(set, "clmul_product", "genus", body_clmul_product, x);
    set->filter = filter;
#else
    (void)set;
#endif
}

double bench_products(const gn_fp_ctx_t *fp, const gn_op_counts_t *c)
{
    size_t pm, ps;
    if (gn_fp_word_products(fp, &pm, &ps) != GN_OK)
        return 0;
    /* a product by a curve constant is a full product on the kernels (D); one by a small
     * integer takes a limb product per limb (c) */
    return (double)(c->m + c->d) * (double)pm + (double)c->s * (double)ps + (double)c->c * (double)gn_fp_limbs(fp);
}
