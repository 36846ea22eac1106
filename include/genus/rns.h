/*
 * Residue Number System arithmetic modulo an odd prime p (background 003; DESIGN section 11).
 *
 * An element is held by its residues modulo 2n + 1 channels: base A = {a_1..a_n}, base
 * B = {b_1..b_n} (pseudo-Mersenne moduli 2^r - e, pairwise coprime, coprime to p) and a
 * redundant channel modulo 2^r. Addition, subtraction and products are channel-wise; the
 * modular reduction is RNS Montgomery (Posch and Posch 1995; Bajard, Didier, Kornerup 1998):
 * for t = x y, q = -t p^-1 mod B in base B, q extended to A, s = (t + q p) / B in A, s extended
 * back to B: s = x y B^-1 mod p, s < 4p when x, y < c p (rns_setup's bounds).
 *
 * Base extensions (the Cox sum): with xi_j = x_j |(B/b_j)^-1|_{b_j}, x = sum xi_j B/b_j - k B
 * for the integer k = floor(sum xi_j / b_j). Kawamura, Koike, Sano and Shimbo (Cox-Rower
 * architecture, EUROCRYPT 2000, section 4) approximate xi_j / b_j by the top h bits of xi_j over
 * 2^r: k' = floor(sum trunc_h(xi_j) / 2^h + alpha). Each term is low by less than
 * eps = e_max / 2^r (the denominator) plus delta = (2^(r-h) - 1) / 2^r (the truncation), so
 *   - alpha = 0 and n (eps + delta) <= 1: k' is k or k - 1, the extension gives x or x + B
 *     (used for q: s then stays below c^2 p^2 / B + 2p, see rns_setup);
 *   - n (eps + delta) <= alpha < 1 and x < (1 - alpha) A: k' = k, the extension is exact.
 * The exact alternative (Shenoy and Kumaresan 1989): the redundant residue x mod 2^r gives
 * k = (sum xi_i |A/a_i|_{2^r} - x_red) |A^-1|_{2^r} mod 2^r, exact as k < n < 2^r.
 *
 * Every operation runs in time independent of the values (masks, a fixed number of folds).
 */
#ifndef GN_RNS_H
#define GN_RNS_H

#include <stdint.h>

#include "genus/common.h"
#include "genus/fp.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GN_RNS_MAX_N 72    /* moduli per base: a 1024-bit p with 20-bit channels needs 53, a
                              2048-bit p with 30-bit channels (the vector code's) 69 (at r = 17..19
                              too few moduli 2^r - e, e < 2^(r/2), are coprime) */
#define GN_RNS_MIN_R 17    /* channel widths: 17..36 emulate hardware (background 003: 33..36), */
#define GN_RNS_MAX_R 62    /* 62 leaves two bits of headroom in a 64-bit word for lazy sums */
#define GN_RNS_FE_WORDS (2 * GN_RNS_MAX_N + 1)
#define GN_RNS_MAX_BITS 2048 /* p of up to 2048 bits (the field kernel serves up to GN_FP_MAX_BITS) */
#define GN_RNS_MAX_LIMBS (GN_RNS_MAX_BITS / GN_LIMB_BITS)
#define GN_RNS_BIG (GN_RNS_MAX_LIMBS + 128 / GN_LIMB_BITS + 2) /* limbs of A, B: p, the bound's c^2, a channel */
#define GN_RNS_KTAB 21 /* multiples 2^j p and 2^j p^2 (j < GN_RNS_KTAB) that subtractions add */

/* How the second base extension (A to B, which must be exact) is computed. */
typedef enum gn_rns_ext {
    GN_RNS_EXT_KAWAMURA = 0, /* the approximate Cox sum with the offset alpha */
    GN_RNS_EXT_SK = 1        /* Shenoy-Kumaresan, with the redundant channel */
} gn_rns_ext;

