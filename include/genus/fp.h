/**
 * @file fp.h
 * @brief Prime fields F_p for any odd prime p of 3 to GN_FP_MAX_BITS bits.
 *
 * A context is built once from p (gn_fp_init); it checks that p is an odd
 * prime (Baillie-PSW) and selects the fastest kernel for it, once:
 * - `p25519`, `p1271`, `p448`, `p521`, `p256k1`, `p256`, `p224`: special-form kernels for
 *   2^255 - 19, 2^127 - 1, 2^448 - 2^224 - 1, 2^521 - 1, 2^256 - 2^32 - 977 (secp256k1), P-256's
 *   and P-224's primes (the last five with 64-bit limbs);
 * - `mont<n>x`: fixed-size Montgomery kernels with mulx/adx, n = 2..9 limbs
 *   (x86-64 with BMI2 and ADX, GENUS_ASM=ON);
 * - `mont<n>`: fixed-size, unrolled Montgomery kernels in C, n = 2..9 (64-bit limbs);
 * - `generic`: Montgomery over any number of limbs.
 * Others only when asked for (gn_fp_init_kernel, gn_fp_init_rns): `rns` (Residue Number System),
 * `gmp` / `gmp-pm` (GMP's mpn products, builds with GMP), `pari` (PARI's Fp_ functions, builds
 * with libpari); docs/BACKENDS.md.
 * Elements are opaque: their representation belongs to the kernel (Montgomery
 * form for the Montgomery kernels). Convert with gn_fp_encode/gn_fp_decode or
 * gn_fp_set_mp/gn_fp_get_mp.
 *
 * Leakage: every operation is constant time in the element values, except
 * functions named `_var`, which may leak their inputs through timing, and every operation of
 * the `pari` kernel (PARI is not constant time).
 * Functions returning gn_err reveal only whether they failed (for example
 * whether an inverted element was zero).
 */
#ifndef GENUS_FP_H
#define GENUS_FP_H

#include "genus/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest supported modulus, in bits. */
#define GN_FP_MAX_BITS 1024
/** Limbs of the largest modulus. */
#define GN_FP_MAX_LIMBS (GN_FP_MAX_BITS / GN_LIMB_BITS)
/** Channels per base the RNS kernel holds in one element (src/rns/kern_rns.h): 2n + 1 residues
 * and two words of bounds fit GN_FP_ELEM_LIMBS; r = 62 serves every p up to GN_FP_MAX_BITS. */
#define GN_FP_RNS_MAX_N 18
#if GN_LIMB_BITS == 64
/** Storage limbs of one element in any kernel: a limb kernel's GN_FP_MAX_LIMBS, or the RNS
 * kernel's residues and bounds. */
#define GN_FP_ELEM_LIMBS (2 * GN_FP_RNS_MAX_N + 3)
#else
#define GN_FP_ELEM_LIMBS GN_FP_MAX_LIMBS /* the RNS kernel needs 64-bit limbs */
#endif

/** Kernel choice for gn_fp_init_kernel. */
typedef enum gn_fp_kernel_kind {
    GN_FP_KERNEL_AUTO = 0,    /**< the fastest kernel for p (what gn_fp_init picks) */
    GN_FP_KERNEL_GENERIC = 1, /**< Montgomery over n limbs, n chosen at run time */
    GN_FP_KERNEL_FIXED = 2,   /**< unrolled Montgomery in C, 2..9 limbs of 64 bits */
    GN_FP_KERNEL_MULX = 3,    /**< unrolled Montgomery with mulx/adx, 2..9 limbs of 64 bits */
    GN_FP_KERNEL_SPECIAL = 4, /**< special form: the primes of the p25519 .. p224 kernels above */
    GN_FP_KERNEL_RNS = 5,     /**< Residue Number System (gn_fp_init_rns: needs its context) */
    GN_FP_KERNEL_GMP = 6,     /**< Montgomery on GMP's mpn products (builds with GMP, 64-bit limbs) */
    GN_FP_KERNEL_PARI = 7     /**< PARI's Fp_ functions on t_INTs (builds with libpari, 64-bit limbs) */
} gn_fp_kernel_kind;

struct gn_fp_kernel;
struct gn_rns_ctx;
struct gn_rns_params;
struct gn_trace;

/** An element of F_p; opaque, in the representation of the context's kernel. */
typedef struct gn_fp {
    gn_limb_t v[GN_FP_ELEM_LIMBS];
} gn_fp_t;

/**
 * A prime-field context. Caller-owned storage; read-only after gn_fp_init, so
 * one context may be shared between threads. The fields are internal.
 */
