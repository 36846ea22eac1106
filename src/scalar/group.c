/*
 * The group view of the scalar-multiplication layer (scalar_internal.h): scratch, masked
 * selection, table scans, additions completed for every input, scalars and their digits.
 */
#include "scalar/scalar_internal.h"

#include "genus/mp.h"
#include "scalar/base_scan.h"
#include "util/cpu.h"
#include "util/ct.h"

void grp_init(grp *g, const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_pt_ops_t *ops, gn_limb_t *ws, size_t n)
{
    const gn_ec_pt_ops_t *eo = ops ? ops : gn_ec_ops(ec, c);
    grp_init_group(g, ec, &eo->grp, ec->impl->fk, &ec->fp, ec->impl->fl, eo->ncoords, eo->ncoords * ec->impl->fl,
                   eo->complete && ec->complete, 0, ws, n);
    g->ec = ec;
    g->eo = eo;
    g->z_flags = ec->model == GN_EC_WEIERSTRASS && c == GN_EC_JACOBIAN;
}

void grp_init_group(grp *g, const void *ctx, const gn_group_ops_t *o, const gn_fp_kernel_t *fk,
                    const gn_fp_ctx_t *f, size_t fl, unsigned nelem, size_t pl, int complete, int reports,
                    gn_limb_t *ws, size_t n)
{
    g->ctx = ctx;
    g->o = o;
    g->ec = NULL;
    g->eo = NULL;
    g->bounded = fk && fk->bounded;
    g->fk = fk;
    g->fp = f;
    g->fl = fl;
    g->nelem = nelem;
    g->pl = pl;
    g->complete = complete;
    g->z_flags = 0;
    g->reports = reports;
    g->ws = g->ws_base = g->ws_high = ws;
    g->ws_end = ws + n;
}

void grp_wipe(grp *g)
{
    gn_memzero(g->ws_base, (size_t)(g->ws_high - g->ws_base) * sizeof(gn_limb_t));
    g->ws = g->ws_high = g->ws_base;
}

/* Out of line, so that only the path taken reserves its array. */
static GN_NOINLINE void with_small(scalar_scratch_fn fn, void *arg)
{
    _Alignas(64) gn_limb_t ws[GN_SCALAR_SCRATCH_SMALL];
    fn(arg, ws, GN_SCALAR_SCRATCH_SMALL);
}

static GN_NOINLINE void with_large(scalar_scratch_fn fn, void *arg)
{
    _Alignas(64) gn_limb_t ws[GN_SCALAR_SCRATCH_LARGE];
    fn(arg, ws, GN_SCALAR_SCRATCH_LARGE);
}

void scalar_with_scratch_limbs(size_t want, scalar_scratch_fn fn, void *arg)
{
    GN_CHECK(want <= GN_SCALAR_SCRATCH_LARGE);
    (want > GN_SCALAR_SCRATCH_SMALL ? with_large : with_small)(fn, arg);
}

/* A curve on the counting kernel (gn_ec_counting): its points have elements of 9 or 16 limbs
 * (GN_COUNT_NARROW_LIMBS, GN_FP_MAX_LIMBS) whatever p, so that the windows its multiplications
 * take are the ones the curve's own kernel takes (the default widths, GLV's included), it gets
 * the room of those. */
static GN_NOINLINE void with_counting(scalar_scratch_fn fn, void *arg)
{
    _Alignas(64) gn_limb_t ws[GN_SCALAR_SCRATCH_COUNTING];
    fn(arg, ws, GN_SCALAR_SCRATCH_COUNTING);
}

void scalar_with_scratch(const gn_ec_ctx_t *ec, scalar_scratch_fn fn, void *arg)
{
    if (ec->fp.counts) {
        with_counting(fn, arg);
        return;
    }
    scalar_with_scratch_limbs(ec->impl->fl > GN_FP_MAX_LIMBS ? GN_SCALAR_SCRATCH_LARGE : GN_SCALAR_SCRATCH_SMALL,
                              fn, arg);
}

