/**
 * @file f2m.h
 * @brief Binary fields GF(2^m) in polynomial basis, 2 <= m <= GN_F2M_MAX_M.
 *
 * A context is built once from the exponents of an irreducible trinomial
 * x^m + x^k + 1 or pentanomial x^m + x^k3 + x^k2 + x^k1 + 1 (gn_f2m_init);
 * it checks irreducibility (Ben-Or / Rabin) and selects, once:
 * - the reduction: fixed word-wise code for the NIST polynomials of m = 163,
 *   233, 283, 409, 571 (FIPS 186-4, D.1.3), else a generic word-wise (or, when
 *   a middle exponent is above m - W, chunk-wise) reduction;
 * - the carry-less product: PCLMULQDQ (x86-64 with the instruction) or the
 *   portable comb (HMV Alg. 2.34, with masks instead of branches).
 * An element is the polynomial of degree < m whose coefficient of x^i is bit
 * i of the limbs v[] (bit i % W of v[i / W]); limbs from ceil(m / W) up are
 * ignored. Encodings are big-endian, gn_f2m_bytes(ctx) bytes.
 *
 * Leakage: add, mul, sqr, sqrt, inv, div, trace, htrace and solve are
 * constant time in the element values; functions named `_var` may leak their
 * inputs through timing. A gn_err result reveals only whether it failed.
 */
#ifndef GENUS_F2M_H
#define GENUS_F2M_H

#include "genus/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest supported extension degree. */
#define GN_F2M_MAX_M 571
/** Limbs of an element of the largest field. */
#define GN_F2M_MAX_LIMBS ((GN_F2M_MAX_M + GN_LIMB_BITS - 1) / GN_LIMB_BITS)

/** Carry-less multiplier choice for gn_f2m_init_kernel. */
typedef enum gn_f2m_kernel_kind {
    GN_F2M_KERNEL_AUTO = 0,     /**< PCLMULQDQ when the build and the CPU have it, else portable */
    GN_F2M_KERNEL_PORTABLE = 1, /**< the comb method on limbs */
    GN_F2M_KERNEL_CLMUL = 2     /**< PCLMULQDQ (x86-64) */
} gn_f2m_kernel_kind;

/** An element of GF(2^m): bit i of the limbs is the coefficient of x^i. */
typedef struct gn_f2m {
    gn_limb_t v[GN_F2M_MAX_LIMBS];
} gn_f2m_t;

/** A binary-field context; caller-owned, read-only after init. The fields are internal. */
typedef struct gn_f2m_ctx {
    unsigned m;                       /* degree */
    unsigned k[3];                    /* middle exponents, descending (1 or 3 of them) */
    unsigned nk;                      /* how many: 1 (trinomial) or 3 (pentanomial) */
    size_t n;                         /* limbs of an element: ceil(m / W) */
    size_t bytes;                     /* bytes of an encoding: ceil(m / 8) */
    unsigned red;                     /* reduction: m for a fixed NIST one, 1 word-wise, 0 chunk-wise */
    int clmul;                        /* 1: products by PCLMULQDQ */
    gn_limb_t trace[GN_F2M_MAX_LIMBS]; /* bit i: Tr(x^i) (Newton's identities) */
    gn_limb_t tau[GN_F2M_MAX_LIMBS];   /* an element of trace 1 (solve, m even) */
} gn_f2m_ctx_t;

/**
 * Build the context for f = sum of x^e over the nexp exponents exps[]: m
 * first, strictly descending, 0 last; nexp = 3 (trinomial) or 5
 * (pentanomial), e.g. {163, 7, 6, 3, 0}. Variable time (public f).
 * @return GN_ERR_INVALID (malformed list), GN_ERR_TOO_LARGE (m > GN_F2M_MAX_M),
 *         GN_ERR_REDUCIBLE (f is not irreducible); GN_OK otherwise.
 */
GN_API GN_NODISCARD gn_err gn_f2m_init(gn_f2m_ctx_t *ctx, const unsigned *exps, size_t nexp);
/** As gn_f2m_init with a given multiplier; GN_ERR_UNSUPPORTED when the build or CPU lacks it. */
GN_API GN_NODISCARD gn_err gn_f2m_init_kernel(gn_f2m_ctx_t *ctx, const unsigned *exps, size_t nexp,
                                              gn_f2m_kernel_kind kind);
