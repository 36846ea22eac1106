/*
 * Genus-2 Jacobians: the curve context, elements (comparison, negation, encoding), and the
 * group operations on the explicit formulas with Cantor's algorithm as fallback (the scalar
 * multiplications are in mul.c).
 */
#include <string.h>

#include "genus/mp.h"
#include "g2/g2_internal.h"
#include "util/ct.h"

extern const gn_g2_impl_t gn_g2_impl_generic, gn_g2_impl_p1271;

const gn_g2_impl_t *gn_g2_impl_for(const gn_fp_kernel_t *fk)
{
    static const gn_g2_impl_t *const impls[] = {&gn_g2_impl_generic, &gn_g2_impl_p1271};
    for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++)
        if (impls[i]->fk == fk)
            return impls[i];
    return NULL;
}

/*
 * deg f = 6: split when f6 = s^2. inf+ is the point where y / x^3 -> s for the even root s (a
 * fixed choice, so that n is well defined), and V+ = s x^3 + a2 x^2 + a1 x + a0 the polynomial
 * part of the expansion of y there: deg(f - V+^2) <= 2 fixes a2, a1, a0 from the top down
 * (GHM 2008, section 2).
 */
static void init_split(gn_g2_ctx_t *g)
{
    const gn_fp_ctx_t *f = &g->fp;
    gn_fp_t s, t, w, *a = g->vplus;
    uint8_t b[GN_FP_MAX_BITS / 8];
    g->split = gn_fp_legendre_var(f, &g->f[6]) == 1 && gn_fp_sqrt(f, &s, &g->f[6]) == GN_OK;
    if (!g->split)
        return;
    gn_fp_encode(f, b, &s);
    if (b[gn_fp_bytes(f) - 1] & 1)
        gn_fp_neg(f, &s, &s);
    gn_fp_add(f, &t, &s, &s);
    if (gn_fp_inv_var(f, &t, &t) != GN_OK) /* s != 0: f6 != 0 */
        return;
    a[3] = s;
    gn_fp_mul(f, &a[2], &g->f[5], &t);
    gn_fp_sqr(f, &w, &a[2]);
    gn_fp_sub(f, &w, &g->f[4], &w);
    gn_fp_mul(f, &a[1], &w, &t);
    gn_fp_mul(f, &w, &a[2], &a[1]);
    gn_fp_add(f, &w, &w, &w);
    gn_fp_sub(f, &w, &g->f[3], &w);
    gn_fp_mul(f, &a[0], &w, &t);
}

gn_err gn_g2_init(gn_g2_ctx_t *g, const gn_fp_ctx_t *fp, const gn_fp_t *f, size_t nf)
{
    if (!g || !fp || !f || nf < 6 || nf > 7)
        return GN_ERR_INVALID;
    memset(g, 0, sizeof *g);
    gn_fp_t *c = g->f;
    for (size_t i = 0; i < 7; i++)
        if (i < nf)
            c[i] = f[i];
        else
            gn_fp_set_zero(fp, &c[i]);
    unsigned deg = gn_fp_is_zero(fp, &c[6]) ? 5 : 6;
    if (deg == 5 && gn_fp_is_zero(fp, &c[5]))
        return GN_ERR_UNSUPPORTED;
    g->fp = *fp;
    g->impl = gn_g2_impl_for(fp->kern);
    if (!g->impl) { /* the same prime on the generic kernel; coefficients carried as integers */
        uint8_t pb[GN_FP_MAX_BITS / 8];
        gn_err e;
        if ((e = gn_mp_to_bytes_be(pb, sizeof pb, fp->p, fp->n)) != GN_OK ||
            (e = gn_fp_init_kernel(&g->fp, pb, sizeof pb, GN_FP_KERNEL_GENERIC)) != GN_OK)
            return e;
        g->fp.counts = fp->counts;
        for (size_t i = 0; i < 7; i++)
            if ((e = gn_fp_rekernel(&g->fp, &c[i], fp, &c[i])) != GN_OK)
                return e;
        g->impl = &gn_g2_impl_generic;
    }
    if (!gn_g2_squarefree_var(&g->fp, c, deg + 1))
        return GN_ERR_SINGULAR;
    g->deg = deg;
    if (deg == 6)
        init_split(g);
    return GN_OK;
}

gn_err gn_g2_carry(gn_g2_ctx_t *c, const gn_g2_ctx_t *g, const gn_g2_impl_t *impl)
{
    gn_err e = GN_OK;
    c->impl = impl;
    c->deg = g->deg;
    c->split = g->split;
    for (size_t i = 0; i < 7 + 4 && e == GN_OK; i++)
        e = i < 7 ? gn_fp_rekernel(&c->fp, &c->f[i], &g->fp, &g->f[i])
                  : gn_fp_rekernel(&c->fp, &c->vplus[i - 7], &g->fp, &g->vplus[i - 7]);
    return e;
}

