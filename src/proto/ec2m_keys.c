/* Key pairs and ECDH on binary curves (SEC1 3.2, 3.3): the entry points of genus/ecdh.h for
 * gn_ec2m_ctx_t, over the protocol code shared with prime curves. */
#include <string.h>

#include "genus/ecdh.h"
#include "proto/der.h"
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
    if (!ec || !priv || !rng)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_keygen(&pc, priv, privsize, pub ? AS_PROTO(pub) : NULL, rng, rng_state);
}

gn_err gn_ec2m_public_key(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *pub, const uint8_t *priv, size_t privlen)
{
    gn_proto_curve_t pc;
    if (!ec || !pub || !priv || privlen > GN_EC_MAX_SCALAR_BYTES)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_public_key(&pc, AS_PROTO(pub), priv, privlen);
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
    if (!ec || !secret || !priv || !pub || privlen > GN_EC_MAX_SCALAR_BYTES ||
        (mode != GN_ECDH_STANDARD && mode != GN_ECDH_COFACTOR))
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec2m(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_ecdh(&pc, secret, secretsize, priv, privlen, AS_PROTO(pub), mode == GN_ECDH_COFACTOR);
}

gn_err gn_ec2m_public_encode(const gn_ec2m_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                             const gn_ec2m_point_t *pub, gn_ec_key_format format)
{
    uint8_t pt[GN_EC2M_MAX_ENCODING];
    size_t plen;
    if (!ec || !out || !outlen || !pub)
        return GN_ERR_INVALID;
    if (pub->infinity)
        return GN_ERR_INFINITY;
    switch (format) {
    case GN_EC_KEY_SEC1:
    case GN_EC_KEY_SEC1_COMPRESSED:
        return gn_ec2m_encode(ec, out, outlen, outsize, pub, format == GN_EC_KEY_SEC1_COMPRESSED);
    case GN_EC_KEY_RAW: {
        gn_err e = gn_ec2m_encode(ec, pt, &plen, sizeof pt, pub, 0);
        if (e != GN_OK)
            return e;
        if (outsize < plen - 1)
            return GN_ERR_BUFFER;
        memcpy(out, pt + 1, plen - 1); /* 04 || X || Y without its prefix */
        *outlen = plen - 1;
        return GN_OK;
    }
    case GN_EC_KEY_SPKI: {
        gn_err e = gn_ec2m_encode(ec, pt, &plen, sizeof pt, pub, 0);
        return e != GN_OK ? e : gn_proto_spki_encode(ec->name, out, outlen, outsize, pt, plen);
    }
    }
    return GN_ERR_INVALID;
}

gn_err gn_ec2m_public_decode(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *pub, const uint8_t *in, size_t len,
                             gn_ec_key_format format)
{
    uint8_t pt[GN_EC2M_MAX_ENCODING] = {0x04};
    gn_der_t point;
    gn_err e;
    if (!ec || !pub || (!in && len))
        return GN_ERR_INVALID;
    /* gn_ec2m_decode refuses infinity and points off the curve: SEC1 3.2.3's partial validation */
    switch (format) {
    case GN_EC_KEY_SEC1:
    case GN_EC_KEY_SEC1_COMPRESSED:
        return gn_ec2m_decode(ec, pub, in, len, 0);
    case GN_EC_KEY_RAW:
        if (len != 2 * gn_f2m_bytes(&ec->f))
            return GN_ERR_ENCODING;
        memcpy(pt + 1, in, len);
        return gn_ec2m_decode(ec, pub, pt, len + 1, 0);
    case GN_EC_KEY_SPKI:
        if ((e = gn_proto_spki_point(ec->name, &point, in, len)) != GN_OK)
            return e;
        return gn_ec2m_decode(ec, pub, point.p, point.len, 0);
    }
    return GN_ERR_INVALID;
}
