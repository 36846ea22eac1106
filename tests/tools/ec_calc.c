#define _POSIX_C_SOURCE 200809L
/*
 * Test driver for the curve layer: a batch calculator that the Python tests feed with one
 * command per line and whose answers (one line each) they check against independent
 * references (a Python group law, PARI/GP). Points are "X,Y" in hex, "inf" for the neutral
 * element of Weierstrass/Montgomery curves, "inf+"/"inf-" for the points at infinity of a
 * Jacobi quartic. Errors: "err <gn_strerror text with _ for blanks>".
 *
 *   init MODEL KIND P A B GX GY N H   -> "ok KERNEL"  (MODEL: weierstrass edwards montgomery
 *                                        jacobi-quartic; KIND: auto generic fixed mulx special rns; B "-": none)
 *   mul COORDS METHOD W K PT          -> PT           (W: window, 0 default; K: hex scalar, "-" = empty)
 *   add PT PT | neg PT | eq PT PT | oncurve PT
 *   mul2 K PT L PT                    -> PT
 *   comb TEETH COORDS K PT            -> PT
 *   mulbase K                         -> PT: [K] G by gn_ec_mul_base
 *   baseprecomputed                   -> 0|1: gn_ec_base_precomputed (a built-in table serves mulbase)
 *   encode 0|1 PT                     -> hex;  decode HEX 0|1 -> PT
 *   validate PT 0|1                   -> "ok" | err
 *   ops COORDS OP                     -> "M S D c a I" (OP: add madd dbl ladder-step)
 *   tomodel MODEL                     -> "ok G": the current curve in MODEL (gn_ec_to_model); the
 *                                        previous one is kept as the parent
 *   toparent PT                       -> PT mapped from the current curve to the parent
 *   tochild PT                        -> PT of the parent mapped to the current curve
 *   initnamed NAME [rns]              -> "ok KERNEL": gn_ec_init_named (trusted parameters), or on the RNS kernel
 *   glv K                             -> "K1 K2": the GLV split of K < n (src/ec/glv.c, an internal
 *                                        function: this driver sees src/), signed hex with the signs
 *                                        applied, so K = K1 + K2 lambda mod n; "off" without GLV
 *   named I                           -> the I-th built-in named curve, its parameters fully validated
 *                                        by gn_ec_init (gn_ec_init_named trusts them):
 *                                        "NAME MODEL P A B GX GY N H" | "NAME err ..." | "end"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/genus.h"
#include "tool_io.h"

static gn_ec_ctx_t ec, parent;
static int have_ec, have_parent;

static void print_err(gn_err e)
{
    tool_print_err(e);
}

static void print_fe(const gn_fp_t *a)
{
    uint8_t b[GN_FP_MAX_BITS / 8];
    gn_fp_encode(&ec.fp, b, a);
    for (size_t i = 0; i < ec.fp.bytes; i++)
        printf("%02x", b[i]);
}

static void print_pt(const gn_ec_point_t *p)
{
    if (p->infinity && ec.model == GN_EC_JACOBI_QUARTIC) {
        gn_fp_t one;
        gn_fp_set_one(&ec.fp, &one);
        puts(gn_fp_eq(&ec.fp, &p->y, &one) ? "inf+" : "inf-");
        return;
    }
    if (p->infinity) {
        puts("inf");
        return;
    }
    print_fe(&p->x);
    putchar(',');
    print_fe(&p->y);
    putchar('\n');
}

/* 0 on success; prints the error and returns -1 otherwise. */
static int parse_pt(gn_ec_point_t *r, const char *s)
{
    if (!strcmp(s, "inf") || !strcmp(s, "inf+") || !strcmp(s, "inf-")) {
        gn_ec_set_infinity(&ec, r);
        if (ec.model == GN_EC_JACOBI_QUARTIC) {
            r->infinity = 1;
            gn_fp_set_one(&ec.fp, &r->y);
            if (s[3] == '-')
                gn_fp_neg(&ec.fp, &r->y, &r->y);
        }
        return 0;
    }
    char buf[600];
    snprintf(buf, sizeof buf, "%s", s);
    char *y = strchr(buf, ',');
    if (!y) {
        puts("err bad_point_syntax");
        return -1;
    }
    *y++ = 0;
    gn_err e = gn_ec_point_from_hex(&ec, r, buf, y);
    if (e != GN_OK) {
        print_err(e);
        return -1;
    }
    return 0;
}

