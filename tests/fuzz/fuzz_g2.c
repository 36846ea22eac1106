/* Fuzz target: genus-2 Jacobian element encodings (gn_g2_decode: deg u + 4 n, then u1, u0, v1,
 * v0), on curves of degree 5, split degree 6 (balanced representation) and non-split degree 6,
 * over p = 65521 (where random degree-1 inputs hit the curve), 2^127 - 1 (the Rosenhain curve of
 * the Gaudry-Schost surface, and a degree-6 curve on the generic kernel) and P-256's prime.
 * Input: byte 0 picks the curve and the mode; then, decoding, the encoding; constructing, the
 * bytes of a random generator and a scalar.
 *
 * Decoding: the verdict recomputed on integers modulo p (fuzz_util.c): accepted exactly when the
 * length is right, the first byte is deg u + 4 n with (deg u, n) allowed on the curve (n = 0
 * unless split, n <= 2 - deg u; deg u != 1 on non-split degree 6), the coordinates are below p
 * and zero beyond deg u, and u divides v^2 - f (the remainder of the division by the monic u
 * computed on integers); refused with GN_ERR_INVALID (length), GN_ERR_ENCODING or
 * GN_ERR_NOT_ON_CURVE otherwise. An accepted element re-encodes to the input; D + (-D) is the
 * neutral element; 2D by Cantor's algorithm, by gn_g2_add (explicit formulas) and by gn_g2_dbl
 * agree and encode to an element that decodes back.
 * Constructing: gn_g2_random and small multiples of it (Cantor's algorithm, which also reaches
 * degree 1 and, on split curves, n != 0) encode to elements that decode to themselves. */
#include <string.h>

#include "fuzz_util.h"
#include "genus/g2.h"

typedef struct spec {
    const char *p;  /* the prime, or NULL for the Rosenhain curve of gn_g2_init_gs127 */
    gn_fp_kernel_kind kernel;
    int split;      /* what init must find: 1 split degree 6, 0 otherwise */
    uint64_t f[7];  /* f0 .. f6 (small, so that the integer check reads them directly) */
} spec_t;

static const spec_t specs[] = {
    {NULL, GN_FP_KERNEL_AUTO, 0, {0}},
    {"fff1", GN_FP_KERNEL_AUTO, 0, {11, 7, 0, 3, 0, 1, 0}},  /* degree 5 */
    {"fff1", GN_FP_KERNEL_AUTO, 1, {5, 3, 2, 0, 9, 1, 4}},   /* degree 6, f6 = 2^2 */
    {"fff1", GN_FP_KERNEL_AUTO, 0, {5, 3, 2, 0, 9, 1, 17}},  /* degree 6, f6 = 17 a non-square */
    {"7fffffffffffffffffffffffffffffff", GN_FP_KERNEL_GENERIC, 1, {1, 2, 3, 4, 5, 6, 9}},
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_AUTO, 0,
     {1, 0, 0, 0, 7, 2, 0}},
};
#define NCURVES (sizeof specs / sizeof specs[0])

typedef struct curve {
    gn_g2_ctx_t g;
    fz_mod_t m;
    fz_int_t f[7];
    size_t fb;
} curve_t;

static curve_t curves[NCURVES];
static size_t accepted;

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

static void setup(curve_t *c, const spec_t *sp)
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
static int divides(const curve_t *c, unsigned deg, const fz_int_t co[4])
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

static gn_err verdict(const curve_t *c, const uint8_t *e, size_t len)
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
    return divides(c, deg, co) ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

static void encode_decodes(const curve_t *c, const gn_g2_elem_t *d)
{
    uint8_t out[1 + 4 * GN_FP_MAX_BITS / 8];
    gn_g2_elem_t back;
    const size_t len = gn_g2_encoded_bytes(&c->g);
    gn_g2_encode(&c->g, out, d);
    FUZZ_CHECK(verdict(c, out, len) == GN_OK);
    FUZZ_CHECK(gn_g2_decode(&c->g, &back, out, len) == GN_OK && gn_g2_eq(&c->g, &back, d));
}