unsigned scalar_fit_window(const grp *g, unsigned w, unsigned lo, unsigned shift, size_t extra)
{
    const size_t room = (size_t)(g->ws_end - g->ws);
    while (w >= lo && scratch_limbs((((size_t)1 << w) >> shift) * g->pl) + extra * scratch_limbs(g->pl) > room)
        w--;
    return w >= lo ? w : 0;
}

/* sel[0..width) = the first width limbs of tab[idx] for idx < n, entries pl limbs apart: every
 * entry is read, masked by (e == idx) and ORed in (constant time in idx). PL, the limbs of one
 * point, is a constant in scan_pl256, where the compiler keeps the OR in vector registers: a
 * pt_cmov per entry over a run-time length cost 7% of an ECDH on P-256. */
static inline void scan_w(gn_limb_t *sel, gn_limb_t *acc, const gn_limb_t *tab, size_t n, size_t pl, size_t width,
                          gn_limb_t idx)
{
    for (size_t i = 0; i < width; i++)
        acc[i] = 0;
    for (size_t e = 0; e < n; e++) {
        gn_limb_t m = ct_barrier(ct_eq(idx, (gn_limb_t)e));
        for (size_t i = 0; i < width; i++)
            acc[i] |= m & tab[e * pl + i];
    }
    memcpy(sel, acc, width * sizeof(gn_limb_t));
}

#define PL256 (3 * 256 / GN_LIMB_BITS) /* three coordinates of a 256-bit field */

/* whole points, or their X and Y (affine entries) */
static void scan_pl256(gn_limb_t *sel, const gn_limb_t *tab, size_t n, gn_limb_t idx, int xy)
{
    gn_limb_t acc[PL256];
    if (xy)
        scan_w(sel, acc, tab, n, PL256, 2 * PL256 / 3, idx);
    else
        scan_w(sel, acc, tab, n, PL256, PL256, idx);
    gn_memzero(acc, sizeof acc); /* the selected entry: it tells the secret digit */
}

void tab_select_w(grp *g, gn_limb_t *sel, const gn_limb_t *tab, size_t n, size_t width, gn_limb_t idx)
{
    if (g->bounded) {
        memcpy(sel, tab, width * sizeof(gn_limb_t));
        for (size_t e = 1; e < n; e++)
            pt_cmov_w(g, sel, tab + e * g->pl, ct_barrier(ct_eq(idx, (gn_limb_t)e)), width);
    } else if (g->pl == PL256 && (width == PL256 || width == 2 * PL256 / 3)) {
        scan_pl256(sel, tab, n, idx, width != PL256);
#if GN_HAVE_AVX2 && GN_LIMB_BITS == 64
    } else if (gn_cpu_has_avx2()) { /* a public CPU fact; scan_w kept 7% of P-521's multiplication */
        gn_scan_avx2(sel, tab, n, g->pl, width, idx);
#endif
    } else {
        gn_limb_t *mark = g->ws, *acc = pt_take(g, 1);
        scan_w(sel, acc, tab, n, g->pl, width, idx);
        pt_release(g, mark);
    }
}

void add_ct(grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const void *c = g->ctx;
    GN_CHECK(!g->reports); /* such a group runs the signed window only */
    if (g->o->add_complete && !g->complete) {
        g->o->add_complete(c, r, p, q);
        return;
    }
    if (g->complete) {
        g->o->add(c, r, p, q);
        return;
    }
    gn_limb_t *mark = g->ws, *s = pt_take(g, 2), *d = s + g->pl;
    gn_limb_t pinf = g->o->is_inf(c, p), qinf = g->o->is_inf(c, q);
    gn_limb_t same = g->o->eq(c, p, q);
    g->o->neg(c, d, q);
    gn_limb_t opp = g->o->eq(c, p, d);
    g->o->add(c, s, p, q);
    g->o->dbl(c, d, p);
    pt_cmov(g, s, d, same);
    g->o->set_inf(c, d);
    pt_cmov(g, s, d, opp & ~same);
    pt_cmov(g, s, q, pinf);
    pt_cmov(g, s, p, qinf & ~pinf);
    memcpy(r, s, g->pl * sizeof(gn_limb_t));
    pt_release(g, mark);
}

