/* ElGamal encryption of points (generalised ElGamal, background 004 definition 1.8), once for
 * both kinds of curve (the curve interface of proto_internal.h). */
#include <string.h>

#include "genus/ecdh.h"
#include "genus/elgamal.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

#define SC_BYTES (GN_EC_ORDER_LIMBS * sizeof(gn_limb_t))
/* c = m + [e] pub into the room c, then b1 = [e] G into the caller's point: b1 is written once
 * m and pub have been read for the last time, so that it may be one of them; the caller copies
 * c out after. One point of room in all: the protocols stay within the stack budget of
 * docs/ARCHITECTURE.md on the kernels with the largest elements. */
static gn_err elgamal_encrypt(const gn_proto_curve_t *pc, gn_proto_point_t *b1, gn_proto_point_t *c,
                              const gn_proto_point_t *m, const gn_proto_point_t *pub, gn_rng_fn rng, void *rng_state)
{
    uint8_t e[SC_BYTES];
    gn_err err;
    if ((err = pc->ops->validate_var(pc->c, pub, 1)) != GN_OK)
        return err;
    gn_limb_t on = pc->ops->on_curve(pc->c, m);
    GN_DECLASSIFY(&on, sizeof on); /* whether the message is a point is not secret */
    if (!on)
        return GN_ERR_NOT_ON_CURVE;
    if ((err = gn_proto_keygen(pc, e, sizeof e, NULL, rng, rng_state)) != GN_OK) /* e */
        return err;
    err = pc->ops->mul_ct(pc->c, c, e, pc->sb, pub);
    if (err == GN_OK) {
        pc->ops->add(pc->c, c, m, c); /* C = M + [e] A */
        err = pc->ops->mul_base_ct(pc->c, b1, e, pc->sb); /* B1 = [e] G */
    }
    gn_memzero(e, sizeof e);
    return err;
}

/* m = c - [d] b1, into the room m (which the caller copies out). */
static gn_err elgamal_decrypt(const gn_proto_curve_t *pc, gn_proto_point_t *m, const uint8_t *priv, size_t privlen,
                              const gn_proto_point_t *b1, const gn_proto_point_t *c)
{
    uint8_t d[SC_BYTES];
    gn_err err;
    if ((err = pc->ops->validate_var(pc->c, b1, 1)) != GN_OK)
        return err;
    if (!pc->ops->on_curve(pc->c, c))
        return GN_ERR_NOT_ON_CURVE;
    gn_limb_t ok = gn_proto_scalar_in_range(pc, d, priv, privlen);
    err = pc->ops->mul_ct(pc->c, m, d, pc->sb, b1);
    gn_memzero(d, sizeof d);
    if (err != GN_OK)
        return err;
    pc->ops->neg(pc->c, m, m);
    pc->ops->add(pc->c, m, c, m); /* M = C - [d] B1 */
    return gn_proto_err_select(ok, GN_OK, GN_ERR_RANGE);
}

/* The public entry points of prime (ec) and binary (ec2m) curves: the same over each family's
 * context and point types, its curve view (gn_proto_curve_SFX) and member of gn_proto_point_t. */
#define ELGAMAL_API(pfx, sfx, ctx_t, pt_t)                                                                        \
    gn_err pfx##elgamal_encrypt(const ctx_t *ec, pt_t *b1, pt_t *c, const pt_t *m, const pt_t *pub, gn_rng_fn rng, \
                                void *rng_state)                                                                  \
    {                                                                                                             \
        gn_proto_curve_t pc;                                                                                      \
        gn_proto_point_t pcc;                                                                                     \
        if (!ec || !b1 || !c || !m || !pub || !rng)                                                               \
            return GN_ERR_INVALID;                                                                                \
        gn_err e = gn_proto_curve_##sfx(&pc, ec);                                                                 \
        if (e != GN_OK)                                                                                           \
            return e;                                                                                             \
        e = elgamal_encrypt(&pc, AS_PROTO(b1), &pcc, AS_PROTO(m), AS_PROTO(pub), rng, rng_state);                 \
        if (e == GN_OK)                                                                                           \
            *c = pcc.sfx;                                                                                         \
        gn_memzero(&pcc, sizeof pcc);                                                                             \
        return e;                                                                                                 \
    }                                                                                                             \
    gn_err pfx##elgamal_decrypt(const ctx_t *ec, pt_t *m, const uint8_t *priv, size_t privlen, const pt_t *b1,    \
                                const pt_t *c)                                                                    \
    {                                                                                                             \
        gn_proto_curve_t pc;                                                                                      \
        gn_proto_point_t pm;                                                                                      \
        if (!ec || !m || !priv || !b1 || !c || privlen > GN_EC_MAX_SCALAR_BYTES)                                  \
            return GN_ERR_INVALID;                                                                                \
        gn_err e = gn_proto_curve_##sfx(&pc, ec);                                                                 \
        if (e != GN_OK)                                                                                           \
            return e;                                                                                             \
        memset(&pm, 0, sizeof pm);                                                                                \
        e = elgamal_decrypt(&pc, &pm, priv, privlen, AS_PROTO(b1), AS_PROTO(c));                                \
        *m = pm.sfx;                                                                                              \
        gn_memzero(&pm, sizeof pm);                                                                               \
        return e;                                                                                                 \
    }

ELGAMAL_API(gn_, ec, gn_ec_ctx_t, gn_ec_point_t)
ELGAMAL_API(gn_ec2m_, ec2m, gn_ec2m_ctx_t, gn_ec2m_point_t)
