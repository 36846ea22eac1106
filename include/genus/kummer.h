/**
 * @file kummer.h
 * @brief Kummer surfaces of genus-2 Jacobians in theta coordinates, and the Kummer
 * Diffie-Hellman of "Kummer strikes back" on the Gaudry-Schost surface over 2^127 - 1.
 *
 * A Kummer surface is the quotient of a genus-2 Jacobian by -1 (P and -P are one point),
 * embedded in P^3 as a quartic. genus has two models, built from theta constants:
 * - GN_KUMMER_THETA: Gaudry's surface K(a, b, c, d) (Gaudry, "Fast genus 2 arithmetic based
 *   on Theta functions", J. Math. Cryptology 2007) from the theta constants (a : b : c : d),
 *   with the quartic x^4 + y^4 + z^4 + t^4 + 2E xyzt = F(x^2 t^2 + y^2 z^2) + G(x^2 z^2 + y^2 t^2)
 *   + H(x^2 y^2 + z^2 t^2);
 * - GN_KUMMER_SQUARED: the same surface in squared coordinates (X : Y : Z : T) = (x^2 : y^2 :
 *   z^2 : t^2), built from the squared theta constants (a^2 : b^2 : c^2 : d^2) alone, whose
 *   quartic is K XYZT = (X^2 + Y^2 + Z^2 + T^2 - F(XT + YZ) - G(XZ + YT) - H(XY + ZT))^2
 *   (Bernstein, Chuengsatiansup, Lange, Schwabe, "Kummer strikes back", Eurocrypt 2014;
 *   Renes and Smith, "qDSA", Asiacrypt 2017). This is the model of the fast surfaces, whose
 *   theta constants are not themselves rational.
 * Points are projective 4-tuples; the group law is replaced by doubling and differential
 * addition ({P, Q, P - Q} -> P + Q), and scalar multiplication by the Montgomery ladder.
 *
 * Leakage: gn_kummer_mul and the Diffie-Hellman functions are constant time in the scalar
 * and the points; functions named _var are not.
 */
#ifndef GENUS_KUMMER_H
#define GENUS_KUMMER_H

#include "genus/fp.h"
#include "genus/g2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The two models of a Kummer surface. */
typedef enum gn_kummer_model {
    GN_KUMMER_SQUARED = 0, /**< squared theta coordinates, from (a^2 : b^2 : c^2 : d^2) */
    GN_KUMMER_THETA = 1    /**< Gaudry's theta coordinates, from (a : b : c : d) */
} gn_kummer_model;

struct gn_kummer_impl;

/** A point of a Kummer surface: projective coordinates (X : Y : Z : T). */
typedef struct gn_kummer_point {
    gn_fp_t c[4];
} gn_kummer_point_t;

/** Four projective constants multiplied coordinate by coordinate, with their small forms. */
typedef struct gn_kummer_scale {
    gn_fp_t v[4];        /* the constants in the field */
    uint32_t small[4];   /* |v_i| when v_i = +-small[i] with small[i] < 2^31, else 0 */
    uint8_t neg[4];      /* 1 where v_i = -small[i] (bytes, not a bit mask: memcheck reads
                          * a bt on a mask after secret arithmetic as a secret branch) */
} gn_kummer_scale_t;

/**
 * A Kummer surface over a prime field. Caller-owned storage, read-only after init (one
 * context may be shared between threads). The fields are internal.
 */
typedef struct gn_kummer_ctx {
    gn_fp_ctx_t fp;
    const struct gn_kummer_impl *impl; /* the formulas instantiated over fp's kernel */
    gn_kummer_model model;
    gn_fp_t theta[4];   /* (a : b : c : d) (theta model) */
    gn_fp_t mu[4];      /* (a^2 : b^2 : c^2 : d^2), the identity of the squared model */
    gn_fp_t muhat[4];   /* (A^2 : B^2 : C^2 : D^2) = H(mu) */
    gn_kummer_scale_t epshat; /* proportional to (1/A^2 : 1/B^2 : 1/C^2 : 1/D^2) */
    gn_kummer_scale_t eps;    /* proportional to 1/mu (squared) or to 1/theta (theta model) */
    gn_fp_t E, F, G, H; /* the quartic of the model (E of the theta model) */
    gn_fp_t K;          /* the squared model's coefficient K = 4 E'^2 a^2 b^2 c^2 d^2 */
} gn_kummer_ctx_t;

/**
 * Build the surface of the given model over the field fp (copied) from four constants:
 * (a : b : c : d) for GN_KUMMER_THETA, (a^2 : b^2 : c^2 : d^2) for GN_KUMMER_SQUARED.
 * @return GN_ERR_SINGULAR when the constants do not define a Kummer surface (a constant,
 *         one of (A^2 : B^2 : C^2 : D^2), or one of a^2 d^2 - b^2 c^2, a^2 c^2 - b^2 d^2,
 *         a^2 b^2 - c^2 d^2 is zero); GN_ERR_INVALID on a bad model or NULL.
 */
