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

#include "fuzz_curves.h"
#include "genus/g2.h"

static size_t accepted;

static void encode_decodes(const fz_g2_t *c, const gn_g2_elem_t *d)
{
    uint8_t out[1 + 4 * GN_FP_MAX_BITS / 8];
    gn_g2_elem_t back;
    const size_t len = gn_g2_encoded_bytes(&c->g);
    gn_g2_encode(&c->g, out, d);
    FUZZ_CHECK(fz_g2_verdict(c, out, len) == GN_OK);
    FUZZ_CHECK(gn_g2_decode(&c->g, &back, out, len) == GN_OK && gn_g2_eq(&c->g, &back, d));
}

static void check_decode(const fz_g2_t *c, const uint8_t *e, size_t len)
{
    const gn_g2_ctx_t *g = &c->g;
    uint8_t out[1 + 4 * GN_FP_MAX_BITS / 8];
    gn_g2_elem_t d, t, u, w;
    const gn_err r = gn_g2_decode(g, &d, e, len);
    FUZZ_CHECK(r == fz_g2_verdict(c, e, len));
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

static void check_construct(const fz_g2_t *c, const uint8_t *data, size_t size)
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
    if (size < 1)
        return 0;
    const fz_g2_t *c = fz_g2(data[0] % FZ_G2_COUNT);
    if (data[0] / FZ_G2_COUNT % 2)
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
    for (size_t i = 0; i < FZ_G2_COUNT; i++) {
        const fz_g2_t *c = fz_g2(i);
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
