/*
 * Kummer surfaces: the context (derived constants of Gaudry 2007 and of the squared model of
 * "Kummer strikes back"), and the public operations over the instantiated formulas.
 */
#include <string.h>

#include "genus/mp.h"
#include "kummer/kummer_internal.h"
#include "util/ct.h"

extern const gn_kummer_impl_t gn_kummer_impl_generic, gn_kummer_impl_p1271;

const gn_kummer_impl_t *gn_kummer_impl_for(const gn_fp_kernel_t *fk)
{
    static const gn_kummer_impl_t *const impls[] = {&gn_kummer_impl_generic, &gn_kummer_impl_p1271};
    for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++)
        if (impls[i]->fk == fk)
            return impls[i];
    return NULL;
}

/* The field of ku: fp itself when formulas are compiled for its kernel, else the same prime
 * on the generic kernel; the constants are carried over as integers. */
static gn_err adopt_field(gn_kummer_ctx_t *ku, const gn_fp_ctx_t *fp, gn_fp_t c[4])
{
    ku->fp = *fp;
    ku->impl = gn_kummer_impl_for(fp->kern);
    if (ku->impl)
        return GN_OK;
    uint8_t pb[GN_FP_MAX_BITS / 8];
    gn_err e;
    if ((e = gn_mp_to_bytes_be(pb, sizeof pb, fp->p, fp->n)) != GN_OK)
        return e;
    if ((e = gn_fp_init_trusted(&ku->fp, pb, sizeof pb, GN_FP_KERNEL_GENERIC)) != GN_OK) /* fp's prime */
        return e;
    ku->fp.counts = fp->counts;
    for (size_t i = 0; i < 4; i++)
        if ((e = gn_fp_rekernel(&ku->fp, &c[i], fp, &c[i])) != GN_OK)
            return e;
    ku->impl = &gn_kummer_impl_generic;
    return GN_OK;
}

gn_err gn_kummer_carry(gn_kummer_ctx_t *c, const gn_kummer_ctx_t *ku, const gn_kummer_impl_t *impl)
{
    gn_fp_t *dst[] = {c->theta, c->mu, c->muhat, c->epshat.v, c->eps.v, &c->E, &c->F, &c->G, &c->H, &c->K};
    const gn_fp_t *src[] = {ku->theta, ku->mu, ku->muhat, ku->epshat.v, ku->eps.v, &ku->E, &ku->F, &ku->G, &ku->H, &ku->K};
    gn_err e = GN_OK;
    c->impl = impl;
    c->model = ku->model;
    memcpy(c->epshat.small, ku->epshat.small, sizeof c->epshat.small);
    memcpy(c->epshat.neg, ku->epshat.neg, sizeof c->epshat.neg);
    memcpy(c->eps.small, ku->eps.small, sizeof c->eps.small);
    memcpy(c->eps.neg, ku->eps.neg, sizeof c->eps.neg);
    for (size_t i = 0; i < sizeof dst / sizeof dst[0] && e == GN_OK; i++)
        for (size_t j = 0; j < (i < 5 ? 4u : 1u) && e == GN_OK; j++)
            e = gn_fp_rekernel(&c->fp, &dst[i][j], &ku->fp, &src[i][j]);
    return e;
}

/* |a| and its sign when a = +-s with s < 2^31, else 0. */
static uint32_t lift_small(const gn_fp_ctx_t *f, const gn_fp_t *a, int *neg)
{
    gn_limb_t t[GN_FP_MAX_LIMBS] = {0}, u[GN_FP_MAX_LIMBS] = {0};
    gn_fp_get_mp(f, t, GN_FP_MAX_LIMBS, a);
    gn_mp_sub(u, f->p, t, f->n);
    for (int pass = 0; pass < 2; pass++) {
        const gn_limb_t *x = pass ? u : t;
        if (gn_mp_bits_var(x, f->n) <= 31) {
            *neg = pass;
            return (uint32_t)x[0];
        }
    }
    return 0;
}

/* r = 1/a, 0 for a = 0 (the kernel's constant-time inversion, whose mask nobody needs here). */
static void inv0(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t *a)
{
    (void)f->kern->inv(f, r->v, a->v);
}

