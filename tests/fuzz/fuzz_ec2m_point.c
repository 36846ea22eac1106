/* Fuzz target: SEC1 point decoding on binary curves y^2 + xy = x^3 + a x^2 + b (gn_ec2m_decode),
 * on the NIST fields (fixed reductions), and on fields of odd and even degree, trinomials and
 * pentanomials, reduced word-wise and chunk-wise; the small ones (m = 8, 11, 12) are hit by
 * random inputs. Input: one byte choosing the curve, then the encoding.
 *
 * Each verdict is recomputed in GF(2)[x] on plain 64-bit words (fuzz_util.c), apart from
 * src/f2m: an uncompressed encoding is accepted exactly when both coordinates have degree below
 * m and satisfy the equation; a compressed one exactly when deg x < m and, for x != 0,
 * z^2 + z = x + a + b/x^2 has a solution (trace 0, by a trace table from Newton's identities);
 * the accepted y then satisfies the equation, y/x has the prefix's low bit, and the point
 * re-encodes to the input byte for byte (SEC1 2.3.3 gives x = 0 the prefix 02 only); its other
 * form decodes to the same point; anything else is refused with the documented error. The
 * public-key decoder (gn_ec2m_public_decode) agrees: SEC1 as above, raw X || Y as 04 || X || Y,
 * re-encoded to the input. */
#include <string.h>

#include "fuzz_curves.h"
#include "genus/ecdh.h"
#include "genus/ec2m.h"

static size_t accepted;

/* Coordinate bytes as a polynomial; 0 if its degree is m or more. */
static int coord(const fz_ec2m_t *c, fz_poly_t *r, const uint8_t *in)
{
    fz_poly_from_bytes(r, in, c->L);
    return fz_poly_deg(r) < c->m;
}

static void check_accepted(const fz_ec2m_t *c, const gn_ec2m_point_t *p, const uint8_t *e, size_t len)
{
    const gn_ec2m_ctx_t *ec = &c->ec;
    uint8_t xb[GN_EC2M_MAX_ENCODING], yb[GN_EC2M_MAX_ENCODING], out[GN_EC2M_MAX_ENCODING];
    size_t outlen;
    fz_poly_t x, y;
    gn_ec2m_point_t q;
    accepted++;
    FUZZ_CHECK(!p->infinity && gn_ec2m_is_on_curve(ec, p));
    gn_f2m_encode(&ec->f, xb, &p->x);
    gn_f2m_encode(&ec->f, yb, &p->y);
    FUZZ_CHECK(coord(c, &x, xb) && coord(c, &y, yb) && fz_ec2m_on_curve(c, &x, &y));
    FUZZ_CHECK(memcmp(xb, e + 1, c->L) == 0);
    const int compressed = e[0] != 4;
    if (compressed && fz_poly_deg(&x) >= 0) { /* the prefix's bit is that of x^0 in y/x */
        fz_poly_t z;
        FUZZ_CHECK(fz_poly_inv(&z, &x, &c->f));
        fz_poly_mulmod(&z, &z, &y, &c->f);
        FUZZ_CHECK((int)(z.w[0] & 1) == (e[0] & 1));
    }
    FUZZ_CHECK(gn_ec2m_encode(ec, out, &outlen, sizeof out, p, compressed) == GN_OK);
    FUZZ_CHECK(outlen == len && memcmp(out, e, len) == 0);
    FUZZ_CHECK(gn_ec2m_encode(ec, out, &outlen, sizeof out, p, !compressed) == GN_OK);
    FUZZ_CHECK(outlen == (compressed ? 1 + 2 * c->L : 1 + c->L));
    FUZZ_CHECK(gn_ec2m_decode(ec, &q, out, outlen, 0) == GN_OK && gn_ec2m_point_eq_var(ec, p, &q));
    /* public-key validation: on the curve, so at most outside the subgroup (checked when h > 1) */
    const gn_err v = gn_ec2m_validate_var(ec, p, 0);
    FUZZ_CHECK(v == GN_OK || (v == GN_ERR_SUBGROUP && ec->h != 1));
}

