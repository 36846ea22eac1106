/**
 * @file ec.h
 * @brief Elliptic curves over prime fields: models, coordinates, points and scalar multiplication.
 *
 * Models (gn_ec_model):
 * - short Weierstrass  y^2 = x^3 + a x + b (a = 0 and a = -3 are detected and use faster formulas);
 * - twisted Edwards    a x^2 + y^2 = 1 + d x^2 y^2;
 * - Montgomery         B y^2 = x^3 + A x^2 + x;
 * - Jacobi quartic     y^2 = x^4 + 2 a x^2 + 1.
 * A context holds the field, the curve constants, a base point G of prime order n and
 * the cofactor h. Points cross the API in affine form (gn_ec_point_t); the coordinate
 * system used inside a scalar multiplication is chosen per call (gn_ec_coords).
 *
 * Every formula is written once (src/tmpl/ec_*.tmpl.h) and instantiated for every field
 * kernel, and once more for the operation-counting kernel that `genus ops` reports.
 *
 * Leakage: functions are constant time in scalars and point coordinates unless their
 * name ends in `_var`, the method they are given is a variable-time one (see
 * gn_ec_method), or the curve's field runs on the `pari` kernel (fp.h). Functions returning
 * gn_err reveal whether they failed.
 */
#ifndef GENUS_EC_H
#define GENUS_EC_H

#include "genus/fp.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Limbs of a group order or cofactor-scaled order (the order may exceed p by one bit, times h). */
#define GN_EC_ORDER_LIMBS (GN_FP_MAX_LIMBS + 2)
/** Largest scalar accepted, in bytes. */
#define GN_EC_MAX_SCALAR_BYTES 512

/** Curve models. */
typedef enum gn_ec_model {
    GN_EC_WEIERSTRASS = 1,   /**< y^2 = x^3 + a x + b */
    GN_EC_EDWARDS = 2,       /**< a x^2 + y^2 = 1 + d x^2 y^2 */
    GN_EC_MONTGOMERY = 3,    /**< B y^2 = x^3 + A x^2 + x */
    GN_EC_JACOBI_QUARTIC = 4 /**< y^2 = x^4 + 2 a x^2 + 1 */
} gn_ec_model;

/** Coordinate systems used inside a scalar multiplication. */
typedef enum gn_ec_coords {
    GN_EC_COORDS_DEFAULT = 0, /**< the fastest constant-time choice for the model */
    GN_EC_AFFINE = 1,         /**< (x, y); Weierstrass and Montgomery */
    GN_EC_PROJECTIVE = 2,     /**< (X : Y : Z), x = X/Z, y = Y/Z; Weierstrass */
    GN_EC_JACOBIAN = 3,       /**< (X : Y : Z), x = X/Z^2, y = Y/Z^3; Weierstrass */
    GN_EC_COZ = 4,            /**< co-Z Jacobian pairs; Weierstrass, with the co-Z ladder */
    GN_EC_EXTENDED = 5,       /**< (X : Y : Z : T); Edwards (T = XY/Z) and Jacobi quartic (T = X^2/Z) */
    GN_EC_XZ = 6              /**< x-only (X : Z) with a ladder; Montgomery and Weierstrass */
} gn_ec_coords;
#define GN_EC_COORDS_COUNT 7

/** Scalar-multiplication methods. */
typedef enum gn_ec_method {
    GN_EC_METHOD_DEFAULT = 0, /**< the fastest constant-time method for the model */
    GN_EC_L2R = 1,            /**< left-to-right double-and-add; variable time */
    GN_EC_R2L = 2,            /**< right-to-left double-and-add; variable time */
    GN_EC_WINDOW = 3,         /**< fixed window, masked table scan, every window added; constant time */
    GN_EC_SLIDING = 4,        /**< sliding window over odd multiples; variable time */
    GN_EC_WNAF = 5,           /**< width-w NAF; variable time */
    GN_EC_LADDER = 6,         /**< Montgomery ladder with conditional swaps; constant time */
    GN_EC_COZ_LADDER = 7,     /**< co-Z Montgomery ladder (Goundar-Joye-Miyaji 2010); constant time */
    GN_EC_COMB = 8,           /**< fixed-base comb (Lim-Lee) with a precomputed table; constant time */
    GN_EC_WINDOW_VAR = 9      /**< fixed window with direct table indexing; variable time */
} gn_ec_method;
#define GN_EC_METHOD_COUNT 10

