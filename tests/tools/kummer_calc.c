/*
 * Test driver for the Kummer surfaces (src/kummer/): a batch calculator that the Python tests
 * feed with one command per line; one answer line per command. Field elements are hexadecimal
 * integers below p; a point is "X,Y,Z,T" (one token). Errors: "err <gn_strerror text>".
 *
 *   surface squared|theta P C0,C1,C2,C3 -> "ok": the current surface, from (a^2 : b^2 : c^2 : d^2)
 *                                or (a : b : c : d) over F_P
 *   gs127                        -> "ok": the current surface is the Gaudry-Schost one
 *   consts                       -> "E F G H K EPS EPSHAT" (EPS, EPSHAT: four comma-separated elements)
 *   on P / eq P Q / regular P    -> 1 | 0
 *   identity                     -> the identity point
 *   dbl P / add P Q D / norm P   -> [2]P / P + Q given D = P - Q / P with first non-zero coordinate 1
 *   mul K P                      -> [K]P (K: big-endian hex bytes, the ladder runs over all of them)
 *   enc P / dec BYTES            -> the wrapped encoding / the decoded point
 *   pub SK / dh SK PEER          -> the 48-byte output of gn_kummer_dh_public / gn_kummer_dh, or
 *                                   "inf OUT" when the result is degenerate (GN_ERR_INFINITY)
 *   base                         -> the gs127 base point
 *   ladder KIND                  -> "ok": the current surface's ladder (gn_kummer_set_ladder), KIND one
 *                                   of auto generic v4 avx2 mulx; "err ..." when it cannot serve here
 *   ladders                      -> the kinds the current surface can use, in enum order
 *   which                        -> the kind in use
 *   cross N SEED                 -> every ladder of the current surface on N random inputs (points of
 *                                   four random non-zero elements, 32-byte scalars, edge values
 *                                   among them), and N / 8 Diffie-Hellman runs on random keys, each
 *                                   compared coordinate by coordinate with the generic ladder:
 *                                   "ok N K1,K2,.." or "mismatch CASE KIND"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

static gn_kummer_ctx_t ku;
static int have_surface;

static const char *const kind_names[] = {"auto", "generic", "v4", "avx2", "mulx"};
#define NKINDS (sizeof kind_names / sizeof kind_names[0])

static int parse_kind(const char *s)
{
    for (size_t i = 0; i < NKINDS; i++)
        if (!strcmp(s, kind_names[i]))
            return (int)i;
    return -1;
}

/* "A,B,C,D" into four elements */
static int parse4(const gn_fp_ctx_t *f, gn_fp_t r[4], const char *s)
{
    return tool_parse_fe_list(f, r, 4, s) == 4;
}

static void print_fe(const gn_fp_ctx_t *f, const gn_fp_t *a)
{
    gn_limb_t v[GN_FP_MAX_LIMBS];
    char hex[GN_FP_MAX_BITS / 4 + 1];
    gn_fp_get_mp(f, v, GN_FP_MAX_LIMBS, a);
    if (gn_mp_to_hex(hex, sizeof hex, v, GN_FP_MAX_LIMBS, 0) != GN_OK)
        strcpy(hex, "?");
    fputs(hex, stdout);
}

static void print4(const gn_fp_ctx_t *f, const gn_fp_t a[4])
{
    for (size_t i = 0; i < 4; i++) {
        if (i)
            putchar(',');
        print_fe(f, &a[i]);
    }
}

static int parse_point(gn_kummer_point_t *p, const char *s)
{
    memset(p, 0, sizeof *p);
    return parse4(&ku.fp, p->c, s);
}

static void print_point(const gn_kummer_point_t *p)
{
    print4(&ku.fp, p->c);
}

static void cmd_surface(char **t, int nt)
{
    static gn_fp_ctx_t fp;
    gn_fp_t c[4];
    gn_kummer_model model = !strcmp(t[1], "theta") ? GN_KUMMER_THETA : GN_KUMMER_SQUARED;
    (void)nt;
    gn_err e = strcmp(t[1], "theta") && strcmp(t[1], "squared") ? GN_ERR_INVALID : gn_fp_init_hex(&fp, t[2]);
    if (e == GN_OK && !parse4(&fp, c, t[3]))
        e = GN_ERR_PARSE;
    if (e == GN_OK)
        e = gn_kummer_init(&ku, &fp, model, c);
    have_surface = e == GN_OK;
    if (e != GN_OK)
        tool_print_err(e);
    else
        puts("ok");
}

static void print_scale(const gn_kummer_scale_t *s)
{
    print4(&ku.fp, s->v);
}

static void dh_out(gn_err e, const uint8_t *out)
{
    if (e != GN_OK && e != GN_ERR_INFINITY) {
        tool_print_err(e);
        return;
    }
    if (e == GN_ERR_INFINITY)
        fputs("inf ", stdout);
    tool_print_hex(out, GN_KUMMER_DH_PUBLIC_BYTES);
    putchar('\n');
}