static uint32_t gcd_u32(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/*
 * The projective constants v as a scaling: small signed integers (divided by their gcd) when
 * all four are small, else scaled so that the first is 1 (one multiplication less).
 */
static void make_scale(const gn_fp_ctx_t *f, gn_kummer_scale_t *s, const gn_fp_t v[4])
{
    int neg[4];
    uint32_t g = 0;
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < 4; i++) {
        s->small[i] = lift_small(f, &v[i], &neg[i]);
        g = gcd_u32(g, s->small[i]);
    }
    if (s->small[0] && s->small[1] && s->small[2] && s->small[3]) {
        /* -v is the same projective point: keep the sign pattern with fewer negations */
        if (neg[0] + neg[1] + neg[2] + neg[3] > 2)
            for (size_t i = 0; i < 4; i++)
                neg[i] ^= 1;
        for (size_t i = 0; i < 4; i++) {
            s->small[i] /= g;
            s->neg[i] = (uint8_t)neg[i];
            gn_fp_set_u64(f, &s->v[i], s->small[i]);
            if (neg[i])
                gn_fp_neg(f, &s->v[i], &s->v[i]);
        }
        return;
    }
    gn_fp_t inv;
    inv0(f, &inv, &v[0]); /* v[0] != 0: checked by the caller */
    for (size_t i = 0; i < 4; i++) {
        gn_fp_mul(f, &s->v[i], &v[i], &inv);
        s->small[i] = 0;
    }
    s->small[0] = 1;
}

static void hadamard(const gn_fp_ctx_t *f, gn_fp_t r[4], const gn_fp_t p[4])
{
    gn_fp_t s0, s1, d0, d1;
    gn_fp_add(f, &s0, &p[0], &p[1]);
    gn_fp_add(f, &s1, &p[2], &p[3]);
    gn_fp_sub(f, &d0, &p[0], &p[1]);
    gn_fp_sub(f, &d1, &p[2], &p[3]);
    gn_fp_add(f, &r[0], &s0, &s1);
    gn_fp_sub(f, &r[1], &s0, &s1);
    gn_fp_add(f, &r[2], &d0, &d1);
    gn_fp_sub(f, &r[3], &d0, &d1);
}

/* r_i = the product of the three v_j, j != i: proportional to (1/v_0 : ... : 1/v_3). */
static void inverses_projective(const gn_fp_ctx_t *f, gn_fp_t r[4], const gn_fp_t v[4])
{
    for (size_t i = 0; i < 4; i++) {
        gn_fp_set_one(f, &r[i]);
        for (size_t j = 0; j < 4; j++)
            if (j != i)
                gn_fp_mul(f, &r[i], &r[i], &v[j]);
    }
}

/* r = (x0^2 + s1 x1^2 + s2 x2^2 + s3 x3^2) / d with signs s = +-1 (Gaudry's F, G, H). */
static void ratio(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t sq[4], int s1, int s2, int s3, const gn_fp_t *dinv)
{
    gn_fp_t t;
    const int sg[4] = {1, s1, s2, s3};
    gn_fp_sqr(f, r, &sq[0]);
    for (size_t i = 1; i < 4; i++) {
        gn_fp_sqr(f, &t, &sq[i]);
        (sg[i] > 0 ? gn_fp_add : gn_fp_sub)(f, r, r, &t);
    }
    gn_fp_mul(f, r, r, dinv);
}

