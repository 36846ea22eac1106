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

void cli_parse_private(uint8_t *out, size_t sb, const char *what, const char *text)
{
    size_t n;
    gn_limb_t *d = cli_parse_hex(what, text, &n);
    /* Too long for the scalar length means >= n; the range check itself is the library's. */
    gn_err e = gn_mp_to_bytes_be(out, sb, d, n);
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
    const char *curve = NULL, *seed = NULL, *format = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "keygen", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--seed"))) cli_once(&seed, v, "keygen", "--seed");
        else if ((v = cli_option(argc, argv, &i, "--format"))) cli_once(&format, v, "keygen", "--format");
        else cli_fail("keygen: unknown argument '%s'", argv[i]);
    }
    if (!curve)
        cli_fail("keygen needs --curve CURVE");
    static gn_ec_ctx_t ec;
    static gn_ec2m_ctx_t ec2m;
    if (cli_load_curve_any(curve, &ec, &ec2m))
        return cmd_keygen2m(&ec2m, seed, format);
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

/* The encoding of a public key: --public-format, or "auto": every format the bytes could be (SPKI
 * when they start with 30, SEC1 with 02/03/04, raw when they are X || Y long) is tried, and the key
 * is accepted when exactly one decodes it, or all that do give the same point. No rule by length
 * alone: a compressed point in an SPKI can be 2 * fieldbytes long (brainpoolP224r1), and on a
 * one-byte field 02 || X is as long as X || Y. */
static const char *const format_names[] = {"SEC1", "SEC1", "raw", "SPKI"};

static int parse_public_format(const char *s)
{
    if (!s || !strcmp(s, "auto"))
        return -1;
    if (!strcmp(s, "sec1"))
        return GN_EC_KEY_SEC1;
    if (!strcmp(s, "raw"))
        return GN_EC_KEY_RAW;
    if (!strcmp(s, "spki"))
        return GN_EC_KEY_SPKI;
    cli_fail("ecdh: unknown --public-format '%s' (auto, sec1, raw, spki)", s);
}

static void decode_public(const gn_ec_ctx_t *ec, gn_ec_point_t *q, const uint8_t *k, size_t klen, int want)
{
    const gn_ec_key_format order[] = {GN_EC_KEY_SPKI, GN_EC_KEY_SEC1, GN_EC_KEY_RAW};
    const int fits[] = {klen > 0 && k[0] == 0x30, klen > 0 && (k[0] == 0x02 || k[0] == 0x03 || k[0] == 0x04),
                        klen == 2 * gn_fp_bytes(&ec->fp)};
    gn_err err[3];
    gn_ec_point_t pt[3];
    int tried = 0, ok = -1;
    char why[256] = "";
    for (int i = 0; i < 3; i++) {
        if (want >= 0 ? (int)order[i] != want : !fits[i])
            continue;
        if (order[i] != GN_EC_KEY_RAW)
            need_sec1("ecdh", ec, format_names[order[i]]);
        tried++;
        err[i] = gn_ec_public_decode(ec, &pt[i], k, klen, order[i]);
        if (err[i] == GN_OK) {
            if (ok >= 0 && !gn_ec_point_eq(ec, &pt[ok], &pt[i]))
                cli_fail("ecdh: --public is a valid %s key and a different valid %s key; give --public-format",
                         format_names[order[ok]], format_names[order[i]]);
            ok = ok < 0 ? i : ok;
        } else {
            size_t at = strlen(why);
            snprintf(why + at, sizeof why - at, "%s%s: %s", at ? "; " : "", format_names[order[i]],
                     gn_strerror(err[i]));
        }
    }
    if (!tried)
        cli_fail("ecdh: --public is neither SEC1 (02/03/04 prefix), raw X||Y (%zu bytes) nor a DER "
                 "SubjectPublicKeyInfo (leading 30)", 2 * gn_fp_bytes(&ec->fp));
    if (ok < 0)
        cli_fail("ecdh: --public (%s)", why);
    *q = pt[ok];
}

void cli_ecdh_check(gn_err e)
{
    if (e == GN_ERR_UNVERIFIED_ORDER)
        cli_fail("ecdh: %s", gn_strerror(e));
    if (e == GN_ERR_RANGE)
        cli_fail("ecdh: --private: private key out of range (must be in [1, n-1])");
    if (e == GN_ERR_INFINITY)
        cli_fail("ecdh: the shared point is the point at infinity (a public key of small order?)");
    if (e != GN_OK)
        cli_fail("ecdh: --public: %s", gn_strerror(e));
}