/* xorshift64*: test inputs only */
static uint64_t rnd_state;

static uint64_t rnd(void)
{
    rnd_state ^= rnd_state >> 12;
    rnd_state ^= rnd_state << 25;
    rnd_state ^= rnd_state >> 27;
    return rnd_state * 0x2545F4914F6CDD1Dull;
}

/* a random non-zero element below p; one in eight from the edges 1, 2, p - 1, p - 2 */
static void rnd_fe(gn_fp_t *r)
{
    uint8_t b[GN_FP_MAX_BITS / 8];
    const size_t nb = gn_fp_bytes(&ku.fp);
    uint64_t v = rnd();
    for (;;) {
        if ((v & 7) == 0) {
            gn_fp_set_u64(&ku.fp, r, 1 + (v >> 3 & 1));
            if (v >> 4 & 1)
                gn_fp_neg(&ku.fp, r, r);
            return;
        }
        for (size_t i = 0; i < nb; i++)
            b[i] = (uint8_t)rnd();
        if (gn_fp_decode_le(&ku.fp, r, b, nb) == GN_OK && !gn_fp_is_zero(&ku.fp, r))
            return;
        v = rnd() | 1;
    }
}

static void rnd_scalar(uint8_t k[32], size_t i)
{
    for (size_t j = 0; j < 32; j++)
        k[j] = (uint8_t)rnd();
    if (i % 16 == 1)
        memset(k, 0xff, 32);
    else if (i % 16 == 2)
        memset(k, 0, 32);
}

static int same_point(const gn_kummer_point_t *a, const gn_kummer_point_t *b)
{
    for (size_t i = 0; i < 4; i++)
        if (!gn_fp_eq(&ku.fp, &a->c[i], &b->c[i]))
            return 0;
    return 1;
}

static void cmd_cross(const char *ns, const char *seed)
{
    gn_kummer_ctx_t kk[NKINDS];
    size_t nk = 0, n = strtoul(ns, NULL, 10);
    int kinds[NKINDS];
    rnd_state = strtoull(seed, NULL, 16) | 1;
    /* the generic ladder first, then every other kind this surface can use */
    for (int k = 1; k < (int)NKINDS; k++) {
        kk[nk] = ku;
        if (gn_kummer_set_ladder(&kk[nk], (gn_kummer_ladder_kind)k) == GN_OK)
            kinds[nk++] = k;
    }
    for (size_t i = 0; i < n; i++) {
        gn_kummer_point_t p, r0, r;
        uint8_t k[32];
        for (size_t j = 0; j < 4; j++)
            rnd_fe(&p.c[j]);
        rnd_scalar(k, i);
        if (gn_kummer_mul(&kk[0], &r0, k, 32, &p) != GN_OK) {
            printf("mismatch %zu generic\n", i);
            return;
        }
        for (size_t j = 1; j < nk; j++)
            if (gn_kummer_mul(&kk[j], &r, k, 32, &p) != GN_OK || !same_point(&r, &r0)) {
                printf("mismatch %zu %s\n", i, kind_names[kinds[j]]);
                return;
            }
    }
    /* Diffie-Hellman on the gs127 surface: public keys of random secrets, then shared secrets */
    for (size_t i = 0; gn_kummer_wrapped_bytes(&ku) == 48 && i < n / 8; i++) {
        uint8_t a[32], b[32], pub[48], z0[48], z[48];
        rnd_scalar(a, i);
        rnd_scalar(b, i + 3);
        gn_err e0 = gn_kummer_dh_public(&kk[0], pub, b), e;
        if (e0 != GN_OK)
            continue; /* not the gs127 surface, or a degenerate key */
        e0 = gn_kummer_dh(&kk[0], z0, a, pub);
        for (size_t j = 1; j < nk; j++) {
            uint8_t pub2[48];
            e = gn_kummer_dh_public(&kk[j], pub2, b);
            if (e != GN_OK || memcmp(pub, pub2, 48) || (e = gn_kummer_dh(&kk[j], z, a, pub)) != e0 ||
                memcmp(z, z0, 48)) {
                printf("mismatch dh%zu %s\n", i, kind_names[kinds[j]]);
                return;
            }
        }
    }
    printf("ok %zu ", n);
    for (size_t j = 0; j < nk; j++)
        printf("%s%s", j ? "," : "", kind_names[kinds[j]]);
    putchar('\n');
}

