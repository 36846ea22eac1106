#define _POSIX_C_SOURCE 200809L
/*
 * Test driver for the protocol layer (src/proto/): a batch calculator that the Python tests feed
 * with one command per line; one answer line per command. Byte strings are hex ("-": empty).
 * Errors: "err <gn_strerror text with _ for blanks>".
 *
 *   xdh x25519|x448 K U          -> shared (little-endian hex) | "zero HEX" (GN_ERR_INFINITY)
 *   xdh_pub x25519|x448 K        -> public key
 *   xdh_iter x25519|x448 N       -> k after N rounds of (k, u) <- (X(k, u), k) from k = u = base (RFC 7748 5.2)
 *   ecdh CURVE FMT D Q [cofactor] -> shared secret (big-endian x) | err; FMT: sec1 raw spki (Q's encoding)
 *   pub CURVE D FMT              -> the public key [d]G encoded in FMT (sec1 sec1c raw spki)
 *   pubdecode CURVE FMT Q        -> Q re-encoded as uncompressed SEC1 | err
 *   keygen CURVE STREAM          -> "D Q" (Q uncompressed SEC1): the generator's draws are taken from
 *                                   the bytes of STREAM in order, and it fails when they run out
 *   mqv CURVE ALG KEYLEN a|b D K ID QPEER RPEER IDPEER [TAG]
 *                                -> "Z TAG_SEND TAG_EXPECT KEY [ok|err]": ECMQV as initiator (a) or
 *                                   responder (b) with own static D and ephemeral K (their public keys
 *                                   computed here), the peer's SEC1 keys; TAG: the peer's tag to confirm
 *   elgamal CURVE STREAM D M     -> "B1 C M'": M (SEC1, 00 = neutral) encrypted to [D] G with e drawn from
 *                                   STREAM (as keygen), then decrypted with D
 *   elgamal_dec CURVE D B1 C     -> M = C - [D] B1 (SEC1)
 *   kernel auto|generic|gmp|pari|rns -> "ok" | err: the field kernel of the curves set up from
 *                                   then on (the protocol vectors on every kernel of the build)
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

#define MAXB (1 << 14)

static void print_err(gn_err e)
{
    tool_print_err(e);
}

static void print_bytes(const uint8_t *b, size_t len)
{
    tool_print_hex(b, len);
}

static size_t parse_bytes(uint8_t *out, size_t cap, const char *s)
{
    return tool_parse_bytes(out, cap, s);
}

static const gn_ec_ctx_t *curve(const char *name);

/* x25519 -> curve25519, x448 -> curve448 (contexts set up once, by curve()) */
static const gn_ec_ctx_t *xdh_curve(const char *name)
{
    return !strcmp(name, "x25519") ? curve("curve25519") : !strcmp(name, "x448") ? curve("curve448") : NULL;
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

static gn_fp_kernel_kind curve_kernel = GN_FP_KERNEL_AUTO;
static int curve_count;

static const gn_ec_ctx_t *curve(const char *name)
{
    static gn_ec_ctx_t ctx[32], named;
    static char names[32][40];
    static gn_rns_ctx_t *rns[32]; /* the RNS kernel's bases, one per curve */
    for (int i = 0; i < curve_count; i++)
        if (!strcmp(names[i], name))
            return &ctx[i];
    if (curve_count == 32 || strlen(name) >= sizeof names[0] || gn_ec_init_named(&named, name) != GN_OK)
        return NULL;
    if (curve_kernel == GN_FP_KERNEL_RNS && !rns[curve_count] && !(rns[curve_count] = malloc(sizeof *rns[0])))
        return NULL;
    if (curve_kernel == GN_FP_KERNEL_AUTO)
        ctx[curve_count] = named;
    else if (gn_ec_with_kernel(&ctx[curve_count], &named, curve_kernel,
                               curve_kernel == GN_FP_KERNEL_RNS ? rns[curve_count] : NULL, NULL) != GN_OK)
        return NULL;
    strcpy(names[curve_count], name);
    return &ctx[curve_count++];
}

static void cmd_kernel(char **t, int nt)
{
    static const struct {
        const char *name;
        gn_fp_kernel_kind kind;
    } kinds[] = {{"auto", GN_FP_KERNEL_AUTO}, {"generic", GN_FP_KERNEL_GENERIC}, {"gmp", GN_FP_KERNEL_GMP},
                 {"pari", GN_FP_KERNEL_PARI}, {"rns", GN_FP_KERNEL_RNS}};
    for (size_t i = 0; nt == 2 && i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(t[1], kinds[i].name)) {
            curve_kernel = kinds[i].kind;
            curve_count = 0; /* the curves are set up again on the new kernel */
            puts(curve("P-256") ? "ok" : "err not_supported_for_this_modulus");
            return;
        }
    puts("err bad_arguments");
}

static int key_format(const char *s)
{
    static const char *const names[] = {"sec1", "sec1c", "raw", "spki"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static void print_point(const gn_ec_ctx_t *ec, const gn_ec_point_t *p)
{
    uint8_t b[1 + 2 * GN_FP_MAX_BITS / 8];
    size_t len;
    gn_err e = gn_ec_public_encode(ec, b, &len, sizeof b, p, GN_EC_KEY_SEC1);
    if (e != GN_OK)
        print_err(e);
    else {
        print_bytes(b, len);
        putchar('\n');
    }
}

static void cmd_keys(char **t, int nt)
{
    static uint8_t a[MAXB], b[MAXB], out[MAXB];
    const gn_ec_ctx_t *ec = nt >= 3 ? curve(t[1]) : NULL;
    const char *op = t[0];
    gn_ec_point_t q;
    gn_err e;
    size_t len;
    if (!ec) {
        puts("err bad_arguments");
        return;
    }
    if (!strcmp(op, "ecdh") && (nt == 5 || (nt == 6 && !strcmp(t[5], "cofactor")))) {
        int fmt = key_format(t[2]);
        size_t dl = parse_bytes(a, sizeof a, t[3]), ql = parse_bytes(b, sizeof b, t[4]);
        if (fmt < 0 || dl == (size_t)-1 || ql == (size_t)-1) {
            puts("err bad_arguments");
            return;
        }
        if ((e = gn_ec_public_decode(ec, &q, b, ql, (gn_ec_key_format)fmt)) == GN_OK)
            e = gn_ecdh(ec, out, sizeof out, a, dl, &q, nt == 6 ? GN_ECDH_COFACTOR : GN_ECDH_STANDARD);
        if (e != GN_OK)
            print_err(e);
        else {
            print_bytes(out, gn_fp_bytes(&ec->fp));
            putchar('\n');
        }
    } else if (!strcmp(op, "pub") && nt == 4) {
        int fmt = key_format(t[3]);
        size_t dl = parse_bytes(a, sizeof a, t[2]);
        if (fmt < 0 || dl == (size_t)-1) {
            puts("err bad_arguments");
            return;
        }
        if ((e = gn_ec_public_key(ec, &q, a, dl)) == GN_OK)
            e = gn_ec_public_encode(ec, out, &len, sizeof out, &q, (gn_ec_key_format)fmt);
        if (e != GN_OK)
            print_err(e);
        else {
            print_bytes(out, len);
            putchar('\n');
        }
    } else if (!strcmp(op, "pubdecode") && nt == 4) {
        int fmt = key_format(t[2]);
        size_t ql = parse_bytes(b, sizeof b, t[3]);
        if (fmt < 0 || ql == (size_t)-1) {
            puts("err bad_arguments");
            return;
        }
        if ((e = gn_ec_public_decode(ec, &q, b, ql, (gn_ec_key_format)fmt)) != GN_OK)
            print_err(e);
        else
            print_point(ec, &q);
    } else if (!strcmp(op, "keygen") && nt == 3) {
        size_t sl = parse_bytes(b, sizeof b, t[2]);
        struct tool_stream st = {b, sl};
        if (sl == (size_t)-1) {
            puts("err bad_arguments");
            return;
        }
        if ((e = gn_ec_keygen(ec, a, sizeof a, &q, tool_stream_rng, &st)) != GN_OK) {
            print_err(e);
            return;
        }
        print_bytes(a, gn_ec_scalar_bytes(ec));
        putchar(' ');
        print_point(ec, &q);
    } else {
        puts("err bad_arguments");
    }
}

static void print_enc(const gn_ec_ctx_t *ec, const gn_ec_point_t *p, char end)
{
    uint8_t b[1 + 2 * GN_FP_MAX_BITS / 8];
    size_t len;
    if (gn_ec_encode(ec, b, &len, sizeof b, p, 0) != GN_OK)
        printf("?");
    else
        print_bytes(b, len);
    putchar(end);
}

static void cmd_elgamal(char **t, int nt)
{
    static uint8_t st[MAXB], d[MAXB], m[MAXB], c[MAXB];
    const gn_ec_ctx_t *ec = nt == 5 ? curve(t[1]) : NULL;
    const int dec = !strcmp(t[0], "elgamal_dec");
    size_t sl = ec ? parse_bytes(st, sizeof st, t[2]) : (size_t)-1, dl = ec ? parse_bytes(d, sizeof d, t[dec ? 2 : 3]) : 0;
    size_t ml = ec ? parse_bytes(m, sizeof m, t[dec ? 3 : 4]) : 0, cl = ec && dec ? parse_bytes(c, sizeof c, t[4]) : 0;
    gn_ec_point_t pub, pm, b1, pc, out;
    gn_err e;
    if (!ec || sl == (size_t)-1 || dl == (size_t)-1 || ml == (size_t)-1 || cl == (size_t)-1) {
        puts("err bad_arguments");
        return;
    }
    if (dec) {
        if ((e = gn_ec_decode(ec, &b1, m, ml, 1)) != GN_OK || (e = gn_ec_decode(ec, &pc, c, cl, 1)) != GN_OK ||
            (e = gn_elgamal_decrypt(ec, &out, d, dl, &b1, &pc)) != GN_OK)
            print_err(e);
        else
            print_enc(ec, &out, '\n');
        return;
    }
    struct tool_stream s = {st, sl};
    if ((e = gn_ec_public_key(ec, &pub, d, dl)) != GN_OK || (e = gn_ec_decode(ec, &pm, m, ml, 1)) != GN_OK ||
        (e = gn_elgamal_encrypt(ec, &b1, &pc, &pm, &pub, tool_stream_rng, &s)) != GN_OK ||
        (e = gn_elgamal_decrypt(ec, &out, d, dl, &b1, &pc)) != GN_OK) {
        print_err(e);
        return;
    }
    /* the same with each output in an input's place (elgamal.h allows it), from the same draws */
    gn_ec_point_t am = pm, ap = pub, ao = pc;
    struct tool_stream s2 = {st, sl};
    if (gn_elgamal_encrypt(ec, &am, &ap, &am, &ap, tool_stream_rng, &s2) != GN_OK || !gn_ec_point_eq(ec, &am, &b1) ||
        !gn_ec_point_eq(ec, &ap, &pc) || gn_elgamal_decrypt(ec, &ao, d, dl, &b1, &ao) != GN_OK ||
        !gn_ec_point_eq(ec, &ao, &out)) {
        puts("err aliasing");
        return;
    }
    print_enc(ec, &b1, ' ');
    print_enc(ec, &pc, ' ');
    print_enc(ec, &out, '\n');
}

static void cmd_mqv(char **t, int nt)
{
    static uint8_t d[MAXB], k[MAXB], id[MAXB], qp[MAXB], rp[MAXB], idp[MAXB], tg[MAXB];
    const gn_ec_ctx_t *ec = nt >= 11 ? curve(t[1]) : NULL;
    static const char *const algs[] = {"sha224", "sha256", "sha384", "sha512"};
    int alg = 0;
    for (int i = 0; nt >= 11 && i < 4; i++)
        if (!strcmp(t[2], algs[i]))
            alg = i + 1;
    size_t dl = nt >= 11 ? parse_bytes(d, sizeof d, t[5]) : (size_t)-1, kl = nt >= 11 ? parse_bytes(k, sizeof k, t[6]) : 0;
    size_t il = nt >= 11 ? parse_bytes(id, sizeof id, t[7]) : 0, ql = nt >= 11 ? parse_bytes(qp, sizeof qp, t[8]) : 0;
    size_t rl = nt >= 11 ? parse_bytes(rp, sizeof rp, t[9]) : 0, jl = nt >= 11 ? parse_bytes(idp, sizeof idp, t[10]) : 0;
    size_t tl = nt == 12 ? parse_bytes(tg, sizeof tg, t[11]) : 0;
    if (!ec || !alg || (nt != 11 && nt != 12) || dl == (size_t)-1 || kl == (size_t)-1 || il == (size_t)-1 ||
        ql == (size_t)-1 || rl == (size_t)-1 || jl == (size_t)-1 || tl == (size_t)-1 || (strcmp(t[4], "a") && strcmp(t[4], "b"))) {
        puts("err bad_arguments");
        return;
    }
    gn_mqv_ctx_t m;
    gn_ec_point_t q, r, qpeer, rpeer;
    gn_mqv_session_t s;
    uint8_t z[GN_FP_MAX_BITS / 8];
    gn_err e;
    if ((e = gn_mqv_init(&m, ec, (gn_hash_alg)alg)) != GN_OK || (e = gn_ec_public_key(ec, &q, d, dl)) != GN_OK ||
        (e = gn_ec_public_key(ec, &r, k, kl)) != GN_OK ||
        (e = gn_ec_public_decode(ec, &qpeer, qp, ql, GN_EC_KEY_SEC1)) != GN_OK ||
        (e = gn_ec_public_decode(ec, &rpeer, rp, rl, GN_EC_KEY_SEC1)) != GN_OK) {
        print_err(e);
        return;
    }
    gn_mqv_own_t own = {d, dl, &q, k, kl, &r, id, il};
    gn_mqv_peer_t peer = {&qpeer, &rpeer, idp, jl};
    if ((e = gn_mqv_primitive(&m, z, sizeof z, &own, &peer)) != GN_OK ||
        (e = gn_mqv_derive(&m, &s, &own, &peer, !strcmp(t[4], "a"), (size_t)atoi(t[3]))) != GN_OK) {
        print_err(e);
        return;
    }
    print_bytes(z, gn_fp_bytes(&ec->fp));
    putchar(' ');
    print_bytes(s.tag_send, s.taglen);
    putchar(' ');
    print_bytes(s.tag_expect, s.taglen);
    putchar(' ');
    print_bytes(s.key, s.keylen);
    if (nt == 12)
        printf(" %s", gn_mqv_confirm(&s, tg, tl) == GN_OK ? "ok" : "err");
    putchar('\n');
}

static void dispatch(char **t, int nt)
{
    if (!strncmp(t[0], "xdh", 3))
        cmd_xdh(t, nt);
    else if (!strcmp(t[0], "ecdh") || !strcmp(t[0], "pub") || !strcmp(t[0], "pubdecode") || !strcmp(t[0], "keygen"))
        cmd_keys(t, nt);
    else if (!strcmp(t[0], "mqv"))
        cmd_mqv(t, nt);
    else if (!strcmp(t[0], "elgamal") || !strcmp(t[0], "elgamal_dec"))
        cmd_elgamal(t, nt);
    else if (!strcmp(t[0], "kernel"))
        cmd_kernel(t, nt);
    else
        puts("err unknown_command");
}

int main(void)
{
    return tool_run_lines(dispatch);
}
