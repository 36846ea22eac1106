/* Shared helpers of the genus command-line tool: errors, hex in and out, options. */
#include "cli.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("genus: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(CLI_EXIT_BAD_INPUT);
}

gn_limb_t *cli_parse_hex(const char *what, const char *text, size_t *n)
{
    size_t len = strlen(text);
    size_t digits = len >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? len - 2 : len;
    size_t limbs = digits * 4 / GN_LIMB_BITS + 1;
    gn_limb_t *a = calloc(limbs, sizeof *a);
    if (!a)
        cli_fail("out of memory");
    gn_err e = gn_mp_from_hex(a, limbs, text, len);
    if (e != GN_OK)
        cli_fail("%s is not hexadecimal: '%s'", what, text);
    *n = limbs;
    return a;
}

void cli_print_hex(const gn_limb_t *a, size_t n, size_t bytes)
{
    size_t size = 2 * bytes + n * GN_LIMB_BITS / 4 + 2;
    char *buf = malloc(size);
    if (!buf)
        cli_fail("out of memory");
    if (gn_mp_to_hex(buf, size, a, n, 2 * bytes) != GN_OK)
        cli_fail("internal error: hex buffer");
    puts(buf);
    free(buf);
}

const char *cli_option(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, len) != 0)
        return NULL;
    if (arg[len] == '=')
        return arg + len + 1;
    if (arg[len] != '\0')
        return NULL;
    if (*i + 1 >= argc)
        cli_fail("option %s needs a value", name);
    *i += 1;
    return argv[*i];
}

size_t cli_parse_bytes(const char *what, const char *text, uint8_t *out, size_t cap)
{
    size_t len = strlen(text);
    if (len >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text += 2;
        len -= 2;
    }
    if (len % 2)
        cli_fail("%s has an odd number of hex digits", what);
    if (len / 2 > cap)
        cli_fail("%s is longer than %zu bytes", what, cap);
    for (size_t i = 0; i < len; i++)
        if (!isxdigit((unsigned char)text[i]))
            cli_fail("%s is not hexadecimal: '%s'", what, text);
    for (size_t i = 0; i < len / 2; i++) {
        const char pair[3] = {text[2 * i], text[2 * i + 1], 0};
        out[i] = (uint8_t)strtoul(pair, NULL, 16);
    }
    return len / 2;
}

void cli_print_bytes(const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        printf("%02x", b[i]);
    putchar('\n');
}
