/*
 * Exponentiation over any field kernel (F_p, F_p^2, F_p^3 ...).
 * The including file defines:
 *   F(name)  the field's prefix; it provides set_one, copy, mul, sqr, cmov
 *   FCTX     the field's context type
 *   FL       storage limbs of one element
 */

/*
 * r = a^e, constant time in a and e: a fixed 4-bit window over all en*W bits of
 * e; every window squares four times and multiplies by a table entry read with a
 * full masked scan (the entry index never becomes an address).
 */
static void F(pow)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *e, size_t en)
{
    gn_limb_t tab[16][FL], acc[FL], sel[FL];
    F(set_one)(ctx, tab[0]);
    F(copy)(ctx, tab[1], a);
    for (unsigned i = 2; i < 16; i++)
        F(mul)(ctx, tab[i], tab[i - 1], a);
    F(set_one)(ctx, acc);
    for (size_t w = en * (GN_LIMB_BITS / 4); w-- > 0;) {
        for (int k = 0; k < 4; k++)
            F(sqr)(ctx, acc, acc);
        gn_limb_t digit = (e[w / (GN_LIMB_BITS / 4)] >> (4 * (w % (GN_LIMB_BITS / 4)))) & 15;
        F(copy)(ctx, sel, tab[0]);
        for (unsigned i = 1; i < 16; i++)
            F(cmov)(ctx, sel, tab[i], ct_eq(digit, i));
        F(mul)(ctx, acc, acc, sel);
    }
    F(copy)(ctx, r, acc);
    gn_memzero(tab, sizeof tab);
    gn_memzero(acc, sizeof acc);
    gn_memzero(sel, sizeof sel);
}

/*
 * r = a^e for a public exponent e: sliding window of width 4 over the odd powers
 * a, a^3, ..., a^15 (HAC 14.85). The sequence of operations depends on e only,
 * so the time is constant in a.
 */
static void F(pow_var)(const FCTX *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *e, size_t en)
{
    gn_limb_t odd[8][FL], a2[FL], acc[FL];
    size_t bits = gn_mp_bits_var(e, en);
    F(set_one)(ctx, acc);
    if (bits == 0) {
        F(copy)(ctx, r, acc);
        return;
    }
    F(copy)(ctx, odd[0], a);
    F(sqr)(ctx, a2, a);
    for (int i = 1; i < 8; i++)
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
        /* the longest window of at most 4 bits ending in a set bit */
        size_t len = i >= 4 ? 4 : i;
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
