/** @file genus/mqv.h
 * ECMQV key agreement (SEC1 v2 3.4; the MQV protocol of Law-Menezes-Qu-Solinas-Vanstone) with
 * the two-pass key confirmation of Hankerson-Menezes-Vanstone, "Guide to Elliptic Curve
 * Cryptography", Protocol 4.51:
 *
 *   A -> B: A, R_A = [k_A] G
 *   B:      validates R_A; s_B = k_B + avf(R_B) d_B mod n; Z = [h s_B](R_A + [avf(R_A)] Q_A) != O;
 *           (k1, k2) = KDF(x_Z); t_B = MAC_k1(2 || B || A || R_B || R_A)
 *   B -> A: B, R_B, t_B
 *   A:      validates R_B; the same Z from its side; checks t_B; t_A = MAC_k1(3 || A || B || R_A || R_B)
 *   A -> B: t_A;  B checks t_A.  The session key is k2.
 *
 * Concrete choices (stated so that another implementation can agree): avf(R) = (x mod 2^f) + 2^f
 * with f = ceil(bits(n) / 2) and x the integer of R's x-coordinate (SEC1 3.4.1 / HMV); KDF = the
 * ANSI X9.63 KDF (SEC1 3.6.1) of the chosen hash on x_Z (gn_fp_bytes big-endian bytes) with an
 * empty SharedInfo, giving k1 (gn_hash_size bytes) then k2 (keylen bytes); MAC = HMAC with the same
 * hash; "2" and "3" are single bytes 0x02 and 0x03; identities are the caller's byte strings,
 * concatenated as given (use identities of fixed length, or prefix-free ones, so that no two
 * messages concatenate alike); points are SEC1 uncompressed encodings (04 || X || Y).
 *
 * Leakage: constant time in the static and ephemeral private keys (scalar arithmetic modulo n
 * in a Montgomery field context, the constant-time scalar multiplication); tag comparison in
 * constant time. Point validation and the public combination R + [avf(R)] Q are variable time
 * (public data).
 */
#ifndef GENUS_MQV_H
#define GENUS_MQV_H

#include "genus/ec.h"
#include "genus/ec2m.h"
#include "genus/hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest session key k2. */
#define GN_MQV_MAX_KEY 64

/** A curve prepared for ECMQV: the curve, arithmetic modulo n, the hash. Read-only after set-up. */
typedef struct gn_mqv_ctx {
    const gn_ec_ctx_t *ec;     /* the prime curve (gn_mqv_init), or NULL */
    const gn_ec2m_ctx_t *ec2m; /* the binary curve (gn_ec2m_mqv_init), or NULL */
    gn_fp_ctx_t zn;  /* integers modulo n (n prime) */
    gn_hash_alg alg;
    size_t f;        /* ceil(bits(n) / 2) */
} gn_mqv_ctx_t;

/** One party's keys: static (d, Q) and ephemeral (k, R), and its identity. */
typedef struct gn_mqv_own {
    const uint8_t *d; size_t dlen;        /**< static private key, big-endian */
    const gn_ec_point_t *q;               /**< static public key [d] G */
    const uint8_t *k; size_t klen;        /**< ephemeral private key, big-endian */
    const gn_ec_point_t *r;               /**< ephemeral public key [k] G */
    const uint8_t *id; size_t idlen;      /**< identity */
} gn_mqv_own_t;

/** The other party's public keys and identity. */
typedef struct gn_mqv_peer {
    const gn_ec_point_t *q; /**< static public key */
    const gn_ec_point_t *r; /**< ephemeral public key */
    const uint8_t *id; size_t idlen;
} gn_mqv_peer_t;

/** The outcome of gn_mqv_derive: the tag to send, the tag to expect, the session key. */
typedef struct gn_mqv_session {
    uint8_t tag_send[GN_HASH_MAX_SIZE];   /**< t_A for the initiator, t_B for the responder */
    uint8_t tag_expect[GN_HASH_MAX_SIZE]; /**< the peer's tag (internal; use gn_mqv_confirm) */
    uint8_t key[GN_MQV_MAX_KEY];          /**< k2 */
    size_t taglen, keylen;
} gn_mqv_session_t;

