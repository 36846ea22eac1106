/* genus for GP: curves over F_2^m from ellinit (ffgen of a trinomial or pentanomial), points. */
#include "gp/gp_internal.h"

typedef struct {
    int used;
    unsigned exps[5];
    size_t nexp;
    gn_limb_t a[GN_F2M_MAX_LIMBS], b[GN_F2M_MAX_LIMBS];
    gn_ec2m_ctx_t ec;
} f2m_curve;

static _Thread_local f2m_curve f2m_cache[CACHE];
static _Thread_local unsigned f2m_next;

/* the bits of a t_FFELT of characteristic 2 (bit i: the coefficient of g^i) */
void gng_ff_bits(const char *fn, GEN x, GEN field, gn_limb_t *r, const char *what)
{
    if (typ(x) == t_INT) {
        if (!isintzero(x) && !equali1(x))
            pari_err(e_MISC, "genus: %s: %s is an integer other than 0 or 1, not in F_2^m", fn, what);
        memset(r, 0, GN_F2M_MAX_LIMBS * sizeof *r);
        r[0] = (gn_limb_t)signe(x);
        return;
    }
    if (typ(x) != t_FFELT || !FF_samefield(x, field))
        pari_err(e_MISC, "genus: %s: %s must be in the curve's field (a t_FFELT of ffgen)", fn, what);
    pari_sp av = avma;
    GEN pol = FF_to_FpXQ_i(x);
    memset(r, 0, GN_F2M_MAX_LIMBS * sizeof *r);
    for (long i = 0; i <= degpol(pol); i++)
        if (signe(gel(pol, i + 2)))
            r[i / GN_LIMB_BITS] |= (gn_limb_t)1 << (i % GN_LIMB_BITS);
    set_avma(av);
}

GEN gng_ff_from_bits(const gn_limb_t *a, GEN field, long m)
{
    GEN pol = cgetg(m + 2, t_POL);
    pol[1] = evalsigne(1) | evalvarn(varn(FF_mod(field)));
    for (long i = 0; i < m; i++)
        gel(pol, i + 2) = (a[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1 ? gen_1 : gen_0;
    return Fq_to_FF(normalizepol(pol), field);
}

const gn_ec2m_ctx_t *gng_f2m_curve_of(const char *fn, GEN E, GEN *pfield)
{
    if (!gng_is_ell(E) || ell_get_type(E) != t_ELL_Fq)
        gng_fail(fn, "the curve must come from ellinit over a finite field (F_p or F_2^m from ffgen)");
    GEN field = ellff_get_field(E);
    if (!equaliu(FF_p_i(field), 2))
        gng_fail(fn, "over extension fields genus has F_2^m curves only (ffgen(2^m) of a trinomial or pentanomial)");
    if (!gequal1(ell_get_a1(E)) || !gng_is_zero_coef(ell_get_a3(E)) || !gng_is_zero_coef(ell_get_a4(E)))
        gng_fail(fn, "the curve must be y^2 + x y = x^3 + a2 x^2 + a6: ellinit([1, a2, 0, 0, a6], g)");
    f2m_curve key;
    memset(&key, 0, sizeof key);
    pari_sp av = avma;
    GEN T = FF_mod(field);
    long m = degpol(T);
    if (m > GN_F2M_MAX_M)
        pari_err(e_MISC, "genus: %s: F_2^m with m above %d", fn, GN_F2M_MAX_M);
    for (long i = m; i >= 0; i--)
        if (signe(gel(T, i + 2))) {
            if (key.nexp == 5)
                gng_fail(fn, "F_2^m must be defined by a trinomial or a pentanomial: "
                         "ffgen(Mod(1, 2) * (x^m + x^k + 1)) or with x^m + x^a + x^b + x^c + 1");
            key.exps[key.nexp++] = (unsigned)i;
        }
    set_avma(av);
    if (key.nexp != 3 && key.nexp != 5)
        gng_fail(fn, "F_2^m must be defined by a trinomial or a pentanomial");
    gng_ff_bits(fn, ell_get_a2(E), field, key.a, "a2");
    gng_ff_bits(fn, ell_get_a6(E), field, key.b, "a6");
    *pfield = field;
    for (unsigned i = 0; i < CACHE; i++) {
        f2m_curve *c = &f2m_cache[i];
        if (c->used && c->nexp == key.nexp && !memcmp(c->exps, key.exps, sizeof key.exps) &&
            !memcmp(c->a, key.a, sizeof key.a) && !memcmp(c->b, key.b, sizeof key.b))
            return &c->ec;
    }
    char ah[2 * GN_F2M_MAX_LIMBS * 8 + 1], bh[sizeof ah];
    gng_hex(fn, ah, sizeof ah, key.a, GN_F2M_MAX_LIMBS);
    gng_hex(fn, bh, sizeof bh, key.b, GN_F2M_MAX_LIMBS);
    gn_ec2m_params_t prm = {.name = "gp", .nexp = key.nexp, .a = ah, .b = bh};
    memcpy(prm.exps, key.exps, sizeof prm.exps);
    f2m_curve *c = &f2m_cache[f2m_next++ % CACHE];
    c->used = 0;
    gn_err e = gn_ec2m_init(&c->ec, &prm);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    key.used = 1;
    key.ec = c->ec;
    *c = key;
    return &c->ec;
}

void gng_f2m_point(const char *fn, const gn_ec2m_ctx_t *ec, GEN field, GEN P, gn_ec2m_point_t *r, const char *what)
{
    if (typ(P) != t_VEC || (lg(P) != 3 && !gng_is_point_at_infinity(P)))
        pari_err(e_MISC, "genus: %s: %s must be a point [x, y] or [0]", fn, what);
    if (gng_is_point_at_infinity(P)) {
        gn_ec2m_set_infinity(ec, r);
        return;
    }
    gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS];
    gng_ff_bits(fn, gel(P, 1), field, x, what);
    gng_ff_bits(fn, gel(P, 2), field, y, what);
    if (gn_f2m_set_mp(&ec->f, &r->x, x, GN_F2M_MAX_LIMBS) != GN_OK || gn_f2m_set_mp(&ec->f, &r->y, y, GN_F2M_MAX_LIMBS) != GN_OK)
        gng_fail(fn, "internal: a coordinate does not convert");
    r->infinity = 0;
    if (!gn_ec2m_is_on_curve(ec, r))
        pari_err(e_MISC, "genus: %s: %s is not on the curve", fn, what);
}

GEN gng_f2m_point_out(const gn_ec2m_ctx_t *ec, GEN field, const gn_ec2m_point_t *r)
{
    if (r->infinity)
        return mkvec(gen_0);
    gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS];
    gn_f2m_get_mp(&ec->f, x, GN_F2M_MAX_LIMBS, &r->x);
    gn_f2m_get_mp(&ec->f, y, GN_F2M_MAX_LIMBS, &r->y);
    long m = (long)ec->f.m;
    return mkvec2(gng_ff_from_bits(x, field, m), gng_ff_from_bits(y, field, m));
}

int gng_over_f2m(GEN E)
{
    return gng_is_ell(E) && ell_get_type(E) == t_ELL_Fq;
}