gn_err gn_kummer_init(gn_kummer_ctx_t *ku, const gn_fp_ctx_t *fp, gn_kummer_model model, const gn_fp_t consts[4])
{
    if (!ku || !fp || !consts || (model != GN_KUMMER_SQUARED && model != GN_KUMMER_THETA))
        return GN_ERR_INVALID;
    memset(ku, 0, sizeof *ku);
    gn_fp_t c[4], d[3], t, u;
    memcpy(c, consts, sizeof c);
    gn_err e = adopt_field(ku, fp, c);
    if (e != GN_OK)
        return e;
    const gn_fp_ctx_t *f = &ku->fp;
    ku->model = model;
    for (size_t i = 0; i < 4; i++) {
        if (gn_fp_is_zero(f, &c[i]))
            return GN_ERR_SINGULAR;
        if (model == GN_KUMMER_THETA) {
            ku->theta[i] = c[i];
            gn_fp_sqr(f, &ku->mu[i], &c[i]);
        } else {
            ku->mu[i] = c[i];
        }
    }
    const gn_fp_t *m = ku->mu;
    hadamard(f, ku->muhat, m);
    /* the denominators of F, G, H: a^2 d^2 - b^2 c^2, a^2 c^2 - b^2 d^2, a^2 b^2 - c^2 d^2 */
    static const unsigned pairs[3][4] = {{0, 3, 1, 2}, {0, 2, 1, 3}, {0, 1, 2, 3}};
    for (size_t i = 0; i < 3; i++) {
        gn_fp_mul(f, &t, &m[pairs[i][0]], &m[pairs[i][1]]);
        gn_fp_mul(f, &u, &m[pairs[i][2]], &m[pairs[i][3]]);
        gn_fp_sub(f, &d[i], &t, &u);
        if (gn_fp_is_zero(f, &d[i]))
            return GN_ERR_SINGULAR;
    }
    for (size_t i = 0; i < 4; i++)
        if (gn_fp_is_zero(f, &ku->muhat[i]))
            return GN_ERR_SINGULAR;
    /* Gaudry 2007: F = (a^4 - b^4 - c^4 + d^4) / (a^2 d^2 - b^2 c^2), G, H likewise */
    gn_fp_t dinv[3];
    for (size_t i = 0; i < 3; i++)
        inv0(f, &dinv[i], &d[i]);
    ratio(f, &ku->F, m, -1, -1, 1, &dinv[0]);
    ratio(f, &ku->G, m, -1, 1, -1, &dinv[1]);
    ratio(f, &ku->H, m, 1, -1, -1, &dinv[2]);
    /* squared model: E' = A^2 B^2 C^2 D^2 / (d1 d2 d3), K = 4 E'^2 a^2 b^2 c^2 d^2 */
    gn_fp_t ep, mprod;
    gn_fp_mul(f, &ep, &ku->muhat[0], &ku->muhat[1]);
    gn_fp_mul(f, &ep, &ep, &ku->muhat[2]);
    gn_fp_mul(f, &ep, &ep, &ku->muhat[3]);
    for (size_t i = 0; i < 3; i++)
        gn_fp_mul(f, &ep, &ep, &dinv[i]);
    gn_fp_mul(f, &mprod, &m[0], &m[1]);
    gn_fp_mul(f, &mprod, &mprod, &m[2]);
    gn_fp_mul(f, &mprod, &mprod, &m[3]);
    gn_fp_sqr(f, &ku->K, &ep);
    gn_fp_mul(f, &ku->K, &ku->K, &mprod);
    gn_fp_mul_small(f, &ku->K, &ku->K, 4);
    gn_fp_t inv[4];
    if (model == GN_KUMMER_THETA) {
        /* E from the identity (a : b : c : d) lying on the quartic: 2E abcd = F(..) + G(..) + H(..) - sum a^4 */
        static const unsigned fgh[3][4] = {{0, 3, 1, 2}, {0, 2, 1, 3}, {0, 1, 2, 3}};
        const gn_fp_t *coef[3] = {&ku->F, &ku->G, &ku->H};
        gn_fp_t s, v;
        gn_fp_set_zero(f, &s);
        for (size_t i = 0; i < 3; i++) {
            gn_fp_mul(f, &t, &m[fgh[i][0]], &m[fgh[i][1]]);
            gn_fp_mul(f, &u, &m[fgh[i][2]], &m[fgh[i][3]]);
            gn_fp_add(f, &t, &t, &u);
            gn_fp_mul(f, &t, &t, coef[i]);
            gn_fp_add(f, &s, &s, &t);
        }
        for (size_t i = 0; i < 4; i++) {
            gn_fp_sqr(f, &t, &m[i]);
            gn_fp_sub(f, &s, &s, &t);
        }
        gn_fp_mul(f, &v, &ku->theta[0], &ku->theta[1]);
        gn_fp_mul(f, &v, &v, &ku->theta[2]);
        gn_fp_mul(f, &v, &v, &ku->theta[3]);
        gn_fp_add(f, &v, &v, &v);
        inv0(f, &v, &v);
        gn_fp_mul(f, &ku->E, &s, &v);
        inverses_projective(f, inv, ku->theta);
    } else {
        ku->E = ep;
        inverses_projective(f, inv, m);
    }
    make_scale(f, &ku->eps, inv);
    inverses_projective(f, inv, ku->muhat);
    make_scale(f, &ku->epshat, inv);
    return gn_kummer_set_ladder(ku, GN_KUMMER_LADDER_AUTO); /* the gs127 surface's dedicated ladder */
}

/* ---------------------------------------------------------------- points */

static void pack(const gn_kummer_ctx_t *ku, gn_limb_t *d, const gn_kummer_point_t *p)
{
    for (size_t i = 0; i < 4; i++)
        memcpy(d + i * ku->impl->fl, p->c[i].v, ku->impl->fl * sizeof(gn_limb_t));
}

static void unpack(const gn_kummer_ctx_t *ku, gn_kummer_point_t *p, const gn_limb_t *d)
{
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < 4; i++)
        memcpy(p->c[i].v, d + i * ku->impl->fl, ku->impl->fl * sizeof(gn_limb_t));
}

