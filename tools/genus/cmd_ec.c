/* genus curves / mul: named curves and scalar multiplication (DESIGN section 6). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_fe(const gn_ec_ctx_t *ec, const gn_fp_t *a, int newline)
{
    uint8_t b[GN_FP_MAX_BITS / 8];
    gn_fp_encode(&ec->fp, b, a);
    for (size_t i = 0; i < ec->fp.bytes; i++)
        printf("%02x", b[i]);
    putchar(newline ? '\n' : ' ');
}

void cli_print_point(const gn_ec_ctx_t *ec, const gn_ec_point_t *p)
{
    if (p->infinity && ec->model == GN_EC_JACOBI_QUARTIC) {
        gn_fp_t one;
        gn_fp_set_one(&ec->fp, &one);
        puts(gn_fp_eq(&ec->fp, &p->y, &one) ? "infinity+" : "infinity-");
    } else if (p->infinity) {
        puts("infinity");
    } else {
        print_fe(ec, &p->x, 0);
        print_fe(ec, &p->y, 1);
    }
}

int cmd_curves(int argc, char **argv)
{
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else
            cli_fail("curves: unknown argument '%s'", argv[i]);
    }
    if (json)
        printf("[");
    size_t row = 0;
    for (size_t i = 0; i < gn_ec_named_count(); i++, row++) {
        const gn_ec_params_t *p = gn_ec_named_params(i);
        static gn_ec_ctx_t ec;
        if (gn_ec_init(&ec, p) != GN_OK)
            cli_fail("internal error: named curve %s does not build", gn_ec_named_name(i));
        if (json)
            printf("%s\n {\"name\": \"%s\", \"aliases\": \"%s\", \"model\": \"%s\", \"bits\": %zu, \"kernel\": \"%s\"}",
                   row ? "," : "", gn_ec_named_name(i), gn_ec_named_aliases(i), gn_ec_model_name(p->model),
                   gn_fp_bits(&ec.fp), gn_fp_kernel_name(&ec.fp));
        else
            printf("%-16s %-15s %4zu bits  %-8s %s\n", gn_ec_named_name(i), gn_ec_model_name(p->model),
                   gn_fp_bits(&ec.fp), gn_fp_kernel_name(&ec.fp), gn_ec_named_aliases(i));
    }
    /* binary curves y^2 + xy = x^3 + a x^2 + b over GF(2^m): "bits" is m, the kernel the multiplier */
    for (size_t i = 0; i < gn_ec2m_named_count(); i++, row++) {
        static gn_ec2m_ctx_t ec;
        if (gn_ec2m_init_named(&ec, gn_ec2m_named_name(i)) != GN_OK)
            cli_fail("internal error: named curve %s does not build", gn_ec2m_named_name(i));
        const char *kern = gn_f2m_kernel_name(&ec.f);
        if (json)
            printf("%s\n {\"name\": \"%s\", \"aliases\": \"%s\", \"model\": \"binary\", \"bits\": %u, \"kernel\": \"%s\"}",
                   row ? "," : "", gn_ec2m_named_name(i), gn_ec2m_named_aliases(i), ec.f.m, kern);
        else
            printf("%-16s %-15s %4u bits  %-8s %s\n", gn_ec2m_named_name(i), "binary", ec.f.m, kern,
                   gn_ec2m_named_aliases(i));
    }
    if (json)
        printf("\n]\n");
    return 0;
}

void cli_parse_point(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text)
{
    parse_msg_t msg;
    cli_check(parse_point(&msg, ec, r, text), &msg, "");
}

size_t cli_parse_scalar(uint8_t *out, size_t cap, const char *text)
{
    parse_msg_t msg;
    size_t len = 0;
    cli_check(parse_scalar(&msg, text, out, cap, &len), &msg, "");
    return len;
}

