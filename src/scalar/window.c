/*
 * Window methods: the fixed window (unsigned, and the regular signed recoding for groups of odd
 * order), the sliding window and the width-w NAF. Tables come from the group's scratch
 * (scalar_internal.h), their width lowered until they fit.
 */
#include "scalar/scalar_internal.h"
#include "scalar/recode.h"

#include "genus/mp.h"
#include "mp/limb.h"
#include "util/ct.h"

/* Bits of the scalar per run of wNAF digits (mul_wnaf). */
#define WNAF_CHUNK GN_RECODE_MAX_BITS

/* Fixed window: T[i] = iP for 0 <= i < 2^w; ct: every window adds a masked-scan entry. */
void mul_window(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w, int ct)
{
    w = scalar_fit_window(g, w, 1, 0, 2 + add_ct_room(g));
    const size_t pl = g->pl, n = (size_t)1 << w;
    gn_limb_t *mark = g->ws, *tab = pt_take(g, n), *sel = pt_take(g, 1);
    g->o->set_inf(g->ctx, tab);
    memcpy(tab + pl, p, pl * sizeof(gn_limb_t));
    for (size_t i = 2; i < n; i++) {
        if (i % 2 == 0)
            g->o->dbl(g->ctx, tab + i * pl, tab + (i / 2) * pl);
        else if (ct)
            add_ct(g, tab + i * pl, tab + (i - 1) * pl, p);
        else
            add_var(g, tab + i * pl, tab + (i - 1) * pl, p, 1);
    }
    g->o->set_inf(g->ctx, acc);
    size_t windows = (nbits + w - 1) / w;
    for (size_t j = windows; j-- > 0;) {
        for (unsigned s = 0; s < w; s++)
            g->o->dbl(g->ctx, acc, acc);
        if (ct) {
            gn_limb_t d = bits_at_ct(k, j * w, w, nbits);
            memcpy(sel, tab, pl * sizeof(gn_limb_t));
            for (size_t i = 1; i < n; i++)
                pt_cmov(g, sel, tab + i * pl, ct_eq(d, (gn_limb_t)i));
            add_ct(g, acc, acc, sel);
        } else {
            unsigned d = bits_at(k, j * w, w, nbits);
            if (d)
                add_var(g, acc, acc, tab + d * pl, d == 1);
        }
    }
    pt_release(g, mark);
}

/* One window of the signed recoding (window_signed_digit, scalar_internal.h): the loop of
 * mul_window_signed below, inlined there. */
static inline gn_limb_t signed_digit(grp *g, gn_limb_t *acc, const gn_limb_t *tab, size_t n, unsigned w, int affine,
                                     gn_limb_t v, gn_limb_t *sel, gn_limb_t *nsel)
{
    gn_limb_t exc = 0;
    for (unsigned j = 0; j < w; j++)
        exc |= g->o->dbl(g->ctx, acc, acc);
    const size_t half = (size_t)1 << (w - 1);
    gn_limb_t neg = ct_mask_bit((v >> (w - 1)) ^ 1); /* d < 0 */
    gn_limb_t idx = (v ^ (neg & (half - 1))) & (half - 1);
    tab_select_w(g, sel, tab, n, affine ? 2 * g->fl : g->pl, idx);
    g->o->neg(g->ctx, nsel, sel);
    pt_cmov(g, sel, nsel, neg);
    if (g->z_flags) {
        (affine ? g->o->madd : g->o->add)(g->ctx, acc, acc, sel);
        exc |= g->o->is_inf(g->ctx, acc);
    } else if (g->reports) {
        exc |= g->o->add(g->ctx, acc, acc, sel);
    } else {
        add_ct(g, acc, acc, sel);
    }
    return exc;
}

gn_limb_t window_signed_digit(grp *g, gn_limb_t *acc, const gn_limb_t *tab, size_t n, unsigned w, int affine,
                              gn_limb_t v, gn_limb_t *sel, gn_limb_t *nsel)
{
    return signed_digit(g, acc, tab, n, w, affine, v, sel, nsel);
}

