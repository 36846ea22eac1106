#define _POSIX_C_SOURCE 200809L
/*
 * Test driver for the X25519 and X448 assembly of src/ec/asm/x25519_mulx.S and src/ec/asm/x448_mulx.S and
 * the P-224, P-256 and P-521 routines of src/fp/mulx_mont.S, src/ec/asm/p256_mulx.S and p521_mulx.S, compiled into this
 * program (their symbols are hidden in the library): a batch calculator that tests/py/test_mulx_*.py feed with one
 * command per line and check against Python integers. Numbers are big-endian hex of the raw limbs (not reduced):
 * 256-bit (4 limbs) for X25519, P-224 and P-256, 448-bit (7 limbs) for the commands ending in 448, 576-bit (9 limbs)
 * for P-521's; one answer line each.
 *
 *   info                          -> "mulx 0|1" (the CPU has BMI2 and ADX; nothing else runs without)
 *   mul A B, sqr A                -> R: the field kernel's product and square
 *   step X2 Z2 X3 Z3 X1 A24 SWAP  -> "X2 Z2 X3 Z3" after one ladder step (SWAP 0 or 1)
 *   ladder XP K NBITS A24         -> "X2 Z2 X3 Z3": the ladder over bits NBITS-1..0 of K
 *   mul448 A B, sqr448 A, add448 A B, sub448 A B, small448 A B A24 (B + A24 A)
 *                                 -> R: the relaxed operations of the X448 ladder
 *   step448 ..., ladder448 ...    -> as step and ladder (K up to 448 bits)
 *   p256mul A B, p256sqr A        -> R: P-256 Montgomery product a b / 2^256 and square (a, b < p)
 *   p256dbl X Y Z                 -> "X3 Y3 Z3": the a = -3 Jacobian doubling (Montgomery form)
 *   p256dbl_alias X Y Z           -> the same with the result written over the input
 *   p256add X1 Y1 Z1 X2 Y2 Z2     -> "X3 Y3 Z3": the Jacobian addition (add-1998-cmo-2)
 *   p256add_alias1/2 ...          -> the same with the result written over the first/second point
 *   p256madd X1 Y1 Z1 X2 Y2       -> "X3 Y3 Z3": the mixed addition (madd-2007-bl, Z2 = 1 unread);
 *   p256madd_alias ...               the same with the result written over the first point
 *   p224mul A B, p224sqr A        -> R: P-224 Montgomery product a b / 2^256 and square (a, b < p)
 *   p521mul A B, p521sqr A        -> R: the product and square modulo 2^521 - 1 of src/fp/mulx_mont.S
 *                                    in the relaxed form (9-limb numbers: any value below 2^576 in
 *                                    and out), also written over the first input (_alias)
 *   p521dbl X Y Z                 -> "X3 Y3 Z3": src/ec/asm/p521_mulx.S's a = -3 Jacobian doubling
 *   p521madd X1 Y1 Z1 X2 Y2       -> "X3 Y3 Z3": its mixed addition (Z2 = 1 unread); both in the
 *                                    relaxed form, also written over the (first) point (_alias)
 */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ec/asm/x25519_frame.h"

void gn_mulx_p25519_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p25519_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p25519_step(uint64_t *frame);
void gn_mulx_p25519_ladder(uint64_t *out, const uint64_t *xp, const uint64_t *k, size_t nbits, uint64_t a24,
                           size_t ndbl);
/* op: 0 mul, 1 sqr (of a), 2 add, 3 sub, 4 small (b + a24 a), as tools/gen_mulx_p448.py's OPS */
void gn_mulx_p448_op(uint64_t *r, const uint64_t *a, const uint64_t *b, uint64_t op, uint64_t a24);
void gn_mulx_p448_step(uint64_t *st, const uint64_t *x1, uint64_t a24, uint64_t swap);
void gn_mulx_p448_ladder(uint64_t *out, const uint64_t *xp, const uint64_t *k, size_t nbits, uint64_t a24,
                         size_t ndbl);
void gn_mulx_p256_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p256_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p256_dbl(uint64_t *r, const uint64_t *p);
void gn_mulx_p256_add(uint64_t *r, const uint64_t *p, const uint64_t *q);
void gn_mulx_p224_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p224_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p521_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p521_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p256_madd(uint64_t *r, const uint64_t *p, const uint64_t *q);
void gn_mulx_p521_dbl(uint64_t *r, const uint64_t *p);
void gn_mulx_p521_madd(uint64_t *r, const uint64_t *p, const uint64_t *q);

static int has_mulx(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b >> 8 & 1) && (b >> 19 & 1);
}