GN_API GN_NODISCARD gn_err gn_kummer_init(gn_kummer_ctx_t *ku, const gn_fp_ctx_t *fp, gn_kummer_model model,
                                          const gn_fp_t consts[4]);
/**
 * The Gaudry-Schost surface over 2^127 - 1 of "Kummer strikes back" (squared model,
 * (a^2 : b^2 : c^2 : d^2) = (11 : -22 : -19 : -3)), on the 2^127 - 1 special kernel.
 */
GN_API GN_NODISCARD gn_err gn_kummer_init_gs127(gn_kummer_ctx_t *ku);

/** The identity (image of the neutral element): (a : b : c : d) or (a^2 : b^2 : c^2 : d^2). */
GN_API void gn_kummer_identity(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r);
/** 1 if p is a point of the surface (not (0 : 0 : 0 : 0), satisfies the quartic), else 0. */
GN_API int gn_kummer_on_surface(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p);
/** 1 if p and q are the same projective point (and neither is (0 : 0 : 0 : 0)), else 0. */
GN_API int gn_kummer_eq(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p, const gn_kummer_point_t *q);
/** 1 if every coordinate of p is non-zero (what differential addition needs of P - Q). */
GN_API int gn_kummer_is_regular(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p);

/** r = [2]p. */
GN_API void gn_kummer_dbl(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_kummer_point_t *p);
/**
 * Differential (pseudo-)addition: r = p + q given d = p - q.
 * @return GN_ERR_INVALID when a coordinate of d is zero (the formula divides by them).
 */
GN_API GN_NODISCARD gn_err gn_kummer_diff_add(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r,
                                              const gn_kummer_point_t *p, const gn_kummer_point_t *q,
                                              const gn_kummer_point_t *d);
/**
 * r = [k]p by the constant-time Montgomery ladder over all 8 klen bits of k (big-endian
 * bytes, no reduction): a fixed number of xDBLADD steps and masked swaps.
 * @return GN_ERR_INVALID when a coordinate of p is zero (the ladder divides by them) or
 *         klen exceeds 128 bytes.
 */
GN_API GN_NODISCARD gn_err gn_kummer_mul(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const uint8_t *k,
                                         size_t klen, const gn_kummer_point_t *p);
/** r = p scaled so that its first non-zero coordinate is 1 (constant time). */
GN_API void gn_kummer_normalize(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_kummer_point_t *p);

/**
 * The implementations of the ladder (gn_kummer_mul, the Diffie-Hellman functions). Every
 * surface has the generic one, the formulas of src/tmpl/kummer.tmpl.h over the field's kernel;
 * the Gaudry-Schost surface over 2^127 - 1 (gn_kummer_init_gs127, or gn_kummer_init with its
 * constants) also has dedicated ones with its constants built in. All compute the same
 * projective point (the same coordinates); they differ in speed only.
 */
typedef enum gn_kummer_ladder_kind {
    GN_KUMMER_LADDER_AUTO = 0,       /**< the fastest one available (measured order: docs/ARCHITECTURE.md) */
    GN_KUMMER_LADDER_GENERIC = 1,    /**< the formula template over the field kernel: every surface */
    GN_KUMMER_LADDER_GS127_V4 = 2,   /**< gs127, four coordinates at once in radix 2^26, portable C */
    GN_KUMMER_LADDER_GS127_AVX2 = 3, /**< the same with AVX2 intrinsics (x86-64 builds, CPUs with AVX2) */
    GN_KUMMER_LADDER_GS127_MULX = 4  /**< gs127, one coordinate at a time in two 64-bit limbs, mulx
                                          assembly (x86-64 builds with 64-bit limbs, CPUs with BMI2) */
} gn_kummer_ladder_kind;

/**
 * Choose the ladder of ku (part of its set-up: gn_kummer_init chooses GN_KUMMER_LADDER_AUTO).
 * @return GN_ERR_UNSUPPORTED when that ladder is not compiled in, the CPU lacks what it needs,
 *         or the surface is not the gs127 one (ku unchanged); GN_ERR_INVALID on a bad kind or NULL.
 */
GN_API GN_NODISCARD gn_err gn_kummer_set_ladder(gn_kummer_ctx_t *ku, gn_kummer_ladder_kind kind);
/** The ladder ku uses (never GN_KUMMER_LADDER_AUTO). */
GN_API gn_kummer_ladder_kind gn_kummer_get_ladder(const gn_kummer_ctx_t *ku);

/** Bytes of the wrapped encoding: three field elements. */
GN_API size_t gn_kummer_wrapped_bytes(const gn_kummer_ctx_t *ku);
/**
 * The "wrapped" encoding of SUPERCOP crypto_scalarmult_kummer: X/Y || X/Z || X/T, each
 * little-endian, computed as (ZT r, YT r, YZ r) with r = X / (YZT) and 1/0 taken as 0 (a
 * point with a zero among Y, Z, T encodes as zeros). Constant time.
 */
