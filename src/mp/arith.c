/* Naturals: addition, subtraction, schoolbook multiplication and squaring, shifts, comparison. */
#include "genus/mp.h"

#include "mp/limb.h"
#include "util/ct.h"

gn_limb_t gn_mp_add(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    gn_limb_t c = 0;
    for (size_t i = 0; i < n; i++)
        c = mp_addc(&r[i], a[i], b[i], c);
    return c;
}

gn_limb_t gn_mp_add_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b)
{
    gn_limb_t c = b;
    for (size_t i = 0; i < n; i++)
        c = mp_addc(&r[i], a[i], c, 0);
    return c;
}

gn_limb_t gn_mp_sub(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    gn_limb_t c = 0;
    for (size_t i = 0; i < n; i++)
        c = mp_subb(&r[i], a[i], b[i], c);
    return c;
}

gn_limb_t gn_mp_sub_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b)
{
    gn_limb_t c = b;
    for (size_t i = 0; i < n; i++)
        c = mp_subb(&r[i], a[i], c, 0);
    return c;
}

gn_limb_t gn_mp_mul_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b)
{
    gn_limb_t c = 0;
    for (size_t i = 0; i < n; i++)
        c = mp_muladd2(&r[i], a[i], b, c, 0);
    return c;
}

void gn_mp_mul(gn_limb_t *r, const gn_limb_t *a, size_t an, const gn_limb_t *b, size_t bn)
{
    for (size_t i = 0; i < an + bn; i++)
        r[i] = 0;
    for (size_t j = 0; j < bn; j++) {
        gn_limb_t c = 0;
        for (size_t i = 0; i < an; i++)
            c = mp_muladd2(&r[i + j], a[i], b[j], r[i + j], c);
        r[an + j] = c;
    }
}

void gn_mp_sqr(gn_limb_t *r, const gn_limb_t *a, size_t n)
{
    /* Off-diagonal products once, doubled, plus the squares on the diagonal. */
    for (size_t i = 0; i < 2 * n; i++)
        r[i] = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        gn_limb_t c = 0;
        for (size_t j = i + 1; j < n; j++)
            c = mp_muladd2(&r[i + j], a[i], a[j], r[i + j], c);
        r[i + n] = c;
    }
    gn_limb_t top = gn_mp_lshift(r, r, 2 * n, 1);
    (void)top; /* the off-diagonal sum is below 2^(2nW-1) */
    gn_limb_t c = 0;
    for (size_t i = 0; i < n; i++) {
        gn_limb_t lo, hi = mp_mul_wide(&lo, a[i], a[i]);
        c = mp_addc(&r[2 * i], r[2 * i], lo, c);
        c = mp_addc(&r[2 * i + 1], r[2 * i + 1], hi, c);
    }
}

gn_limb_t gn_mp_lshift(gn_limb_t *r, const gn_limb_t *a, size_t n, size_t bits)
{
    size_t limbs = bits / GN_LIMB_BITS;
    unsigned s = (unsigned)(bits % GN_LIMB_BITS);
    gn_limb_t out = 0;
    if (n == 0)
        return 0;
    if (limbs == 0 && s != 0)
        out = a[n - 1] >> (GN_LIMB_BITS - s);
    for (size_t i = n; i-- > 0;) {
        gn_limb_t hi = i >= limbs ? a[i - limbs] : 0;
        gn_limb_t lo = i >= limbs + 1 ? a[i - limbs - 1] : 0;
        r[i] = s ? (hi << s) | (lo >> (GN_LIMB_BITS - s)) : hi;
    }
    return out;
}

gn_limb_t gn_mp_rshift(gn_limb_t *r, const gn_limb_t *a, size_t n, size_t bits)
{
    size_t limbs = bits / GN_LIMB_BITS;
    unsigned s = (unsigned)(bits % GN_LIMB_BITS);
    gn_limb_t out = 0;
    if (n == 0)
        return 0;
    if (limbs == 0 && s != 0)
        out = a[0] << (GN_LIMB_BITS - s);
    for (size_t i = 0; i < n; i++) {
        gn_limb_t lo = i + limbs < n ? a[i + limbs] : 0;
        gn_limb_t hi = i + limbs + 1 < n ? a[i + limbs + 1] : 0;
        r[i] = s ? (lo >> s) | (hi << (GN_LIMB_BITS - s)) : lo;
    }
    return out;
}

int gn_mp_cmp(const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    /* From the least significant limb up, a later (higher) difference overrides. */
    gn_limb_t gt = 0, lt = 0;
    for (size_t i = 0; i < n; i++) {
        gn_limb_t eq = ct_eq(a[i], b[i]);
        gn_limb_t l = ct_lt(a[i], b[i]);
        lt = ct_mux(eq, lt, l);
        gt = ct_mux(eq, gt, ~l);
    }
    return (int)(gt & 1) - (int)(lt & 1);
}

int gn_mp_cmp_var(const gn_limb_t *a, size_t an, const gn_limb_t *b, size_t bn)
{
    size_t n = an > bn ? an : bn;
    for (size_t i = n; i-- > 0;) {
        gn_limb_t x = i < an ? a[i] : 0, y = i < bn ? b[i] : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

int gn_mp_is_zero(const gn_limb_t *a, size_t n)
{
    return (int)(ct_is_zero_n(a, n) & 1);
}

size_t gn_mp_bits(const gn_limb_t *a, size_t n)
{
    /* Scan every bit; keep the position of the highest set one. */
    gn_limb_t best = 0;
    for (size_t i = 0; i < n; i++)
        for (unsigned j = 0; j < GN_LIMB_BITS; j++) {
            gn_limb_t set = ct_mask_bit(a[i] >> j);
            best = ct_mux(set, (gn_limb_t)(i * GN_LIMB_BITS + j + 1), best);
        }
    return (size_t)best;
}

size_t gn_mp_bits_var(const gn_limb_t *a, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (a[i])
            return (i + 1) * GN_LIMB_BITS - mp_clz_var(a[i]);
    return 0;
}
