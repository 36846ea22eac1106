/* The elliptic-curve Diffie-Hellman primitives of SEC1 3.3.1 (standard) and 3.3.2 (cofactor),
 * once for both kinds of curve (the curve interface of proto_internal.h). */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/ecdh.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

gn_err gn_proto_ecdh(const gn_proto_curve_t *pc, uint8_t *secret, size_t secretsize, const uint8_t *priv,
                     size_t privlen, const gn_proto_point_t *pub, int cofactor)
{
    if (secretsize < pc->fb)
        return GN_ERR_BUFFER;
    memset(secret, 0, secretsize);
    /* Q: public, validated in variable time. The cofactor variant skips the subgroup check and
     * multiplies by h instead, which clears any small-order component (SEC1 3.3.2 step 1). */
    gn_proto_point_t p; /* [h] Q where the cofactor variant takes it, then P */
    const gn_proto_point_t *q = pub;
    gn_err e = pc->ops->validate_var(pc->c, q, !cofactor);
    if (e != GN_OK)
        return e;
    if (cofactor && pc->h > 1) {
        const uint8_t h[4] = {(uint8_t)(pc->h >> 24), (uint8_t)(pc->h >> 16), (uint8_t)(pc->h >> 8), (uint8_t)pc->h};
        if ((e = pc->ops->mul_var(pc->c, &p, h, sizeof h, q)) != GN_OK)
            return e;
        if (pc->ops->is_inf(pc->c, &p))
            return GN_ERR_INFINITY;
        q = &p;
    }
    /* P = [d] Q in constant time (the scalar always has pc->sb bytes); p may be q */
    uint8_t k[GN_EC_ORDER_LIMBS * sizeof(gn_limb_t)];
    gn_limb_t ok = gn_proto_scalar_in_range(pc, k, priv, privlen);
    e = pc->ops->mul_ct(pc->c, &p, k, pc->sb, q);
    gn_memzero(k, sizeof k);
    if (e != GN_OK)
        return e;
    /* z = x(P) unless d is out of range or P = O (SEC1 3.3.1 step 2) */
    e = gn_proto_shared_x(pc, secret, &p, ok);
    gn_memzero(&p, sizeof p); /* P is the shared point */
    return e;
}

gn_err gn_ecdh(const gn_ec_ctx_t *ec, uint8_t *secret, size_t secretsize, const uint8_t *priv, size_t privlen,
               const gn_ec_point_t *pub, gn_ecdh_mode mode)
{
    gn_proto_curve_t pc;
    if (!ec || !secret || !priv || !pub || privlen > GN_EC_MAX_SCALAR_BYTES ||
        (mode != GN_ECDH_STANDARD && mode != GN_ECDH_COFACTOR))
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_ecdh(&pc, secret, secretsize, priv, privlen, AS_PROTO(pub), mode == GN_ECDH_COFACTOR);
}
