/* genus mul / ecdh / keygen on binary curves (genus/ec2m.h, genus/ecdh.h): the same options and
 * output as on prime curves (DESIGN section 6); the prime-curve commands hand over here when
 * --curve names a binary curve. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void print_fe(const gn_ec2m_ctx_t *ec, const gn_f2m_t *x, int last)
{
    uint8_t b[GN_EC2M_MAX_ENCODING];
    gn_f2m_encode(&ec->f, b, x);
    for (size_t i = 0; i < gn_f2m_bytes(&ec->f); i++)
        printf("%02x", b[i]);
    putchar(last ? '\n' : ' ');
}

int cmd_mul2m(const gn_ec2m_ctx_t *ec, const char *scalar, const char *point, const char *method)
{
    if (method && strcmp(method, "ladder") && strcmp(method, "wnaf") && strcmp(method, "window"))
        cli_fail("unknown method '%s' for a binary curve (ladder, wnaf, window)", method);
    uint8_t k[GN_EC2M_MAX_SCALAR_BYTES];
    size_t klen = cli_parse_scalar(k, sizeof k, scalar);
    gn_ec2m_point_t p = ec->g, r;
    parse_msg_t msg;
    if (point)
        cli_check(parse_point2m(&msg, ec, &p, point), &msg, "");
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

void cli_need_order2m(const gn_ec2m_ctx_t *ec, const char *cmd)
{
    if (gn_ec2m_scalar_bytes(ec) == 0 || ec->h == 0 || ec->g.infinity)
        cli_fail("%s: the curve needs a base point, its order n and the cofactor h", cmd);
}

/* The public key's point from SEC1 bytes or raw X || Y. */
gn_err cli_decode_public2m(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *q, const uint8_t *k, size_t klen, int raw)
{
    const size_t fb = gn_f2m_bytes(&ec->f);
    uint8_t enc[GN_EC2M_MAX_ENCODING] = {0x04};
    if (!raw)
        return gn_ec2m_decode(ec, q, k, klen, 0);
    if (klen != 2 * fb)
        return GN_ERR_ENCODING;
    memcpy(enc + 1, k, klen);
    return gn_ec2m_decode(ec, q, enc, klen + 1, 0);
}

int cmd_keygen2m(const gn_ec2m_ctx_t *ec, const char *seed, const char *format)
{
    if (format && strcmp(format, "sec1") && strcmp(format, "sec1c") && strcmp(format, "raw"))
        cli_fail("keygen: format '%s' is not available for a binary curve (sec1, sec1c, raw)", format);
    cli_need_order2m(ec, "keygen");
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
