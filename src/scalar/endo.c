/*
 * The GLV multiplication (Gallant, Lambert, Vanstone 2001) on curves with an efficient
 * endomorphism phi = [lambda] (src/ec/glv.c splits the scalar): two half-length regular signed
 * windows over effective-affine tables.
 */
#include "scalar/scalar_internal.h"

#include "util/ct.h"

/*
 * The tables of the GLV multiplication: t1[i] = (2i + 1) P and t2[i] = phi(t1[i]) for
 * i < 2^(w-1), all with one common Z = zc, returned, and stored as (X, Y, 1): on a = 0 curves
 * the isomorphism (x, y) -> (zc^2 x, zc^3 y) maps E to y^2 = x^3 + zc^6 b, where these entries
 * are affine, and the doubling and mixed addition of a = 0 do not read b; so the main loop runs
 * on that curve with mixed additions and the caller multiplies the result's Z by zc (the
 * "effective affine" tables of libsecp256k1's ecmult_const; without an inversion). Each entry
 * is scaled by the product u_i of the other entries' Z (prefix and suffix products).
 * The odd multiples are never +-2P or O (P has prime order n > 2^w), so the plain addition
 * serves. phi(X, Y) = (beta X, Y) on the isomorphic curve too.
 */
static void glv_tables(grp *g, gn_limb_t *t1, gn_limb_t *t2, gn_limb_t *zc, const gn_limb_t *p, unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    const gn_fp_kernel_t *fk = ec->impl->fk;
    const gn_fp_ctx_t *f = &ec->fp;
    const size_t fl = ec->impl->fl, pl = g->pl, half = (size_t)1 << (w - 1);
    /* d, then the prefix products (one element per entry: they fit in the points' space) */
    gn_limb_t *mark = g->ws, *d = pt_take(g, 1), *pre = pt_take(g, (half * fl + pl - 1) / pl);
    gn_limb_t *suf = pt_take(g, 1), *u = suf + fl, *u2 = u + fl;
    memcpy(t1, p, pl * sizeof(gn_limb_t));
    g->o->dbl(ec, d, p);
    for (size_t i = 1; i < half; i++)
        g->o->add(ec, t1 + i * pl, t1 + (i - 1) * pl, d);
    /* pre[i] = Z_0 ... Z_i; zc = pre[half - 1]; from the top, suf = Z_(i+1) ... Z_(half-1) */
    fk->copy(f, pre, t1 + 2 * fl);
    for (size_t i = 1; i < half; i++)
        fk->mul(f, pre + i * fl, pre + (i - 1) * fl, t1 + i * pl + 2 * fl);
    fk->copy(f, zc, pre + (half - 1) * fl);
    fk->set_one(f, suf);
    for (size_t i = half; i-- > 0;) {
        gn_limb_t *e = t1 + i * pl;
        if (i)
            fk->mul(f, u, pre + (i - 1) * fl, suf); /* zc / Z_i */
        else
            fk->copy(f, u, suf);
        fk->mul(f, suf, suf, e + 2 * fl);
        fk->sqr(f, u2, u);
        fk->mul(f, e, e, u2);
        fk->mul(f, u2, u2, u);
        fk->mul(f, e + fl, e + fl, u2);
        fk->set_one(f, e + 2 * fl);
        gn_limb_t *v = t2 + i * pl;
        fk->mul(f, v, e, ec->glv.beta.v);
        fk->copy(f, v + fl, e + fl);
        fk->set_one(f, v + 2 * fl);
    }
    pt_release(g, mark);
}

/* sel = +-tab[idx] for the window value v of the regular recoding (see mul_window_signed), negated
 * once more where sign is all-ones; tab is affine, so only X and Y are scanned. */
