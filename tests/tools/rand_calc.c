/*
 * Test driver for the DRBGs (src/rand/): reads one command per line from stdin and writes
 * exactly one line per command, for tests/py/test_drbg.py.
 *
 *   drbg MECH PR EBYTES POOL NONCE PERS STEP...
 *     MECH: hmac-sha256 hmac-sha512 hash-sha256 hash-sha512; PR: 1 to instantiate with
 *     prediction resistance support, else 0; the entropy source hands out POOL (hex) in order,
 *     EBYTES bytes per seed (0: the default), and fails once POOL is used up. NONCE: hex, or
 *     "none" to draw it from the source. PERS and every ADD: hex, "-" for the empty string.
 *     STEP: g,N,ADD (generate N bytes), p,N,ADD (the same with prediction resistance),
 *     r,ADD (reseed), i,K (set the reseed interval to K).
 *   -> the hex output of every generate step, separated by blanks ("-" for 0 bytes), then
 *      "left=R" with R the unused pool bytes; at the first failing step S (0 is the
 *      instantiation) the outputs so far, then "err <gn_strerror text, _ for blanks> at S". A
 *      failing generate must leave its output zeroed, else "err output not zeroed at S".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

#define MAXB 70000 /* a little over GN_DRBG_MAX_REQUEST_BYTES, to try the limit */

typedef struct pool {
    const uint8_t *p;
    size_t len, off;
} pool_t;

static int pool_get(void *state, uint8_t *out, size_t len)
{
    pool_t *pl = state;
    if (len > pl->len - pl->off)
        return 1;
    memcpy(out, pl->p + pl->off, len);
    pl->off += len;
    return 0;
}

/* Hex ("-": empty) into out; returns the length, or -1 when malformed or longer than cap. */
static long parse_hex(uint8_t *out, size_t cap, const char *s)
{
    size_t n = tool_parse_bytes(out, cap, s);
    return n == (size_t)-1 ? -1 : (long)n;
}

static int mech_of(const char *s)
{
    static const char *names[] = {"hmac-sha256", "hmac-sha512", "hash-sha256", "hash-sha512"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i]))
            return i + 1; /* the gn_drbg_mech values */
    return 0;
}

static void print_err(gn_err e, int step)
{
    tool_print_err_word(e);
    printf(" at %d\n", step);
}

static void cmd_drbg(char **t, int nt)
{
    static uint8_t pool_buf[4096], nonce[1024], pers[1024], add[1024], out[MAXB];
    long pl = nt >= 7 ? parse_hex(pool_buf, sizeof pool_buf, t[4]) : -1;
    long nl = nt >= 7 && strcmp(t[5], "none") ? parse_hex(nonce, sizeof nonce, t[5]) : 0;
    long sl = nt >= 7 ? parse_hex(pers, sizeof pers, t[6]) : -1;
    int mech = nt >= 7 ? mech_of(t[1]) : 0;
    if (pl < 0 || nl < 0 || sl < 0 || !mech) {
        puts("err bad_arguments");
        return;
    }
    pool_t pool = {pool_buf, (size_t)pl, 0};
    gn_entropy_t src = {pool_get, &pool, strtoul(t[3], NULL, 10)};
    gn_drbg_t d = {0};
    gn_err e = gn_drbg_instantiate(&d, (gn_drbg_mech)mech, &src, atoi(t[2]), strcmp(t[5], "none") ? nonce : NULL,
                                   (size_t)nl, pers, (size_t)sl);
    if (e != GN_OK) {
        print_err(e, 0);
        return;
    }
    int first = 1;
    for (int s = 7; s < nt; s++) {
        char *step = t[s], *f1 = strchr(step, ','), *f2 = f1 ? strchr(f1 + 1, ',') : NULL;
        if (!f1) {
            e = GN_ERR_INVALID;
        } else if (step[0] == 'r') {
            long al = parse_hex(add, sizeof add, f1 + 1);
            e = al < 0 ? GN_ERR_INVALID : gn_drbg_reseed(&d, add, (size_t)al);
        } else if (step[0] == 'i') {
            e = gn_drbg_set_reseed_interval(&d, strtoull(f1 + 1, NULL, 10));
        } else if ((step[0] == 'g' || step[0] == 'p') && f2) {
            size_t n = strtoul(f1 + 1, NULL, 10);
            long al = parse_hex(add, sizeof add, f2 + 1);
            if (al < 0 || n > MAXB) {
                e = GN_ERR_INVALID;
            } else {
                memset(out, 0xa5, n);
                e = gn_drbg_generate(&d, out, n, step[0] == 'p', add, (size_t)al);
                int zero = 1;
                for (size_t i = 0; i < n; i++)
                    zero &= out[i] == 0;
                if (e != GN_OK && !zero) {
                    printf("err output not zeroed at %d\n", s - 6);
                    return;
                }
                if (e == GN_OK) {
                    if (!first)
                        putchar(' ');
                    first = 0;
                    if (!n)
                        putchar('-');
                    for (size_t i = 0; i < n; i++)
                        printf("%02x", out[i]);
                }
            }
        } else {
            e = GN_ERR_INVALID;
        }
        if (e != GN_OK) {
            if (!first)
                putchar(' ');
            print_err(e, s - 6);
            gn_drbg_uninstantiate(&d);
            return;
        }
    }
    printf("%sleft=%zu\n", first ? "" : " ", pool.len - pool.off);
    gn_drbg_uninstantiate(&d);
}

static void dispatch(char **t, int nt)
{
    if (!strcmp(t[0], "drbg"))
        cmd_drbg(t, nt);
    else
        puts("err unknown_command");
}

int main(void)
{
    return tool_run_lines(dispatch);
}
