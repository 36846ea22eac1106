/*
 * genus inside PARI/GP (DESIGN section 12, docs/GP.md): functions that take and return PARI
 * objects, loaded by gp/genus.gp with install(). Each converts its arguments to genus's types,
 * calls the library and converts the result back; a refusal of genus, or an argument of the wrong
 * type, raises a GP error whose message starts "genus:" (pari_err, which unwinds to gp's prompt:
 * nothing here holds memory outside PARI's stack across a call that may raise).
 *
 * Curves are those of ellinit: y^2 = x^3 + a4 x + a6 over F_p (ellinit([a4, a6], p)) and
 * y^2 + x y = x^3 + a2 x^2 + a6 over F_2^m (ellinit([1, a2, 0, 0, a6], g) with g = ffgen of a
 * trinomial or pentanomial). Their genus contexts are kept in a small per-thread cache keyed by
 * the field and the coefficients, so that a loop over one curve pays the set-up (the primality
 * test of p, the square-root constants) once; the points and scalars are converted on every call.
 */
#define _POSIX_C_SOURCE 200809L
#include <pari/pari.h>
#include <string.h>
#include <time.h>

#include "genus/genus.h"

#if !defined(PARI_KERNEL_GMP) || BITS_IN_LONG != GN_LIMB_BITS
#error "genus for GP needs libpari on the GMP kernel with the library's limb width"
#endif

#define CACHE 4

static void fail(const char *fn, const char *what)
{
    pari_err(e_MISC, "genus: %s: %s", fn, what);
}

static void fail_err(const char *fn, gn_err e)
{
    fail(fn, gn_strerror(e));
}

/* ------------------------------------------------------------------ integers */

/* x >= 0, a t_INT below 2^(64 n): its limbs, zero-padded to n */
static void int_to_limbs(const char *fn, GEN x, gn_limb_t *r, size_t n, const char *what)
{
    if (typ(x) != t_INT)
        pari_err(e_MISC, "genus: %s: %s must be an integer (t_INT), not %s", fn, what, type_name(typ(x)));
    if (signe(x) < 0)
        pari_err(e_MISC, "genus: %s: %s must not be negative", fn, what);
    size_t len = (size_t)lgefint(x) - 2;
    if (len > n)
        pari_err(e_MISC, "genus: %s: %s is too large (more than %lu bits)", fn, what, (unsigned long)(64 * n));
    memset(r, 0, n * sizeof *r);
    for (size_t i = 0; i < len; i++)
        r[i] = (gn_limb_t) * int_W(x, (long)i);
}

static GEN limbs_to_int(const gn_limb_t *a, size_t n)
{
    GEN z = cgeti((long)n + 2);
    z[1] = evalsigne(1) | evallgefint((long)n + 2);
    for (size_t i = 0; i < n; i++)
        *int_W(z, (long)i) = (long)a[i];
    return int_normalize(z, 0);
}

/* |k| as big-endian bytes (at most cap); returns the length, *neg the sign */
static size_t scalar_bytes(const char *fn, GEN k, uint8_t *out, size_t cap, int *neg)
{
    gn_limb_t l[GN_EC_MAX_SCALAR_BYTES / 8];
    if (typ(k) != t_INT)
        pari_err(e_MISC, "genus: %s: the scalar must be an integer (t_INT), not %s", fn, type_name(typ(k)));
    *neg = signe(k) < 0;
    pari_sp av = avma;
    int_to_limbs(fn, absi_shallow(k), l, cap / 8, "the scalar");
    set_avma(av);
    /* the scalar's own length (its size is public here, as in ellmul) */
    size_t len = (gn_mp_bits_var(l, cap / 8) + 7) / 8;
    if (!len)
        len = 1;
    if (gn_mp_to_bytes_be(out, len, l, cap / 8) != GN_OK)
        fail(fn, "the scalar does not fit");
    return len;
}

/* a t_INT below 2^(8 len) as len little-endian bytes (RFC 7748's strings) */
static void int_to_le(const char *fn, GEN x, uint8_t *out, size_t len, const char *what)
{
    gn_limb_t l[8];
    int_to_limbs(fn, x, l, 8, what);
    if (len < 64 && gn_mp_bits_var(l, 8) > 8 * len)
        pari_err(e_MISC, "genus: %s: %s is too large (more than %lu bits)", fn, what, (unsigned long)(8 * len));
    if (gn_mp_to_bytes_le(out, len, l, 8) != GN_OK)
        fail(fn, "internal: a byte string does not fit");
}

