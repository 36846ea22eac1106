/* Variable-time scalar multiplication for public scalars, by the scalar layer's width-w NAF and
 * fixed window (src/scalar/window.c) over a binary curve in Lopez-Dahab coordinates: the group
 * interface (src/scalar/group.h) of gn_ec2m_ld_dbl and the LD additions (ld.c), which handle
 * every input by branching on the exceptional ones (so the layer completes nothing, and only
 * its _var methods run here). The wNAF's odd multiples are affine (one inversion each) and an
 * addition of a point with Z = 1 takes the mixed formula: HMV Guide to ECC, Algorithms
 * 3.35-3.36. */
#include <string.h>

#include "ec2m_internal.h"
#include "genus/mp.h"
#include "scalar/scalar_internal.h"

/* An LD point as the layer keeps it: gn_ec2m_ld_t's X, Y, Z, one after the other. */
#define LD_LIMBS (sizeof(gn_ec2m_ld_t) / sizeof(gn_limb_t))

static const gn_ec2m_ld_t *ld(const gn_limb_t *p)
{
    return (const gn_ec2m_ld_t *)(const void *)p;
}

static gn_ec2m_ld_t *ld_w(gn_limb_t *p)
{
    return (gn_ec2m_ld_t *)(void *)p;
}

static void g_set_inf(const void *c, gn_limb_t *r)
{
    ec2m_ld_set_infinity(c, ld_w(r));
}

static gn_limb_t g_is_inf(const void *c, const gn_limb_t *p)
{
    return gn_f2m_is_zero(&((const gn_ec2m_ctx_t *)c)->f, &ld(p)->Z);
}

/* -(x, y) = (x, x + y): Y' = Y + X Z */
static void g_neg(const void *c, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_f2m_ctx_t *f = &((const gn_ec2m_ctx_t *)c)->f;
    fe t;
    MUL(&t, &ld(p)->X, &ld(p)->Z);
    ADD(&ld_w(r)->Y, &ld(p)->Y, &t);
    ld_w(r)->X = ld(p)->X;
    ld_w(r)->Z = ld(p)->Z;
}

static gn_limb_t g_dbl(const void *c, gn_limb_t *r, const gn_limb_t *p)
{
    gn_ec2m_ld_dbl(c, ld_w(r), ld(p));
    return 0;
}

/* p + q; the mixed formula where q has Z = 1 (public: the callers are variable time) */
static gn_limb_t g_add(const void *c, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_ec2m_ctx_t *ec = c;
    fe one;
    gn_f2m_set_one(&ec->f, &one);
    if (ec2m_eq_var(ec, &ld(q)->Z, &one)) {
        gn_ec2m_point_t qa = {.x = ld(q)->X, .y = ld(q)->Y, .infinity = 0};
        gn_ec2m_ld_madd_var(ec, ld_w(r), ld(p), &qa);
    } else {
        gn_ec2m_ld_add_var(ec, ld_w(r), ld(p), ld(q));
    }
    return 0;
}

/* tab[i] = (2i + 1) p, affine (Z = 1, or the point at infinity) */
static gn_limb_t g_odd_multiples(const void *c, gn_limb_t *tab, const gn_limb_t *p, size_t n)
{
    const gn_ec2m_ctx_t *ec = c;
    gn_ec2m_point_t a, d;
    gn_ec2m_ld_to_aff(ec, &a, ld(p));
    gn_ec2m_dbl_var(ec, &d, &a);
    for (size_t i = 0; i < n; i++) {
        if (i)
            gn_ec2m_add_var(ec, &a, &a, &d);
        gn_ec2m_ld_from_aff(ec, ld_w(tab + i * LD_LIMBS), &a);
    }
    return 0;
}

static const gn_group_ops_t ld_ops = {
    .set_inf = g_set_inf,
    .is_inf = g_is_inf,
    .neg = g_neg,
    .dbl = g_dbl,
    .add = g_add,
    .madd = g_add,
    .odd_multiples = g_odd_multiples,
};

/* The arguments of one multiplication, run on the layer's scratch. */
typedef struct {
    const gn_ec2m_ctx_t *ec;
    gn_ec2m_point_t *r;
    const gn_ec2m_point_t *p;
    const gn_limb_t *k;
    size_t nbits;
    unsigned w;
    int wnaf;
} job_t;

static void mul_job(void *arg, gn_limb_t *ws, size_t n)
{
    job_t *j = arg;
    grp g;
    /* the additions handle every input: complete, for the layer */
    grp_init_group(&g, j->ec, &ld_ops, NULL, NULL, 0, 0, LD_LIMBS, 1, 0, ws, n);
    gn_limb_t *acc = pt_take(&g, 1), *p = pt_take(&g, 1);
    gn_ec2m_ld_from_aff(j->ec, ld_w(p), j->p);
    if (j->wnaf)
        mul_wnaf(&g, acc, p, j->k, j->nbits, j->w);
    else
        mul_window(&g, acc, p, j->k, j->nbits, j->w, 0);
    gn_ec2m_ld_to_aff(j->ec, j->r, ld(acc));
    grp_wipe(&g);
}

/* r = [k] p by the wNAF or the fixed window; w in lo..hi (0: 4). */
static gn_err mul_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                      const gn_ec2m_point_t *p, unsigned w, unsigned lo, unsigned hi, int wnaf)
{
    if (w == 0)
        w = 4;
    if (!ec || !r || !p || klen > GN_EC2M_MAX_SCALAR_BYTES || (!k && klen) || w < lo || w > hi)
        return GN_ERR_INVALID;
    gn_limb_t kl[SCALAR_LIMBS];
    if (gn_mp_from_bytes_be(kl, SCALAR_LIMBS, k, klen) != GN_OK)
        return GN_ERR_INVALID;
    job_t j = {ec, r, p, kl, 8 * klen, w, wnaf};
    /* the table and the points beside it (mul_wnaf, mul_window), within the larger scratch: a
     * wider window is narrowed (the wNAF to w = 6, the fixed window to w = 4) */
    size_t pts = wnaf ? ((size_t)1 << (w - 2)) + 5 : ((size_t)1 << w) + 4;
    size_t want = pts * scratch_limbs(LD_LIMBS);
    scalar_with_scratch_limbs(want < GN_SCALAR_SCRATCH_LARGE ? want : GN_SCALAR_SCRATCH_LARGE, mul_job, &j);
    return GN_OK;
}

gn_err gn_ec2m_mul_wnaf_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                            const gn_ec2m_point_t *p, unsigned w)
{
    return mul_var(ec, r, k, klen, p, w, 2, 7, 1);
}

gn_err gn_ec2m_mul_window_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                              const gn_ec2m_point_t *p, unsigned w)
{
    return mul_var(ec, r, k, klen, p, w, 1, 6, 0);
}
