#define _POSIX_C_SOURCE 200809L
/*
 * Test driver for the protocol layer (src/proto/): a batch calculator that the Python tests feed
 * with one command per line; one answer line per command. Byte strings are hex ("-": empty).
 * Errors: "err <gn_strerror text with _ for blanks>".
 *
 *   xdh x25519|x448 K U          -> shared (little-endian hex) | "zero HEX" (GN_ERR_INFINITY)
 *   xdh_pub x25519|x448 K        -> public key
 *   xdh_iter x25519|x448 N       -> k after N rounds of (k, u) <- (X(k, u), k) from k = u = base (RFC 7748 5.2)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"

#define MAXB 1024

static void print_err(gn_err e)
{
    char buf[96];
    snprintf(buf, sizeof buf, "%s", gn_strerror(e));
    for (char *c = buf; *c; c++)
        if (*c == ' ')
            *c = '_';
    printf("err %s\n", buf);
}

static void print_bytes(const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        printf("%02x", b[i]);
}

/* hex (even length, "-" = empty) into out; (size_t)-1 when malformed */
static size_t parse_bytes(uint8_t *out, size_t cap, const char *s)
{
    if (!strcmp(s, "-"))
        return 0;
    size_t len = strlen(s);
    if (len % 2 || len / 2 > cap)
        return (size_t)-1;
    for (size_t i = 0; i < len; i++)
        if (!isxdigit((unsigned char)s[i]))
            return (size_t)-1;
    for (size_t i = 0; i < len / 2; i++) {
        const char pair[3] = {s[2 * i], s[2 * i + 1], 0};
        out[i] = (uint8_t)strtoul(pair, NULL, 16);
    }
    return len / 2;
}

/* The curve25519 / curve448 contexts, set up once. */
static const gn_ec_ctx_t *xdh_curve(const char *name)
{
    static gn_ec_ctx_t c25519, c448;
    static int have25519, have448;
    if (!strcmp(name, "x25519")) {
        if (!have25519 && gn_ec_init_named(&c25519, "curve25519") == GN_OK)
            have25519 = 1;
        return have25519 ? &c25519 : NULL;
    }
    if (!strcmp(name, "x448")) {
        if (!have448 && gn_ec_init_named(&c448, "curve448") == GN_OK)
            have448 = 1;
        return have448 ? &c448 : NULL;
    }
    return NULL;
}

static void cmd_xdh(char **t, int nt)
{
    static uint8_t k[MAXB], u[MAXB], out[GN_X448_BYTES];
    const gn_ec_ctx_t *ec = nt >= 3 ? xdh_curve(t[1]) : NULL;
    if (!ec) {
        puts("err bad_arguments");
        return;
    }
    const size_t len = gn_fp_bits(&ec->fp) == 255 ? GN_X25519_BYTES : GN_X448_BYTES;
    gn_err e;
    if (!strcmp(t[0], "xdh_iter") && nt == 3) {
        uint8_t kk[GN_X448_BYTES] = {0}, uu[GN_X448_BYTES] = {0};
        kk[0] = uu[0] = len == GN_X25519_BYTES ? 9 : 5;
        long n = strtol(t[2], NULL, 10);
        for (long i = 0; i < n; i++) {
            if ((e = gn_xdh(ec, out, len, kk, len, uu, len)) != GN_OK) {
                print_err(e);
                return;
            }
            memcpy(uu, kk, len);
            memcpy(kk, out, len);
        }
        print_bytes(kk, len);
        putchar('\n');
        return;
    }
    size_t kl = parse_bytes(k, sizeof k, t[2]);
    size_t ul = nt == 4 ? parse_bytes(u, sizeof u, t[3]) : 0;
    if (kl == (size_t)-1 || ul == (size_t)-1 || (strcmp(t[0], "xdh") ? nt != 3 : nt != 4)) {
        puts("err bad_arguments");
        return;
    }
    e = !strcmp(t[0], "xdh") ? gn_xdh(ec, out, len, k, kl, u, ul) : gn_xdh_public(ec, out, len, k, kl);
    if (e == GN_ERR_INFINITY) {
        printf("zero ");
        print_bytes(out, len);
        putchar('\n');
    } else if (e != GN_OK) {
        print_err(e);
    } else {
        print_bytes(out, len);
        putchar('\n');
    }
}

int main(void)
{
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        char *t[16];
        int nt = 0;
        char *save = NULL;
        for (char *tok = strtok_r(line, " \t\r\n", &save); tok && nt < 16; tok = strtok_r(NULL, " \t\r\n", &save))
            t[nt++] = tok;
        if (nt == 0)
            continue;
        if (!strncmp(t[0], "xdh", 3))
            cmd_xdh(t, nt);
        else
            puts("err unknown_command");
        fflush(stdout);
    }
    return 0;
}