static size_t parse_scalar(uint8_t *out, size_t cap, const char *s)
{
    if (!strcmp(s, "-"))
        return 0;
    size_t len = strlen(s);
    size_t n = (len + 1) / 2;
    if (n > cap)
        return (size_t)-1;
    memset(out, 0, n);
    for (size_t i = 0; i < len; i++) {
        char c = s[len - 1 - i];
        unsigned v = (c >= '0' && c <= '9') ? (unsigned)(c - '0')
                     : (c >= 'a' && c <= 'f') ? (unsigned)(c - 'a' + 10)
                     : (c >= 'A' && c <= 'F') ? (unsigned)(c - 'A' + 10)
                                              : 99;
        if (v > 15)
            return (size_t)-1;
        out[n - 1 - i / 2] |= (uint8_t)(v << (4 * (i % 2)));
    }
    return n;
}

static int coords_of(const char *s)
{
    return gn_ec_coords_from_name(s);
}

static void run(char **t, int nt)
{
    static uint8_t k[GN_EC_MAX_SCALAR_BYTES], l[GN_EC_MAX_SCALAR_BYTES];
    static gn_ec_comb_t comb;
    gn_ec_point_t p, q, r;
    gn_err e;
    const char *op = t[0];
    if (!strcmp(op, "init") && nt == 10) {
        static const char *kinds[] = {"auto", "generic", "fixed", "mulx", "special", "rns", "gmp", "pari"};
        int kind = -1;
        for (int i = 0; i < (int)(sizeof kinds / sizeof kinds[0]); i++)
            if (!strcmp(t[2], kinds[i]))
                kind = i;
        int model = gn_ec_model_from_name(t[1]);
        if (kind < 0 || model < 0) {
            puts("err bad_init");
            return;
        }
        static char store[9][600];
        for (int i = 0; i < 7; i++)
            snprintf(store[i], sizeof store[i], "%s", t[3 + i]);
        gn_ec_params_t prm = {(gn_ec_model)model, store[0], store[1], strcmp(store[2], "-") ? store[2] : NULL,
                              store[3], store[4], store[5], store[6], "test"};
        static gn_rns_ctx_t rns;
        e = kind == GN_FP_KERNEL_RNS ? gn_ec_init_rns(&ec, &prm, &rns, NULL)
                                     : gn_ec_init_kernel(&ec, &prm, (gn_fp_kernel_kind)kind);
        have_ec = e == GN_OK;
        if (e != GN_OK)
            print_err(e);
        else
            printf("ok %s\n", gn_fp_kernel_name(&ec.fp));
        return;
    }
    if (!strcmp(op, "initnamed") && (nt == 2 || (nt == 3 && !strcmp(t[2], "rns")))) {
        static gn_rns_ctx_t rns;
        e = nt == 3 ? gn_ec_init_named_rns(&ec, t[1], &rns, NULL) : gn_ec_init_named(&ec, t[1]);
        have_ec = e == GN_OK;
        if (e != GN_OK)
            print_err(e);
        else
            printf("ok %s\n", gn_fp_kernel_name(&ec.fp));
        return;
    }
    if (!strcmp(op, "named") && nt == 2) {
        static gn_ec_ctx_t full;
        const size_t i = (size_t)strtoul(t[1], NULL, 10);
        if (i >= gn_ec_named_count()) {
            puts("end");
            return;
        }
        const gn_ec_params_t *prm = gn_ec_named_params(i);
        printf("%s ", gn_ec_named_name(i));
        if ((e = gn_ec_init(&full, prm)) != GN_OK)
            print_err(e);
        else
            printf("%s %s %s %s %s %s %s %s\n", gn_ec_model_name(prm->model), prm->p, prm->a, prm->b ? prm->b : "1",
                   prm->gx, prm->gy, prm->n, prm->h ? prm->h : "1");
        return;
    }
    if (!have_ec) {
        puts("err no_curve");
        return;
    }
    if (!strcmp(op, "mul") && nt == 6) {
        int c = coords_of(t[1]), m = gn_ec_method_from_name(t[2]);
        size_t kl = parse_scalar(k, sizeof k, t[4]);
        if (c < 0 || m < 0 || kl == (size_t)-1) {
            puts("err bad_args");
            return;
        }
        if (parse_pt(&p, t[5]))
            return;
        e = gn_ec_mul(&ec, &r, k, kl, &p, (gn_ec_coords)c, (gn_ec_method)m, (unsigned)atoi(t[3]));
        if (e != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(op, "add") && nt == 3) {
        if (parse_pt(&p, t[1]) || parse_pt(&q, t[2]))
            return;
        gn_ec_add_var(&ec, &r, &p, &q);
        print_pt(&r);
    } else if (!strcmp(op, "neg") && nt == 2) {
        if (parse_pt(&p, t[1]))
            return;
        gn_ec_neg(&ec, &r, &p);
        print_pt(&r);
    } else if (!strcmp(op, "eq") && nt == 3) {
        if (parse_pt(&p, t[1]) || parse_pt(&q, t[2]))
            return;
        printf("%d\n", gn_ec_point_eq(&ec, &p, &q));
    } else if (!strcmp(op, "oncurve") && nt == 3) {
        gn_fp_t x, y;
        gn_limb_t a[GN_FP_MAX_LIMBS];
        if (gn_mp_from_hex(a, GN_FP_MAX_LIMBS, t[1], strlen(t[1])) != GN_OK ||
            gn_fp_set_mp(&ec.fp, &x, a, GN_FP_MAX_LIMBS) != GN_OK ||
            gn_mp_from_hex(a, GN_FP_MAX_LIMBS, t[2], strlen(t[2])) != GN_OK ||
            gn_fp_set_mp(&ec.fp, &y, a, GN_FP_MAX_LIMBS) != GN_OK) {
            puts("err bad_args");
            return;
        }
        p.x = x;
        p.y = y;
        p.infinity = 0;
        printf("%d\n", gn_ec_is_on_curve(&ec, &p));
    } else if (!strcmp(op, "mul2") && nt == 5) {
        size_t kl = parse_scalar(k, sizeof k, t[1]), ll = parse_scalar(l, sizeof l, t[3]);
        if (kl == (size_t)-1 || ll == (size_t)-1) {
            puts("err bad_args");
            return;
        }
        if (parse_pt(&p, t[2]) || parse_pt(&q, t[4]))
            return;
        e = gn_ec_mul2_var(&ec, &r, k, kl, &p, l, ll, &q);
        if (e != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(op, "mulbase") && nt == 2) {
        size_t kl = parse_scalar(k, sizeof k, t[1]);
        if (kl == (size_t)-1) {
            puts("err bad_args");
            return;
        }
        if ((e = gn_ec_mul_base(&ec, &r, k, kl)) != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(op, "baseprecomputed") && nt == 1) {
        printf("%d\n", gn_ec_base_precomputed(&ec));
    } else if (!strcmp(op, "comb") && nt == 5) {
        int c = coords_of(t[2]);
        size_t kl = parse_scalar(k, sizeof k, t[3]);
        if (c < 0 || kl == (size_t)-1) {
            puts("err bad_args");
            return;
        }
        if (parse_pt(&p, t[4]))
            return;
        if ((e = gn_ec_comb_init(&ec, &comb, &p, (unsigned)atoi(t[1]), (gn_ec_coords)c)) != GN_OK ||
            (e = gn_ec_mul_comb(&ec, &r, &comb, k, kl)) != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(op, "encode") && nt == 3) {
        uint8_t out[1 + 2 * GN_FP_MAX_BITS / 8];
        size_t len;
        if (parse_pt(&p, t[2]))
            return;
        if ((e = gn_ec_encode(&ec, out, &len, sizeof out, &p, atoi(t[1]))) != GN_OK) {
            print_err(e);
            return;
        }
        for (size_t i = 0; i < len; i++)
            printf("%02x", out[i]);
        putchar('\n');
    } else if (!strcmp(op, "decode") && nt == 3) {
        uint8_t in[2 + 2 * GN_FP_MAX_BITS / 8];
        size_t len = strcmp(t[1], "-") ? strlen(t[1]) / 2 : 0;
        if (strlen(t[1]) % 2 || len > sizeof in) {
            puts("err bad_args");
            return;
        }
        for (size_t i = 0; i < len; i++) {
            unsigned v;
            if (sscanf(t[1] + 2 * i, "%2x", &v) != 1) {
                puts("err bad_args");
                return;
            }
            in[i] = (uint8_t)v;
        }
        if ((e = gn_ec_decode(&ec, &r, in, len, atoi(t[2]))) != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else if (!strcmp(op, "validate") && nt == 3) {
        if (parse_pt(&p, t[1]))
            return;
        e = gn_ec_validate_var(&ec, &p, atoi(t[2]));
        if (e != GN_OK)
            print_err(e);
        else
            puts("ok");
    } else if (!strcmp(op, "glv") && nt == 2) {
        gn_limb_t kv[GN_EC_ORDER_LIMBS] = {0}, h[2][GN_EC_ORDER_LIMBS], neg[2];
        if (!ec.glv.on) {
            puts("off");
            return;
        }
        if (gn_mp_from_hex(kv, GN_EC_ORDER_LIMBS, t[1], strlen(t[1])) != GN_OK) {
            puts("err bad_args");
            return;
        }
        gn_ec_glv_split(&ec, h[0], h[1], &neg[0], &neg[1], kv);
        for (int i = 0; i < 2; i++) {
            char hex[2 * GN_EC_ORDER_LIMBS * sizeof(gn_limb_t) + 1];
            if (gn_mp_to_hex(hex, sizeof hex, h[i], ec.glv.limbs, 0) != GN_OK) {
                puts("err bad_args");
                return;
            }
            printf("%s%s%s", i ? " " : "", neg[i] ? "-" : "", hex);
        }
        putchar('\n');
    } else if (!strcmp(op, "ops") && nt == 3) {
        static const char *ops[] = {"add", "madd", "dbl", "ladder-step"};
        int c = coords_of(t[1]), o = -1;
        for (int i = 0; i < 4; i++)
            if (!strcmp(t[2], ops[i]))
                o = i;
        gn_op_counts_t n;
        if (c < 0 || o < 0) {
            puts("err bad_args");
            return;
        }
        if ((e = gn_ec_count_ops(&ec, (gn_ec_coords)c, (gn_ec_op)o, &n)) != GN_OK)
            print_err(e);
        else
            printf("%lu %lu %lu %lu %lu %lu\n", n.m, n.s, n.d, n.c, n.a, n.i);
    } else if (!strcmp(op, "tomodel") && nt == 2) {
        int m = gn_ec_model_from_name(t[1]);
        gn_ec_ctx_t c;
        if (m < 0) {
            puts("err bad_args");
            return;
        }
        if ((e = gn_ec_to_model(&c, &ec, (gn_ec_model)m)) != GN_OK) {
            print_err(e);
            return;
        }
        parent = ec;
        have_parent = 1;
        ec = c;
        printf("ok ");
        print_pt(&ec.g);
    } else if (!strcmp(op, "toparent") && nt == 2 && have_parent) {
        if (parse_pt(&p, t[1]))
            return;
        if ((e = gn_ec_map_point_var(&parent, &r, &ec, &p)) != GN_OK) {
            print_err(e);
            return;
        }
        gn_ec_ctx_t cur = ec;
        ec = parent; /* print in the parent's field representation */
        print_pt(&r);
        ec = cur;
    } else if (!strcmp(op, "tochild") && nt == 2 && have_parent) {
        gn_ec_ctx_t cur = ec;
        ec = parent; /* parse in the parent's representation */
        int bad = parse_pt(&p, t[1]);
        ec = cur;
        if (bad)
            return;
        if ((e = gn_ec_map_point_var(&ec, &r, &parent, &p)) != GN_OK)
            print_err(e);
        else
            print_pt(&r);
    } else {
        puts("err bad_command");
    }
}

int main(void)
{
    return tool_run_lines(run);
}