/** The same for a binary curve: points of genus/ec2m.h. */
typedef struct gn_ec2m_mqv_own {
    const uint8_t *d; size_t dlen;
    const gn_ec2m_point_t *q;
    const uint8_t *k; size_t klen;
    const gn_ec2m_point_t *r;
    const uint8_t *id; size_t idlen;
} gn_ec2m_mqv_own_t;

typedef struct gn_ec2m_mqv_peer {
    const gn_ec2m_point_t *q;
    const gn_ec2m_point_t *r;
    const uint8_t *id; size_t idlen;
} gn_ec2m_mqv_peer_t;

/** Prepare ec for ECMQV with hash alg. GN_ERR_INVALID, GN_ERR_UNSUPPORTED (unknown hash). */
GN_API GN_NODISCARD gn_err gn_mqv_init(gn_mqv_ctx_t *m, const gn_ec_ctx_t *ec, gn_hash_alg alg);

/**
 * The ECMQV primitive (SEC1 3.4.1): z = x([h s](R' + [avf(R')] Q')), s = k + avf(R) d mod n, as
 * gn_fp_bytes bytes. The peer's keys are validated (SEC1 3.2.2.1, subgroup included); own keys
 * are trusted (d, k must be in [1, n-1]: GN_ERR_RANGE otherwise).
 * @return GN_ERR_INFINITY when the point is O; validation errors; GN_ERR_BUFFER; GN_ERR_INVALID.
 */
GN_API GN_NODISCARD gn_err gn_mqv_primitive(const gn_mqv_ctx_t *m, uint8_t *z, size_t zsize, const gn_mqv_own_t *own,
                                            const gn_mqv_peer_t *peer);

/**
 * One side of Protocol 4.51 after the ephemeral keys are exchanged: Z, KDF, both tags and the
 * session key of keylen bytes (1..GN_MQV_MAX_KEY). initiator = 1 for A (who sends R_A first and
 * t_A last), 0 for B. Send s->tag_send; check the peer's tag with gn_mqv_confirm before using
 * s->key. Errors as gn_mqv_primitive; on error *s is zeroed.
 */
GN_API GN_NODISCARD gn_err gn_mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const gn_mqv_own_t *own,
                                         const gn_mqv_peer_t *peer, int initiator, size_t keylen);

/** Compare the peer's tag with the expected one in constant time. GN_ERR_AUTH on mismatch (or a
 *  wrong length), after which the session should be wiped (gn_memzero). */
GN_API GN_NODISCARD gn_err gn_mqv_confirm(const gn_mqv_session_t *s, const uint8_t *tag, size_t taglen);

/* Binary curves (genus/ec2m.h, with base point, order and cofactor): the same protocol, code and
 * choices; x_Z and avf's x are the integers of the field elements' bit strings (SEC1 2.3.9),
 * x_Z enters the KDF as gn_f2m_bytes bytes. A context from gn_ec2m_mqv_init works with the
 * gn_ec2m_mqv_ functions and gn_mqv_confirm (the gn_mqv_ ones refuse it: GN_ERR_INVALID). */

/** Prepare a binary curve for ECMQV. GN_ERR_INVALID (also without an order), GN_ERR_UNSUPPORTED. */
GN_API GN_NODISCARD gn_err gn_ec2m_mqv_init(gn_mqv_ctx_t *m, const gn_ec2m_ctx_t *ec, gn_hash_alg alg);
/** As gn_mqv_primitive; z has gn_f2m_bytes bytes. */
GN_API GN_NODISCARD gn_err gn_ec2m_mqv_primitive(const gn_mqv_ctx_t *m, uint8_t *z, size_t zsize,
                                                 const gn_ec2m_mqv_own_t *own, const gn_ec2m_mqv_peer_t *peer);
/** As gn_mqv_derive. */
GN_API GN_NODISCARD gn_err gn_ec2m_mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const gn_ec2m_mqv_own_t *own,
                                              const gn_ec2m_mqv_peer_t *peer, int initiator, size_t keylen);

#ifdef __cplusplus
}
#endif

#endif
