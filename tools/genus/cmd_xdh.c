/* genus x25519 / x448 SCALAR U: the RFC 7748 functions (DESIGN section 6). */
#include "cli.h"

int cmd_xdh(int argc, char **argv, const char *curve)
{
    const char *cmd = curve[5] == '2' ? "x25519" : "x448";
    if (argc != 2)
        cli_fail("usage: genus %s SCALAR U (little-endian hex, %d bytes each)", cmd,
                 curve[5] == '2' ? GN_X25519_BYTES : GN_X448_BYTES);
    static gn_ec_ctx_t ec;
    if (gn_ec_init_named(&ec, curve) != GN_OK)
        cli_fail("internal error: %s does not build", curve);
    const size_t len = gn_fp_bits(&ec.fp) == 255 ? GN_X25519_BYTES : GN_X448_BYTES;
    uint8_t k[GN_X448_BYTES], u[GN_X448_BYTES], out[GN_X448_BYTES];
    if (cli_parse_bytes("scalar", argv[0], k, sizeof k) != len)
        cli_fail("%s: the scalar must be %zu bytes (%zu hex digits)", cmd, len, 2 * len);
    if (cli_parse_bytes("u", argv[1], u, sizeof u) != len)
        cli_fail("%s: u must be %zu bytes (%zu hex digits)", cmd, len, 2 * len);
    gn_err e = gn_xdh(&ec, out, len, k, len, u, len);
    gn_memzero(k, sizeof k);
    if (e == GN_ERR_INFINITY)
        cli_fail("%s: the result is zero: u is of small order (RFC 7748 section 6 check)", cmd);
    if (e != GN_OK)
        cli_fail("%s: %s", cmd, gn_strerror(e));
    cli_print_bytes(out, len);
    return 0;
}
