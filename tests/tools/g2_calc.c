/*
 * Test driver for genus-2 Jacobians (src/g2/): a batch calculator that the Python tests feed
 * with one command per line; one answer line per command. Field elements are hexadecimal
 * integers below p. An element is one token: "U1,U0,V1,V0" (deg u = 2), "U0,V0" (u = x + U0,
 * v = V0) or "id" (the neutral element); on a split degree-6 curve ";N" follows when n != 0, and
 * "inf;N" is u = 1 with n = N (the neutral element is n = 1, printed "id"). Errors:
 * "err <gn_strerror text>".
 *
 *   curve P F0,F1,...        -> "ok": the current curve y^2 = F0 + F1 x + ... over F_P
 *   rand SEED                -> a random element (gn_g2_random on a generator seeded by SEED)
 *   check E                  -> "ok" or the error of gn_g2_check (E parsed without checking)
 *   add E1 E2 / dbl E        -> gn_g2_add / gn_g2_dbl (explicit formulas, Cantor fallback)
 *   xadd E1 E2 / xdbl E      -> the explicit formulas alone ("exc" in an exceptional case)
 *   cadd E1 E2               -> Cantor's algorithm (gn_g2_add_var)
 *   neg E                    -> -E
 *   mul K E / mulv K E       -> gn_g2_mul (constant time) / gn_g2_mul_var (K: big-endian hex bytes)
 *   enc E / dec BYTES        -> the encoding / the decoded element
 *   ksurface P C0,C1,C2,C3 R -> "LAMBDA,MU,NU": the squared Kummer surface with constants
 *                               (a^2 : b^2 : c^2 : d^2) over F_P, its Rosenhain invariants for root R
 *                               (gn_kummer_rosenhain), and the current curve their Rosenhain curve
 *   kmap E / kmul K E        -> gn_kummer_from_g2(E) / gn_kummer_mul(K, gn_kummer_from_g2(E)), as
 *                               "X,Y,Z,T" normalised (first non-zero coordinate 1)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

static gn_g2_ctx_t g2;
static int have_curve;
static gn_kummer_ctx_t ku;
static gn_fp_t ros[3];
static int have_surface;


static int parse_elem(gn_g2_elem_t *e, const char *s)
{
    gn_fp_t c[4];
    char buf[1024];
    memset(e, 0, sizeof *e);
    gn_g2_identity(&g2, e);
    if (!strcmp(s, "id"))
        return 1;
    const char *semi = strchr(s, ';');
    if (semi) { /* ";N": the balanced representation's n */
        size_t len = (size_t)(semi - s);
        if (len >= sizeof buf || semi[1] < '0' || semi[1] > '9' || semi[2])
            return 0;
        memcpy(buf, s, len);
        buf[len] = 0;
        s = buf;
    }
    e->n = semi ? (unsigned)(semi[1] - '0') : 0;
    if (!strcmp(s, "inf")) {
        e->deg = 0;
        return semi != NULL;
    }
    size_t n = tool_parse_fe_list(&g2.fp, c, 4, s);
    if (n == 4) {
        memcpy(e->c, c, sizeof c);
        e->deg = 2;
        return 1;
    }
    if (n == 2) {
        e->c[1] = c[0];
        e->c[3] = c[1];
        e->deg = 1;
        return 1;
    }
    return 0;
}

static void print_fe(const gn_fp_t *a)
{
    gn_limb_t v[GN_FP_MAX_LIMBS];
    char hex[GN_FP_MAX_BITS / 4 + 1];
    gn_fp_get_mp(&g2.fp, v, GN_FP_MAX_LIMBS, a);
    if (gn_mp_to_hex(hex, sizeof hex, v, GN_FP_MAX_LIMBS, 0) != GN_OK)
        strcpy(hex, "?");
    fputs(hex, stdout);
}