/** A point in affine coordinates, in the field kernel's representation. */
typedef struct gn_ec_point {
    gn_fp_t x, y;
    int infinity; /**< 1 for the neutral element (x, y are then zero) */
} gn_ec_point_t;

/** Curve parameters as big-endian hexadecimal strings (what curves.json holds). */
typedef struct gn_ec_params {
    gn_ec_model model;
    const char *p;
    const char *a;  /**< Weierstrass a; Edwards a; Montgomery A; Jacobi quartic a */
    const char *b;  /**< Weierstrass b; Edwards d; Montgomery B (NULL: 1); unused for Jacobi quartic */
    const char *gx, *gy; /**< the base point (NULL, with n and h NULL too: a curve for arithmetic alone) */
    const char *n;  /**< the (prime) order of the base point */
    const char *h;  /**< the cofactor (NULL: 1) */
    const char *name; /**< optional name (NULL: "custom") */
} gn_ec_params_t;

struct gn_ec_impl;

/**
 * An efficient endomorphism phi(x, y) = (beta x, y) of a j = 0 Weierstrass curve (a = 0,
 * p = 1 mod 3), acting as [lambda] on the subgroup of order n, with the data of the GLV split
 * (Gallant, Lambert, Vanstone, CRYPTO 2001) k = k1 + k2 lambda mod n (src/ec/glv.c).
 * Internal fields; set for the named curves that carry one in data/curves.json.
 */
typedef struct gn_ec_glv {
    int on;                              /* 0: no endomorphism known */
    gn_fp_t beta;                        /* a primitive cube root of unity in F_p */
    gn_limb_t lambda[GN_EC_ORDER_LIMBS]; /* the matching cube root of unity mod n */
    /* the reduced lattice basis v1 = (a1, b1), v2 = (a2, b2) of {(x, y): x + y lambda = 0 mod n},
     * and v[2] = v1 + v2; two's complement over `limbs` limbs */
    gn_limb_t v[3][2][GN_EC_ORDER_LIMBS];
    gn_limb_t g[2][GN_EC_ORDER_LIMBS];   /* g1 = round(2^shift b2 / n), g2 = round(-2^shift b1 / n), >= 0 */
    size_t shift;                        /* a multiple of 64 */
    size_t bits;                         /* |k1|, |k2| < 2^bits after the split (and the parity fix) */
    size_t limbs;                        /* limbs of the signed halves: bits + 1 bits */
    size_t glimbs;                       /* limbs of g1, g2 */
    unsigned par[3];                     /* parities of v[i]: bit 0 of the first coordinate, bit 1 of the second */
} gn_ec_glv_t;

/** A curve context: caller-owned, read-only after set-up. Fields are internal. */
typedef struct gn_ec_ctx {
    gn_fp_ctx_t fp;
    const struct gn_ec_impl *impl; /* the formulas instantiated for fp's kernel */
    const struct gn_ec_pt_ops *ops[GN_EC_COORDS_COUNT]; /* this curve's point operations per
                                    * coordinate system (the kind of a chosen at set-up) */
    gn_ec_model model;
    unsigned a_kind;               /* Weierstrass: 0 general, 1 a = 0, 2 a = -3; Edwards: 1 if a = -1 */
    int complete;                  /* the model's complete formulas hold for every point: Weierstrass
                                    * without a point of order 2; Edwards a square, d non-square */
    int n_prime;                   /* n is prime (the protocols need it) */
    int order_exact;               /* h n is proven to be the group order (gn_ec_init) */
    gn_fp_t a, b;                  /* the curve constants (see gn_ec_params_t) */
    gn_fp_t k[4];                  /* derived constants, per model (src/ec/ctx.c) */
    uint32_t k0_small;             /* k[0] as an integer when it is below 2^32 (0 otherwise): the
                                    * ladder multiplies by it with mul_small (curve25519: 121666) */
    gn_ec_point_t g;               /* the base point */
    gn_limb_t n[GN_EC_ORDER_LIMBS];     /* order of g */
    gn_limb_t order[GN_EC_ORDER_LIMBS]; /* h n, the group order */
    size_t n_bits, order_bits;
    uint32_t h;                    /* cofactor */
    gn_fp_t hub_a, hub_b, hub_scale; /* the short Weierstrass curve this one maps to (src/ec/maps.c) */
    /* Weierstrass with a general a where -3/a = u^4 (the Brainpool curves): the isomorphic curve
     * y^2 = x^3 - 3x + u^6 b, reached by (x, y) -> (u^2 x, u^3 y), serves the signed window with
     * a = -3 doublings (src/scalar/mul.c). iso_u[0..3] = u^2, u^3, u^-2, u^-3. */
    int iso_m3;
    gn_fp_t iso_b, iso_u[4];
    gn_ec_glv_t glv;               /* the GLV endomorphism, when glv.on (src/ec/glv.c) */
    char name[32];
} gn_ec_ctx_t;