static void glv_select(grp *g, gn_limb_t *sel, const gn_limb_t *tab, gn_limb_t v, unsigned w, gn_limb_t sign)
{
    const size_t fl = g->ec->impl->fl, half = (size_t)1 << (w - 1);
    gn_limb_t neg = ct_mask_bit((v >> (w - 1)) ^ 1); /* d < 0 */
    gn_limb_t idx = (v ^ (neg & (half - 1))) & (half - 1);
    gn_limb_t *mark = g->ws, *nsel = pt_take(g, 1);
    memcpy(sel, tab, g->pl * sizeof(gn_limb_t)); /* Z (the same in every entry) */
    tab_select_w(g, sel, tab, half, 2 * fl, idx);
    g->o->neg(g->ctx, nsel, sel);
    pt_cmov(g, sel, nsel, neg ^ sign);
    pt_release(g, mark);
}

/*
 * [k] P by the GLV split (src/ec/glv.c): k = s1 k1 + s2 k2 lambda mod n with k1, k2 odd and below
 * 2^t (t = ec->glv.bits, about half of n's bits), so [k] P = [k1] (s1 P) + [k2] (s2 phi(P)). Both
 * halves take the regular signed recoding of mul_window_signed over the same m = ceil((t - 1)/w)
 * windows: w doublings, then one mixed addition from each table (glv_tables: affine on an
 * isomorphic curve, where the loop runs; the result's Z is scaled back), selected by
 * masked scans, negated by the digit's sign mask xor s_i's; the top digits (1, 1) start the
 * accumulator at s1 P + s2 phi(P). So t doublings instead of bits(n), for the same number of
 * additions. An exceptional addition (acc = +-T or O: a negligible fraction of scalars, and
 * k = 0 mod n, whose halves are a lattice vector) leaves Z = 0, which every later doubling and
 * mixed addition keeps, so one test at the end finds it; the mask is returned as in
 * mul_window_signed, for the caller to recompute with complete arithmetic.
 */
gn_limb_t mul_glv(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k0, size_t nbits, unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    const size_t t = ec->glv.bits, fl = ec->impl->fl;
    /* two tables; besides them a selection, its negation or a scan, the tables' products */
    w = scalar_fit_window(g, w, 2, 0, 4 + (((size_t)1 << w) * fl + g->pl - 1) / g->pl);
    if (!w) /* points too large for two tables in the scratch (RNS): one signed window */
        return mul_window_signed(g, acc, p, k0, nbits, 2);
    gn_limb_t k[GN_EC_ORDER_LIMBS], kh[2][GN_EC_ORDER_LIMBS], sign[2];
    gn_limb_t *mark = g->ws, *tab[2], *sel = pt_take(g, 1), *zc = pt_take(g, 1);
    tab[0] = pt_take(g, (size_t)1 << (w - 1));
    tab[1] = pt_take(g, (size_t)1 << (w - 1));
    reduce_order(ec, k, k0, nbits);
    gn_ec_glv_split(ec, kh[0], kh[1], &sign[0], &sign[1], k);
    glv_tables(g, tab[0], tab[1], zc, p, w);
    glv_select(g, acc, tab[0], (gn_limb_t)1 << (w - 1), w, sign[0]); /* digit 1: v = 2^(w-1) */
    glv_select(g, sel, tab[1], (gn_limb_t)1 << (w - 1), w, sign[1]);
    g->o->madd(ec, acc, acc, sel);
    for (size_t i = (t - 1 + w - 1) / w; i-- > 0;) {
        for (unsigned j = 0; j < w; j++)
            g->o->dbl(ec, acc, acc);
        for (int h = 0; h < 2; h++) {
            glv_select(g, sel, tab[h], bits_at_ct(kh[h], i * w + 1, w, t), w, sign[h]);
            g->o->madd(ec, acc, acc, sel);
        }
    }
    gn_limb_t exc = g->o->is_inf(ec, acc);
    ec->impl->fk->mul(&ec->fp, acc + 2 * fl, acc + 2 * fl, zc); /* back to E */
    gn_memzero(k, sizeof k);
    gn_memzero(kh, sizeof kh);
    gn_memzero(sign, sizeof sign);
    pt_release(g, mark);
    /* published, as in mul_window_signed */
    GN_DECLASSIFY(&exc, sizeof exc);
    return exc;
}
