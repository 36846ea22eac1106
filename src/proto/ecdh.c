/* The elliptic-curve Diffie-Hellman primitives of SEC1 3.3.1 (standard) and 3.3.2 (cofactor). */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/ecdh.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

gn_err gn_ecdh(const gn_ec_ctx_t *ec, uint8_t *secret, size_t secretsize, const uint8_t *priv, size_t privlen,
               const gn_ec_point_t *pub, gn_ecdh_mode mode)
{
    if (!ec || !secret || !priv || !pub || privlen > GN_EC_MAX_SCALAR_BYTES ||
        (mode != GN_ECDH_STANDARD && mode != GN_ECDH_COFACTOR))
        return GN_ERR_INVALID;
    const size_t fb = gn_fp_bytes(&ec->fp), sb = gn_ec_scalar_bytes(ec);
    if (secretsize < fb)
        return GN_ERR_BUFFER;
    memset(secret, 0, secretsize);
    /* Q: public, validated in variable time. The cofactor variant skips the subgroup check and
     * multiplies by h instead, which clears any small-order component (SEC1 3.3.2 step 1). */
    gn_ec_point_t q = *pub, p;
    gn_err e = mode == GN_ECDH_STANDARD ? gn_ec_public_validate_var(ec, &q) : gn_ec_validate_var(ec, &q, 0);
    if (e != GN_OK)
        return e;
    if (mode == GN_ECDH_COFACTOR && ec->h > 1) {
        const uint8_t h[4] = {(uint8_t)(ec->h >> 24), (uint8_t)(ec->h >> 16), (uint8_t)(ec->h >> 8), (uint8_t)ec->h};
        if ((e = gn_ec_mul(ec, &q, h, sizeof h, &q, GN_EC_COORDS_DEFAULT, GN_EC_WINDOW_VAR, 0)) != GN_OK)
            return e;
        if (q.infinity)
            return GN_ERR_INFINITY;
    }
    /* P = [d] Q in constant time: the scalar always has gn_ec_scalar_bytes bytes */
    uint8_t k[GN_EC_ORDER_LIMBS * sizeof(gn_limb_t)];
    gn_limb_t ok = gn_proto_scalar_in_range(ec, k, priv, privlen);
    e = gn_ec_mul(ec, &p, k, sb, &q, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
    gn_memzero(k, sizeof k);
    if (e != GN_OK)
        return e;
    /* z = x(P) unless d is out of range or P = O (SEC1 3.3.1 step 2) */
    return gn_proto_shared_x(ec, secret, &p, ok);
}
