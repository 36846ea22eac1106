/** @file genus/hmac.h
 * HMAC (FIPS 198-1, RFC 2104) over the SHA-2 functions of genus/hash.h. */
#ifndef GENUS_HMAC_H
#define GENUS_HMAC_H

#include "genus/hash.h"

/** An incremental HMAC computation; fields are internal. */
typedef struct gn_hmac_ctx {
    gn_hash_ctx_t inner, outer; /* H((K ^ ipad) || ...), and H(K ^ opad) waiting for the inner digest */
} gn_hmac_ctx_t;

/** Start HMAC with key (any length; longer than a block is hashed first, FIPS 198-1 step 2).
 *  GN_ERR_INVALID for a NULL context, a NULL key with keylen > 0, or an unknown algorithm. */
GN_API GN_NODISCARD gn_err gn_hmac_init(gn_hmac_ctx_t *ctx, gn_hash_alg alg, const uint8_t *key, size_t keylen);
/** Absorb len bytes of the message. */
GN_API void gn_hmac_update(gn_hmac_ctx_t *ctx, const uint8_t *msg, size_t len);
/** Write the tag (gn_hash_size bytes) to out and wipe the context. */
GN_API void gn_hmac_final(gn_hmac_ctx_t *ctx, uint8_t *out);
/** One-shot HMAC of msg under key. Errors as gn_hmac_init (and NULL out or msg with len > 0). */
GN_API GN_NODISCARD gn_err gn_hmac(gn_hash_alg alg, uint8_t *out, const uint8_t *key, size_t keylen,
                                   const uint8_t *msg, size_t len);

#endif