static GEN le_to_int(const uint8_t *in, size_t len)
{
    gn_limb_t l[8];
    if (gn_mp_from_bytes_le(l, 8, in, len) != GN_OK)
        return gen_0;
    return limbs_to_int(l, 8);
}

/* -------------------------------------------------------------- prime curves */

typedef struct {
    int used;
    int named; /* a built-in curve of genus whose default method measured faster than the wNAF */
    gn_fp_kernel_kind kind;
    gn_limb_t p[GN_FP_MAX_LIMBS], a[GN_FP_MAX_LIMBS], b[GN_FP_MAX_LIMBS];
    gn_ec_ctx_t ec;
} fp_curve;

static _Thread_local fp_curve fp_cache[CACHE];
static _Thread_local unsigned fp_next;

static const struct {
    const char *name;
    gn_fp_kernel_kind kind;
} kernel_names[] = {{"auto", GN_FP_KERNEL_AUTO}, {"generic", GN_FP_KERNEL_GENERIC}, {"mont", GN_FP_KERNEL_FIXED},
                    {"mulx", GN_FP_KERNEL_MULX}, {"special", GN_FP_KERNEL_SPECIAL}, {"gmp", GN_FP_KERNEL_GMP},
                    {"pari", GN_FP_KERNEL_PARI}};

static gn_fp_kernel_kind kernel_kind(const char *fn, const char *name)
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
static void fp_value(const char *fn, GEN x, GEN p, gn_limb_t *r, const char *what)
{
    if (typ(x) == t_INTMOD) {
        if (!equalii(gel(x, 1), p))
            pari_err(e_MISC, "genus: %s: %s is not in the curve's field F_p", fn, what);
        x = gel(x, 2);
    }
    if (typ(x) != t_INT)
        pari_err(e_MISC, "genus: %s: %s must be in F_p (t_INT or t_INTMOD), not %s", fn, what, type_name(typ(x)));
    pari_sp av = avma;
    int_to_limbs(fn, modii(x, p), r, GN_FP_MAX_LIMBS, what);
    set_avma(av);
}

static int is_ell(GEN E)
{
    return typ(E) == t_VEC && lg(E) == 17 && typ(gel(E, 14)) == t_VECSMALL;
}

