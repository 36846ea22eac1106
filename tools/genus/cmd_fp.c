/* genus fp --p HEX OP A [B]: the prime-field calculator. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_op fp_ops[] = {{"add", 2}, {"sub", 2}, {"mul", 2}, {"sqr", 1}, {"neg", 1},
              {"inv", 1}, {"sqrt", 1}, {"pow", 2}, {"legendre", 1}};

static void init_field(gn_fp_ctx_t *ctx, const char *phex, const char *kernel)
{
    size_t n;
    gn_limb_t *p = cli_parse_hex("p", phex, &n);
    if (gn_mp_bits_var(p, n) > GN_FP_MAX_BITS)
        cli_fail("p has more than %d bits", GN_FP_MAX_BITS);
    uint8_t bytes[GN_FP_MAX_BITS / 8];
    if (gn_mp_to_bytes_be(bytes, sizeof bytes, p, n) != GN_OK)
        cli_fail("p has more than %d bits", GN_FP_MAX_BITS);
    free(p);
    switch (cli_fp_init(ctx, bytes, sizeof bytes, kernel, "fp")) {
    case GN_OK: return;
    case GN_ERR_EVEN_MODULUS: cli_fail("p is even: a prime field needs an odd prime");
    case GN_ERR_NOT_PRIME: cli_fail("p is not prime");
    case GN_ERR_TOO_LARGE: cli_fail("p has more than %d bits", GN_FP_MAX_BITS);
    default: cli_fail("p is not usable");
    }
}

static void parse_element(const gn_fp_ctx_t *ctx, gn_fp_t *r, const char *what, const char *text)
{
    size_t n;
    gn_limb_t *a = cli_parse_hex(what, text, &n);
    if (gn_fp_set_mp(ctx, r, a, n) != GN_OK)
        cli_fail("%s is not below p", what);
    free(a);
}

static void print_element(const gn_fp_ctx_t *ctx, const gn_fp_t *a)
{
    gn_limb_t v[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(ctx, v, ctx->n, a);
    cli_print_hex(v, ctx->n, gn_fp_bytes(ctx));
}

int cmd_fp(int argc, char **argv)
{
    const char *phex = NULL, *kernel = NULL;
    const char *pos[4];
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *v = cli_option(argc, argv, &i, "--p");
        if (v) {
            cli_once(&phex, v, "fp", "--p");
            continue;
        }
        if ((v = cli_option(argc, argv, &i, "--kernel"))) {
            cli_once(&kernel, v, "fp", "--kernel");
            continue;
        }
        cli_operand("fp", argv[i], pos, &npos, 4);
    }
    if (!phex)
        cli_fail("fp: missing --p HEX (the prime)");
    int want = cli_operation("fp", fp_ops, sizeof fp_ops / sizeof fp_ops[0], pos, npos);
    const char *op = pos[0];

    gn_fp_ctx_t ctx;
    gn_fp_t a, b, r;
    init_field(&ctx, phex, kernel);
    parse_element(&ctx, &a, "A", pos[1]);

    if (!strcmp(op, "pow")) {
        size_t en;
        gn_limb_t *e = cli_parse_hex("B (the exponent)", pos[2], &en);
        gn_fp_pow(&ctx, &r, &a, e, en);
        free(e);
    } else if (want == 2) {
        parse_element(&ctx, &b, "B", pos[2]);
        if (!strcmp(op, "add"))
            gn_fp_add(&ctx, &r, &a, &b);
        else if (!strcmp(op, "sub"))
            gn_fp_sub(&ctx, &r, &a, &b);
        else
            gn_fp_mul(&ctx, &r, &a, &b);
    } else if (!strcmp(op, "sqr")) {
        gn_fp_sqr(&ctx, &r, &a);
    } else if (!strcmp(op, "neg")) {
        gn_fp_neg(&ctx, &r, &a);
    } else if (!strcmp(op, "inv")) {
        if (gn_fp_inv(&ctx, &r, &a) != GN_OK)
            cli_fail("fp inv: inverse of zero");
    } else if (!strcmp(op, "legendre")) {
        printf("%d\n", gn_fp_legendre(&ctx, &a));
        return 0;
    } else { /* sqrt: the root r with r <= p - r, or "none" */
        if (gn_fp_sqrt(&ctx, &r, &a) != GN_OK) {
            puts("none");
            return 0;
        }
        gn_fp_t s;
        gn_limb_t rv[GN_FP_MAX_LIMBS], sv[GN_FP_MAX_LIMBS];
        gn_fp_neg(&ctx, &s, &r);
        gn_fp_get_mp(&ctx, rv, ctx.n, &r);
        gn_fp_get_mp(&ctx, sv, ctx.n, &s);
        if (gn_mp_cmp_var(sv, ctx.n, rv, ctx.n) < 0)
            r = s;
    }
    print_element(&ctx, &r);
    return 0;
}