void gn_kummer_identity(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r)
{
    memcpy(r->c, ku->model == GN_KUMMER_THETA ? ku->theta : ku->mu, sizeof r->c);
}

static gn_limb_t is_zero_point(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p)
{
    gn_limb_t z = (gn_limb_t)-1;
    for (size_t i = 0; i < 4; i++)
        z &= (gn_limb_t)0 - (gn_limb_t)gn_fp_is_zero(&ku->fp, &p->c[i]);
    return z;
}

int gn_kummer_on_surface(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p)
{
    gn_limb_t pp[GN_KUMMER_PT_LIMBS];
    pack(ku, pp, p);
    return (int)(ku->impl->on_surface(ku, pp) & ~is_zero_point(ku, p) & 1);
}

int gn_kummer_eq(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p, const gn_kummer_point_t *q)
{
    const gn_fp_ctx_t *f = &ku->fp;
    gn_limb_t ok = ~is_zero_point(ku, p) & ~is_zero_point(ku, q);
    gn_fp_t s, t;
    for (size_t i = 0; i < 4; i++)
        for (size_t j = i + 1; j < 4; j++) {
            gn_fp_mul(f, &s, &p->c[i], &q->c[j]);
            gn_fp_mul(f, &t, &p->c[j], &q->c[i]);
            ok &= (gn_limb_t)0 - (gn_limb_t)gn_fp_eq(f, &s, &t);
        }
    return (int)(ok & 1);
}

int gn_kummer_is_regular(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p)
{
    int z = 0;
    for (size_t i = 0; i < 4; i++)
        z |= gn_fp_is_zero(&ku->fp, &p->c[i]);
    return !z;
}

void gn_kummer_dbl(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_kummer_point_t *p)
{
    gn_limb_t pp[GN_KUMMER_PT_LIMBS], rr[GN_KUMMER_PT_LIMBS];
    pack(ku, pp, p);
    ku->impl->dbl(ku, rr, pp);
    unpack(ku, r, rr);
}

gn_err gn_kummer_diff_add(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_kummer_point_t *p,
                          const gn_kummer_point_t *q, const gn_kummer_point_t *d)
{
    if (!gn_kummer_is_regular(ku, d))
        return GN_ERR_INVALID;
    gn_fp_t inv[4];
    gn_kummer_point_t di;
    inverses_projective(&ku->fp, inv, d->c);
    memcpy(di.c, inv, sizeof di.c);
    gn_limb_t pp[GN_KUMMER_PT_LIMBS], qq[GN_KUMMER_PT_LIMBS], dd[GN_KUMMER_PT_LIMBS], rr[GN_KUMMER_PT_LIMBS];
    pack(ku, pp, p);
    pack(ku, qq, q);
    pack(ku, dd, &di);
    ku->impl->diff_add(ku, rr, pp, qq, dd);
    unpack(ku, r, rr);
    return GN_OK;
}

#define SCALAR_LIMBS (1024 / GN_LIMB_BITS)

gn_err gn_kummer_ladder_w(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_limb_t *k, size_t nbits,
                          const gn_kummer_point_t *p, const gn_fp_t w[3])
{
    gn_kummer_point_t wp;
    memset(&wp, 0, sizeof wp);
    memcpy(wp.c, w, 3 * sizeof(gn_fp_t));
    gn_limb_t pp[GN_KUMMER_PT_LIMBS], ww[GN_KUMMER_PT_LIMBS], rr[GN_KUMMER_PT_LIMBS];
    pack(ku, pp, p);
    pack(ku, ww, &wp);
    ku->impl->ladder(ku, rr, pp, ww, k, nbits);
    unpack(ku, r, rr);
    gn_memzero(rr, sizeof rr);
    gn_memzero(pp, sizeof pp);
    return GN_OK;
}

/* w = (p0/p1, p0/p2, p0/p3) with one inversion, then the ladder. */
gn_err gn_kummer_ladder_limbs(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_limb_t *k, size_t nbits,
                              const gn_kummer_point_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    int regular = gn_kummer_is_regular(ku, p);
    GN_DECLASSIFY(&regular, sizeof regular); /* published: the error outcome */
    if (!regular)
        return GN_ERR_INVALID;
    gn_fp_t t, w[3], u;
    gn_fp_mul(f, &u, &p->c[2], &p->c[3]);
    gn_fp_mul(f, &t, &p->c[1], &u);
    inv0(f, &t, &t);
    gn_fp_mul(f, &t, &t, &p->c[0]); /* p0 / (p1 p2 p3) */
    gn_fp_mul(f, &w[0], &t, &u);    /* p0 / p1 */
    gn_fp_mul(f, &u, &p->c[1], &p->c[3]);
    gn_fp_mul(f, &w[1], &t, &u);    /* p0 / p2 */
    gn_fp_mul(f, &u, &p->c[1], &p->c[2]);
    gn_fp_mul(f, &w[2], &t, &u);    /* p0 / p3 */
    gn_err e = gn_kummer_ladder_w(ku, r, k, nbits, p, w);
    gn_memzero(w, sizeof w);
    return e;
}