/**
 * Build a curve from its parameters. Checks: p an odd prime, the curve non-singular
 * (Weierstrass 4a^3 + 27b^2 != 0; Edwards a d (a - d) != 0; Montgomery B (A^2 - 4) != 0;
 * Jacobi quartic a^2 != 1), G on the curve and not the neutral element, n >= 2, h in [1, 2^31),
 * n G = 0, |h n - (p + 1)| <= 2 sqrt(p) (Hasse).
 * Arithmetic runs on any such curve, n composite or small included. The group order h n counts
 * as known (order_exact) when n is prime and n > 4 sqrt(p), which makes h the only cofactor
 * Hasse's bound allows, or when p has at most 16 bits and the points are counted (then a wrong
 * h n is GN_ERR_BAD_ORDER). Scalar multiplication methods that reduce the scalar by the order
 * (the signed window, GLV, the co-Z ladder's recoding, the comb's reduction) run only on curves
 * with a known order; others take the methods that do not need it. The protocols (keys, ECDH,
 * ECMQV, ElGamal) need n prime and a known order, and return GN_ERR_UNVERIFIED_ORDER otherwise.
 * With gx, gy, n and h all NULL the curve has no base point and no order: arithmetic only (the
 * point operations and the methods that do not reduce by the order; gn_ec_mul_base gives the
 * neutral element); a base point without its order, or the reverse, is GN_ERR_INVALID.
 * @return GN_ERR_PARSE (malformed hex), GN_ERR_NOT_PRIME, GN_ERR_EVEN_MODULUS, GN_ERR_TOO_LARGE,
 *         GN_ERR_SINGULAR, GN_ERR_NOT_ON_CURVE, GN_ERR_BAD_ORDER, GN_ERR_INVALID.
 */
GN_API GN_NODISCARD gn_err gn_ec_init(gn_ec_ctx_t *ec, const gn_ec_params_t *params);
/** As gn_ec_init with the field kernel kind of gn_fp_init_kernel (tests compare kernels).
 *  GN_ERR_UNSUPPORTED when that kernel cannot serve p or has no curve formulas in this build. */
GN_API GN_NODISCARD gn_err gn_ec_init_kernel(gn_ec_ctx_t *ec, const gn_ec_params_t *params, gn_fp_kernel_kind kind);
/** Build a named curve (see gn_ec_named_count); GN_ERR_UNKNOWN_CURVE otherwise. Names are case-insensitive. */
GN_API GN_NODISCARD gn_err gn_ec_init_named(gn_ec_ctx_t *ec, const char *name);
struct gn_rns_ctx;
struct gn_rns_params;
/** As gn_ec_init on the RNS field kernel (gn_fp_init_rns): @p rns is caller-owned storage for the
 * bases, to outlive @p ec; @p rprm NULL for the defaults. */
GN_API GN_NODISCARD gn_err gn_ec_init_rns(gn_ec_ctx_t *ec, const gn_ec_params_t *params, struct gn_rns_ctx *rns,
                                          const struct gn_rns_params *rprm);
/** dst = the curve of src on another field kernel: kind (GN_FP_KERNEL_RNS with caller-owned
 * @p rns and parameters @p rprm, NULL for the defaults). GN_ERR_UNSUPPORTED when the kernel
 * cannot serve p. */
GN_API GN_NODISCARD gn_err gn_ec_with_kernel(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_fp_kernel_kind kind,
                                             struct gn_rns_ctx *rns, const struct gn_rns_params *rprm);
/** As gn_ec_init_named on the RNS field kernel. */
GN_API GN_NODISCARD gn_err gn_ec_init_named_rns(gn_ec_ctx_t *ec, const char *name, struct gn_rns_ctx *rns,
                                                const struct gn_rns_params *rprm);

