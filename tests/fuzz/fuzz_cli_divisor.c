/* Fuzz target: Mumford divisor strings of the command line, parse_divisor ("U1 U0 V1 V0",
 * "U0 V0", "identity", then "n=N" on split sextics), on the genus-2 curves of fuzz_curves.c.
 * Input: byte 0 picks the curve, the rest is the argument.
 *
 * The verdict is recomputed from parse.h's contract: at most five words; a last word "n=N" with N
 * one digit 0..2, only on a split degree-6 curve, and no other word starting "n="; "identity"
 * alone (the curve's neutral element), or four, two or (with n=N) no coefficients, hexadecimal
 * below p; then the element's rules of genus/g2.h (n <= 2 - deg u on split curves, no degree 1
 * on non-split sextics) and u | v^2 - f on integers. Arguments of 300 characters or more may be
 * refused for their length: there only a wrong acceptance counts. An accepted divisor is the
 * element given, passes gn_g2_check, encodes to bytes gn_g2_decode accepts, and printed back it
 * parses to itself; a refusal's message is one printable line. */
#include <stdio.h>

#include "fuzz_cli.h"
#include "fuzz_curves.h"

#define TEXT 1200
#define EXACT 300
static size_t accepted;

/* The reference: 1 and the element in *d when s is acceptable on c. */
static int ref_divisor(const fz_g2_t *c, const char *s, gn_g2_elem_t *d, fz_int_t co[4])
{
    const char *w[5];
    size_t len[5], nw = fz_words(s, w, len, 5);
    unsigned n = 0;
    if (nw > 5)
        return 0;
    const int has_n = nw > 0 && len[nw - 1] >= 2 && !strncmp(w[nw - 1], "n=", 2);
    if (has_n) {
        if (!c->g.split || len[nw - 1] != 3 || w[nw - 1][2] < '0' || w[nw - 1][2] > '2')
            return 0;
        n = (unsigned)(w[nw - 1][2] - '0');
        nw--;
    }
    for (size_t i = 0; i < nw; i++)
        if (len[i] >= 2 && !strncmp(w[i], "n=", 2))
            return 0;
    gn_g2_identity(&c->g, d);
    for (int i = 0; i < 4; i++)
        fz_set_u(&c->m, &co[i], 0);
    if (nw == 1 && len[0] == 8 && !strncmp(w[0], "identity", 8))
        return !has_n;
    if ((nw != 0 && nw != 2 && nw != 4) || (nw == 0 && !has_n))
        return 0;
    static const unsigned i4[] = {0, 1, 2, 3}, i2[] = {1, 3};
    uint8_t b[GN_FP_MAX_BITS / 8];
    for (size_t i = 0; i < nw; i++) {
        const unsigned k = (nw == 4 ? i4 : i2)[i];
        if (!fz_hex_word(w[i], len[i], b, c->fb) || !fz_from_bytes(&c->m, &co[k], b, c->fb, 0))
            return 0;
        FUZZ_CHECK(gn_fp_decode(&c->g.fp, &d->c[k], b, c->fb) == GN_OK);
    }
    d->deg = (unsigned)nw / 2;
    d->n = n;
    if (c->g.split ? n > 2 - d->deg : c->g.deg == 6 && d->deg == 1)
        return 0;
    return fz_g2_divides(c, d->deg, co);
}

static void print_divisor(const fz_g2_t *c, char *out, size_t cap, const gn_g2_elem_t *d)
{
    static const unsigned i4[] = {0, 1, 2, 3}, i2[] = {1, 3};
    uint8_t b[GN_FP_MAX_BITS / 8];
    size_t o = 0;
    out[0] = 0;
    for (unsigned i = 0; i < 2 * d->deg; i++) {
        gn_fp_encode(&c->g.fp, b, &d->c[(d->deg == 2 ? i4 : i2)[i]]);
        o += (size_t)snprintf(out + o, cap - o, i ? " 0x" : "0x");
        for (size_t k = 0; k < c->fb; k++)
            o += (size_t)snprintf(out + o, cap - o, "%02x", b[k]);
    }
    if (c->g.split)
        snprintf(out + o, cap - o, "%sn=%u", o ? "," : "", d->n);
    else if (d->deg == 0)
        snprintf(out, cap, "identity");
}

static int cli_divisor_one(const uint8_t *data, size_t size)
{
    char s[TEXT], back[4 * (2 + 2 * GN_FP_MAX_BITS / 8) + 16];
    uint8_t enc[1 + 4 * GN_FP_MAX_BITS / 8];
    if (size < 1)
        return 0;
    const fz_g2_t *c = fz_g2(data[0] % FZ_G2_COUNT);
    fz_cstr(s, sizeof s, data + 1, size - 1);
    parse_msg_t msg = {{0}};
    gn_g2_elem_t d, want, again;
    fz_int_t co[4];
    const int r = parse_divisor(&msg, &c->g, &d, s);
    const int ok = ref_divisor(c, s, &want, co);
    FUZZ_CHECK(strlen(s) < EXACT ? (r == 0) == ok : r != 0 || ok);
    if (r != 0) {
        fz_check_refusal(&msg);
        return 0;
    }
    accepted++;
    FUZZ_CHECK(gn_g2_check(&c->g, &d) == GN_OK && gn_g2_eq(&c->g, &d, &want));
    const size_t len = gn_g2_encoded_bytes(&c->g);
    gn_g2_encode(&c->g, enc, &d);
    FUZZ_CHECK(fz_g2_verdict(c, enc, len) == GN_OK && gn_g2_decode(&c->g, &again, enc, len) == GN_OK);
    FUZZ_CHECK(gn_g2_eq(&c->g, &again, &d));
    print_divisor(c, back, sizeof back, &d);
    FUZZ_CHECK(parse_divisor(&msg, &c->g, &again, back) == 0 && gn_g2_eq(&c->g, &again, &d));
    return 0;
}

static const char *const cli_divisor_tokens[] = {" ", ",", "\t", "0x", "identity", "n=0", "n=1", "n=2", "n=3", "n=",
                                                 NULL};

const fuzz_target_t fuzz_target_cli_divisor = {"cli_divisor", cli_divisor_one, 1 + TEXT, 2, cli_divisor_tokens, NULL,
                                               NULL, &accepted};
FUZZ_LIBFUZZER_ENTRY(cli_divisor_one)
