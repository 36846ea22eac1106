/* Fuzz target: SEC1 point decoding on prime curves (gn_ec_decode) and the public-key decoder's
 * SEC1 and raw forms (gn_ec_public_decode), on curves of every model, kernel and square-root
 * kind. Input: one byte choosing the curve, then the encoding.
 *
 * Every verdict is recomputed by different code: the curve equation on integers modulo p
 * (gn_mp_*, fuzz_util.c) rather than the field kernel, squares by the Jacobi symbol rather than
 * the field's square root. Then: an uncompressed encoding is accepted exactly when both
 * coordinates are below p and satisfy the equation; a compressed one exactly when x is below p
 * and the right-hand side is a square (not zero with the odd prefix), and the y it gives squares
 * to it with the prefix's parity; anything else is refused with the documented error; an
 * accepted point re-encodes to the input and its other form decodes to the same point; the
 * public-key forms agree with SEC1 (the neutral element refused) and raw X || Y with 04 || X || Y. */
#include <string.h>

#include "fuzz_util.h"
#include "genus/ecdh.h"

typedef struct spec {
    const char *name; /* a named curve, or the toy curve (params below) the derived ones start from */
    gn_fp_kernel_kind kernel;
    int model;        /* 0: the curve itself; else gn_ec_to_model of it */
} spec_t;

typedef struct curve {
    gn_ec_ctx_t ec;
    fz_mod_t m;
    fz_int_t a, b;        /* the equation's constants (gn_ec_params_t's a and b) */
} curve_t;

/* Toy curves over p = 65521 (2 bytes, p = 1 mod 16: Tonelli-Shanks), where random inputs hit the
 * curve often: y^2 = x^3 + 5x + 5 of prime order 65111, and y^2 = x^3 - 3x + 105 of order
 * 4 * 16369 (group Z/32738 x Z/2), whose Montgomery, Edwards and Jacobi quartic forms come from
 * gn_ec_to_model (found with PARI/GP: ellcard, ellgroup). */
static const gn_ec_params_t toy_params[] = {
    {GN_EC_WEIERSTRASS, "fff1", "5", "5", "9b14", "225f", "fe57", "1", "toy1"},
    {GN_EC_WEIERSTRASS, "fff1", "ffee", "69", "f33", "4189", "3ff1", "4", "toy4"},
};

static const spec_t specs[] = {
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
#define NCURVES (sizeof specs / sizeof specs[0])
static curve_t curves[NCURVES];
static size_t accepted;

static void setup(curve_t *c, const spec_t *sp)
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
static int on_curve(const curve_t *c, const fz_int_t *x, const fz_int_t *y)
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
static int has_y(const curve_t *c, const fz_int_t *x, int *y_zero)
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

static int is_neutral(const curve_t *c, const gn_ec_point_t *p)
{
    if (c->ec.model != GN_EC_EDWARDS && c->ec.model != GN_EC_JACOBI_QUARTIC)
        return p->infinity != 0;
    uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
    const size_t fb = c->m.bytes;
    int x_zero = 1, y_one;
    gn_ec_point_get(&c->ec, x, y, p);
    y_one = y[fb - 1] == 1;
    for (size_t i = 0; i < fb; i++)
        x_zero &= x[i] == 0;
    for (size_t i = 0; i + 1 < fb; i++)
        y_one &= y[i] == 0;
    return !p->infinity && x_zero && y_one;
}

/* The checks on a point gn_ec_decode accepted from e[0..len). */
static void check_accepted(const curve_t *c, const gn_ec_point_t *p, const uint8_t *e, size_t len)
{
    const gn_ec_ctx_t *ec = &c->ec;
    const size_t fb = c->m.bytes;
    uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8], out[1 + 2 * GN_FP_MAX_BITS / 8];
    size_t outlen;
    fz_int_t xi, yi;
    gn_ec_point_t q;
    accepted++;
    FUZZ_CHECK(!p->infinity && gn_ec_is_on_curve(ec, p));
    gn_ec_point_get(ec, x, y, p);
    FUZZ_CHECK(fz_from_bytes(&c->m, &xi, x, fb, 0) && fz_from_bytes(&c->m, &yi, y, fb, 0));
    FUZZ_CHECK(on_curve(c, &xi, &yi));
    FUZZ_CHECK(memcmp(x, e + 1, fb) == 0);
    /* the same form again, byte for byte; the other form, the same point */
    const int compressed = e[0] != 4;
    FUZZ_CHECK(gn_ec_encode(ec, out, &outlen, sizeof out, p, compressed) == GN_OK);
    FUZZ_CHECK(outlen == len && memcmp(out, e, len) == 0);
    FUZZ_CHECK(gn_ec_encode(ec, out, &outlen, sizeof out, p, !compressed) == GN_OK);
    FUZZ_CHECK(outlen == (compressed ? 1 + 2 * fb : 1 + fb));
    FUZZ_CHECK(gn_ec_decode(ec, &q, out, outlen, 0) == GN_OK && gn_ec_point_eq(ec, p, &q));
    if (compressed)
        FUZZ_CHECK((y[fb - 1] & 1) == (e[0] & 1));
}

