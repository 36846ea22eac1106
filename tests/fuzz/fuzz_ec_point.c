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

#include "fuzz_curves.h"
#include "genus/ecdh.h"

static size_t accepted;

static int is_neutral(const fz_ec_t *c, const gn_ec_point_t *p)
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
static void check_accepted(const fz_ec_t *c, const gn_ec_point_t *p, const uint8_t *e, size_t len)
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
    FUZZ_CHECK(fz_ec_on_curve(c, &xi, &yi));
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

static void check_sec1(const fz_ec_t *c, const uint8_t *e, size_t len)
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
            FUZZ_CHECK(e0 == (fz_ec_on_curve(c, &x, &y) ? GN_OK : GN_ERR_NOT_ON_CURVE));
    } else if (len == 1 + fb && (e[0] == 2 || e[0] == 3)) {
        int y_zero;
        if (!fz_from_bytes(&c->m, &x, e + 1, fb, 0))
            FUZZ_CHECK(e0 == GN_ERR_RANGE);
        else if (!fz_ec_has_y(c, &x, &y_zero))
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
static void check_public(const fz_ec_t *c, const uint8_t *e, size_t len)
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
    if (size < 1)
        return 0;
    const fz_ec_t *c = fz_ec(data[0] % FZ_EC_COUNT);
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
    for (size_t i = 0; i < FZ_EC_COUNT; i++) {
        const fz_ec_t *c = fz_ec(i);
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
