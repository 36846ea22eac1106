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

#if GN_CLI_CJSON
#include <cjson/cJSON.h>

static void load_curve(gn_g2_ctx_t *g, gn_fp_ctx_t *fp, const char *path)
{
    cJSON *o = cli_json_object(path, "g2: ");
    if (!o)
        cli_fail("g2: cannot read curve file '%s'", path);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "p");
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "f");
    if (!cJSON_IsString(t) || strcmp(t->valuestring, "genus2"))
        cli_fail("g2: curve file '%s' needs \"type\": \"genus2\"", path);
    if (!cJSON_IsString(p))
        cli_fail("g2: curve file '%s' lacks the prime \"p\" (hex string)", path);
    gn_err e = gn_fp_init_hex(fp, p->valuestring);
    if (e != GN_OK)
        cli_fail("g2: curve file '%s': p: %s", path, gn_strerror(e));
    int nf = cJSON_IsArray(f) ? cJSON_GetArraySize(f) : -1;
    if (nf < 6 || nf > 7)
        cli_fail("g2: curve file '%s' needs \"f\": 6 or 7 hex strings, constant term first", path);
    gn_fp_t c[7];
    for (int i = 0; i < nf; i++) {
        const cJSON *ci = cJSON_GetArrayItem(f, i);
        if (!cJSON_IsString(ci))
            cli_fail("g2: curve file '%s': f[%d] is not a hex string", path, i);
        cli_parse_fe(fp, &c[i], "a coefficient of f", ci->valuestring);
    }
    e = gn_g2_init(g, fp, c, (size_t)nf);
    if (e == GN_ERR_UNSUPPORTED)
        cli_fail("g2: curve file '%s': deg f must be 5 or 6", path);
    if (e != GN_OK)
        cli_fail("g2: curve file '%s': %s", path, gn_strerror(e));
    cJSON_Delete(o);
}
#else
static void load_curve(gn_g2_ctx_t *g, gn_fp_ctx_t *fp, const char *path)
{
    (void)g, (void)fp;
    cli_fail("g2: this genus was built without cJSON to read the curve file '%s'", path);
}
#endif

static void parse_divisor(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const char *text)
{
    char buf[4 * (GN_FP_MAX_BITS / 4 + 8)], *w[5];
    size_t n = 0;
    gn_g2_identity(g, r);
    if (!strcmp(text, "identity"))
        return;
    if (strlen(text) >= sizeof buf)
        cli_fail("g2: --divisor is too long");
    strcpy(buf, text);
    int has_n = 0;
    for (char *s = strtok(buf, " \t"); s; s = strtok(NULL, " \t")) {
        if (has_n)
            cli_fail("g2: --divisor: \"n=N\" comes last, once");
        if (!strncmp(s, "n=", 2)) {
            if (!g->split)
                cli_fail("g2: --divisor: \"n=N\" is for degree-6 curves with f6 a square");
            if (s[2] < '0' || s[2] > '2' || s[3])
                cli_fail("g2: --divisor: in \"n=N\", N must be 0, 1 or 2");
            r->n = (unsigned)(s[2] - '0');
            has_n = 1;
            continue;
        }
        if (n == 4)
            cli_fail("g2: --divisor needs \"U1 U0 V1 V0\", \"U0 V0\" or \"identity\" (then \"n=N\"), got more words");
        w[n++] = s;
    }
    if (!has_n)
        r->n = 0;
    if (n == 0 && has_n) {
        r->deg = 0;
    } else if (n == 4) {
        for (size_t i = 0; i < 4; i++)
            cli_parse_fe(&g->fp, &r->c[i], "a --divisor coefficient", w[i]);
        r->deg = 2;
    } else if (n == 2) {
        cli_parse_fe(&g->fp, &r->c[1], "a --divisor coefficient", w[0]);
        cli_parse_fe(&g->fp, &r->c[3], "a --divisor coefficient", w[1]);
        r->deg = 1;
    } else {
        cli_fail("g2: --divisor needs \"U1 U0 V1 V0\", \"U0 V0\" or \"identity\", got %zu words", n);
    }
    gn_err e = gn_g2_check(g, r);
    if (e == GN_ERR_INVALID)
        cli_fail("g2: --divisor is not in reduced form (degree 1 on a degree-6 curve with f6 not a square, or n above 2 - deg u)");
    if (e != GN_OK)
        cli_fail("g2: --divisor is not an element of the Jacobian (u does not divide v^2 - f)");
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
        if ((v = cli_option(argc, argv, &i, "--curve"))) curve = v;
        else if ((v = cli_option(argc, argv, &i, "--scalar"))) scalar = v;
        else if ((v = cli_option(argc, argv, &i, "--divisor"))) divisor = v;
        else cli_fail("g2 mul: unknown argument '%s'", argv[i]);
    }
    if (!curve || !scalar || !divisor)
        cli_fail("g2 mul needs --curve FILE --scalar HEX --divisor \"U1 U0 V1 V0 [n=N]\"");
    static gn_g2_ctx_t g;
    static gn_fp_ctx_t fp;
    load_curve(&g, &fp, curve);
    gn_g2_elem_t d, r;
    parse_divisor(&g, &d, divisor);
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
        cli_fail("usage: genus %s", g2_usage);
    if (!strcmp(argv[0], "mul"))
        return g2_mul(argc - 1, argv + 1);
    if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "help")) {
        printf("usage: genus %s\n", g2_usage);
        return 0;
    }
    cli_fail("unknown subcommand '%s': genus %s", argv[0], g2_usage);
}
