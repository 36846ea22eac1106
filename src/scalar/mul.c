/*
 * Scalar multiplication, written once over the point-operation table of a model and
 * coordinate system (src/ec/ec_internal.h). Each point operation is one call through the
 * table; the field arithmetic inside it is inlined (src/inst/ec_*.c).
 *
 * Constant-time methods (window, ladder, coz-ladder, comb) run a number of iterations fixed
 * by the public scalar length (or the group order's size), read tables by full masked scans
 * and handle exceptional cases of incomplete formulas by masked selection; `_var` methods
 * branch on the scalar's digits and on exceptional cases.
 */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"
#include "util/ct.h"

#define SCALAR_LIMBS (GN_EC_MAX_SCALAR_BYTES / sizeof(gn_limb_t) + 1)
#define PT GN_EC_PT_LIMBS

/* One group in one coordinate system. */
typedef struct {
    const gn_ec_ctx_t *ec;
    const gn_ec_pt_ops_t *o;
    size_t pl;    /* limbs of one point */
    int complete; /* add is valid for all inputs */
    int z_flags;  /* Jacobian Weierstrass: add/madd of finite P != +-Q give Z3 != 0, else Z3 = 0 */
} grp;

static void grp_init(grp *g, const gn_ec_ctx_t *ec, gn_ec_coords c)
{
    g->ec = ec;
    g->o = gn_ec_ops(ec, c);
    g->pl = g->o->ncoords * ec->impl->fl;
    g->complete = g->o->complete && ec->complete;
    g->z_flags = ec->model == GN_EC_WEIERSTRASS && c == GN_EC_JACOBIAN;
}

/* A kernel whose elements carry public bounds (gn_fp_kernel_t.bounded) selects element by element
 * through its cmov/cswap, which merge the bounds; the others by masks over the limbs. */
static void pt_cmov_w(const grp *g, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask, size_t width)
{
    const gn_ec_ctx_t *ec = g->ec;
    if (!ec->impl->fk->bounded) {
        ct_cmov(mask, r, a, width);
        return;
    }
    for (size_t c = 0; c < width; c += ec->impl->fl)
        ec->impl->fk->cmov(&ec->fp, r + c, a + c, mask);
}

static void pt_cmov(const grp *g, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    pt_cmov_w(g, r, a, mask, g->pl);
}

static void pt_cswap(const grp *g, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    const gn_ec_ctx_t *ec = g->ec;
    if (!ec->impl->fk->bounded) {
        ct_cswap(mask, a, b, g->pl);
        return;
    }
    for (size_t c = 0; c < g->pl; c += ec->impl->fl)
        ec->impl->fk->cswap(&ec->fp, a + c, b + c, mask);
}

