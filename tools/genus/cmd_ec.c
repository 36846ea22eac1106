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
    for (size_t i = 0; i < gn_ec_named_count(); i++) {
        const gn_ec_params_t *p = gn_ec_named_params(i);
        gn_ec_ctx_t ec;
        if (gn_ec_init(&ec, p) != GN_OK)
            cli_fail("internal error: named curve %s does not build", gn_ec_named_name(i));
        if (json)
            printf("%s\n {\"name\": \"%s\", \"aliases\": \"%s\", \"model\": \"%s\", \"bits\": %zu, \"kernel\": \"%s\"}",
                   i ? "," : "", gn_ec_named_name(i), gn_ec_named_aliases(i), gn_ec_model_name(p->model),
                   gn_fp_bits(&ec.fp), gn_fp_kernel_name(&ec.fp));
        else
            printf("%-16s %-15s %4zu bits  %-8s %s\n", gn_ec_named_name(i), gn_ec_model_name(p->model),
                   gn_fp_bits(&ec.fp), gn_fp_kernel_name(&ec.fp), gn_ec_named_aliases(i));
    }
    if (json)
        printf("\n]\n");
    return 0;
}

/* "X Y" (hex, space or comma separated) into a point on ec. */
void cli_parse_point(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text)
{
    char buf[2 * (GN_FP_MAX_BITS / 4 + 8)];
    if (strlen(text) >= sizeof buf)
        cli_fail("point is too long");
    strcpy(buf, text);
    char *y = strpbrk(buf, " ,");
    if (!y)
        cli_fail("point must be \"X Y\" in hex, got '%s'", text);
    *y++ = 0;
    while (*y == ' ' || *y == ',')
        y++;
    gn_err e = gn_ec_point_from_hex(ec, r, buf, y);
    if (e == GN_ERR_PARSE || e == GN_ERR_INVALID)
        cli_fail("point coordinates are not hexadecimal: '%s'", text);
    if (e == GN_ERR_RANGE)
        cli_fail("point coordinate not below p: '%s'", text);
    if (e == GN_ERR_NOT_ON_CURVE)
        cli_fail("point is not on the curve: '%s'", text);
    if (e != GN_OK)
        cli_fail("point: %s", gn_strerror(e));
}

/* Scalar hex into big-endian bytes. */
size_t cli_parse_scalar(uint8_t *out, size_t cap, const char *text)
{
    size_t n;
    gn_limb_t *k = cli_parse_hex("scalar", text, &n);
    size_t bytes = n * sizeof(gn_limb_t);
    if (bytes > cap) {
        size_t bits = gn_mp_bits_var(k, n);
        if ((bits + 7) / 8 > cap)
            cli_fail("scalar is longer than %zu bytes", cap);
        bytes = cap;
    }
    if (gn_mp_to_bytes_be(out, bytes, k, n) != GN_OK)
        cli_fail("scalar is too long");
    free(k);
    return bytes;
}

int cmd_mul(int argc, char **argv)
{
    static gn_ec2m_ctx_t ec2m;
    const char *c2m = cli_curve_option(argc, argv);
    if (c2m && cli_load_curve2m(&ec2m, c2m))
        return cmd_mul2m(&ec2m, argc, argv);
    const char *curve = NULL, *scalar = NULL, *point = NULL, *model = NULL, *coords = NULL, *method = NULL,
               *window = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) curve = v;
        else if ((v = cli_option(argc, argv, &i, "--scalar"))) scalar = v;
        else if ((v = cli_option(argc, argv, &i, "--point"))) point = v;
        else if ((v = cli_option(argc, argv, &i, "--model"))) model = v;
        else if ((v = cli_option(argc, argv, &i, "--coords"))) coords = v;
        else if ((v = cli_option(argc, argv, &i, "--method"))) method = v;
        else if ((v = cli_option(argc, argv, &i, "--window"))) window = v;
        else cli_fail("mul: unknown argument '%s'", argv[i]);
    }
    if (!curve || !scalar)
        cli_fail("mul needs --curve CURVE and --scalar HEX");
    static gn_ec_ctx_t given, ec;
    cli_load_curve(&given, curve);
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
    unsigned w = 0;
    if (window) {
        char *end;
        unsigned long x = strtoul(window, &end, 10);
        if (*end || x < 2 || x > 6)
            cli_fail("window must be 2..6, got '%s'", window);
        w = (unsigned)x;
    }
    if (!gn_ec_supports(&ec, (gn_ec_coords)c, (gn_ec_method)m))
        cli_fail("%s coordinates with the %s method are not available on this %s curve",
                 gn_ec_coords_name((gn_ec_coords)c), gn_ec_method_name((gn_ec_method)m), gn_ec_model_name(ec.model));
    static uint8_t k[GN_EC_MAX_SCALAR_BYTES];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_ec_point_t p = given.g, q, r, out;
    if (point)
        cli_parse_point(&given, &p, point);
    if (gn_ec_map_point_var(&ec, &q, &given, &p) != GN_OK)
        cli_fail("the point has no image in the %s model", gn_ec_model_name(ec.model));
    gn_err e = gn_ec_mul(&ec, &r, k, klen, &q, (gn_ec_coords)c, (gn_ec_method)m, w);
    if (e != GN_OK)
        cli_fail("mul: %s", gn_strerror(e));
    if (gn_ec_map_point_var(&given, &out, &ec, &r) != GN_OK)
        cli_fail("the result has no image in the %s model", gn_ec_model_name(given.model));
    cli_print_point(&given, &out);
    return 0;
}