void gn_g2_identity(const gn_g2_ctx_t *g, gn_g2_elem_t *r)
{
    for (size_t i = 0; i < 4; i++)
        gn_fp_set_zero(&g->fp, &r->c[i]);
    r->deg = 0;
    r->n = g->split ? 1 : 0; /* inf+ + inf- - D_inf */
}

int gn_g2_is_identity(const gn_g2_ctx_t *g, const gn_g2_elem_t *a)
{
    return a->deg == 0 && a->n == (g->split ? 1u : 0u);
}

int gn_g2_eq(const gn_g2_ctx_t *g, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    int eq = a->deg == b->deg && a->n == b->n;
    for (size_t i = 0; i < 4; i++)
        eq &= gn_fp_eq(&g->fp, &a->c[i], &b->c[i]);
    return eq;
}

void gn_g2_neg(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a)
{
    *r = *a;
    gn_fp_neg(&g->fp, &r->c[2], &a->c[2]);
    gn_fp_neg(&g->fp, &r->c[3], &a->c[3]);
    if (g->split) /* the hyperelliptic involution swaps inf+ and inf- */
        r->n = 2 - a->deg - a->n;
}

void gn_g2_to_limbs(const gn_g2_ctx_t *g, gn_limb_t *e, const gn_g2_elem_t *a)
{
    size_t fl = g->impl->fl;
    for (size_t i = 0; i < 4; i++)
        memcpy(e + i * fl, a->c[i].v, fl * sizeof(gn_limb_t));
    e[4 * fl] = ct_mask_bit((gn_limb_t)(a->deg == 0));
}

void gn_g2_from_limbs(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_limb_t *e)
{
    size_t fl = g->impl->fl;
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < 4; i++)
        memcpy(r->c[i].v, e + i * fl, fl * sizeof(gn_limb_t));
    r->deg = (unsigned)(2 & ~e[4 * fl]); /* no branch: the formulas keep the neutral element at zeros */
}

/* deg 2 or neutral on a degree-5 curve: what the explicit formulas take */
static int general(const gn_g2_ctx_t *g, const gn_g2_elem_t *a)
{
    return g->deg == 5 && a->deg != 1;
}

gn_err gn_g2_add_explicit(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    gn_limb_t ea[GN_G2_EL_LIMBS], eb[GN_G2_EL_LIMBS], er[GN_G2_EL_LIMBS];
    if (!general(g, a) || !general(g, b))
        return GN_ERR_UNSUPPORTED;
    gn_g2_to_limbs(g, ea, a);
    gn_g2_to_limbs(g, eb, b);
    if (g->impl->grp.add(g, er, ea, eb))
        return GN_ERR_UNSUPPORTED;
    gn_g2_from_limbs(g, r, er);
    return GN_OK;
}

gn_err gn_g2_dbl_explicit(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a)
{
    gn_limb_t ea[GN_G2_EL_LIMBS], er[GN_G2_EL_LIMBS];
    if (!general(g, a))
        return GN_ERR_UNSUPPORTED;
    gn_g2_to_limbs(g, ea, a);
    if (g->impl->grp.dbl(g, er, ea))
        return GN_ERR_UNSUPPORTED;
    gn_g2_from_limbs(g, r, er);
    return GN_OK;
}

void gn_g2_add(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a, const gn_g2_elem_t *b)
{
    if (gn_g2_add_explicit(g, r, a, b) != GN_OK)
        gn_g2_add_var(g, r, a, b);
}

void gn_g2_dbl(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_g2_elem_t *a)
{
    if (gn_g2_dbl_explicit(g, r, a) != GN_OK)
        gn_g2_add_var(g, r, a, a);
}

size_t gn_g2_encoded_bytes(const gn_g2_ctx_t *g)
{
    return 1 + 4 * gn_fp_bytes(&g->fp);
}

void gn_g2_encode(const gn_g2_ctx_t *g, uint8_t *out, const gn_g2_elem_t *a)
{
    size_t n = gn_fp_bytes(&g->fp);
    out[0] = (uint8_t)(a->deg + 4 * a->n);
    for (size_t i = 0; i < 4; i++)
        gn_fp_encode(&g->fp, out + 1 + i * n, &a->c[i]);
}

gn_err gn_g2_decode(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *in, size_t len)
{
    if (!g || !r || !in)
        return GN_ERR_INVALID;
    size_t n = gn_fp_bytes(&g->fp);
    if (len != 1 + 4 * n)
        return GN_ERR_INVALID;
    if ((in[0] & 3) > 2 || in[0] > 10)
        return GN_ERR_ENCODING;
    gn_g2_elem_t e;
    e.deg = in[0] & 3;
    e.n = in[0] >> 2;
    for (size_t i = 0; i < 4; i++)
        if (gn_fp_decode(&g->fp, &e.c[i], in + 1 + i * n, n) != GN_OK)
            return GN_ERR_ENCODING;
    gn_err err = gn_g2_check(g, &e);
    if (err == GN_ERR_INVALID)
        return GN_ERR_ENCODING;
    if (err != GN_OK)
        return err;
    *r = e;
    return GN_OK;
}