/** Named curves: count, and the i-th one's name, model, aliases (space-separated) and parameters. */
GN_API size_t gn_ec_named_count(void);
GN_API const char *gn_ec_named_name(size_t i);
GN_API const char *gn_ec_named_aliases(size_t i);
GN_API const gn_ec_params_t *gn_ec_named_params(size_t i);

/**
 * The same curve in another model, by the birational maps of src/ec/maps.c (Weierstrass <->
 * Montgomery <-> twisted Edwards; Weierstrass with a rational point of order 2 <-> Jacobi
 * quartic). Base point, order and cofactor carry over. GN_ERR_UNSUPPORTED when the curve has
 * no such form over F_p (no rational 2-torsion, or the needed square roots do not exist);
 * GN_ERR_INVALID when dst is src. dst is unspecified after an error. Variable time (public
 * curve data).
 */
GN_API GN_NODISCARD gn_err gn_ec_to_model(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_ec_model model);
/**
 * Map a point of src to dst, two forms of one curve (one built from the other by
 * gn_ec_to_model, or both from a common one). GN_ERR_INVALID for unrelated curves,
 * GN_ERR_NOT_ON_CURVE, GN_ERR_UNSUPPORTED for a point with no affine image (a point at
 * infinity of an incomplete Edwards curve). Variable time.
 */
GN_API GN_NODISCARD gn_err gn_ec_map_point_var(const gn_ec_ctx_t *dst, gn_ec_point_t *r, const gn_ec_ctx_t *src,
                                               const gn_ec_point_t *p);

GN_API const char *gn_ec_model_name(gn_ec_model m);
GN_API const char *gn_ec_coords_name(gn_ec_coords c);
GN_API const char *gn_ec_method_name(gn_ec_method m);
/** Parse a model/coordinates/method name; 0 (or GN_ERR_INVALID as int) when unknown. */
GN_API int gn_ec_model_from_name(const char *s);
GN_API int gn_ec_coords_from_name(const char *s);
GN_API int gn_ec_method_from_name(const char *s);
/** 1 if the model supports these coordinates and this method together. */
GN_API int gn_ec_supports(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_method method);
/** The coordinates gn_ec_mul runs a method in when given `coords` (GN_EC_COORDS_DEFAULT: the
 *  method's own, co-Z for the co-Z ladder, x-only for the Montgomery ladder, Jacobian for the
 *  window on odd-order Weierstrass curves, else the model's default). */
GN_API gn_ec_coords gn_ec_resolve_coords(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_method method);
/** The defaults gn_ec_mul uses for GN_EC_COORDS_DEFAULT / GN_EC_METHOD_DEFAULT. */
GN_API gn_ec_coords gn_ec_default_coords(const gn_ec_ctx_t *ec);
GN_API gn_ec_method gn_ec_default_method(const gn_ec_ctx_t *ec);
/** The window width gn_ec_mul takes for `method` (GN_EC_METHOD_DEFAULT: the curve's) when asked
 *  for window 0 (`genus bench --choices` measures the others beside it). */
GN_API unsigned gn_ec_default_window(const gn_ec_ctx_t *ec, gn_ec_method method);

/** 1 if p is on the curve (or is the neutral element); constant time. */
GN_API int gn_ec_is_on_curve(const gn_ec_ctx_t *ec, const gn_ec_point_t *p);
/** r = the neutral element. */
GN_API void gn_ec_set_infinity(const gn_ec_ctx_t *ec, gn_ec_point_t *r);
/** r = (x, y) with x, y canonical big-endian hex; GN_ERR_PARSE, GN_ERR_RANGE (>= p), GN_ERR_NOT_ON_CURVE. */
GN_API GN_NODISCARD gn_err gn_ec_point_from_hex(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *x, const char *y);
/** 1 if a and b are the same point; constant time. */
GN_API int gn_ec_point_eq(const gn_ec_ctx_t *ec, const gn_ec_point_t *a, const gn_ec_point_t *b);

/** r = p + q and r = 2p in affine coordinates (complete: any inputs); variable time. */
GN_API void gn_ec_add_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q);
/** r = p + q for any points on the curve (neutral, equal, opposite included), constant time in both. */
GN_API void gn_ec_add(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q);
GN_API void gn_ec_neg(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p);

/**
 * r = [k] p for the big-endian scalar k (any value, any length up to GN_EC_MAX_SCALAR_BYTES,
 * including 0 and multiples of the order), computed in `coords` with `method`
 * (window: the window width 2..6 for window/sliding/wnaf/comb methods, 0 for the default).
 * Constant time in k and p for the constant-time methods (ladder, coz-ladder, window, comb);
 * the time may depend on klen. p must be on the curve; r may be p (written once p is read).
 * @return GN_ERR_UNSUPPORTED (combination not available for the model), GN_ERR_INVALID.
 */