/* sel[0..width) = tab[idx] by cmov over every entry (bounded kernels, see pt_cmov_w). */
static void scan_bounded(const grp *g, gn_limb_t *sel, const gn_limb_t *tab, size_t n, size_t pl, size_t width,
                         gn_limb_t idx)
{
    memcpy(sel, tab, width * sizeof(gn_limb_t));
    for (size_t e = 1; e < n; e++)
        pt_cmov_w(g, sel, tab + e * pl, ct_barrier(ct_eq(idx, (gn_limb_t)e)), width);
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

static inline void scan_n(gn_limb_t *sel, gn_limb_t *acc, const gn_limb_t *tab, size_t n, size_t pl, gn_limb_t idx)
{
    scan_w(sel, acc, tab, n, pl, pl, idx);
}

#define PL256 (3 * 256 / GN_LIMB_BITS) /* three coordinates of a 256-bit field */

static void scan_pl256(gn_limb_t *sel, const gn_limb_t *tab, size_t n, gn_limb_t idx)
{
    gn_limb_t acc[PL256];
    scan_n(sel, acc, tab, n, PL256, idx);
    gn_memzero(acc, sizeof acc); /* the selected entry: it tells the secret digit */
}

static void tab_select(const grp *g, gn_limb_t *sel, const gn_limb_t *tab, size_t n, gn_limb_t idx)
{
    if (g->ec->impl->fk->bounded) {
        scan_bounded(g, sel, tab, n, g->pl, g->pl, idx);
    } else if (g->pl == PL256) {
        scan_pl256(sel, tab, n, idx);
    } else {
        gn_limb_t acc[PT];
        scan_n(sel, acc, tab, n, g->pl, idx);
        gn_memzero(acc, sizeof acc);
    }
}

/* r = p + q for any p, q, in constant time: incomplete formulas are completed by computing
 * the doubling too and selecting by masks (P = Q, P = -Q, P = O, Q = O). */
static void add_ct(const grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_ec_ctx_t *ec = g->ec;
    if (g->o->add_complete && !g->complete) {
        g->o->add_complete(ec, r, p, q);
        return;
    }
    if (g->complete) {
        g->o->add(ec, r, p, q);
        return;
    }
    gn_limb_t s[PT], d[PT], nq[PT], inf[PT];
    gn_limb_t pinf = g->o->is_inf(ec, p), qinf = g->o->is_inf(ec, q);
    gn_limb_t same = g->o->eq(ec, p, q);
    g->o->neg(ec, nq, q);
    gn_limb_t opp = g->o->eq(ec, p, nq);
    g->o->add(ec, s, p, q);
    g->o->dbl(ec, d, p);
    g->o->set_inf(ec, inf);
    pt_cmov(g, s, d, same);
    pt_cmov(g, s, inf, opp & ~same);
    pt_cmov(g, s, q, pinf);
    pt_cmov(g, s, p, qinf & ~pinf);
    memcpy(r, s, g->pl * sizeof(gn_limb_t));
}

/* r = p + q, variable time; q_norm: q has Z = 1 (mixed addition allowed). */
static void add_var(const grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q, int q_norm)
{
    const gn_ec_ctx_t *ec = g->ec;
    if (g->o->add_complete && !g->complete) {
        g->o->add_complete(ec, r, p, q);
        return;
    }
    if (g->complete) { /* mixed formulas need Z2 = 1: not for O */
        (q_norm && !g->o->is_inf(ec, q) ? g->o->madd : g->o->add)(ec, r, p, q);
        return;
    }
    if (g->o->is_inf(ec, p)) {
        memmove(r, q, g->pl * sizeof(gn_limb_t));
        return;
    }
    if (g->o->is_inf(ec, q)) {
        memmove(r, p, g->pl * sizeof(gn_limb_t));
        return;
    }
    if (g->z_flags) { /* Z3 = Z1 Z2 H (2 Z1 H mixed) is 0 exactly when x1 = x2: add first, and
                       * compare only then (the two comparisons cost as much as the addition) */
        gn_limb_t s[PT];
        (q_norm ? g->o->madd : g->o->add)(ec, s, p, q);
        if (!g->o->is_inf(ec, s)) {
            memcpy(r, s, g->pl * sizeof(gn_limb_t));
            return;
        }
    }
    if (g->o->eq(ec, p, q)) {
        g->o->dbl(ec, r, p);
        return;
    }
    gn_limb_t nq[PT];
    g->o->neg(ec, nq, q);
    if (g->o->eq(ec, p, nq)) {
        g->o->set_inf(ec, r);
        return;
    }
    (q_norm ? g->o->madd : g->o->add)(ec, r, p, q);
}

/* ----------------------------------------------------------------------- scalars */

static int bit_of(const gn_limb_t *k, size_t i)
{
    return (int)((k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1);
}

static unsigned bits_at(const gn_limb_t *k, size_t i, unsigned w, size_t nbits)
{
    unsigned v = 0;
    for (unsigned j = 0; j < w; j++)
        if (i + j < nbits)
            v |= (unsigned)bit_of(k, i + j) << j;
    return v;
}

/* Constant-time digit extraction (no branch on k; i, w public). */
static gn_limb_t bits_at_ct(const gn_limb_t *k, size_t i, unsigned w, size_t nbits)
{
    gn_limb_t v = 0;
    for (unsigned j = 0; j < w; j++)
        if (i + j < nbits)
            v |= ((k[(i + j) / GN_LIMB_BITS] >> ((i + j) % GN_LIMB_BITS)) & 1) << j;
    return v;
}

/* k (klen big-endian bytes) into little-endian limbs; nbits = 8 klen (public). */
static gn_err load_scalar(gn_limb_t *k, size_t *nbits, const uint8_t *in, size_t klen)
{
    if (klen > GN_EC_MAX_SCALAR_BYTES || (!in && klen))
        return GN_ERR_INVALID;
    memset(k, 0, SCALAR_LIMBS * sizeof(gn_limb_t));
    if (klen && gn_mp_from_bytes_be(k, SCALAR_LIMBS, in, klen) != GN_OK)
        return GN_ERR_INVALID;
    *nbits = 8 * klen;
    return GN_OK;
}

/* r = k mod (group order), constant time in k; nbits (public) bounds k. The division runs
 * over the scalar's own limbs only: over all SCALAR_LIMBS it cost more than the
 * multiplication itself. A scalar no longer than the order (a private key) is below twice the
 * order: one masked subtraction replaces the division (measured: the bit-by-bit division was
 * a fifth of the instructions of a GLV multiplication on secp256k1). */
static void reduce_order(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t q[SCALAR_LIMBS];
    size_t kn = (nbits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    if (kn == 0)
        kn = 1;
    memset(r, 0, SCALAR_LIMBS * sizeof(gn_limb_t));
    size_t on = (ec->order_bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    if (nbits <= ec->order_bits && on <= SCALAR_LIMBS) {
        /* k < 2^order_bits <= 2 order: one masked subtraction (the usual case, a scalar of the
         * order's size; the long division cost 12% of an ECDH on P-256) */
        gn_limb_t bw = gn_mp_sub(q, k, ec->order, on);
        gn_limb_t keep = ct_mask_bit(bw);
        for (size_t i = 0; i < on; i++)
            r[i] = ct_mux(keep, k[i], q[i]);
        gn_memzero(q, sizeof q);
        return;
    }
    gn_err e = gn_mp_divrem(q, r, k, kn, ec->order, GN_EC_ORDER_LIMBS);
    (void)e; /* the order is non-zero */
    gn_memzero(q, sizeof q);
}

/* ------------------------------------------------------------------ the methods */

static void mul_l2r(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    g->o->set_inf(g->ec, acc);
    for (size_t i = nbits; i-- > 0;) {
        g->o->dbl(g->ec, acc, acc);
        if (bit_of(k, i))
            add_var(g, acc, acc, p, 1);
    }
}

static void mul_r2l(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t base[PT];
    memcpy(base, p, g->pl * sizeof(gn_limb_t));
    g->o->set_inf(g->ec, acc);
    for (size_t i = 0; i < nbits; i++) {
        if (bit_of(k, i))
            add_var(g, acc, acc, base, 0);
        g->o->dbl(g->ec, base, base);
    }
}

/* Fixed window: T[i] = iP for 0 <= i < 2^w; ct: every window adds a masked-scan entry. */
static void mul_window(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits,
                       unsigned w, int ct)
{
    const size_t pl = g->pl, n = (size_t)1 << w;
    gn_limb_t tab[64 * PT], sel[PT];
    g->o->set_inf(g->ec, tab);
    memcpy(tab + pl, p, pl * sizeof(gn_limb_t));
    for (size_t i = 2; i < n; i++) {
        if (i % 2 == 0)
            g->o->dbl(g->ec, tab + i * pl, tab + (i / 2) * pl);
        else if (ct)
            add_ct(g, tab + i * pl, tab + (i - 1) * pl, p);
        else
            add_var(g, tab + i * pl, tab + (i - 1) * pl, p, 1);
    }
    g->o->set_inf(g->ec, acc);
    size_t windows = (nbits + w - 1) / w;
    for (size_t j = windows; j-- > 0;) {
        for (unsigned s = 0; s < w; s++)
            g->o->dbl(g->ec, acc, acc);
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
    gn_memzero(tab, n * pl * sizeof(gn_limb_t));
    gn_memzero(sel, sizeof sel);
}

/* Odd multiples P, 3P, ..., (2^w - 1)P. */
static void odd_multiples(const grp *g, gn_limb_t *tab, const gn_limb_t *p, unsigned w)
{
    const size_t pl = g->pl;
    /* the model's own table (Jacobian: co-Z additions, less than half the products) */
    if (g->o->odd_multiples && !g->o->odd_multiples(g->ec, tab, p, (size_t)1 << (w - 1)))
        return;
    gn_limb_t p2[PT];
    memcpy(tab, p, pl * sizeof(gn_limb_t));
    g->o->dbl(g->ec, p2, p);
    for (size_t i = 1; i < ((size_t)1 << (w - 1)); i++)
        add_var(g, tab + i * pl, tab + (i - 1) * pl, p2, 0);
}

/*
 * Constant-time signed window over Jacobian coordinates for groups of odd order N (h N):
 * the regular recoding of an odd scalar (Joye and Tunstall 2009; Okeya and Takagi 2003)
 * k = 2^(wm) + sum_{i<m} d_i 2^(wi), every d_i odd in [-(2^w - 1), 2^w - 1], so each window
 * adds one of P, 3P, ..., (2^w - 1)P (a table half the size of the unsigned window's)
 * selected by a masked scan and negated by mask. d_i = 2 v_i + 1 - 2^w with v_i the w bits
 * of k from bit wi + 1, since k_i = 2 floor(k / 2^(wi+1)) + 1 in the recoding.
 * An even k is replaced by N - k (odd) and the result negated. The incomplete Jacobian
 * addition (EFD add-1998-cmo-2) fails only when acc = +-d P or acc = O, which for k < N happens
 * in the last windows of a negligible fraction of scalars (and for k = 0); its output then
 * has Z = 0, which is collected in a mask. Returns that mask: the caller recomputes with
 * complete arithmetic, revealing through timing only that such a case occurred (as the
 * co-Z ladder does).
 */
static gn_limb_t mul_window_signed(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k0,
                                   size_t nbits, unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    const size_t pl = g->pl, half = (size_t)1 << (w - 1), t = ec->order_bits;
    gn_limb_t k[SCALAR_LIMBS], kn[SCALAR_LIMBS], tab[32 * PT], sel[PT], nsel[PT];
    reduce_order(ec, k, k0, nbits);
    memset(kn, 0, sizeof kn);
    gn_mp_sub(kn, ec->order, k, GN_EC_ORDER_LIMBS);
    gn_limb_t even = ct_mask_bit((k[0] & 1) ^ 1);
    ct_cmov(even, k, kn, SCALAR_LIMBS);
    odd_multiples(g, tab, p, w);
    gn_limb_t exc = 0;
    memcpy(acc, p, pl * sizeof(gn_limb_t)); /* the top digit is 1 */
    for (size_t i = (t - 1 + w - 1) / w; i-- > 0;) {
        for (unsigned j = 0; j < w; j++)
            g->o->dbl(ec, acc, acc);
        gn_limb_t v = bits_at_ct(k, i * w + 1, w, t);
        gn_limb_t neg = ct_mask_bit((v >> (w - 1)) ^ 1); /* d < 0 */
        gn_limb_t idx = (v ^ (neg & (half - 1))) & (half - 1);
        tab_select(g, sel, tab, half, idx);
        g->o->neg(ec, nsel, sel);
        pt_cmov(g, sel, nsel, neg);
        g->o->add(ec, acc, acc, sel);
        exc |= g->o->is_inf(ec, acc);
    }
    g->o->neg(ec, nsel, acc);
    pt_cmov(g, acc, nsel, even);
    gn_memzero(k, sizeof k);
    gn_memzero(kn, sizeof kn);
    gn_memzero(tab, half * pl * sizeof(gn_limb_t));
    gn_memzero(sel, sizeof sel);
    gn_memzero(nsel, sizeof nsel);
    /* published: an exceptional case depends on k and n alone (P has prime order), occurs for a
     * negligible fraction of scalars, and is answered by a complete recomputation */
    GN_DECLASSIFY(&exc, sizeof exc);
    return exc;
}

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
static void glv_tables(const grp *g, gn_limb_t *t1, gn_limb_t *t2, gn_limb_t *zc, const gn_limb_t *p, unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    const gn_fp_kernel_t *fk = ec->impl->fk;
    const gn_fp_ctx_t *f = &ec->fp;
    const size_t fl = ec->impl->fl, pl = g->pl, half = (size_t)1 << (w - 1);
    gn_limb_t d[PT], pre[32 * GN_FP_ELEM_LIMBS], suf[GN_FP_ELEM_LIMBS], u[GN_FP_ELEM_LIMBS], u2[GN_FP_ELEM_LIMBS];
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
    gn_memzero(d, sizeof d);
    gn_memzero(pre, half * fl * sizeof(gn_limb_t));
    gn_memzero(suf, sizeof suf);
    gn_memzero(u, sizeof u);
    gn_memzero(u2, sizeof u2);
}

/* sel = +-tab[idx] for the window value v of the regular recoding (see mul_window_signed), negated
 * once more where sign is all-ones; tab is affine, so only X and Y are scanned. */
static void glv_select(const grp *g, gn_limb_t *sel, const gn_limb_t *tab, gn_limb_t v, unsigned w, gn_limb_t sign)
{
    const size_t fl = g->ec->impl->fl, pl = g->pl, half = (size_t)1 << (w - 1);
    gn_limb_t nsel[PT], acc[PT];
    gn_limb_t neg = ct_mask_bit((v >> (w - 1)) ^ 1); /* d < 0 */
    gn_limb_t idx = (v ^ (neg & (half - 1))) & (half - 1);
    memcpy(sel, tab, pl * sizeof(gn_limb_t)); /* Z (the same in every entry) */
    if (g->ec->impl->fk->bounded)
        scan_bounded(g, sel, tab, half, pl, 2 * fl, idx);
    else
        scan_w(sel, acc, tab, half, pl, 2 * fl, idx);
    g->o->neg(g->ec, nsel, sel);
    pt_cmov(g, sel, nsel, neg ^ sign);
    gn_memzero(nsel, sizeof nsel);
    gn_memzero(acc, sizeof acc);
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
static gn_limb_t mul_glv(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k0, size_t nbits,
                         unsigned w)
{
    const gn_ec_ctx_t *ec = g->ec;
    const size_t t = ec->glv.bits;
    gn_limb_t k[SCALAR_LIMBS], kh[2][GN_EC_ORDER_LIMBS], sign[2], tab[2][32 * PT], sel[PT], zc[GN_FP_ELEM_LIMBS];
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
    ec->impl->fk->mul(&ec->fp, acc + 2 * ec->impl->fl, acc + 2 * ec->impl->fl, zc); /* back to E */
    gn_memzero(zc, sizeof zc);
    gn_memzero(k, sizeof k);
    gn_memzero(kh, sizeof kh);
    gn_memzero(sign, sizeof sign);
    for (int h = 0; h < 2; h++)
        gn_memzero(tab[h], ((size_t)1 << (w - 1)) * g->pl * sizeof(gn_limb_t));
    gn_memzero(sel, sizeof sel);
    /* published, as in mul_window_signed */
    GN_DECLASSIFY(&exc, sizeof exc);
    return exc;
}

/* Sliding window (HAC 14.85) over the odd multiples; variable time. */
static void mul_sliding(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits,
                        unsigned w)
{
    gn_limb_t tab[32 * PT];
    odd_multiples(g, tab, p, w);
    g->o->set_inf(g->ec, acc);
    for (size_t i = nbits; i > 0;) {
        if (!bit_of(k, i - 1)) {
            g->o->dbl(g->ec, acc, acc);
            i--;
            continue;
        }
        /* the longest window [i - 1, l] of at most w bits ending in a one */
        size_t l = i >= w ? i - w : 0;
        while (!bit_of(k, l))
            l++;
        unsigned d = bits_at(k, l, (unsigned)(i - l), nbits);
        for (size_t s = l; s < i; s++)
            g->o->dbl(g->ec, acc, acc);
        add_var(g, acc, acc, tab + (d / 2) * g->pl, d == 1);
        i = l;
    }
}

/* Width-w NAF (Solinas 2000; HAC 14.7 generalised): digits odd, |d| < 2^(w-1). */
static void mul_wnaf(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k0, size_t nbits,
                     unsigned w)
{
    static const size_t maxd = GN_EC_MAX_SCALAR_BYTES * 8 + 1;
    signed char naf[GN_EC_MAX_SCALAR_BYTES * 8 + 1];
    gn_limb_t k[SCALAR_LIMBS + 1], tab[32 * PT], neg[PT];
    memcpy(k, k0, SCALAR_LIMBS * sizeof(gn_limb_t));
    k[SCALAR_LIMBS] = 0;
    size_t len = 0;
    const long half = 1L << (w - 1), full = 1L << w;
    while (!gn_mp_is_zero(k, SCALAR_LIMBS + 1) && len < maxd) {
        long d = 0;
        if (k[0] & 1) {
            d = (long)(k[0] & (gn_limb_t)(full - 1));
            if (d >= half)
                d -= full;
            if (d > 0)
                gn_mp_sub_limb(k, k, SCALAR_LIMBS + 1, (gn_limb_t)d);
            else
                gn_mp_add_limb(k, k, SCALAR_LIMBS + 1, (gn_limb_t)-d);
        }
        naf[len++] = (signed char)d;
        gn_mp_rshift(k, k, SCALAR_LIMBS + 1, 1);
    }
    (void)nbits;
    odd_multiples(g, tab, p, w - 1 > 0 ? w - 1 : 1);
    g->o->set_inf(g->ec, acc);
    for (size_t i = len; i-- > 0;) {
        g->o->dbl(g->ec, acc, acc);
        int d = naf[i];
        if (d > 0) {
            add_var(g, acc, acc, tab + (size_t)(d / 2) * g->pl, d == 1);
        } else if (d < 0) {
            g->o->neg(g->ec, neg, tab + (size_t)(-d / 2) * g->pl);
            add_var(g, acc, acc, neg, d == -1);
        }
    }
}

/* Montgomery ladder on full points: R1 - R0 = P throughout; constant time. */
static void mul_ladder(const grp *g, gn_limb_t *r0, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t r1[PT];
    g->o->set_inf(g->ec, r0);
    memcpy(r1, p, g->pl * sizeof(gn_limb_t));
    for (size_t i = nbits; i-- > 0;) {
        gn_limb_t m = ct_mask_bit((k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1);
        pt_cswap(g, r0, r1, m);
        add_ct(g, r1, r0, r1);
        g->o->dbl(g->ec, r0, r0);
        pt_cswap(g, r0, r1, m);
    }
    gn_memzero(r1, sizeof r1);
}

/* Straus-Shamir: kP + lQ with P, Q, P + Q; variable time. */
static void mul2(const grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t kbits,
                 const gn_limb_t *q, const gn_limb_t *l, size_t lbits)
{
    gn_limb_t pq[PT];
    add_var(g, pq, p, q, 0);
    size_t nbits = kbits > lbits ? kbits : lbits;
    g->o->set_inf(g->ec, acc);
    for (size_t i = nbits; i-- > 0;) {
        g->o->dbl(g->ec, acc, acc);
        int a = i < kbits && bit_of(k, i), b = i < lbits && bit_of(l, i);
        if (a && b)
            add_var(g, acc, acc, pq, 0);
        else if (a)
            add_var(g, acc, acc, p, 1);
        else if (b)
            add_var(g, acc, acc, q, 1);
    }
}

/* ---------------------------------------------------------------- x-only and co-Z */

static void mul_xonly(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k,
                      size_t nbits)
{
    gn_limb_t lad[4 * GN_FP_ELEM_LIMBS];
    gn_ec_point_t out, inf;
    if (ec->model == GN_EC_MONTGOMERY) {
        ec->impl->mont_ladder(ec, lad, p->x.v, k, nbits, 0);
        ec->impl->mont_yrec(ec, &out, p, lad);
    } else {
        ec->impl->wei_ladder(ec, lad, p->x.v, k, nbits);
        ec->impl->wei_yrec(ec, &out, p, lad);
    }
    /* P of order 2 (y = 0), where the y recovery divides by y and the Montgomery ladder's
     * differential addition degenerates at x = 0: [k]P = P for odd k, else O */
    int y0 = gn_fp_is_zero(&ec->fp, &p->y) & (p->infinity ^ 1);
    int odd = (int)(k[0] & 1);
    gn_fp_cmov(&ec->fp, &out.x, &p->x, y0 & odd);
    gn_fp_cmov(&ec->fp, &out.y, &p->y, y0 & odd);
    out.infinity &= y0 ^ 1;
    /* P = O (the ladder ran on a placeholder x), or y = 0 and k even: the answer is O */
    const int to_inf = (p->infinity & 1) | (y0 & (odd ^ 1));
    gn_ec_set_neutral_aff(ec, &inf);
    gn_fp_cmov(&ec->fp, &out.x, &inf.x, to_inf);
    gn_fp_cmov(&ec->fp, &out.y, &inf.y, to_inf);
    out.infinity |= to_inf;
    *r = out;
    gn_memzero(lad, sizeof lad);
}

/*
 * co-Z ladder: k mod N, then k' = k + N or k + 2N so that k' has exactly bits(N) + 1 bits
 * (its top bit is 1, as the ladder needs) and k' P = k P. An exceptional case (equal x in
 * a co-Z addition, P of order 2, or k = 0 mod N) happens for a negligible fraction of
 * scalars; it is then recomputed by the plain ladder, which reveals through timing only
 * that such a case occurred. Without a known order N (gn_ec_init) there is no such k': the
 * plain ladder over the scalar's own bits serves, a public choice made by the curve.
 */
static void mul_coz(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k,
                    size_t nbits)
{
    gn_limb_t kr[SCALAR_LIMBS], k1[SCALAR_LIMBS], k2[SCALAR_LIMBS], out[3 * GN_FP_ELEM_LIMBS];
    if (!ec->order_exact) {
        grp g;
        gn_limb_t pp[PT], acc[PT];
        grp_init(&g, ec, GN_EC_JACOBIAN);
        g.o->from_aff(ec, pp, p);
        mul_ladder(&g, acc, pp, k, nbits);
        g.o->to_aff(ec, r, acc);
        gn_memzero(acc, sizeof acc);
        return;
    }
    reduce_order(ec, kr, k, nbits);
    memset(k1, 0, sizeof k1);
    memset(k2, 0, sizeof k2);
    gn_mp_add(k1, kr, ec->order, GN_EC_ORDER_LIMBS);
    gn_mp_add(k2, k1, ec->order, GN_EC_ORDER_LIMBS);
    size_t t = ec->order_bits;
    gn_limb_t short1 = ct_mask_bit(((k1[t / GN_LIMB_BITS] >> (t % GN_LIMB_BITS)) & 1) ^ 1);
    ct_cmov(short1, k1, k2, GN_EC_ORDER_LIMBS);
    gn_limb_t exc = ec->impl->coz_ladder(ec, out, p, k1, t + 1);
    exc |= ct_is_zero_n(kr, SCALAR_LIMBS);
    GN_DECLASSIFY(&exc, sizeof exc); /* published, as in mul_window_signed */
    const gn_ec_pt_ops_t *jac = ec->impl->ops[GN_EC_WEIERSTRASS][GN_EC_JACOBIAN];
    if (exc) {
        grp g;
        gn_limb_t pp[PT], acc[PT];
        grp_init(&g, ec, GN_EC_JACOBIAN);
        g.o->from_aff(ec, pp, p);
        mul_ladder(&g, acc, pp, kr, ec->order_bits);
        g.o->to_aff(ec, r, acc);
    } else {
        jac->to_aff(ec, r, out);
    }
    gn_memzero(kr, sizeof kr);
    gn_memzero(k1, sizeof k1);
    gn_memzero(k2, sizeof k2);
    gn_memzero(out, sizeof out);
}

/* -------------------------------------------------------------------------- API */

static int order_is_odd(const gn_ec_ctx_t *ec)
{
    return (int)(ec->order[0] & 1);
}

/* The signed window needs Jacobian Weierstrass arithmetic, a known group order that is odd (it
 * recodes k mod the order), and P != O. */
static int signed_window_applies(const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_point_t *p)
{
    return ec->model == GN_EC_WEIERSTRASS && c == GN_EC_JACOBIAN && ec->order_exact && order_is_odd(ec) &&
           !p->infinity;
}

/* The GLV multiplication (mul_glv) where the curve has an endomorphism (src/ec/glv.c). */
static int glv_applies(const gn_ec_ctx_t *ec)
{
    return ec->glv.on && ec->order_exact;
}

/*
 * The a = -3 curve isomorphic to ec (ec->iso_m3) and P carried over to it by
 * (x, y) -> (u^2 x, u^3 y): there the doublings cost 4M + 4S instead of 1M + 8S + 1D.
 */
static void iso_m3_setup(const gn_ec_ctx_t *ec, gn_ec_ctx_t *iso, grp *g, gn_limb_t *pp, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = &ec->fp;
    *iso = *ec;
    gn_fp_set_u64(f, &iso->a, 3);
    gn_fp_neg(f, &iso->a, &iso->a);
    iso->b = ec->iso_b;
    iso->a_kind = GN_EC_A_MINUS3;
    iso->iso_m3 = 0;
    gn_fp_mul_small(f, &iso->k[0], &iso->b, 3); /* the derived constants of src/ec/ctx.c */
    gn_fp_add(f, &iso->k[1], &iso->b, &iso->b);
    gn_ec_point_t q = *p;
    gn_fp_mul(f, &q.x, &p->x, &ec->iso_u[0]);
    gn_fp_mul(f, &q.y, &p->y, &ec->iso_u[1]);
    grp_init(g, iso, GN_EC_JACOBIAN);
    g->o->from_aff(iso, pp, &q);
}

/* The wNAF on the a = -3 isomorphic curve (variable time, every case handled) */
static void mul_wnaf_iso(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k,
                         size_t nbits, unsigned w)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_ec_ctx_t iso;
    grp g;
    gn_limb_t pp[PT], acc[PT];
    gn_ec_point_t t;
    iso_m3_setup(ec, &iso, &g, pp, p);
    mul_wnaf(&g, acc, pp, k, nbits, w);
    g.o->to_aff(&iso, &t, acc);
    gn_fp_mul(f, &r->x, &t.x, &ec->iso_u[2]);
    gn_fp_mul(f, &r->y, &t.y, &ec->iso_u[3]);
    r->infinity = t.infinity;
}

/*
 * The signed window on the a = -3 isomorphic curve, the result carried back. Returns the
 * exceptional-case mask of mul_window_signed (r is then not written; the caller recomputes on
 * ec itself).
 */
static gn_limb_t mul_window_signed_iso(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p,
                                       const gn_limb_t *k, size_t nbits, unsigned w)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_ec_ctx_t iso;
    grp g;
    gn_limb_t pp[PT], acc[PT];
    iso_m3_setup(ec, &iso, &g, pp, p);
    gn_limb_t exc = mul_window_signed(&g, acc, pp, k, nbits, w);
    if (!exc) {
        gn_ec_point_t t;
        g.o->to_aff(&iso, &t, acc);
        gn_fp_mul(f, &r->x, &t.x, &ec->iso_u[2]);
        gn_fp_mul(f, &r->y, &t.y, &ec->iso_u[3]);
        r->infinity = t.infinity;
        gn_memzero(&t, sizeof t);
    }
    gn_memzero(acc, sizeof acc);
    return exc;
}

gn_ec_coords gn_ec_resolve_coords(const gn_ec_ctx_t *ec, gn_ec_coords c, gn_ec_method m)
{
    if (c != GN_EC_COORDS_DEFAULT)
        return c;
    if (m == GN_EC_METHOD_DEFAULT)
        m = gn_ec_default_method(ec);
    if (m == GN_EC_COZ_LADDER)
        return GN_EC_COZ;
    /* Fastest constant-time choice on odd-order Weierstrass curves (measured: `genus bench`):
     * the signed window in Jacobian coordinates, 4M + 4S doublings for a = -3. */
    if (m == GN_EC_WINDOW && ec->model == GN_EC_WEIERSTRASS && ec->order_exact && order_is_odd(ec))
        return GN_EC_JACOBIAN;
    if (ec->model == GN_EC_MONTGOMERY)
        return m == GN_EC_LADDER ? GN_EC_XZ : GN_EC_AFFINE;
    return gn_ec_default_coords(ec);
}

static unsigned default_window(gn_ec_method m, size_t nbits)
{
    if (m == GN_EC_COMB)
        return 5;
    if (m == GN_EC_WINDOW || m == GN_EC_WINDOW_VAR)
        return nbits > 300 ? 5 : 4;
    return 5;
}

gn_err gn_ec_mul(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *kb, size_t klen, const gn_ec_point_t *p,
                 gn_ec_coords coords, gn_ec_method method, unsigned window)
{
    gn_limb_t k[SCALAR_LIMBS];
    size_t nbits;
    gn_err e;
    if (!ec || !r || !p)
        return GN_ERR_INVALID;
    if (method == GN_EC_METHOD_DEFAULT)
        method = gn_ec_default_method(ec);
    coords = gn_ec_resolve_coords(ec, coords, method);
    if (!gn_ec_supports(ec, coords, method))
        return GN_ERR_UNSUPPORTED;
    if (window == 0)
        window = default_window(method, ec->n_bits ? ec->n_bits : ec->fp.bits);
    if (window < 2 || window > 6)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &nbits, kb, klen)) != GN_OK)
        return e;
    if (method == GN_EC_COMB) { /* a one-off table; keep one with gn_ec_comb_init for repeated use */
        gn_ec_comb_t comb;
        if ((e = gn_ec_comb_init(ec, &comb, p, window, coords)) == GN_OK)
            e = gn_ec_mul_comb(ec, r, &comb, kb, klen);
        gn_memzero(&comb, sizeof comb);
        gn_memzero(k, sizeof k);
        return e;
    }
    if (coords == GN_EC_XZ) {
        mul_xonly(ec, r, p, k, nbits);
    } else if (coords == GN_EC_COZ) {
        mul_coz(ec, r, p, k, nbits);
    } else {
        if (method == GN_EC_WINDOW && ec->iso_m3 && signed_window_applies(ec, coords, p) &&
            !mul_window_signed_iso(ec, r, p, k, nbits, window)) {
            gn_memzero(k, sizeof k);
            return GN_OK;
        }
        if (method == GN_EC_WNAF && coords == GN_EC_JACOBIAN && ec->model == GN_EC_WEIERSTRASS && ec->iso_m3 &&
            !p->infinity) {
            mul_wnaf_iso(ec, r, p, k, nbits, window);
            gn_memzero(k, sizeof k);
            return GN_OK;
        }
        grp g;
        gn_limb_t pp[PT], acc[PT];
        grp_init(&g, ec, coords);
        g.o->from_aff(ec, pp, p);
        switch (method) {
        case GN_EC_L2R: mul_l2r(&g, acc, pp, k, nbits); break;
        case GN_EC_R2L: mul_r2l(&g, acc, pp, k, nbits); break;
        case GN_EC_WINDOW:
            if (!signed_window_applies(ec, coords, p) ||
                (glv_applies(ec) ? mul_glv(&g, acc, pp, k, nbits, window)
                                 : mul_window_signed(&g, acc, pp, k, nbits, window)))
                mul_window(&g, acc, pp, k, nbits, window, 1);
            break;
        case GN_EC_WINDOW_VAR: mul_window(&g, acc, pp, k, nbits, window, 0); break;
        case GN_EC_SLIDING: mul_sliding(&g, acc, pp, k, nbits, window); break;
        case GN_EC_WNAF: mul_wnaf(&g, acc, pp, k, nbits, window); break;
        case GN_EC_LADDER: mul_ladder(&g, acc, pp, k, nbits); break;
        default: return GN_ERR_UNSUPPORTED;
        }
        g.o->to_aff(ec, r, acc);
        gn_memzero(acc, sizeof acc);
    }
    gn_memzero(k, sizeof k);
    return GN_OK;
}

gn_err gn_ec_mul_base(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *k, size_t klen)
{
    return gn_ec_mul(ec, r, k, klen, &ec->g, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
}

gn_err gn_ec_mul2_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *kb, size_t klen, const gn_ec_point_t *p,
                      const uint8_t *lb, size_t llen, const gn_ec_point_t *q)
{
    gn_limb_t k[SCALAR_LIMBS], l[SCALAR_LIMBS], pp[PT], qq[PT], acc[PT];
    size_t kbits, lbits;
    gn_err e;
    if (!ec || !r || !p || !q)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &kbits, kb, klen)) != GN_OK || (e = load_scalar(l, &lbits, lb, llen)) != GN_OK)
        return e;
    grp g;
    grp_init(&g, ec, gn_ec_resolve_coords(ec, GN_EC_COORDS_DEFAULT, GN_EC_L2R));
    g.o->from_aff(ec, pp, p);
    g.o->from_aff(ec, qq, q);
    mul2(&g, acc, pp, k, kbits, qq, l, lbits);
    g.o->to_aff(ec, r, acc);
    return GN_OK;
}

