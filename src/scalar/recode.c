/* Scalar recodings (recode.h). */
#include "scalar/recode.h"

#include <string.h>

#include "genus/mp.h"

size_t gn_recode_wnaf_var(signed char *naf, const gn_limb_t *k0, size_t kn, unsigned w)
{
    gn_limb_t k[GN_RECODE_MAX_BITS / GN_LIMB_BITS + 1];
    const size_t kl = kn + 1;
    memcpy(k, k0, kn * sizeof(gn_limb_t));
    k[kn] = 0;
    const long half = 1L << (w - 1), full = 1L << w;
    size_t len = 0;
    while (!gn_mp_is_zero(k, kl)) {
        long d = 0;
        if (k[0] & 1) {
            d = (long)(k[0] & (gn_limb_t)(full - 1));
            if (d >= half)
                d -= full;
            if (d > 0)
                gn_mp_sub_limb(k, k, kl, (gn_limb_t)d);
            else
                gn_mp_add_limb(k, k, kl, (gn_limb_t)-d);
        }
        naf[len++] = (signed char)d;
        gn_mp_rshift(k, k, kl, 1);
    }
    return len;
}
