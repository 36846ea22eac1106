/*
 * Bit-by-bit methods: double-and-add (both directions), the Montgomery ladder on full points,
 * Straus-Shamir for two scalars, and the model's own x-only and co-Z ladders with their
 * recoveries and exceptional cases.
 */
#include "scalar/scalar_internal.h"
#include "scalar/ladder.h"

#include "genus/mp.h"
#include "util/ct.h"

void mul_l2r(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    g->o->set_inf(g->ctx, acc);
    mul_l2r_more(g, acc, p, k, nbits);
}

void mul_l2r_more(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    for (size_t i = nbits; i-- > 0;) {
        g->o->dbl(g->ctx, acc, acc);
        if (bit_of(k, i))
            add_var(g, acc, acc, p, 1);
    }
}

void mul_r2l(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t *mark = g->ws, *base = pt_take(g, 1);
    memcpy(base, p, g->pl * sizeof(gn_limb_t));
    g->o->set_inf(g->ctx, acc);
    for (size_t i = 0; i < nbits; i++) {
        if (bit_of(k, i))
            add_var(g, acc, acc, base, 0);
        g->o->dbl(g->ctx, base, base);
    }
    pt_release(g, mark);
}

/* The full-point ladder's swap and step (ladder.h); the context is the group view, which the
 * additions take scratch from. */
static void full_swap(const void *c, void *r0, void *r1, gn_limb_t m)
{
    pt_cswap(c, r0, r1, m);
}

static void full_step(const void *c, void *r0, void *r1, const void *diff)
{
    grp *g = (grp *)c; /* the caller's own, writable view */
    (void)diff;        /* the additions are not differential */
    add_ct(g, r1, r0, r1);
    g->o->dbl(g->ctx, r0, r0);
}

/* Montgomery ladder on full points: R1 - R0 = P throughout; constant time. */
void mul_ladder(grp *g, gn_limb_t *r0, const gn_limb_t *p, const gn_limb_t *k, size_t nbits)
{
    gn_limb_t *mark = g->ws, *r1 = pt_take(g, 1);
    g->o->set_inf(g->ctx, r0);
    memcpy(r1, p, g->pl * sizeof(gn_limb_t));
    gn_ladder_bits(g, full_swap, full_step, r0, r1, p, k, nbits, 0);
    pt_release(g, mark);
}

/* Straus-Shamir: kP + lQ with P, Q, P + Q; variable time. */
void mul2(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t kbits, const gn_limb_t *q,
          const gn_limb_t *l, size_t lbits)
{
    gn_limb_t *mark = g->ws, *pq = pt_take(g, 1);
    add_var(g, pq, p, q, 0);
    size_t nbits = kbits > lbits ? kbits : lbits;
    g->o->set_inf(g->ctx, acc);
    for (size_t i = nbits; i-- > 0;) {
        g->o->dbl(g->ctx, acc, acc);
        int a = i < kbits && bit_of(k, i), b = i < lbits && bit_of(l, i);
        if (a && b)
            add_var(g, acc, acc, pq, 0);
        else if (a)
            add_var(g, acc, acc, p, 1);
        else if (b)
            add_var(g, acc, acc, q, 1);
    }
    pt_release(g, mark);
}

/* ---------------------------------------------------------------- x-only and co-Z */

void mul_xonly(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k, size_t nbits)
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
    gn_memzero(&out, sizeof out);
}

typedef struct {
    const gn_ec_ctx_t *ec;
    gn_ec_point_t *r;
    const gn_ec_point_t *p;
    const gn_limb_t *k;
    size_t nbits;
} ladder_job_t;

static void ladder_job(void *arg, gn_limb_t *ws, size_t n)
{
    const ladder_job_t *j = arg;
    grp g;
    grp_init(&g, j->ec, GN_EC_JACOBIAN, NULL, ws, n);
    gn_limb_t *pp = pt_take(&g, 1), *acc = pt_take(&g, 1);
    g.eo->from_aff(j->ec, pp, j->p);
    mul_ladder(&g, acc, pp, j->k, j->nbits);
    g.eo->to_aff(j->ec, j->r, acc);
    grp_wipe(&g);
}

/* [k] P by the ladder on full Jacobian points (the co-Z ladder's fallback). */
static void mul_ladder_jacobian(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k,
                                size_t nbits)
{
    ladder_job_t j = {ec, r, p, k, nbits};
    scalar_with_scratch(ec, ladder_job, &j);
}

/*
 * co-Z ladder: k mod N, then k' = k + N or k + 2N so that k' has exactly bits(N) + 1 bits
 * (its top bit is 1, as the ladder needs) and k' P = k P. An exceptional case (equal x in
 * a co-Z addition, P of order 2, or k = 0 mod N) happens for a negligible fraction of
 * scalars; it is then recomputed by the plain ladder, which reveals through timing only
 * that such a case occurred. Without a known order N (gn_ec_init) there is no such k': the
 * plain ladder over the scalar's own bits serves, a public choice made by the curve.
 */
void mul_coz(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k, size_t nbits)
{
    if (!ec->order_exact) {
        mul_ladder_jacobian(ec, r, p, k, nbits);
        return;
    }
    gn_limb_t kr[GN_EC_ORDER_LIMBS], k1[GN_EC_ORDER_LIMBS], k2[GN_EC_ORDER_LIMBS], out[3 * GN_FP_ELEM_LIMBS];
    reduce_order(ec, kr, k, nbits);
    memset(k1, 0, sizeof k1);
    memset(k2, 0, sizeof k2);
    gn_mp_add(k1, kr, ec->order, GN_EC_ORDER_LIMBS);
    gn_mp_add(k2, k1, ec->order, GN_EC_ORDER_LIMBS);
    size_t t = ec->order_bits;
    gn_limb_t short1 = ct_mask_bit(((k1[t / GN_LIMB_BITS] >> (t % GN_LIMB_BITS)) & 1) ^ 1);
    ct_cmov(short1, k1, k2, GN_EC_ORDER_LIMBS);
    gn_limb_t exc = ec->impl->coz_ladder(ec, out, p, k1, t + 1);
    exc |= ct_is_zero_n(kr, GN_EC_ORDER_LIMBS);
    GN_DECLASSIFY(&exc, sizeof exc); /* published, as in mul_window_signed */
    if (exc)
        mul_ladder_jacobian(ec, r, p, kr, ec->order_bits);
    else
        ec->ops[GN_EC_JACOBIAN]->to_aff(ec, r, out);
    gn_memzero(kr, sizeof kr);
    gn_memzero(k1, sizeof k1);
    gn_memzero(k2, sizeof k2);
    gn_memzero(out, sizeof out);
}