static void run(char **t, int nt)
{
    const char *c = t[0];
    gn_kummer_point_t p, q, d, r;
    uint8_t b[512], sk[GN_KUMMER_DH_SECRET_BYTES], out[GN_KUMMER_DH_PUBLIC_BYTES];
    gn_err e;
    if (!strcmp(c, "surface") && nt == 4) {
        cmd_surface(t, nt);
        return;
    }
    if (!strcmp(c, "gs127") && nt == 1) {
        e = gn_kummer_init_gs127(&ku);
        have_surface = e == GN_OK;
        e == GN_OK ? (void)puts("ok") : tool_print_err(e);
        return;
    }
    if (!have_surface) {
        tool_print_err(GN_ERR_INVALID);
        return;
    }
    if (!strcmp(c, "ladder") && nt == 2) {
        int k = parse_kind(t[1]);
        e = k < 0 ? GN_ERR_PARSE : gn_kummer_set_ladder(&ku, (gn_kummer_ladder_kind)k);
        e == GN_OK ? (void)puts("ok") : tool_print_err(e);
    } else if (!strcmp(c, "ladders") && nt == 1) {
        for (size_t k = 1, first = 1; k < NKINDS; k++) {
            gn_kummer_ctx_t tmp = ku;
            if (gn_kummer_set_ladder(&tmp, (gn_kummer_ladder_kind)k) == GN_OK) {
                printf("%s%s", first ? "" : " ", kind_names[k]);
                first = 0;
            }
        }
        putchar('\n');
    } else if (!strcmp(c, "which") && nt == 1) {
        puts(kind_names[gn_kummer_get_ladder(&ku)]);
    } else if (!strcmp(c, "cross") && nt == 3) {
        cmd_cross(t[1], t[2]);
    } else if (!strcmp(c, "consts") && nt == 1) {
        const gn_fp_t *v[] = {&ku.E, &ku.F, &ku.G, &ku.H, &ku.K};
        for (size_t i = 0; i < 5; i++) {
            print_fe(&ku.fp, v[i]);
            putchar(' ');
        }
        print_scale(&ku.eps);
        putchar(' ');
        print_scale(&ku.epshat);
        putchar('\n');
    } else if (!strcmp(c, "identity") && nt == 1) {
        gn_kummer_identity(&ku, &r);
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "base") && nt == 1) {
        gn_kummer_gs127_base(&ku, &r);
        print_point(&r);
        putchar('\n');
    } else if ((!strcmp(c, "on") || !strcmp(c, "regular")) && nt == 2 && parse_point(&p, t[1])) {
        printf("%d\n", c[0] == 'o' ? gn_kummer_on_surface(&ku, &p) : gn_kummer_is_regular(&ku, &p));
    } else if (!strcmp(c, "eq") && nt == 3 && parse_point(&p, t[1]) && parse_point(&q, t[2])) {
        printf("%d\n", gn_kummer_eq(&ku, &p, &q));
    } else if (!strcmp(c, "dbl") && nt == 2 && parse_point(&p, t[1])) {
        gn_kummer_dbl(&ku, &r, &p);
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "norm") && nt == 2 && parse_point(&p, t[1])) {
        gn_kummer_normalize(&ku, &r, &p);
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "add") && nt == 4 && parse_point(&p, t[1]) && parse_point(&q, t[2]) &&
               parse_point(&d, t[3])) {
        if ((e = gn_kummer_diff_add(&ku, &r, &p, &q, &d)) != GN_OK) {
            tool_print_err(e);
            return;
        }
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "mul") && nt == 3 && parse_point(&p, t[2])) {
        size_t klen = tool_parse_bytes(b, sizeof b, t[1]);
        if (klen == (size_t)-1)
            e = GN_ERR_PARSE;
        else
            e = gn_kummer_mul(&ku, &r, b, klen, &p);
        if (e != GN_OK) {
            tool_print_err(e);
            return;
        }
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "enc") && nt == 2 && parse_point(&p, t[1])) {
        gn_kummer_encode_wrapped(&ku, b, &p);
        tool_print_hex(b, gn_kummer_wrapped_bytes(&ku));
        putchar('\n');
    } else if (!strcmp(c, "dec") && nt == 2) {
        size_t len = tool_parse_bytes(b, sizeof b, t[1]);
        e = len == (size_t)-1 ? GN_ERR_PARSE : gn_kummer_decode_wrapped(&ku, &r, b, len);
        if (e != GN_OK) {
            tool_print_err(e);
            return;
        }
        print_point(&r);
        putchar('\n');
    } else if (!strcmp(c, "pub") && nt == 2 && tool_parse_bytes(sk, sizeof sk, t[1]) == sizeof sk) {
        dh_out(gn_kummer_dh_public(&ku, out, sk), out);
    } else if (!strcmp(c, "dh") && nt == 3 && tool_parse_bytes(sk, sizeof sk, t[1]) == sizeof sk &&
               tool_parse_bytes(b, sizeof b, t[2]) == GN_KUMMER_DH_PUBLIC_BYTES) {
        dh_out(gn_kummer_dh(&ku, out, sk, b), out);
    } else {
        tool_print_err(GN_ERR_PARSE);
    }
}

int main(void)
{
    return tool_run_lines(run);
}
