/*
 * Test driver for binary curves (src/ec2m/): a batch calculator that the Python tests feed with
 * one command per line; one answer line per command. Field elements are hexadecimal integers whose
 * bit i is the coefficient of x^i; a point is two words "X Y" or the word "inf"; answers print
 * points as "X Y" zero-padded to 2 ceil(m/8) digits, or "infinity". Errors: "err <text>".
 *
 *   named NAME                   -> "ok M H": the current curve (gn_ec2m_init_named)
 *   curve E1,E2,.. A B [GX GY N H] -> "ok" or an error (gn_ec2m_init)
 *   gen                          -> the base point
 *   on P                         -> 1 or 0 (gn_ec2m_is_on_curve)
 *   neg P | dbl P | add P Q      (affine, gn_ec2m_*_var)
 *   lddbl P Z | ldmadd P Z Q | ldadd P Z1 Q Z2   (LD formulas on p scaled by Z, then affine)
 *   ladder K P | wnaf W K P | window W K P        (K: big-endian hex scalar, "-" for empty)
 *   enc C P                      -> SEC1 bytes (C: 1 compressed, 0 uncompressed)
 *   dec BYTES                    -> the point (infinity allowed) or an error
 *   valid P                      -> "ok" or the error of gn_ec2m_validate_var(.., 1)
 *   ops OP                       -> "M S D A": gn_ec2m_count_ops of dbl, madd, add or step
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

static gn_ec2m_ctx_t ec;
static int have_curve;

static int parse_fe(gn_f2m_t *r, const char *s)
{
    gn_limb_t v[GN_F2M_MAX_LIMBS + 1];
    if (gn_mp_from_hex(v, GN_F2M_MAX_LIMBS + 1, s, strlen(s)) != GN_OK)
        return 0;
    return gn_f2m_set_mp(&ec.f, r, v, GN_F2M_MAX_LIMBS + 1) == GN_OK;
}

/* A point at t[*i] ("inf" or two words); advances *i. */
static int parse_pt(gn_ec2m_point_t *p, char **t, int nt, int *i)
{
    if (*i < nt && !strcmp(t[*i], "inf")) {
        gn_ec2m_set_infinity(&ec, p);
        (*i)++;
        return 1;
    }
    if (*i + 2 > nt || !parse_fe(&p->x, t[*i]) || !parse_fe(&p->y, t[*i + 1]))
        return 0;
    p->infinity = 0;
    *i += 2;
    return 1;
}

static void print_fe(const gn_f2m_t *a)
{
    uint8_t b[(GN_F2M_MAX_M + 7) / 8];
    gn_f2m_encode(&ec.f, b, a);
    tool_print_hex(b, gn_f2m_bytes(&ec.f));
}

static void print_pt(const gn_ec2m_point_t *p)
{
    if (p->infinity) {
        puts("infinity");
        return;
    }
    print_fe(&p->x);
    putchar(' ');
    print_fe(&p->y);
    putchar('\n');
}

static void ld_print(const gn_ec2m_ld_t *p)
{
    gn_ec2m_point_t a;
    gn_ec2m_ld_to_aff(&ec, &a, p);
    print_pt(&a);
}

static int parse_scalar(uint8_t *k, size_t *klen, const char *s)
{
    if (!strcmp(s, "-")) {
        *klen = 0;
        return 1;
    }
    char buf[2 * GN_EC2M_MAX_SCALAR_BYTES + 2];
    size_t n = strlen(s);
    if (n > 2 * GN_EC2M_MAX_SCALAR_BYTES)
        return 0;
    buf[0] = '0'; /* an even digit count */
    memcpy(buf + (n & 1), s, n + 1);
    *klen = tool_parse_bytes(k, GN_EC2M_MAX_SCALAR_BYTES, buf);
    return *klen != (size_t)-1;
}

static void cmd_curve(char **t, int nt)
{
    unsigned exps[5];
    size_t ne = 0;
    for (char *s = strtok(t[1], ","); s && ne < 5; s = strtok(NULL, ","))
        exps[ne++] = (unsigned)strtoul(s, NULL, 10);
    gn_ec2m_params_t p = {"test", {0}, ne, t[2], t[3], NULL, NULL, NULL, NULL};
    memcpy(p.exps, exps, sizeof exps);
    if (nt >= 8) {
        p.gx = t[4], p.gy = t[5], p.n = t[6], p.h = t[7];
    }
    gn_err e = gn_ec2m_init(&ec, &p);
    have_curve = e == GN_OK;
    if (e != GN_OK)
        tool_print_err(e);
    else
        puts("ok");
}

