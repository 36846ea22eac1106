/* genus keygen / ecdh: key pairs and the ECDH primitive (SEC1 3.2, 3.3; DESIGN section 6). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The largest public-key encoding read or written here: an SPKI of the largest field is well
 * below this (about 30 bytes of DER around 1 + 2 * GN_FP_MAX_BITS / 8). */
#define KEY_BUF (64 + 2 * GN_FP_MAX_BITS / 8)

/* SEC1 2.3.3 (and the SPKI that wraps it) is defined on curves y^2 = cubic in x: the
 * Weierstrass and Montgomery models. Edwards and quartic points are exchanged raw (X || Y). */
static int has_sec1(const gn_ec_ctx_t *ec)
{
    return ec->model == GN_EC_WEIERSTRASS || ec->model == GN_EC_MONTGOMERY;
}

static void need_sec1(const char *cmd, const gn_ec_ctx_t *ec, const char *what)
{
    if (!has_sec1(ec))
        cli_fail("%s: %s encodings are defined for Weierstrass and Montgomery curves only, not this %s curve; "
                 "use raw X||Y (%zu bytes)", cmd, what, gn_ec_model_name(ec->model), 2 * gn_fp_bytes(&ec->fp));
}

void cli_parse_private(const gn_ec_ctx_t *ec, uint8_t *out, const char *what, const char *text)
{
    size_t n;
    gn_limb_t *d = cli_parse_hex(what, text, &n);
    /* Too long for the scalar length means >= n; the range check itself is the library's. */
    gn_err e = gn_mp_to_bytes_be(out, gn_ec_scalar_bytes(ec), d, n);
    gn_memzero(d, n * sizeof *d);
    free(d);
    if (e != GN_OK)
        cli_fail("%s: private key out of range (must be in [1, n-1])", what);
}

/* ------------------------------------------------------------------------- keygen */

static gn_ec_key_format parse_format(const char *s)
{
    if (!strcmp(s, "sec1"))
        return GN_EC_KEY_SEC1;
    if (!strcmp(s, "sec1c"))
        return GN_EC_KEY_SEC1_COMPRESSED;
    if (!strcmp(s, "raw"))
        return GN_EC_KEY_RAW;
    if (!strcmp(s, "spki"))
        return GN_EC_KEY_SPKI;
    cli_fail("keygen: unknown format '%s' (sec1, sec1c, raw, spki)", s);
}

int cmd_keygen(int argc, char **argv)
{
    static gn_ec2m_ctx_t ec2m;
    const char *c2m = cli_curve_option(argc, argv);
    if (c2m && cli_load_curve2m(&ec2m, c2m))
        return cmd_keygen2m(&ec2m, argc, argv);
    const char *curve = NULL, *seed = NULL, *format = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) curve = v;
        else if ((v = cli_option(argc, argv, &i, "--seed"))) seed = v;
        else if ((v = cli_option(argc, argv, &i, "--format"))) format = v;
        else cli_fail("keygen: unknown argument '%s'", argv[i]);
    }
    if (!curve)
        cli_fail("keygen needs --curve CURVE");
    static gn_ec_ctx_t ec;
    cli_load_curve(&ec, curve);
    /* Default: SEC1 uncompressed where it is defined, raw X || Y on the other models. */
    gn_ec_key_format fmt = format ? parse_format(format) : has_sec1(&ec) ? GN_EC_KEY_SEC1 : GN_EC_KEY_RAW;
    if (fmt != GN_EC_KEY_RAW)
        need_sec1("keygen", &ec, fmt == GN_EC_KEY_SPKI ? "SPKI" : "SEC1");

    char pers[64];
    snprintf(pers, sizeof pers, "genus keygen %s", ec.name);
    gn_drbg_t d = {0};
    cli_keygen_drbg(&d, "keygen", seed, pers);

    static uint8_t priv[GN_EC_MAX_SCALAR_BYTES];
    gn_ec_point_t pub;
    gn_err e = gn_ec_keygen(&ec, priv, sizeof priv, &pub, gn_drbg_rng, &d);
    gn_drbg_uninstantiate(&d);
    if (e != GN_OK)
        cli_fail("keygen: %s", gn_strerror(e));
    uint8_t out[KEY_BUF];
    size_t outlen;
    e = gn_ec_public_encode(&ec, out, &outlen, sizeof out, &pub, fmt);
    if (e == GN_ERR_UNSUPPORTED)
        cli_fail("keygen: no SubjectPublicKeyInfo for curve '%s' (no registered namedCurve OID)", ec.name);
    if (e != GN_OK)
        cli_fail("keygen: encoding the public key: %s", gn_strerror(e));
    const size_t sb = gn_ec_scalar_bytes(&ec);
    cli_print_bytes(priv, sb);
    gn_memzero(priv, sb);
    cli_print_bytes(out, outlen);
    return 0;
}

