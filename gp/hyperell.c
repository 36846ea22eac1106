/* genus for GP: genushyperellmul, [k] D on a genus-2 Jacobian in Mumford form. */
#include "gp/gp_internal.h"

/* the coefficients of a t_POL over F_p (t_INTMOD coefficients, or t_INT ones when p is known) */
static void g2_poly(const char *fn, GEN f, GEN *pp, gn_limb_t c[][GN_FP_MAX_LIMBS], long maxdeg, long *deg, const char *what)
{
    if (typ(f) == t_INT || typ(f) == t_INTMOD) {
        f = scalarpol_shallow(f, 0);
    } else if (typ(f) != t_POL) {
        pari_err(e_MISC, "genus: %s: %s must be a polynomial over F_p, not %s", fn, what, type_name(typ(f)));
    }
    long d = degpol(f);
    if (d > maxdeg)
        pari_err(e_MISC, "genus: %s: %s has degree above %ld", fn, what, maxdeg);
    for (long i = 0; i <= d; i++) {
        GEN a = gel(f, i + 2);
        if (typ(a) == t_INTMOD && !*pp)
            *pp = gel(a, 1);
    }
    if (!*pp)
        pari_err(e_MISC, "genus: %s: %s must have coefficients in F_p (multiply by Mod(1, p))", fn, what);
    for (long i = 0; i <= maxdeg; i++)
        if (i <= d)
            gng_fp_value(fn, gel(f, i + 2), *pp, c[i], what);
        else
            memset(c[i], 0, sizeof c[i]);
    *deg = d < 0 ? 0 : d;
}

static GEN g2_pol_out(const gn_fp_ctx_t *fp, GEN p, const gn_fp_t *const *c, long n, long v)
{
    GEN pol = cgetg(n + 2, t_POL);
    pol[1] = evalsigne(1) | evalvarn(v);
    for (long i = 0; i < n; i++) {
        gn_limb_t l[GN_FP_MAX_LIMBS];
        gn_fp_get_mp(fp, l, GN_FP_MAX_LIMBS, c[i]);
        gel(pol, i + 2) = mkintmod(gng_limbs_to_int(l, GN_FP_MAX_LIMBS), p);
    }
    return normalizepol(pol);
}

static void set_fe(const char *fn, const gn_fp_ctx_t *fp, gn_fp_t *r, const gn_limb_t *a)
{
    if (gn_fp_set_mp(fp, r, a, GN_FP_MAX_LIMBS) != GN_OK)
        gng_fail(fn, "internal: a coefficient does not convert");
}

/* genushyperellmul(f, D, k): [k] D on the Jacobian of y^2 = f(x), deg f = 5 over F_p, for D = [u, v]
 * in Mumford form (u monic of degree <= 2, deg v < deg u, u | v^2 - f); [1, 0] is the neutral
 * element */
GEN gn_gp_hyperellmul(GEN f, GEN D, GEN k)
{
    static const char fn[] = "genushyperellmul";
    pari_sp av = avma;
    GEN p = NULL;
    gn_limb_t fc[7][GN_FP_MAX_LIMBS], uc[3][GN_FP_MAX_LIMBS], vc[3][GN_FP_MAX_LIMBS];
    long df, du, dv;
    g2_poly(fn, f, &p, fc, 6, &df, "f");
    if (df != 5)
        gng_fail(fn, "f must have degree 5 (the imaginary model y^2 = f(x))");
    if (typ(D) != t_VEC || lg(D) != 3)
        gng_fail(fn, "D must be [u, v] (Mumford form)");
    g2_poly(fn, gel(D, 1), &p, uc, 2, &du, "u");
    g2_poly(fn, gel(D, 2), &p, vc, 2, &dv, "v");
    if (gequal0(gel(D, 1)))
        gng_fail(fn, "u must not be zero");
    long v = typ(f) == t_POL ? varn(f) : 0;
    gn_g2_ctx_t *g = (gn_g2_ctx_t *)stack_malloc(sizeof *g);
    gn_fp_ctx_t fp;
    uint8_t pb[GN_FP_MAX_BITS / 8];
    gn_limb_t pl[GN_FP_MAX_LIMBS];
    gng_int_to_limbs(fn, p, pl, GN_FP_MAX_LIMBS, "p");
    if (gn_mp_to_bytes_be(pb, sizeof pb, pl, GN_FP_MAX_LIMBS) != GN_OK)
        gng_fail(fn, "p is too large");
    gn_err e = gn_fp_init(&fp, pb, sizeof pb);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    gn_fp_t fe[6];
    for (int i = 0; i < 6; i++)
        set_fe(fn, &fp, &fe[i], fc[i]);
    if ((e = gn_g2_init(g, &fp, fe, 6)) != GN_OK)
        gng_fail_err(fn, e);
    /* u monic: the library's element holds u's lower coefficients */
    gn_fp_t lead;
    set_fe(fn, &fp, &lead, uc[du]);
    gn_fp_t one;
    gn_fp_set_one(&fp, &one);
    if (!gn_fp_eq(&fp, &lead, &one))
        gng_fail(fn, "u must be monic");
    if (dv >= du && !(du == 0 && gequal0(gel(D, 2))))
        gng_fail(fn, "deg v must be below deg u");
    gn_g2_elem_t a, r;
    memset(&a, 0, sizeof a);
    a.deg = (unsigned)du;
    /* c = u1, u0, v1, v0 (degree 1: u0, v0 only) */
    if (du == 2) {
        set_fe(fn, &fp, &a.c[0], uc[1]);
        set_fe(fn, &fp, &a.c[1], uc[0]);
        set_fe(fn, &fp, &a.c[2], vc[1]);
        set_fe(fn, &fp, &a.c[3], vc[0]);
    } else if (du == 1) {
        set_fe(fn, &fp, &a.c[1], uc[0]);
        set_fe(fn, &fp, &a.c[3], vc[0]);
    } else {
        gn_g2_identity(g, &a);
    }
    if ((e = gn_g2_check(g, &a)) != GN_OK)
        pari_err(e_MISC, "genus: %s: D is not a divisor of the curve: %s", fn, gn_strerror(e));
    uint8_t kb[128];
    int neg;
    size_t kl = gng_scalar_bytes(fn, k, kb, sizeof kb, &neg);
    gn_g2_mul_var(g, &r, kb, kl, &a);
    if (neg)
        gn_g2_neg(g, &r, &r);
    GEN u, vv;
    gn_fp_t uo[3], vo[2];
    if (r.deg == 2) {
        uo[0] = r.c[1], uo[1] = r.c[0], uo[2] = one;
        vo[0] = r.c[3], vo[1] = r.c[2];
    } else if (r.deg == 1) {
        uo[0] = r.c[1], uo[1] = one;
        vo[0] = r.c[3];
    } else {
        uo[0] = one;
        gn_fp_set_zero(&fp, &vo[0]);
    }
    const gn_fp_t *up[3] = {&uo[0], &uo[1], &uo[2]}, *vp[2] = {&vo[0], &vo[1]};
    u = g2_pol_out(&fp, p, up, (long)r.deg + 1, v);
    vv = g2_pol_out(&fp, p, vp, r.deg ? (long)r.deg : 1, v);
    return gerepilecopy(av, mkvec2(u, vv));
}
