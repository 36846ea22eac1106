/* Fuzz target: the command line's number parsers (tools/genus/parse.c): parse_decimal,
 * parse_hex, parse_bytes and parse_scalar. Input: byte 0 picks the parser and its bounds (range
 * lo..hi, capacity), the rest is the argument (up to its first NUL, as argv gives it).
 *
 * Each verdict is recomputed here from parse.h's contract: decimal is digits only (no sign,
 * space, prefix or fraction), leading zeros allowed, lo <= value <= hi; hex is an optional
 * 0x / 0X then at least one digit; bytes are an even number of hex digits, at most the capacity;
 * a scalar is hex whose value fits the capacity. An accepted value equals the reference's (and a
 * decimal one prints back as the text without leading zeros); a refusal's message is one
 * printable line. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_cli.h"
#include "genus/mp.h"

#define TEXT 700
static size_t accepted;

static void check_decimal(const char *s, unsigned sel)
{
    static const unsigned long bounds[][2] = {{0, 571}, {1, 65536}, {0, ULONG_MAX}, {2, 2}, {16, 1000000000}};
    const unsigned long lo = bounds[sel % 5][0], hi = bounds[sel % 5][1];
    parse_msg_t msg = {{0}};
    unsigned long v = 12345, want = 0;
    const int r = parse_decimal(&msg, "the number", s, lo, hi, &v);
    int ok = *s != 0, big = 0;
    for (const char *c = s; *c && ok; c++) {
        ok = *c >= '0' && *c <= '9';
        if (ok && !big) {
            const unsigned long d = (unsigned long)(*c - '0');
            if (want > (ULONG_MAX - d) / 10)
                big = 1;
            else
                want = want * 10 + d;
        }
    }
    ok = ok && !big && want >= lo && want <= hi;
    FUZZ_CHECK((r == 0) == ok);
    if (!ok) {
        FUZZ_CHECK(r == -1 && v == 12345); /* nothing written */
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    FUZZ_CHECK(v == want);
    char back[32];
    snprintf(back, sizeof back, "%lu", v);
    const char *t = s;
    while (t[0] == '0' && t[1])
        t++;
    FUZZ_CHECK(strcmp(back, t) == 0);
}

static void check_hex(const char *s)
{
    parse_msg_t msg = {{0}};
    size_t n = 0;
    uint8_t want[TEXT], got[TEXT];
    gn_limb_t *v = parse_hex(&msg, "the value", s, &n);
    const size_t len = strlen(s);
    const int ok = fz_hex_word(s, len, want, sizeof want);
    FUZZ_CHECK((v != NULL) == ok);
    if (!ok) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    FUZZ_CHECK(n >= 1 && gn_mp_to_bytes_be(got, sizeof got, v, n) == GN_OK && memcmp(got, want, sizeof got) == 0);
    free(v);
}

static void check_bytes(const char *s, unsigned sel)
{
    static const size_t caps[] = {0, 1, 16, 32, 64, 300};
    const size_t cap = caps[sel % 6];
    parse_msg_t msg = {{0}};
    uint8_t out[300], want[300];
    size_t len = 0;
    const int r = parse_bytes(&msg, "the bytes", s, out, cap, &len);
    const char *h = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? s + 2 : s;
    const size_t digits = strlen(h);
    int ok = digits % 2 == 0 && digits / 2 <= cap;
    for (size_t i = 0; i < digits && ok; i++)
        ok = fz_hex_word(h + i, 1, want, 1);
    FUZZ_CHECK((r == 0) == ok);
    if (!ok) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    FUZZ_CHECK(len == digits / 2);
    for (size_t i = 0; i < len; i++) {
        FUZZ_CHECK(fz_hex_word(h + 2 * i, 2, want, 1));
        FUZZ_CHECK(out[i] == want[0]);
    }
}

static void check_scalar(const char *s, unsigned sel)
{
    static const size_t caps[] = {1, 8, 32, 66, 80, 512};
    const size_t cap = caps[sel % 6];
    parse_msg_t msg = {{0}};
    uint8_t out[512], want[512];
    size_t len = 0;
    const int r = parse_scalar(&msg, s, out, cap, &len);
    const int ok = fz_hex_word(s, strlen(s), want, cap);
    FUZZ_CHECK((r == 0) == ok);
    if (!ok) {
        fz_check_refusal(&msg);
        return;
    }
    accepted++;
    /* the value, right-aligned in len <= cap bytes */
    FUZZ_CHECK(len >= 1 && len <= cap);
    for (size_t i = 0; i < cap - len; i++)
        FUZZ_CHECK(want[i] == 0);
    FUZZ_CHECK(memcmp(out, want + (cap - len), len) == 0);
}

static int cli_number_one(const uint8_t *data, size_t size)
{
    char s[TEXT];
    if (size < 1)
        return 0;
    fz_cstr(s, sizeof s, data + 1, size - 1);
    const unsigned sel = data[0] / 4;
    switch (data[0] % 4) {
    case 0: check_decimal(s, sel); break;
    case 1: check_hex(s); break;
    case 2: check_bytes(s, sel); break;
    default: check_scalar(s, sel); break;
    }
    return 0;
}

static const char *const cli_number_tokens[] = {"0x", "0X", "00", "18446744073709551615", "18446744073709551616",
                                                "4294967296", "571", "572", "-", "+", " ", "\t", ".", "e", "ff", NULL};

const fuzz_target_t fuzz_target_cli_number = {"cli_number", cli_number_one, 1 + TEXT, 2, cli_number_tokens, NULL,
                                              NULL, &accepted};
FUZZ_LIBFUZZER_ENTRY(cli_number_one)