/** Name of the multiplier ("clmul" or "portable") and of the reduction ("fixed163", "words", "chunks"). */
GN_API const char *gn_f2m_kernel_name(const gn_f2m_ctx_t *ctx);
GN_API const char *gn_f2m_reduction_name(const gn_f2m_ctx_t *ctx);
/** 1 if the build has the PCLMULQDQ multiplier and the CPU runs it, else 0. */
GN_API int gn_f2m_have_clmul(void);
/** The carry-less 64 x 64-bit products of one multiplication (w^2: schoolbook) and one squaring
 *  (w) on ctx's PCLMULQDQ multiplier, w = ceil(m / 64) words (the reductions take none): the unit
 *  of the binary curves' floor (`genus bench --floor`). GN_ERR_UNSUPPORTED on the portable
 *  multiplier, whose table lookups are another unit. */
GN_API GN_NODISCARD gn_err gn_f2m_clmul_products(const gn_f2m_ctx_t *ctx, size_t *mul, size_t *sqr);
/** Bytes of an encoded element: ceil(m / 8). */
GN_API size_t gn_f2m_bytes(const gn_f2m_ctx_t *ctx);

GN_API void gn_f2m_set_zero(const gn_f2m_ctx_t *ctx, gn_f2m_t *r);
GN_API void gn_f2m_set_one(const gn_f2m_ctx_t *ctx, gn_f2m_t *r);
/** r = a (the polynomial of the natural a of n limbs). GN_ERR_RANGE unless deg a < m. */
GN_API GN_NODISCARD gn_err gn_f2m_set_mp(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_limb_t *a, size_t n);
/** out (n >= ctx->n limbs) = the limbs of a. */
GN_API void gn_f2m_get_mp(const gn_f2m_ctx_t *ctx, gn_limb_t *out, size_t n, const gn_f2m_t *a);
/** Decode exactly gn_f2m_bytes big-endian bytes: GN_ERR_INVALID on another length, GN_ERR_RANGE if deg >= m. */
GN_API GN_NODISCARD gn_err gn_f2m_decode(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const uint8_t *in, size_t len);
/** Encode a as gn_f2m_bytes big-endian bytes. */
GN_API void gn_f2m_encode(const gn_f2m_ctx_t *ctx, uint8_t *out, const gn_f2m_t *a);
/** All-ones limb mask if a == 0, else 0 (constant time). */
GN_API gn_limb_t gn_f2m_is_zero(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a);

/** r = a + b (= a - b). */
GN_API void gn_f2m_add(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b);
/** r = a b mod f. */
GN_API void gn_f2m_mul(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b);
/** r = a^2 mod f (linear time: bit spread, then reduction). */
GN_API void gn_f2m_sqr(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/** r = a^(2^k) (k squarings; k public). */
GN_API void gn_f2m_sqr_n(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a, unsigned k);
/** r = the square root of a, a^(2^(m-1)). */
GN_API void gn_f2m_sqrt(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);

/**
 * r = 1/a in constant time: Itoh-Tsujii, a^(2^m - 2) by an addition chain on
 * m - 1 that depends on m only. GN_ERR_NOT_INVERTIBLE if a == 0 (r = 0).
 */
GN_API GN_NODISCARD gn_err gn_f2m_inv(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/** r = b / a in constant time (b times the Itoh-Tsujii inverse). GN_ERR_NOT_INVERTIBLE if a == 0. */
GN_API GN_NODISCARD gn_err gn_f2m_div(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *b, const gn_f2m_t *a);
/** r = 1/a by Stein's binary algorithm with a swap (the background's Alg. 2.7); variable time. */
GN_API GN_NODISCARD gn_err gn_f2m_inv_stein_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/** r = 1/a by the swap-free binary algorithm (the background's Alg. 2.10, HMV Alg. 2.48); variable time. */
GN_API GN_NODISCARD gn_err gn_f2m_inv_stein2_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/** r = 1/a by the extended Euclidean algorithm (HMV Alg. 2.47); variable time. */
GN_API GN_NODISCARD gn_err gn_f2m_inv_eea_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/** r = b / a directly by the swap-free binary algorithm started at b (the background's Alg. 2.12); variable time. */
GN_API GN_NODISCARD gn_err gn_f2m_div_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *b, const gn_f2m_t *a);

/** Tr(a) = a + a^2 + ... + a^(2^(m-1)), 0 or 1 (a parity over a precomputed mask). */
GN_API unsigned gn_f2m_trace(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a);
/** r = H(a) = sum of a^(2^(2i)), i = 0..(m-1)/2. GN_ERR_UNSUPPORTED when m is even. */
GN_API GN_NODISCARD gn_err gn_f2m_htrace(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/**
 * r = the solution z of z^2 + z = c whose coefficient of x^0 is 0 (the other
 * is z + 1). GN_ERR_NOT_SQUARE when there is none (Tr(c) = 1; r = 0).
 */
GN_API GN_NODISCARD gn_err gn_f2m_solve_quad(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *c);

#ifdef __cplusplus
}
#endif

#endif
