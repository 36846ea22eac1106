/* ElGamal encryption of points (generalised ElGamal, background 004 definition 1.8), once for
 * both kinds of curve (the curve interface of proto_internal.h). */
#include <string.h>

#include "genus/ecdh.h"
#include "genus/elgamal.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

#define SC_BYTES (GN_EC_ORDER_LIMBS * sizeof(gn_limb_t))
/* The caller's input point of either kind, read through the union's member of its type (C11
 * 6.5p7) and never copied as a whole union; results go to local unions first, so that an
 * output may be an input. */
#define IN(p) ((const gn_proto_point_t *)(p))

static gn_err elgamal_encrypt(const gn_proto_curve_t *pc, gn_proto_point_t *b1, gn_proto_point_t *c,
                              const gn_proto_point_t *m, const gn_proto_point_t *pub, gn_rng_fn rng, void *rng_state)
{
    uint8_t e[SC_BYTES];
    gn_proto_point_t s;
    gn_err err;
    if ((err = pc->ops->validate_var(pc->c, pub, 1)) != GN_OK)
        return err;
    gn_limb_t on = pc->ops->on_curve(pc->c, m);
    GN_DECLASSIFY(&on, sizeof on); /* whether the message is a point is not secret */
    if (!on)
        return GN_ERR_NOT_ON_CURVE;
    if ((err = gn_proto_keygen(pc, e, sizeof e, b1, rng, rng_state)) != GN_OK) /* e and B1 = [e] G */
        return err;
    err = pc->ops->mul_ct(pc->c, &s, e, pc->sb, pub);
    if (err == GN_OK)
        pc->ops->add(pc->c, c, m, &s); /* C = M + [e] A */
    gn_memzero(e, sizeof e);
    gn_memzero(&s, sizeof s);
    return err;
}

static gn_err elgamal_decrypt(const gn_proto_curve_t *pc, gn_proto_point_t *m, const uint8_t *priv, size_t privlen,
                              const gn_proto_point_t *b1, const gn_proto_point_t *c)
{
    uint8_t d[SC_BYTES];
    gn_proto_point_t s;
    gn_err err;
    if ((err = pc->ops->validate_var(pc->c, b1, 1)) != GN_OK)
        return err;
    if (!pc->ops->on_curve(pc->c, c))
        return GN_ERR_NOT_ON_CURVE;
    gn_limb_t ok = gn_proto_scalar_in_range(pc, d, priv, privlen);
    err = pc->ops->mul_ct(pc->c, &s, d, pc->sb, b1);
    gn_memzero(d, sizeof d);
    if (err != GN_OK)
        return err;
    pc->ops->neg(pc->c, &s, &s);
    pc->ops->add(pc->c, m, c, &s); /* M = C - [d] B1 */
    gn_memzero(&s, sizeof s);
    return gn_proto_err_select(ok, GN_OK, GN_ERR_RANGE);
}

/* The public entry points of prime (ec) and binary (ec2m) curves: the same over each family's
 * context and point types, its curve view (gn_proto_curve_SFX) and member of gn_proto_point_t. */
#define ELGAMAL_API(pfx, sfx, ctx_t, pt_t)                                                                        \
    gn_err pfx##elgamal_encrypt(const ctx_t *ec, pt_t *b1, pt_t *c, const pt_t *m, const pt_t *pub, gn_rng_fn rng, \
                                void *rng_state)                                                                  \
    {                                                                                                             \
        gn_proto_curve_t pc;                                                                                      \
        gn_proto_point_t pb1, pcc;                                                                                \
        if (!ec || !b1 || !c || !m || !pub || !rng)                                                               \
            return GN_ERR_INVALID;                                                                                \
        gn_err e = gn_proto_curve_##sfx(&pc, ec);                                                                 \
        if (e != GN_OK)                                                                                           \
            return e;                                                                                             \
        e = elgamal_encrypt(&pc, &pb1, &pcc, IN(m), IN(pub), rng, rng_state);                                     \
        if (e == GN_OK)                                                                                           \
            *b1 = pb1.sfx, *c = pcc.sfx;                                                                          \
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
        e = elgamal_decrypt(&pc, &pm, priv, privlen, IN(b1), IN(c));                                              \
        *m = pm.sfx;                                                                                              \
        gn_memzero(&pm, sizeof pm);                                                                               \
        return e;                                                                                                 \
    }

ELGAMAL_API(gn_, ec, gn_ec_ctx_t, gn_ec_point_t)
ELGAMAL_API(gn_ec2m_, ec2m, gn_ec2m_ctx_t, gn_ec2m_point_t)
