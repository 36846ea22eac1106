/** @file genus/xdh.h
 * X25519 and X448 (RFC 7748): Diffie-Hellman on the u-coordinate of curve25519 and curve448.
 *
 * Scalars and u-coordinates are little-endian byte strings (32 bytes for X25519, 56 for X448).
 * The scalar is clamped (RFC 7748 section 5: X25519 clears bits 0-2 and 255 and sets bit 254;
 * X448 clears bits 0-1 and sets bit 447); the top bit of an X25519 u is masked, and
 * non-canonical u (>= p) is taken modulo p, as section 5 requires. u may lie on the curve or on
 * its quadratic twist; both are defined.
 *
 * Leakage: constant time in the scalar (Montgomery ladder over a fixed number of bits, swaps by
 * masks); the only data-dependent outcome is whether the result is all zero, which the
 * functions report.
 *
 * All-zero results: a public u of small order (or on the twist's small subgroup) makes the
 * shared secret zero whatever the scalar. These functions return GN_ERR_INFINITY for it, as
 * RFC 7748 section 6.1 allows ("check whether the computed value is all zeros and abort"); the
 * zero output is still written, so a caller that wants the bare function of section 5 has it.
 */
#ifndef GENUS_XDH_H
#define GENUS_XDH_H

#include "genus/ec.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GN_X25519_BYTES 32
#define GN_X448_BYTES 56

/**
 * The X25519 or X448 function on a prepared context: ec is gn_ec_init_named(ec, "curve25519")
 * or "curve448" (set it up once; that costs tens of microseconds). All three lengths must be
 * the curve's size (32 or 56).
 * @return GN_OK; GN_ERR_INFINITY when the result is all zero (out is then zero);
 *         GN_ERR_INVALID for a NULL pointer or a wrong length (out zeroed if it can be);
 *         GN_ERR_UNSUPPORTED when ec is neither curve.
 */
GN_API GN_NODISCARD gn_err gn_xdh(const gn_ec_ctx_t *ec, uint8_t *out, size_t outlen, const uint8_t *scalar,
                                  size_t scalarlen, const uint8_t *u, size_t ulen);

/** X25519(scalar, u) (RFC 7748 5); errors as gn_xdh. The first call of the process sets up
 *  curve25519 once (thread-safe), later calls share it read-only: the only state the library keeps. */
GN_API GN_NODISCARD gn_err gn_x25519(uint8_t out[GN_X25519_BYTES], const uint8_t scalar[GN_X25519_BYTES],
                                     const uint8_t u[GN_X25519_BYTES]);
/** X448(scalar, u) (RFC 7748 5); errors as gn_xdh. curve448 is set up once, as for gn_x25519. */
GN_API GN_NODISCARD gn_err gn_x448(uint8_t out[GN_X448_BYTES], const uint8_t scalar[GN_X448_BYTES],
                                   const uint8_t u[GN_X448_BYTES]);

/** The public key X25519(scalar, 9) / X448(scalar, 5) on a prepared context; errors as gn_xdh. */
GN_API GN_NODISCARD gn_err gn_xdh_public(const gn_ec_ctx_t *ec, uint8_t *out, size_t outlen, const uint8_t *scalar,
                                         size_t scalarlen);

#ifdef __cplusplus
}
#endif

#endif
