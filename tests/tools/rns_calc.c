#define _POSIX_C_SOURCE 200809L
/*
 * Test driver: the RNS arithmetic (src/rns/) as a batch calculator for tests/py/test_rns.py,
 * which checks it against Python integers. One command per line, one line out per command;
 * numbers in hex.
 *
 *   init P R H C EXT [unchecked]   bases for the odd P (R, H, C: 0 for defaults; EXT kawamura|sk)
 *                                  -> "ok N R" | "err CODE"
 *   bases                          -> "M1,M2,...,M2N" (base A, then base B)
 *   conv X                         -> X mod p through the residues (X below 4p)
 *   redc X Y                       -> the integer R held by redc(X Y) (X, Y below c p, not reduced
 *                                     mod p: R = X Y / B mod p), as "R" reduced mod p
 *   ops X Y                        X, Y below p, into Montgomery form (X B, Y B): "S D N P", the
 *                                  integers held by add, sub, neg, mul, mod p (S = (X + Y) B ...)
 *   pow X K                        X^(2^K) by K Montgomery squarings: mod p
 *   lazy X1 Y1 X2 Y2               redc(X1 Y1 + X2 Y2) (no reduction between the products) mod p
 *   cswap X Y BIT                  -> "X' Y'" after the conditional swap by BIT
 *   lazyops X Y                    X, Y below p into Montgomery form; the products of unreduced
 *                                  sums: "(X-Y)(X-Y) (-X)(X+Y) (X+Y)(X-Y)" held, mod p (times B)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "genus/rns.h"
#include "tool_io.h"

#define MAXL (2 * GN_RNS_MAX_LIMBS + 4)

static gn_rns_ctx_t ctx; /* large: static */
static int have;

static int parse(gn_limb_t *x, const char *s)
{
    memset(x, 0, MAXL * sizeof *x);
    return gn_mp_from_hex(x, MAXL, s, strlen(s)) == GN_OK;
}

static void put(const gn_limb_t *x, size_t n)
{
    char buf[2 * MAXL * sizeof(gn_limb_t) + 2];
    if (gn_mp_to_hex(buf, sizeof buf, x, n, 0) != GN_OK) {
        fputs("err hex", stdout);
        return;
    }
    fputs(buf, stdout);
}

static void out_int(const uint64_t *x)
{
    gn_limb_t y[GN_RNS_MAX_LIMBS];
    gn_rns_to_int(&ctx, y, x);
    put(y, ctx.pn);
}