int cmd_mul(int argc, char **argv)
{
    const char *curve = NULL, *scalar = NULL, *point = NULL, *model = NULL, *coords = NULL, *method = NULL,
               *window = NULL, *kernel = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "mul", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--scalar"))) cli_once(&scalar, v, "mul", "--scalar");
        else if ((v = cli_option(argc, argv, &i, "--point"))) cli_once(&point, v, "mul", "--point");
        else if ((v = cli_option(argc, argv, &i, "--model"))) cli_once(&model, v, "mul", "--model");
        else if ((v = cli_option(argc, argv, &i, "--coords"))) cli_once(&coords, v, "mul", "--coords");
        else if ((v = cli_option(argc, argv, &i, "--method"))) cli_once(&method, v, "mul", "--method");
        else if ((v = cli_option(argc, argv, &i, "--window"))) cli_once(&window, v, "mul", "--window");
        else if ((v = cli_option(argc, argv, &i, "--kernel"))) cli_once(&kernel, v, "mul", "--kernel");
        else cli_fail("mul: unknown argument '%s'", argv[i]);
    }
    if (!curve || !scalar)
        cli_fail("mul needs --curve CURVE and --scalar HEX");
    static gn_ec_ctx_t given, ec;
    static gn_ec2m_ctx_t ec2m;
    if (cli_load_curve_any(curve, &given, &ec2m)) {
        if (model || coords || window || kernel)
            cli_fail("mul: --model, --coords, --window and --kernel are for curves over prime fields; binary curves "
                     "take --method ladder|wnaf|window");
        return cmd_mul2m(&ec2m, scalar, point, method);
    }
    cli_curve_kernel(&given, kernel, "mul");
    ec = given;
    if (model) { /* compute in another model of the same curve; print in the curve's own */
        int m = gn_ec_model_from_name(model);
        if (m < 0)
            cli_fail("unknown model '%s' (weierstrass, edwards, montgomery, jacobi-quartic)", model);
        if ((gn_ec_model)m != given.model && gn_ec_to_model(&ec, &given, (gn_ec_model)m) != GN_OK)
            cli_fail("curve %s has no %s form over its field", curve, model);
    }
    int c = coords ? gn_ec_coords_from_name(coords) : 0;
    if (c < 0)
        cli_fail("unknown coordinates '%s' (affine, projective, jacobian, coz, extended, xz)", coords);
    int m = method ? gn_ec_method_from_name(method) : 0;
    if (m < 0)
        cli_fail("unknown method '%s' (l2r, r2l, window, window-var, sliding, wnaf, ladder, coz-ladder, comb)",
                 method);
    const unsigned w = window ? (unsigned)cli_decimal("mul: --window", window, 2, 6) : 0;
    /* a method implies its coordinates (coz-ladder: co-Z; ladder on Montgomery: xz) */
    const gn_ec_coords rc = gn_ec_resolve_coords(&ec, (gn_ec_coords)c, (gn_ec_method)m);
    if (!gn_ec_supports(&ec, rc, (gn_ec_method)m))
        cli_fail("%s coordinates with the %s method are not available on this %s curve",
                 gn_ec_coords_name(rc), gn_ec_method_name((gn_ec_method)m), gn_ec_model_name(ec.model));
    static uint8_t k[GN_EC_MAX_SCALAR_BYTES];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_ec_point_t p = given.g, q, r, out;
    if (point)
        cli_parse_point(&given, &p, point);
    if (gn_ec_map_point_var(&ec, &q, &given, &p) != GN_OK)
        cli_fail("the point has no image in the %s model", gn_ec_model_name(ec.model));
    gn_err e = gn_ec_mul(&ec, &r, k, klen, &q, rc, (gn_ec_method)m, w);
    if (e != GN_OK)
        cli_fail("mul: %s", gn_strerror(e));
    if (gn_ec_map_point_var(&given, &out, &ec, &r) != GN_OK)
        cli_fail("the result has no image in the %s model", gn_ec_model_name(given.model));
    cli_print_point(&given, &out);
    return 0;
}
