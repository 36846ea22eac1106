/* The curves the fuzz targets share (fuzz_curves.h): set up on first use, with their equations
 * evaluated apart from the library (fuzz_util.c). */
#include "fuzz_curves.h"

#include <string.h>

/* ------------------------------------------------------------------ prime curves */

typedef struct ec_spec {
    const char *name; /* a named curve, or the toy curve (params below) the derived ones start from */
    gn_fp_kernel_kind kernel;
    int model;        /* 0: the curve itself; else gn_ec_to_model of it */
} ec_spec_t;


/* Toy curves over p = 65521 (2 bytes, p = 1 mod 16: Tonelli-Shanks), where random inputs hit the
 * curve often: y^2 = x^3 + 5x + 5 of prime order 65111, and y^2 = x^3 - 3x + 105 of order
 * 4 * 16369 (group Z/32738 x Z/2), whose Montgomery, Edwards and Jacobi quartic forms come from
 * gn_ec_to_model (found with PARI/GP: ellcard, ellgroup). */
static const gn_ec_params_t toy_params[] = {
    {GN_EC_WEIERSTRASS, "fff1", "5", "5", "9b14", "225f", "fe57", "1", "toy1"},
    {GN_EC_WEIERSTRASS, "fff1", "ffee", "69", "f33", "4189", "3ff1", "4", "toy4"},
};

static const ec_spec_t ec_specs[] = {
    {"P-256", GN_FP_KERNEL_AUTO, 0},
    {"P-256", GN_FP_KERNEL_GENERIC, 0},
    {"P-224", GN_FP_KERNEL_AUTO, 0},          /* p = 1 mod 2^96: Tonelli-Shanks */
    {"P-521", GN_FP_KERNEL_AUTO, 0},          /* a 521-bit x: 7 spare bits in the first byte */
    {"secp256k1", GN_FP_KERNEL_AUTO, 0},      /* a = 0 */
    {"brainpoolP256r1", GN_FP_KERNEL_AUTO, 0}, /* a general a */
    {"brainpoolP160r1", GN_FP_KERNEL_AUTO, 0},
    {"curve25519", GN_FP_KERNEL_AUTO, 0},     /* Montgomery, p = 5 mod 8: Atkin */
    {"curve448", GN_FP_KERNEL_AUTO, 0},       /* Montgomery, 56 bytes */
    {"edwards25519", GN_FP_KERNEL_AUTO, 0},   /* twisted Edwards */
    {"edwards448", GN_FP_KERNEL_AUTO, 0},
    {"toy1", GN_FP_KERNEL_AUTO, 0},
    {"toy4", GN_FP_KERNEL_AUTO, 0},
    {"toy4", GN_FP_KERNEL_AUTO, GN_EC_MONTGOMERY},
    {"toy4", GN_FP_KERNEL_AUTO, GN_EC_EDWARDS},
    {"toy4", GN_FP_KERNEL_AUTO, GN_EC_JACOBI_QUARTIC},
};

static void ec_setup(fz_ec_t *c, const ec_spec_t *sp)
{
    gn_ec_params_t prm;
    const gn_ec_params_t *named = NULL;
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (!strcmp(gn_ec_named_name(i), sp->name))
            named = gn_ec_named_params(i);
    for (size_t i = 0; i < sizeof toy_params / sizeof toy_params[0]; i++)
        if (!strcmp(toy_params[i].name, sp->name))
            named = &toy_params[i];
    FUZZ_CHECK(named != NULL);
    prm = *named;
    fz_mod_init_hex(&c->m, prm.p);
    gn_ec_ctx_t base;
    FUZZ_CHECK(gn_ec_init_kernel(&base, &prm, sp->kernel) == GN_OK);
    if (sp->model) {
        FUZZ_CHECK(gn_ec_to_model(&c->ec, &base, (gn_ec_model)sp->model) == GN_OK);
        /* the new constants, read through the library: the equation is still evaluated apart */
        fz_from_fp(&c->m, &c->a, &c->ec.fp, &c->ec.a);
        fz_from_fp(&c->m, &c->b, &c->ec.fp, &c->ec.b);
    } else {
        c->ec = base;
        fz_from_hex(&c->m, &c->a, prm.a);
        fz_from_hex(&c->m, &c->b, prm.b ? prm.b : "1");
    }
    FUZZ_CHECK(gn_fp_bytes(&c->ec.fp) == c->m.bytes);
}

