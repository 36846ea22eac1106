/**
 * @file ec2m.h
 * @brief Ordinary binary elliptic curves y^2 + xy = x^3 + a x^2 + b over GF(2^m), b != 0.
 *
 * Points are affine (x, y) with an infinity flag (gn_ec2m_point_t) or Lopez-Dahab projective
 * (X : Y : Z) with x = X/Z, y = Y/Z^2 (gn_ec2m_ld_t; Z = 0 is the point at infinity).
 * Scalars are big-endian byte strings of any length up to GN_EC2M_MAX_SCALAR_BYTES.
 *
 * Leakage: gn_ec2m_ld_dbl, gn_ec2m_mul_ladder, gn_ec2m_neg, gn_ec2m_is_on_curve and the LD
 * conversions are constant time in the point and scalar values (the ladder's time depends on
 * klen only). Functions named `_var` branch on their inputs (exceptional cases of the group
 * law, scalar digits): use them for public data only.
 */
#ifndef GENUS_EC2M_H
#define GENUS_EC2M_H

#include "genus/f2m.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest scalar accepted (a 571-bit order plus slack). */
#define GN_EC2M_MAX_SCALAR_BYTES 80
/** Largest point encoding: 0x04 || x || y. */
#define GN_EC2M_MAX_ENCODING (1 + 2 * ((GN_F2M_MAX_M + 7) / 8))

/** An affine point; infinity != 0 marks the neutral element (x, y then 0). */
typedef struct gn_ec2m_point {
    gn_f2m_t x, y;
    int infinity;
} gn_ec2m_point_t;

/** A Lopez-Dahab projective point: x = X/Z, y = Y/Z^2; Z = 0 is the neutral element. */
typedef struct gn_ec2m_ld {
    gn_f2m_t X, Y, Z;
} gn_ec2m_ld_t;

/**
 * Curve parameters as text: the reduction polynomial's exponents (m first, descending, 0 last;
 * 3 or 5 of them) and lowercase or uppercase hex integers whose bit i is the coefficient of x^i.
 * gx, gy, n, h may be NULL (no base point / order known).
 */
typedef struct gn_ec2m_params {
    const char *name;
    unsigned exps[5];
    size_t nexp;
    const char *a, *b, *gx, *gy, *n, *h;
} gn_ec2m_params_t;

/** A binary curve; caller-owned, read-only after init. The fields are internal. */
typedef struct gn_ec2m_ctx {
    gn_f2m_ctx_t f;
    gn_f2m_t a, b;
    gn_limb_t a_is_one;   /* all ones if a = 1 (then a X is X: no product) */
    gn_ec2m_point_t g;    /* base point (infinity when none was given) */
    uint8_t n[GN_EC2M_MAX_SCALAR_BYTES]; /* order of g, big-endian in nbytes bytes (nbytes = 0: none) */
    size_t nbytes;
    unsigned h;           /* cofactor (0: unknown) */
    int n_prime;          /* n is prime (the protocols need it) */
    int order_exact;      /* h n is proven to be the group order (gn_ec2m_init) */
    const char *name;
} gn_ec2m_ctx_t;

/**
 * Build a curve: the field (gn_f2m_init's errors), a and b below 2^m (GN_ERR_RANGE, GN_ERR_PARSE),
 * b != 0 (GN_ERR_SINGULAR); with a base point, G on the curve (GN_ERR_NOT_ON_CURVE) and, with an
 * order, n G = infinity and n > 1 (GN_ERR_BAD_ORDER); with a cofactor too, Hasse's bound on h n
 * (GN_ERR_BAD_ORDER). As for prime curves (gn_ec_init), any n serves arithmetic; the protocols
 * need n prime and h n proven to be the group order (n > 4 sqrt(2^m), or m <= 16 and the points
 * counted, where a wrong h n is GN_ERR_BAD_ORDER), and return GN_ERR_UNVERIFIED_ORDER otherwise.
 * Variable time (public parameters).
 */
GN_API GN_NODISCARD gn_err gn_ec2m_init(gn_ec2m_ctx_t *ec, const gn_ec2m_params_t *params);
/** A named curve (B-163 ... K-571, or an alias such as sect163r2); GN_ERR_UNKNOWN_CURVE. */
GN_API GN_NODISCARD gn_err gn_ec2m_init_named(gn_ec2m_ctx_t *ec, const char *name);
GN_API size_t gn_ec2m_named_count(void);
GN_API const char *gn_ec2m_named_name(size_t i);
GN_API const char *gn_ec2m_named_aliases(size_t i);
GN_API const gn_ec2m_params_t *gn_ec2m_named_params(size_t i);

