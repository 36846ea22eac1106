/* genus for GP: curves over F_p from ellinit, their cache, points and the kernel names. */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include "gp/gp_internal.h"

static _Thread_local fp_curve fp_cache[CACHE];
static _Thread_local unsigned fp_next;

static const struct {
    const char *name;
    gn_fp_kernel_kind kind;
} kernel_names[] = {{"auto", GN_FP_KERNEL_AUTO}, {"generic", GN_FP_KERNEL_GENERIC}, {"mont", GN_FP_KERNEL_FIXED},
                    {"mulx", GN_FP_KERNEL_MULX}, {"special", GN_FP_KERNEL_SPECIAL}, {"gmp", GN_FP_KERNEL_GMP},
                    {"pari", GN_FP_KERNEL_PARI}};

gn_fp_kernel_kind gng_kernel_kind(const char *fn, const char *name)
{
    if (!name)
        return GN_FP_KERNEL_AUTO;
    for (size_t i = 0; i < sizeof kernel_names / sizeof kernel_names[0]; i++)
        if (!strcmp(name, kernel_names[i].name))
            return kernel_names[i].kind;
    pari_err(e_MISC, "genus: %s: unknown kernel \"%s\" (auto, generic, mont, mulx, special, gmp, pari)", fn, name);
    return GN_FP_KERNEL_AUTO;
}

/* a coefficient or coordinate of F_p: a t_INT or a t_INTMOD modulo p, as limbs below p */
void gng_fp_value(const char *fn, GEN x, GEN p, gn_limb_t *r, const char *what)
{
    if (typ(x) == t_INTMOD) {
        if (!equalii(gel(x, 1), p))
            pari_err(e_MISC, "genus: %s: %s is not in the curve's field F_p", fn, what);
        x = gel(x, 2);
    }
    if (typ(x) != t_INT)
        pari_err(e_MISC, "genus: %s: %s must be in F_p (t_INT or t_INTMOD), not %s", fn, what, type_name(typ(x)));
    pari_sp av = avma;
    gng_int_to_limbs(fn, modii(x, p), r, GN_FP_MAX_LIMBS, what);
    set_avma(av);
}

int gng_is_ell(GEN E)
{
    return typ(E) == t_VEC && lg(E) == 17 && typ(gel(E, 14)) == t_VECSMALL;
}

int gng_is_zero_coef(GEN c)
{
    return gequal0(c);
}

/* hex (a named curve's parameter) equals the limbs v */
static int hex_is(const char *hex, const gn_limb_t *v)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    return gn_mp_from_hex(t, GN_FP_MAX_LIMBS, hex, strlen(hex)) == GN_OK && !memcmp(t, v, sizeof t);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ns of the fastest of three [k] G by (coords, method), k of the order's length */
static double time_method(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_method method)
{
    uint8_t k[GN_EC_MAX_SCALAR_BYTES];
    size_t kl = (ec->n_bits + 7) / 8;
    gn_ec_point_t r;
    double best = 1e30;
    for (size_t i = 0; i < kl; i++)
        k[i] = (uint8_t)(0xa5 ^ (i * 29));
    k[0] &= 0x7f;
    for (int i = 0; i < 3; i++) {
        double t0 = now_ns();
        if (gn_ec_mul(ec, &r, k, kl, &ec->g, coords, method, 0) != GN_OK)
            return 1e30;
        double t = now_ns() - t0;
        best = t < best ? t : best;
    }
    return best;
}

/* c->ec = the built-in named curve with c's p, a and b, on the kernel kind, if there is one. Its
 * order is known, so the library's default applies there (the signed window, GLV on secp256k1);
 * whether that or the wNAF is faster depends on the curve and the machine (P-256's default wins,
 * P-521's wNAF does): measured once, here, and the faster kept. Returns 0 when no named curve
 * matches, 2 when the default is faster, 1 when the wNAF is. */
static int named_curve(fp_curve *c, gn_fp_kernel_kind kind)
{
    for (size_t i = 0; i < gn_ec_named_count(); i++) {
        const gn_ec_params_t *q = gn_ec_named_params(i);
        gn_ec_ctx_t named;
        if (q->model != GN_EC_WEIERSTRASS || !hex_is(q->p, c->p) || !hex_is(q->a, c->a) || !hex_is(q->b, c->b) ||
            gn_ec_init_named(&named, gn_ec_named_name(i)) != GN_OK)
            continue;
        if (kind == GN_FP_KERNEL_AUTO)
            c->ec = named;
        else if (gn_ec_with_kernel(&c->ec, &named, kind, NULL, NULL) != GN_OK)
            return 0;
        return time_method(&c->ec, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT) <
                       time_method(&c->ec, GN_EC_JACOBIAN, GN_EC_WNAF)
                   ? 2
                   : 1;
    }
    return 0;
}

