/* genus mul / ecdh / keygen on binary curves (genus/ec2m.h, genus/ecdh.h): the same options and
 * output as on prime curves (DESIGN section 6); the prime-curve commands hand over here when
 * --curve names a binary curve. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const char *cli_curve_option(int argc, char **argv)
{
    const char *curve = NULL, *v;
    for (int i = 0; i < argc; i++)
        if ((v = cli_option(argc, argv, &i, "--curve")))
            curve = v;
    return curve;
}

static void print_fe(const gn_ec2m_ctx_t *ec, const gn_f2m_t *x, int last)
{
    uint8_t b[GN_EC2M_MAX_ENCODING];
    gn_f2m_encode(&ec->f, b, x);
    for (size_t i = 0; i < gn_f2m_bytes(&ec->f); i++)
        printf("%02x", b[i]);
    putchar(last ? '\n' : ' ');
}

/* "X Y" (hex) as a point of ec: on the curve, coordinates below 2^m. */
static void parse_point(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const char *text)
{
    const size_t fb = gn_f2m_bytes(&ec->f);
    char x[300], y[300];
    if (sscanf(text, "%290s %290s", x, y) != 2)
        cli_fail("point must be \"X Y\" in hexadecimal");
    uint8_t enc[GN_EC2M_MAX_ENCODING] = {0x04}, c[GN_EC2M_MAX_ENCODING];
    const char *xy[2] = {x, y};
    for (int i = 0; i < 2; i++) {
        size_t n = cli_parse_bytes("point", xy[i], c, sizeof c);
        if (n > fb)
            cli_fail("point: coordinate %s has more than %zu bytes", xy[i], fb);
        memset(enc + 1 + i * fb, 0, fb - n);
        memcpy(enc + 1 + i * fb + fb - n, c, n);
    }
    gn_err e = gn_ec2m_decode(ec, r, enc, 1 + 2 * fb, 0);
    if (e != GN_OK)
        cli_fail("point: %s", gn_strerror(e));
}

int cmd_mul2m(const gn_ec2m_ctx_t *ec, int argc, char **argv)
{
    const char *scalar = NULL, *point = NULL, *method = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) continue;
        else if ((v = cli_option(argc, argv, &i, "--scalar"))) scalar = v;
        else if ((v = cli_option(argc, argv, &i, "--point"))) point = v;
        else if ((v = cli_option(argc, argv, &i, "--method"))) method = v;
        else cli_fail("mul: unknown argument '%s' for a binary curve (--scalar, --point, --method)", argv[i]);
    }
    if (!scalar)
        cli_fail("mul needs --curve CURVE and --scalar HEX");
    if (method && strcmp(method, "ladder") && strcmp(method, "wnaf") && strcmp(method, "window"))
        cli_fail("unknown method '%s' for a binary curve (ladder, wnaf, window)", method);
    uint8_t k[GN_EC2M_MAX_SCALAR_BYTES];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_ec2m_point_t p = ec->g, r;
    if (point)
        parse_point(ec, &p, point);
    else if (p.infinity)
        cli_fail("mul: the curve has no base point; give --point \"X Y\"");
    /* the ladder (constant time) unless a variable-time method is asked for */
    gn_err e = !method || !strcmp(method, "ladder") ? gn_ec2m_mul_ladder(ec, &r, k, klen, &p)
               : !strcmp(method, "wnaf")            ? gn_ec2m_mul_wnaf_var(ec, &r, k, klen, &p, 0)
                                                    : gn_ec2m_mul_window_var(ec, &r, k, klen, &p, 0);
    if (e != GN_OK)
        cli_fail("mul: %s", gn_strerror(e));
    if (r.infinity) {
        puts("infinity");
    } else {
        print_fe(ec, &r.x, 0);
        print_fe(ec, &r.y, 1);
    }
    return 0;
}

/* A private key (hex) as gn_ec2m_scalar_bytes big-endian bytes; the range is the library's check. */
static size_t parse_private(const gn_ec2m_ctx_t *ec, uint8_t *out, const char *what, const char *text)
{
    size_t n;
    gn_limb_t *d = cli_parse_hex(what, text, &n);
    const size_t sb = gn_ec2m_scalar_bytes(ec);
    gn_err e = gn_mp_to_bytes_be(out, sb, d, n);
    gn_memzero(d, n * sizeof *d);
    free(d);
    if (e != GN_OK)
        cli_fail("%s: private key out of range (must be in [1, n-1])", what);
    return sb;
}