static void check_sec1(const curve_t *c, const uint8_t *e, size_t len)
{
    const gn_ec_ctx_t *ec = &c->ec;
    const size_t fb = c->m.bytes;
    gn_ec_point_t p, q;
    fz_int_t x, y;
    const gn_err e0 = gn_ec_decode(ec, &p, e, len, 0);
    const gn_err e1 = gn_ec_decode(ec, &q, e, len, 1);
    if (len == 1 && e[0] == 0) { /* the neutral element: a point at infinity only on cubic models */
        const int cubic = ec->model == GN_EC_WEIERSTRASS || ec->model == GN_EC_MONTGOMERY;
        FUZZ_CHECK(e0 == GN_ERR_INFINITY);
        FUZZ_CHECK(cubic ? e1 == GN_OK && q.infinity : e1 == GN_ERR_INFINITY);
        return;
    }
    FUZZ_CHECK(e0 == e1);
    if (len == 1 + 2 * fb && e[0] == 4) {
        const int in_range = fz_from_bytes(&c->m, &x, e + 1, fb, 0) & fz_from_bytes(&c->m, &y, e + 1 + fb, fb, 0);
        if (!in_range)
            FUZZ_CHECK(e0 == GN_ERR_RANGE);
        else
            FUZZ_CHECK(e0 == (on_curve(c, &x, &y) ? GN_OK : GN_ERR_NOT_ON_CURVE));
    } else if (len == 1 + fb && (e[0] == 2 || e[0] == 3)) {
        int y_zero;
        if (!fz_from_bytes(&c->m, &x, e + 1, fb, 0))
            FUZZ_CHECK(e0 == GN_ERR_RANGE);
        else if (!has_y(c, &x, &y_zero))
            FUZZ_CHECK(e0 == GN_ERR_NOT_ON_CURVE || e0 == GN_ERR_NOT_SQUARE);
        else
            FUZZ_CHECK(e0 == (y_zero && e[0] == 3 ? GN_ERR_ENCODING : GN_OK));
    } else {
        FUZZ_CHECK(e0 == GN_ERR_ENCODING);
    }
    if (e0 != GN_OK)
        return;
    FUZZ_CHECK(gn_ec_point_eq(ec, &p, &q) && p.infinity == q.infinity);
    check_accepted(c, &p, e, len);
}

/* The public-key decoder: SEC1 as gn_ec_decode with the neutral element refused; raw X || Y as
 * SEC1's 04 || X || Y. */
