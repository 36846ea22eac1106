/** @file genus/ecdh.h
 * Elliptic-curve keys and Diffie-Hellman (SEC1 v2: 3.2 key pairs, 3.3 ECDH primitives).
 *
 * A private key is the big-endian integer d in [1, n-1], n the order of the base point; it is
 * written as gn_ec_scalar_bytes(ec) bytes (SEC1 2.3.7) and read from any length whose value is in
 * range. A public key is a gn_ec_point_t; its encodings are SEC1 2.3.3 (gn_ec_encode: 04||X||Y or
 * 02/03||X), raw X||Y, and the X.509 SubjectPublicKeyInfo (RFC 5480) with a namedCurve OID.
 *
 * Leakage: key generation and ECDH are constant time in the private key (fixed-length scalar,
 * the constant-time default scalar multiplication, range checks by masks); whether the private
 * key is in range, and whether the shared point is the neutral element, are the reported outcomes.
 * Public-key parsing and validation are variable time (public data).
 */
#ifndef GENUS_ECDH_H
#define GENUS_ECDH_H

#include "genus/ec.h"
#include "genus/ec2m.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Bytes of a private key: ceil(bits(n) / 8). */
GN_API size_t gn_ec_scalar_bytes(const gn_ec_ctx_t *ec);

/**
 * Key generation (SEC1 3.2.1; FIPS 186-5 A.2.2 rejection sampling): d drawn as bits(n) random
 * bits from rng until 1 <= d <= n-1, written to priv (gn_ec_scalar_bytes bytes); pub = [d] G.
 * @return GN_ERR_RNG when rng fails (or gives 64 out-of-range draws in a row, which a working
 *         generator does with probability below 2^-64); GN_ERR_BUFFER when privsize is too small;
 *         GN_ERR_INVALID. pub may be NULL; on failure its content is unspecified.
 */
GN_API GN_NODISCARD gn_err gn_ec_keygen(const gn_ec_ctx_t *ec, uint8_t *priv, size_t privsize, gn_ec_point_t *pub,
                                        gn_rng_fn rng, void *rng_state);

/** pub = [d] G for the private key d (big-endian, any length). GN_ERR_RANGE unless 1 <= d <= n-1. */
GN_API GN_NODISCARD gn_err gn_ec_public_key(const gn_ec_ctx_t *ec, gn_ec_point_t *pub, const uint8_t *priv,
                                            size_t privlen);

/**
 * Public-key validation, SEC1 3.2.2.1: not the neutral element, coordinates below p, on the curve,
 * and [n] Q = O when the cofactor h > 1 (for h = 1 it follows). Variable time.
 * @return GN_ERR_INFINITY, GN_ERR_NOT_ON_CURVE, GN_ERR_SUBGROUP.
 */
GN_API GN_NODISCARD gn_err gn_ec_public_validate_var(const gn_ec_ctx_t *ec, const gn_ec_point_t *pub);

/** Public-key encodings. */
typedef enum gn_ec_key_format {
    GN_EC_KEY_SEC1 = 0,            /**< 04 || X || Y (SEC1 2.3.3 uncompressed) */
    GN_EC_KEY_SEC1_COMPRESSED = 1, /**< 02/03 || X */
    GN_EC_KEY_RAW = 2,             /**< X || Y, no prefix */
    GN_EC_KEY_SPKI = 3             /**< DER SubjectPublicKeyInfo, id-ecPublicKey with a namedCurve (RFC 5480) */
} gn_ec_key_format;

/** Encode pub; *outlen receives the length. GN_ERR_BUFFER when out is too small; GN_ERR_UNSUPPORTED
 *  for SPKI on a curve without a registered OID; GN_ERR_INFINITY for the neutral element. */
GN_API GN_NODISCARD gn_err gn_ec_public_encode(const gn_ec_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                                               const gn_ec_point_t *pub, gn_ec_key_format format);

/**
 * Decode a public key with partial validation (SEC1 3.2.3: coordinates below p, on the curve, not
 * the neutral element); the subgroup check that completes full validation for h > 1 is
 * gn_ec_public_validate_var, which GN_ECDH_STANDARD runs. SEC1 accepts both point
 * forms; SPKI is strict DER with the algorithm id-ecPublicKey and the namedCurve OID of ec's
 * curve: explicit parameters and other curves are refused (GN_ERR_CURVE_MISMATCH), as is any
 * BER leniency (GN_ERR_DER).
 */