/* ECDH on a binary curve: SEC1 or raw keys (no SPKI), "auto" by the rule of decode_public. */
static int ecdh2m(const gn_ec2m_ctx_t *ec, const char *priv_hex, const char *pub_hex, int cofactor, int want)
{
    cli_need_order2m(ec, "ecdh");
    if (want == GN_EC_KEY_SPKI)
        cli_fail("ecdh: binary curves take SEC1 or raw public keys, not SubjectPublicKeyInfo");
    static uint8_t priv[GN_EC2M_MAX_SCALAR_BYTES];
    const size_t sb = gn_ec2m_scalar_bytes(ec), fb = gn_f2m_bytes(&ec->f);
    cli_parse_private(priv, sb, "ecdh: --private", priv_hex);
    uint8_t k[GN_EC2M_MAX_ENCODING];
    size_t klen = cli_parse_bytes("ecdh: --public", pub_hex, k, sizeof k);
    const int fits[2] = {klen > 0 && (k[0] == 0x02 || k[0] == 0x03 || k[0] == 0x04), klen == 2 * fb};
    gn_ec2m_point_t pt[2];
    gn_err err[2] = {GN_ERR_ENCODING, GN_ERR_ENCODING};
    int ok = -1;
    for (int raw = 0; raw < 2; raw++) {
        if (want >= 0 ? (want == GN_EC_KEY_RAW) != raw : !fits[raw])
            continue;
        if ((err[raw] = cli_decode_public2m(ec, &pt[raw], k, klen, raw)) != GN_OK)
            continue;
        if (ok >= 0 && !gn_ec2m_point_eq_var(ec, &pt[0], &pt[1]))
            cli_fail("ecdh: --public is a valid SEC1 key and a different valid raw key; give --public-format");
        ok = ok < 0 ? raw : ok;
    }
    if (ok < 0 && want < 0 && !fits[0] && !fits[1])
        cli_fail("ecdh: --public is neither SEC1 (02/03/04 prefix) nor raw X||Y (%zu bytes)", 2 * fb);
    if (ok < 0)
        cli_fail("ecdh: --public (%s)", (want >= 0 ? want == GN_EC_KEY_RAW : !fits[0]) ? gn_strerror(err[1])
                                                                                       : gn_strerror(err[0]));
    uint8_t z[GN_EC2M_MAX_ENCODING];
    gn_err e = gn_ec2m_ecdh(ec, z, sizeof z, priv, sb, &pt[ok], cofactor ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
    gn_memzero(priv, sb);
    cli_ecdh_check(e);
    cli_print_bytes(z, fb);
    gn_memzero(z, sizeof z);
    return 0;
}

int cmd_ecdh(int argc, char **argv)
{
    const char *curve = NULL, *priv_hex = NULL, *pub_hex = NULL, *pub_fmt = NULL;
    int cofactor = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "ecdh", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--private"))) cli_once(&priv_hex, v, "ecdh", "--private");
        else if ((v = cli_option(argc, argv, &i, "--public"))) cli_once(&pub_hex, v, "ecdh", "--public");
        else if ((v = cli_option(argc, argv, &i, "--public-format")))
            cli_once(&pub_fmt, v, "ecdh", "--public-format");
        else if (!strcmp(argv[i], "--cofactor")) cofactor = 1;
        else cli_fail("ecdh: unknown argument '%s'", argv[i]);
    }
    if (!curve || !priv_hex || !pub_hex)
        cli_fail("ecdh needs --curve CURVE --private HEX --public HEX");
    const int want = parse_public_format(pub_fmt);
    static gn_ec_ctx_t ec;
    static gn_ec2m_ctx_t ec2m;
    if (cli_load_curve_any(curve, &ec, &ec2m))
        return ecdh2m(&ec2m, priv_hex, pub_hex, cofactor, want);
    static uint8_t priv[GN_EC_MAX_SCALAR_BYTES];
    const size_t sb = gn_ec_scalar_bytes(&ec);
    cli_parse_private(priv, sb, "ecdh: --private", priv_hex);
    uint8_t k[KEY_BUF];
    size_t klen = cli_parse_bytes("ecdh: --public", pub_hex, k, sizeof k);
    gn_ec_point_t q;
    decode_public(&ec, &q, k, klen, want);
    uint8_t z[GN_FP_MAX_BITS / 8];
    gn_err e = gn_ecdh(&ec, z, sizeof z, priv, sb, &q, cofactor ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
    gn_memzero(priv, sb);
    cli_ecdh_check(e);
    cli_print_bytes(z, gn_fp_bytes(&ec.fp));
    gn_memzero(z, sizeof z);
    return 0;
}