void gn_ec_add_var(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q)
{
    gn_limb_t pp[PT], qq[PT], s[PT];
    grp g;
    grp_init(&g, ec, gn_ec_resolve_coords(ec, GN_EC_COORDS_DEFAULT, GN_EC_L2R));
    g.o->from_aff(ec, pp, p);
    g.o->from_aff(ec, qq, q);
    add_var(&g, s, pp, qq, 0);
    g.o->to_aff(ec, r, s);
}

void gn_ec_add(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_ec_point_t *q)
{
    gn_limb_t pp[PT], qq[PT], s[PT];
    grp g;
    grp_init(&g, ec, gn_ec_resolve_coords(ec, GN_EC_COORDS_DEFAULT, GN_EC_WINDOW));
    g.o->from_aff(ec, pp, p);
    g.o->from_aff(ec, qq, q);
    add_ct(&g, s, pp, qq);
    g.o->to_aff(ec, r, s);
    gn_memzero(pp, sizeof pp);
    gn_memzero(qq, sizeof qq);
    gn_memzero(s, sizeof s);
}

/* ------------------------------------------------------------ fixed-base comb */

gn_err gn_ec_comb_init(const gn_ec_ctx_t *ec, gn_ec_comb_t *comb, const gn_ec_point_t *p, unsigned teeth,
                       gn_ec_coords coords)
{
    if (!ec || !comb || !p)
        return GN_ERR_INVALID;
    if (teeth == 0)
        teeth = 5; /* 6 measured slower: the masked scan of 64 entries outweighs 9 fewer columns */
    coords = gn_ec_resolve_coords(ec, coords, GN_EC_WINDOW);
    if (teeth < 2 || teeth > GN_EC_COMB_MAX_TEETH || !gn_ec_supports(ec, coords, GN_EC_WINDOW))
        return GN_ERR_UNSUPPORTED;
    grp g;
    grp_init(&g, ec, coords);
    comb->teeth = teeth;
    /* the scalar is reduced by the order when it is known, else taken whole (gn_ec_mul_comb) */
    comb->bits = ec->order_exact ? ec->order_bits : 8 * GN_EC_MAX_SCALAR_BYTES;
    comb->span = (unsigned)((comb->bits + teeth - 1) / teeth);
    comb->coords = coords;
    /* T[j] = sum over the set bits i of j of 2^(i span) P */
    gn_limb_t base[PT];
    g.o->from_aff(ec, base, p);
    g.o->set_inf(ec, comb->tab);
    for (unsigned i = 0; i < teeth; i++) {
        size_t lo = (size_t)1 << i;
        for (size_t j = 0; j < lo; j++)
            add_var(&g, comb->tab + (lo + j) * g.pl, comb->tab + j * g.pl, base, 0);
        for (unsigned s = 0; s < comb->span; s++)
            g.o->dbl(ec, base, base);
    }
    /* Jacobian on an odd-order Weierstrass curve: entries with Z = 1 let each column cost a
     * doubling and a mixed addition (see comb_jacobian_affine); public data, variable time. */
    comb->affine = 0;
    if (signed_window_applies(ec, coords, p)) {
        size_t n = (size_t)1 << teeth;
        comb->affine = 1;
        for (size_t j = 1; j < n; j++) {
            gn_ec_point_t a;
            gn_limb_t *t = comb->tab + j * g.pl;
            g.o->to_aff(ec, &a, t);
            if (a.infinity) /* a multiple of p vanished (tiny groups): the general path serves */
                comb->affine = 0;
            g.o->from_aff(ec, t, &a);
        }
    }
    return GN_OK;
}

