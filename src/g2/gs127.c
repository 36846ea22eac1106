/*
 * The Rosenhain curve y^2 = x(x - 1)(x - lambda)(x - mu)(x - nu) over 2^127 - 1 whose Jacobian
 * has the Gaudry-Schost Kummer surface of "Kummer strikes back" as quotient (tests/vectors/
 * kummer_gs127.json: lambda = a^2 c^2 / (b^2 d^2) = -19/6, mu, nu by Gaudry 2007 from the
 * squared theta constants (11 : -22 : -19 : -3)); #J = 16 N with N a 250-bit prime.
 */
#include "genus/mp.h"
#include "g2/g2_internal.h"

gn_err gn_g2_init_gs127(gn_g2_ctx_t *g)
{
    static const char *const roots[3] = {"15555555555555555555555555555552", "73e334fbb315130e05a505c31919a746",
                                         "552ab1b63bf799716b5806482d2d21f3"};
    gn_fp_ctx_t fp;
    gn_fp_t f[6], r, t;
    gn_err e;
    if (!g)
        return GN_ERR_INVALID;
    if ((e = gn_fp_init_hex(&fp, "7fffffffffffffffffffffffffffffff")) != GN_OK)
        return e;
    /* f = x (x - 1), then times (x - r) for each root */
    for (size_t i = 0; i < 6; i++)
        gn_fp_set_zero(&fp, &f[i]);
    gn_fp_set_one(&fp, &f[2]);
    gn_fp_set_one(&fp, &f[1]);
    gn_fp_neg(&fp, &f[1], &f[1]);
    for (size_t k = 0; k < 3; k++) {
        gn_limb_t v[GN_FP_MAX_LIMBS];
        if ((e = gn_mp_from_hex(v, GN_FP_MAX_LIMBS, roots[k], 32)) != GN_OK ||
            (e = gn_fp_set_mp(&fp, &r, v, GN_FP_MAX_LIMBS)) != GN_OK)
            return e;
        for (size_t i = 5; i > 0; i--) { /* f <- x f - r f */
            gn_fp_mul(&fp, &t, &f[i], &r);
            gn_fp_sub(&fp, &f[i], &f[i - 1], &t);
        }
        gn_fp_mul(&fp, &f[0], &f[0], &r);
        gn_fp_neg(&fp, &f[0], &f[0]);
    }
    return gn_g2_init(g, &fp, f, 6);
}