void add_var(grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q, int q_norm)
{
    const void *c = g->ctx;
    GN_CHECK(!g->reports); /* such a group runs the signed window only */
    if (g->o->add_complete && !g->complete) {
        g->o->add_complete(c, r, p, q);
        return;
    }
    if (g->complete) { /* mixed formulas need Z2 = 1: not for O */
        (q_norm && !g->o->is_inf(c, q) ? g->o->madd : g->o->add)(c, r, p, q);
        return;
    }
    if (g->o->is_inf(c, p)) {
        memmove(r, q, g->pl * sizeof(gn_limb_t));
        return;
    }
    if (g->o->is_inf(c, q)) {
        memmove(r, p, g->pl * sizeof(gn_limb_t));
        return;
    }
    gn_limb_t *mark = g->ws, *s = pt_take(g, 1);
    if (g->z_flags) { /* Z3 = Z1 Z2 H (2 Z1 H mixed) is 0 exactly when x1 = x2: add first, and
                       * compare only then (the two comparisons cost as much as the addition) */
        (q_norm ? g->o->madd : g->o->add)(c, s, p, q);
        if (!g->o->is_inf(c, s)) {
            memcpy(r, s, g->pl * sizeof(gn_limb_t));
            pt_release(g, mark);
            return;
        }
    }
    if (g->o->eq(c, p, q)) {
        g->o->dbl(c, r, p);
    } else {
        g->o->neg(c, s, q);
        if (g->o->eq(c, p, s))
            g->o->set_inf(c, r);
        else
            (q_norm ? g->o->madd : g->o->add)(c, r, p, q);
    }
    pt_release(g, mark);
}

gn_limb_t table_odd_multiples(grp *g, gn_limb_t *tab, const gn_limb_t *p, unsigned w)
{
    const size_t pl = g->pl, n = (size_t)1 << (w - 1);
    /* the model's own table (Jacobian: co-Z additions, less than half the products) */
    if (g->o->odd_multiples) {
        gn_limb_t exc = g->o->odd_multiples(g->ctx, tab, p, n);
        if (!exc || g->reports)
            return exc;
    }
    gn_limb_t *mark = g->ws, *p2 = pt_take(g, 1), exc = g->o->dbl(g->ctx, p2, p);
    memcpy(tab, p, pl * sizeof(gn_limb_t));
    for (size_t i = 1; i < n; i++) {
        if (g->reports)
            exc |= g->o->add(g->ctx, tab + i * pl, tab + (i - 1) * pl, p2);
        else
            add_var(g, tab + i * pl, tab + (i - 1) * pl, p2, 0);
    }
    pt_release(g, mark);
    return exc;
}

/* ----------------------------------------------------------------------- scalars */

unsigned bits_at(const gn_limb_t *k, size_t i, unsigned w, size_t nbits)
{
    return (unsigned)bits_at_ct(k, i, w, nbits);
}

/* Constant-time digit extraction (no branch on k; i, w <= GN_LIMB_BITS and nbits public): the
 * limb holding bit i shifted down, the next one's low bits above it where the digit crosses into
 * it, bits at nbits and above cleared (k's limbs end there). */