/** All-ones if p satisfies the curve equation (or is infinity), else 0; constant time. */
GN_API gn_limb_t gn_ec2m_is_on_curve(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *p);
GN_API void gn_ec2m_set_infinity(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r);
/** 1 if a == b (both infinity, or same coordinates). Variable time. */
GN_API int gn_ec2m_point_eq_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *a, const gn_ec2m_point_t *b);
/** r = -p = (x, x + y); constant time. */
GN_API void gn_ec2m_neg(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p);

/** Affine r = p + q by the chord rule (every case: infinity, p = q, p = -q). Variable time. */
GN_API void gn_ec2m_add_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p,
                            const gn_ec2m_point_t *q);
/** Affine r = p + q by one masked chord-and-tangent formula (every case, one constant-time
 *  inversion); constant time in p and q. */
GN_API void gn_ec2m_add(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p,
                        const gn_ec2m_point_t *q);
/** Affine r = 2 p by the tangent rule (2 p = infinity when x = 0). Variable time. */
GN_API void gn_ec2m_dbl_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p);

/** r = p in LD coordinates with Z = 1 (Z = 0 for infinity); constant time. */
GN_API void gn_ec2m_ld_from_aff(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_point_t *p);
/** r = p in LD coordinates with a given Z != 0 (X = x Z, Y = y Z^2); for tests of the formulas. */
GN_API void gn_ec2m_ld_from_aff_z(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_point_t *p,
                                  const gn_f2m_t *z);
/** r = p in affine coordinates (one constant-time inversion). */
GN_API void gn_ec2m_ld_to_aff(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_ld_t *p);
/** r = 2 p (EFD dbl-2005-l, 4M + 4S + 1D); complete (infinity, x = 0), constant time. */
GN_API void gn_ec2m_ld_dbl(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p);
/** r = p + q for affine q (EFD madd-2005-dl, 8M + 5S + 1D), every case handled by branches. Variable time. */
GN_API void gn_ec2m_ld_madd_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p,
                                const gn_ec2m_point_t *q);
/** r = p + q, both LD (the chord rule in LD coordinates, 14M + 5S + 1D), every case handled by branches. Variable time. */
GN_API void gn_ec2m_ld_add_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p,
                               const gn_ec2m_ld_t *q);

/**
 * r = [k] p by the Lopez-Dahab x-only Montgomery ladder (1999) over all 8 klen bits, masked
 * swaps, y recovered at the end. Constant time in k and p (time depends on klen).
 * p must be on the curve; r may be p. GN_ERR_INVALID when klen > GN_EC2M_MAX_SCALAR_BYTES.
 */
GN_API GN_NODISCARD gn_err gn_ec2m_mul_ladder(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k,
                                              size_t klen, const gn_ec2m_point_t *p);
/** r = [k] p by width-w NAF (w = 2..7; 0: 4; w = 7 runs as 6, the table held to 8 KiB of stack) in LD with
 * affine odd multiples. Variable time. */
GN_API GN_NODISCARD gn_err gn_ec2m_mul_wnaf_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k,
                                                size_t klen, const gn_ec2m_point_t *p, unsigned w);
/** r = [k] p by a fixed window of w bits (w = 1..6; 0: 4; w = 5 and 6 run as 4, the table held to 8 KiB of
 * stack), left to right. Variable time. */
GN_API GN_NODISCARD gn_err gn_ec2m_mul_window_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k,
                                                  size_t klen, const gn_ec2m_point_t *p, unsigned w);

/**
 * SEC1 2.3.3 encoding: compressed 0x02/0x03 || x (the low bit of the prefix is the x^0
 * coefficient of y/x, 0 when x = 0), or uncompressed 0x04 || x || y; infinity is 0x00.
 * @return GN_ERR_BUFFER when outsize is too small.
 */
GN_API GN_NODISCARD gn_err gn_ec2m_encode(const gn_ec2m_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                                          const gn_ec2m_point_t *p, int compressed);
/**
 * SEC1 2.3.4 decoding: GN_ERR_ENCODING (length, prefix, hybrid 0x06/0x07, infinity unless
 * allow_infinity, x = 0 with the prefix 0x03, which 2.3.3 never writes), GN_ERR_RANGE (a coordinate of degree >= m), GN_ERR_NOT_ON_CURVE, and
 * GN_ERR_NOT_SQUARE (compressed x with no point). Variable time (public points).
 */
GN_API GN_NODISCARD gn_err gn_ec2m_decode(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *in,
                                          size_t len, int allow_infinity);
/**
 * Public-key validation (SEC1 3.2.2.1): GN_ERR_INFINITY, GN_ERR_NOT_ON_CURVE, and when the curve
 * has an order and (h > 1 or check_subgroup), GN_ERR_SUBGROUP unless n p = infinity. Variable time.
 */
GN_API GN_NODISCARD gn_err gn_ec2m_validate_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *p,
                                                int check_subgroup);

#ifdef __cplusplus
}
#endif

#endif
