/* genus: command-line interface to the library (DESIGN section 6). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: genus COMMAND [ARGS]\n"
    "\n"
    "  genus fp --p HEX OP A [B] [--kernel K]\n"
    "                                    prime-field arithmetic; OP: add sub mul sqr neg inv sqrt pow legendre\n"
    "  genus kernels [--json]            the field kernels, whether this build and CPU run them; --kernel K\n"
    "                                    (fp, mul, keygen, ecdh, ops): auto generic mont mulx special gmp pari rns\n"
    "                                    (A, B: elements below p in hex; for pow, B is any exponent)\n"
    "  genus f2m --m M [--poly EXPONENTS] OP A [B]\n"
    "                                    binary-field arithmetic in GF(2^m), polynomial basis; OP: add mul sqr\n"
    "                                    sqrt inv div trace htrace solve (solve: the root of z^2 + z = A with\n"
    "                                    no constant term, or \"none\"; div: A / B). EXPONENTS: the reduction\n"
    "                                    trinomial or pentanomial, comma-separated and descending, e.g.\n"
    "                                    163,7,6,3,0 (m may be left out); default: the NIST one for m = 163,\n"
    "                                    233, 283, 409, 571. A, B: hex, bit i the coefficient of x^i\n"
    "  genus curves [--json]            list the named curves and their models\n"
    "  genus mul --curve CURVE --scalar HEX [--point \"X Y\"] [--model M] [--coords C] [--method S] [--window W]\n"
    "            [--kernel K]\n"
    "                                    [k]P (default P: the base point), printed \"X Y\" or infinity\n"
    "                                    coords: affine projective jacobian coz extended xz\n"
    "                                    methods: l2r r2l window window-var sliding wnaf ladder coz-ladder comb\n"
    "                                    binary curves (B-163 ... K-571, sect163r2 ..., binary_weierstrass\n"
    "                                    files): --scalar, --point, --method ladder (default) wnaf window\n"
    "  genus ops [--curve CURVE] [--model M] [--coords C] [--kernel rns]\n"
    "                                    measured M/S/D/a/I counts of add, mixed add, dbl, ladder step;\n"
    "                                    --kernel rns: products and the RNS kernel's reductions (lazy sums)\n"
    "  genus trace --curve CURVE --op add|madd|dbl|ladder-step [--model M] [--coords C] [--kernel rns]\n"
    "  genus trace --binary CURVE --op add|madd|dbl|ladder-step (Lopez-Dahab; B-163 ... B-409, files)\n"
    "  genus trace --binary CURVE --variant basold --op add|dbl|affine-add|affine-dbl|to-affine\n"
    "  genus trace --kummer --op dbl|diff-add|ladder-step;  genus trace --g2 FILE|gs127 --op add|dbl\n"
    "                                    the formula as a straight-line program (JSON, DESIGN section 10)\n"
    "  genus ops --g2                    counts of the genus-2 Jacobian's affine add, dbl and scalar-mul step\n"
    "  genus ops --binary                counts of the binary curves' Lopez-Dahab formulas (B-163, K-163)\n"
    "  genus drbg --mech M --entropy HEX --nonce HEX [--pers HEX] [--add HEX]... [--reseed HEX [--reseed-add HEX]]\n"
    "             [--pr --entropy-pr HEX...] --bytes N [--generates K]\n"
    "                                    SP 800-90A DRBG (M: hmac-sha256 hmac-sha512 hash-sha256 hash-sha512):\n"
    "                                    instantiate, reseed, K generate calls (default 2, the i-th with the\n"
    "                                    i-th --add; --pr: each reseeds first from the next --entropy-pr);\n"
    "                                    prints the N bytes of the last call\n"
    "  genus keygen --curve CURVE [--seed HEX] [--format sec1|sec1c|raw|spki]\n"
    "                                    a key pair: the private key d, then the public key [d]G (default\n"
    "                                    sec1: 04||X||Y; raw: X||Y; on Edwards curves only raw). Randomness:\n"
    "                                    HMAC_DRBG-SHA-256 seeded from the OS; with --seed (16 bytes or more)\n"
    "                                    deterministic: entropy input || nonce = SHA-512(seed), personalization\n"
    "                                    \"genus keygen \" || the curve's name, so a seed gives the same key anywhere\n"
    "  genus ecdh --curve CURVE --private HEX --public HEX [--public-format F] [--cofactor]\n"
    "                                    ECDH shared secret x([d]Q) (--cofactor: x([h d]Q), SEC1 3.3.2);\n"
    "                                    --public: SEC1 (02/03/04...), raw X||Y, or DER SubjectPublicKeyInfo (30...);\n"
    "                                    F: auto (default: the one format that decodes it), sec1, raw, spki\n"
    "                                    keygen, ecdh and mqv also take binary curves (SEC1, raw and SPKI keys;\n"
    "                                    x as the integer of its bit string, SEC1 2.3.9)\n"
    "  genus mqv --curve CURVE --static-a HEX --ephemeral-a HEX --static-b HEX --ephemeral-b HEX\n"
    "            [--id-a HEX] [--id-b HEX] [--hash sha224|sha256|sha384|sha512] [--keylen N]\n"
    "                                    both sides of ECMQV with key confirmation (HMV Protocol 4.51) from\n"
    "                                    the private keys; prints \"z\", \"tag_b\", \"tag_a\", \"key\" lines (default\n"
    "                                    hash by the order's size: sha256 <= 256 bits, sha384 <= 384, sha512)\n"
    "  genus x25519 SCALAR U / genus x448 SCALAR U\n"
    "                                    RFC 7748 functions, little-endian hex; a zero result (small-order u)\n"
    "                                    is refused\n"
    "  genus kummer keygen [--seed HEX]  a Kummer Diffie-Hellman key pair on the Gaudry-Schost surface over\n"
    "                                    2^127 - 1: the 32-byte secret, the 48-byte public key (SUPERCOP format)\n"
    "  genus kummer dh --private HEX --public HEX\n"
    "                                    the 48-byte shared secret; a public key off the surface is refused\n"
    "  genus kummer mul --scalar HEX [--point \"X Y Z T\"]\n"
    "                                    [k]P on that surface (default P: the base point), printed \"X Y Z T\"\n"
    "                                    with the first non-zero coordinate 1\n"
    "  genus g2 mul --curve FILE --scalar HEX --divisor \"U1 U0 V1 V0 [n=N]\"\n"
    "                                    [k]D in the Jacobian of y^2 = f(x), deg f = 5 or 6; FILE: {\"type\":\n"
    "                                    \"genus2\", \"p\": \"HEX\", \"f\": [\"HEX\", ...]} (f_0 first, 6 or 7 of them);\n"
    "                                    D and the result as \"U1 U0 V1 V0\" (u = x^2 + U1 x + U0, v = V1 x + V0),\n"
    "                                    \"U0 V0\" (u = x + U0) or \"identity\"; deg f = 6 with f6 a square (two\n"
    "                                    points at infinity): then \"n=N\", the balanced representation's n\n"
    "                                    (0 <= N <= 2 - deg u, default 0; \"n=N\" alone: u = 1)\n"
    "  genus bench [--quick] [--json FILE] [--vs] [--floor] [--choices] [--filter TEXT]\n"
    "                                    benchmark (median cycles and ns); --vs adds GMP, OpenSSL, libsodium,\n"
    "                                    libsecp256k1 and PARI\n"
    "  genus --version                  print the version\n"
    "  genus help                       print this help\n"
    "\n"
    "Numbers are hexadecimal (an optional 0x prefix is accepted), counts decimal digits; results\n"
    "are lowercase hex zero-padded to the field's byte length, one per line. Bad input: one line on\n"
    "stderr, exit 2, nothing on stdout. Arithmetic runs on any curve; keygen, ecdh and mqv need a\n"
    "prime n and a proven group order h n (see README).\n";

int main(int argc, char **argv)
{
    if (argc < 2)
        cli_fail("missing command (try 'genus help')");
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
        printf("genus %s (%d-bit limbs%s)\n", gn_version(), GN_LIMB_BITS, GN_HAVE_MULX ? ", mulx/adx kernels" : "");
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(cmd, "fp"))
        return cmd_fp(argc - 2, argv + 2);
    if (!strcmp(cmd, "kernels"))
        return cmd_kernels(argc - 2, argv + 2);
    if (!strcmp(cmd, "f2m"))
        return cmd_f2m(argc - 2, argv + 2);
    if (!strcmp(cmd, "curves"))
        return cmd_curves(argc - 2, argv + 2);
    if (!strcmp(cmd, "mul"))
        return cmd_mul(argc - 2, argv + 2);
    if (!strcmp(cmd, "ops"))
        return cmd_ops(argc - 2, argv + 2);
    if (!strcmp(cmd, "trace"))
        return cmd_trace(argc - 2, argv + 2);
    if (!strcmp(cmd, "drbg"))
        return cmd_drbg(argc - 2, argv + 2);
    if (!strcmp(cmd, "keygen"))
        return cmd_keygen(argc - 2, argv + 2);
    if (!strcmp(cmd, "ecdh"))
        return cmd_ecdh(argc - 2, argv + 2);
    if (!strcmp(cmd, "mqv"))
        return cmd_mqv(argc - 2, argv + 2);
    if (!strcmp(cmd, "x25519"))
        return cmd_xdh(argc - 2, argv + 2, "curve25519");
    if (!strcmp(cmd, "x448"))
        return cmd_xdh(argc - 2, argv + 2, "curve448");
    if (!strcmp(cmd, "kummer"))
        return cmd_kummer(argc - 2, argv + 2);
    if (!strcmp(cmd, "g2"))
        return cmd_g2(argc - 2, argv + 2);
    if (!strcmp(cmd, "bench"))
        return cmd_bench(argc - 2, argv + 2);
    cli_fail("unknown command '%s' (try 'genus help')", cmd);
}