static void check_public(const curve_t *c, const uint8_t *e, size_t len)
{
    const gn_ec_ctx_t *ec = &c->ec;
    const size_t fb = c->m.bytes;
    uint8_t u[1 + 2 * GN_FP_MAX_BITS / 8], out[1 + 2 * GN_FP_MAX_BITS / 8];
    size_t outlen;
    gn_ec_point_t p, q;
    const gn_err d = gn_ec_decode(ec, &p, e, len, 0);
    const gn_err s = gn_ec_public_decode(ec, &q, e, len, GN_EC_KEY_SEC1);
    if (d != GN_OK)
        FUZZ_CHECK(s == d);
    else if (is_neutral(c, &p))
        FUZZ_CHECK(s == GN_ERR_INFINITY);
    else
        FUZZ_CHECK(s == GN_OK && gn_ec_point_eq(ec, &p, &q));

    const gn_err r = gn_ec_public_decode(ec, &q, e, len, GN_EC_KEY_RAW);
    if (len != 2 * fb) {
        FUZZ_CHECK(r == GN_ERR_ENCODING);
        return;
    }
    u[0] = 4;
    memcpy(u + 1, e, len);
    FUZZ_CHECK(r == gn_ec_public_decode(ec, &p, u, len + 1, GN_EC_KEY_SEC1));
    if (r != GN_OK)
        return;
    FUZZ_CHECK(gn_ec_point_eq(ec, &p, &q));
    FUZZ_CHECK(gn_ec_public_encode(ec, out, &outlen, sizeof out, &q, GN_EC_KEY_RAW) == GN_OK);
    FUZZ_CHECK(outlen == len && memcmp(out, e, len) == 0);
}

static int ec_point_one(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        for (size_t i = 0; i < NCURVES; i++) {
            setup(&curves[i], &specs[i]);
            /* the base point satisfies the integer equation: the target reads the model right */
            uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
            fz_int_t xi, yi;
            gn_ec_point_get(&curves[i].ec, x, y, &curves[i].ec.g);
            FUZZ_CHECK(fz_from_bytes(&curves[i].m, &xi, x, curves[i].m.bytes, 0));
            FUZZ_CHECK(fz_from_bytes(&curves[i].m, &yi, y, curves[i].m.bytes, 0));
            FUZZ_CHECK(on_curve(&curves[i], &xi, &yi));
        }
        ready = 1;
    }
    if (size < 1)
        return 0;
    const curve_t *c = &curves[data[0] % NCURVES];
    check_sec1(c, data + 1, size - 1);
    check_public(c, data + 1, size - 1);
    return 0;
}

/* For each curve: the neutral element, and x = 0, 1, p - 1, p, 2^(8 fb) - 1 in both forms with
 * y = 0, 1, p - 1 (the coordinates at the range edges, where lax range checks or reductions
 * pass a non-canonical coordinate). */
static void ec_point_edges(void (*run)(const uint8_t *, size_t))
{
    uint8_t d[2 + 2 * GN_FP_MAX_BITS / 8];
    ec_point_one(NULL, 0);
    for (size_t i = 0; i < NCURVES; i++) {
        const curve_t *c = &curves[i];
        const size_t fb = c->m.bytes;
        fz_int_t v[5];
        uint8_t enc[5][GN_FP_MAX_BITS / 8];
        fz_set_u(&c->m, &v[0], 0);
        fz_set_u(&c->m, &v[1], 1);
        fz_sub(&c->m, &v[2], &v[0], &v[1]);
        for (size_t k = 0; k < 3; k++)
            fz_to_bytes(&c->m, enc[k], &v[k]);
        memcpy(enc[3], enc[2], fb); /* p */
        enc[3][fb - 1]++;
        memset(enc[4], 0xff, fb);
        d[0] = (uint8_t)i;
        d[1] = 0;
        run(d, 2);
        for (size_t xs = 0; xs < 5; xs++) {
            memcpy(d + 2, enc[xs], fb);
            for (uint8_t pre = 2; pre <= 4; pre++) {
                d[1] = pre;
                if (pre != 4) {
                    run(d, 2 + fb);
                    continue;
                }
                for (size_t ys = 0; ys < 5; ys++) {
                    memcpy(d + 2 + fb, enc[ys], fb);
                    run(d, 2 + 2 * fb);
                }
            }
        }
    }
}

static const char *const ec_point_tokens[] = {"\x04", "\x02", "\x03", "\x06", "\x07", "\xff\xff\xff\xff", NULL};

const fuzz_target_t fuzz_target_ec_point = {"ec_point", ec_point_one, 1 + 1 + 2 * 66, 2, ec_point_tokens, NULL,
                                            ec_point_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(ec_point_one)