/* The equation at (x, y), on integers: 1 if it holds. */
int fz_ec_on_curve(const fz_ec_t *c, const fz_int_t *x, const fz_int_t *y)
{
    const fz_mod_t *m = &c->m;
    fz_int_t l, r, x2, t, one;
    fz_set_u(m, &one, 1);
    fz_mul(m, &x2, x, x);
    fz_mul(m, &l, y, y);
    switch (c->ec.model) {
    case GN_EC_WEIERSTRASS: /* y^2 = x^3 + a x + b */
        fz_add(m, &t, &x2, &c->a);
        fz_mul(m, &r, &t, x);
        fz_add(m, &r, &r, &c->b);
        return fz_eq(&l, &r);
    case GN_EC_MONTGOMERY: /* B y^2 = x^3 + A x^2 + x */
        fz_mul(m, &l, &l, &c->b);
        fz_add(m, &t, x, &c->a);
        fz_mul(m, &t, &t, x);
        fz_add(m, &t, &t, &one);
        fz_mul(m, &r, &t, x);
        return fz_eq(&l, &r);
    case GN_EC_EDWARDS: /* a x^2 + y^2 = 1 + d x^2 y^2 */
        fz_mul(m, &t, &c->a, &x2);
        fz_add(m, &t, &t, &l);
        fz_mul(m, &r, &x2, &l);
        fz_mul(m, &r, &r, &c->b);
        fz_add(m, &r, &r, &one);
        return fz_eq(&t, &r);
    default: /* Jacobi quartic: y^2 = x^4 + 2 a x^2 + 1 */
        fz_mul(m, &r, &x2, &x2);
        fz_mul(m, &t, &x2, &c->a);
        fz_add(m, &r, &r, &t);
        fz_add(m, &r, &r, &t);
        fz_add(m, &r, &r, &one);
        return fz_eq(&l, &r);
    }
}

/* Whether some y satisfies the equation at x: y^2 = num / den with den != 0, num den a square. */
int fz_ec_has_y(const fz_ec_t *c, const fz_int_t *x, int *y_zero)
{
    const fz_mod_t *m = &c->m;
    fz_int_t num, den, t, x2, one;
    fz_set_u(m, &one, 1);
    fz_mul(m, &x2, x, x);
    den = one;
    switch (c->ec.model) {
    case GN_EC_WEIERSTRASS:
        fz_add(m, &t, &x2, &c->a);
        fz_mul(m, &t, &t, x);
        fz_add(m, &num, &t, &c->b);
        break;
    case GN_EC_MONTGOMERY: /* (x^3 + A x^2 + x) / B */
        fz_add(m, &t, x, &c->a);
        fz_mul(m, &t, &t, x);
        fz_add(m, &t, &t, &one);
        fz_mul(m, &num, &t, x);
        den = c->b;
        break;
    case GN_EC_EDWARDS: /* (1 - a x^2) / (1 - d x^2) */
        fz_mul(m, &t, &c->a, &x2);
        fz_sub(m, &num, &one, &t);
        fz_mul(m, &t, &c->b, &x2);
        fz_sub(m, &den, &one, &t);
        break;
    default:
        fz_mul(m, &num, &x2, &x2);
        fz_mul(m, &t, &x2, &c->a);
        fz_add(m, &num, &num, &t);
        fz_add(m, &num, &num, &t);
        fz_add(m, &num, &num, &one);
        break;
    }
    *y_zero = fz_is_zero(&num);
    if (fz_is_zero(&den))
        return 0;
    fz_mul(m, &t, &num, &den);
    return fz_is_square(m, &t);
}


