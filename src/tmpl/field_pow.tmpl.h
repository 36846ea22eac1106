/*
 * Exponentiation over any field kernel (F_p, F_p^2, F_p^3 ...).
 * The including file defines:
 *   F(name)  the field's prefix; it provides set_one, copy, mul, sqr, cmov
 *   FCTX     the field's context type
 *   FL       storage limbs of one element
 */

/*
 * r = a^e, constant time in a and e: a fixed window over all en*W bits of e; every window squares
 * POW_W times and multiplies by a table entry read with a full masked scan (the entry index never
 * becomes an address). 4 bits; 2 for elements of more than 64 limbs (the RNS kernel's F_p^2 and
 * F_p^3), whose table of 16 would take 10-15 KB of a 16 KiB stack (docs/ARCHITECTURE.md, "Stack").
 */
#define POW_W (FL > 64 ? 2 : 4)
static void F(pow)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *e, size_t en)
{
    enum { N = 1 << POW_W, PER_LIMB = GN_LIMB_BITS / POW_W };
    gn_limb_t tab[N][FL], acc[FL], sel[FL];
    F(set_one)(ctx, tab[0]);
    F(copy)(ctx, tab[1], a);
    for (unsigned i = 2; i < N; i++)
        F(mul)(ctx, tab[i], tab[i - 1], a);
    F(set_one)(ctx, acc);
    for (size_t w = en * PER_LIMB; w-- > 0;) {
        for (int k = 0; k < POW_W; k++)
            F(sqr)(ctx, acc, acc);
        gn_limb_t digit = (e[w / PER_LIMB] >> (POW_W * (w % PER_LIMB))) & (N - 1);
        F(copy)(ctx, sel, tab[0]);
        for (unsigned i = 1; i < N; i++)
            F(cmov)(ctx, sel, tab[i], ct_eq(digit, i));
        F(mul)(ctx, acc, acc, sel);
    }
    F(copy)(ctx, r, acc);
    gn_memzero(tab, sizeof tab);
    gn_memzero(acc, sizeof acc);
    gn_memzero(sel, sizeof sel);
}
#undef POW_W

/*
 * r = a^e for a public exponent e: sliding window of width 4 over the odd powers
 * a, a^3, ..., a^15 (HAC 14.85); width 3 for elements of more than 64 limbs, as above. The
 * sequence of operations depends on e only, so the time is constant in a.
 */
#define POWV_W (FL > 64 ? 3 : 4)
static void F(pow_var)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *e, size_t en)
{
    gn_limb_t odd[1 << (POWV_W - 1)][FL], a2[FL], acc[FL];
    size_t bits = gn_mp_bits_var(e, en);
    F(set_one)(ctx, acc);
    if (bits == 0) {
        F(copy)(ctx, r, acc);
        return;
    }
    F(copy)(ctx, odd[0], a);
    F(sqr)(ctx, a2, a);
    for (int i = 1; i < 1 << (POWV_W - 1); i++)
        F(mul)(ctx, odd[i], odd[i - 1], a2);
#define POW_BIT(i) ((e[(i) / GN_LIMB_BITS] >> ((i) % GN_LIMB_BITS)) & 1)
    size_t i = bits;
    int started = 0;
    while (i > 0) {
        if (!POW_BIT(i - 1)) {
            F(sqr)(ctx, acc, acc);
            i--;
            continue;
        }
        /* the longest window of at most POWV_W bits ending in a set bit */
        size_t len = i >= POWV_W ? POWV_W : i;
        while (!POW_BIT(i - len))
            len--;
        unsigned val = 0;
        for (size_t k = 0; k < len; k++)
            val = (val << 1) | (unsigned)POW_BIT(i - 1 - k);
        if (started) {
            for (size_t k = 0; k < len; k++)
                F(sqr)(ctx, acc, acc);
            F(mul)(ctx, acc, acc, odd[val >> 1]);
        } else {
            F(copy)(ctx, acc, odd[val >> 1]);
            started = 1;
        }
        i -= len;
    }
#undef POW_BIT
    F(copy)(ctx, r, acc);
    gn_memzero(odd, sizeof odd);
    gn_memzero(a2, sizeof a2);
    gn_memzero(acc, sizeof acc);
}
#undef POWV_W