static void check_decode(const curve_t *c, const uint8_t *e, size_t len)
{
    const gn_g2_ctx_t *g = &c->g;
    uint8_t out[1 + 4 * GN_FP_MAX_BITS / 8];
    gn_g2_elem_t d, t, u, w;
    const gn_err r = gn_g2_decode(g, &d, e, len);
    FUZZ_CHECK(r == verdict(c, e, len));
    if (r != GN_OK)
        return;
    accepted++;
    FUZZ_CHECK(gn_g2_check(g, &d) == GN_OK);
    gn_g2_encode(g, out, &d);
    FUZZ_CHECK(memcmp(out, e, len) == 0);
    gn_g2_neg(g, &t, &d);
    encode_decodes(c, &t);
    gn_g2_add_var(g, &u, &d, &t);
    FUZZ_CHECK(gn_g2_is_identity(g, &u));
    gn_g2_add_var(g, &u, &d, &d);
    gn_g2_add(g, &w, &d, &d);
    FUZZ_CHECK(gn_g2_eq(g, &u, &w));
    gn_g2_dbl(g, &w, &d);
    FUZZ_CHECK(gn_g2_eq(g, &u, &w));
    encode_decodes(c, &u);
}

/* gn_rng_fn over the input: fails once the bytes run out. */
static int input_rng(void *state, uint8_t *out, size_t len)
{
    fz_in_t *in = state;
    return fz_take(in, out, len) == len ? 0 : 1;
}

static void check_construct(const curve_t *c, const uint8_t *data, size_t size)
{
    const gn_g2_ctx_t *g = &c->g;
    gn_g2_elem_t d, r;
    uint8_t k[2];
    if (size < 2)
        return;
    memcpy(k, data, 2); /* the scalar first, then the generator's bytes */
    fz_in_t in = {data + 2, size - 2};
    if (gn_g2_random(g, &d, input_rng, &in) != GN_OK)
        return;
    encode_decodes(c, &d);
    gn_g2_mul_var(g, &r, k, sizeof k, &d);
    encode_decodes(c, &r);
}

static int g2_one(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        for (size_t i = 0; i < NCURVES; i++)
            setup(&curves[i], &specs[i]);
        ready = 1;
    }
    if (size < 1)
        return 0;
    const curve_t *c = &curves[data[0] % NCURVES];
    if (data[0] / NCURVES % 2)
        check_construct(c, data + 1, size - 1);
    else
        check_decode(c, data + 1, size - 1);
    return 0;
}

/* Each curve: the neutral element under every first byte, and the first byte of each degree with
 * zero coordinates and coordinates p - 1 and p. */
static void g2_edges(void (*run)(const uint8_t *, size_t))
{
    uint8_t d[2 + 4 * GN_FP_MAX_BITS / 8];
    g2_one(NULL, 0);
    for (size_t i = 0; i < NCURVES; i++) {
        const curve_t *c = &curves[i];
        const size_t len = 1 + 4 * c->fb;
        fz_int_t pm1;
        fz_sub(&c->m, &pm1, &(fz_int_t){{0}}, &(fz_int_t){{1}});
        d[0] = (uint8_t)i;
        for (unsigned b = 0; b < 16; b++) {
            memset(d + 1, 0, len);
            d[1] = (uint8_t)b;
            run(d, 1 + len);
            for (unsigned v = 0; v < 2; v++) {
                for (unsigned k = 0; k < 4; k++) {
                    fz_to_bytes(&c->m, d + 2 + k * c->fb, &pm1);
                    if (v)
                        d[2 + k * c->fb + c->fb - 1]++; /* p (p - 1 is even) */
                }
                run(d, 1 + len);
            }
        }
    }
}

const fuzz_target_t fuzz_target_g2 = {"g2", g2_one, 1 + 1 + 4 * 32 + 64, 2, NULL, NULL, g2_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(g2_one)