const fz_ec_t *fz_ec(size_t i)
{
    static fz_ec_t curves[FZ_EC_COUNT];
    static int ready;
    FUZZ_CHECK(sizeof ec_specs / sizeof ec_specs[0] == FZ_EC_COUNT && i < FZ_EC_COUNT);
    if (!ready) {
        for (size_t k = 0; k < FZ_EC_COUNT; k++) {
            fz_ec_t *c = &curves[k];
            ec_setup(c, &ec_specs[k]);
            /* the base point satisfies the integer equation: the model is read right */
            uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
            fz_int_t xi, yi;
            gn_ec_point_get(&c->ec, x, y, &c->ec.g);
            FUZZ_CHECK(fz_from_bytes(&c->m, &xi, x, c->m.bytes, 0) && fz_from_bytes(&c->m, &yi, y, c->m.bytes, 0));
            FUZZ_CHECK(fz_ec_on_curve(c, &xi, &yi));
        }
        ready = 1;
    }
    return &curves[i];
}

/* ------------------------------------------------------------------ binary curves */

typedef struct ec2m_spec {
    const char *name; /* a named curve, or NULL for the parameters below */
    unsigned exps[5];
    size_t nexp;
    const char *a, *b;
} ec2m_spec_t;

static const ec2m_spec_t ec2m_specs[] = {
    {"B-163", {0}, 0, NULL, NULL},
    {"K-163", {0}, 0, NULL, NULL},
    {"B-233", {0}, 0, NULL, NULL},
    {"K-283", {0}, 0, NULL, NULL},
    {"B-409", {0}, 0, NULL, NULL},
    {"B-571", {0}, 0, NULL, NULL},
    /* no base point: decoding needs none. Irreducibility checked with PARI/GP (polisirreducible). */
    {NULL, {113, 9, 0}, 3, "1", "5a5a5a5a5a5a5a5a5a5a5a5a5a5"}, /* odd m, word-wise */
    {NULL, {130, 3, 0}, 3, "0", "3c0ffee0000000000000000000000000b"}, /* even m, word-wise */
    {NULL, {200, 5, 3, 2, 0}, 5, "1", "7"},                      /* even m, pentanomial */
    {NULL, {11, 2, 0}, 3, "1", "3"},                             /* odd m, chunk-wise */
    {NULL, {12, 3, 0}, 3, "0", "5"},                             /* even m, chunk-wise */
    {NULL, {8, 4, 3, 1, 0}, 5, "1", "1b"},                       /* even m, pentanomial, chunk-wise */
};



static void ec2m_setup(fz_ec2m_t *c, const ec2m_spec_t *sp)
{
    gn_ec2m_params_t prm;
    if (sp->name) {
        const gn_ec2m_params_t *named = NULL;
        for (size_t i = 0; i < gn_ec2m_named_count(); i++)
            if (!strcmp(gn_ec2m_named_name(i), sp->name))
                named = gn_ec2m_named_params(i);
        FUZZ_CHECK(named != NULL);
        prm = *named;
    } else {
        memset(&prm, 0, sizeof prm);
        prm.name = "fuzz";
        memcpy(prm.exps, sp->exps, sizeof prm.exps);
        prm.nexp = sp->nexp;
        prm.a = sp->a;
        prm.b = sp->b;
    }
    FUZZ_CHECK(gn_ec2m_init(&c->ec, &prm) == GN_OK);
    fz_poly_zero(&c->f);
    for (size_t i = 0; i < prm.nexp; i++)
        fz_poly_set_bit(&c->f, prm.exps[i]);
    c->m = (int)prm.exps[0];
    c->L = (size_t)(c->m + 7) / 8;
    FUZZ_CHECK(gn_f2m_bytes(&c->ec.f) == c->L);
    fz_poly_from_hex(&c->a, prm.a);
    fz_poly_from_hex(&c->b, prm.b);
    fz_poly_trace_table(c->tr, &c->f);
    /* the table against the definition, Tr(x) = x + x^2 + ... + x^(2^(m-1)), once */
    fz_poly_t t, acc;
    fz_poly_zero(&t);
    fz_poly_set_bit(&t, 1);
    fz_poly_mod(&t, &t, &c->f);
    acc = t;
    for (int i = 1; i < c->m; i++) {
        fz_poly_mulmod(&t, &t, &t, &c->f);
        fz_poly_add(&acc, &acc, &t);
    }
    FUZZ_CHECK(fz_poly_deg(&acc) <= 0 && (int)(acc.w[0] & 1) == c->tr[1]);
}

