/* Fuzz target: reduction-polynomial strings of the command line, parse_poly ("163,7,6,3,0", the
 * leading m optional when m is given), then gn_f2m_init on what it accepts. Input: byte 0 picks
 * m (0: not given), the rest is the argument.
 *
 * The verdict is recomputed from parse.h's contract: comma-separated decimal exponents (digits
 * only, at most 571), strictly descending, ending in 0, 3 or 5 of them once m is put in front
 * when it was left out (a first exponent above m is refused). Exponents of 32 characters or more
 * may be refused whatever their value (the parser's buffer); there only a wrong acceptance
 * counts. An accepted list prints back ("%u,%u,...") to the same list, with and without m; the
 * field it names is accepted by gn_f2m_init exactly when Ben-Or's test (fuzz_util.c) finds the
 * polynomial irreducible. */
#include <stdio.h>

#include "fuzz_cli.h"

#define TEXT 400
static size_t accepted;

/* The reference: 1 and the list when text is acceptable under m; *long_item when an exponent has
 * 32 characters or more. */
static int ref_poly(const char *text, unsigned m, unsigned *exps, size_t *n, int *long_item)
{
    size_t k = 0;
    *long_item = 0;
    for (const char *s = text;;) {
        const char *e = strchr(s, ',');
        const size_t len = e ? (size_t)(e - s) : strlen(s);
        unsigned long v = 0;
        if (len >= 32)
            *long_item = 1;
        if (len == 0 || k == 5)
            return 0;
        for (size_t i = 0; i < len; i++) {
            if (s[i] < '0' || s[i] > '9')
                return 0;
            v = v * 10 + (unsigned long)(s[i] - '0');
            if (v > GN_F2M_MAX_M)
                return 0;
        }
        if (k && v >= exps[k - 1])
            return 0;
        exps[k++] = (unsigned)v;
        if (!e)
            break;
        s = e + 1;
    }
    if (m && exps[0] != m) {
        if (exps[0] > m || k == 5)
            return 0;
        memmove(exps + 1, exps, k * sizeof *exps);
        exps[0] = m;
        k++;
    }
    *n = k;
    return exps[k - 1] == 0 && (k == 3 || k == 5);
}

static void print_list(char *buf, size_t cap, const unsigned *exps, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, cap - o, i ? ",%u" : "%u", exps[i]);
}

static int cli_poly_one(const uint8_t *data, size_t size)
{
    static const unsigned ms[] = {0, 0, 2, 8, 11, 163, 233, 571};
    char s[TEXT], back[64];
    if (size < 1)
        return 0;
    const unsigned m = ms[data[0] % 8];
    fz_cstr(s, sizeof s, data + 1, size - 1);
    parse_msg_t msg = {{0}};
    unsigned exps[5] = {0}, want[6] = {0}, again[5];
    size_t n = 0, wn = 0, an = 0;
    int long_item;
    const int r = parse_poly(&msg, s, m, exps, &n);
    const int ok = ref_poly(s, m, want, &wn, &long_item);
    if (long_item)
        FUZZ_CHECK(r != 0 || ok);
    else
        FUZZ_CHECK((r == 0) == ok);
    if (r != 0) {
        fz_check_refusal(&msg);
        return 0;
    }
    accepted++;
    FUZZ_CHECK(n == wn && memcmp(exps, want, n * sizeof *exps) == 0);
    print_list(back, sizeof back, exps, n);
    FUZZ_CHECK(parse_poly(&msg, back, 0, again, &an) == 0 && an == n && memcmp(again, exps, n * sizeof *exps) == 0);
    print_list(back, sizeof back, exps + 1, n - 1); /* m left out */
    FUZZ_CHECK(parse_poly(&msg, back, exps[0], again, &an) == 0 && an == n && !memcmp(again, exps, n * sizeof *exps));

    /* the field: accepted exactly when irreducible (m >= 2) */
    gn_f2m_ctx_t f;
    fz_poly_t p;
    fz_poly_zero(&p);
    for (size_t i = 0; i < n; i++)
        fz_poly_set_bit(&p, exps[i]);
    const gn_err e = gn_f2m_init(&f, exps, n);
    if (exps[0] < 2)
        FUZZ_CHECK(e == GN_ERR_INVALID);
    else if (exps[0] <= 256) /* Ben-Or's test in milliseconds below that (f2m_poly caches the larger ones) */
        FUZZ_CHECK(e == (fz_poly_irreducible(&p) ? GN_OK : GN_ERR_REDUCIBLE));
    else
        FUZZ_CHECK(e == GN_OK || e == GN_ERR_REDUCIBLE);
    return 0;
}

static const char *const cli_poly_tokens[] = {",", ",0", "163", "571", "572", "7,6,3", "0000000", "00000000000000000000000000000001",
                                              " ", "-", NULL};

const fuzz_target_t fuzz_target_cli_poly = {"cli_poly", cli_poly_one, 1 + TEXT, 2, cli_poly_tokens, NULL, NULL,
                                            &accepted};
FUZZ_LIBFUZZER_ENTRY(cli_poly_one)
