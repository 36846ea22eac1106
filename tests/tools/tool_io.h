/* What the batch calculators of tests/tools/ share: error words, hex byte strings, field elements. */
#ifndef GN_TEST_TOOL_IO_H
#define GN_TEST_TOOL_IO_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"

/* "err <gn_strerror text with _ for blanks>", no newline. */
static inline void tool_print_err_word(gn_err e)
{
    fputs("err ", stdout);
    for (const char *c = gn_strerror(e); *c; c++)
        putchar(*c == ' ' ? '_' : *c);
}

static inline void tool_print_err(gn_err e)
{
    tool_print_err_word(e);
    putchar('\n');
}

/* Lowercase hex of len bytes, no newline. */
static inline void tool_print_hex(const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        printf("%02x", b[i]);
}

/* Hex digits (an even number; "-" is the empty string) into out; the byte length, or (size_t)-1
 * when malformed or longer than cap. */
static inline size_t tool_parse_bytes(uint8_t *out, size_t cap, const char *s)
{
    if (!strcmp(s, "-"))
        return 0;
    size_t len = strlen(s);
    if (len % 2 || len / 2 > cap)
        return (size_t)-1;
    for (size_t i = 0; i < len; i++)
        if (!isxdigit((unsigned char)s[i]))
            return (size_t)-1;
    for (size_t i = 0; i < len / 2; i++) {
        const char pair[3] = {s[2 * i], s[2 * i + 1], 0};
        out[i] = (uint8_t)strtoul(pair, NULL, 16);
    }
    return len / 2;
}

/* A field element of f in hex (len characters of s) into r: 0 on bad digits or a value not
 * below p. */
static inline int tool_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *s, size_t len)
{
    gn_limb_t v[GN_FP_MAX_LIMBS];
    if (!len || gn_mp_from_hex(v, GN_FP_MAX_LIMBS, s, len) != GN_OK)
        return 0;
    return gn_fp_set_mp(f, r, v, GN_FP_MAX_LIMBS) == GN_OK;
}

/* Comma-separated elements of f into r[cap]: their count, or 0 on a bad or empty element or
 * more than cap of them. */
static inline size_t tool_parse_fe_list(const gn_fp_ctx_t *f, gn_fp_t *r, size_t cap, const char *s)
{
    size_t n = 0;
    for (;;) {
        size_t len = strcspn(s, ",");
        if (n == cap || !tool_parse_fe(f, &r[n], s, len))
            return 0;
        n++;
        s += len;
        if (!*s)
            return n;
        s++;
    }
}

/* The batch loop: each input line split into at most 64 blank-separated words and handed to
 * run, which prints one answer line; a blank line is answered "err empty", so the answers stay
 * in step with the questions. Output is flushed at exit only: the tests send whole batches, and
 * a flush per line cost a system call and a wake-up of the reader for each of up to 10^6 lines. */
static inline int tool_run_lines(void (*run)(char **t, int nt))
{
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        char *t[64];
        int nt = 0;
        for (char *s = strtok(line, " \t\r\n"); s && nt < 64; s = strtok(NULL, " \t\r\n"))
            t[nt++] = s;
        if (nt == 0)
            puts("err empty");
        else
            run(t, nt);
    }
    return 0;
}

/* A random generator (gn_rng_fn) that hands out the bytes of a given stream in order and fails
 * when they run out: the tests choose every draw of key generation. */
struct tool_stream {
    const uint8_t *p;
    size_t left;
};

static inline int tool_stream_rng(void *state, uint8_t *out, size_t len)
{
    struct tool_stream *s = state;
    if (len > s->left)
        return -1;
    memcpy(out, s->p, len);
    s->p += len;
    s->left -= len;
    return 0;
}

#endif
