/** @file genus/hash.h
 * SHA-2 hash functions (FIPS 180-4): SHA-224, SHA-256, SHA-384, SHA-512, incremental and
 * one-shot. The building block of HMAC, the KDFs and the DRBGs. */
#ifndef GENUS_HASH_H
#define GENUS_HASH_H

#include "genus/common.h"

typedef enum gn_hash_alg {
    GN_HASH_SHA224 = 1,
    GN_HASH_SHA256 = 2,
    GN_HASH_SHA384 = 3,
    GN_HASH_SHA512 = 4
} gn_hash_alg;

/** The largest digest (SHA-512) and block (SHA-384/512) sizes, in bytes. */
#define GN_HASH_MAX_SIZE 64
#define GN_HASH_MAX_BLOCK 128

/** An incremental hash computation; fields are internal. */
typedef struct gn_hash_ctx {
    gn_hash_alg alg;
    uint32_t h32[8];           /* SHA-224/256 state */
    uint64_t h64[8];           /* SHA-384/512 state */
    uint64_t bytes, bytes_hi;  /* message length so far (128 bits) */
    uint8_t buf[GN_HASH_MAX_BLOCK];
    size_t fill;
} gn_hash_ctx_t;

/** Digest size in bytes (28, 32, 48, 64); 0 for an unknown algorithm. */
GN_API size_t gn_hash_size(gn_hash_alg alg);
/** Block size in bytes (64 or 128); 0 for an unknown algorithm. */
GN_API size_t gn_hash_block_size(gn_hash_alg alg);
/** Start a computation. GN_ERR_INVALID for a NULL context or an unknown algorithm. */
GN_API GN_NODISCARD gn_err gn_hash_init(gn_hash_ctx_t *ctx, gn_hash_alg alg);
/** Absorb len bytes (msg may be NULL when len is 0). */
GN_API void gn_hash_update(gn_hash_ctx_t *ctx, const uint8_t *msg, size_t len);
/** Write the digest (gn_hash_size bytes) to out and wipe the context. */
GN_API void gn_hash_final(gn_hash_ctx_t *ctx, uint8_t *out);
/** One-shot digest of msg. GN_ERR_INVALID for NULL arguments or an unknown algorithm. */
GN_API GN_NODISCARD gn_err gn_hash(gn_hash_alg alg, uint8_t *out, const uint8_t *msg, size_t len);

#endif