static int is_zero_coef(GEN c)
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
static const fp_curve *fp_curve_of(const char *fn, GEN E, gn_fp_kernel_kind kind, GEN *pp)
{
    if (!is_ell(E) || ell_get_type(E) != t_ELL_Fp)
        fail(fn, "the curve must come from ellinit over a prime field F_p (ellinit([a4, a6], p))");
    GEN p = ellff_get_field(E);
    if (!is_zero_coef(ell_get_a1(E)) || !is_zero_coef(ell_get_a2(E)) || !is_zero_coef(ell_get_a3(E)))
        fail(fn, "the curve must be y^2 = x^3 + a4 x + a6 (a1 = a2 = a3 = 0): ellinit([a4, a6], p)");
    if (expi(p) >= GN_FP_MAX_BITS)
        pari_err(e_MISC, "genus: %s: p has more than %d bits", fn, GN_FP_MAX_BITS);
    fp_curve key;
    key.kind = kind;
    int_to_limbs(fn, p, key.p, GN_FP_MAX_LIMBS, "p");
    fp_value(fn, ell_get_a4(E), p, key.a, "a4");
    fp_value(fn, ell_get_a6(E), p, key.b, "a6");
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
    if (gn_mp_to_hex(ph, sizeof ph, key.p, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(ah, sizeof ah, key.a, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(bh, sizeof bh, key.b, GN_FP_MAX_LIMBS, 0) != GN_OK)
        fail(fn, "internal: a parameter does not convert");
    gn_ec_params_t prm = {.model = GN_EC_WEIERSTRASS, .p = ph, .a = ah, .b = bh, .name = "gp"};
    gn_err e = gn_ec_init_kernel(&c->ec, &prm, kind);
    if (e == GN_ERR_UNSUPPORTED && kind != GN_FP_KERNEL_AUTO)
        fail(fn, "this kernel cannot serve p on this build and CPU");
    if (e != GN_OK)
        fail_err(fn, e);
    c->used = 1;
    return c;
}

static int is_point_at_infinity(GEN P)
{
    return typ(P) == t_VEC && lg(P) == 2 && isintzero(gel(P, 1));
}

static void fp_point(const char *fn, const gn_ec_ctx_t *ec, GEN p, GEN P, gn_ec_point_t *r, const char *what)
{
    if (typ(P) != t_VEC || (lg(P) != 3 && !is_point_at_infinity(P)))
        pari_err(e_MISC, "genus: %s: %s must be a point [x, y] or [0]", fn, what);
    if (is_point_at_infinity(P)) {
        gn_ec_set_infinity(ec, r);
        return;
    }
    gn_limb_t x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    fp_value(fn, gel(P, 1), p, x, what);
    fp_value(fn, gel(P, 2), p, y, what);
    if (gn_fp_set_mp(&ec->fp, &r->x, x, GN_FP_MAX_LIMBS) != GN_OK || gn_fp_set_mp(&ec->fp, &r->y, y, GN_FP_MAX_LIMBS) != GN_OK)
        fail(fn, "internal: a coordinate does not convert");
    r->infinity = 0;
    if (!gn_ec_is_on_curve(ec, r))
        pari_err(e_MISC, "genus: %s: %s is not on the curve", fn, what);
}

static GEN fp_point_out(const gn_ec_ctx_t *ec, GEN p, const gn_ec_point_t *r)
{
    if (r->infinity)
        return mkvec(gen_0);
    gn_limb_t x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(&ec->fp, x, GN_FP_MAX_LIMBS, &r->x);
    gn_fp_get_mp(&ec->fp, y, GN_FP_MAX_LIMBS, &r->y);
    return mkvec2(mkintmod(limbs_to_int(x, GN_FP_MAX_LIMBS), p), mkintmod(limbs_to_int(y, GN_FP_MAX_LIMBS), p));
}

/* ------------------------------------------------------------- binary curves */

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
static void ff_bits(const char *fn, GEN x, GEN field, gn_limb_t *r, const char *what)
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

static GEN ff_from_bits(const gn_limb_t *a, GEN field, long m)
{
    GEN pol = cgetg(m + 2, t_POL);
    pol[1] = evalsigne(1) | evalvarn(varn(FF_mod(field)));
    for (long i = 0; i < m; i++)
        gel(pol, i + 2) = (a[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1 ? gen_1 : gen_0;
    return Fq_to_FF(normalizepol(pol), field);
}

static const gn_ec2m_ctx_t *f2m_curve_of(const char *fn, GEN E, GEN *pfield)
{
    if (!is_ell(E) || ell_get_type(E) != t_ELL_Fq)
        fail(fn, "the curve must come from ellinit over a finite field (F_p or F_2^m from ffgen)");
    GEN field = ellff_get_field(E);
    if (!equaliu(FF_p_i(field), 2))
        fail(fn, "over extension fields genus has F_2^m curves only (ffgen(2^m) of a trinomial or pentanomial)");
    if (!gequal1(ell_get_a1(E)) || !is_zero_coef(ell_get_a3(E)) || !is_zero_coef(ell_get_a4(E)))
        fail(fn, "the curve must be y^2 + x y = x^3 + a2 x^2 + a6: ellinit([1, a2, 0, 0, a6], g)");
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
                fail(fn, "F_2^m must be defined by a trinomial or a pentanomial: "
                         "ffgen(Mod(1, 2) * (x^m + x^k + 1)) or with x^m + x^a + x^b + x^c + 1");
            key.exps[key.nexp++] = (unsigned)i;
        }
    set_avma(av);
    if (key.nexp != 3 && key.nexp != 5)
        fail(fn, "F_2^m must be defined by a trinomial or a pentanomial");
    ff_bits(fn, ell_get_a2(E), field, key.a, "a2");
    ff_bits(fn, ell_get_a6(E), field, key.b, "a6");
    *pfield = field;
    for (unsigned i = 0; i < CACHE; i++) {
        f2m_curve *c = &f2m_cache[i];
        if (c->used && c->nexp == key.nexp && !memcmp(c->exps, key.exps, sizeof key.exps) &&
            !memcmp(c->a, key.a, sizeof key.a) && !memcmp(c->b, key.b, sizeof key.b))
            return &c->ec;
    }
    char ah[2 * GN_F2M_MAX_LIMBS * 8 + 1], bh[sizeof ah];
    if (gn_mp_to_hex(ah, sizeof ah, key.a, GN_F2M_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(bh, sizeof bh, key.b, GN_F2M_MAX_LIMBS, 0) != GN_OK)
        fail(fn, "internal: a parameter does not convert");
    gn_ec2m_params_t prm = {.name = "gp", .nexp = key.nexp, .a = ah, .b = bh};
    memcpy(prm.exps, key.exps, sizeof prm.exps);
    f2m_curve *c = &f2m_cache[f2m_next++ % CACHE];
    c->used = 0;
    gn_err e = gn_ec2m_init(&c->ec, &prm);
    if (e != GN_OK)
        fail_err(fn, e);
    key.used = 1;
    key.ec = c->ec;
    *c = key;
    return &c->ec;
}

static void f2m_point(const char *fn, const gn_ec2m_ctx_t *ec, GEN field, GEN P, gn_ec2m_point_t *r, const char *what)
{
    if (typ(P) != t_VEC || (lg(P) != 3 && !is_point_at_infinity(P)))
        pari_err(e_MISC, "genus: %s: %s must be a point [x, y] or [0]", fn, what);
    if (is_point_at_infinity(P)) {
        gn_ec2m_set_infinity(ec, r);
        return;
    }
    gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS];
    ff_bits(fn, gel(P, 1), field, x, what);
    ff_bits(fn, gel(P, 2), field, y, what);
    if (gn_f2m_set_mp(&ec->f, &r->x, x, GN_F2M_MAX_LIMBS) != GN_OK || gn_f2m_set_mp(&ec->f, &r->y, y, GN_F2M_MAX_LIMBS) != GN_OK)
        fail(fn, "internal: a coordinate does not convert");
    r->infinity = 0;
    if (!gn_ec2m_is_on_curve(ec, r))
        pari_err(e_MISC, "genus: %s: %s is not on the curve", fn, what);
}

static GEN f2m_point_out(const gn_ec2m_ctx_t *ec, GEN field, const gn_ec2m_point_t *r)
{
    if (r->infinity)
        return mkvec(gen_0);
    gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS];
    gn_f2m_get_mp(&ec->f, x, GN_F2M_MAX_LIMBS, &r->x);
    gn_f2m_get_mp(&ec->f, y, GN_F2M_MAX_LIMBS, &r->y);
    long m = (long)ec->f.m;
    return mkvec2(ff_from_bits(x, field, m), ff_from_bits(y, field, m));
}

static int over_f2m(GEN E)
{
    return is_ell(E) && ell_get_type(E) == t_ELL_Fq;
}

/* ------------------------------------------------------------------ GP calls */

/* genusellmul(E, P, k, {kernel}): [k] P by width-w NAF in Jacobian (F_p) or Lopez-Dahab (F_2^m)
 * coordinates: variable time, as ellmul is (genusecdh is the constant-time call for secrets); on
 * genus's named curves by the library's default, which knows the order */
GEN gn_gp_ellmul(GEN E, GEN P, GEN k, const char *kernel)
{
    static const char fn[] = "genusellmul";
    pari_sp av = avma;
    uint8_t kb[GN_EC_MAX_SCALAR_BYTES];
    int neg;
    if (over_f2m(E)) {
        if (kernel)
            fail(fn, "the kernel choice is for prime fields");
        GEN field;
        const gn_ec2m_ctx_t *ec = f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t p, r;
        f2m_point(fn, ec, field, P, &p, "P");
        size_t kl = scalar_bytes(fn, k, kb, GN_EC2M_MAX_SCALAR_BYTES, &neg);
        gn_err e = gn_ec2m_mul_wnaf_var(ec, &r, kb, kl, &p, 0);
        if (e != GN_OK)
            fail_err(fn, e);
        if (neg)
            gn_ec2m_neg(ec, &r, &r);
        return gerepilecopy(av, f2m_point_out(ec, field, &r));
    }
    GEN p;
    const fp_curve *c = fp_curve_of(fn, E, kernel_kind(fn, kernel), &p);
    const gn_ec_ctx_t *ec = &c->ec;
    gn_ec_point_t q, r;
    fp_point(fn, ec, p, P, &q, "P");
    size_t kl = scalar_bytes(fn, k, kb, sizeof kb, &neg);
    gn_err e = c->named ? gn_ec_mul(ec, &r, kb, kl, &q, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0)
                        : gn_ec_mul(ec, &r, kb, kl, &q, GN_EC_JACOBIAN, GN_EC_WNAF, 0);
    if (e != GN_OK)
        fail_err(fn, e);
    if (neg)
        gn_ec_neg(ec, &r, &r);
    return gerepilecopy(av, fp_point_out(ec, p, &r));
}

/* genuselladd(E, P, Q, {kernel}): P + Q */
GEN gn_gp_elladd(GEN E, GEN P, GEN Q, const char *kernel)
{
    static const char fn[] = "genuselladd";
    pari_sp av = avma;
    if (over_f2m(E)) {
        if (kernel)
            fail(fn, "the kernel choice is for prime fields");
        GEN field;
        const gn_ec2m_ctx_t *ec = f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t a, b, r;
        f2m_point(fn, ec, field, P, &a, "P");
        f2m_point(fn, ec, field, Q, &b, "Q");
        gn_ec2m_add_var(ec, &r, &a, &b);
        return gerepilecopy(av, f2m_point_out(ec, field, &r));
    }
    GEN p;
    const gn_ec_ctx_t *ec = &fp_curve_of(fn, E, kernel_kind(fn, kernel), &p)->ec;
    gn_ec_point_t a, b, r;
    fp_point(fn, ec, p, P, &a, "P");
    fp_point(fn, ec, p, Q, &b, "Q");
    gn_ec_add_var(ec, &r, &a, &b);
    return gerepilecopy(av, fp_point_out(ec, p, &r));
}

/* The subgroup order for ECDH: n as given, or the largest prime n = #E / h with h < 2^16 from
 * PARI's point count (ellcard: SEA, seconds at 256 bits the first time, then cached in E). */
static GEN ecdh_order(const char *fn, GEN E, GEN n)
{
    if (n) {
        if (typ(n) != t_INT || signe(n) <= 0)
            fail(fn, "n must be a positive integer (the order of the subgroup)");
        return n;
    }
    GEN N = ellcard(E, NULL);
    for (ulong h = 1; h < 65536; h++) {
        if (umodiu(N, h))
            continue;
        GEN q = diviuexact(N, h);
        if (cmpiu(q, 1) > 0 && BPSW_psp(q))
            return q;
    }
    fail(fn, "the group order has no prime factor with a cofactor below 2^16");
    return NULL;
}

/* The cofactor: (q + 1) / n rounded, the only multiple in Hasse's interval when n > 4 sqrt(q)
 * (genus checks the bound and n's primality) */
static gn_limb_t ecdh_cofactor(const char *fn, GEN q, GEN n)
{
    pari_sp av = avma;
    GEN h = diviiround(addiu(q, 1), n);
    if (lgefint(h) > 3 || !signe(h))
        fail(fn, "n is too small for a cofactor: the subgroup's order must exceed 4 sqrt(#F)");
    gn_limb_t r = (gn_limb_t)*int_W(h, 0);
    set_avma(av);
    return r;
}

static void ecdh_fail(const char *fn, gn_err e)
{
    if (e == GN_ERR_BAD_ORDER || e == GN_ERR_INFINITY)
        fail(fn, "Q is not a point of the subgroup of order n (or n is not its order)");
    fail_err(fn, e);
}

/* genusecdh(E, d, Q, {n}): the ECDH primitive (SEC1 3.3.1) on E's subgroup of prime order n:
 * x([d] Q) for d in [1, n - 1], Q validated (on the curve, of order n: the domain is built with
 * Q as its base point, so genus's set-up proves n Q = 0); an element of E's field. */
GEN gn_gp_ecdh(GEN E, GEN d, GEN Q, GEN n)
{
    static const char fn[] = "genusecdh";
    pari_sp av = avma;
    uint8_t db[GN_EC_MAX_SCALAR_BYTES], z[GN_FP_MAX_BITS / 8 + 1];
    int neg;
    if (typ(d) != t_INT || signe(d) <= 0)
        fail(fn, "the private key d must be a positive integer below n");
    if (over_f2m(E)) {
        GEN field;
        gn_ec2m_ctx_t *ec = (gn_ec2m_ctx_t *)stack_malloc(sizeof *ec); /* PARI's stack: freed by the unwind */
        *ec = *f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t q;
        f2m_point(fn, ec, field, Q, &q, "Q");
        if (q.infinity)
            fail(fn, "Q must not be the point at infinity");
        n = ecdh_order(fn, E, n);
        gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS], a[GN_F2M_MAX_LIMBS], b[GN_F2M_MAX_LIMBS];
        gn_limb_t nl[GN_F2M_MAX_LIMBS + 1], hl[1];
        gn_f2m_get_mp(&ec->f, x, GN_F2M_MAX_LIMBS, &q.x);
        gn_f2m_get_mp(&ec->f, y, GN_F2M_MAX_LIMBS, &q.y);
        gn_f2m_get_mp(&ec->f, a, GN_F2M_MAX_LIMBS, &ec->a);
        gn_f2m_get_mp(&ec->f, b, GN_F2M_MAX_LIMBS, &ec->b);
        int_to_limbs(fn, n, nl, GN_F2M_MAX_LIMBS + 1, "n");
        hl[0] = ecdh_cofactor(fn, int2n((long)ec->f.m), n);
        char xh[2 * GN_F2M_MAX_LIMBS * 8 + 1], yh[sizeof xh], ah[sizeof xh], bh[sizeof xh], nh[sizeof xh + 16], hh[20];
        if (gn_mp_to_hex(xh, sizeof xh, x, GN_F2M_MAX_LIMBS, 0) != GN_OK ||
            gn_mp_to_hex(yh, sizeof yh, y, GN_F2M_MAX_LIMBS, 0) != GN_OK ||
            gn_mp_to_hex(ah, sizeof ah, a, GN_F2M_MAX_LIMBS, 0) != GN_OK ||
            gn_mp_to_hex(bh, sizeof bh, b, GN_F2M_MAX_LIMBS, 0) != GN_OK ||
            gn_mp_to_hex(nh, sizeof nh, nl, GN_F2M_MAX_LIMBS + 1, 0) != GN_OK ||
            gn_mp_to_hex(hh, sizeof hh, hl, 1, 0) != GN_OK)
            fail(fn, "internal: a parameter does not convert");
        gn_ec2m_params_t prm = {.name = "gp", .nexp = ec->f.nk + 2, .a = ah, .b = bh, .gx = xh, .gy = yh, .n = nh, .h = hh};
        prm.exps[0] = ec->f.m;
        for (unsigned i = 0; i < ec->f.nk; i++)
            prm.exps[1 + i] = ec->f.k[i];
        prm.exps[ec->f.nk + 1] = 0;
        gn_err e = gn_ec2m_init(ec, &prm);
        if (e != GN_OK)
            ecdh_fail(fn, e);
        if (cmpii(d, n) >= 0)
            fail(fn, "the private key d must be below n");
        size_t dl = scalar_bytes(fn, d, db, GN_EC2M_MAX_SCALAR_BYTES, &neg);
        if ((e = gn_ec2m_ecdh(ec, z, sizeof z, db, dl, &q, GN_ECDH_STANDARD)) != GN_OK)
            fail_err(fn, e);
        gn_limb_t zl[GN_F2M_MAX_LIMBS];
        if (gn_mp_from_bytes_be(zl, GN_F2M_MAX_LIMBS, z, gn_f2m_bytes(&ec->f)) != GN_OK)
            fail(fn, "internal: the secret does not convert");
        return gerepilecopy(av, ff_from_bits(zl, field, (long)ec->f.m));
    }
    GEN p;
    gn_ec_ctx_t *ec = (gn_ec_ctx_t *)stack_malloc(sizeof *ec);
    *ec = fp_curve_of(fn, E, GN_FP_KERNEL_AUTO, &p)->ec;
    gn_ec_point_t q;
    fp_point(fn, ec, p, Q, &q, "Q");
    if (q.infinity)
        fail(fn, "Q must not be the point at infinity");
    n = ecdh_order(fn, E, n);
    gn_limb_t pl[GN_FP_MAX_LIMBS], a[GN_FP_MAX_LIMBS], b[GN_FP_MAX_LIMBS], x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    gn_limb_t nl[GN_FP_MAX_LIMBS + 1], hl[1];
    int_to_limbs(fn, p, pl, GN_FP_MAX_LIMBS, "p");
    fp_value(fn, ell_get_a4(E), p, a, "a4");
    fp_value(fn, ell_get_a6(E), p, b, "a6");
    gn_fp_get_mp(&ec->fp, x, GN_FP_MAX_LIMBS, &q.x);
    gn_fp_get_mp(&ec->fp, y, GN_FP_MAX_LIMBS, &q.y);
    int_to_limbs(fn, n, nl, GN_FP_MAX_LIMBS + 1, "n");
    hl[0] = ecdh_cofactor(fn, p, n);
    char ph[2 * GN_FP_MAX_BITS / 8 + 1], ah[sizeof ph], bh[sizeof ph], xh[sizeof ph], yh[sizeof ph], nh[sizeof ph + 16],
        hh[20];
    if (gn_mp_to_hex(ph, sizeof ph, pl, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(ah, sizeof ah, a, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(bh, sizeof bh, b, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(xh, sizeof xh, x, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(yh, sizeof yh, y, GN_FP_MAX_LIMBS, 0) != GN_OK ||
        gn_mp_to_hex(nh, sizeof nh, nl, GN_FP_MAX_LIMBS + 1, 0) != GN_OK || gn_mp_to_hex(hh, sizeof hh, hl, 1, 0) != GN_OK)
        fail(fn, "internal: a parameter does not convert");
    gn_ec_params_t prm = {.model = GN_EC_WEIERSTRASS, .p = ph, .a = ah, .b = bh, .gx = xh, .gy = yh, .n = nh, .h = hh,
                          .name = "gp"};
    gn_err e = gn_ec_init(ec, &prm);
    if (e != GN_OK)
        ecdh_fail(fn, e);
    if (cmpii(d, n) >= 0)
        fail(fn, "the private key d must be below n");
    size_t dl = scalar_bytes(fn, d, db, GN_EC_MAX_SCALAR_BYTES, &neg);
    if ((e = gn_ecdh(ec, z, sizeof z, db, dl, &q, GN_ECDH_STANDARD)) != GN_OK)
        fail_err(fn, e);
    gn_limb_t zl[GN_FP_MAX_LIMBS];
    if (gn_mp_from_bytes_be(zl, GN_FP_MAX_LIMBS, z, gn_fp_bytes(&ec->fp)) != GN_OK)
        fail(fn, "internal: the secret does not convert");
    return gerepilecopy(av, mkintmod(limbs_to_int(zl, GN_FP_MAX_LIMBS), p));
}

/* genusx25519(k, u), genusx448(k, u): RFC 7748 section 5 on the little-endian integers of the
 * byte strings; the result as such an integer */
GEN gn_gp_x25519(GEN k, GEN u)
{
    static const char fn[] = "genusx25519";
    uint8_t kb[GN_X25519_BYTES], ub[GN_X25519_BYTES], out[GN_X25519_BYTES];
    int_to_le(fn, k, kb, sizeof kb, "k");
    int_to_le(fn, u, ub, sizeof ub, "u");
    gn_err e = gn_x25519(out, kb, ub);
    if (e != GN_OK)
        fail_err(fn, e);
    return le_to_int(out, sizeof out);
}

GEN gn_gp_x448(GEN k, GEN u)
{
    static const char fn[] = "genusx448";
    uint8_t kb[GN_X448_BYTES], ub[GN_X448_BYTES], out[GN_X448_BYTES];
    int_to_le(fn, k, kb, sizeof kb, "k");
    int_to_le(fn, u, ub, sizeof ub, "u");
    gn_err e = gn_x448(out, kb, ub);
    if (e != GN_OK)
        fail_err(fn, e);
    return le_to_int(out, sizeof out);
}

/* genuskummerpub(sk), genuskummerdh(sk, pk): the Kummer Diffie-Hellman of gn_kummer_dh on the
 * Gaudry-Schost surface; keys as the little-endian integers of their 32 and 48 bytes */
static const gn_kummer_ctx_t *kummer(const char *fn)
{
    static _Thread_local gn_kummer_ctx_t ku;
    static _Thread_local int ready;
    if (!ready) {
        gn_err e = gn_kummer_init_gs127(&ku);
        if (e != GN_OK)
            fail_err(fn, e);
        ready = 1;
    }
    return &ku;
}

GEN gn_gp_kummer_public(GEN sk)
{
    static const char fn[] = "genuskummerpub";
    uint8_t s[32], pub[48];
    int_to_le(fn, sk, s, sizeof s, "the secret key");
    gn_err e = gn_kummer_dh_public(kummer(fn), pub, s);
    if (e != GN_OK)
        fail_err(fn, e);
    return le_to_int(pub, sizeof pub);
}

GEN gn_gp_kummer_dh(GEN sk, GEN pk)
{
    static const char fn[] = "genuskummerdh";
    uint8_t s[32], pub[48], shared[48];
    int_to_le(fn, sk, s, sizeof s, "the secret key");
    int_to_le(fn, pk, pub, sizeof pub, "the public key");
    gn_err e = gn_kummer_dh(kummer(fn), shared, s, pub);
    if (e != GN_OK)
        fail_err(fn, e);
    return le_to_int(shared, sizeof shared);
}

/* ------------------------------------------------------------ genus 2: [k] D */

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
            fp_value(fn, gel(f, i + 2), *pp, c[i], what);
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
        gel(pol, i + 2) = mkintmod(limbs_to_int(l, GN_FP_MAX_LIMBS), p);
    }
    return normalizepol(pol);
}

static void set_fe(const char *fn, const gn_fp_ctx_t *fp, gn_fp_t *r, const gn_limb_t *a)
{
    if (gn_fp_set_mp(fp, r, a, GN_FP_MAX_LIMBS) != GN_OK)
        fail(fn, "internal: a coefficient does not convert");
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
        fail(fn, "f must have degree 5 (the imaginary model y^2 = f(x))");
    if (typ(D) != t_VEC || lg(D) != 3)
        fail(fn, "D must be [u, v] (Mumford form)");
    g2_poly(fn, gel(D, 1), &p, uc, 2, &du, "u");
    g2_poly(fn, gel(D, 2), &p, vc, 2, &dv, "v");
    if (gequal0(gel(D, 1)))
        fail(fn, "u must not be zero");
    long v = typ(f) == t_POL ? varn(f) : 0;
    gn_g2_ctx_t *g = (gn_g2_ctx_t *)stack_malloc(sizeof *g);
    gn_fp_ctx_t fp;
    uint8_t pb[GN_FP_MAX_BITS / 8];
    gn_limb_t pl[GN_FP_MAX_LIMBS];
    int_to_limbs(fn, p, pl, GN_FP_MAX_LIMBS, "p");
    if (gn_mp_to_bytes_be(pb, sizeof pb, pl, GN_FP_MAX_LIMBS) != GN_OK)
        fail(fn, "p is too large");
    gn_err e = gn_fp_init(&fp, pb, sizeof pb);
    if (e != GN_OK)
        fail_err(fn, e);
    gn_fp_t fe[6];
    for (int i = 0; i < 6; i++)
        set_fe(fn, &fp, &fe[i], fc[i]);
    if ((e = gn_g2_init(g, &fp, fe, 6)) != GN_OK)
        fail_err(fn, e);
    /* u monic: the library's element holds u's lower coefficients */
    gn_fp_t lead;
    set_fe(fn, &fp, &lead, uc[du]);
    gn_fp_t one;
    gn_fp_set_one(&fp, &one);
    if (!gn_fp_eq(&fp, &lead, &one))
        fail(fn, "u must be monic");
    if (dv >= du && !(du == 0 && gequal0(gel(D, 2))))
        fail(fn, "deg v must be below deg u");
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
    size_t kl = scalar_bytes(fn, k, kb, sizeof kb, &neg);
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