/* y^2 + x y = x^3 + a x^2 + b */
int fz_ec2m_on_curve(const fz_ec2m_t *c, const fz_poly_t *x, const fz_poly_t *y)
{
    fz_poly_t l, r, t, x2;
    fz_poly_mulmod(&x2, x, x, &c->f);
    fz_poly_mulmod(&l, y, y, &c->f);
    fz_poly_mulmod(&t, x, y, &c->f);
    fz_poly_add(&l, &l, &t);
    fz_poly_add(&t, x, &c->a);
    fz_poly_mulmod(&r, &x2, &t, &c->f);
    fz_poly_add(&r, &r, &c->b);
    return fz_poly_eq(&l, &r);
}


const fz_ec2m_t *fz_ec2m(size_t i)
{
    static fz_ec2m_t curves[FZ_EC2M_COUNT];
    static int ready;
    FUZZ_CHECK(sizeof ec2m_specs / sizeof ec2m_specs[0] == FZ_EC2M_COUNT && i < FZ_EC2M_COUNT);
    if (!ready) {
        for (size_t k = 0; k < FZ_EC2M_COUNT; k++)
            ec2m_setup(&curves[k], &ec2m_specs[k]);
        ready = 1;
    }
    return &curves[i];
}

/* ------------------------------------------------------------------ the Kummer surface */

/* The quartic of the Gaudry-Schost surface with SUPERCOP's constants (tests/vectors/kummer_gs127.json),
 * not the library's: K XYZT = (X^2 + Y^2 + Z^2 + T^2 - F (XT + YZ) - G (XZ + YT) - H (XY + ZT))^2. */
static fz_mod_t ku_m;
static fz_int_t ku_K, ku_F, ku_G, ku_H;

const fz_mod_t *fz_kummer_mod(void)
{
    static int ready;
    if (!ready) {
        fz_mod_init_hex(&ku_m, "7fffffffffffffffffffffffffffffff");
        fz_from_hex(&ku_m, &ku_K, "1c0f8de418b6e710e063c090f877e561");
        fz_from_hex(&ku_m, &ku_F, "6d44aed44aed44aed44aed44aed44aee");
        fz_from_hex(&ku_m, &ku_G, "3d70a3d70a3d70a3d70a3d70a3d70a3d");
        fz_from_hex(&ku_m, &ku_H, "28ab3cca0f694fa01b65e2e3beee0522");
        ready = 1;
    }
    return &ku_m;
}

int fz_kummer_on_surface(const fz_int_t c[4])
{
    const fz_mod_t *m = fz_kummer_mod();
    fz_int_t s, t, l, r;
    fz_mul(m, &l, &c[0], &c[1]);
    fz_mul(m, &l, &l, &c[2]);
    fz_mul(m, &l, &l, &c[3]);
    fz_mul(m, &l, &l, &ku_K);
    fz_set_u(m, &r, 0);
    for (int i = 0; i < 4; i++) {
        fz_mul(m, &t, &c[i], &c[i]);
        fz_add(m, &r, &r, &t);
    }
    const fz_int_t *coef[3] = {&ku_F, &ku_G, &ku_H};
    static const int pairs[3][4] = {{0, 3, 1, 2}, {0, 2, 1, 3}, {0, 1, 2, 3}};
    for (int k = 0; k < 3; k++) {
        fz_mul(m, &s, &c[pairs[k][0]], &c[pairs[k][1]]);
        fz_mul(m, &t, &c[pairs[k][2]], &c[pairs[k][3]]);
        fz_add(m, &s, &s, &t);
        fz_mul(m, &s, &s, coef[k]);
        fz_sub(m, &r, &r, &s);
    }
    fz_mul(m, &r, &r, &r);
    return fz_eq(&l, &r);
}

