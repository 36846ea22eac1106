/* genus f2m --m M [--poly EXPONENTS] OP A [B]: the binary-field calculator. EXPONENTS: the terms
 * of the reduction polynomial, comma-separated and descending, "163,7,6,3,0" (m may be left out:
 * "7,6,3,0"); without --poly, the NIST polynomial of degree 163, 233, 283, 409 or 571. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const cli_op f2m_ops[] = {{"add", 2},   {"mul", 2},   {"sqr", 1},    {"sqrt", 1}, {"inv", 1},
               {"div", 2},   {"trace", 1}, {"htrace", 1}, {"solve", 1}};

/* FIPS 186-4, D.1.3: the reduction polynomials of the NIST binary curves. */
static const unsigned nist[5][5] = {{163, 7, 6, 3, 0}, {233, 74, 0}, {283, 12, 7, 5, 0}, {409, 87, 0}, {571, 10, 5, 2, 0}};

static void init_field(gn_f2m_ctx_t *ctx, const char *mtext, const char *polytext)
{
    const unsigned m = (unsigned)cli_decimal("f2m: --m", mtext, 2, GN_F2M_MAX_M);
    unsigned exps[5];
    size_t n = 0;
    if (!polytext) {
        for (size_t i = 0; i < 5; i++)
            if (nist[i][0] == m)
                for (n = 0; n == 0 || nist[i][n - 1]; n++)
                    exps[n] = nist[i][n];
        if (!n)
            cli_fail("f2m: no default polynomial for m = %u: give --poly (e.g. --poly %u,K,0)", m, m);
    } else {
        parse_msg_t msg;
        cli_check(parse_poly(&msg, polytext, m, exps, &n), &msg, "f2m: --poly: ");
    }
    switch (gn_f2m_init(ctx, exps, n)) {
    case GN_OK: return;
    case GN_ERR_TOO_LARGE: cli_fail("f2m: m = %u is above %d", m, GN_F2M_MAX_M);
    case GN_ERR_REDUCIBLE: cli_fail("f2m: --poly: the polynomial is reducible: GF(2^m) needs an irreducible one");
    default:
        cli_fail("f2m: --poly: expected a trinomial or pentanomial x^m + ... + 1, exponents descending "
                 "(e.g. 163,7,6,3,0), m >= 2");
    }
}

static void parse_element(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const char *what, const char *text)
{
    size_t n;
    gn_limb_t *a = cli_parse_hex(what, text, &n);
    gn_err e = gn_f2m_set_mp(ctx, r, a, n);
    free(a);
    if (e != GN_OK)
        cli_fail("%s has degree >= m = %u", what, ctx->m);
}

static void print_element(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a)
{
    gn_limb_t v[GN_F2M_MAX_LIMBS];
    gn_f2m_get_mp(ctx, v, ctx->n, a);
    cli_print_hex(v, ctx->n, gn_f2m_bytes(ctx));
}

int cmd_f2m(int argc, char **argv)
{
    const char *mtext = NULL, *polytext = NULL;
    const char *pos[4];
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--m"))) {
            cli_once(&mtext, v, "f2m", "--m");
            continue;
        }
        if ((v = cli_option(argc, argv, &i, "--poly"))) {
            cli_once(&polytext, v, "f2m", "--poly");
            continue;
        }
        cli_operand("f2m", argv[i], pos, &npos, 4);
    }
    if (!mtext)
        cli_fail("f2m: missing --m M (the degree)");
    int want = cli_operation("f2m", f2m_ops, sizeof f2m_ops / sizeof f2m_ops[0], pos, npos);
    const char *op = pos[0];

    gn_f2m_ctx_t ctx;
    gn_f2m_t a, b, r;
    init_field(&ctx, mtext, polytext);
    parse_element(&ctx, &a, "A", pos[1]);
    if (want == 2)
        parse_element(&ctx, &b, "B", pos[2]);

    if (!strcmp(op, "add")) {
        gn_f2m_add(&ctx, &r, &a, &b);
    } else if (!strcmp(op, "mul")) {
        gn_f2m_mul(&ctx, &r, &a, &b);
    } else if (!strcmp(op, "div")) { /* A / B */
        if (gn_f2m_div(&ctx, &r, &a, &b) != GN_OK)
            cli_fail("f2m div: division by zero");
    } else if (!strcmp(op, "sqr")) {
        gn_f2m_sqr(&ctx, &r, &a);
    } else if (!strcmp(op, "sqrt")) {
        gn_f2m_sqrt(&ctx, &r, &a);
    } else if (!strcmp(op, "inv")) {
        if (gn_f2m_inv(&ctx, &r, &a) != GN_OK)
            cli_fail("f2m inv: inverse of zero");
    } else if (!strcmp(op, "trace")) {
        printf("%u\n", gn_f2m_trace(&ctx, &a));
        return 0;
    } else if (!strcmp(op, "htrace")) {
        if (gn_f2m_htrace(&ctx, &r, &a) != GN_OK)
            cli_fail("f2m htrace: the half-trace needs an odd m");
    } else { /* solve: the root z of z^2 + z = A with no constant term (z + 1 is the other), or "none" */
        if (gn_f2m_solve_quad(&ctx, &r, &a) != GN_OK) {
            puts("none");
            return 0;
        }
    }
    print_element(&ctx, &r);
    return 0;
}