int main(void)
{
    char line[16384];
    while (fgets(line, sizeof line, stdin)) {
        char *tok[8];
        int nt = 0;
        for (char *t = strtok(line, " \t\r\n"); t && nt < 8; t = strtok(NULL, " \t\r\n"))
            tok[nt++] = t;
        if (!nt) {
            puts("err empty");
            continue;
        }
        static gn_limb_t a[MAXL], b[MAXL], c[MAXL], d[MAXL];
        uint64_t x[GN_RNS_FE_WORDS], y[GN_RNS_FE_WORDS], z[GN_RNS_FE_WORDS], w[GN_RNS_FE_WORDS];
        if (!strcmp(tok[0], "init") && nt >= 6) {
            gn_limb_t p[MAXL];
            if (!parse(p, tok[1])) {
                puts("err parse");
                continue;
            }
            size_t pn = GN_RNS_MAX_LIMBS;
            while (pn > 1 && !p[pn - 1]) pn--;
            gn_rns_params_t prm = {0};
            prm.r = (unsigned)strtoul(tok[2], NULL, 10);
            prm.h = (unsigned)strtoul(tok[3], NULL, 10);
            prm.c = (unsigned)strtoul(tok[4], NULL, 10);
            prm.ext = !strcmp(tok[5], "sk") ? GN_RNS_EXT_SK : GN_RNS_EXT_KAWAMURA;
            prm.unchecked = nt > 6 && !strcmp(tok[6], "unchecked");
            gn_err e = gn_rns_setup(&ctx, p, pn, &prm);
            have = e == GN_OK;
            if (have)
                printf("ok %u %u\n", ctx.n, ctx.r);
            else
                tool_print_err(e);
            continue;
        }
        if (!have) {
            puts("err no_bases");
            continue;
        }
        if (!strcmp(tok[0], "impl") && nt == 2) { /* portable | avx2 | avx512 | auto -> "ok NAME" | err */
            static const char *const names[] = {"auto", "portable", "avx2", "avx512"};
            int k = -1;
            for (int i = 0; i < 4; i++)
                if (!strcmp(tok[1], names[i]))
                    k = i;
            gn_err e = k < 0 ? GN_ERR_INVALID : gn_rns_select(&ctx, (gn_rns_impl)k);
            if (e == GN_OK)
                printf("ok %s\n", gn_rns_impl_name(&ctx));
            else
                tool_print_err(e);
            continue;
        }
        if (!strcmp(tok[0], "crosscheck") && nt == 3) {
            /* COUNT SEED: lazy sums of two products reduced, on the code in use and on the
             * portable code, their operands random below p or earlier results (below 4p):
             * "ok COUNT" or the first difference */
            unsigned long cnt = strtoul(tok[1], NULL, 10);
            uint64_t st = strtoull(tok[2], NULL, 16) | 1;
            gn_rns_ctx_t *port = malloc(sizeof *port);
            if (!port) {
                puts("err memory");
                continue;
            }
            *port = ctx;
            unsigned long bad = gn_rns_select(port, GN_RNS_IMPL_PORTABLE) != GN_OK;
            const size_t nw = gn_rns_words(&ctx);
            uint64_t v[4][GN_RNS_FE_WORDS], t1[GN_RNS_FE_WORDS], t2[GN_RNS_FE_WORDS], o1[GN_RNS_FE_WORDS],
                o2[GN_RNS_FE_WORDS];
            for (unsigned long it = 0; it < cnt && !bad; it++) {
                /* every 64th round four fresh random values below p; between, the last result
                 * (below 4p) moves in: o = v0 v1 + v2 v3 reduced, below c^2 p^2 for c = 8 */
                for (int q = 0; q < 4 && it % 64 == 0; q++) {
                    gn_limb_t xv[GN_RNS_MAX_LIMBS] = {0};
                    for (size_t l = 0; l < ctx.pn; l++) {
                        st ^= st << 13, st ^= st >> 7, st ^= st << 17; /* xorshift64 */
                        xv[l] = (gn_limb_t)st;
                    }
                    xv[ctx.pn - 1] &= ctx.p[ctx.pn - 1] >> 1; /* below p */
                    gn_rns_from_int(&ctx, v[q], xv, ctx.pn);
                }
                gn_rns_mul_nored(&ctx, t1, v[0], v[1]);    /* the code in use */
                gn_rns_mul_nored(&ctx, t2, v[2], v[3]);
                gn_rns_add(&ctx, t1, t1, t2);
                if (it & 1) { /* r = t in every other round: gn_rns_redc allows it */
                    gn_rns_redc(&ctx, t1, t1);
                    memcpy(o1, t1, sizeof o1);
                } else {
                    gn_rns_redc(&ctx, o1, t1);
                }
                gn_rns_mul_nored(port, t1, v[0], v[1]);    /* the portable code */
                gn_rns_mul_nored(port, t2, v[2], v[3]);
                gn_rns_add(port, t1, t1, t2);
                if (it & 2) {
                    gn_rns_redc(port, t1, t1);
                    memcpy(o2, t1, sizeof o2);
                } else {
                    gn_rns_redc(port, o2, t1);
                }
                if (memcmp(o1, o2, nw * sizeof *o1))
                    bad = it + 1;
                memmove(v[0], v[1], 3 * sizeof v[0]);
                memcpy(v[3], o1, sizeof v[3]);
            }
            free(port);
            if (bad)
                printf("err differs at %lu\n", bad - 1);
            else
                printf("ok %lu\n", cnt);
            continue;
        }
        if (!strcmp(tok[0], "bases")) {
            for (unsigned i = 0; i < 2 * ctx.n; i++)
                printf("%s%llx", i ? "," : "", (unsigned long long)ctx.m[i]);
            putchar('\n');
        } else if (!strcmp(tok[0], "conv") && nt == 2 && parse(a, tok[1])) {
            gn_rns_from_int(&ctx, x, a, MAXL);
            out_int(x);
            putchar('\n');
        } else if (!strcmp(tok[0], "redc") && nt == 3 && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_rns_from_int(&ctx, x, a, MAXL);
            gn_rns_from_int(&ctx, y, b, MAXL);
            gn_rns_mul(&ctx, z, x, y);
            out_int(z);
            putchar('\n');
        } else if (!strcmp(tok[0], "ops") && nt == 3 && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_rns_from_int(&ctx, w, a, MAXL);
            gn_rns_to_mont(&ctx, x, w);
            gn_rns_from_int(&ctx, w, b, MAXL);
            gn_rns_to_mont(&ctx, y, w);
            void (*const f2[])(const gn_rns_ctx_t *, uint64_t *, const uint64_t *, const uint64_t *) = {
                gn_rns_add, gn_rns_sub, NULL, gn_rns_mul};
            for (int k = 0; k < 4; k++) {
                if (k == 2)
                    gn_rns_neg(&ctx, z, x);
                else
                    f2[k](&ctx, z, x, y);
                if (k) /* in Montgomery form: the caller divides by B */
                    putchar(' ');
                out_int(z);
            }
            putchar('\n');
        } else if (!strcmp(tok[0], "pow") && nt == 3 && parse(a, tok[1])) {
            gn_rns_from_int(&ctx, w, a, MAXL);
            gn_rns_to_mont(&ctx, x, w);
            for (unsigned long k = strtoul(tok[2], NULL, 10); k; k--)
                gn_rns_mul(&ctx, x, x, x);
            gn_rns_from_mont(&ctx, w, x);
            out_int(w);
            putchar('\n');
        } else if (!strcmp(tok[0], "lazy") && nt == 5 && parse(a, tok[1]) && parse(b, tok[2]) && parse(c, tok[3]) &&
                   parse(d, tok[4])) {
            uint64_t t1[GN_RNS_FE_WORDS], t2[GN_RNS_FE_WORDS];
            gn_rns_from_int(&ctx, x, a, MAXL);
            gn_rns_from_int(&ctx, y, b, MAXL);
            gn_rns_mul_nored(&ctx, t1, x, y);
            gn_rns_from_int(&ctx, x, c, MAXL);
            gn_rns_from_int(&ctx, y, d, MAXL);
            gn_rns_mul_nored(&ctx, t2, x, y);
            gn_rns_add(&ctx, t1, t1, t2);
            gn_rns_redc(&ctx, z, t1);
            out_int(z);
            putchar('\n');
        } else if (!strcmp(tok[0], "lazyops") && nt == 3 && parse(a, tok[1]) && parse(b, tok[2])) {
            uint64_t s[GN_RNS_FE_WORDS], df[GN_RNS_FE_WORDS], ng[GN_RNS_FE_WORDS];
            gn_rns_from_int(&ctx, w, a, MAXL);
            gn_rns_to_mont(&ctx, x, w);
            gn_rns_from_int(&ctx, w, b, MAXL);
            gn_rns_to_mont(&ctx, y, w);
            gn_rns_add(&ctx, s, x, y);
            gn_rns_sub(&ctx, df, x, y);
            gn_rns_neg(&ctx, ng, x);
            gn_rns_mul(&ctx, z, df, df);
            out_int(z);
            putchar(' ');
            gn_rns_mul(&ctx, z, ng, s);
            out_int(z);
            putchar(' ');
            gn_rns_mul(&ctx, z, s, df);
            out_int(z);
            putchar('\n');
        } else if (!strcmp(tok[0], "cswap") && nt == 4 && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_rns_from_int(&ctx, x, a, MAXL);
            gn_rns_from_int(&ctx, y, b, MAXL);
            gn_rns_cswap(&ctx, x, y, (uint64_t)0 - (uint64_t)(strtoul(tok[3], NULL, 10) & 1));
            out_int(x);
            putchar(' ');
            out_int(y);
            putchar('\n');
        } else {
            puts("err command");
        }
    }
    return 0;
}
