#define _POSIX_C_SOURCE 200809L
/*
 * Test driver for the protocols on binary curves (src/proto/ over genus/ec2m.h): a batch
 * calculator, one command per line, one answer line per command. Byte strings are hex ("-":
 * empty); points are SEC1 (00: the neutral element). Errors: "err <gn_strerror text, _ for blanks>".
 *
 *   ecdh CURVE D Q [cofactor]    -> shared secret (big-endian x) | err
 *   ecdh_spki CURVE D SPKI       -> the same with Q in a DER SubjectPublicKeyInfo (RFC 5480,
 *                                   gn_ec2m_public_decode)
 *   pub CURVE D                  -> [d]G, uncompressed SEC1 | err
 *   validate CURVE Q             -> "ok" | err (SEC1 3.2.2.1, after decoding)
 *   keygen CURVE STREAM          -> "D Q": the generator's draws are the bytes of STREAM in order
 *   mqv CURVE ALG KEYLEN a|b D K ID QPEER RPEER IDPEER [TAG]
 *                                -> "Z TAG_SEND TAG_EXPECT KEY [ok|err]" as tests/tools/proto_calc.c
 *   elgamal CURVE STREAM D M     -> "B1 C M'": M encrypted to [D]G (e drawn from STREAM), decrypted
 *   elgamal_dec CURVE D B1 C     -> M = C - [D] B1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

#define MAXB (1 << 14)

static const gn_ec2m_ctx_t *curve(const char *name)
{
    static gn_ec2m_ctx_t ctx[16];
    static char names[16][40];
    static int count;
    for (int i = 0; i < count; i++)
        if (!strcmp(names[i], name))
            return &ctx[i];
    if (count == 16 || strlen(name) >= sizeof names[0] || gn_ec2m_init_named(&ctx[count], name) != GN_OK)
        return NULL;
    strcpy(names[count], name);
    return &ctx[count++];
}

static void print_point(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *p, char end)
{
    uint8_t b[GN_EC2M_MAX_ENCODING];
    size_t len;
    if (gn_ec2m_encode(ec, b, &len, sizeof b, p, 0) != GN_OK)
        printf("?");
    else
        tool_print_hex(b, len);
    putchar(end);
}

/* The hex arguments t[first..nt-1] into bufs; 0 when one is malformed. */
static int parse_args(char **t, int first, int nt, uint8_t (*bufs)[MAXB], size_t *lens)
{
    for (int i = first; i < nt; i++)
        if ((lens[i - first] = tool_parse_bytes(bufs[i - first], MAXB, t[i])) == (size_t)-1)
            return 0;
    return 1;
}