static int need_order(const gn_ec2m_ctx_t *ec, const char *cmd)
{
    if (gn_ec2m_scalar_bytes(ec) == 0 || ec->h == 0 || ec->g.infinity)
        cli_fail("%s: the curve needs a base point, its order n and the cofactor h", cmd);
    return 1;
}

int cmd_ecdh2m(const gn_ec2m_ctx_t *ec, int argc, char **argv)
{
    const char *priv_hex = NULL, *pub_hex = NULL;
    int cofactor = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) continue;
        else if ((v = cli_option(argc, argv, &i, "--private"))) priv_hex = v;
        else if ((v = cli_option(argc, argv, &i, "--public"))) pub_hex = v;
        else if (!strcmp(argv[i], "--cofactor")) cofactor = 1;
        else cli_fail("ecdh: unknown argument '%s'", argv[i]);
    }
    if (!priv_hex || !pub_hex)
        cli_fail("ecdh needs --curve CURVE --private HEX --public HEX");
    need_order(ec, "ecdh");
    static uint8_t priv[GN_EC2M_MAX_SCALAR_BYTES];
    const size_t sb = parse_private(ec, priv, "ecdh: --private", priv_hex);
    const size_t fb = gn_f2m_bytes(&ec->f);
    uint8_t k[GN_EC2M_MAX_ENCODING + 1];
    size_t klen = cli_parse_bytes("ecdh: --public", pub_hex, k, sizeof k - 1);
    if (klen == 2 * fb) { /* raw X || Y */
        memmove(k + 1, k, klen++);
        k[0] = 0x04;
    } else if (!klen || (k[0] != 0x02 && k[0] != 0x03 && k[0] != 0x04)) {
        cli_fail("ecdh: --public is neither SEC1 (02/03/04 prefix) nor raw X||Y (%zu bytes)", 2 * fb);
    }
    gn_ec2m_point_t q;
    gn_err e = gn_ec2m_decode(ec, &q, k, klen, 0);
    if (e != GN_OK)
        cli_fail("ecdh: --public (SEC1): %s", gn_strerror(e));
    uint8_t z[GN_EC2M_MAX_ENCODING];
    e = gn_ec2m_ecdh(ec, z, sizeof z, priv, sb, &q, cofactor ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
    gn_memzero(priv, sb);
    cli_ecdh_check(e);
    cli_print_bytes(z, fb);
    gn_memzero(z, sizeof z);
    return 0;
}

int cmd_keygen2m(const gn_ec2m_ctx_t *ec, int argc, char **argv)
{
    const char *seed = NULL, *format = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) continue;
        else if ((v = cli_option(argc, argv, &i, "--seed"))) seed = v;
        else if ((v = cli_option(argc, argv, &i, "--format"))) format = v;
        else cli_fail("keygen: unknown argument '%s'", argv[i]);
    }
    if (format && strcmp(format, "sec1") && strcmp(format, "sec1c") && strcmp(format, "raw"))
        cli_fail("keygen: format '%s' is not available for a binary curve (sec1, sec1c, raw)", format);
    need_order(ec, "keygen");
    char pers[64];
    snprintf(pers, sizeof pers, "genus keygen %s", ec->name ? ec->name : "custom");
    gn_drbg_t d = {0};
    cli_keygen_drbg(&d, "keygen", seed, pers);
    static uint8_t priv[GN_EC2M_MAX_SCALAR_BYTES];
    gn_ec2m_point_t pub;
    gn_err e = gn_ec2m_keygen(ec, priv, sizeof priv, &pub, gn_drbg_rng, &d);
    gn_drbg_uninstantiate(&d);
    if (e != GN_OK)
        cli_fail("keygen: %s", gn_strerror(e));
    uint8_t out[GN_EC2M_MAX_ENCODING];
    size_t outlen;
    const int raw = format && !strcmp(format, "raw");
    e = gn_ec2m_encode(ec, out, &outlen, sizeof out, &pub, format && !strcmp(format, "sec1c"));
    if (e != GN_OK)
        cli_fail("keygen: encoding the public key: %s", gn_strerror(e));
    const size_t sb = gn_ec2m_scalar_bytes(ec);
    cli_print_bytes(priv, sb);
    gn_memzero(priv, sb);
    cli_print_bytes(out + raw, outlen - (size_t)raw);
    return 0;
}
