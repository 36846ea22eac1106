/* Naturals: division with remainder (constant-time bitwise, and Knuth's algorithm D), Jacobi symbol. */
#include <string.h>

#include "genus/mp.h"

#include "mp/limb.h"
#include "util/ct.h"

/* Largest operand the dividend/divisor scratch space must hold (limbs). */
#define DIV_MAX_LIMBS GN_MP_DIV_MAX_LIMBS

gn_err gn_mp_divrem(gn_limb_t *q, gn_limb_t *r, const gn_limb_t *a, size_t an, const gn_limb_t *d, size_t dn)
{
    /* Restoring division, one bit of a per step: rem = 2 rem + bit; if rem >= d, rem -= d.
     * rem stays below 2d, so dn + 1 limbs suffice. */
    gn_limb_t rem[DIV_MAX_LIMBS + 1], t[DIV_MAX_LIMBS + 1], dd[DIV_MAX_LIMBS + 1];
    if (dn == 0 || dn > DIV_MAX_LIMBS)
        return GN_ERR_INVALID;
    int dzero = gn_mp_is_zero(d, dn);
    memset(rem, 0, sizeof(gn_limb_t) * (dn + 1));
    memcpy(dd, d, sizeof(gn_limb_t) * dn);
    dd[dn] = 0;
    if (q)
        memset(q, 0, sizeof(gn_limb_t) * an);
    for (size_t i = an * GN_LIMB_BITS; i-- > 0;) {
        gn_limb_t bit = (a[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        gn_mp_lshift(rem, rem, dn + 1, 1);
        rem[0] |= bit;
        gn_limb_t borrow = gn_mp_sub(t, rem, dd, dn + 1);
        gn_limb_t ge = ct_mask_bit(borrow ^ 1);
        ct_cmov(ge, rem, t, dn + 1);
        if (q)
            q[i / GN_LIMB_BITS] |= (ge & 1) << (i % GN_LIMB_BITS);
    }
    if (r)
        memcpy(r, rem, sizeof(gn_limb_t) * dn);
    gn_memzero(rem, sizeof rem);
    gn_memzero(t, sizeof t);
    if (dzero) {
        if (q)
            memset(q, 0, sizeof(gn_limb_t) * an);
        if (r)
            memset(r, 0, sizeof(gn_limb_t) * dn);
        return GN_ERR_DIV_BY_ZERO;
    }
    return GN_OK;
}

static size_t significant_limbs(const gn_limb_t *a, size_t n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return n;
}

gn_err gn_mp_divrem_var(gn_limb_t *q, gn_limb_t *r, const gn_limb_t *a, size_t an, const gn_limb_t *d, size_t dn)
{
    gn_limb_t u[DIV_MAX_LIMBS + 1], v[DIV_MAX_LIMBS];
    size_t n = significant_limbs(d, dn);
    size_t m = significant_limbs(a, an);
    if (dn == 0 || an > DIV_MAX_LIMBS || dn > DIV_MAX_LIMBS)
        return GN_ERR_INVALID;
    if (q)
        memset(q, 0, sizeof(gn_limb_t) * an);
    if (r)
        memset(r, 0, sizeof(gn_limb_t) * dn);
    if (n == 0)
        return GN_ERR_DIV_BY_ZERO;
    if (m < n) { /* quotient 0 */
        if (r)
            memcpy(r, a, sizeof(gn_limb_t) * m);
        return GN_OK;
    }
    /* D1: normalise so the divisor's top limb has its high bit set. */
    unsigned s = mp_clz_var(d[n - 1]);
    gn_mp_lshift(v, d, n, s);
    u[m] = s ? a[m - 1] >> (GN_LIMB_BITS - s) : 0;
    gn_mp_lshift(u, a, m, s);
    gn_limb_t vtop = v[n - 1], vnext = n > 1 ? v[n - 2] : 0;
    for (size_t j = m - n + 1; j-- > 0;) {
        /* D3: estimate qhat from the top two limbs of the remainder and refine with the next. */
        gn_dlimb_t num = ((gn_dlimb_t)u[j + n] << GN_LIMB_BITS) | u[j + n - 1];
        gn_dlimb_t qhat = num / vtop, rhat = num % vtop;
        while (qhat >> GN_LIMB_BITS ||
               (n > 1 && qhat * vnext > ((rhat << GN_LIMB_BITS) | u[j + n - 2]))) {
            qhat--;
            rhat += vtop;
            if (rhat >> GN_LIMB_BITS)
                break;
        }
        /* D4: multiply and subtract. */
        gn_limb_t borrow = 0, carry = 0;
        for (size_t i = 0; i < n; i++) {
            gn_limb_t lo, hi = mp_muladd2(&lo, (gn_limb_t)qhat, v[i], carry, 0);
            carry = hi;
            borrow = mp_subb(&u[i + j], u[i + j], lo, borrow);
        }
        borrow = mp_subb(&u[j + n], u[j + n], carry, borrow);
        /* D5/D6: qhat was one too large (rare): add back. */
        if (borrow) {
            qhat--;
            gn_limb_t c = gn_mp_add(&u[j], &u[j], v, n);
            u[j + n] += c;
        }
        if (q)
            q[j] = (gn_limb_t)qhat;
    }
    /* D8: unnormalise the remainder. */
    if (r) {
        gn_mp_rshift(u, u, n + 1, s);
        memcpy(r, u, sizeof(gn_limb_t) * n);
    }
    return GN_OK;
}

int gn_mp_jacobi_var(const gn_limb_t *a, const gn_limb_t *m, size_t n)
{
    /* Binary Jacobi algorithm: strip factors of two using (2/m) = (-1)^((m^2-1)/8),
     * swap with quadratic reciprocity, subtract the smaller from the larger. */
    gn_limb_t xs[DIV_MAX_LIMBS], ys[DIV_MAX_LIMBS], *x = xs, *y = ys;
    if (n == 0 || n > DIV_MAX_LIMBS || !(m[0] & 1))
        return 0;
    memcpy(y, m, sizeof(gn_limb_t) * n);
    if (gn_mp_divrem_var(NULL, x, a, n, m, n) != GN_OK)
        return 0;
    int sign = 1;
    for (;;) {
        if (gn_mp_is_zero(x, n))
            return (y[0] == 1 && significant_limbs(y, n) == 1) ? sign : 0;
        unsigned tz = 0;
        while (!(x[0] & 1)) {
            gn_mp_rshift(x, x, n, 1);
            tz++;
        }
        unsigned y8 = (unsigned)(y[0] & 7);
        if ((tz & 1) && (y8 == 3 || y8 == 5))
            sign = -sign;
        if (gn_mp_cmp_var(x, n, y, n) < 0) {
            /* reciprocity: (x/y) = (y/x) unless both are 3 mod 4 */
            if ((x[0] & 3) == 3 && (y[0] & 3) == 3)
                sign = -sign;
            gn_limb_t *t = x;
            x = y;
            y = t;
        }
        gn_mp_sub(x, x, y, n);
    }
}
