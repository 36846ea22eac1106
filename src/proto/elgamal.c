/* ElGamal encryption of points (generalised ElGamal, background 004 definition 1.8). */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/ecdh.h"
#include "genus/elgamal.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

#define SC_BYTES (GN_EC_ORDER_LIMBS * sizeof(gn_limb_t))

gn_err gn_elgamal_encrypt(const gn_ec_ctx_t *ec, gn_ec_point_t *b1, gn_ec_point_t *c, const gn_ec_point_t *m,
                          const gn_ec_point_t *pub, gn_rng_fn rng, void *rng_state)
{
    uint8_t e[SC_BYTES];
    gn_ec_point_t s;
    gn_err err;
    if (!ec || !b1 || !c || !m || !pub || !rng)
        return GN_ERR_INVALID;
    if ((err = gn_ec_public_validate_var(ec, pub)) != GN_OK)
        return err;
    int on = gn_ec_is_on_curve(ec, m);
    GN_DECLASSIFY(&on, sizeof on); /* whether the message is a point is not secret */
    if (!on)
        return GN_ERR_NOT_ON_CURVE;
    if ((err = gn_ec_keygen(ec, e, sizeof e, b1, rng, rng_state)) != GN_OK) /* e and B1 = [e] G */
        return err;
    err = gn_ec_mul(ec, &s, e, gn_ec_scalar_bytes(ec), pub, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
    if (err == GN_OK)
        gn_ec_add(ec, c, m, &s); /* C = M + [e] A */
    gn_memzero(e, sizeof e);
    gn_memzero(&s, sizeof s);
    return err;
}

gn_err gn_elgamal_decrypt(const gn_ec_ctx_t *ec, gn_ec_point_t *m, const uint8_t *priv, size_t privlen,
                          const gn_ec_point_t *b1, const gn_ec_point_t *c)
{
    uint8_t d[SC_BYTES];
    gn_ec_point_t s;
    gn_err err;
    if (!ec || !m || !priv || !b1 || !c || privlen > GN_EC_MAX_SCALAR_BYTES)
        return GN_ERR_INVALID;
    if ((err = gn_ec_public_validate_var(ec, b1)) != GN_OK)
        return err;
    if (!gn_ec_is_on_curve(ec, c))
        return GN_ERR_NOT_ON_CURVE;
    gn_limb_t ok = gn_proto_scalar_in_range(ec, d, priv, privlen);
    err = gn_ec_mul(ec, &s, d, gn_ec_scalar_bytes(ec), b1, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
    gn_memzero(d, sizeof d);
    if (err != GN_OK)
        return err;
    gn_ec_neg(ec, &s, &s);
    gn_ec_add(ec, m, c, &s); /* M = C - [d] B1 */
    gn_memzero(&s, sizeof s);
    return gn_proto_err_select(ok, GN_OK, GN_ERR_RANGE);
}