gn_limb_t bits_at_ct(const gn_limb_t *k, size_t i, unsigned w, size_t nbits)
{
    GN_CHECK(w <= GN_LIMB_BITS);
    if (i >= nbits || !w)
        return 0;
    if (w > nbits - i)
        w = (unsigned)(nbits - i);
    const size_t l = i / GN_LIMB_BITS;
    const unsigned off = (unsigned)(i % GN_LIMB_BITS);
    gn_limb_t v = k[l] >> off;
    if (off + w > GN_LIMB_BITS) /* then off > 0, and bit i + w - 1 < nbits is in limb l + 1 */
        v |= k[l + 1] << (GN_LIMB_BITS - off);
    return w < GN_LIMB_BITS ? v & (((gn_limb_t)1 << w) - 1) : v;
}

/* k (klen big-endian bytes) into little-endian limbs; nbits = 8 klen (public). */
gn_err load_scalar(gn_limb_t *k, size_t *nbits, const uint8_t *in, size_t klen)
{
    if (klen > GN_EC_MAX_SCALAR_BYTES || (!in && klen))
        return GN_ERR_INVALID;
    memset(k, 0, SCALAR_LIMBS * sizeof(gn_limb_t));
    /* only the limbs klen bytes fill: a conversion over all SCALAR_LIMBS took 2% of [k] G */
    if (klen && gn_mp_from_bytes_be(k, (klen + sizeof(gn_limb_t) - 1) / sizeof(gn_limb_t), in, klen) != GN_OK)
        return GN_ERR_INVALID;
    *nbits = 8 * klen;
    return GN_OK;
}

/* r = k mod n (the group order), constant time in k; nbits (public) bounds k. A restoring
 * division by n that starts where it can first subtract: with t = nbits - order_bits (0 when
 * k is shorter), floor(k / 2^(t+1)) < 2^(order_bits - 1) <= n is already the remainder of
 * k's high bits, so t + 1 steps bring in the rest one bit each (rem = 2 rem + bit, less n where
 * n fits), on the order's limbs: one step for a scalar of the order's size, eight for P-521's
 * 66-byte keys (where a division over every bit of k took 7% of the multiplication). */
void reduce_order(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t rem[GN_EC_ORDER_LIMBS + 1], d[GN_EC_ORDER_LIMBS + 1], top[SCALAR_LIMBS];
    const size_t on = (ec->order_bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    const size_t t = nbits > ec->order_bits ? nbits - ec->order_bits : 0;
    size_t kn = (nbits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    if (kn < on)
        kn = on;
    GN_CHECK(kn <= SCALAR_LIMBS);
    memset(top, 0, sizeof top);
    memcpy(top, k, (nbits + GN_LIMB_BITS - 1) / GN_LIMB_BITS * sizeof(gn_limb_t));
    gn_mp_rshift(top, top, kn, t + 1); /* below 2^(order_bits - 1): on limbs hold it */
    memset(rem, 0, sizeof rem);
    memcpy(rem, top, on * sizeof(gn_limb_t));
    for (size_t i = t + 1; i-- > 0;) {
        gn_mp_lshift(rem, rem, on + 1, 1);
        rem[0] |= (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        gn_limb_t bw = gn_mp_sub(d, rem, ec->order, on + 1); /* order[on] = 0 */
        ct_cmov(ct_mask_bit(bw ^ 1), rem, d, on + 1);
    }
    memset(r, 0, GN_EC_ORDER_LIMBS * sizeof(gn_limb_t));
    memcpy(r, rem, on * sizeof(gn_limb_t));
    gn_memzero(rem, sizeof rem);
    gn_memzero(d, sizeof d);
    gn_memzero(top, sizeof top);
}

int jacobian_odd_order(const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_point_t *p)
{
    return ec->model == GN_EC_WEIERSTRASS && c == GN_EC_JACOBIAN && ec->order_exact && (ec->order[0] & 1) &&
           !p->infinity;
}

int signed_window_applies(const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_point_t *p)
{
    if (ec->model == GN_EC_EDWARDS || ec->model == GN_EC_JACOBI_QUARTIC)
        return ec->order_exact && !p->infinity; /* complete additions (add_complete where needed) */
    return jacobian_odd_order(ec, c, p);
}