typedef struct gn_rns_ctx {
    unsigned r, n;      /* channel bits, moduli per base */
    unsigned h;         /* bits of xi kept in the Cox sum (Kawamura's truncation), 1..r */
    uint64_t alpha;     /* the second extension's offset alpha, in units of 2^-h */
    unsigned c;         /* a product's operands are below c p */
    unsigned folds;     /* folds of a 2r-bit product by 2^r = e that bring it below 2^(r+1) */
    unsigned chunk;     /* products a base extension sums before one reduction: chunk 2^(2r) <= 2^(r+64) */
    unsigned folds_sum; /* folds that bring such a sum (below 2^(r+64)) below 2^(r+1) */
    unsigned simd;      /* the reduction's code: 0 portable C, 256 AVX2, 512 AVX-512 (gn_rns_select) */
    gn_rns_ext ext;     /* the second extension's method */
    size_t pn;          /* limbs of p */
    gn_limb_t p[GN_RNS_MAX_LIMBS];
    uint64_t m[2 * GN_RNS_MAX_N + 8]; /* a_1..a_n, b_1..b_n (zero beyond: the vector code's lanes) */
    uint64_t e[2 * GN_RNS_MAX_N + 8]; /* m_i = 2^r - e_i */
    uint64_t mask;                /* 2^r - 1: the redundant channel */
    /* q = t (-p^-1) (B/b_j)^-1 mod b_j: xi of q directly */
    uint64_t b_mpinv[GN_RNS_MAX_N];
    uint64_t bj_in_a[GN_RNS_MAX_N][GN_RNS_MAX_N + 1]; /* |B/b_j| mod a_i, and mod 2^r (index n) */
    uint64_t b_in_a[GN_RNS_MAX_N + 1];                /* |B| mod a_i, mod 2^r */
    uint64_t p_in_a[GN_RNS_MAX_N + 1];                /* p mod a_i, mod 2^r */
    uint64_t binv_in_a[GN_RNS_MAX_N + 1];             /* B^-1 mod a_i, mod 2^r */
    uint64_t ai_inv[GN_RNS_MAX_N];                    /* |(A/a_i)^-1| mod a_i */
    uint64_t ai_in_b[GN_RNS_MAX_N][GN_RNS_MAX_N + 1]; /* |A/a_i| mod b_j, and mod 2^r (index n) */
    uint64_t a_in_b[GN_RNS_MAX_N];                    /* |A| mod b_j */
    uint64_t ainv_red;                                /* A^-1 mod 2^r */
    uint64_t two32[2 * GN_RNS_MAX_N + 8];             /* 2^32 mod m_i: binary to RNS, the vector folds */
    uint64_t bsq[GN_RNS_FE_WORDS];                    /* B^2 mod p in RNS: x -> x B (Montgomery form) */
    uint64_t p4[GN_RNS_FE_WORDS];                     /* 4p in RNS: subtraction stays positive */
    uint64_t one_m[GN_RNS_FE_WORDS];                  /* B mod p (below p): 1 in Montgomery form */
    uint64_t pk[GN_RNS_KTAB][GN_RNS_FE_WORDS];        /* 2^j p: the field kernel's subtractions */
    uint64_t p2k[GN_RNS_KTAB][GN_RNS_FE_WORDS];       /* 2^j p^2: the same on unreduced products */
    /* RNS to binary: x = sum xi_i (A/a_i) - k A over the integers */
    gn_limb_t ai_big[GN_RNS_MAX_N][GN_RNS_BIG]; /* A/a_i */
    gn_limb_t a_big[GN_RNS_BIG];                /* A */
    size_t abig_n;                                       /* limbs of A */
} gn_rns_ctx_t;

/* The code of the channel-wise products and the reduction (gn_rns_select). */
typedef enum gn_rns_impl {
    GN_RNS_IMPL_AUTO = 0,     /* the widest vectors the CPU has, for r <= 30; else portable */
    GN_RNS_IMPL_PORTABLE = 1, /* C, one channel at a time */
    GN_RNS_IMPL_AVX2 = 2,     /* 4 channels a vector (32-bit residues: r <= 30) */
    GN_RNS_IMPL_AVX512 = 3    /* 8 channels a vector (r <= 30) */
} gn_rns_impl;

/* Parameters of rns_setup; zero fields take defaults. */
typedef struct gn_rns_params {
    unsigned r;        /* channel bits (default gn_rns_default_r()) */
    unsigned h;        /* Cox-sum bits (default: r, no truncation) */
    unsigned c;        /* product operands below c p (default 8: one lazy addition before a product) */
    gn_rns_ext ext;    /* second extension (default Kawamura) */
    uint64_t alpha;    /* Kawamura's offset in units of 2^-h (default 2^(h-1): alpha = 1/2) */
    int unchecked;     /* tests only: skip the exactness conditions (to show they are needed) */
} gn_rns_params_t;

