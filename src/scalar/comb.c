/*
 * The fixed-base comb (Lim and Lee 1994; HMV Algorithm 3.44): T[j] = sum over the set bits i of
 * j of 2^(i span) P; per column one doubling and one addition of the masked selection of T.
 * The table is the caller's (gn_ec_comb_t) or, for a one-off gn_ec_mul, scratch.
 */
#include "scalar/scalar_internal.h"

#include "util/ct.h"

void comb_build(grp *g, comb_view_t *c, const gn_ec_point_t *p, int want_affine)
{
    const gn_ec_ctx_t *ec = g->ec;
    gn_limb_t *mark = g->ws, *base = pt_take(g, 1);
    g->eo->from_aff(ec, base, p);
    g->o->set_inf(ec, c->tab);
    for (unsigned i = 0; i < c->teeth; i++) {
        size_t lo = (size_t)1 << i;
        for (size_t j = 0; j < lo; j++)
            add_var(g, c->tab + (lo + j) * g->pl, c->tab + j * g->pl, base, 0);
        for (unsigned s = 0; s < c->span; s++)
            g->o->dbl(ec, base, base);
    }
    pt_release(g, mark);
    /* Jacobian on an odd-order Weierstrass curve: entries with Z = 1 let each column cost a
     * doubling and a mixed addition (see comb_affine); public data, variable time. */
    c->affine = 0;
    if (!want_affine)
        return;
    size_t n = (size_t)1 << c->teeth;
    c->affine = 1;
    for (size_t j = 1; j < n; j++) {
        gn_ec_point_t a;
        gn_limb_t *t = c->tab + j * g->pl;
        g->eo->to_aff(ec, &a, t);
        if (a.infinity) /* a multiple of p vanished (tiny groups): the general path serves */
            c->affine = 0;
        g->eo->from_aff(ec, t, &a);
    }
}

/* The column digit: bit col of each tooth's span. */
static gn_limb_t comb_digit(const comb_view_t *c, const gn_limb_t *kr, size_t col)
{
    gn_limb_t d = 0;
    for (unsigned i = 0; i < c->teeth; i++) {
        size_t b = (size_t)i * c->span + col;
        if (b < c->bits)
            d |= ((kr[b / GN_LIMB_BITS] >> (b % GN_LIMB_BITS)) & 1) << i;
    }
    return d;
}

/*
 * The comb with an affine table in Jacobian coordinates: per column a doubling and a mixed
 * addition (EFD madd-2007-bl) of the masked selection, kept only when the column's digit is
 * nonzero; the first nonzero digit loads its entry instead. The incomplete mixed addition
 * fails only when acc = +-T[d] (or acc = O after a cancellation), which random scalars meet
 * with negligible probability; its Z = 0 output is collected in a mask, returned for the
 * caller to recompute with complete arithmetic (as mul_window_signed).
 */
static gn_limb_t comb_affine(grp *g, const comb_view_t *c, gn_limb_t *acc, const gn_limb_t *kr)
{
    const gn_ec_ctx_t *ec = g->ec;
    const size_t n = (size_t)1 << c->teeth;
    gn_limb_t *mark = g->ws, *sel = pt_take(g, 1), *s = pt_take(g, 1), started = 0, exc = 0;
    g->o->set_inf(ec, acc);
    for (size_t col = c->span; col-- > 0;) {
        g->o->dbl(ec, acc, acc);
        gn_limb_t d = comb_digit(c, kr, col);
        memcpy(sel, c->tab + g->pl, g->pl * sizeof(gn_limb_t));
        for (size_t j = 2; j < n; j++)
            pt_cmov(g, sel, c->tab + j * g->pl, ct_eq(d, (gn_limb_t)j));
        exc |= madd_masked(g, acc, s, sel, ct_is_nonzero(d), &started, 1);
    }
    pt_release(g, mark);
    GN_DECLASSIFY(&exc, sizeof exc); /* published, as in mul_window_signed */
    return exc;
}

void comb_mul(grp *g, gn_limb_t *acc, const comb_view_t *c, const gn_limb_t *kr)
{
    if (c->affine && !comb_affine(g, c, acc, kr))
        return;
    const size_t n = (size_t)1 << c->teeth;
    gn_limb_t *mark = g->ws, *sel = pt_take(g, 1);
    g->o->set_inf(g->ctx, acc);
    for (size_t col = c->span; col-- > 0;) {
        g->o->dbl(g->ctx, acc, acc);
        gn_limb_t d = comb_digit(c, kr, col);
        memcpy(sel, c->tab, g->pl * sizeof(gn_limb_t));
        for (size_t j = 1; j < n; j++)
            pt_cmov(g, sel, c->tab + j * g->pl, ct_eq(d, (gn_limb_t)j));
        add_ct(g, acc, acc, sel);
    }
    pt_release(g, mark);
}
