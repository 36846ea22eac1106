/* genus: command-line interface to the library (DESIGN section 6). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: genus COMMAND [ARGS]\n"
    "\n"
    "  genus fp --p HEX OP A [B]        prime-field arithmetic; OP: add sub mul sqr neg inv sqrt pow legendre\n"
    "                                    (A, B: elements below p in hex; for pow, B is any exponent)\n"
    "  genus bench [--quick] [--json FILE] [--vs] [--filter TEXT]\n"
    "                                    benchmark (median cycles and ns); --vs adds GMP and OpenSSL\n"
    "  genus --version                  print the version\n"
    "  genus help                       print this help\n"
    "\n"
    "Numbers are hexadecimal (an optional 0x prefix is accepted); results are lowercase hex\n"
    "zero-padded to the field's byte length, one per line. Bad input: one line on stderr, exit 2.\n";

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_EXIT_BAD_INPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("genus %s (%d-bit limbs%s)\n", gn_version(), GN_LIMB_BITS, GN_HAVE_MULX ? ", mulx/adx kernels" : "");
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(cmd, "fp"))
        return cmd_fp(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench"))
        return cmd_bench(argc - 2, argv + 2);
    cli_fail("unknown command '%s' (try 'genus help')", cmd);
}
