/*
 * genus g2 mul --curve FILE --scalar HEX --divisor "U1 U0 V1 V0": scalar multiplication in the
 * Jacobian of a genus-2 curve (docs/KUMMER.md, "Genus-2 Jacobians").
 * FILE is a JSON object {"type": "genus2", "p": "HEX", "f": ["HEX", ...]}: the prime and the
 * coefficients of f, constant term first (six of them: deg f = 5; a seventh, non-zero: deg f = 6).
 * Divisors: "U1 U0 V1 V0" (u = x^2 + U1 x + U0, v = V1 x + V0), "U0 V0" (u = x + U0, v = V0), or
 * "identity"; on a degree-6 curve with f6 a square a last word "n=N" gives the balanced
 * representation's n (default 0), and "n=N" alone is u = 1 (include/genus/g2.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char g2_usage[] =
    "g2 mul --curve FILE --scalar HEX --divisor \"U1 U0 V1 V0 [n=N]\"\n"
    "  FILE: {\"type\": \"genus2\", \"p\": \"HEX\", \"f\": [\"HEX\", ...]}, f_0 first, 6 or 7 coefficients\n"
    "  (deg f = 5 or 6); divisors \"U1 U0 V1 V0\", \"U0 V0\" or \"identity\"; on deg f = 6 with f6 a\n"
    "  square, a last word \"n=N\" (0 <= N <= 2 - deg u, default 0; alone: u = 1) is the balanced\n"
    "  representation's multiplicity of inf+ (include/genus/g2.h). See genus help";

void cli_load_g2(gn_g2_ctx_t *g, gn_fp_ctx_t *fp, const char *path, const char *cmd)
{
    size_t len;
    char prefix[32];
    snprintf(prefix, sizeof prefix, "%s: ", cmd);
    char *text = cli_read_file(path, &len, prefix);
    if (!text)
        cli_fail("%s: cannot read curve file '%s'", cmd, path);
    parse_msg_t msg;
    const int r = parse_g2_json(&msg, text, len, g, fp);
    free(text);
    if (r)
        cli_fail("%s: curve file '%s': %s", cmd, path, msg.text);
}

static void print_divisor(const gn_g2_ctx_t *g, const gn_g2_elem_t *a)
{
    uint8_t b[GN_FP_MAX_BITS / 8];
    static const unsigned i2[] = {0, 1, 2, 3}, i1[] = {1, 3};
    if (gn_g2_is_identity(g, a)) {
        puts("identity");
        return;
    }
    if (a->deg == 0) { /* u = 1 on a split degree-6 curve, not the identity */
        printf("n=%u\n", a->n);
        return;
    }
    const unsigned *ix = a->deg == 2 ? i2 : i1;
    for (unsigned i = 0; i < 2 * a->deg; i++) {
        if (i)
            putchar(' ');
        gn_fp_encode(&g->fp, b, &a->c[ix[i]]);
        for (size_t j = 0; j < gn_fp_bytes(&g->fp); j++)
            printf("%02x", b[j]);
    }
    if (a->n)
        printf(" n=%u", a->n);
    putchar('\n');
}

static int g2_mul(int argc, char **argv)
{
    const char *curve = NULL, *scalar = NULL, *divisor = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "g2 mul", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--scalar"))) cli_once(&scalar, v, "g2 mul", "--scalar");
        else if ((v = cli_option(argc, argv, &i, "--divisor"))) cli_once(&divisor, v, "g2 mul", "--divisor");
        else cli_fail("g2 mul: unknown argument '%s'", argv[i]);
    }
    if (!curve || !scalar || !divisor)
        cli_fail("g2 mul needs --curve FILE --scalar HEX --divisor \"U1 U0 V1 V0 [n=N]\"");
    static gn_g2_ctx_t g;
    static gn_fp_ctx_t fp;
    cli_load_g2(&g, &fp, curve, "g2");
    gn_g2_elem_t d, r;
    parse_msg_t msg;
    cli_check(parse_divisor(&msg, &g, &d, divisor), &msg, "g2: --divisor: ");
    uint8_t k[128];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_err e = gn_g2_mul(&g, &r, k, klen, &d);
    gn_memzero(k, sizeof k);
    if (e != GN_OK)
        cli_fail("g2 mul: %s", gn_strerror(e));
    print_divisor(&g, &r);
    return 0;
}

int cmd_g2(int argc, char **argv)
{
    if (argc < 1)
        cli_fail("g2: missing subcommand (mul; see 'genus g2 help')");
    if (!strcmp(argv[0], "mul"))
        return g2_mul(argc - 1, argv + 1);
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "help")) {
        printf("usage: genus %s\n", g2_usage);
        return 0;
    }
    cli_fail("g2: unknown subcommand '%s' (mul; see 'genus g2 help')", argv[0]);
}
