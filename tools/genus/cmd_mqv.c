/* genus mqv: both sides of ECMQV with HMV Protocol 4.51 key confirmation (genus/mqv.h) from given
 * private keys, for known-answer use: the public keys are computed from the private ones, each
 * side's tag is checked by the other, and the shared value, tags and session key are printed. */
#include <string.h>

#include "cli.h"

#define MAX_ID 1024

static gn_hash_alg parse_hash(const char *s)
{
    static const struct {
        const char *name;
        gn_hash_alg alg;
    } names[] = {{"sha224", GN_HASH_SHA224}, {"sha256", GN_HASH_SHA256}, {"sha384", GN_HASH_SHA384},
                 {"sha512", GN_HASH_SHA512}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i].name))
            return names[i].alg;
    cli_fail("mqv: unknown hash '%s' (sha224 sha256 sha384 sha512)", s);
}

/* The hash matched to the curve's strength: the order n's bit length up to 256, 384, above. */
static gn_hash_alg default_hash(size_t n_bits)
{
    return n_bits <= 256 ? GN_HASH_SHA256 : n_bits <= 384 ? GN_HASH_SHA384 : GN_HASH_SHA512;
}

/* Bits of a binary curve's order. */
static size_t n_bits2m(const gn_ec2m_ctx_t *ec)
{
    size_t i = 0, bits = 0;
    while (i < ec->nbytes && !ec->n[i])
        i++;
    if (i < ec->nbytes)
        for (bits = 8 * (ec->nbytes - i); !(ec->n[i] & (0x80 >> (8 * (ec->nbytes - i) - bits))); bits--)
            ;
    return bits;
}

/* Both sessions checked against each other, then printed: z, t_B, t_A, the session key. */
static void finish(const uint8_t *za, const uint8_t *zb, size_t fb, gn_mqv_session_t *sa, gn_mqv_session_t *sbs,
                   size_t keylen)
{
    if (memcmp(za, zb, fb) != 0)
        cli_fail("mqv: internal error: A and B computed different shared values");
    if (gn_mqv_confirm(sa, sbs->tag_send, sbs->taglen) != GN_OK)
        cli_fail("mqv: internal error: A refused B's tag");
    if (gn_mqv_confirm(sbs, sa->tag_send, sa->taglen) != GN_OK)
        cli_fail("mqv: internal error: B refused A's tag");
    if (memcmp(sa->key, sbs->key, keylen) != 0)
        cli_fail("mqv: internal error: A and B derived different session keys");
    fputs("z ", stdout);
    cli_print_bytes(za, fb);
    fputs("tag_b ", stdout);
    cli_print_bytes(sbs->tag_send, sbs->taglen);
    fputs("tag_a ", stdout);
    cli_print_bytes(sa->tag_send, sa->taglen);
    fputs("key ", stdout);
    cli_print_bytes(sa->key, keylen);
    gn_memzero(sa, sizeof *sa);
    gn_memzero(sbs, sizeof *sbs);
}

/* The binary-curve run: keys [d] G for the four private keys, then both sides (genus/mqv.h). */
static void mqv2m(const gn_ec2m_ctx_t *ec, const char *hash, size_t keylen, const uint8_t *id_a, size_t ida,
                  const uint8_t *id_b, size_t idb, const char *const *hex, const char *const *opt)
{
    const gn_hash_alg alg = hash ? parse_hash(hash) : default_hash(n_bits2m(ec));
    const size_t sb = gn_ec2m_scalar_bytes(ec), fb = gn_f2m_bytes(&ec->f);
    cli_need_order2m(ec, "mqv");
    static uint8_t d[4][GN_EC2M_MAX_SCALAR_BYTES];
    gn_ec2m_point_t pub[4];
    gn_err e;
    for (int k = 0; k < 4; k++) {
        char what[32];
        snprintf(what, sizeof what, "mqv: %s", opt[k]);
        cli_parse_private(d[k], sb, what, hex[k]);
        if ((e = gn_ec2m_public_key(ec, &pub[k], d[k], sb)) == GN_ERR_RANGE)
            cli_fail("%s: private key out of range (must be in [1, n-1])", what);
        if (e != GN_OK)
            cli_fail("mqv: %s", gn_strerror(e));
    }
    gn_mqv_ctx_t m;
    if ((e = gn_ec2m_mqv_init(&m, ec, alg)) != GN_OK)
        cli_fail("mqv: %s", gn_strerror(e));
    const gn_ec2m_mqv_own_t own_a = {d[0], sb, &pub[0], d[1], sb, &pub[1], id_a, ida};
    const gn_ec2m_mqv_own_t own_b = {d[2], sb, &pub[2], d[3], sb, &pub[3], id_b, idb};
    const gn_ec2m_mqv_peer_t peer_b = {&pub[2], &pub[3], id_b, idb}, peer_a = {&pub[0], &pub[1], id_a, ida};
    uint8_t za[GN_EC2M_MAX_ENCODING], zb[GN_EC2M_MAX_ENCODING];
    static gn_mqv_session_t sa, sbs;
    if ((e = gn_ec2m_mqv_primitive(&m, za, sizeof za, &own_a, &peer_b)) != GN_OK ||
        (e = gn_ec2m_mqv_primitive(&m, zb, sizeof zb, &own_b, &peer_a)) != GN_OK ||
        (e = gn_ec2m_mqv_derive(&m, &sbs, &own_b, &peer_a, 0, keylen)) != GN_OK ||
        (e = gn_ec2m_mqv_derive(&m, &sa, &own_a, &peer_b, 1, keylen)) != GN_OK)
        cli_fail("mqv: %s", gn_strerror(e));
    finish(za, zb, fb, &sa, &sbs, keylen);
    gn_memzero(d, sizeof d);
    gn_memzero(za, sizeof za);
    gn_memzero(zb, sizeof zb);
}

