/* genus keygen / ecdh: key pairs and the ECDH primitive (SEC1 3.2, 3.3; DESIGN section 6), on
 * prime and binary curves alike: one flow, with the curve-kind calls side by side. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The largest public-key encoding read or written here: an SPKI of the largest field is well
 * below this (about 30 bytes of DER around 1 + 2 * GN_FP_MAX_BITS / 8). */
#define KEY_BUF (64 + 2 * GN_FP_MAX_BITS / 8)

/* A curve of either kind (ec2m non-NULL: binary) and a point of it. */
typedef struct {
    const gn_ec_ctx_t *ec;
    const gn_ec2m_ctx_t *ec2m;
} any_curve;
typedef union {
    gn_ec_point_t ec;
    gn_ec2m_point_t ec2m;
} any_point;

static const char *const format_names[] = {"SEC1", "SEC1", "raw", "SPKI"};

/* SEC1 2.3.3 (and the SPKI that wraps it) is defined on curves y^2 = cubic in x (Weierstrass and
 * Montgomery) and on binary curves. Edwards and quartic points are exchanged raw (X || Y). */
static void need_sec1(const char *cmd, const any_curve *c, gn_ec_key_format fmt)
{
    const gn_ec_ctx_t *ec = c->ec;
    if (fmt != GN_EC_KEY_RAW && !c->ec2m && ec->model != GN_EC_WEIERSTRASS && ec->model != GN_EC_MONTGOMERY)
        cli_fail("%s: %s encodings are defined for Weierstrass, Montgomery and binary curves only, not this %s "
                 "curve; use raw X||Y (%zu bytes)", cmd, format_names[fmt], gn_ec_model_name(ec->model),
                 2 * gn_fp_bytes(&ec->fp));
}

static size_t field_bytes(const any_curve *c)
{
    return c->ec2m ? gn_f2m_bytes(&c->ec2m->f) : gn_fp_bytes(&c->ec->fp);
}

/* Bytes of a private key; a binary curve must have a base point, n and h. */
static size_t scalar_bytes(const any_curve *c, const char *cmd)
{
    if (!c->ec2m)
        return gn_ec_scalar_bytes(c->ec);
    cli_need_order2m(c->ec2m, cmd);
    return gn_ec2m_scalar_bytes(c->ec2m);
}

/* --curve, loaded into *c (storage static: contexts are large). */
static void load(any_curve *c, const char *curve, const char *kernel, const char *cmd)
{
    static gn_ec_ctx_t ec;
    static gn_ec2m_ctx_t ec2m;
    const int binary = cli_load_curve_any(curve, &ec, &ec2m);
    if (binary && kernel)
        cli_fail("%s: --kernel names a prime-field kernel; '%s' is a binary curve", cmd, curve);
    if (!binary)
        cli_curve_kernel(&ec, kernel, cmd);
    c->ec = binary ? NULL : &ec;
    c->ec2m = binary ? &ec2m : NULL;
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
    const char *curve = NULL, *seed = NULL, *format = NULL, *kernel = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "keygen", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--kernel"))) cli_once(&kernel, v, "keygen", "--kernel");
        else if ((v = cli_option(argc, argv, &i, "--seed"))) cli_once(&seed, v, "keygen", "--seed");
        else if ((v = cli_option(argc, argv, &i, "--format"))) cli_once(&format, v, "keygen", "--format");
        else cli_fail("keygen: unknown argument '%s'", argv[i]);
    }
    if (!curve)
        cli_fail("keygen needs --curve CURVE");
    any_curve c;
    load(&c, curve, kernel, "keygen");
    /* Default: SEC1 uncompressed where it is defined, raw X || Y on the other models. */
    const int sec1 = c.ec2m || c.ec->model == GN_EC_WEIERSTRASS || c.ec->model == GN_EC_MONTGOMERY;
    const gn_ec_key_format fmt = format ? parse_format(format) : sec1 ? GN_EC_KEY_SEC1 : GN_EC_KEY_RAW;
    need_sec1("keygen", &c, fmt);
    const size_t sb = scalar_bytes(&c, "keygen");
    const char *name = c.ec2m ? (c.ec2m->name ? c.ec2m->name : "custom") : c.ec->name;

    char pers[64];
    snprintf(pers, sizeof pers, "genus keygen %s", name);
    gn_drbg_t d = {0};
    cli_keygen_drbg(&d, "keygen", seed, pers);
    static uint8_t priv[GN_EC_MAX_SCALAR_BYTES];
    any_point pub;
    gn_err e = c.ec2m ? gn_ec2m_keygen(c.ec2m, priv, sizeof priv, &pub.ec2m, gn_drbg_rng, &d)
                      : gn_ec_keygen(c.ec, priv, sizeof priv, &pub.ec, gn_drbg_rng, &d);
    gn_drbg_uninstantiate(&d);
    if (e != GN_OK)
        cli_fail("keygen: %s", gn_strerror(e));
    uint8_t out[KEY_BUF];
    size_t outlen;
    e = c.ec2m ? gn_ec2m_public_encode(c.ec2m, out, &outlen, sizeof out, &pub.ec2m, fmt)
               : gn_ec_public_encode(c.ec, out, &outlen, sizeof out, &pub.ec, fmt);
    if (e == GN_ERR_UNSUPPORTED)
        cli_fail("keygen: no SubjectPublicKeyInfo for curve '%s' (no registered namedCurve OID)", name);
    if (e != GN_OK)
        cli_fail("keygen: encoding the public key: %s", gn_strerror(e));
    cli_print_bytes(priv, sb);
    gn_memzero(priv, sb);
    cli_print_bytes(out, outlen);
    return 0;
}

