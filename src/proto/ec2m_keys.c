/* Key pairs and ECDH on binary curves (SEC1 3.2, 3.3): the entry points of genus/ecdh.h for
 * gn_ec2m_ctx_t, over the protocol code shared with prime curves. */
#include <string.h>

#include "genus/ecdh.h"
#include "proto/proto_internal.h"

size_t gn_ec2m_scalar_bytes(const gn_ec2m_ctx_t *ec)
{
    gn_proto_curve_t pc;
    if (!ec)
        return 0;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    return e == GN_OK || e == GN_ERR_UNVERIFIED_ORDER ? pc.sb : 0;
}

gn_err gn_ec2m_keygen(const gn_ec2m_ctx_t *ec, uint8_t *priv, size_t privsize, gn_ec2m_point_t *pub, gn_rng_fn rng,
                      void *rng_state)
{
    gn_proto_curve_t pc;
    gn_proto_point_t q;
    if (!ec || !priv || !rng)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    e = gn_proto_keygen(&pc, priv, privsize, pub ? &q : NULL, rng, rng_state);
    if (pub && e == GN_OK)
        *pub = q.ec2m;
    return e;
}

gn_err gn_ec2m_public_key(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *pub, const uint8_t *priv, size_t privlen)
{
    gn_proto_curve_t pc;
    gn_proto_point_t q;
    if (!ec || !pub || !priv || privlen > GN_EC_MAX_SCALAR_BYTES)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    memset(&q, 0, sizeof q);
    e = gn_proto_public_key(&pc, &q, priv, privlen);
    *pub = q.ec2m;
    return e;
}

gn_err gn_ec2m_public_validate_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *pub)
{
    gn_proto_curve_t pc;
    if (!ec || !pub)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    return e != GN_OK ? e : gn_ec2m_validate_var(ec, pub, 1);
}

gn_err gn_ec2m_ecdh(const gn_ec2m_ctx_t *ec, uint8_t *secret, size_t secretsize, const uint8_t *priv, size_t privlen,
                    const gn_ec2m_point_t *pub, gn_ecdh_mode mode)
{
    gn_proto_curve_t pc;
    gn_proto_point_t q;
    if (!ec || !secret || !priv || !pub || privlen > GN_EC_MAX_SCALAR_BYTES ||
        (mode != GN_ECDH_STANDARD && mode != GN_ECDH_COFACTOR))
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    q.ec2m = *pub;
    return gn_proto_ecdh(&pc, secret, secretsize, priv, privlen, &q, mode == GN_ECDH_COFACTOR);
}
