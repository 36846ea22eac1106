/* Variable-time scalar multiplication for public scalars: width-w NAF (HMV Guide to ECC,
 * Algorithms 3.35-3.36; the digits from src/scalar/recode.c) and a left-to-right fixed window, both accumulating in LD coordinates
 * (gn_ec2m_ld_dbl, gn_ec2m_ld_madd_var) over affine multiples of p (one inversion each). */
#include <string.h>

#include "ec2m_internal.h"
#include "genus/mp.h"
#include "scalar/recode.h"

#define MAX_LIMBS ((8 * GN_EC2M_MAX_SCALAR_BYTES + GN_LIMB_BITS - 1) / GN_LIMB_BITS)
#define MAX_BITS (MAX_LIMBS * GN_LIMB_BITS)

/* tab[i] = (2i + 1) p for the odd multiples, or tab[i] = i p (step 1): n entries, affine. */
static void multiples(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *tab, size_t n, const gn_ec2m_point_t *p, int odd)
{
    gn_ec2m_point_t d;
    if (odd) {
        tab[0] = *p;
        gn_ec2m_dbl_var(ec, &d, p);
    } else {
        gn_ec2m_set_infinity(ec, &tab[0]);
        d = *p;
    }
    for (size_t i = 1; i < n; i++)
        gn_ec2m_add_var(ec, &tab[i], &tab[i - 1], &d);
}

/* The scalar's length and the width w (0: 4) within lo..hi. */
static int args_ok(unsigned *w, const uint8_t *k, size_t klen, unsigned lo, unsigned hi)
{
    if (*w == 0)
        *w = 4;
    return klen <= GN_EC2M_MAX_SCALAR_BYTES && (k || !klen) && *w >= lo && *w <= hi;
}

gn_err gn_ec2m_mul_wnaf_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                            const gn_ec2m_point_t *p, unsigned w)
{
    if (!args_ok(&w, k, klen, 2, 7))
        return GN_ERR_INVALID;
    signed char d[MAX_BITS + 1];
    gn_limb_t kl[MAX_LIMBS];
    if (gn_mp_from_bytes_be(kl, MAX_LIMBS, k, klen) != GN_OK)
        return GN_ERR_INVALID;
    gn_ec2m_point_t tab[1 << 5], neg;
    size_t n = gn_recode_wnaf_var(d, kl, MAX_LIMBS, w);
    multiples(ec, tab, (size_t)1 << (w - 2), p, 1);
    gn_ec2m_ld_t acc;
    ec2m_ld_set_infinity(ec, &acc);
    while (n--) {
        gn_ec2m_ld_dbl(ec, &acc, &acc);
        if (d[n] > 0) {
            gn_ec2m_ld_madd_var(ec, &acc, &acc, &tab[d[n] >> 1]);
        } else if (d[n] < 0) {
            gn_ec2m_neg(ec, &neg, &tab[-d[n] >> 1]);
            gn_ec2m_ld_madd_var(ec, &acc, &acc, &neg);
        }
    }
    gn_ec2m_ld_to_aff(ec, r, &acc);
    return GN_OK;
}

gn_err gn_ec2m_mul_window_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                              const gn_ec2m_point_t *p, unsigned w)
{
    if (!args_ok(&w, k, klen, 1, 6))
        return GN_ERR_INVALID;
    gn_ec2m_point_t tab[1 << 6];
    multiples(ec, tab, (size_t)1 << w, p, 0);
    gn_ec2m_ld_t acc;
    ec2m_ld_set_infinity(ec, &acc);
    const size_t bits = 8 * klen, windows = (bits + w - 1) / w;
    for (size_t i = windows; i--;) {
        unsigned digit = 0;
        for (unsigned j = w; j--;) { /* bits i w + w - 1 .. i w, beyond the top read as 0 */
            size_t b = i * w + j;
            unsigned bit = b < bits ? (k[klen - 1 - b / 8] >> (b % 8)) & 1 : 0;
            digit = digit << 1 | bit;
        }
        for (unsigned j = 0; j < w; j++)
            gn_ec2m_ld_dbl(ec, &acc, &acc);
        if (digit)
            gn_ec2m_ld_madd_var(ec, &acc, &acc, &tab[digit]);
    }
    gn_ec2m_ld_to_aff(ec, r, &acc);
    return GN_OK;
}