/* --------------------------------------------------------------------------- ecdh */

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

static gn_err decode_as(const any_curve *c, any_point *q, const uint8_t *k, size_t klen, gn_ec_key_format f)
{
    return c->ec2m ? gn_ec2m_public_decode(c->ec2m, &q->ec2m, k, klen, f) : gn_ec_public_decode(c->ec, &q->ec, k, klen, f);
}

static int same_point(const any_curve *c, const any_point *a, const any_point *b)
{
    return c->ec2m ? gn_ec2m_point_eq_var(c->ec2m, &a->ec2m, &b->ec2m) : gn_ec_point_eq(c->ec, &a->ec, &b->ec);
}

/* The public key in k[klen], in the format `want` (--public-format), or with "auto" (want < 0):
 * every format the bytes could be (SPKI when they start with 30, SEC1 with 02/03/04, raw when
 * they are X || Y long) is tried, and the key is accepted when exactly one decodes it, or all
 * that do give the same point. No rule by length alone: a compressed point in an SPKI can be
 * 2 * fieldbytes long (brainpoolP224r1), and on a one-byte field 02 || X is as long as X || Y. */
static void decode_public(const any_curve *c, any_point *q, const uint8_t *k, size_t klen, int want)
{
    const gn_ec_key_format order[] = {GN_EC_KEY_SPKI, GN_EC_KEY_SEC1, GN_EC_KEY_RAW};
    const int fits[] = {klen > 0 && k[0] == 0x30, klen > 0 && (k[0] == 0x02 || k[0] == 0x03 || k[0] == 0x04),
                        klen == 2 * field_bytes(c)};
    any_point pt[3];
    int tried = 0, ok = -1;
    char why[256] = "";
    for (int i = 0; i < 3; i++) {
        if (want >= 0 ? (int)order[i] != want : !fits[i])
            continue;
        need_sec1("ecdh", c, order[i]);
        tried++;
        gn_err e = decode_as(c, &pt[i], k, klen, order[i]);
        if (e == GN_OK) {
            if (ok >= 0 && !same_point(c, &pt[ok], &pt[i]))
                cli_fail("ecdh: --public is a valid %s key and a different valid %s key; give --public-format",
                         format_names[order[ok]], format_names[order[i]]);
            ok = ok < 0 ? i : ok;
        } else {
            const size_t at = strlen(why);
            snprintf(why + at, sizeof why - at, "%s%s: %s", at ? "; " : "", format_names[order[i]], gn_strerror(e));
        }
    }
    if (!tried)
        cli_fail("ecdh: --public is neither SEC1 (02/03/04 prefix), raw X||Y (%zu bytes) nor a DER "
                 "SubjectPublicKeyInfo (leading 30)", 2 * field_bytes(c));
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

int cmd_ecdh(int argc, char **argv)
{
    const char *curve = NULL, *priv_hex = NULL, *pub_hex = NULL, *pub_fmt = NULL, *kernel = NULL;
    int cofactor = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "ecdh", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--private"))) cli_once(&priv_hex, v, "ecdh", "--private");
        else if ((v = cli_option(argc, argv, &i, "--public"))) cli_once(&pub_hex, v, "ecdh", "--public");
        else if ((v = cli_option(argc, argv, &i, "--public-format")))
            cli_once(&pub_fmt, v, "ecdh", "--public-format");
        else if ((v = cli_option(argc, argv, &i, "--kernel"))) cli_once(&kernel, v, "ecdh", "--kernel");
        else if (!strcmp(argv[i], "--cofactor")) cofactor = 1;
        else cli_fail("ecdh: unknown argument '%s'", argv[i]);
    }
    if (!curve || !priv_hex || !pub_hex)
        cli_fail("ecdh needs --curve CURVE --private HEX --public HEX");
    const int want = parse_public_format(pub_fmt);
    any_curve c;
    load(&c, curve, kernel, "ecdh");
    static uint8_t priv[GN_EC_MAX_SCALAR_BYTES];
    const size_t sb = scalar_bytes(&c, "ecdh");
    cli_parse_private(priv, sb, "ecdh: --private", priv_hex);
    uint8_t k[KEY_BUF];
    const size_t klen = cli_parse_bytes("ecdh: --public", pub_hex, k, sizeof k);
    any_point q;
    decode_public(&c, &q, k, klen, want);
    uint8_t z[GN_FP_MAX_BITS / 8];
    const gn_ecdh_mode mode = cofactor ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD;
    gn_err e = c.ec2m ? gn_ec2m_ecdh(c.ec2m, z, sizeof z, priv, sb, &q.ec2m, mode)
                      : gn_ecdh(c.ec, z, sizeof z, priv, sb, &q.ec, mode);
    gn_memzero(priv, sb);
    cli_ecdh_check(e);
    cli_print_bytes(z, field_bytes(&c));
    gn_memzero(z, sizeof z);
    return 0;
}