/* The genus curve of E over F_p (a short Weierstrass ellinit), from the cache or set up now. */
const fp_curve *gng_fp_curve_of(const char *fn, GEN E, gn_fp_kernel_kind kind, GEN *pp)
{
    if (!gng_is_ell(E) || ell_get_type(E) != t_ELL_Fp)
        gng_fail(fn, "the curve must come from ellinit over a prime field F_p (ellinit([a4, a6], p))");
    GEN p = ellff_get_field(E);
    if (!gng_is_zero_coef(ell_get_a1(E)) || !gng_is_zero_coef(ell_get_a2(E)) || !gng_is_zero_coef(ell_get_a3(E)))
        gng_fail(fn, "the curve must be y^2 = x^3 + a4 x + a6 (a1 = a2 = a3 = 0): ellinit([a4, a6], p)");
    if (expi(p) >= GN_FP_MAX_BITS)
        pari_err(e_MISC, "genus: %s: p has more than %d bits", fn, GN_FP_MAX_BITS);
    fp_curve key;
    key.kind = kind;
    gng_int_to_limbs(fn, p, key.p, GN_FP_MAX_LIMBS, "p");
    gng_fp_value(fn, ell_get_a4(E), p, key.a, "a4");
    gng_fp_value(fn, ell_get_a6(E), p, key.b, "a6");
    *pp = p;
    for (unsigned i = 0; i < CACHE; i++) {
        fp_curve *c = &fp_cache[i];
        if (c->used && c->kind == kind && !memcmp(c->p, key.p, sizeof key.p) && !memcmp(c->a, key.a, sizeof key.a) &&
            !memcmp(c->b, key.b, sizeof key.b))
            return c;
    }
    fp_curve *c = &fp_cache[fp_next++ % CACHE];
    c->used = 0;
    memcpy(c->p, key.p, sizeof key.p);
    memcpy(c->a, key.a, sizeof key.a);
    memcpy(c->b, key.b, sizeof key.b);
    c->kind = kind;
    int m = named_curve(c, kind);
    if (m) {
        c->named = m == 2;
        c->used = 1;
        return c;
    }
    c->named = 0;
    char ph[2 * GN_FP_MAX_BITS / 8 + 1], ah[sizeof ph], bh[sizeof ph];
    gng_hex(fn, ph, sizeof ph, key.p, GN_FP_MAX_LIMBS);
    gng_hex(fn, ah, sizeof ah, key.a, GN_FP_MAX_LIMBS);
    gng_hex(fn, bh, sizeof bh, key.b, GN_FP_MAX_LIMBS);
    gn_ec_params_t prm = {.model = GN_EC_WEIERSTRASS, .p = ph, .a = ah, .b = bh, .name = "gp"};
    gn_err e = gn_ec_init_kernel(&c->ec, &prm, kind);
    if (e == GN_ERR_UNSUPPORTED && kind != GN_FP_KERNEL_AUTO)
        gng_fail(fn, "this kernel cannot serve p on this build and CPU");
    if (e != GN_OK)
        gng_fail_err(fn, e);
    c->used = 1;
    return c;
}

int gng_is_point_at_infinity(GEN P)
{
    return typ(P) == t_VEC && lg(P) == 2 && isintzero(gel(P, 1));
}

void gng_fp_point(const char *fn, const gn_ec_ctx_t *ec, GEN p, GEN P, gn_ec_point_t *r, const char *what)
{
    if (typ(P) != t_VEC || (lg(P) != 3 && !gng_is_point_at_infinity(P)))
        pari_err(e_MISC, "genus: %s: %s must be a point [x, y] or [0]", fn, what);
    if (gng_is_point_at_infinity(P)) {
        gn_ec_set_infinity(ec, r);
        return;
    }
    gn_limb_t x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    gng_fp_value(fn, gel(P, 1), p, x, what);
    gng_fp_value(fn, gel(P, 2), p, y, what);
    if (gn_fp_set_mp(&ec->fp, &r->x, x, GN_FP_MAX_LIMBS) != GN_OK || gn_fp_set_mp(&ec->fp, &r->y, y, GN_FP_MAX_LIMBS) != GN_OK)
        gng_fail(fn, "internal: a coordinate does not convert");
    r->infinity = 0;
    if (!gn_ec_is_on_curve(ec, r))
        pari_err(e_MISC, "genus: %s: %s is not on the curve", fn, what);
}

GEN gng_fp_point_out(const gn_ec_ctx_t *ec, GEN p, const gn_ec_point_t *r)
{
    if (r->infinity)
        return mkvec(gen_0);
    gn_limb_t x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(&ec->fp, x, GN_FP_MAX_LIMBS, &r->x);
    gn_fp_get_mp(&ec->fp, y, GN_FP_MAX_LIMBS, &r->y);
    return mkvec2(mkintmod(gng_limbs_to_int(x, GN_FP_MAX_LIMBS), p), mkintmod(gng_limbs_to_int(y, GN_FP_MAX_LIMBS), p));
}


/* genuskernels(): the prime-field kernels genusellmul can run here, e.g. ["auto", "generic", ...] */
GEN gn_gp_kernels(void)
{
    static const uint8_t p256[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff};
    size_t n = sizeof kernel_names / sizeof kernel_names[0], m = 0;
    GEN v = cgetg((long)n + 1, t_VEC);
    for (size_t i = 0; i < n; i++) {
        gn_fp_ctx_t f;
        if (gn_fp_init_kernel(&f, p256, sizeof p256, kernel_names[i].kind) == GN_OK)
            gel(v, ++m) = strtoGENstr(kernel_names[i].name);
    }
    setlg(v, (long)m + 1);
    return v;
}
