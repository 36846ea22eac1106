/**
 * @file g2.h
 * @brief Jacobians of genus-2 curves y^2 = f(x), deg f = 5 or 6, over a prime field (odd
 * characteristic, h = 0), elements in Mumford representation.
 *
 * An element is a reduced divisor class given by (u, v): u monic, deg v < deg u <= 2,
 * u | v^2 - f. deg f = 5: one point at infinity, D = div(u, v) - deg u inf, n = 0; the neutral
 * element has u = 1, v = 0.
 *
 * deg f = 6, f6 a square ("split": two rational points at infinity inf+ and inf-, inf+ the one
 * where y / x^3 -> s, s the square root of f6 that is even as an integer in [0, p)): the
 * balanced representation of Galbraith, Harrison and Mireles Morales ("Efficient hyperelliptic
 * arithmetic using balanced representation for divisors", ANTS 2008): (u, v, n) stands for
 * D = div(u, v) + n inf+ + (2 - deg u - n) inf- - (inf+ + inf-) with 0 <= n <= 2 - deg u. Every
 * class has exactly one such form (Riemann-Roch: the effective degree-2 divisor D + inf+ + inf-
 * is unique unless it is canonical, and the only canonical one of this shape is inf+ + inf-),
 * so equality is equality of (u, v, n); the neutral element is u = 1, v = 0, n = 1, and
 * -(u, v, n) = (u, -v, 2 - deg u - n).
 *
 * deg f = 6, f6 not a square ("non-split": one place of degree 2 at infinity): deg u is 0 or 2
 * (D = div(u, v) - (deg u / 2) inf, inf the degree-2 place; a rational affine divisor of degree
 * 1 would need a rational divisor of odd degree at infinity), n = 0; unique by the same
 * argument, the neutral element u = 1, v = 0.
 *
 * Two group laws: Cantor's algorithm (composition and reduction, any inputs, variable time,
 * the reference: functions named _var), and explicit affine formulas for the general case of
 * addition and doubling (Harley's algorithm in the arrangement of Lange, "Formulae for
 * arithmetic on genus 2 hyperelliptic curves", AAECC 15, 2005, for general f5 and f4), which
 * gn_g2_mul runs in constant time.
 *
 * The explicit formulas are for deg f = 5; degree-6 curves use Cantor's algorithm throughout
 * (composition, then for split curves the reduction and adjustment steps of GHM 2008 with the
 * polynomial V+, the polynomial part of sqrt(f), see src/g2/cantor.c).
 *
 * Leakage: gn_g2_mul is constant time in the scalar and the element on deg f = 5, except that
 * it reveals whether an exceptional case of the explicit formulas occurred (then it recomputes
 * with Cantor); on deg f = 6 it is the Montgomery ladder over Cantor's algorithm, the pair
 * swapped by masks, so the sequence of group operations does not depend on the scalar, but
 * Cantor's running time follows the degrees and the values met inside it
 * (gcd lengths, variable-time inversions, the number of adjustment steps), which depend on the
 * intermediate multiples and so on the scalar. gn_g2_random branches on rejected candidates
 * only. Functions named _var are not constant time.
 */
#ifndef GENUS_G2_H
#define GENUS_G2_H

#include "genus/fp.h"

#ifdef __cplusplus
extern "C" {
#endif

struct gn_g2_impl;

/**
 * An element of the Jacobian: u = x^2 + u1 x + u0, v = v1 x + v0 when deg = 2;
 * u = x + u0, v = v0 when deg = 1 (c[0] = c[2] = 0); u = 1 when deg = 0 (all coordinates
 * zero). n: the multiplicity of inf+ of a split degree-6 curve (0 <= n <= 2 - deg), else 0
 * (an element built by hand must set it: gn_g2_check and gn_g2_eq read it on every curve).
 */
typedef struct gn_g2_elem {
    gn_fp_t c[4]; /* u1, u0, v1, v0 */
    unsigned deg; /* deg u: 0, 1 or 2 */
    unsigned n;   /* balanced representation (split deg f = 6 only) */
} gn_g2_elem_t;

/** A genus-2 curve y^2 = f(x) and its Jacobian. Caller-owned, read-only after init. */
typedef struct gn_g2_ctx {
    gn_fp_ctx_t fp;
    const struct gn_g2_impl *impl; /* the explicit formulas instantiated over fp's kernel */
    unsigned deg;                  /* deg f (5 or 6) */
    gn_fp_t f[7];                  /* f_0 .. f_6 */
    int split;                     /* deg f = 6 and f6 a square: two rational points at infinity */
    gn_fp_t vplus[4];              /* split: V+ = s x^3 + ..., deg(f - V+^2) <= 2 (constant first) */
} gn_g2_ctx_t;

/**
 * The curve y^2 = f(x) over fp (copied), f = f[0] + f[1] x + ... + f[nf-1] x^(nf-1).
 * @return GN_ERR_INVALID on NULL or nf < 6 or nf > 7; GN_ERR_UNSUPPORTED for deg f < 5;
 *         GN_ERR_SINGULAR when f has a repeated root (gcd(f, f') != 1).
 */
GN_API GN_NODISCARD gn_err gn_g2_init(gn_g2_ctx_t *g, const gn_fp_ctx_t *fp, const gn_fp_t *f, size_t nf);

/**
 * The Rosenhain curve y^2 = x (x - 1)(x - lambda)(x - mu)(x - nu) over 2^127 - 1 whose Kummer
 * surface is the Gaudry-Schost surface of gn_kummer_init_gs127 (lambda = -19/6; mu, nu from
 * the squared theta constants, Gaudry 2007); #J = 16 N, N the 250-bit prime of kummer.h's
 * surface. On the 2^127 - 1 special kernel.
 */
GN_API GN_NODISCARD gn_err gn_g2_init_gs127(gn_g2_ctx_t *g);

/** r = the neutral element. */
GN_API void gn_g2_identity(const gn_g2_ctx_t *g, gn_g2_elem_t *r);
/** 1 if a is the neutral element. */
GN_API int gn_g2_is_identity(const gn_g2_ctx_t *g, const gn_g2_elem_t *a);
/** 1 if a and b are the same element (both in the canonical form of gn_g2_elem_t). */
GN_API int gn_g2_eq(const gn_g2_ctx_t *g, const gn_g2_elem_t *a, const gn_g2_elem_t *b);
/** r = -a = (u, -v). */
GN_API void gn_g2_neg(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a);
/**
 * Validate a: deg u <= 2, coordinates beyond deg u zero, u | v^2 - f; n = 0 except on split
 * degree-6 curves (0 <= n <= 2 - deg u there); deg u != 1 on non-split degree-6 curves.
 * @return GN_ERR_INVALID on a degree above 2, a non-zero unused coordinate, or a bad n or deg u;
 *         GN_ERR_NOT_ON_CURVE when u does not divide v^2 - f; GN_OK otherwise.
 */
GN_API GN_NODISCARD gn_err gn_g2_check(const gn_g2_ctx_t *g, const gn_g2_elem_t *a);

/**
 * r = a + b by Cantor's algorithm (composition, reduction; on split degree-6 curves also the
 * balanced adjustment of GHM 2008); any valid inputs; variable time. Inputs must pass
 * gn_g2_check (as decoded ones do): others give an unspecified element, never a fault or a
 * hang. The same holds for gn_g2_mul_var and gn_g2_mul.
 */
GN_API void gn_g2_add_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b);
/** r = [k]a by double-and-add over Cantor's algorithm (k big-endian bytes); variable time. */
GN_API void gn_g2_mul_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *k, size_t klen,
                          const gn_g2_elem_t *a);

