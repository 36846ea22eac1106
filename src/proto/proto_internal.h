/* Internal helpers shared by the protocols (src/proto/): the curve interface that lets one
 * implementation of SEC1 key pairs, ECDH, ECMQV and ElGamal serve prime curves (gn_ec_*) and
 * binary curves (gn_ec2m_*). */
#ifndef GN_PROTO_INTERNAL_H
#define GN_PROTO_INTERNAL_H

#include "genus/ec.h"
#include "genus/ec2m.h"

/* A point of either kind of curve. */
typedef union gn_proto_point {
    gn_ec_point_t ec;
    gn_ec2m_point_t ec2m;
} gn_proto_point_t;

/* The caller's point of either kind as the protocols take it: read and written through the
 * union's member of its type (C11 6.5p7), never as a whole union, and never copied (the stack
 * budget of docs/ARCHITECTURE.md). */
#define AS_PROTO(p) ((gn_proto_point_t *)(p))

/* The curve-dependent operations the protocols need; c is the curve context (gn_ec_ctx_t or
 * gn_ec2m_ctx_t). "ct": constant time in the scalar and the point; "var": public data only. */
typedef struct gn_proto_ops {
    /* r = [k] p, k of klen bytes, ct; r may be p (here and in mul_var) */
    gn_err (*mul_ct)(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p);
    /* r = [k] G, ct */
    gn_err (*mul_base_ct)(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen);
    /* r = [k] p, var */
    gn_err (*mul_var)(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p);
    /* r = q + [a] p (ECMQV's combination), var */
    gn_err (*muladd_var)(const void *c, gn_proto_point_t *r, const gn_proto_point_t *q, const uint8_t *a, size_t alen,
                         const gn_proto_point_t *p);
    /* r = p + q and r = -p, ct; r may be p or q (ElGamal adds in place) */
    void (*add)(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p, const gn_proto_point_t *q);
    void (*neg)(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p);
    /* all ones when p is on the curve (or the neutral element), ct */
    gn_limb_t (*on_curve)(const void *c, const gn_proto_point_t *p);
    /* SEC1 3.2.2.1 validation; subgroup: also [n] p = O (for h > 1), var */
    gn_err (*validate_var)(const void *c, const gn_proto_point_t *p, int subgroup);
    /* all ones for the neutral element (Edwards and Jacobi quartic: the affine point (0, 1)), ct */
    gn_limb_t (*is_inf)(const void *c, const gn_proto_point_t *p);
    /* the x-coordinate as field-size big-endian bytes (SEC1 2.3.5; for GF(2^m) the integer of the
     * element's bit string, SEC1 2.3.9), zeros for O; ct */
    void (*x_bytes)(const void *c, uint8_t *out, const gn_proto_point_t *p);
    /* SEC1 2.3.3 encoding */
    gn_err (*encode)(const void *c, uint8_t *out, size_t *outlen, size_t outsize, const gn_proto_point_t *p,
                     int compressed);
} gn_proto_ops_t;

/* A curve as the protocols see it. */
typedef struct gn_proto_curve {
    const gn_proto_ops_t *ops;
    const void *c;
    gn_limb_t n[GN_EC_ORDER_LIMBS]; /* order of the base point */
    size_t n_bits, fb, sb;          /* bits of n, field bytes, scalar bytes ceil(bits(n)/8) */
    unsigned h;                     /* cofactor */
} gn_proto_curve_t;

/* The SubjectPublicKeyInfo (RFC 5480) of the curve called name (its namedCurve OID; GN_ERR_UNSUPPORTED
 * without one) around the SEC1 point octets point[plen]; and the point octets of such a key in
 * in[len] (strict DER, id-ecPublicKey, that curve's OID: GN_ERR_DER, GN_ERR_CURVE_MISMATCH). */
struct gn_der;
gn_err gn_proto_spki_encode(const char *name, uint8_t *out, size_t *outlen, size_t outsize, const uint8_t *point,
                            size_t plen);
gn_err gn_proto_spki_point(const char *name, struct gn_der *point, const uint8_t *in, size_t len);

/* GN_ERR_UNVERIFIED_ORDER when the curve serves arithmetic only (n not prime, or h n not proven
 * to be the group order: gn_ec_init, gn_ec2m_init); for binary curves GN_ERR_INVALID when the
 * curve has no base point, order or cofactor. */
gn_err gn_proto_curve_ec(gn_proto_curve_t *pc, const gn_ec_ctx_t *ec);
gn_err gn_proto_curve_ec2m(gn_proto_curve_t *pc, const gn_ec2m_ctx_t *ec);

/* d (big-endian, any length up to GN_EC_MAX_SCALAR_BYTES) as exactly pc->sb big-endian bytes in
 * out; returns an all-ones mask when 1 <= d <= n-1, zero otherwise (out then holds an unspecified
 * value). Constant time in d; the time depends on len only. */
gn_limb_t gn_proto_scalar_in_range(const gn_proto_curve_t *pc, uint8_t *out, const uint8_t *d, size_t len);

/* The shared secret x(P) (pc->fb big-endian bytes) into out, unless the private key was out of
 * range (ok zero) or P = O: then zeros, and GN_ERR_RANGE or GN_ERR_INFINITY. No branch on either;
 * p is wiped. */
gn_err gn_proto_shared_x(const gn_proto_curve_t *pc, uint8_t *out, gn_proto_point_t *p, gn_limb_t ok);

/* mask ? a : b for error codes, without a branch. */
gn_err gn_proto_err_select(gn_limb_t mask, gn_err a, gn_err b);

/* The generic protocol bodies behind gn_ec_* and gn_ec2m_* (their contracts in genus/ecdh.h). */
gn_err gn_proto_keygen(const gn_proto_curve_t *pc, uint8_t *priv, size_t privsize, gn_proto_point_t *pub,
                       gn_rng_fn rng, void *rng_state);
gn_err gn_proto_public_key(const gn_proto_curve_t *pc, gn_proto_point_t *pub, const uint8_t *priv, size_t privlen);
gn_err gn_proto_ecdh(const gn_proto_curve_t *pc, uint8_t *secret, size_t secretsize, const uint8_t *priv,
                     size_t privlen, const gn_proto_point_t *pub, int cofactor);

#endif
