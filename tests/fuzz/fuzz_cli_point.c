/* Fuzz target: the command line's point arguments, "X Y" on prime curves (parse_point) and on
 * binary curves (parse_point2m), "X Y Z T" on the Kummer surface (parse_kummer_point). Input:
 * byte 0 picks the kind and the curve (those of fuzz_curves.c), the rest is the argument.
 *
 * The verdict is recomputed from parse.h's contract with the curves' reference equations: words
 * separated by spaces, tabs or commas, exactly two (four), each hexadecimal with an optional 0x,
 * below p (of degree below m), and the point on the curve (surface, not (0 : 0 : 0 : 0)).
 * Arguments of 300 characters or more may be refused for their length (the parser's buffers):
 * there only a wrong acceptance counts. An accepted point holds the coordinates given, and
 * printed back in hex it parses to the same point; a refusal's message is one printable line. */
#include <stdio.h>

#include "fuzz_cli.h"
#include "fuzz_curves.h"
#include "genus/kummer.h"

#define TEXT 1200
#define EXACT 300 /* below this length the verdicts must agree both ways */
static size_t accepted;

/* The words of s as coordinates: hex, right-aligned big-endian in out[k][0..bytes); 0 unless there
 * are exactly n words and each is well-formed and fits. */
static int coords(const char *s, size_t n, size_t bytes, uint8_t out[4][GN_FP_MAX_BITS / 8])
{
    const char *w[4];
    size_t len[4];
    if (fz_words(s, w, len, 4) != n)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (!fz_hex_word(w[k], len[k], out[k], bytes))
            return 0;
    return 1;
}

static void prime(size_t ci, const char *s)
{
    const fz_ec_t *c = fz_ec(ci);
    const size_t fb = c->m.bytes;
    uint8_t co[4][GN_FP_MAX_BITS / 8], x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
    fz_int_t xi, yi;
    parse_msg_t msg = {{0}};
    gn_ec_point_t p, q;
    const int r = parse_point(&msg, &c->ec, &p, s);
    const int ok = coords(s, 2, fb, co) && fz_from_bytes(&c->m, &xi, co[0], fb, 0) &&
                   fz_from_bytes(&c->m, &yi, co[1], fb, 0) && fz_ec_on_curve(c, &xi, &yi);
    FUZZ_CHECK(strlen(s) < EXACT ? (r == 0) == ok : r != 0 || ok);
    if (r != 0) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    gn_ec_point_get(&c->ec, x, y, &p);
    FUZZ_CHECK(!p.infinity && !memcmp(x, co[0], fb) && !memcmp(y, co[1], fb));
    char back[2 * (2 * GN_FP_MAX_BITS / 8) + 8];
    size_t o = 0;
    for (size_t i = 0; i < fb; i++)
        o += (size_t)snprintf(back + o, sizeof back - o, "%02x", x[i]);
    back[o++] = ' ';
    for (size_t i = 0; i < fb; i++)
        o += (size_t)snprintf(back + o, sizeof back - o, "%02X", y[i]); /* upper case too */
    FUZZ_CHECK(parse_point(&msg, &c->ec, &q, back) == 0 && gn_ec_point_eq(&c->ec, &p, &q));
}

static void binary(size_t ci, const char *s)
{
    const fz_ec2m_t *c = fz_ec2m(ci);
    const size_t L = c->L;
    uint8_t co[4][GN_FP_MAX_BITS / 8], x[GN_EC2M_MAX_ENCODING], y[GN_EC2M_MAX_ENCODING];
    fz_poly_t xp, yp;
    parse_msg_t msg = {{0}};
    gn_ec2m_point_t p, q;
    const int r = parse_point2m(&msg, &c->ec, &p, s);
    int ok = coords(s, 2, L, co);
    if (ok) {
        fz_poly_from_bytes(&xp, co[0], L);
        fz_poly_from_bytes(&yp, co[1], L);
        ok = fz_poly_deg(&xp) < c->m && fz_poly_deg(&yp) < c->m && fz_ec2m_on_curve(c, &xp, &yp);
    }
    FUZZ_CHECK(strlen(s) < EXACT ? (r == 0) == ok : r != 0 || ok);
    if (r != 0) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    gn_f2m_encode(&c->ec.f, x, &p.x);
    gn_f2m_encode(&c->ec.f, y, &p.y);
    FUZZ_CHECK(!p.infinity && !memcmp(x, co[0], L) && !memcmp(y, co[1], L));
    char back[4 * GN_EC2M_MAX_ENCODING + 16];
    size_t o = (size_t)snprintf(back, sizeof back, "0x");
    for (size_t i = 0; i < L; i++)
        o += (size_t)snprintf(back + o, sizeof back - o, "%02x", x[i]);
    o += (size_t)snprintf(back + o, sizeof back - o, ",\t");
    for (size_t i = 0; i < L; i++)
        o += (size_t)snprintf(back + o, sizeof back - o, "%02x", y[i]);
    FUZZ_CHECK(parse_point2m(&msg, &c->ec, &q, back) == 0 && gn_ec2m_point_eq_var(&c->ec, &p, &q));
}

static void kummer(const char *s)
{
    static gn_kummer_ctx_t ku;
    static int ready;
    if (!ready) {
        FUZZ_CHECK(gn_kummer_init_gs127(&ku) == GN_OK);
        ready = 1;
    }
    const fz_mod_t *m = fz_kummer_mod();
    uint8_t co[4][GN_FP_MAX_BITS / 8], b[16];
    fz_int_t c[4];
    parse_msg_t msg = {{0}};
    gn_kummer_point_t p;
    const int r = parse_kummer_point(&msg, &ku, &p, s);
    int ok = coords(s, 4, 16, co), zero = 1;
    for (size_t k = 0; ok && k < 4; k++) {
        ok = fz_from_bytes(m, &c[k], co[k], 16, 0);
        zero &= fz_is_zero(&c[k]);
    }
    ok = ok && !zero && fz_kummer_on_surface(c);
    FUZZ_CHECK(strlen(s) < EXACT ? (r == 0) == ok : r != 0 || ok);
    if (r != 0) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    for (size_t k = 0; k < 4; k++) {
        gn_fp_encode(&ku.fp, b, &p.c[k]);
        FUZZ_CHECK(memcmp(b, co[k], 16) == 0);
    }
}

static int cli_point_one(const uint8_t *data, size_t size)
{
    char s[TEXT];
    if (size < 1)
        return 0;
    fz_cstr(s, sizeof s, data + 1, size - 1);
    const size_t sel = data[0] / 3;
    switch (data[0] % 3) {
    case 0: prime(sel % FZ_EC_COUNT, s); break;
    case 1: binary(sel % FZ_EC2M_COUNT, s); break;
    default: kummer(s); break;
    }
    return 0;
}

static const char *const cli_point_tokens[] = {" ", ",", "\t", "0x", "0X", "ffffffff", "0000", "\n", "-", NULL};

const fuzz_target_t fuzz_target_cli_point = {"cli_point", cli_point_one, 1 + TEXT, 2, cli_point_tokens, NULL, NULL,
                                             &accepted};
FUZZ_LIBFUZZER_ENTRY(cli_point_one)
