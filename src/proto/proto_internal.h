/* Internal helpers shared by the protocols (src/proto/). */
#ifndef GN_PROTO_INTERNAL_H
#define GN_PROTO_INTERNAL_H

#include "genus/ec.h"

/* d (big-endian, any length up to GN_EC_MAX_SCALAR_BYTES) as exactly gn_ec_scalar_bytes(ec)
 * big-endian bytes in out; returns an all-ones mask when 1 <= d <= n-1, zero otherwise (out then
 * holds an unspecified value). Constant time in d; the time depends on len only. */
gn_limb_t gn_proto_scalar_in_range(const gn_ec_ctx_t *ec, uint8_t *out, const uint8_t *d, size_t len);

/* The shared secret x(P) (gn_fp_bytes big-endian bytes) into out, unless the private key was out of
 * range (ok zero) or P = O: then zeros, and GN_ERR_RANGE or GN_ERR_INFINITY. No branch on either;
 * p is wiped. */
gn_err gn_proto_shared_x(const gn_ec_ctx_t *ec, uint8_t *out, gn_ec_point_t *p, gn_limb_t ok);

/* mask ? a : b for error codes, without a branch. */
gn_err gn_proto_err_select(gn_limb_t mask, gn_err a, gn_err b);

#endif