/* ------------------------------------------------------------------ genus-2 curves */

typedef struct g2_spec {
    const char *p;  /* the prime, or NULL for the Rosenhain curve of gn_g2_init_gs127 */
    gn_fp_kernel_kind kernel;
    int split;      /* what init must find: 1 split degree 6, 0 otherwise */
    uint64_t f[7];  /* f0 .. f6 (small, so that the integer check reads them directly) */
} g2_spec_t;

static const g2_spec_t g2_specs[] = {
    {NULL, GN_FP_KERNEL_AUTO, 0, {0}},
    {"fff1", GN_FP_KERNEL_AUTO, 0, {11, 7, 0, 3, 0, 1, 0}},  /* degree 5 */
    {"fff1", GN_FP_KERNEL_AUTO, 1, {5, 3, 2, 0, 9, 1, 4}},   /* degree 6, f6 = 2^2 */
    {"fff1", GN_FP_KERNEL_AUTO, 0, {5, 3, 2, 0, 9, 1, 17}},  /* degree 6, f6 = 17 a non-square */
    {"7fffffffffffffffffffffffffffffff", GN_FP_KERNEL_GENERIC, 1, {1, 2, 3, 4, 5, 6, 9}},
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_AUTO, 0,
     {1, 0, 0, 0, 7, 2, 0}},
};



/* The Rosenhain constants of tests/vectors/kummer_gs127.json: f = x (x - 1)(x - l)(x - m)(x - n). */
static void rosenhain(const fz_mod_t *m, fz_int_t f[7])
{
    static const char *const roots[] = {"0", "1", "15555555555555555555555555555552",
                                        "73e334fbb315130e05a505c31919a746", "552ab1b63bf799716b5806482d2d21f3"};
    fz_int_t r, t, zero;
    fz_set_u(m, &zero, 0);
    for (int i = 0; i < 7; i++)
        fz_set_u(m, &f[i], i == 0);
    for (int k = 0; k < 5; k++) { /* f = f x - r f, top coefficient down (f[6] stays zero until the end) */
        fz_from_hex(m, &r, roots[k]);
        for (int i = 6; i >= 0; i--) {
            fz_mul(m, &t, &f[i], &r);
            fz_sub(m, &f[i], i ? &f[i - 1] : &zero, &t);
        }
    }
}

static void g2_setup(fz_g2_t *c, const g2_spec_t *sp)
{
    if (!sp->p) {
        FUZZ_CHECK(gn_g2_init_gs127(&c->g) == GN_OK);
        fz_mod_init_hex(&c->m, "7fffffffffffffffffffffffffffffff");
        fz_int_t want[7];
        rosenhain(&c->m, want);
        for (int i = 0; i < 7; i++) {
            fz_from_fp(&c->m, &c->f[i], &c->g.fp, &c->g.f[i]);
            FUZZ_CHECK(fz_eq(&c->f[i], &want[i]));
        }
    } else {
        gn_fp_ctx_t fp;
        uint8_t pb[GN_FP_MAX_BITS / 8];
        gn_fp_t f[7];
        fz_mod_init_hex(&c->m, sp->p);
        fz_to_bytes(&c->m, pb, &c->m.p);
        FUZZ_CHECK(gn_fp_init_kernel(&fp, pb, c->m.bytes, sp->kernel) == GN_OK);
        for (int i = 0; i < 7; i++) {
            gn_fp_set_u64(&fp, &f[i], sp->f[i]);
            fz_set_u(&c->m, &c->f[i], sp->f[i]);
        }
        FUZZ_CHECK(gn_g2_init(&c->g, &fp, f, 7) == GN_OK);
    }
    FUZZ_CHECK(c->g.split == sp->split);
    c->fb = c->m.bytes;
    FUZZ_CHECK(gn_g2_encoded_bytes(&c->g) == 1 + 4 * c->fb);
}