static void check_sec1(const fz_ec2m_t *c, const uint8_t *e, size_t len)
{
    const gn_ec2m_ctx_t *ec = &c->ec;
    const size_t L = c->L;
    gn_ec2m_point_t p, q;
    fz_poly_t x, y;
    const gn_err e0 = gn_ec2m_decode(ec, &p, e, len, 0);
    const gn_err e1 = gn_ec2m_decode(ec, &q, e, len, 1);
    if (len == 1 && e[0] == 0) {
        FUZZ_CHECK(e0 == GN_ERR_ENCODING && e1 == GN_OK && q.infinity);
        return;
    }
    FUZZ_CHECK(e0 == e1);
    if (len == 1 + 2 * L && e[0] == 4) {
        if (!coord(c, &x, e + 1) || !coord(c, &y, e + 1 + L))
            FUZZ_CHECK(e0 == GN_ERR_RANGE);
        else
            FUZZ_CHECK(e0 == (fz_ec2m_on_curve(c, &x, &y) ? GN_OK : GN_ERR_NOT_ON_CURVE));
    } else if (len == 1 + L && (e[0] == 2 || e[0] == 3)) {
        if (!coord(c, &x, e + 1)) {
            FUZZ_CHECK(e0 == GN_ERR_RANGE);
        } else if (fz_poly_deg(&x) < 0) { /* y = sqrt(b), encoded with the prefix 02 */
            FUZZ_CHECK(e0 == (e[0] == 2 ? GN_OK : GN_ERR_ENCODING));
        } else { /* z^2 + z = x + a + b / x^2 */
            fz_poly_t t;
            fz_poly_mulmod(&t, &x, &x, &c->f);
            FUZZ_CHECK(fz_poly_inv(&t, &t, &c->f));
            fz_poly_mulmod(&t, &t, &c->b, &c->f);
            fz_poly_add(&t, &t, &x);
            fz_poly_add(&t, &t, &c->a);
            FUZZ_CHECK(e0 == (fz_poly_trace(c->tr, &t, c->m) ? GN_ERR_NOT_SQUARE : GN_OK));
        }
    } else {
        FUZZ_CHECK(e0 == GN_ERR_ENCODING);
    }
    if (e0 != GN_OK)
        return;
    FUZZ_CHECK(gn_ec2m_point_eq_var(ec, &p, &q));
    check_accepted(c, &p, e, len);
}

/* The public-key decoder: SEC1 as gn_ec2m_decode (infinity refused); raw X || Y as 04 || X || Y,
 * and an accepted raw key re-encodes to the input. */
static void check_public(const fz_ec2m_t *c, const uint8_t *e, size_t len)
{
    const gn_ec2m_ctx_t *ec = &c->ec;
    uint8_t u[GN_EC2M_MAX_ENCODING], out[GN_EC2M_MAX_ENCODING];
    size_t outlen;
    gn_ec2m_point_t p, q;
    const gn_err d = gn_ec2m_decode(ec, &p, e, len, 0);
    const gn_err s = gn_ec2m_public_decode(ec, &q, e, len, GN_EC_KEY_SEC1);
    FUZZ_CHECK(s == d);
    if (s == GN_OK)
        FUZZ_CHECK(gn_ec2m_point_eq_var(ec, &p, &q) && !q.infinity);
    const gn_err r = gn_ec2m_public_decode(ec, &q, e, len, GN_EC_KEY_RAW);
    if (len != 2 * c->L) {
        FUZZ_CHECK(r == GN_ERR_ENCODING);
        return;
    }
    u[0] = 4;
    memcpy(u + 1, e, len);
    FUZZ_CHECK(r == gn_ec2m_decode(ec, &p, u, len + 1, 0));
    if (r != GN_OK)
        return;
    FUZZ_CHECK(gn_ec2m_point_eq_var(ec, &p, &q));
    FUZZ_CHECK(gn_ec2m_public_encode(ec, out, &outlen, sizeof out, &q, GN_EC_KEY_RAW) == GN_OK);
    FUZZ_CHECK(outlen == len && memcmp(out, e, len) == 0);
}

static int ec2m_point_one(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const fz_ec2m_t *c = fz_ec2m(data[0] % FZ_EC2M_COUNT);
    check_sec1(c, data + 1, size - 1);
    check_public(c, data + 1, size - 1);
    return 0;
}

/* For each curve: the neutral element, and x = 0, 1, x^(m-1), x^m (one degree too many) and all
 * ones in the byte length, in both forms, with the same values as y. */
static void ec2m_point_edges(void (*run)(const uint8_t *, size_t))
{
    uint8_t d[2 + GN_EC2M_MAX_ENCODING];
    for (size_t i = 0; i < FZ_EC2M_COUNT; i++) {
        const fz_ec2m_t *c = fz_ec2m(i);
        const size_t L = c->L;
        uint8_t enc[5][GN_EC2M_MAX_ENCODING];
        memset(enc, 0, sizeof enc);
        enc[1][L - 1] = 1;
        enc[2][L - 1 - (size_t)(c->m - 1) / 8] = (uint8_t)(1u << (c->m - 1) % 8);
        if (c->m % 8)
            enc[3][0] = (uint8_t)(1u << c->m % 8);
        else
            enc[3][0] = 0xff; /* no spare bit: the top byte at its largest instead */
        memset(enc[4], 0xff, L);
        d[0] = (uint8_t)i;
        d[1] = 0;
        run(d, 2);
        for (size_t xs = 0; xs < 5; xs++) {
            memcpy(d + 2, enc[xs], L);
            for (uint8_t pre = 2; pre <= 4; pre++) {
                d[1] = pre;
                if (pre != 4) {
                    run(d, 2 + L);
                    continue;
                }
                for (size_t ys = 0; ys < 5; ys++) {
                    memcpy(d + 2 + L, enc[ys], L);
                    run(d, 2 + 2 * L);
                }
            }
        }
    }
}

static const char *const ec2m_point_tokens[] = {"\x04", "\x02", "\x03", "\x06", "\x07", "\x00\x00\x00\x00", NULL};

const fuzz_target_t fuzz_target_ec2m_point = {"ec2m_point", ec2m_point_one, 2 + 2 * 72, 2, ec2m_point_tokens, NULL,
                                              ec2m_point_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(ec2m_point_one)