gn_err gn_kummer_mul(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const uint8_t *k, size_t klen,
                     const gn_kummer_point_t *p)
{
    gn_limb_t kl[SCALAR_LIMBS];
    if (!ku || !r || !p || (!k && klen) || klen > sizeof kl)
        return GN_ERR_INVALID;
    if (gn_mp_from_bytes_be(kl, SCALAR_LIMBS, k, klen) != GN_OK)
        return GN_ERR_INVALID;
    gn_err e = gn_kummer_ladder_limbs(ku, r, kl, 8 * klen, p);
    gn_memzero(kl, sizeof kl);
    return e;
}

void gn_kummer_normalize(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_kummer_point_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    gn_fp_t c, inv;
    int found = 0;
    gn_fp_set_zero(f, &c);
    for (size_t i = 0; i < 4; i++) {
        int nz = !gn_fp_is_zero(f, &p->c[i]);
        gn_fp_cmov(f, &c, &p->c[i], nz & !found);
        found |= nz;
    }
    inv0(f, &inv, &c); /* 0 for the zero tuple */
    for (size_t i = 0; i < 4; i++)
        gn_fp_mul(f, &r->c[i], &p->c[i], &inv);
}

/* ---------------------------------------------------------------- wrapped encoding */

size_t gn_kummer_wrapped_bytes(const gn_kummer_ctx_t *ku)
{
    return 3 * gn_fp_bytes(&ku->fp);
}

void gn_kummer_encode_wrapped(const gn_kummer_ctx_t *ku, uint8_t *out, const gn_kummer_point_t *p)
{
    const gn_fp_ctx_t *f = &ku->fp;
    const size_t eb = gn_fp_bytes(f);
    const gn_fp_t *y = &p->c[1], *z = &p->c[2], *t = &p->c[3];
    gn_fp_t yz, r, o;
    gn_fp_mul(f, &yz, y, z);
    gn_fp_mul(f, &r, &yz, t);
    inv0(f, &r, &r); /* 1/0 = 0: such points encode as zeros */
    gn_fp_mul(f, &r, &r, &p->c[0]);
    gn_fp_mul(f, &o, z, t);
    gn_fp_mul(f, &o, &o, &r);
    gn_fp_encode_le(f, out, &o);
    gn_fp_mul(f, &o, y, t);
    gn_fp_mul(f, &o, &o, &r);
    gn_fp_encode_le(f, out + eb, &o);
    gn_fp_mul(f, &o, &yz, &r);
    gn_fp_encode_le(f, out + 2 * eb, &o);
}

gn_err gn_kummer_decode_wrapped_w(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, gn_fp_t w_out[3],
                                  const uint8_t *in, size_t len)
{
    const gn_fp_ctx_t *f = &ku->fp;
    const size_t eb = gn_fp_bytes(f);
    gn_fp_t w[3];
    gn_kummer_point_t p;
    if (!in || len != 3 * eb)
        return GN_ERR_INVALID;
    for (size_t i = 0; i < 3; i++)
        if (gn_fp_decode_le(f, &w[i], in + i * eb, eb) != GN_OK)
            return GN_ERR_ENCODING;
    /* (1 : 1/w1 : 1/w2 : 1/w3) scaled by w1 w2 w3 */
    memset(&p, 0, sizeof p);
    gn_fp_mul(f, &p.c[1], &w[1], &w[2]);
    gn_fp_mul(f, &p.c[0], &p.c[1], &w[0]);
    gn_fp_mul(f, &p.c[2], &w[0], &w[2]);
    gn_fp_mul(f, &p.c[3], &w[0], &w[1]);
    if (!gn_kummer_is_regular(ku, &p) || !gn_kummer_on_surface(ku, &p))
        return GN_ERR_NOT_ON_CURVE;
    *r = p;
    if (w_out)
        memcpy(w_out, w, sizeof w);
    return GN_OK;
}

gn_err gn_kummer_decode_wrapped(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const uint8_t *in, size_t len)
{
    return gn_kummer_decode_wrapped_w(ku, r, NULL, in, len);
}
