/*
 * The portable carry-less product: the right-to-left comb (Hankerson-Menezes-Vanstone, Guide to
 * Elliptic Curve Cryptography, Alg. 2.34). Bit k of every limb of a selects whether b x^k is added
 * at that limb's offset; the selection is a mask, not a branch, so the time does not depend on a.
 */
#include <string.h>

#include "f2m/f2m_internal.h"
#include "util/ct.h"

void gn_f2m_mul_comb(gn_limb_t *c, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    gn_limb_t bk[F2M_POLY]; /* b x^k: degree < nW + k, n + 1 limbs */
    memcpy(bk, b, n * sizeof *b);
    bk[n] = 0;
    memset(c, 0, 2 * n * sizeof *c);
    for (unsigned k = 0; k < F2M_W; k++) {
        for (size_t j = 0; j < n; j++) {
            gn_limb_t mask = ct_mask_bit(a[j] >> k & 1);
            for (size_t i = 0; i <= n && i + j < 2 * n; i++)
                c[i + j] ^= bk[i] & mask;
        }
        for (size_t i = n; i > 0; i--) /* b x^(k+1) */
            bk[i] = bk[i] << 1 | bk[i - 1] >> (F2M_W - 1);
        bk[0] <<= 1;
    }
}