static void run(char **t, int nt)
{
    const char *c = t[0];
    gn_ec2m_point_t p, q, r;
    gn_ec2m_ld_t lp, lq, lr;
    gn_f2m_t z1, z2;
    uint8_t k[GN_EC2M_MAX_SCALAR_BYTES], buf[GN_EC2M_MAX_ENCODING];
    size_t klen, len;
    int i = 1;
    gn_err e;
    if (!strcmp(c, "named") && nt == 2) {
        e = gn_ec2m_init_named(&ec, t[1]);
        have_curve = e == GN_OK;
        if (e != GN_OK)
            tool_print_err(e);
        else
            printf("ok %u %u\n", ec.f.m, ec.h);
        return;
    }
    if (!strcmp(c, "curve") && (nt == 4 || nt == 8)) {
        cmd_curve(t, nt);
        return;
    }
    if (!have_curve) {
        puts("err no_curve");
        return;
    }
    if (!strcmp(c, "gen") && nt == 1) {
        print_pt(&ec.g);
    } else if (!strcmp(c, "on") && parse_pt(&p, t, nt, &i) && i == nt) {
        puts(gn_ec2m_is_on_curve(&ec, &p) ? "1" : "0");
    } else if (!strcmp(c, "neg") && parse_pt(&p, t, nt, &i) && i == nt) {
        gn_ec2m_neg(&ec, &r, &p);
        print_pt(&r);
    } else if (!strcmp(c, "dbl") && parse_pt(&p, t, nt, &i) && i == nt) {
        gn_ec2m_dbl_var(&ec, &r, &p);
        print_pt(&r);
    } else if (!strcmp(c, "add") && parse_pt(&p, t, nt, &i) && parse_pt(&q, t, nt, &i) && i == nt) {
        gn_ec2m_add_var(&ec, &r, &p, &q);
        print_pt(&r);
    } else if (!strcmp(c, "lddbl") && parse_pt(&p, t, nt, &i) && i + 1 == nt && parse_fe(&z1, t[i])) {
        gn_ec2m_ld_from_aff_z(&ec, &lp, &p, &z1);
        gn_ec2m_ld_dbl(&ec, &lr, &lp);
        ld_print(&lr);
    } else if (!strcmp(c, "ldmadd") && parse_pt(&p, t, nt, &i) && i < nt && parse_fe(&z1, t[i++]) &&
               parse_pt(&q, t, nt, &i) && i == nt) {
        gn_ec2m_ld_from_aff_z(&ec, &lp, &p, &z1);
        gn_ec2m_ld_madd_var(&ec, &lr, &lp, &q);
        ld_print(&lr);
    } else if (!strcmp(c, "ldadd") && parse_pt(&p, t, nt, &i) && i < nt && parse_fe(&z1, t[i++]) &&
               parse_pt(&q, t, nt, &i) && i + 1 == nt && parse_fe(&z2, t[i])) {
        gn_ec2m_ld_from_aff_z(&ec, &lp, &p, &z1);
        gn_ec2m_ld_from_aff_z(&ec, &lq, &q, &z2);
        gn_ec2m_ld_add_var(&ec, &lr, &lp, &lq);
        ld_print(&lr);
    } else if (!strcmp(c, "ladder") && nt >= 3 && parse_scalar(k, &klen, t[1]) && (i = 2, parse_pt(&p, t, nt, &i)) &&
               i == nt) {
        e = gn_ec2m_mul_ladder(&ec, &r, k, klen, &p);
        if (e != GN_OK)
            tool_print_err(e);
        else
            print_pt(&r);
    } else if ((!strcmp(c, "wnaf") || !strcmp(c, "window")) && nt >= 4 && parse_scalar(k, &klen, t[2]) &&
               (i = 3, parse_pt(&p, t, nt, &i)) && i == nt) {
        unsigned w = (unsigned)strtoul(t[1], NULL, 10);
        e = c[1] == 'n' ? gn_ec2m_mul_wnaf_var(&ec, &r, k, klen, &p, w) : gn_ec2m_mul_window_var(&ec, &r, k, klen, &p, w);
        if (e != GN_OK)
            tool_print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(c, "enc") && nt >= 3 && (i = 2, parse_pt(&p, t, nt, &i)) && i == nt) {
        e = gn_ec2m_encode(&ec, buf, &len, sizeof buf, &p, atoi(t[1]));
        if (e != GN_OK) {
            tool_print_err(e);
        } else {
            tool_print_hex(buf, len);
            putchar('\n');
        }
    } else if (!strcmp(c, "dec") && nt == 2) {
        len = tool_parse_bytes(buf, sizeof buf, t[1]);
        e = len == (size_t)-1 ? GN_ERR_PARSE : gn_ec2m_decode(&ec, &r, buf, len, 1);
        if (e != GN_OK)
            tool_print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(c, "valid") && parse_pt(&p, t, nt, &i) && i == nt) {
        e = gn_ec2m_validate_var(&ec, &p, 1);
        if (e != GN_OK)
            tool_print_err(e);
        else
            puts("ok");
    } else if (!strcmp(c, "ops") && nt == 2) {
        static const char *names[] = {"add", "madd", "dbl", "step"};
        static const gn_ec_op ops[] = {GN_EC_OP_ADD, GN_EC_OP_MADD, GN_EC_OP_DBL, GN_EC_OP_LADDER_STEP};
        gn_op_counts_t n;
        e = GN_ERR_INVALID;
        for (size_t j = 0; j < 4; j++)
            if (!strcmp(t[1], names[j]))
                e = gn_ec2m_count_ops(&ec, ops[j], &n);
        if (e != GN_OK)
            tool_print_err(e);
        else
            printf("%lu %lu %lu %lu\n", n.m, n.s, n.d, n.a);
    } else {
        puts("err bad_command");
    }
}

int main(void)
{
    return tool_run_lines(run);
}