GN_API GN_NODISCARD gn_err gn_ec_mul(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *k, size_t klen,
                                     const gn_ec_point_t *p, gn_ec_coords coords, gn_ec_method method,
                                     unsigned window);
/** r = [k] G (the base point), constant time: from the built-in table of G's multiples where
 *  gn_ec_base_precomputed says so, else by gn_ec_mul's default method. */
GN_API GN_NODISCARD gn_err gn_ec_mul_base(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *k, size_t klen);
/** 1 when gn_ec_mul_base reads a table built into the library (NIST P-256, secp256k1 and edwards25519 on any
 *  kernel whose elements are an integer's limbs: their own directly, others converting each
 *  entry by a product; not PARI's or RNS), 0 otherwise. */
GN_API int gn_ec_base_precomputed(const gn_ec_ctx_t *ec);
/** r = [k] p + [l] q (Straus-Shamir interleaving); variable time. */
GN_API GN_NODISCARD gn_err gn_ec_mul2_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *k, size_t klen,
                                          const gn_ec_point_t *p, const uint8_t *l, size_t llen,
                                          const gn_ec_point_t *q);

/** Largest comb table: 2^GN_EC_COMB_MAX_TEETH points. */
#define GN_EC_COMB_MAX_TEETH 6
/** A fixed-base comb precomputation (Lim-Lee), caller-owned (large: keep it off small stacks). */
typedef struct gn_ec_comb {
    unsigned teeth, span; /* table of 2^teeth points; span = ceil(bits / teeth) */
    size_t bits;          /* scalars of up to `bits` bits (larger ones are reduced modulo the group order) */
    gn_ec_coords coords;
    int affine;           /* entries 1.. normalised (Z = 1) for mixed addition (src/scalar/mul.c) */
    gn_limb_t tab[(1u << GN_EC_COMB_MAX_TEETH) * 4 * GN_FP_ELEM_LIMBS];
} gn_ec_comb_t;
/** Precompute the comb table of p with 2..6 teeth (0: default) in coords (default: projective/extended). */
GN_API GN_NODISCARD gn_err gn_ec_comb_init(const gn_ec_ctx_t *ec, gn_ec_comb_t *comb, const gn_ec_point_t *p,
                                           unsigned teeth, gn_ec_coords coords);
/** r = [k] p for the p of the comb; constant time in k. */
GN_API GN_NODISCARD gn_err gn_ec_mul_comb(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_comb_t *comb,
                                          const uint8_t *k, size_t klen);

/**
 * SEC1 2.3.3 encoding (Weierstrass and Montgomery models, whose points are (x, y) on a
 * cubic): compressed (0x02/0x03 || x) or uncompressed (0x04 || x || y); the neutral
 * element is the single byte 0x00. *outlen receives the length.
 * @return GN_ERR_BUFFER when out is too small.
 */
GN_API GN_NODISCARD gn_err gn_ec_encode(const gn_ec_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                                        const gn_ec_point_t *p, int compressed);
/**
 * SEC1 2.3.4 decoding, then validation: coordinates below p, the point on the curve.
 * Hybrid encodings (0x06/0x07) are rejected (GN_ERR_ENCODING), as is the neutral element
 * unless allow_infinity. GN_ERR_NOT_ON_CURVE, GN_ERR_RANGE, GN_ERR_NOT_SQUARE (compressed x
 * with no point).
 */
GN_API GN_NODISCARD gn_err gn_ec_decode(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *in, size_t len,
                                        int allow_infinity);
/**
 * Public-key validation (SEC1 3.2.2.1): not the neutral element, on the curve, and when
 * check_subgroup (or h > 1 and check_subgroup), n p = 0. Variable time (public points).
 */
GN_API GN_NODISCARD gn_err gn_ec_validate_var(const gn_ec_ctx_t *ec, const gn_ec_point_t *p, int check_subgroup);

/** Canonical big-endian bytes of x and y (gn_fp_bytes each). */
GN_API void gn_ec_point_get(const gn_ec_ctx_t *ec, uint8_t *x, uint8_t *y, const gn_ec_point_t *p);

#ifdef __cplusplus
}
#endif

#endif
