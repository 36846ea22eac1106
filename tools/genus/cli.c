/* Shared helpers of the genus command-line tool: errors, hex in and out, options. */
#include "cli.h"

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