GN_API void gn_kummer_encode_wrapped(const gn_kummer_ctx_t *ku, uint8_t *out, const gn_kummer_point_t *p);
/**
 * Decode wrapped coordinates (w1, w2, w3) into (w1 w2 w3 : w2 w3 : w1 w3 : w1 w2).
 * @return GN_ERR_INVALID on a wrong length, GN_ERR_ENCODING on an element not below p,
 *         GN_ERR_NOT_ON_CURVE when the point is not on the surface or has a zero coordinate.
 */
GN_API GN_NODISCARD gn_err gn_kummer_decode_wrapped(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r,
                                                    const uint8_t *in, size_t len);

/* --- The map from the Jacobian of a Rosenhain curve to the squared surface --- */

/**
 * The Rosenhain invariants (lambda, mu, nu) of a squared surface (Gaudry 2007, section 3, in
 * the squared constants): lambda = a^2 c^2 / (b^2 d^2), mu = c^2 e / d^2, nu = a^2 e / b^2,
 * e = (AB + CD) / (AB - CD), where AB / CD is a square root of A^2 B^2 / (C^2 D^2): the
 * kernel's root for root = 0, its negative for root = 1. Both curves
 * y^2 = x (x - 1)(x - lambda)(x - mu)(x - nu) have the surface as Kummer surface (on gs127,
 * root 0 gives the curve with #J = 16 N, root 1 one with the twist's order 16 N'). Variable
 * time (public constants).
 * @return GN_ERR_INVALID for the theta model or a bad root; GN_ERR_NOT_SQUARE when
 *         A^2 B^2 / (C^2 D^2) is not a square; GN_ERR_SINGULAR when AB = CD.
 */
GN_API GN_NODISCARD gn_err gn_kummer_rosenhain(const gn_kummer_ctx_t *ku, gn_fp_t ros[3], int root);
/**
 * r = the image of the Jacobian element d on the squared surface ku, for the Rosenhain curve
 * g: y^2 = x (x - 1)(x - lambda)(x - mu)(x - nu) with ros = (lambda, mu, nu) (as given by
 * gn_kummer_rosenhain): the Cassels-Flynn coordinates (k1 : k2 : k3 : k4) of d, then
 * (X : Y : Z : T) = (a^2 L(1, mu) : b^2 L(lambda, nu) : c^2 L(1, nu) : d^2 L(lambda, mu)) with
 * the tropes L(e, e') = k4 - (e + e') k3 + e e' k2 - e e' (e'' + e''') k1, {e'', e'''} the other
 * two of {1, lambda, mu, nu} (docs/KUMMER.md). The neutral element maps to the identity and
 * the map commutes with scalar multiplication: gn_kummer_mul(k, map(d)) = map([k] d).
 * Branches on deg u only.
 * @return GN_ERR_INVALID for the theta model, a different field (or kernel), or a curve that is
 *         not the Rosenhain curve of ros.
 */
GN_API GN_NODISCARD gn_err gn_kummer_from_g2(const gn_kummer_ctx_t *ku, const gn_g2_ctx_t *g, const gn_fp_t ros[3],
                                             gn_kummer_point_t *r, const gn_g2_elem_t *d);

/* --- Kummer Diffie-Hellman on the Gaudry-Schost surface (gn_kummer_init_gs127) --- */

/** Secret keys: 32 bytes. Public keys and shared secrets: 48 bytes (wrapped encoding). */
#define GN_KUMMER_DH_SECRET_BYTES 32
#define GN_KUMMER_DH_PUBLIC_BYTES 48

/** The base point of "Kummer strikes back" (SUPERCOP crypto_scalarmult_kummer_base). */
GN_API void gn_kummer_gs127_base(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r);
/**
 * pub = the wrapped encoding of [k]B for the 32-byte little-endian secret k, of which the
 * ladder uses bits 250..0 as SUPERCOP does (the base point's order is a 251-bit prime).
 */
GN_API GN_NODISCARD gn_err gn_kummer_dh_public(const gn_kummer_ctx_t *ku, uint8_t pub[48], const uint8_t sk[32]);
/**
 * shared = the wrapped encoding of [k]P for the peer's public key P (strictly decoded and
 * validated: canonical elements, on the surface, non-zero coordinates).
 * @return GN_ERR_ENCODING / GN_ERR_NOT_ON_CURVE for a bad peer key (shared not written);
 *         GN_ERR_INFINITY when the result is the identity or encodes as zeros (shared is
 *         written all the same); GN_OK otherwise.
 */
GN_API GN_NODISCARD gn_err gn_kummer_dh(const gn_kummer_ctx_t *ku, uint8_t shared[48], const uint8_t sk[32],
                                        const uint8_t peer[48]);
/** A new key pair from the random generator rng (GN_ERR_RNG when it fails). */
GN_API GN_NODISCARD gn_err gn_kummer_dh_keygen(const gn_kummer_ctx_t *ku, uint8_t sk[32], uint8_t pub[48],
                                               gn_rng_fn rng, void *rng_state);

#ifdef __cplusplus
}
#endif

#endif
