/* Internal declarations shared by the prime-field sources and their instantiations. */
#ifndef GN_FP_INTERNAL_H
#define GN_FP_INTERNAL_H

#include "genus/fp.h"
#include "util/cpu.h" /* gn_cpu_has_mulx */

#define GN_CAT2(a, b) a##b
#define GN_CAT(a, b) GN_CAT2(a, b)

/* GN_NO_SPEED_HINTS (sanitizer builds, see CMakeLists.txt): forced inlining and unrolling only
 * buy speed, and under the sanitizers they multiply the build time (every copy is instrumented). */
#if defined(GN_NO_SPEED_HINTS) && (defined(__GNUC__) || defined(__clang__))
#define GN_NOINLINE __attribute__((noinline))
#define GN_ALWAYS_INLINE inline
#define GN_FLATTEN
#elif defined(__GNUC__) || defined(__clang__)
#define GN_NOINLINE __attribute__((noinline))
#define GN_ALWAYS_INLINE inline __attribute__((always_inline))
/* every call in the function's body inlined: a thin entry point that adds no call of its own */
#define GN_FLATTEN __attribute__((flatten))
#else
#define GN_NOINLINE
#define GN_ALWAYS_INLINE inline
#define GN_FLATTEN
#endif

/* ctx->n, which the caller knows to be in 1..max (gn_fp_init keeps it within GN_FP_MAX_LIMBS):
 * telling the compiler lets it drop the empty-loop paths of the generic kernel and silences
 * false "may be used uninitialized" reports. */
static inline size_t gn_fp_limbs_within(const gn_fp_ctx_t *ctx, size_t max)
{
#if defined(__GNUC__)
    if (ctx->n == 0 || ctx->n > max)
        __builtin_unreachable();
#endif
    return ctx->n;
}

static inline size_t gn_fp_limbs_bounded(const gn_fp_ctx_t *ctx)
{
    return gn_fp_limbs_within(ctx, GN_FP_MAX_LIMBS);
}

/* Square-root algorithm chosen at set-up (ctx->sqrt_kind). */
#define GN_SQRT_TS 1    /* constant-time Tonelli-Shanks */
#define GN_SQRT_3MOD4 3 /* q = 3 mod 4 */
#define GN_SQRT_5MOD8 5 /* q = 5 mod 8 (Atkin) */

/* How an extension multiplies by its non-residue (gn_fpx_ctx_t.nr_kind). */
#define GN_NR_GENERAL 0
#define GN_NR_MINUS_ONE 1
#define GN_NR_SMALL 2

/*
 * y = x^-1 mod p for the canonical integer 0 <= x < p (n limbs each), y = 0 for
 * x = 0; returns all-ones iff x != 0. Constant time (src/fp/safegcd.c).
 */
gn_limb_t gn_fp_safegcd(const gn_fp_ctx_t *ctx, gn_limb_t *y, const gn_limb_t *x);

/*
 * y = x^-1 mod m for naturals x, m of n limbs (n <= GN_FP_MAX_LIMBS, m > 1, any x), y = 0 when
 * gcd(x, m) != 1; returns all-ones iff gcd(x, m) = 1. Variable time: Lehmer's extended
 * Euclidean algorithm (src/fp/lehmer.c).
 */
gn_limb_t gn_fp_lehmer_inv_var(gn_limb_t *y, const gn_limb_t *x, const gn_limb_t *m, size_t n);

/* The kernel serving p under the requested kind, or NULL (src/fp/ctx.c). */
const struct gn_fp_kernel *gn_fp_select_kernel(const gn_limb_t *p, size_t n, size_t bits, gn_fp_kernel_kind kind);

/* gn_fp_init_kernel without the primality test of p: for the built-in named curves, whose primes
 * the tests check, and for another kernel's copy of a field already set up (src/fp/ctx.c). */
gn_err gn_fp_init_trusted(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, gn_fp_kernel_kind kind);
gn_err gn_fp_init_rns_trusted(gn_fp_ctx_t *ctx, const uint8_t *pbytes, size_t len, struct gn_rns_ctx *rns,
                              const struct gn_rns_params *prm);

/* r (on the kernel of to) = a (on the kernel of from): the same element of the same field in
 * another representation, through its canonical integer. GN_ERR_RANGE only when the two fields
 * differ and a is not below to's p. */
gn_err gn_fp_rekernel(const gn_fp_ctx_t *to, gn_fp_t *r, const gn_fp_ctx_t *from, const gn_fp_t *a);

/* Montgomery constants for any odd modulus m of n limbs: n, bits, bytes, p,
 * pinv, one = R mod m, r2, r3 (src/fp/prime.c). */
void gn_fp_setup_montgomery(gn_fp_ctx_t *ctx, const gn_limb_t *m, size_t n);

#endif
