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