static void cmd_keys(const gn_ec2m_ctx_t *ec, char **t, int nt)
{
    static uint8_t a[4][MAXB];
    size_t l[4];
    uint8_t out[MAXB];
    gn_ec2m_point_t q;
    gn_err e;
    const int cof = nt == 5 && !strcmp(t[4], "cofactor");
    if (nt > 5 || !parse_args(t, 2, cof ? 4 : nt, a, l)) {
        puts("err bad_arguments");
        return;
    }
    if ((!strcmp(t[0], "ecdh") || !strcmp(t[0], "ecdh_spki")) && (nt == 4 || cof)) {
        /* SEC1 keys may be the neutral element here (refused by ECDH, as the tests check); a
         * SubjectPublicKeyInfo may not (gn_ec2m_public_decode) */
        e = strcmp(t[0], "ecdh") ? gn_ec2m_public_decode(ec, &q, a[1], l[1], GN_EC_KEY_SPKI)
                                 : gn_ec2m_decode(ec, &q, a[1], l[1], 1);
        if (e == GN_OK)
            e = gn_ec2m_ecdh(ec, out, sizeof out, a[0], l[0], &q, cof ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
        if (e != GN_OK)
            tool_print_err(e);
        else {
            tool_print_hex(out, gn_f2m_bytes(&ec->f));
            putchar('\n');
        }
    } else if (!strcmp(t[0], "pub") && nt == 3) {
        if ((e = gn_ec2m_public_key(ec, &q, a[0], l[0])) != GN_OK)
            tool_print_err(e);
        else
            print_point(ec, &q, '\n');
    } else if (!strcmp(t[0], "validate") && nt == 3) {
        if ((e = gn_ec2m_decode(ec, &q, a[0], l[0], 1)) == GN_OK)
            e = gn_ec2m_public_validate_var(ec, &q);
        if (e != GN_OK)
            tool_print_err(e);
        else
            puts("ok");
    } else if (!strcmp(t[0], "keygen") && nt == 3) {
        struct tool_stream st = {a[0], l[0]};
        if ((e = gn_ec2m_keygen(ec, out, sizeof out, &q, tool_stream_rng, &st)) != GN_OK) {
            tool_print_err(e);
            return;
        }
        tool_print_hex(out, gn_ec2m_scalar_bytes(ec));
        putchar(' ');
        print_point(ec, &q, '\n');
    } else {
        puts("err bad_arguments");
    }
}

static void cmd_elgamal(const gn_ec2m_ctx_t *ec, char **t, int nt)
{
    static uint8_t a[3][MAXB];
    size_t l[3];
    gn_ec2m_point_t pub, pm, b1, pc, out;
    gn_err e;
    if (nt != 5 || !parse_args(t, 2, nt, a, l)) {
        puts("err bad_arguments");
        return;
    }
    if (!strcmp(t[0], "elgamal_dec")) {
        if ((e = gn_ec2m_decode(ec, &b1, a[1], l[1], 1)) != GN_OK || (e = gn_ec2m_decode(ec, &pc, a[2], l[2], 1)) != GN_OK ||
            (e = gn_ec2m_elgamal_decrypt(ec, &out, a[0], l[0], &b1, &pc)) != GN_OK)
            tool_print_err(e);
        else
            print_point(ec, &out, '\n');
        return;
    }
    struct tool_stream s = {a[0], l[0]};
    if ((e = gn_ec2m_public_key(ec, &pub, a[1], l[1])) != GN_OK || (e = gn_ec2m_decode(ec, &pm, a[2], l[2], 1)) != GN_OK ||
        (e = gn_ec2m_elgamal_encrypt(ec, &b1, &pc, &pm, &pub, tool_stream_rng, &s)) != GN_OK ||
        (e = gn_ec2m_elgamal_decrypt(ec, &out, a[1], l[1], &b1, &pc)) != GN_OK) {
        tool_print_err(e);
        return;
    }
    /* the same with each output in an input's place (elgamal.h allows it), from the same draws */
    gn_ec2m_point_t am = pm, ap = pub, ao = pc;
    struct tool_stream s2 = {a[0], l[0]};
    if (gn_ec2m_elgamal_encrypt(ec, &am, &ap, &am, &ap, tool_stream_rng, &s2) != GN_OK ||
        !gn_ec2m_point_eq_var(ec, &am, &b1) || !gn_ec2m_point_eq_var(ec, &ap, &pc) ||
        gn_ec2m_elgamal_decrypt(ec, &ao, a[1], l[1], &b1, &ao) != GN_OK || !gn_ec2m_point_eq_var(ec, &ao, &out)) {
        puts("err aliasing");
        return;
    }
    print_point(ec, &b1, ' ');
    print_point(ec, &pc, ' ');
    print_point(ec, &out, '\n');
}

static void cmd_mqv(const gn_ec2m_ctx_t *ec, char **t, int nt)
{
    static uint8_t a[7][MAXB];
    size_t l[7];
    static const char *const algs[] = {"sha224", "sha256", "sha384", "sha512"};
    int alg = 0;
    for (int i = 0; nt >= 11 && i < 4; i++)
        if (!strcmp(t[2], algs[i]))
            alg = i + 1;
    if ((nt != 11 && nt != 12) || !alg || (strcmp(t[4], "a") && strcmp(t[4], "b")) || !parse_args(t, 5, nt, a, l)) {
        puts("err bad_arguments");
        return;
    }
    gn_mqv_ctx_t m;
    gn_ec2m_point_t q, r, qpeer, rpeer;
    gn_mqv_session_t s;
    uint8_t z[GN_F2M_MAX_M / 8 + 1];
    gn_err e;
    if ((e = gn_ec2m_mqv_init(&m, ec, (gn_hash_alg)alg)) != GN_OK || (e = gn_ec2m_public_key(ec, &q, a[0], l[0])) != GN_OK ||
        (e = gn_ec2m_public_key(ec, &r, a[1], l[1])) != GN_OK || (e = gn_ec2m_decode(ec, &qpeer, a[3], l[3], 1)) != GN_OK ||
        (e = gn_ec2m_decode(ec, &rpeer, a[4], l[4], 1)) != GN_OK) {
        tool_print_err(e);
        return;
    }
    gn_ec2m_mqv_own_t own = {a[0], l[0], &q, a[1], l[1], &r, a[2], l[2]};
    gn_ec2m_mqv_peer_t peer = {&qpeer, &rpeer, a[5], l[5]};
    if ((e = gn_ec2m_mqv_primitive(&m, z, sizeof z, &own, &peer)) != GN_OK ||
        (e = gn_ec2m_mqv_derive(&m, &s, &own, &peer, !strcmp(t[4], "a"), (size_t)atoi(t[3]))) != GN_OK) {
        tool_print_err(e);
        return;
    }
    tool_print_hex(z, gn_f2m_bytes(&ec->f));
    putchar(' ');
    tool_print_hex(s.tag_send, s.taglen);
    putchar(' ');
    tool_print_hex(s.tag_expect, s.taglen);
    putchar(' ');
    tool_print_hex(s.key, s.keylen);
    if (nt == 12)
        printf(" %s", gn_mqv_confirm(&s, a[6], l[6]) == GN_OK ? "ok" : "err");
    putchar('\n');
}

static void dispatch(char **t, int nt)
{
    const gn_ec2m_ctx_t *ec = nt >= 3 ? curve(t[1]) : NULL;
    if (!ec)
        puts("err bad_arguments");
    else if (!strcmp(t[0], "mqv"))
        cmd_mqv(ec, t, nt);
    else if (!strncmp(t[0], "elgamal", 7))
        cmd_elgamal(ec, t, nt);
    else
        cmd_keys(ec, t, nt);
}

int main(void)
{
    return tool_run_lines(dispatch);
}
