/** @file genus/drbg.h
 * Deterministic random bit generators of NIST SP 800-90A Rev. 1: HMAC_DRBG (10.1.2) and
 * Hash_DRBG (10.1.1) over SHA-256 and SHA-512, at security strength 256, and the entropy
 * sources that seed them (the operating system, the x86 RDSEED/RDRAND instructions, or a
 * caller's callback such as a hardware generator).
 *
 * A ::gn_drbg_t is caller-owned storage holding the internal state (no heap). It is
 * mutable: unlike the arithmetic contexts it must not be shared between threads without a
 * lock. Zero-initialise it (`gn_drbg_t d = {0};`) before its first use so that a call before
 * gn_drbg_instantiate reports GN_ERR_DRBG_STATE.
 *
 * Leakage: the SHA-2 and HMAC computations are constant time; the code branches and indexes
 * only on lengths, counters and flags, never on the entropy, the state or the output. */
#ifndef GENUS_DRBG_H
#define GENUS_DRBG_H

#include "genus/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Security strength of every mechanism here, in bits (SP 800-90A Rev.1 10.1 Table 2). */
#define GN_DRBG_STRENGTH 256
/** Default and least entropy input per (re)seed, in bytes: security_strength bits (8.6.5). */
#define GN_DRBG_ENTROPY_BYTES (GN_DRBG_STRENGTH / 8)
/** Least nonce, in bytes: security_strength/2 bits (8.6.7). Also what is drawn when no nonce is given. */
#define GN_DRBG_NONCE_BYTES (GN_DRBG_STRENGTH / 16)
/** Largest entropy input per (re)seed, in bytes: this implementation's max_length (Table 2
 *  allows up to 2^35 bits; the input is held on the stack because HMAC_DRBG reads it twice). */
#define GN_DRBG_MAX_ENTROPY_BYTES 512
/** Largest nonce, personalization string and additional input, in bytes: 2^35 bits (Table 2). */
#define GN_DRBG_MAX_INPUT_BYTES ((uint64_t)1 << 32)
/** max_number_of_bits_per_request, 2^19 bits (Table 2), in bytes. */
#define GN_DRBG_MAX_REQUEST_BYTES 65536
/** Default and largest reseed_interval, 2^48 requests (Table 2). */
#define GN_DRBG_RESEED_INTERVAL ((uint64_t)1 << 48)
/** Largest working value in bytes: seedlen of Hash_DRBG with SHA-512, 888 bits (Table 2). */
#define GN_DRBG_MAX_SEEDLEN 111

/** The DRBG mechanisms. */
typedef enum gn_drbg_mech {
    GN_DRBG_HMAC_SHA256 = 1, /**< HMAC_DRBG (10.1.2) with HMAC-SHA-256 */
    GN_DRBG_HMAC_SHA512 = 2, /**< HMAC_DRBG (10.1.2) with HMAC-SHA-512 */
    GN_DRBG_HASH_SHA256 = 3, /**< Hash_DRBG (10.1.1) with SHA-256, seedlen 440 */
    GN_DRBG_HASH_SHA512 = 4  /**< Hash_DRBG (10.1.1) with SHA-512, seedlen 888 */
} gn_drbg_mech;

/**
 * An entropy source: the Get_entropy_input of SP 800-90A 9 (and SP 800-90C). @p get fills its
 * buffer and returns 0, or non-zero on failure; the DRBG reports a failure as GN_ERR_RNG.
 * @p bytes is how many bytes carry GN_DRBG_STRENGTH bits of entropy: 0 means
 * GN_DRBG_ENTROPY_BYTES (a full-entropy source); a source of lower entropy per byte asks for
 * more, up to GN_DRBG_MAX_ENTROPY_BYTES.
 */
typedef struct gn_entropy {
    gn_rng_fn get; /**< fills out with len bytes; 0 on success */
    void *state;   /**< passed to get */
    size_t bytes;  /**< bytes per seed; 0: GN_DRBG_ENTROPY_BYTES */
} gn_entropy_t;

/** The built-in entropy sources. */
typedef enum gn_entropy_kind {
    GN_ENTROPY_OS = 1,     /**< getrandom(2), or /dev/urandom where the system call is missing */
    GN_ENTROPY_RDSEED = 2, /**< x86-64 RDSEED: the CPU's conditioned entropy source */
    GN_ENTROPY_RDRAND = 3  /**< x86-64 RDRAND: output of the CPU's own DRBG, reseeded by it */
} gn_entropy_kind;

/**
 * Set @p src to a built-in source (bytes = 0, state = NULL).
 * @return GN_OK; GN_ERR_UNSUPPORTED when the CPU lacks RDSEED/RDRAND, or the build (not
 *         x86-64 with GCC or Clang) or the system cannot offer the source; GN_ERR_INVALID for a
 *         NULL @p src or an unknown kind.
 */
GN_API GN_NODISCARD gn_err gn_entropy_init(gn_entropy_t *src, gn_entropy_kind kind);

/**
 * Fill @p out with @p len bytes from the operating system: getrandom(2) on Linux (blocking
 * until the kernel pool is first seeded; short reads and EINTR are retried), else
 * /dev/urandom. @return GN_OK, GN_ERR_RNG on failure, GN_ERR_INVALID for NULL @p out with
 * @p len > 0. On failure @p out is zeroed.
 */
GN_API GN_NODISCARD gn_err gn_entropy_os(uint8_t *out, size_t len);

/**
 * Fill @p out with @p len bytes from RDSEED (or RDRAND), each 64-bit draw retried a bounded
 * number of times. @return GN_OK; GN_ERR_UNSUPPORTED when the CPU or build lacks the
 * instruction; GN_ERR_RNG when the retries are exhausted (the hardware is drained or
 * failing). On failure @p out is zeroed. RDRAND output is itself a DRBG's output: SP 800-90C
 * counts it as entropy only under the conditions it sets, which is the caller's call.
 */