GN_API GN_NODISCARD gn_err gn_ec_public_decode(const gn_ec_ctx_t *ec, gn_ec_point_t *pub, const uint8_t *in,
                                               size_t len, gn_ec_key_format format);

/** ECDH variants. */
typedef enum gn_ecdh_mode {
    GN_ECDH_STANDARD = 0, /**< SEC1 3.3.1: P = [d] Q, Q fully validated (subgroup checked when h > 1) */
    GN_ECDH_COFACTOR = 1  /**< SEC1 3.3.2: P = [h d] Q, Q validated but for the subgroup check */
} gn_ecdh_mode;

/**
 * The ECDH primitive: z = x(P) as gn_fp_bytes bytes (SEC1 2.3.5), P computed in constant time
 * in d. Q is validated here (it may come straight from gn_ec_decode).
 * @return GN_ERR_RANGE (d not in [1, n-1]), GN_ERR_INFINITY (P = O: refused, SEC1 3.3.1 step 2),
 *         the errors of gn_ec_public_validate_var, GN_ERR_BUFFER (secretsize < gn_fp_bytes),
 *         GN_ERR_INVALID. On error the secret is zeroed.
 */
GN_API GN_NODISCARD gn_err gn_ecdh(const gn_ec_ctx_t *ec, uint8_t *secret, size_t secretsize, const uint8_t *priv,
                                   size_t privlen, const gn_ec_point_t *pub, gn_ecdh_mode mode);

/* ------------------------------------------------------------------ binary curves
 * The same primitives on a binary curve (genus/ec2m.h) with a base point, order n and cofactor h:
 * the same code (src/proto/) and contracts as the gn_ec_ functions above. Field elements become
 * octets and integers by SEC1 2.3.5 / 2.3.9: the shared secret is x(P) as gn_f2m_bytes
 * big-endian bytes, the bit of x^i being bit i. The scalar multiplications on secrets are the
 * constant-time Lopez-Dahab ladder; those on public points are variable time. GN_ERR_INVALID
 * also when the curve has no base point, order or cofactor. */

/** Bytes of a private key on a binary curve: ceil(bits(n) / 8) (0 without an order). */
GN_API size_t gn_ec2m_scalar_bytes(const gn_ec2m_ctx_t *ec);
/** Key generation (SEC1 3.2.1), as gn_ec_keygen. */
GN_API GN_NODISCARD gn_err gn_ec2m_keygen(const gn_ec2m_ctx_t *ec, uint8_t *priv, size_t privsize,
                                          gn_ec2m_point_t *pub, gn_rng_fn rng, void *rng_state);
/** pub = [d] G, as gn_ec_public_key. */
GN_API GN_NODISCARD gn_err gn_ec2m_public_key(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *pub, const uint8_t *priv,
                                              size_t privlen);
/** Public-key validation (SEC1 3.2.2.1), subgroup check included for h > 1. Variable time. */
GN_API GN_NODISCARD gn_err gn_ec2m_public_validate_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *pub);
/** Public-key encodings on a binary curve, as gn_ec_public_encode: SEC1 (SEC1 2.3.3, the
 *  coordinates' bit strings as integers), raw X || Y, and the SubjectPublicKeyInfo of RFC 5480 with
 *  the namedCurve OID of SEC 2 (B-163 ... K-571; GN_ERR_UNSUPPORTED for other curves). */
GN_API GN_NODISCARD gn_err gn_ec2m_public_encode(const gn_ec2m_ctx_t *ec, uint8_t *out, size_t *outlen,
                                                 size_t outsize, const gn_ec2m_point_t *pub, gn_ec_key_format format);
/** Decode a public key with partial validation (coordinates of degree below m, on the curve, not
 *  infinity), as gn_ec_public_decode: strict DER for SPKI, the curve's own OID only. */
GN_API GN_NODISCARD gn_err gn_ec2m_public_decode(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *pub, const uint8_t *in,
                                                 size_t len, gn_ec_key_format format);
/** The ECDH primitive (SEC1 3.3.1, or 3.3.2 for GN_ECDH_COFACTOR), as gn_ecdh; the secret has
 *  gn_f2m_bytes bytes. */
GN_API GN_NODISCARD gn_err gn_ec2m_ecdh(const gn_ec2m_ctx_t *ec, uint8_t *secret, size_t secretsize,
                                        const uint8_t *priv, size_t privlen, const gn_ec2m_point_t *pub,
                                        gn_ecdh_mode mode);

#ifdef __cplusplus
}
#endif

#endif