/*
 * Bases for the odd prime p (n limbs) with the parameters prm (NULL: defaults): the smallest n
 * such that A and B hold the bounds below, moduli 2^r - e for the smallest odd e that keep
 * them pairwise coprime and coprime to p. Conditions checked (Kawamura et al. 2000, theorems
 * 1 and 2, as in the header comment):
 *   B > c^2 p / 2                    s = (t + q p)/B < c^2 p^2 / B + 2p < 4p (q below 2B)
 *   A > 4p (Shenoy-Kumaresan) or (1 - alpha) A > 4p (Kawamura): the second extension is exact
 *   n (eps + delta) <= 1 (first extension), <= alpha (second, Kawamura)
 * GN_ERR_INVALID for parameters out of range or conditions that no base of GN_RNS_MAX_N
 * moduli meets (too few pairwise coprime moduli of r bits).
 */
GN_API GN_NODISCARD gn_err gn_rns_setup(gn_rns_ctx_t *ctx, const gn_limb_t *p, size_t pn, const gn_rns_params_t *prm);

/* The default channel width: 30 where the vector code runs (AVX2 or AVX-512: measured faster than
 * 62-bit channels in C at every size), else 62. */
GN_API unsigned gn_rns_default_r(void);
/* Choose the code of the products and reductions (gn_rns_setup takes AUTO): the same results
 * on every choice. GN_ERR_UNSUPPORTED when the build, the CPU or r (above 30) rules it out. */
GN_API GN_NODISCARD gn_err gn_rns_select(gn_rns_ctx_t *ctx, gn_rns_impl impl);
/* The name of the code in use: "portable", "avx2" or "avx512". */
GN_API const char *gn_rns_impl_name(const gn_rns_ctx_t *ctx);

/* The residues of the integer x (xn limbs, any size) on every channel. */
GN_API void gn_rns_from_int(const gn_rns_ctx_t *ctx, uint64_t *r, const gn_limb_t *x, size_t xn);
/* The integer x < A an element holds (any value the operations below give), reduced mod p into
 * y (pn limbs). */
GN_API void gn_rns_to_int(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x);

/* As gn_rns_to_int for x below 4p (what gn_rns_redc returns): two conditional subtractions
 * instead of a division. */
GN_API void gn_rns_to_int_small(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x);

/* Channel-wise, no reduction, on values below 4p (products' results): a + b, a - b + 4p,
 * 4p - a; the results are below 8p, operands of one product when c >= 8 (the default). */
GN_API void gn_rns_add(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
GN_API void gn_rns_sub(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
GN_API void gn_rns_neg(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a);
/* Channel-wise r = c a for a small public c (no reduction: c times a's bound). */
GN_API void gn_rns_mul_small(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, uint32_t c);
/* Channel-wise product without reduction (the "mulnr" of the lazy formulas). */
GN_API void gn_rns_mul_nored(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
/* RNS Montgomery reduction of t (a product of two values below c p, or a sum of such products
 * within the same bound c^2 p^2): r = t B^-1 mod p, below 4p. r may be t. */
GN_API void gn_rns_redc(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t);
/* r = a b B^-1 mod p (a, b below c p), below 4p. */
GN_API void gn_rns_mul(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
/* Montgomery form: x B mod p, and back. */
GN_API void gn_rns_to_mont(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *x);
GN_API void gn_rns_from_mont(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *x);
/* r = a^(p-2) = a^-1 (0 for a = 0) in Montgomery form, a below c p: left-to-right square and
 * multiply over the bits of the public exponent p - 2 (background 003's inversion). */
GN_API void gn_rns_inv(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a);
/* Constant-time conditional swap (mask all-ones or zero). */
GN_API void gn_rns_cswap(const gn_rns_ctx_t *ctx, uint64_t *a, uint64_t *b, uint64_t mask);
/* The words of one element: 2n + 1. */
GN_API size_t gn_rns_words(const gn_rns_ctx_t *ctx);

#ifdef __cplusplus
}
#endif

#endif