/* Big-endian hex (at most 16 nl digits) to nl limbs; 0 on a bad string. */
static int parse_n(uint64_t *r, size_t nl, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || n > 16 * nl)
        return 0;
    memset(r, 0, nl * sizeof(uint64_t));
    for (size_t i = 0; i < n; i++) {
        char ch = s[n - 1 - i];
        unsigned v;
        if (ch >= '0' && ch <= '9')
            v = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f')
            v = (unsigned)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F')
            v = (unsigned)(ch - 'A' + 10);
        else
            return 0;
        r[i / 16] |= (uint64_t)v << (4 * (i % 16));
    }
    return 1;
}

static int parse(uint64_t r[4], const char *s)
{
    return parse_n(r, 4, s);
}

static void print_n(const uint64_t *a, size_t nl, const char *end)
{
    for (size_t i = nl; i-- > 0;)
        printf("%016llx", (unsigned long long)a[i]);
    fputs(end, stdout);
}

static void print4(const uint64_t *a, const char *end)
{
    print_n(a, 4, end);
}

/* The X448 commands (7-limb numbers); 0 when tok names none of them or does not parse. */
static int run448(char **tok, int nt)
{
    static const char *const ops[5] = {"mul448", "sqr448", "add448", "sub448", "small448"};
    static const int args[5] = {3, 2, 3, 3, 4};
    uint64_t a[7], b[7], r[7], st[28];
    const char *c = tok[0];
    for (int op = 0; op < 5; op++) {
        if (strcmp(c, ops[op]) || nt != args[op] || !parse_n(a, 7, tok[1]) || !parse_n(b, 7, tok[nt > 2 ? 2 : 1]))
            continue;
        gn_mulx_p448_op(r, a, b, (uint64_t)op, nt > 3 ? strtoull(tok[3], NULL, 0) : 0);
        print_n(r, 7, "\n");
        return 1;
    }
    if (nt == 8 && !strcmp(c, "step448")) {
        for (int i = 0; i < 4; i++)
            if (!parse_n(st + 7 * i, 7, tok[1 + i]))
                return 0;
        if (!parse_n(a, 7, tok[5]))
            return 0;
        gn_mulx_p448_step(st, a, strtoull(tok[6], NULL, 0), strtoull(tok[7], NULL, 0) & 1);
        for (int i = 0; i < 4; i++)
            print_n(st + 7 * i, 7, i < 3 ? " " : "\n");
    } else if ((nt == 5 || nt == 6) && !strcmp(c, "ladder448") && parse_n(a, 7, tok[1]) && parse_n(b, 7, tok[2])) {
        gn_mulx_p448_ladder(st, a, b, (size_t)strtoull(tok[3], NULL, 0), strtoull(tok[4], NULL, 0),
                            nt == 6 ? (size_t)strtoull(tok[5], NULL, 0) : 0);
        for (int i = 0; i < 4; i++)
            print_n(st + 7 * i, 7, i < 3 ? " " : "\n");
    } else {
        return 0;
    }
    return 1;
}

static uint64_t *slot(uint64_t *frame, int off)
{
    return frame + off / 8;
}