static void print_elem(const gn_g2_elem_t *e)
{
    if (gn_g2_is_identity(&g2, e)) {
        puts("id");
        return;
    }
    if (e->deg == 0) {
        printf("inf;%u\n", e->n);
        return;
    }
    static const unsigned idx2[] = {0, 1, 2, 3}, idx1[] = {1, 3};
    const unsigned *ix = e->deg == 2 ? idx2 : idx1;
    for (unsigned i = 0; i < 2 * e->deg; i++) {
        if (i)
            putchar(',');
        print_fe(&e->c[ix[i]]);
    }
    if (e->n)
        printf(";%u", e->n);
    putchar('\n');
}

/* splitmix64 as a gn_rng_fn */
static int rng(void *st, uint8_t *out, size_t len)
{
    uint64_t *s = st;
    for (size_t i = 0; i < len; i++) {
        uint64_t z = (*s += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        out[i] = (uint8_t)(z ^ (z >> 31));
    }
    return 0;
}

static void cmd_curve(char **t)
{
    static gn_fp_ctx_t fp;
    gn_fp_t f[8];
    gn_err e = gn_fp_init_hex(&fp, t[1]);
    size_t n = 0;
    if (e == GN_OK && !(n = tool_parse_fe_list(&fp, f, 8, t[2])))
        e = GN_ERR_PARSE;
    if (e == GN_OK)
        e = n > 7 ? GN_ERR_INVALID : gn_g2_init(&g2, &fp, f, n);
    have_curve = e == GN_OK;
    e == GN_OK ? (void)puts("ok") : tool_print_err(e);
}

static void cmd_ksurface(char **t)
{
    static gn_fp_ctx_t fp;
    gn_fp_t c[4], f[6], tmp;
    gn_err e = gn_fp_init_hex(&fp, t[1]);
    have_surface = have_curve = 0;
    if (e == GN_OK && tool_parse_fe_list(&fp, c, 4, t[2]) != 4)
        e = GN_ERR_PARSE;
    if (e == GN_OK)
        e = gn_kummer_init(&ku, &fp, GN_KUMMER_SQUARED, c);
    if (e == GN_OK)
        e = gn_kummer_rosenhain(&ku, ros, t[3][0] == '1');
    if (e == GN_OK) { /* f = x (x - 1)(x - lambda)(x - mu)(x - nu) */
        const gn_fp_ctx_t *k = &ku.fp;
        for (size_t i = 0; i < 6; i++)
            gn_fp_set_zero(k, &f[i]);
        gn_fp_set_one(k, &f[2]);
        gn_fp_neg(k, &f[1], &f[2]);
        for (size_t j = 0; j < 3; j++) {
            for (size_t i = 5; i > 0; i--) {
                gn_fp_mul(k, &tmp, &f[i], &ros[j]);
                gn_fp_sub(k, &f[i], &f[i - 1], &tmp);
            }
            gn_fp_mul(k, &f[0], &f[0], &ros[j]);
            gn_fp_neg(k, &f[0], &f[0]);
        }
        e = gn_g2_init(&g2, &ku.fp, f, 6);
    }
    if (e != GN_OK) {
        tool_print_err(e);
        return;
    }
    have_surface = have_curve = 1;
    for (size_t i = 0; i < 3; i++) {
        if (i)
            putchar(',');
        print_fe(&ros[i]);
    }
    putchar('\n');
}

static void print_kpoint(const gn_kummer_point_t *p)
{
    gn_kummer_point_t n;
    gn_kummer_normalize(&ku, &n, p);
    for (size_t i = 0; i < 4; i++) {
        if (i)
            putchar(',');
        print_fe(&n.c[i]);
    }
    putchar('\n');
}

static void run(char **t, int nt)
{
    const char *c = t[0];
    gn_g2_elem_t a, b, r;
    uint8_t buf[1024];
    gn_err e;
    if (!strcmp(c, "curve") && nt == 3) {
        have_surface = 0;
        cmd_curve(t);
        return;
    }
    if (!strcmp(c, "ksurface") && nt == 4) {
        cmd_ksurface(t);
        return;
    }
    if (!have_curve) {
        tool_print_err(GN_ERR_INVALID);
        return;
    }
    if (!strcmp(c, "rand") && nt == 2) {
        uint64_t s = strtoull(t[1], NULL, 16);
        if ((e = gn_g2_random(&g2, &r, rng, &s)) != GN_OK)
            tool_print_err(e);
        else
            print_elem(&r);
    } else if (!strcmp(c, "check") && nt == 2 && parse_elem(&a, t[1])) {
        e = gn_g2_check(&g2, &a);
        e == GN_OK ? (void)puts("ok") : tool_print_err(e);
    } else if (!strcmp(c, "add") && nt == 3 && parse_elem(&a, t[1]) && parse_elem(&b, t[2])) {
        gn_g2_add(&g2, &r, &a, &b);
        print_elem(&r);
    } else if (!strcmp(c, "cadd") && nt == 3 && parse_elem(&a, t[1]) && parse_elem(&b, t[2])) {
        gn_g2_add_var(&g2, &r, &a, &b);
        print_elem(&r);
    } else if (!strcmp(c, "xadd") && nt == 3 && parse_elem(&a, t[1]) && parse_elem(&b, t[2])) {
        if (gn_g2_add_explicit(&g2, &r, &a, &b) != GN_OK)
            puts("exc");
        else
            print_elem(&r);
    } else if (!strcmp(c, "dbl") && nt == 2 && parse_elem(&a, t[1])) {
        gn_g2_dbl(&g2, &r, &a);
        print_elem(&r);
    } else if (!strcmp(c, "xdbl") && nt == 2 && parse_elem(&a, t[1])) {
        if (gn_g2_dbl_explicit(&g2, &r, &a) != GN_OK)
            puts("exc");
        else
            print_elem(&r);
    } else if (!strcmp(c, "neg") && nt == 2 && parse_elem(&a, t[1])) {
        gn_g2_neg(&g2, &r, &a);
        print_elem(&r);
    } else if ((!strcmp(c, "mul") || !strcmp(c, "mulv")) && nt == 3 && parse_elem(&a, t[2])) {
        size_t klen = tool_parse_bytes(buf, sizeof buf, t[1]);
        if (klen == (size_t)-1) {
            tool_print_err(GN_ERR_PARSE);
            return;
        }
        if (c[3] == 'v') {
            gn_g2_mul_var(&g2, &r, buf, klen, &a);
        } else if ((e = gn_g2_mul(&g2, &r, buf, klen, &a)) != GN_OK) {
            tool_print_err(e);
            return;
        }
        print_elem(&r);
    } else if (have_surface && !strcmp(c, "kmap") && nt == 2 && parse_elem(&a, t[1])) {
        gn_kummer_point_t kp;
        if ((e = gn_kummer_from_g2(&ku, &g2, ros, &kp, &a)) != GN_OK)
            tool_print_err(e);
        else
            print_kpoint(&kp);
    } else if (have_surface && !strcmp(c, "kmul") && nt == 3 && parse_elem(&a, t[2])) {
        gn_kummer_point_t kp, kr;
        size_t klen = tool_parse_bytes(buf, sizeof buf, t[1]);
        e = klen == (size_t)-1 ? GN_ERR_PARSE : gn_kummer_from_g2(&ku, &g2, ros, &kp, &a);
        if (e == GN_OK)
            e = gn_kummer_mul(&ku, &kr, buf, klen, &kp);
        e == GN_OK ? print_kpoint(&kr) : tool_print_err(e);
    } else if (!strcmp(c, "enc") && nt == 2 && parse_elem(&a, t[1])) {
        gn_g2_encode(&g2, buf, &a);
        tool_print_hex(buf, gn_g2_encoded_bytes(&g2));
        putchar('\n');
    } else if (!strcmp(c, "dec") && nt == 2) {
        size_t len = tool_parse_bytes(buf, sizeof buf, t[1]);
        e = len == (size_t)-1 ? GN_ERR_PARSE : gn_g2_decode(&g2, &r, buf, len);
        e == GN_OK ? print_elem(&r) : tool_print_err(e);
    } else {
        tool_print_err(GN_ERR_PARSE);
    }
}

int main(void)
{
    return tool_run_lines(run);
}
