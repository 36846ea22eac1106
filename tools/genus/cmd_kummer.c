/*
 * genus kummer keygen [--seed HEX] | dh --private HEX --public HEX | mul --scalar HEX [--point "X Y Z T"]:
 * the Kummer Diffie-Hellman of "Kummer strikes back" on the Gaudry-Schost surface over 2^127 - 1
 * (48-byte wrapped public keys and shared secrets, 32-byte little-endian secrets, as SUPERCOP's
 * crypto_scalarmult_kummer), and scalar multiplication of surface points (docs/KUMMER.md).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char kummer_usage[] = "kummer keygen|dh|mul (see genus help)";

static void load_surface(gn_kummer_ctx_t *ku)
{
    if (gn_kummer_init_gs127(ku) != GN_OK)
        cli_fail("internal error: the Gaudry-Schost surface does not build");
}

static void print_point(const gn_kummer_ctx_t *ku, const gn_kummer_point_t *p)
{
    uint8_t b[GN_FP_MAX_BITS / 8];
    const size_t eb = gn_fp_bytes(&ku->fp);
    for (size_t i = 0; i < 4; i++) {
        gn_fp_encode(&ku->fp, b, &p->c[i]);
        for (size_t j = 0; j < eb; j++)
            printf("%02x", b[j]);
        putchar(i < 3 ? ' ' : '\n');
    }
}

static int kummer_keygen(int argc, char **argv)
{
    const char *seed = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--seed"))) cli_once(&seed, v, "kummer keygen", "--seed");
        else cli_fail("kummer keygen: unknown argument '%s'", argv[i]);
    }
    static gn_kummer_ctx_t ku;
    load_surface(&ku);
    gn_drbg_t d = {0};
    cli_keygen_drbg(&d, "kummer keygen", seed, "genus kummer keygen gs127");
    uint8_t sk[GN_KUMMER_DH_SECRET_BYTES], pub[GN_KUMMER_DH_PUBLIC_BYTES];
    gn_err e = gn_kummer_dh_keygen(&ku, sk, pub, gn_drbg_rng, &d);
    gn_drbg_uninstantiate(&d);
    if (e != GN_OK) /* a secret whose multiple is the identity: 251-bit k = 0 mod N', never in practice */
        cli_fail("kummer keygen: %s", gn_strerror(e));
    cli_print_bytes(sk, sizeof sk);
    gn_memzero(sk, sizeof sk);
    cli_print_bytes(pub, sizeof pub);
    return 0;
}

static int kummer_dh(int argc, char **argv)
{
    const char *priv = NULL, *pubtext = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--private"))) cli_once(&priv, v, "kummer dh", "--private");
        else if ((v = cli_option(argc, argv, &i, "--public"))) cli_once(&pubtext, v, "kummer dh", "--public");
        else cli_fail("kummer dh: unknown argument '%s'", argv[i]);
    }
    if (!priv || !pubtext)
        cli_fail("kummer dh needs --private HEX (32 bytes) and --public HEX (48 bytes)");
    static gn_kummer_ctx_t ku;
    load_surface(&ku);
    uint8_t sk[GN_KUMMER_DH_SECRET_BYTES], pub[GN_KUMMER_DH_PUBLIC_BYTES], out[GN_KUMMER_DH_PUBLIC_BYTES];
    if (cli_parse_bytes("--private", priv, sk, sizeof sk) != sizeof sk)
        cli_fail("kummer dh: --private must be 32 bytes (64 hex digits, little-endian)");
    if (cli_parse_bytes("--public", pubtext, pub, sizeof pub) != sizeof pub)
        cli_fail("kummer dh: --public must be 48 bytes (96 hex digits)");
    gn_err e = gn_kummer_dh(&ku, out, sk, pub);
    gn_memzero(sk, sizeof sk);
    if (e == GN_ERR_ENCODING)
        cli_fail("kummer dh: --public has a coordinate not below 2^127 - 1");
    if (e == GN_ERR_NOT_ON_CURVE)
        cli_fail("kummer dh: --public is not a point of the Kummer surface");
    if (e == GN_ERR_INFINITY)
        cli_fail("kummer dh: the shared point is the identity or has a zero coordinate (a weak public key)");
    if (e != GN_OK)
        cli_fail("kummer dh: %s", gn_strerror(e));
    cli_print_bytes(out, sizeof out);
    return 0;
}

static int kummer_mul(int argc, char **argv)
{
    const char *scalar = NULL, *point = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--scalar"))) cli_once(&scalar, v, "kummer mul", "--scalar");
        else if ((v = cli_option(argc, argv, &i, "--point"))) cli_once(&point, v, "kummer mul", "--point");
        else cli_fail("kummer mul: unknown argument '%s'", argv[i]);
    }
    if (!scalar)
        cli_fail("kummer mul needs --scalar HEX");
    static gn_kummer_ctx_t ku;
    load_surface(&ku);
    gn_kummer_point_t p, r;
    parse_msg_t msg;
    if (point)
        cli_check(parse_kummer_point(&msg, &ku, &p, point), &msg, "kummer: --point: ");
    else
        gn_kummer_gs127_base(&ku, &p);
    uint8_t k[128];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_err e = gn_kummer_mul(&ku, &r, k, klen, &p);
    gn_memzero(k, sizeof k);
    if (e == GN_ERR_INVALID)
        cli_fail("kummer mul: the point has a zero coordinate (the ladder divides by them)");
    if (e != GN_OK)
        cli_fail("kummer mul: %s", gn_strerror(e));
    gn_kummer_normalize(&ku, &r, &r);
    print_point(&ku, &r);
    return 0;
}

int cmd_kummer(int argc, char **argv)
{
    if (argc < 1)
        cli_fail("kummer: missing subcommand (%s)", kummer_usage);
    if (!strcmp(argv[0], "keygen"))
        return kummer_keygen(argc - 1, argv + 1);
    if (!strcmp(argv[0], "dh"))
        return kummer_dh(argc - 1, argv + 1);
    if (!strcmp(argv[0], "mul"))
        return kummer_mul(argc - 1, argv + 1);
    cli_fail("kummer: unknown subcommand '%s' (%s)", argv[0], kummer_usage);
}
