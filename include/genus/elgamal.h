/** @file genus/elgamal.h
 * ElGamal encryption of curve points, the generalised ElGamal of a cyclic group written
 * additively (background document 004, definition 1.8): B's key pair (d, A = [d] G); to send a
 * point M, A draws e, sends (B1, C) = ([e] G, M + [e] A); B recovers M = C - [d] B1.
 *
 * An example protocol, as the background material presents it: it encrypts points, not byte
 * strings (mapping messages to points is left to the caller), and it is malleable (C + P
 * decrypts to M + P). Constant time in d, e and M.
 */
#ifndef GENUS_ELGAMAL_H
#define GENUS_ELGAMAL_H

#include "genus/ec.h"
#include "genus/ec2m.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Encrypt m to the public key pub: e drawn from rng in [1, n-1] (rejection sampling; definition
 * 1.8's e >= 2 only excludes a value drawn with probability 1/n), b1 = [e] G, c = m + [e] pub.
 * pub is validated (SEC1 3.2.2.1). m may be any point of the curve; b1 or c may be m or pub.
 * On an error c is untouched, and so is b1 unless the multiplication by G itself failed.
 * @return GN_ERR_RNG; validation errors of pub; GN_ERR_NOT_ON_CURVE for m; GN_ERR_INVALID.
 */
GN_API GN_NODISCARD gn_err gn_elgamal_encrypt(const gn_ec_ctx_t *ec, gn_ec_point_t *b1, gn_ec_point_t *c,
                                              const gn_ec_point_t *m, const gn_ec_point_t *pub, gn_rng_fn rng,
                                              void *rng_state);

/** Decrypt: m = c - [d] b1. b1 is validated (on the curve, not O, in the subgroup when h > 1),
 *  c must be on the curve. GN_ERR_RANGE unless 1 <= d <= n-1. */
GN_API GN_NODISCARD gn_err gn_elgamal_decrypt(const gn_ec_ctx_t *ec, gn_ec_point_t *m, const uint8_t *priv,
                                              size_t privlen, const gn_ec_point_t *b1, const gn_ec_point_t *c);

/** The same on a binary curve with a base point, order and cofactor (the same code; the
 *  addition is gn_ec2m_add, constant time). GN_ERR_INVALID also for a curve without an order. */
GN_API GN_NODISCARD gn_err gn_ec2m_elgamal_encrypt(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *b1, gn_ec2m_point_t *c,
                                                   const gn_ec2m_point_t *m, const gn_ec2m_point_t *pub,
                                                   gn_rng_fn rng, void *rng_state);
/** Binary-curve decryption, as gn_elgamal_decrypt. */
GN_API GN_NODISCARD gn_err gn_ec2m_elgamal_decrypt(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *m, const uint8_t *priv,
                                                   size_t privlen, const gn_ec2m_point_t *b1,
                                                   const gn_ec2m_point_t *c);

#ifdef __cplusplus
}
#endif

#endif