typedef struct gn_fp_ctx {
    const struct gn_fp_kernel *kern; /* operations of the selected kernel */
    size_t n;                        /* limbs of p */
    size_t bits;                     /* bits of p */
    size_t bytes;                    /* bytes of an encoded element */
    gn_limb_t p[GN_FP_MAX_LIMBS];    /* the modulus */
    gn_limb_t pinv;                  /* -p^-1 mod 2^W (Montgomery) */
    gn_limb_t one[GN_FP_ELEM_LIMBS]; /* 1 in kernel representation (R mod p) */
    gn_limb_t r2[GN_FP_MAX_LIMBS];   /* R^2 mod p: into Montgomery form */
    gn_limb_t r3[GN_FP_MAX_LIMBS];   /* R^3 mod p: fixes up an inverse computed on the raw residue */
    gn_limb_t inv2[GN_FP_ELEM_LIMBS]; /* 1/2 in kernel representation */
    gn_limb_t e_pm2[GN_FP_MAX_LIMBS];  /* p - 2 */
    gn_limb_t e_half[GN_FP_MAX_LIMBS]; /* (p - 1) / 2 */
    gn_limb_t e_sqrt[GN_FP_MAX_LIMBS]; /* (p+1)/4, (p-5)/8 or (q-1)/2 with p - 1 = 2^s q */
    gn_limb_t sqrt_c[GN_FP_ELEM_LIMBS]; /* Tonelli-Shanks: z^q for a non-residue z (kernel repr.) */
    unsigned sqrt_kind;                /* 3 (p = 3 mod 4), 5 (p = 5 mod 8) or 1 (Tonelli-Shanks) */
    unsigned two_adicity;              /* s with p - 1 = 2^s q, q odd */
    unsigned ms_shift;                 /* mul_small: W*n - bits */
    gn_limb_t ms_d, ms_v;              /* mul_small: top limb of p << ms_shift and its reciprocal */
    struct gn_op_counts *counts;       /* tallies of the operation-counting kernel (src/analysis/); else NULL */
    struct gn_trace *trace;            /* the program the tracing kernel records (src/analysis/); else NULL */
    int mulx;                          /* the CPU has mulx/adx and the build has the code using them */
    const struct gn_rns_ctx *rns;      /* the RNS kernel's bases (caller-owned, gn_fp_init_rns); else NULL */
    gn_limb_t pgen[GN_FP_MAX_LIMBS + 2]; /* p as a PARI t_INT (the pari kernel) */
} gn_fp_ctx_t;

/**
 * Build the field context for the prime p given as big-endian bytes
 * (leading zero bytes allowed), choosing the fastest kernel.
 * @return GN_ERR_EVEN_MODULUS, GN_ERR_TOO_LARGE (p < 3 or more than
 *         GN_FP_MAX_BITS bits), GN_ERR_NOT_PRIME; GN_OK otherwise.
 */
GN_API GN_NODISCARD gn_err gn_fp_init(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len);
/** As gn_fp_init, with p in hexadecimal (GN_ERR_PARSE on malformed text). */
GN_API GN_NODISCARD gn_err gn_fp_init_hex(gn_fp_ctx_t *ctx, const char *hex);
/**
 * As gn_fp_init with a given kernel kind. GN_ERR_UNSUPPORTED when that kernel
 * cannot serve p on this build or CPU (FIXED/MULX need 2..9 limbs of 64 bits,
 * MULX needs BMI2 and ADX, SPECIAL one of the special primes above, GMP and PARI their library
 * in the build and 64-bit limbs; RNS is built by gn_fp_init_rns).
 */
GN_API GN_NODISCARD gn_err gn_fp_init_kernel(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len,
                                             gn_fp_kernel_kind kind);
/**
 * As gn_fp_init on the RNS kernel (include/genus/rns.h): sets up @p rns, caller-owned storage
 * that must outlive @p ctx and every context built on it, with the parameters @p prm (NULL:
 * defaults; the kernel takes c = 32 unless told, room for the lazy sums of its formulas).
 * GN_ERR_UNSUPPORTED on 32-bit-limb builds, and when the bases need more than GN_FP_RNS_MAX_N
 * channels (narrow channels, r < 62, on large p); GN_ERR_INVALID when gn_rns_setup refuses.
 */
GN_API GN_NODISCARD gn_err gn_fp_init_rns(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len, struct gn_rns_ctx *rns,
                                          const struct gn_rns_params *prm);
/** Name of the selected kernel ("generic", "mont4", "mont4x", "p25519", ...). */
GN_API const char *gn_fp_kernel_name(const gn_fp_ctx_t *ctx);
/**
 * The word products (GN_LIMB_BITS x GN_LIMB_BITS -> double width) of one multiplication and one
 * squaring on ctx's kernel, operands and reduction, by the kernel's algorithm: the model of
 * `genus bench --floor` (docs/PERFORMANCE.md). GN_ERR_UNSUPPORTED for the RNS and PARI kernels.
 */
GN_API GN_NODISCARD gn_err gn_fp_word_products(const gn_fp_ctx_t *ctx, size_t *mul, size_t *sqr);
/** Bits of p. */
GN_API size_t gn_fp_bits(const gn_fp_ctx_t *ctx);
/** Bytes of an encoded element: ceil(bits / 8). */
GN_API size_t gn_fp_bytes(const gn_fp_ctx_t *ctx);
/** Limbs of p. */
GN_API size_t gn_fp_limbs(const gn_fp_ctx_t *ctx);

/** 1 if p passes the Baillie-PSW test (trial division, strong base-2 Miller-Rabin, strong Lucas), else 0; variable time. */
GN_API int gn_mp_is_prime_var(const gn_limb_t *p, size_t n);