/**
 * r = a + b by the explicit formulas alone (deg f = 5), for a and b of degree 2 or neutral.
 * @return GN_ERR_UNSUPPORTED (r not written) on deg f = 6 and in an exceptional case: an input of degree 1,
 *         gcd(u_a, u_b) != 1 (a = +-b among others), or a result of degree below 2.
 */
GN_API GN_NODISCARD gn_err gn_g2_add_explicit(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a,
                                              const gn_g2_elem_t *b);
/** r = [2]a by the explicit formulas alone (GN_ERR_UNSUPPORTED: deg f = 6, gcd(u, v) != 1, deg < 2). */
GN_API GN_NODISCARD gn_err gn_g2_dbl_explicit(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a);
/**
 * r = a + b by the explicit formulas, falling back to Cantor's algorithm in the exceptional
 * cases (a degree below 2 other than the neutral element, gcd(u_a, u_b) != 1, a result of
 * degree below 2). Reveals whether the case was exceptional. deg f = 6: Cantor's algorithm.
 */
GN_API void gn_g2_add(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b);
/** r = [2]a by the explicit formulas, falling back to Cantor as gn_g2_add does. */
GN_API void gn_g2_dbl(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a);
/**
 * r = [k]a for k big-endian bytes (klen <= 128): the regular signed 4-bit window on the
 * explicit formulas (odd digits in [-15, 15]: a table of [1]a, [3]a .. [15]a, then 8 klen
 * doublings and 2 klen additions of an entry found by scanning the whole table with masks and
 * negated by a mask, a subtracted at the end by a mask when k is even). Constant time in k and
 * a, except
 * that it reveals (and then recomputes with Cantor's algorithm) whether an exceptional case
 * occurred, which for a random a happens with probability about 16 klen / p.
 * deg f = 6 (and the fallback): the Montgomery ladder over all 8 klen bits on Cantor's
 * algorithm (an addition and a doubling per bit, the pair swapped by masks on (u, v, deg, n));
 * the number of group operations is fixed, their running time is not (see the leakage note at
 * the top).
 * @return GN_ERR_INVALID when klen > 128.
 */
GN_API GN_NODISCARD gn_err gn_g2_mul(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *k, size_t klen,
                                     const gn_g2_elem_t *a);

/** Bytes of the encoding: 1 + 4 gn_fp_bytes. */
GN_API size_t gn_g2_encoded_bytes(const gn_g2_ctx_t *g);
/**
 * The encoding: deg u + 4 n (one byte: deg u for deg f = 5 and non-split deg f = 6), then
 * u1, u0, v1, v0 big-endian (zero where unused).
 */
GN_API void gn_g2_encode(const gn_g2_ctx_t *g, uint8_t *out, const gn_g2_elem_t *a);
/**
 * Decode and validate (gn_g2_check).
 * @return GN_ERR_INVALID on a wrong length; GN_ERR_ENCODING on a first byte that is not
 *         deg u + 4 n of a valid (deg u, n), an element not below p or a non-zero unused
 *         coordinate; GN_ERR_NOT_ON_CURVE.
 */
GN_API GN_NODISCARD gn_err gn_g2_decode(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *in, size_t len);

/**
 * A random element: u = x^2 + u1 x + u0 with u1, u0 uniform, accepted when f is a square
 * modulo u (then v is one of its square roots, chosen at random), n = 0; close to uniform on
 * the elements of degree 2 (on a split degree-6 curve: those with n = 0). Branches only on
 * rejected candidates.
 * @return GN_ERR_RNG when rng fails (or after 1000 rejections).
 */
GN_API GN_NODISCARD gn_err gn_g2_random(const gn_g2_ctx_t *g, gn_g2_elem_t *r, gn_rng_fn rng, void *rng_state);

#ifdef __cplusplus
}
#endif

#endif