/*
 * Constant-time signed window: the regular recoding of an odd scalar (Joye and Tunstall 2009;
 * Okeya and Takagi 2003) k = 2^(wm) + sum_{i<m} d_i 2^(wi), every d_i odd in
 * [-(2^w - 1), 2^w - 1], so each window adds one of P, 3P, ..., (2^w - 1)P (a table half the
 * size of the unsigned window's) selected by a masked scan and negated by mask.
 * d_i = 2 v_i + 1 - 2^w with v_i the w bits of k from bit wi + 1, since
 * k_i = 2 floor(k / 2^(wi+1)) + 1 in the recoding.
 * An even k becomes odd: on a prime curve of known odd order N, N - k (the result negated);
 * otherwise k + 1 (Edwards and Jacobi quartic curves of even order, genus-2 Jacobians, whose
 * scalars are not reduced: P subtracted at the end by an addition of -P or O).
 * Jacobian Weierstrass (z_flags): the incomplete addition (EFD add-1998-cmo-2, or madd-2007-bl
 * on the affine table of odd_multiples_affine, whose Z3 = 2 Z1 H vanishes alike) fails only when
 * acc = +-d P or acc = O, which for k < N happens in the last windows of a negligible fraction
 * of scalars (and for k = 0); its output then has Z = 0, which is collected in a mask. A group
 * whose formulas report their exceptional cases (grp.reports: genus 2) has the reports ORed
 * into the mask. Returns that mask: the caller recomputes with complete arithmetic, revealing
 * through timing only that such a case occurred (as the co-Z ladder does). The other models add
 * completely (add_ct) and return 0. All-ones also when even w = 2 does not fit the scratch.
 */
gn_limb_t mul_window_signed(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k0, size_t nbits,
                            unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    /* beside the table: sel, nsel, and the table scan's accumulator or add_ct's two points (a
     * group whose formulas report never completes an addition); the table's 2P, taken while it
     * is built, fits in their place */
    w = scalar_fit_window(g, w, 2, 1, g->reports ? 3 : 4);
    if (!w) /* points too large for the table in the scratch (RNS, extended coordinates): the
             * caller takes the unsigned window, a choice made by public sizes */
        return GN_LIMB_MAX;
    const size_t pl = g->pl, half = (size_t)1 << (w - 1);
    /* the scalar's bits: the order's on a prime curve (k reduced), else nbits (at least one) */
    const size_t t = ec ? ec->order_bits : nbits ? nbits : 1;
    const int odd_order = ec && (ec->order[0] & 1);
    gn_limb_t k[SCALAR_LIMBS];
    gn_limb_t *mark = g->ws, *tab = pt_take(g, half);
    if (ec) {
        reduce_order(ec, k, k0, nbits);
    } else {
        GN_CHECK(nbits <= SCALAR_LIMBS * GN_LIMB_BITS);
        memset(k, 0, sizeof k);
        memcpy(k, k0, (nbits + GN_LIMB_BITS - 1) / GN_LIMB_BITS * sizeof(gn_limb_t));
    }
    gn_limb_t even = ct_mask_bit((k[0] & 1) ^ 1);
    if (odd_order) { /* k = N - k where k is even, in place (k < N: no limb beyond the order's) */
        gn_limb_t bw = 0;
        for (size_t i = 0; i < GN_EC_ORDER_LIMBS; i++) {
            gn_limb_t d;
            bw = mp_subb(&d, ec->order[i], k[i], bw);
            k[i] = ct_mux(even, d, k[i]);
        }
    } else {
        k[0] |= 1; /* k + 1 when k is even (below N where N is known: N is even) */
    }
    /* Jacobian Weierstrass: affine entries where the model makes them (one inversion), so that
     * every window adds by the mixed formula (7M + 4S against 12M + 4S) and the scans read X
     * and Y only; the choice depends on P only through the exceptional cases, as the table's */
    const int affine = g->z_flags && g->o->odd_multiples_affine && !g->o->odd_multiples_affine(g->ctx, tab, p, half);
    gn_limb_t exc = affine ? 0 : table_odd_multiples(g, tab, p, w), *sel = pt_take(g, 1), *nsel = pt_take(g, 1);
    if (affine)
        g->fk->set_one(g->fp, sel + 2 * g->fl); /* Z = 1, kept: the scans write X and Y */
    memcpy(acc, p, pl * sizeof(gn_limb_t)); /* the top digit is 1 */
    for (size_t i = (t - 1 + w - 1) / w; i-- > 0;)
        exc |= signed_digit(g, acc, tab, half, w, affine, bits_at_ct(k, i * w + 1, w, t), sel, nsel);
    if (odd_order) {
        g->o->neg(g->ctx, nsel, acc);
        pt_cmov(g, acc, nsel, even);
    } else {
        g->o->set_inf(g->ctx, sel);
        g->o->neg(g->ctx, nsel, p);
        pt_cmov(g, sel, nsel, even);
        if (g->reports)
            exc |= g->o->add(g->ctx, acc, acc, sel);
        else
            add_ct(g, acc, acc, sel);
    }
    gn_memzero(k, sizeof k);
    pt_release(g, mark);
    /* published: an exceptional case depends on k and n alone (P has prime order), occurs for a
     * negligible fraction of scalars, and is answered by a complete recomputation */
    GN_DECLASSIFY(&exc, sizeof exc);
    return exc;
}