GN_API void gn_fp_set_zero(const gn_fp_ctx_t *ctx, gn_fp_t *r);
GN_API void gn_fp_set_one(const gn_fp_ctx_t *ctx, gn_fp_t *r);
/** r = c mod p for a small integer c. */
GN_API void gn_fp_set_u64(const gn_fp_ctx_t *ctx, gn_fp_t *r, uint64_t c);
GN_API void gn_fp_copy(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);

/** r = a (a natural of n limbs). GN_ERR_RANGE unless a < p. */
GN_API GN_NODISCARD gn_err gn_fp_set_mp(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_limb_t *a, size_t n);
/** out (n >= gn_fp_limbs limbs) = the canonical integer in [0, p) of a. */
GN_API void gn_fp_get_mp(const gn_fp_ctx_t *ctx, gn_limb_t *out, size_t n, const gn_fp_t *a);
/** Decode exactly gn_fp_bytes big-endian bytes. GN_ERR_INVALID on another length, GN_ERR_RANGE unless < p. */
GN_API GN_NODISCARD gn_err gn_fp_decode(const gn_fp_ctx_t *ctx, gn_fp_t *r, const uint8_t *in, size_t len);
/** As gn_fp_decode, little-endian. */
GN_API GN_NODISCARD gn_err gn_fp_decode_le(const gn_fp_ctx_t *ctx, gn_fp_t *r, const uint8_t *in, size_t len);
/** Encode a as exactly gn_fp_bytes big-endian bytes (canonical: < p). */
GN_API void gn_fp_encode(const gn_fp_ctx_t *ctx, uint8_t *out, const gn_fp_t *a);
/** As gn_fp_encode, little-endian. */
GN_API void gn_fp_encode_le(const gn_fp_ctx_t *ctx, uint8_t *out, const gn_fp_t *a);

GN_API void gn_fp_add(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b);
GN_API void gn_fp_sub(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b);
GN_API void gn_fp_neg(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);
GN_API void gn_fp_mul(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b);
GN_API void gn_fp_sqr(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);
/** r = c * a for a small constant 0 <= c < 2^31. */
GN_API void gn_fp_mul_small(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, uint32_t c);
/** r = a / 2. */
GN_API void gn_fp_half(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);

/**
 * r = 1/a in constant time (Bernstein-Yang safegcd with a fixed number of
 * divsteps). GN_ERR_NOT_INVERTIBLE if a == 0 (r = 0).
 */
GN_API GN_NODISCARD gn_err gn_fp_inv(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);
/** r = 1/a, variable time (Lehmer's extended Euclidean algorithm); for public a. */
GN_API GN_NODISCARD gn_err gn_fp_inv_var(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);
/**
 * r = a^e for the natural e of en limbs, constant time in a and e: a fixed
 * 4-bit window over all en*W bits of e with a masked table scan.
 */
GN_API void gn_fp_pow(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_limb_t *e, size_t en);
/** r = a^e, constant time in a, variable time in the public exponent e (sliding window). */
GN_API void gn_fp_pow_var(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, const gn_limb_t *e, size_t en);
/**
 * r = a square root of a, constant time (p = 3 mod 4: a^((p+1)/4); p = 5 mod 8:
 * Atkin; otherwise constant-time Tonelli-Shanks, RFC 9380 appendix I.4).
 * GN_ERR_NOT_SQUARE if a is not a square (r is then unspecified). Either root
 * may be returned.
 */
GN_API GN_NODISCARD gn_err gn_fp_sqrt(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a);
/** Legendre symbol (a/p) in {-1, 0, 1}, constant time (Euler's criterion). */
GN_API int gn_fp_legendre(const gn_fp_ctx_t *ctx, const gn_fp_t *a);
/** Legendre symbol (a/p), variable time (binary Jacobi algorithm). */
GN_API int gn_fp_legendre_var(const gn_fp_ctx_t *ctx, const gn_fp_t *a);

/** 1 if a == 0, else 0; constant time. */
GN_API int gn_fp_is_zero(const gn_fp_ctx_t *ctx, const gn_fp_t *a);
/** 1 if a == b, else 0; constant time. */
GN_API int gn_fp_eq(const gn_fp_ctx_t *ctx, const gn_fp_t *a, const gn_fp_t *b);
/** If swap (0 or 1), exchange a and b; constant time. */
GN_API void gn_fp_cswap(const gn_fp_ctx_t *ctx, gn_fp_t *a, gn_fp_t *b, int swap);
/** If move (0 or 1), r = a; constant time. */
GN_API void gn_fp_cmov(const gn_fp_ctx_t *ctx, gn_fp_t *r, const gn_fp_t *a, int move);

/**
 * r = a uniformly random element, by rejection sampling bytes from rng.
 * Time depends on the number of rejected candidates only.
 * @return GN_ERR_RNG if rng fails (or, with a broken rng, after 256 rejections).
 */
GN_API GN_NODISCARD gn_err gn_fp_random(const gn_fp_ctx_t *ctx, gn_fp_t *r, gn_rng_fn rng, void *rng_state);

#ifdef __cplusplus
}
#endif

#endif