/*
 * The comb with an affine table in Jacobian coordinates: per column a doubling and a mixed
 * addition (EFD madd-2007-bl) of the masked selection, kept only when the column's digit is
 * nonzero; the first nonzero digit loads its entry instead. The incomplete mixed addition
 * fails only when acc = +-T[d] (or acc = O after a cancellation), which random scalars meet
 * with negligible probability; its Z = 0 output is collected in a mask, returned for the
 * caller to recompute with complete arithmetic (as mul_window_signed).
 */
static gn_limb_t comb_jacobian_affine(const grp *g, const gn_ec_comb_t *comb, gn_limb_t *acc, const gn_limb_t *kr)
{
    const gn_ec_ctx_t *ec = g->ec;
    const size_t n = (size_t)1 << comb->teeth;
    gn_limb_t sel[PT], s[PT], started = 0, exc = 0;
    g->o->set_inf(ec, acc);
    for (size_t col = comb->span; col-- > 0;) {
        g->o->dbl(ec, acc, acc);
        gn_limb_t d = 0;
        for (unsigned i = 0; i < comb->teeth; i++) {
            size_t b = (size_t)i * comb->span + col;
            if (b < comb->bits)
                d |= ((kr[b / GN_LIMB_BITS] >> (b % GN_LIMB_BITS)) & 1) << i;
        }
        memcpy(sel, comb->tab + g->pl, g->pl * sizeof(gn_limb_t));
        for (size_t j = 2; j < n; j++)
            pt_cmov(g, sel, comb->tab + j * g->pl, ct_eq(d, (gn_limb_t)j));
        gn_limb_t nz = ct_is_nonzero(d);
        g->o->madd(ec, s, acc, sel);
        exc |= nz & started & g->o->is_inf(ec, s);
        pt_cmov(g, s, sel, ~started);
        pt_cmov(g, acc, s, nz);
        started |= nz;
    }
    gn_memzero(sel, sizeof sel);
    gn_memzero(s, sizeof s);
    GN_DECLASSIFY(&exc, sizeof exc); /* published, as in mul_window_signed */
    return exc;
}