GN_API GN_NODISCARD gn_err gn_entropy_rdseed(uint8_t *out, size_t len);
GN_API GN_NODISCARD gn_err gn_entropy_rdrand(uint8_t *out, size_t len);

/** The internal state of a DRBG instance (SP 800-90A 8.3); fields are internal. */
typedef struct gn_drbg {
    uint32_t magic;                 /* GN_DRBG_MAGIC while instantiated, else 0 */
    gn_drbg_mech mech;
    int prediction_resistance;      /* prediction_resistance_flag of the instance */
    gn_entropy_t entropy;
    uint64_t reseed_counter;
    uint64_t reseed_interval;
    uint8_t v[GN_DRBG_MAX_SEEDLEN]; /* V: outlen (HMAC_DRBG) or seedlen (Hash_DRBG) bytes */
    uint8_t k[GN_DRBG_MAX_SEEDLEN]; /* Key (HMAC_DRBG, outlen bytes) or C (Hash_DRBG, seedlen bytes) */
} gn_drbg_t;

/**
 * Instantiate (SP 800-90A 9.1): draw the entropy input from @p src and derive the state from
 * entropy input || nonce || personalization string. Any previous state is overwritten.
 * @param drbg     the instance (output)
 * @param mech     the mechanism
 * @param src      the entropy source, copied into the instance for reseeds
 * @param prediction_resistance 1 if this instance may be asked for prediction resistance, else 0
 * @param nonce    at least GN_DRBG_NONCE_BYTES bytes; NULL: GN_DRBG_NONCE_BYTES more bytes are
 *                 drawn from @p src with the entropy input (8.6.7)
 * @param pers     personalization string (NULL when @p pers_len is 0)
 * @return GN_OK; GN_ERR_INVALID for NULL arguments, an unknown mechanism, a source of fewer
 *         than GN_DRBG_ENTROPY_BYTES bytes or a nonce shorter than GN_DRBG_NONCE_BYTES;
 *         GN_ERR_REQUEST_TOO_LARGE for inputs longer than the GN_DRBG_MAX_* limits;
 *         GN_ERR_RNG when the source fails. On failure the instance is left zeroed
 *         (uninstantiated).
 */
GN_API GN_NODISCARD gn_err gn_drbg_instantiate(gn_drbg_t *drbg, gn_drbg_mech mech, const gn_entropy_t *src,
                                               int prediction_resistance, const uint8_t *nonce, size_t nonce_len,
                                               const uint8_t *pers, size_t pers_len);

/**
 * Reseed (SP 800-90A 9.2): mix fresh entropy from the instance's source and @p add (additional
 * input, NULL when @p add_len is 0) into the state; the reseed counter restarts at 1.
 * @return GN_OK; GN_ERR_DRBG_STATE when not instantiated; GN_ERR_REQUEST_TOO_LARGE for
 *         @p add_len above GN_DRBG_MAX_INPUT_BYTES; GN_ERR_INVALID for NULL @p add with
 *         @p add_len > 0; GN_ERR_RNG when the source fails (the state is then unchanged).
 */
GN_API GN_NODISCARD gn_err gn_drbg_reseed(gn_drbg_t *drbg, const uint8_t *add, size_t add_len);

/**
 * Generate (SP 800-90A 9.3.1): write @p out_len pseudorandom bytes to @p out. With
 * @p prediction_resistance set, the instance first reseeds from its source (the additional
 * input goes into that reseed); it also reseeds by itself once reseed_interval requests have
 * been served since the last (re)seed.
 * @p out must not overlap @p add.
 * @return GN_OK; GN_ERR_DRBG_STATE when not instantiated; GN_ERR_REQUEST_TOO_LARGE for
 *         @p out_len above GN_DRBG_MAX_REQUEST_BYTES or @p add_len above
 *         GN_DRBG_MAX_INPUT_BYTES; GN_ERR_INVALID for prediction resistance requested from an
 *         instance instantiated without it, or NULL pointers with non-zero lengths; GN_ERR_RNG
 *         when a needed reseed fails. On any failure all @p out_len bytes of @p out are zeroed.
 */
GN_API GN_NODISCARD gn_err gn_drbg_generate(gn_drbg_t *drbg, uint8_t *out, size_t out_len, int prediction_resistance,
                                            const uint8_t *add, size_t add_len);

/**
 * Lower the reseed_interval (SP 800-90A 9.3.1 step 7; Table 2): after @p interval requests
 * the next generate reseeds first. The default is GN_DRBG_RESEED_INTERVAL.
 * @return GN_OK; GN_ERR_DRBG_STATE when not instantiated; GN_ERR_INVALID for 0 or more than
 *         GN_DRBG_RESEED_INTERVAL.
 */
GN_API GN_NODISCARD gn_err gn_drbg_set_reseed_interval(gn_drbg_t *drbg, uint64_t interval);

/** Uninstantiate (SP 800-90A 9.4): zeroise the whole state. NULL is ignored. */
GN_API void gn_drbg_uninstantiate(gn_drbg_t *drbg);

/**
 * ::gn_rng_fn adapter: @p drbg is a `gn_drbg_t *`. Fills @p out with @p len bytes, in requests
 * of at most GN_DRBG_MAX_REQUEST_BYTES, with prediction resistance when the instance was
 * instantiated with it. Returns 0, or the (negative) gn_err of the failing request, in which
 * case @p out is zeroed.
 */
GN_API GN_NODISCARD int gn_drbg_rng(void *drbg, uint8_t *out, size_t len);

#ifdef __cplusplus
}
#endif

#endif
