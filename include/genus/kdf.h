/** @file genus/kdf.h
 * Key derivation from a shared secret: HKDF (RFC 5869) and the ANSI X9.63 KDF (SEC1 3.6.1),
 * both over the SHA-2 functions of genus/hash.h. Inputs are treated as secret: no branch or
 * address depends on their contents, only on their lengths. */
#ifndef GENUS_KDF_H
#define GENUS_KDF_H

#include "genus/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/** HKDF-Extract (RFC 5869 2.2): prk = HMAC(salt, ikm), gn_hash_size(alg) bytes. An empty salt
 *  (NULL, 0) means HashLen zero bytes, as the RFC says.
 *  GN_ERR_INVALID for an unknown algorithm or a NULL pointer with a non-zero length. */
GN_API GN_NODISCARD gn_err gn_hkdf_extract(gn_hash_alg alg, uint8_t *prk, const uint8_t *salt, size_t saltlen,
                                           const uint8_t *ikm, size_t ikmlen);

/** HKDF-Expand (RFC 5869 2.3): okmlen bytes from a pseudorandom key prk (at least HashLen bytes
 *  long, as the RFC requires) and the context info.
 *  GN_ERR_RANGE when okmlen > 255 HashLen or prklen < HashLen; GN_ERR_INVALID as above. */
GN_API GN_NODISCARD gn_err gn_hkdf_expand(gn_hash_alg alg, uint8_t *okm, size_t okmlen, const uint8_t *prk,
                                          size_t prklen, const uint8_t *info, size_t infolen);

/** HKDF (RFC 5869): Extract then Expand. Errors as the two steps. */
GN_API GN_NODISCARD gn_err gn_hkdf(gn_hash_alg alg, uint8_t *okm, size_t okmlen, const uint8_t *salt, size_t saltlen,
                                   const uint8_t *ikm, size_t ikmlen, const uint8_t *info, size_t infolen);

/** ANSI X9.63 KDF (SEC1 3.6.1): out = H(Z || 00000001 || SharedInfo) || H(Z || 00000002 || ...)
 *  truncated to outlen bytes. GN_ERR_RANGE when outlen >= HashLen (2^32 - 1) (SEC1 step 1);
 *  GN_ERR_INVALID as above. */
GN_API GN_NODISCARD gn_err gn_kdf_x963(gn_hash_alg alg, uint8_t *out, size_t outlen, const uint8_t *z, size_t zlen,
                                       const uint8_t *info, size_t infolen);

#ifdef __cplusplus
}
#endif

#endif
