/* --curve NAME|FILE: a named curve (prime or binary), or a JSON file holding one curve object
 * in the schema of data/curves.json (parse.h, parse_curve_json). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Curve files are a few hundred bytes; this bounds what is read from a path given by the user. */
#define CURVE_FILE_MAX (1 << 20)

char *cli_read_file(const char *path, size_t *len, const char *prefix)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = malloc(CURVE_FILE_MAX + 1);
    if (!buf)
        cli_fail("out of memory");
    *len = fread(buf, 1, CURVE_FILE_MAX + 1, fp);
    const int err = ferror(fp);
    fclose(fp);
    if (err)
        cli_fail("%scannot read '%s' (a directory?)", prefix, path);
    if (*len > CURVE_FILE_MAX)
        cli_fail("%scurve file '%s' is larger than %d bytes", prefix, path, CURVE_FILE_MAX);
    buf[*len] = 0;
    return buf;
}

int cli_load_curve_any(const char *arg, gn_ec_ctx_t *ec, gn_ec2m_ctx_t *ec2m)
{
    gn_err e = gn_ec_init_named(ec, arg);
    if (e == GN_OK)
        return 0;
    if (e != GN_ERR_UNKNOWN_CURVE)
        cli_fail("curve '%s': %s", arg, gn_strerror(e));
    if (gn_ec2m_init_named(ec2m, arg) == GN_OK)
        return 1;
    size_t len;
    char *text = cli_read_file(arg, &len, "");
    if (!text)
        cli_fail("curve '%s' is neither a named curve (see 'genus curves') nor a readable file", arg);
    parse_msg_t msg;
    int binary = 0;
    const int r = parse_curve_json(&msg, text, len, ec, ec2m, &binary);
    free(text);
    if (r)
        cli_fail("curve file '%s': %s", arg, msg.text);
    return binary;
}

void cli_load_curve(gn_ec_ctx_t *ec, const char *arg, const char *cmd)
{
    static gn_ec2m_ctx_t ec2m;
    if (cli_load_curve_any(arg, ec, &ec2m))
        cli_fail("%s: '%s' is a binary curve; %s takes curves over prime fields", cmd, arg, cmd);
}

void cli_load_curve_form(gn_ec_ctx_t *ec, const char *arg, const char *model, const char *cmd)
{
    int m = model ? gn_ec_model_from_name(model) : 0;
    if (m < 0)
        cli_fail("%s: unknown model '%s' (weierstrass, edwards, montgomery, jacobi-quartic)", cmd, model);
    static gn_ec_ctx_t given;
    cli_load_curve(&given, arg, cmd);
    *ec = given;
    /* another model of the same curve, by the maps of gn_ec_to_model (as genus mul --model) */
    if (m && (gn_ec_model)m != given.model && gn_ec_to_model(ec, &given, (gn_ec_model)m) != GN_OK)
        cli_fail("%s: curve %s has no %s form over its field", cmd, arg, model);
}

gn_ec_coords cli_coords(const char *coords, const char *cmd)
{
    int c = coords ? gn_ec_coords_from_name(coords) : 0;
    if (c < 0)
        cli_fail("%s: unknown coordinates '%s' (affine, projective, jacobian, coz, extended, xz)", cmd, coords);
    return (gn_ec_coords)c;
}

const char *cli_curve_option(int argc, char **argv)
{
    const char *curve = NULL, *v;
    for (int i = 0; i < argc; i++)
        if ((v = cli_option(argc, argv, &i, "--curve")))
            curve = v;
    return curve;
}