/* u | v^2 - f for u = x^2 + u1 x + u0 (deg 2), x + u0 (deg 1), 1 (deg 0), v = v1 x + v0. */
int fz_g2_divides(const fz_g2_t *c, unsigned deg, const fz_int_t co[4])
{
    const fz_mod_t *m = &c->m;
    fz_int_t r[7], t;
    if (deg == 0)
        return 1;
    /* r = v^2 - f, degree at most 6 */
    for (int i = 0; i < 7; i++)
        fz_sub(m, &r[i], &(fz_int_t){{0}}, &c->f[i]);
    fz_mul(m, &t, &co[2], &co[2]);
    fz_add(m, &r[2], &r[2], &t);
    fz_mul(m, &t, &co[2], &co[3]);
    fz_add(m, &r[1], &r[1], &t);
    fz_add(m, &r[1], &r[1], &t);
    fz_mul(m, &t, &co[3], &co[3]);
    fz_add(m, &r[0], &r[0], &t);
    /* long division by the monic u: for i from 6 down to deg, r -= r_i x^(i - deg) u */
    for (int i = 6; i >= (int)deg; i--) {
        const fz_int_t q = r[i];
        if (deg == 2) {
            fz_mul(m, &t, &q, &co[0]);
            fz_sub(m, &r[i - 1], &r[i - 1], &t);
            fz_mul(m, &t, &q, &co[1]);
            fz_sub(m, &r[i - 2], &r[i - 2], &t);
        } else {
            fz_mul(m, &t, &q, &co[1]);
            fz_sub(m, &r[i - 1], &r[i - 1], &t);
        }
        fz_set_u(m, &r[i], 0);
    }
    for (unsigned i = 0; i < deg; i++)
        if (!fz_is_zero(&r[i]))
            return 0;
    return 1;
}

gn_err fz_g2_verdict(const fz_g2_t *c, const uint8_t *e, size_t len)
{
    fz_int_t co[4];
    if (len != 1 + 4 * c->fb)
        return GN_ERR_INVALID;
    const unsigned deg = e[0] & 3, n = e[0] >> 2;
    if (deg > 2 || n > 2)
        return GN_ERR_ENCODING;
    if (c->g.split ? n > 2 - deg : n != 0 || (c->g.deg == 6 && deg == 1))
        return GN_ERR_ENCODING;
    for (int i = 0; i < 4; i++)
        if (!fz_from_bytes(&c->m, &co[i], e + 1 + i * c->fb, c->fb, 0))
            return GN_ERR_ENCODING;
    for (int i = 0; i < 4; i++) {
        const int used = (i == 0 || i == 2) ? deg == 2 : deg >= 1;
        if (!used && !fz_is_zero(&co[i]))
            return GN_ERR_ENCODING;
    }
    return fz_g2_divides(c, deg, co) ? GN_OK : GN_ERR_NOT_ON_CURVE;
}


const fz_g2_t *fz_g2(size_t i)
{
    static fz_g2_t curves[FZ_G2_COUNT];
    static int ready;
    FUZZ_CHECK(sizeof g2_specs / sizeof g2_specs[0] == FZ_G2_COUNT && i < FZ_G2_COUNT);
    if (!ready) {
        for (size_t k = 0; k < FZ_G2_COUNT; k++)
            g2_setup(&curves[k], &g2_specs[k]);
        ready = 1;
    }
    return &curves[i];
}