/* --------------------------------------------------------------------------- ecdh */

/* The encoding of a public key, from its bytes: exactly 2 * fieldbytes is raw X || Y (no SEC1 or
 * SPKI encoding has that length), a leading 0x30 (SEQUENCE) is SPKI, 02/03/04 is SEC1. */
static gn_ec_key_format detect_format(const gn_ec_ctx_t *ec, const uint8_t *k, size_t len)
{
    const size_t fb = gn_fp_bytes(&ec->fp);
    if (len == 2 * fb)
        return GN_EC_KEY_RAW;
    if (len > 0 && k[0] == 0x30)
        return GN_EC_KEY_SPKI;
    if (len > 0 && (k[0] == 0x02 || k[0] == 0x03 || k[0] == 0x04))
        return GN_EC_KEY_SEC1;
    cli_fail("ecdh: --public is neither SEC1 (02/03/04 prefix), raw X||Y (%zu bytes) nor a DER "
             "SubjectPublicKeyInfo (leading 30)", 2 * fb);
}

void cli_ecdh_check(gn_err e)
{
    if (e == GN_ERR_RANGE)
        cli_fail("ecdh: --private: private key out of range (must be in [1, n-1])");
    if (e == GN_ERR_INFINITY)
        cli_fail("ecdh: the shared point is the point at infinity (a public key of small order?)");
    if (e != GN_OK)
        cli_fail("ecdh: --public: %s", gn_strerror(e));
}

int cmd_ecdh(int argc, char **argv)
{
    static gn_ec2m_ctx_t ec2m;
    const char *c2m = cli_curve_option(argc, argv);
    if (c2m && cli_load_curve2m(&ec2m, c2m))
        return cmd_ecdh2m(&ec2m, argc, argv);
    const char *curve = NULL, *priv_hex = NULL, *pub_hex = NULL;
    int cofactor = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) curve = v;
        else if ((v = cli_option(argc, argv, &i, "--private"))) priv_hex = v;
        else if ((v = cli_option(argc, argv, &i, "--public"))) pub_hex = v;
        else if (!strcmp(argv[i], "--cofactor")) cofactor = 1;
        else cli_fail("ecdh: unknown argument '%s'", argv[i]);
    }
    if (!curve || !priv_hex || !pub_hex)
        cli_fail("ecdh needs --curve CURVE --private HEX --public HEX");
    static gn_ec_ctx_t ec;
    cli_load_curve(&ec, curve);
    static uint8_t priv[GN_EC_MAX_SCALAR_BYTES];
    cli_parse_private(&ec, priv, "ecdh: --private", priv_hex);
    uint8_t k[KEY_BUF];
    size_t klen = cli_parse_bytes("ecdh: --public", pub_hex, k, sizeof k);
    gn_ec_key_format fmt = detect_format(&ec, k, klen);
    if (fmt != GN_EC_KEY_RAW)
        need_sec1("ecdh", &ec, fmt == GN_EC_KEY_SPKI ? "SPKI" : "SEC1");
    gn_ec_point_t q;
    gn_err e = gn_ec_public_decode(&ec, &q, k, klen, fmt);
    if (e != GN_OK)
        cli_fail("ecdh: --public (%s): %s", fmt == GN_EC_KEY_SPKI ? "SPKI" : fmt == GN_EC_KEY_RAW ? "raw" : "SEC1",
                 gn_strerror(e));
    uint8_t z[GN_FP_MAX_BITS / 8];
    const size_t sb = gn_ec_scalar_bytes(&ec);
    e = gn_ecdh(&ec, z, sizeof z, priv, sb, &q, cofactor ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
    gn_memzero(priv, sb);
    cli_ecdh_check(e);
    cli_print_bytes(z, gn_fp_bytes(&ec.fp));
    gn_memzero(z, sizeof z);
    return 0;
}
