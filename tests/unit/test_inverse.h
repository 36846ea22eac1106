/* x y = 1 mod m with y < m, by the mp layer's product and division (no field arithmetic): the
 * reference the inversion tests (test_safegcd.c, test_lehmer.c) hold their results to. */
#ifndef GN_TEST_INVERSE_H
#define GN_TEST_INVERSE_H

#include "genus/fp.h"
#include "genus/mp.h"

static int test_is_inverse(const gn_limb_t *x, const gn_limb_t *y, const gn_limb_t *m, size_t n)
{
    gn_limb_t prod[2 * GN_FP_MAX_LIMBS], q[2 * GN_FP_MAX_LIMBS], r[GN_FP_MAX_LIMBS];
    if (n == 0 || n > GN_FP_MAX_LIMBS || gn_mp_cmp_var(y, n, m, n) >= 0)
        return 0;
    gn_mp_mul(prod, x, n, y, n);
    if (gn_mp_divrem_var(q, r, prod, 2 * n, m, n) != GN_OK)
        return 0;
    return gn_mp_bits_var(r, n) == 1;
}

#endif
