/**
 * @file common.h
 * @brief Types, error codes and conventions shared by every genus module.
 *
 * Conventions (the whole library follows them):
 * - Argument order: context first, then outputs, then in/out, then inputs;
 *   a length comes right after its array.
 * - Outputs may alias inputs unless a function's documentation says otherwise.
 * - Functions that can fail on input return ::gn_err (GN_OK = 0, negative codes
 *   otherwise). Arithmetic on valid elements returns void.
 * - The library never allocates, never prints, never aborts and keeps no
 *   global mutable state: callers own all storage; contexts are immutable
 *   after set-up and may be shared between threads.
 * - Constant time is the default: no branch and no memory address depends on
 *   secret data. Functions that are variable-time for public data end in
 *   `_var`; each header says what a function may leak.
 */
#ifndef GENUS_COMMON_H
#define GENUS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "genus/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Marks functions whose result must be checked. */
#if defined(__GNUC__) || defined(__clang__)
#define GN_NODISCARD __attribute__((warn_unused_result))
#else
#define GN_NODISCARD
#endif

/** Exported symbol (the shared library hides everything else). */
#if defined(GENUS_SHARED_BUILD) && (defined(__GNUC__) || defined(__clang__))
#define GN_API __attribute__((visibility("default")))
#else
#define GN_API
#endif

/** One limb of a multi-precision natural: 64 bits, or 32 with GENUS_LIMB_BITS=32. */
#if GN_LIMB_BITS == 64
typedef uint64_t gn_limb_t;
#elif GN_LIMB_BITS == 32
typedef uint32_t gn_limb_t;
#else
#error "GN_LIMB_BITS must be 32 or 64"
#endif

/** Error codes. GN_OK is zero; every failure is negative. */
typedef enum gn_err {
    GN_OK = 0,
    GN_ERR_INVALID = -1,        /**< an argument is malformed (NULL, bad length, unknown option) */
    GN_ERR_PARSE = -2,          /**< text is not well-formed (hexadecimal digits expected) */
    GN_ERR_RANGE = -3,          /**< a value does not fit, or an element is not below the modulus */
    GN_ERR_EVEN_MODULUS = -4,   /**< the modulus is even */
    GN_ERR_NOT_PRIME = -5,      /**< the modulus is not prime */
    GN_ERR_TOO_LARGE = -6,      /**< the modulus exceeds GN_FP_MAX_BITS (or is below 3) */
    GN_ERR_NOT_INVERTIBLE = -7, /**< inverse of zero */
    GN_ERR_NOT_SQUARE = -8,     /**< square root of a non-square */
    GN_ERR_DIV_BY_ZERO = -9,    /**< division of naturals by zero */
    GN_ERR_RNG = -10,           /**< the random generator failed */
    GN_ERR_UNSUPPORTED = -11,   /**< the requested kernel or extension cannot serve this modulus */
    GN_ERR_BUFFER = -12,        /**< an output buffer is too small */
    GN_ERR_NOT_RESIDUE = -13    /**< a given extension constant is not a non-residue */
} gn_err;

/** A short, constant English description of an error code. */
GN_API const char *gn_strerror(gn_err err);

/**
 * A caller-supplied random generator: fill @p out with @p len bytes and
 * return 0, or return non-zero on failure (reported as GN_ERR_RNG).
 */
typedef int (*gn_rng_fn)(void *state, uint8_t *out, size_t len);

/** Overwrite @p len bytes at @p p with zeros; the compiler cannot remove it. */
GN_API void gn_memzero(void *p, size_t len);

/** The library version, "MAJOR.MINOR.PATCH". */
GN_API const char *gn_version(void);

#ifdef __cplusplus
}
#endif

#endif
