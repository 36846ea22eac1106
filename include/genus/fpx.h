/**
 * @file fpx.h
 * @brief Extension fields F_p^2 = F_p[i]/(i^2 - beta) and F_p^3 = F_p[j]/(j^3 - gamma).
 *
 * One interface for both degrees: the context records the degree and the
 * non-residue. beta must be a non-square and gamma a non-cube of F_p (so
 * F_p^3 in this binomial form exists only for p = 1 mod 3). The extension
 * arithmetic is written once over the base field's kernel, so it runs on the
 * same fixed-size or special-form code as F_p.
 *
 * Leakage: as for fp.h: constant time in element values except `_var`.
 */
#ifndef GENUS_FPX_H
#define GENUS_FPX_H

#include "genus/fp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An element of F_p^2 or F_p^3: opaque, in the kernel's representation. */
typedef struct gn_fpx {
    gn_limb_t v[3 * GN_FP_ELEM_LIMBS];
} gn_fpx_t;

/** An extension-field context; caller-owned, read-only after set-up. Fields are internal. */
typedef struct gn_fpx_ctx {
    const struct gn_fpx_kernel *kern;
    gn_fp_ctx_t fp;        /* the base field (a copy) */
    unsigned degree;       /* 2 or 3 */
    gn_fp_t nr;            /* the non-residue beta / gamma (kernel representation) */
    unsigned nr_kind;      /* how to multiply by it: general, -1, or small */
    uint32_t nr_abs;       /* |nr| when small */
    int nr_negative;       /* nr = -nr_abs */
    gn_fp_t frob[2];       /* F_p^3: gamma^((p-1)/3) and gamma^(2(p-1)/3) */
    gn_limb_t e_half[3 * GN_FP_MAX_LIMBS]; /* (q-1)/2, q = p^degree */
    gn_limb_t e_sqrt[3 * GN_FP_MAX_LIMBS]; /* square-root exponent (see fp.h) */
    gn_limb_t sqrt_c[3 * GN_FP_ELEM_LIMBS]; /* Tonelli-Shanks constant (an element) */
    unsigned sqrt_kind;
    unsigned two_adicity;
} gn_fpx_ctx_t;

/**
 * Build F_p^degree (degree 2 or 3) over @p fp. @p nonresidue may be NULL to
 * choose one: for degree 2, -1 when p = 3 mod 4, otherwise the small integer
 * of least absolute value that is a non-square; for degree 3, the least small
 * non-cube. A given non-residue is checked.
 * @return GN_ERR_INVALID (degree), GN_ERR_UNSUPPORTED (degree 3 with p != 1 mod 3),
 *         GN_ERR_NOT_RESIDUE (the given constant is a square / a cube).
 */
GN_API GN_NODISCARD gn_err gn_fpx_init(gn_fpx_ctx_t *ctx, const gn_fp_ctx_t *fp, unsigned degree,
                                       const gn_fp_t *nonresidue);
/** The degree, 2 or 3. */
GN_API unsigned gn_fpx_degree(const gn_fpx_ctx_t *ctx);
/** The non-residue in use (beta or gamma). */
GN_API void gn_fpx_get_nonresidue(const gn_fpx_ctx_t *ctx, gn_fp_t *out);
/** The base field context. */
GN_API const gn_fp_ctx_t *gn_fpx_base(const gn_fpx_ctx_t *ctx);

/** r = c[0] + c[1] i (+ c[2] j^2): exactly degree coefficients. */
GN_API void gn_fpx_set(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fp_t *c);
/** c[0..degree) = the coefficients of a. */
GN_API void gn_fpx_get(const gn_fpx_ctx_t *ctx, gn_fp_t *c, const gn_fpx_t *a);

GN_API void gn_fpx_set_zero(const gn_fpx_ctx_t *ctx, gn_fpx_t *r);
GN_API void gn_fpx_set_one(const gn_fpx_ctx_t *ctx, gn_fpx_t *r);
GN_API void gn_fpx_copy(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
GN_API void gn_fpx_add(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b);
GN_API void gn_fpx_sub(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b);
GN_API void gn_fpx_neg(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** Karatsuba: 3 base multiplications for degree 2, 6 for degree 3. */
GN_API void gn_fpx_mul(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b);
/** Degree 2: 2 multiplications; degree 3: Chung-Hasan SQR2, 2 multiplications and 3 squarings. */
GN_API void gn_fpx_sqr(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** r = c a for 0 <= c < 2^32. */
GN_API void gn_fpx_mul_small(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, uint32_t c);
/** r = 1/a via the norm: constant time. GN_ERR_NOT_INVERTIBLE for a = 0. */
GN_API GN_NODISCARD gn_err gn_fpx_inv(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** r = 1/a, variable time. */
GN_API GN_NODISCARD gn_err gn_fpx_inv_var(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** r = a^e, constant time in a and e (fixed window). */
GN_API void gn_fpx_pow(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_limb_t *e, size_t en);
/** r = a^e, variable time in the public exponent only. */
GN_API void gn_fpx_pow_var(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_limb_t *e, size_t en);
/** The Frobenius map r = a^p. */
GN_API void gn_fpx_frobenius(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** The norm N(a) = a a^p (a^p^2), an element of F_p. */
GN_API void gn_fpx_norm(const gn_fpx_ctx_t *ctx, gn_fp_t *r, const gn_fpx_t *a);
/**
 * r = a square root of a, constant time (Tonelli-Shanks over q = p^degree, or
 * the q = 3 mod 4 / 5 mod 8 shortcuts). GN_ERR_NOT_SQUARE if none.
 */
GN_API GN_NODISCARD gn_err gn_fpx_sqrt(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a);
/** Quadratic character of a in F_q: 1, 0 or -1; constant time. */
GN_API int gn_fpx_legendre(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a);
GN_API int gn_fpx_is_zero(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a);
GN_API int gn_fpx_eq(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a, const gn_fpx_t *b);
GN_API void gn_fpx_cswap(const gn_fpx_ctx_t *ctx, gn_fpx_t *a, gn_fpx_t *b, int swap);
GN_API void gn_fpx_cmov(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, int move);
/** Uniformly random element (coefficients sampled with gn_fp_random). */
GN_API GN_NODISCARD gn_err gn_fpx_random(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, gn_rng_fn rng, void *rng_state);

#ifdef __cplusplus
}
#endif

#endif
