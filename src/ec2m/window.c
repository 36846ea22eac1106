/* Variable-time scalar multiplication for public scalars: width-w NAF (HMV Guide to ECC,
 * Algorithms 3.35-3.36) and a left-to-right fixed window, both accumulating in LD coordinates
 * (gn_ec2m_ld_dbl, gn_ec2m_ld_madd_var) over affine multiples of p (one inversion each). */
#include <string.h>

#include "ec2m_internal.h"

#define MAX_BITS (8 * GN_EC2M_MAX_SCALAR_BYTES + 1)

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

/* NAF digits of the big-endian k, least significant first: d[i] odd in (-2^(w-1), 2^(w-1)) or 0.
 * Returns the digit count. k is copied to a little-endian byte string with a spare byte. */
static size_t wnaf_digits(int *d, const uint8_t *k, size_t klen, unsigned w)
{
    uint8_t v[GN_EC2M_MAX_SCALAR_BYTES + 1] = {0};
    for (size_t i = 0; i < klen; i++)
        v[i] = k[klen - 1 - i];
    const size_t nv = klen + 1;
    size_t n = 0, top = nv;
    for (;;) {
        while (top > 0 && v[top - 1] == 0)
            top--;
        if (top == 0)
            return n;
        int di = 0;
        if (v[0] & 1) {
            di = v[0] & ((1 << w) - 1);
            if (di >= 1 << (w - 1))
                di -= 1 << w;
            /* v -= di: subtract a small positive digit, or add the magnitude of a negative one */
            unsigned carry = (unsigned)(di < 0 ? -di : di);
            for (size_t i = 0; i < nv && carry; i++) {
                if (di > 0) {
                    unsigned t = v[i];
                    v[i] = (uint8_t)(t - carry);
                    carry = t < carry;
                } else {
                    unsigned t = v[i] + carry;
                    v[i] = (uint8_t)t;
                    carry = t >> 8;
                }
            }
        }
        d[n++] = di;
        for (size_t i = 0; i < nv; i++) /* v >>= 1 */
            v[i] = (uint8_t)((v[i] >> 1) | (i + 1 < nv ? v[i + 1] << 7 : 0));
    }
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
    int d[MAX_BITS + 1];
    gn_ec2m_point_t tab[1 << 5], neg;
    size_t n = wnaf_digits(d, k, klen, w);
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