gn_err gn_ec_mul_comb(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_comb_t *comb, const uint8_t *kb,
                      size_t klen)
{
    gn_limb_t k[SCALAR_LIMBS], kr[SCALAR_LIMBS], acc[PT], sel[PT];
    size_t nbits;
    gn_err e;
    if (!ec || !r || !comb)
        return GN_ERR_INVALID;
    if ((e = load_scalar(k, &nbits, kb, klen)) != GN_OK)
        return e;
    if (ec->order_exact)
        reduce_order(ec, kr, k, nbits);
    else
        memcpy(kr, k, sizeof kr);
    grp g;
    grp_init(&g, ec, comb->coords);
    const size_t n = (size_t)1 << comb->teeth;
    if (comb->affine && !comb_jacobian_affine(&g, comb, acc, kr)) {
        g.o->to_aff(ec, r, acc);
        gn_memzero(k, sizeof k);
        gn_memzero(kr, sizeof kr);
        gn_memzero(acc, sizeof acc);
        return GN_OK;
    }
    g.o->set_inf(ec, acc);
    for (size_t col = comb->span; col-- > 0;) {
        g.o->dbl(ec, acc, acc);
        gn_limb_t d = 0;
        for (unsigned i = 0; i < comb->teeth; i++) {
            size_t b = (size_t)i * comb->span + col;
            if (b < comb->bits)
                d |= ((kr[b / GN_LIMB_BITS] >> (b % GN_LIMB_BITS)) & 1) << i;
        }
        memcpy(sel, comb->tab, g.pl * sizeof(gn_limb_t));
        for (size_t j = 1; j < n; j++)
            pt_cmov(&g, sel, comb->tab + j * g.pl, ct_eq(d, (gn_limb_t)j));
        add_ct(&g, acc, acc, sel);
    }
    g.o->to_aff(ec, r, acc);
    gn_memzero(k, sizeof k);
    gn_memzero(kr, sizeof kr);
    gn_memzero(acc, sizeof acc);
    gn_memzero(sel, sizeof sel);
    return GN_OK;
}