int main(void)
{
    char line[4096];
    const int mulx = has_mulx();
    while (fgets(line, sizeof line, stdin)) {
        char *tok[10] = {0};
        int nt = 0;
        for (char *t = strtok(line, " \t\r\n"); t && nt < 10; t = strtok(NULL, " \t\r\n"))
            tok[nt++] = t;
        uint64_t a[4], b[4], r[4];
        if (nt == 1 && !strcmp(tok[0], "info")) {
            printf("mulx %d\n", mulx);
        } else if (!mulx) {
            printf("err no_mulx\n");
        } else if (nt > 0 && run448(tok, nt)) {
            /* answered */
        } else if (nt == 3 && !strcmp(tok[0], "mul") && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_mulx_p25519_mul(r, a, b);
            print4(r, "\n");
        } else if (nt == 2 && !strcmp(tok[0], "sqr") && parse(a, tok[1])) {
            gn_mulx_p25519_sqr(r, a);
            print4(r, "\n");
        } else if (nt == 8 && !strcmp(tok[0], "step")) {
            static const int offs[5] = {FR_X2, FR_Z2, FR_X3, FR_Z3, FR_X1};
            uint64_t frame[FR_BYTES / 8] = {0};
            int ok = 1;
            for (int i = 0; i < 5; i++)
                ok &= parse(slot(frame, offs[i]), tok[1 + i]);
            *slot(frame, FR_A24) = strtoull(tok[6], NULL, 0);
            *slot(frame, FR_MASK) = 0 - (uint64_t)(strtoull(tok[7], NULL, 0) & 1);
            if (!ok) {
                printf("err parse\n");
                continue;
            }
            gn_mulx_p25519_step(frame);
            for (int i = 0; i < 4; i++)
                print4(slot(frame, offs[i]), i < 3 ? " " : "\n");
        } else if ((nt == 5 || nt == 6) && !strcmp(tok[0], "ladder") && parse(a, tok[1]) && parse(b, tok[2])) {
            uint64_t out[16];
            gn_mulx_p25519_ladder(out, a, b, (size_t)strtoull(tok[3], NULL, 0), strtoull(tok[4], NULL, 0),
                                  nt == 6 ? (size_t)strtoull(tok[5], NULL, 0) : 0);
            for (int i = 0; i < 4; i++)
                print4(out + 4 * i, i < 3 ? " " : "\n");
        } else if (nt == 3 && !strcmp(tok[0], "p224mul") && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_mulx_p224_mul(r, a, b);
            print4(r, "\n");
        } else if (nt == 2 && !strcmp(tok[0], "p224sqr") && parse(a, tok[1])) {
            gn_mulx_p224_sqr(r, a);
            print4(r, "\n");
        } else if (nt == 3 && !strcmp(tok[0], "p256mul") && parse(a, tok[1]) && parse(b, tok[2])) {
            gn_mulx_p256_mul(r, a, b);
            print4(r, "\n");
        } else if (nt == 2 && !strcmp(tok[0], "p256sqr") && parse(a, tok[1])) {
            gn_mulx_p256_sqr(r, a);
            print4(r, "\n");
        } else if (nt == 4 && (!strcmp(tok[0], "p256dbl") || !strcmp(tok[0], "p256dbl_alias"))) {
            uint64_t pt[12], out[12];
            if (!parse(pt, tok[1]) || !parse(pt + 4, tok[2]) || !parse(pt + 8, tok[3])) {
                printf("err parse\n");
                continue;
            }
            if (!strcmp(tok[0], "p256dbl")) {
                gn_mulx_p256_dbl(out, pt);
            } else {
                gn_mulx_p256_dbl(pt, pt);
                memcpy(out, pt, sizeof out);
            }
            for (int i = 0; i < 3; i++)
                print4(out + 4 * i, i < 2 ? " " : "\n");
        } else if (nt == 7 && !strncmp(tok[0], "p256add", 7)) {
            uint64_t pt[24], out[12];
            int ok = 1;
            for (int i = 0; i < 6; i++)
                ok &= parse(pt + 4 * i, tok[1 + i]);
            if (!ok) {
                printf("err parse\n");
                continue;
            }
            uint64_t *dst = !strcmp(tok[0], "p256add_alias1") ? pt : !strcmp(tok[0], "p256add_alias2") ? pt + 12 : out;
            gn_mulx_p256_add(dst, pt, pt + 12);
            for (int i = 0; i < 3; i++)
                print4(dst + 4 * i, i < 2 ? " " : "\n");
        } else if ((nt == 3 || nt == 2) && !strncmp(tok[0], "p521", 4)) {
            uint64_t a9[9], b9[9], r9[9];
            const int sq = !strncmp(tok[0], "p521sqr", 7), alias = strstr(tok[0], "_alias") != NULL;
            if (!parse_n(a9, 9, tok[1]) || !parse_n(b9, 9, tok[nt - 1]) || (strncmp(tok[0], "p521mul", 7) && !sq) ||
                nt != (sq ? 2 : 3)) {
                printf("err parse\n");
                continue;
            }
            uint64_t *dst = alias ? a9 : r9;
            if (sq)
                gn_mulx_p521_sqr(dst, a9);
            else
                gn_mulx_p521_mul(dst, a9, b9);
            print_n(dst, 9, "\n");
        } else if ((nt == 4 || nt == 6) && (!strncmp(tok[0], "p521dbl", 7) || !strncmp(tok[0], "p521madd", 8))) {
            uint64_t pt[45], out[27];
            const int dbl = tok[0][4] == 'd', alias = strstr(tok[0], "_alias") != NULL;
            int ok = nt == (dbl ? 4 : 6);
            for (int i = 0; ok && i < nt - 1; i++)
                ok &= parse_n(pt + 9 * i, 9, tok[1 + i]);
            if (!ok) {
                printf("err parse\n");
                continue;
            }
            uint64_t *dst = alias ? pt : out;
            if (dbl)
                gn_mulx_p521_dbl(dst, pt);
            else
                gn_mulx_p521_madd(dst, pt, pt + 27);
            for (int i = 0; i < 3; i++)
                print_n(dst + 9 * i, 9, i < 2 ? " " : "\n");
        } else if (nt == 6 && !strncmp(tok[0], "p256madd", 8)) {
            uint64_t pt[20], out[12];
            int ok = 1;
            for (int i = 0; i < 5; i++)
                ok &= parse(pt + 4 * i, tok[1 + i]);
            if (!ok) {
                printf("err parse\n");
                continue;
            }
            uint64_t *dst = !strcmp(tok[0], "p256madd_alias") ? pt : out;
            gn_mulx_p256_madd(dst, pt, pt + 12);
            for (int i = 0; i < 3; i++)
                print4(dst + 4 * i, i < 2 ? " " : "\n");
        } else {
            printf("err command\n");
        }
        fflush(stdout);
    }
    return 0;
}