/* One party's private key and its public key [d] G; the scalar bytes live in the caller's buffer. */
static void key_pair(const gn_ec_ctx_t *ec, uint8_t *d, gn_ec_point_t *pub, const char *what, const char *text)
{
    cli_parse_private(d, gn_ec_scalar_bytes(ec), what, text);
    gn_err e = gn_ec_public_key(ec, pub, d, gn_ec_scalar_bytes(ec));
    if (e == GN_ERR_RANGE)
        cli_fail("%s: private key out of range (must be in [1, n-1])", what);
    if (e != GN_OK)
        cli_fail("%s: %s", what, gn_strerror(e));
}

int cmd_mqv(int argc, char **argv)
{
    const char *curve = NULL, *hash = NULL, *keylen_s = NULL, *id_a_s = NULL, *id_b_s = NULL;
    const char *hex[4] = {NULL, NULL, NULL, NULL}; /* static A, ephemeral A, static B, ephemeral B */
    static const char *const opt[4] = {"--static-a", "--ephemeral-a", "--static-b", "--ephemeral-b"};
    for (int i = 0; i < argc; i++) {
        const char *v;
        int k;
        for (k = 0; k < 4; k++)
            if ((v = cli_option(argc, argv, &i, opt[k]))) {
                cli_once(&hex[k], v, "mqv", opt[k]);
                break;
            }
        if (k < 4) continue;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "mqv", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--hash"))) cli_once(&hash, v, "mqv", "--hash");
        else if ((v = cli_option(argc, argv, &i, "--keylen"))) cli_once(&keylen_s, v, "mqv", "--keylen");
        else if ((v = cli_option(argc, argv, &i, "--id-a"))) cli_once(&id_a_s, v, "mqv", "--id-a");
        else if ((v = cli_option(argc, argv, &i, "--id-b"))) cli_once(&id_b_s, v, "mqv", "--id-b");
        else cli_fail("mqv: unknown argument '%s'", argv[i]);
    }
    if (!curve)
        cli_fail("mqv needs --curve CURVE");
    for (int k = 0; k < 4; k++)
        if (!hex[k])
            cli_fail("mqv: missing %s HEX", opt[k]);
    const size_t keylen = keylen_s ? cli_decimal("mqv: --keylen", keylen_s, 1, GN_MQV_MAX_KEY) : 32;
    uint8_t id_a[MAX_ID], id_b[MAX_ID];
    const size_t ida = cli_parse_bytes("mqv: --id-a", id_a_s ? id_a_s : "", id_a, sizeof id_a);
    const size_t idb = cli_parse_bytes("mqv: --id-b", id_b_s ? id_b_s : "", id_b, sizeof id_b);
    static gn_ec_ctx_t ec;
    static gn_ec2m_ctx_t ec2m;
    if (cli_load_curve_any(curve, &ec, &ec2m)) {
        mqv2m(&ec2m, hash, keylen, id_a, ida, id_b, idb, hex, opt);
        return 0;
    }
    const gn_hash_alg alg = hash ? parse_hash(hash) : default_hash(ec.n_bits);

    static uint8_t d[4][GN_EC_MAX_SCALAR_BYTES];
    gn_ec_point_t pub[4];
    for (int k = 0; k < 4; k++) {
        char what[32];
        snprintf(what, sizeof what, "mqv: %s", opt[k]);
        key_pair(&ec, d[k], &pub[k], what, hex[k]);
    }
    const size_t sb = gn_ec_scalar_bytes(&ec);
    gn_mqv_ctx_t m;
    gn_err e = gn_mqv_init(&m, &ec, alg);
    if (e != GN_OK)
        cli_fail("mqv: %s", gn_strerror(e));
    const gn_mqv_own_t own_a = {d[0], sb, &pub[0], d[1], sb, &pub[1], id_a, ida};
    const gn_mqv_own_t own_b = {d[2], sb, &pub[2], d[3], sb, &pub[3], id_b, idb};
    const gn_mqv_peer_t peer_b = {&pub[2], &pub[3], id_b, idb}, peer_a = {&pub[0], &pub[1], id_a, ida};

    /* The primitive from both sides: the value the protocol's KDF is applied to. */
    uint8_t za[GN_FP_MAX_BITS / 8], zb[GN_FP_MAX_BITS / 8];
    const size_t fb = gn_fp_bytes(&ec.fp);
    if ((e = gn_mqv_primitive(&m, za, sizeof za, &own_a, &peer_b)) != GN_OK ||
        (e = gn_mqv_primitive(&m, zb, sizeof zb, &own_b, &peer_a)) != GN_OK)
        cli_fail("mqv: %s", gn_strerror(e));
    static gn_mqv_session_t sa, sbs;
    if ((e = gn_mqv_derive(&m, &sbs, &own_b, &peer_a, 0, keylen)) != GN_OK ||
        (e = gn_mqv_derive(&m, &sa, &own_a, &peer_b, 1, keylen)) != GN_OK)
        cli_fail("mqv: %s", gn_strerror(e));
    finish(za, zb, fb, &sa, &sbs, keylen);
    gn_memzero(d, sizeof d);
    gn_memzero(za, sizeof za);
    gn_memzero(zb, sizeof zb);
    return 0;
}