/* Sliding window (HAC 14.85) over the odd multiples; variable time. */
void mul_sliding(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w)
{
    w = scalar_fit_window(g, w, 1, 1, 2);
    gn_limb_t *mark = g->ws, *tab = pt_take(g, (size_t)1 << (w - 1));
    table_odd_multiples(g, tab, p, w);
    g->o->set_inf(g->ctx, acc);
    for (size_t i = nbits; i > 0;) {
        if (!bit_of(k, i - 1)) {
            g->o->dbl(g->ctx, acc, acc);
            i--;
            continue;
        }
        /* the longest window [i - 1, l] of at most w bits ending in a one */
        size_t l = i >= w ? i - w : 0;
        while (!bit_of(k, l))
            l++;
        unsigned d = bits_at(k, l, (unsigned)(i - l), nbits);
        for (size_t s = l; s < i; s++)
            g->o->dbl(g->ctx, acc, acc);
        add_var(g, acc, acc, tab + (d / 2) * g->pl, d == 1);
        i = l;
    }
    pt_release(g, mark);
}

/*
 * Width-w NAF, left to right, over the scalar in chunks of WNAF_CHUNK bits from the top:
 * [k] P = 2^C [k_hi] P + [k_lo] P, so each chunk's digits (at most C + 1; one buffer of C + 1
 * bytes serves any length) continue the accumulator. A chunk whose NAF has C + 1 digits has a
 * top digit 1 at 2^C, which joins the accumulator before its C doublings.
 */
void mul_wnaf(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w)
{
    signed char naf[WNAF_CHUNK + 1];
    w = scalar_fit_window(g, w, 2, 2, 3);
    gn_limb_t *mark = g->ws, *tab = pt_take(g, (size_t)1 << (w - 2)), *neg = pt_take(g, 1);
    table_odd_multiples(g, tab, p, w - 1);
    g->o->set_inf(g->ctx, acc);
    const size_t chunks = nbits ? (nbits + WNAF_CHUNK - 1) / WNAF_CHUNK : 1;
    for (size_t c = chunks; c-- > 0;) {
        size_t len = gn_recode_wnaf_var(naf, k + c * (WNAF_CHUNK / GN_LIMB_BITS), WNAF_CHUNK / GN_LIMB_BITS, w);
        if (len == WNAF_CHUNK + 1) {
            GN_CHECK(naf[WNAF_CHUNK] == 1);
            add_var(g, acc, acc, p, 1);
            len--;
        }
        if (c + 1 < chunks)
            for (size_t i = len; i < WNAF_CHUNK; i++)
                g->o->dbl(g->ctx, acc, acc);
        for (size_t i = len; i-- > 0;) {
            g->o->dbl(g->ctx, acc, acc);
            int d = naf[i];
            if (d > 0) {
                add_var(g, acc, acc, tab + (size_t)(d / 2) * g->pl, d == 1);
            } else if (d < 0) {
                g->o->neg(g->ctx, neg, tab + (size_t)(-d / 2) * g->pl);
                add_var(g, acc, acc, neg, d == -1);
            }
        }
    }
    pt_release(g, mark);
}
