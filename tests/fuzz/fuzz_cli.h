/* What the command-line parser targets (fuzz_cli_*.c) share: the input as the C string the
 * command line would pass, and the refusal contract of tools/genus/parse.h. */
#ifndef GN_TESTS_FUZZ_CLI_H
#define GN_TESTS_FUZZ_CLI_H

#include <string.h>

#include "fuzz_util.h"
#include "parse.h"

/* data[0..size) up to its first NUL, as a NUL-terminated string in buf[cap] (argv strings hold no
 * NUL). */
static inline const char *fz_cstr(char *buf, size_t cap, const uint8_t *data, size_t size)
{
    size_t n = 0;
    while (n < size && n + 1 < cap && data[n])
        n++;
    memcpy(buf, data, n);
    buf[n] = 0;
    return buf;
}

/* A refusal's message: one line of printable ASCII, not empty (genus prints "genus: <message>"
 * and exits 2: user text must not break the line or reach the terminal as control codes). */
static inline void fz_check_refusal(const parse_msg_t *msg)
{
    const char *end = memchr(msg->text, 0, sizeof msg->text);
    FUZZ_CHECK(end != NULL);
    const size_t n = (size_t)(end - msg->text);
    FUZZ_CHECK(n > 0 && n < sizeof msg->text);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(msg->text[i] >= 0x20 && msg->text[i] < 0x7f);
}

/* parse_words' separators */
static inline int fz_is_sep(char c)
{
    return c == ' ' || c == '\t' || c == ',';
}

/* The words of s (runs of non-separators), at most max: their starts and lengths; the count, or
 * max + 1 when there are more. */
static inline size_t fz_words(const char *s, const char **w, size_t *len, size_t max)
{
    size_t n = 0;
    for (;;) {
        while (*s && fz_is_sep(*s))
            s++;
        if (!*s)
            return n;
        if (n == max)
            return max + 1;
        w[n] = s;
        while (*s && !fz_is_sep(*s))
            s++;
        len[n] = (size_t)(s - w[n]);
        n++;
    }
}

/* A hexadecimal word (optional 0x/0X, at least one digit) as big-endian bytes, right-aligned in
 * out[cap]; 0 if malformed or larger than cap bytes. */
static inline int fz_hex_word(const char *w, size_t len, uint8_t *out, size_t cap)
{
    if (len >= 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'X'))
        w += 2, len -= 2;
    if (len == 0)
        return 0;
    memset(out, 0, cap);
    for (size_t k = 0; k < len; k++) { /* digit k from the right */
        const char c = w[len - 1 - k];
        const int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0)
            return 0;
        if (v && k / 2 >= cap)
            return 0;
        if (k / 2 < cap)
            out[cap - 1 - k / 2] |= (uint8_t)(v << 4 * (k % 2));
    }
    return 1;
}

#endif
