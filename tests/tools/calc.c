#define _POSIX_C_SOURCE 200809L
/*
 * Test driver: a batch calculator over the library for the Python tests, which
 * compute the expected values independently (Python integers, PARI/GP, sympy).
 * Reads one command per line from stdin and writes exactly one line per command.
 *
 *   info                              -> "limb_bits W mulx 0|1"
 *   mp OP ...                         naturals (hex in, hex out); OP: add sub mul sqr shl shr cmp
 *                                     cmp_var bits bits_var divrem divrem_var jacobi isprime
 *                                     to_be to_le from_be from_le from_hex to_hex
 *   fp init KIND P                    -> "ok KERNEL" | "err CODE"; KIND: auto generic fixed mulx special rns,
 *                                        rns<R> (the RNS kernel on R-bit channels)
 *   fp OP A [B]                       canonical hex in and out; OP: add sub mul sqr neg half
 *                                     mul_small inv inv_var pow pow_var sqrt legendre legendre_var
 *                                     is_zero eq encode encode_le decode decode_le set_u64 cswap
 *   fp mul_raw A B | fp sqr_raw A     the kernel's product on raw representations: A, B any values
 *                                     below 2^(W n), as the lazily reduced pseudo-Mersenne kernels
 *                                     (src/fp/kern_pmersenne.h, their mulx/adx routines) hold them;
 *                                     canonical hex out; "err not_raw" for other kernels
 *   fpx init DEG NR|auto              -> "ok NR" | "err CODE"
 *   fpx OP A [B]                      elements as comma-separated coefficients; OP: add sub neg mul
 *                                     sqr mul_small inv inv_var pow pow_var frobenius norm sqrt legendre
 *   hash ALG HEX|-                    -> digest (ALG: sha224 sha256 sha384 sha512; - is the empty message)
 *   hash_split ALG HEX|-              -> digest, the message fed in pieces of 1, 2, 3, ... bytes
 *   hmac ALG KEY|- MSG|-              -> tag; hmac_split: the message fed in growing pieces
 *   hash_mct ALG SEED                 -> the 100 checkpoints of the SHA-2 Monte Carlo test (CAVP
 *                                        SHAVS 6.4), comma-separated
 *   hkdf ALG L SALT|- IKM|- INFO|-    -> L bytes of HKDF output (RFC 5869)
 *   x963 ALG L Z INFO|-               -> L bytes of the ANSI X9.63 KDF (SEC1 3.6.1)
 * Errors of the library are printed as "err <gn_strerror text with _ for blanks>".
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp/kernel.h" /* the raw kernel products (fp mul_raw, sqr_raw): this driver sees src/ */
#include "genus/genus.h"
#include "tool_io.h"

#define MAXL 512 /* limbs of the largest natural handled here */

static gn_fp_ctx_t fp;
static gn_fpx_ctx_t fpx;
static int have_fp, have_fpx;

static void print_err(gn_err e)
{
    tool_print_err(e);
}

/* Parse hex into a natural of MAXL limbs; returns its limb count (>= 1) or 0 on error. */
static size_t parse(gn_limb_t *a, const char *s)
{
    if (!s || gn_mp_from_hex(a, MAXL, s, strlen(s)) != GN_OK)
        return 0;
    size_t n = MAXL;
    while (n > 1 && a[n - 1] == 0)
        n--;
    return n;
}

static void print_mp(const gn_limb_t *a, size_t n)
{
    static char buf[MAXL * GN_LIMB_BITS / 4 + 2];
    if (gn_mp_to_hex(buf, sizeof buf, a, n, 0) != GN_OK)
        strcpy(buf, "overflow");
    fputs(buf, stdout);
}

static void println_mp(const gn_limb_t *a, size_t n)
{
    print_mp(a, n);
    putchar('\n');
}

static void print_bytes(const uint8_t *b, size_t len)
{
    tool_print_hex(b, len);
    putchar('\n');
}

static size_t parse_bytes(uint8_t *out, size_t cap, const char *s)
{
    return tool_parse_bytes(out, cap, s);
}

static void cmd_mp(char **t, int nt)
{
    static gn_limb_t a[MAXL], b[MAXL], r[2 * MAXL + 2], q[2 * MAXL];
    const char *op = t[1];
    size_t an = nt > 2 ? parse(a, t[2]) : 0, bn = nt > 3 ? parse(b, t[3]) : 0;
    size_t n = an > bn ? an : bn;
    if (!strcmp(op, "add") || !strcmp(op, "sub")) {
        memset(r, 0, sizeof r);
        gn_limb_t c = !strcmp(op, "add") ? gn_mp_add(r, a, b, n) : gn_mp_sub(r, a, b, n);
        r[n] = c;
        print_mp(r, n);
        printf(" %u\n", (unsigned)c);
    } else if (!strcmp(op, "add_limb") || !strcmp(op, "sub_limb")) {
        gn_limb_t c = !strcmp(op, "add_limb") ? gn_mp_add_limb(r, a, an, b[0]) : gn_mp_sub_limb(r, a, an, b[0]);
        print_mp(r, an);
        printf(" %u\n", (unsigned)c);
    } else if (!strcmp(op, "mul")) {
        gn_mp_mul(r, a, an, b, bn);
        println_mp(r, an + bn);
    } else if (!strcmp(op, "mul_limb")) {
        r[an] = gn_mp_mul_limb(r, a, an, b[0]);
        println_mp(r, an + 1);
    } else if (!strcmp(op, "sqr")) {
        gn_mp_sqr(r, a, an);
        println_mp(r, 2 * an);
    } else if (!strcmp(op, "shl") || !strcmp(op, "shr")) {
        /* mp shl A BITS N: within N limbs */
        size_t bits = strtoul(t[3], NULL, 10), ln = strtoul(t[4], NULL, 10);
        gn_limb_t out = !strcmp(op, "shl") ? gn_mp_lshift(a, a, ln, bits) : gn_mp_rshift(a, a, ln, bits);
        print_mp(a, ln);
        printf(" ");
        println_mp(&out, 1);
    } else if (!strcmp(op, "cmp") || !strcmp(op, "cmp_var")) {
        int c = !strcmp(op, "cmp") ? gn_mp_cmp(a, b, n) : gn_mp_cmp_var(a, an, b, bn);
        printf("%d\n", c);
    } else if (!strcmp(op, "is_zero")) {
        printf("%d\n", gn_mp_is_zero(a, an));
    } else if (!strcmp(op, "bits") || !strcmp(op, "bits_var")) {
        printf("%zu\n", !strcmp(op, "bits") ? gn_mp_bits(a, an) : gn_mp_bits_var(a, an));
    } else if (!strcmp(op, "divrem") || !strcmp(op, "divrem_var")) {
        gn_err e = !strcmp(op, "divrem") ? gn_mp_divrem(q, r, a, an, b, bn) : gn_mp_divrem_var(q, r, a, an, b, bn);
        if (e != GN_OK) {
            print_err(e);
            return;
        }
        print_mp(q, an);
        putchar(' ');
        println_mp(r, bn);
    } else if (!strcmp(op, "jacobi")) {
        printf("%d\n", gn_mp_jacobi_var(a, b, n));
    } else if (!strcmp(op, "isprime")) {
        printf("%d\n", gn_mp_is_prime_var(a, an));
    } else if (!strcmp(op, "to_be") || !strcmp(op, "to_le")) {
        static uint8_t buf[8 * MAXL];
        size_t len = strtoul(t[3], NULL, 10);
        gn_err e = !strcmp(op, "to_be") ? gn_mp_to_bytes_be(buf, len, a, an) : gn_mp_to_bytes_le(buf, len, a, an);
        if (e != GN_OK)
            print_err(e);
        else
            print_bytes(buf, len);
    } else if (!strcmp(op, "from_be") || !strcmp(op, "from_le")) {
        /* mp from_be BYTES N */
        static uint8_t buf[8 * MAXL];
        size_t len = parse_bytes(buf, sizeof buf, t[2]), ln = strtoul(t[3], NULL, 10);
        gn_err e = !strcmp(op, "from_be") ? gn_mp_from_bytes_be(r, ln, buf, len) : gn_mp_from_bytes_le(r, ln, buf, len);
        if (e != GN_OK)
            print_err(e);
        else
            println_mp(r, ln);
    } else if (!strcmp(op, "from_hex")) {
        /* mp from_hex TEXT N (TEXT "-" for the empty string) */
        size_t ln = strtoul(t[3], NULL, 10);
        const char *s = strcmp(t[2], "-") ? t[2] : "";
        gn_err e = gn_mp_from_hex(r, ln, s, strlen(s));
        if (e != GN_OK)
            print_err(e);
        else
            println_mp(r, ln);
    } else if (!strcmp(op, "to_hex")) {
        static char buf[MAXL * GN_LIMB_BITS / 4 + 64];
        size_t digits = strtoul(t[3], NULL, 10), size = strtoul(t[4], NULL, 10);
        gn_err e = gn_mp_to_hex(buf, size < sizeof buf ? size : sizeof buf, a, an, digits);
        if (e != GN_OK)
            print_err(e);
        else
            puts(buf);
    } else {
        printf("err unknown_op\n");
    }
}

static int fp_parse(gn_fp_t *r, const char *s)
{
    gn_limb_t a[MAXL];
    size_t n = parse(a, s);
    if (!n) {
        printf("err parse\n");
        return 0;
    }
    gn_err e = gn_fp_set_mp(&fp, r, a, n);
    if (e != GN_OK) {
        print_err(e);
        return 0;
    }
    return 1;
}

static void fp_print_inline(const gn_fp_t *a)
{
    gn_limb_t v[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(&fp, v, fp.n, a);
    print_mp(v, fp.n);
}

static void fp_print(const gn_fp_t *a)
{
    fp_print_inline(a);
    putchar('\n');
}

static void cmd_fp(char **t, int nt)
{
    const char *op = t[1];
    gn_fp_t a, b, r;
    if (!strcmp(op, "init")) {
        static const char *kinds[] = {"auto", "generic", "fixed", "mulx", "special", "rns", "gmp", "pari"};
        gn_limb_t p[MAXL];
        uint8_t bytes[8 * MAXL];
        size_t n = parse(p, t[3]);
        int kind = -1;
        gn_rns_params_t rprm = {0}; /* "rns<R>": the RNS kernel on R-bit channels */
        for (int k = 0; k < (int)(sizeof kinds / sizeof kinds[0]); k++)
            if (!strcmp(t[2], kinds[k]))
                kind = k;
        if (!strncmp(t[2], "rns", 3) && t[2][3] >= '1' && t[2][3] <= '9') {
            kind = GN_FP_KERNEL_RNS;
            rprm.r = (unsigned)strtoul(t[2] + 3, NULL, 10);
        }
        if (!n || kind < 0) {
            printf("err parse\n");
            return;
        }
        if (gn_mp_to_bytes_be(bytes, 8 * n, p, n) != GN_OK) {
            printf("err parse\n");
            return;
        }
        static gn_rns_ctx_t rns;
        gn_err e = kind == GN_FP_KERNEL_RNS ? gn_fp_init_rns(&fp, bytes, 8 * n, &rns, &rprm)
                                            : gn_fp_init_kernel(&fp, bytes, 8 * n, (gn_fp_kernel_kind)kind);
        have_fp = e == GN_OK;
        if (e != GN_OK)
            print_err(e);
        else
            printf("ok %s\n", gn_fp_kernel_name(&fp));
        return;
    }
    if (!have_fp) {
        printf("err no_field\n");
        return;
    }
    if (!strcmp(op, "decode") || !strcmp(op, "decode_le")) {
        uint8_t buf[8 * MAXL];
        size_t len = parse_bytes(buf, sizeof buf, t[2]);
        gn_err e = !strcmp(op, "decode") ? gn_fp_decode(&fp, &r, buf, len) : gn_fp_decode_le(&fp, &r, buf, len);
        if (e != GN_OK)
            print_err(e);
        else
            fp_print(&r);
        return;
    }
    if (!strcmp(op, "set_u64")) {
        gn_fp_set_u64(&fp, &r, strtoull(t[2], NULL, 16));
        fp_print(&r);
        return;
    }
    if (!strcmp(op, "mul_raw") || !strcmp(op, "sqr_raw")) {
        gn_limb_t x[MAXL], y[MAXL];
        int sq = op[0] == 's';
        size_t xn = nt > 2 ? parse(x, t[2]) : 0, yn = sq ? 1 : nt > 3 ? parse(y, t[3]) : 0;
        /* the pseudo-Mersenne kernels, whose elements may be any value below 2^(W n) */
        static const char *const lazy[] = {"p25519", "p1271", "p521", "p256k1"};
        int is_lazy = 0;
        for (size_t i = 0; i < sizeof lazy / sizeof lazy[0]; i++)
            is_lazy |= !strcmp(gn_fp_kernel_name(&fp), lazy[i]);
        if (!is_lazy) {
            printf("err not_raw\n");
            return;
        }
        if (!xn || !yn || xn > fp.n || (!sq && yn > fp.n)) {
            printf("err parse\n");
            return;
        }
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        memcpy(a.v, x, fp.n * sizeof(gn_limb_t));
        if (!sq)
            memcpy(b.v, y, fp.n * sizeof(gn_limb_t));
        if (sq)
            fp.kern->sqr(&fp, r.v, a.v);
        else
            fp.kern->mul(&fp, r.v, a.v, b.v);
        fp_print(&r);
        return;
    }
    if (nt < 3 || !fp_parse(&a, t[2]))
        return;
    if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul") || !strcmp(op, "eq") ||
        !strcmp(op, "cswap0") || !strcmp(op, "cswap1")) {
        if (nt < 4 || !fp_parse(&b, t[3]))
            return;
        if (!strcmp(op, "add"))
            gn_fp_add(&fp, &r, &a, &b);
        else if (!strcmp(op, "sub"))
            gn_fp_sub(&fp, &r, &a, &b);
        else if (!strcmp(op, "mul"))
            gn_fp_mul(&fp, &r, &a, &b);
        else if (!strcmp(op, "eq")) {
            printf("%d\n", gn_fp_eq(&fp, &a, &b));
            return;
        } else {
            gn_fp_cswap(&fp, &a, &b, op[5] == '1');
            fp_print_inline(&a);
            putchar(' ');
            fp_print(&b);
            return;
        }
    } else if (!strcmp(op, "sqr")) {
        gn_fp_sqr(&fp, &r, &a);
    } else if (!strcmp(op, "neg")) {
        gn_fp_neg(&fp, &r, &a);
    } else if (!strcmp(op, "half")) {
        gn_fp_half(&fp, &r, &a);
    } else if (!strcmp(op, "mul_small")) {
        gn_fp_mul_small(&fp, &r, &a, (uint32_t)strtoul(t[3], NULL, 10));
    } else if (!strcmp(op, "inv") || !strcmp(op, "inv_var")) {
        gn_err e = !strcmp(op, "inv") ? gn_fp_inv(&fp, &r, &a) : gn_fp_inv_var(&fp, &r, &a);
        if (e != GN_OK) {
            print_err(e);
            return;
        }
    } else if (!strcmp(op, "pow") || !strcmp(op, "pow_var")) {
        gn_limb_t e[MAXL];
        size_t en = parse(e, t[3]);
        if (!strcmp(op, "pow"))
            gn_fp_pow(&fp, &r, &a, e, en);
        else
            gn_fp_pow_var(&fp, &r, &a, e, en);
    } else if (!strcmp(op, "sqrt")) {
        if (gn_fp_sqrt(&fp, &r, &a) != GN_OK) {
            printf("none\n");
            return;
        }
    } else if (!strcmp(op, "legendre") || !strcmp(op, "legendre_var")) {
        printf("%d\n", !strcmp(op, "legendre") ? gn_fp_legendre(&fp, &a) : gn_fp_legendre_var(&fp, &a));
        return;
    } else if (!strcmp(op, "is_zero")) {
        printf("%d\n", gn_fp_is_zero(&fp, &a));
        return;
    } else if (!strcmp(op, "encode") || !strcmp(op, "encode_le")) {
        uint8_t buf[GN_FP_MAX_BITS / 8];
        if (!strcmp(op, "encode"))
            gn_fp_encode(&fp, buf, &a);
        else
            gn_fp_encode_le(&fp, buf, &a);
        print_bytes(buf, gn_fp_bytes(&fp));
        return;
    } else {
        printf("err unknown_op\n");
        return;
    }
    fp_print(&r);
}

/* "c0,c1[,c2]" into an extension element. */
static int fpx_parse(gn_fpx_t *r, char *s)
{
    gn_fp_t c[3];
    unsigned d = gn_fpx_degree(&fpx);
    char *save = NULL, *tok = strtok_r(s, ",", &save);
    for (unsigned k = 0; k < d; k++) {
        if (!tok) {
            printf("err parse\n");
            return 0;
        }
        if (!fp_parse(&c[k], tok))
            return 0;
        tok = strtok_r(NULL, ",", &save);
    }
    gn_fpx_set(&fpx, r, c);
    return 1;
}

static void fpx_print(const gn_fpx_t *a)
{
    gn_fp_t c[3];
    gn_fpx_get(&fpx, c, a);
    for (unsigned k = 0; k < gn_fpx_degree(&fpx); k++) {
        if (k)
            putchar(',');
        fp_print_inline(&c[k]);
    }
    putchar('\n');
}

static void cmd_fpx(char **t, int nt)
{
    const char *op = t[1];
    gn_fpx_t a, b, r;
    if (!have_fp) {
        printf("err no_field\n");
        return;
    }
    if (!strcmp(op, "init")) {
        gn_fp_t nr;
        unsigned deg = (unsigned)strtoul(t[2], NULL, 10);
        int given = nt > 3 && strcmp(t[3], "auto");
        if (given && !fp_parse(&nr, t[3]))
            return;
        gn_err e = gn_fpx_init(&fpx, &fp, deg, given ? &nr : NULL);
        have_fpx = e == GN_OK;
        if (e != GN_OK) {
            print_err(e);
            return;
        }
        gn_fpx_get_nonresidue(&fpx, &nr);
        printf("ok ");
        fp_print(&nr);
        return;
    }
    if (!have_fpx) {
        printf("err no_extension\n");
        return;
    }
    if (nt < 3 || !fpx_parse(&a, t[2]))
        return;
    if (!strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "mul") || !strcmp(op, "eq")) {
        if (nt < 4 || !fpx_parse(&b, t[3]))
            return;
        if (!strcmp(op, "add"))
            gn_fpx_add(&fpx, &r, &a, &b);
        else if (!strcmp(op, "sub"))
            gn_fpx_sub(&fpx, &r, &a, &b);
        else if (!strcmp(op, "mul"))
            gn_fpx_mul(&fpx, &r, &a, &b);
        else {
            printf("%d\n", gn_fpx_eq(&fpx, &a, &b));
            return;
        }
    } else if (!strcmp(op, "neg")) {
        gn_fpx_neg(&fpx, &r, &a);
    } else if (!strcmp(op, "sqr")) {
        gn_fpx_sqr(&fpx, &r, &a);
    } else if (!strcmp(op, "mul_small")) {
        gn_fpx_mul_small(&fpx, &r, &a, (uint32_t)strtoul(t[3], NULL, 10));
    } else if (!strcmp(op, "inv") || !strcmp(op, "inv_var")) {
        gn_err e = !strcmp(op, "inv") ? gn_fpx_inv(&fpx, &r, &a) : gn_fpx_inv_var(&fpx, &r, &a);
        if (e != GN_OK) {
            print_err(e);
            return;
        }
    } else if (!strcmp(op, "pow") || !strcmp(op, "pow_var")) {
        gn_limb_t e[MAXL];
        size_t en = parse(e, t[3]);
        if (!strcmp(op, "pow"))
            gn_fpx_pow(&fpx, &r, &a, e, en);
        else
            gn_fpx_pow_var(&fpx, &r, &a, e, en);
    } else if (!strcmp(op, "frobenius")) {
        gn_fpx_frobenius(&fpx, &r, &a);
    } else if (!strcmp(op, "norm")) {
        gn_fp_t nv;
        gn_fpx_norm(&fpx, &nv, &a);
        fp_print(&nv);
        return;
    } else if (!strcmp(op, "sqrt")) {
        if (gn_fpx_sqrt(&fpx, &r, &a) != GN_OK) {
            printf("none\n");
            return;
        }
    } else if (!strcmp(op, "legendre")) {
        printf("%d\n", gn_fpx_legendre(&fpx, &a));
        return;
    } else if (!strcmp(op, "is_zero")) {
        printf("%d\n", gn_fpx_is_zero(&fpx, &a));
        return;
    } else {
        printf("err unknown_op\n");
        return;
    }
    fpx_print(&r);
}

static int hash_alg(const char *s)
{
    static const char *const names[] = {"sha224", "sha256", "sha384", "sha512"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(s, names[i]))
            return i + 1;
    return 0;
}

static void cmd_hmac(char **t, int nt)
{
    static uint8_t key[1 << 13], msg[1 << 14];
    uint8_t tag[GN_HASH_MAX_SIZE];
    int alg = nt == 4 ? hash_alg(t[1]) : 0;
    size_t kl = nt != 4 ? (size_t)-1 : !strcmp(t[2], "-") ? 0 : parse_bytes(key, sizeof key, t[2]);
    size_t ml = nt != 4 ? (size_t)-1 : !strcmp(t[3], "-") ? 0 : parse_bytes(msg, sizeof msg, t[3]);
    gn_hmac_ctx_t ctx;
    if (!alg || kl == (size_t)-1 || ml == (size_t)-1 || gn_hmac_init(&ctx, (gn_hash_alg)alg, key, kl) != GN_OK) {
        printf("err bad_arguments\n");
        return;
    }
    size_t off = 0;
    for (size_t piece = 1; off < ml; piece++) {
        size_t take = strcmp(t[0], "hmac_split") ? ml : piece < ml - off ? piece : ml - off;
        gn_hmac_update(&ctx, msg + off, take);
        off += take;
    }
    gn_hmac_final(&ctx, tag);
    print_bytes(tag, gn_hash_size((gn_hash_alg)alg));
}

static void cmd_kdf(char **t, int nt)
{
    static uint8_t in[3][1 << 13], out[1 << 15];
    size_t len[3] = {(size_t)-1, (size_t)-1, (size_t)-1};
    const int hkdf = !strcmp(t[0], "hkdf"), nin = hkdf ? 3 : 2;
    const int alg = nt == 3 + nin ? hash_alg(t[1]) : 0;
    char *end = NULL;
    long l = alg ? strtol(t[2], &end, 10) : -1;
    if (alg && (end == t[2] || *end))
        l = -1;
    for (int i = 0; alg && i < nin; i++)
        len[i] = !strcmp(t[3 + i], "-") ? 0 : parse_bytes(in[i], sizeof in[i], t[3 + i]);
    if (!alg || l < 0 || (size_t)l > sizeof out || len[0] == (size_t)-1 || len[1] == (size_t)-1 ||
        (hkdf && len[2] == (size_t)-1)) {
        printf("err bad_arguments\n");
        return;
    }
    gn_err e = hkdf ? gn_hkdf((gn_hash_alg)alg, out, (size_t)l, in[0], len[0], in[1], len[1], in[2], len[2])
                    : gn_kdf_x963((gn_hash_alg)alg, out, (size_t)l, in[0], len[0], in[1], len[1]);
    if (e != GN_OK)
        print_err(e);
    else
        print_bytes(out, (size_t)l);
}

static void cmd_hash(char **t, int nt)
{
    static uint8_t msg[1 << 15];
    uint8_t md[3][GN_HASH_MAX_SIZE], buf[3 * GN_HASH_MAX_SIZE];
    int alg = nt == 3 ? hash_alg(t[1]) : 0;
    size_t len = nt != 3 ? (size_t)-1 : !strcmp(t[2], "-") ? 0 : parse_bytes(msg, sizeof msg, t[2]);
    if (!alg || len == (size_t)-1) {
        printf("err bad_arguments\n");
        return;
    }
    const size_t hs = gn_hash_size((gn_hash_alg)alg);
    gn_hash_ctx_t ctx;
    if (!strcmp(t[0], "hash_mct")) { /* MD0 = MD1 = MD2 = Seed; MDi = H(MDi-3 || MDi-2 || MDi-1) */
        if (len != hs) {
            printf("err bad_seed_length\n");
            return;
        }
        for (int j = 0; j < 100; j++) {
            for (int k = 0; k < 3; k++)
                memcpy(md[k], msg, hs);
            for (int i = 3; i < 1003; i++) {
                memcpy(buf, md[0], hs);
                memcpy(buf + hs, md[1], hs);
                memcpy(buf + 2 * hs, md[2], hs);
                memcpy(md[0], md[1], hs);
                memcpy(md[1], md[2], hs);
                if (gn_hash((gn_hash_alg)alg, md[2], buf, 3 * hs) != GN_OK) {
                    printf("err hash\n");
                    return;
                }
            }
            memcpy(msg, md[2], hs);
            if (j)
                printf(",");
            for (size_t i = 0; i < hs; i++)
                printf("%02x", md[2][i]);
        }
        printf("\n");
        return;
    }
    if (gn_hash_init(&ctx, (gn_hash_alg)alg) != GN_OK) {
        printf("err hash\n");
        return;
    }
    if (!strcmp(t[0], "hash_split")) {
        size_t off = 0;
        for (size_t piece = 1; off < len; piece++) {
            size_t take = piece < len - off ? piece : len - off;
            gn_hash_update(&ctx, msg + off, take);
            off += take;
        }
    } else {
        gn_hash_update(&ctx, msg, len);
    }
    gn_hash_final(&ctx, md[0]);
    print_bytes(md[0], hs);
}

static void dispatch(char **t, int nt)
{
    if (!strcmp(t[0], "info"))
        printf("limb_bits %d mulx %d\n", GN_LIMB_BITS, GN_HAVE_MULX);
    else if (nt < 2)
        printf("err short\n");
    else if (!strcmp(t[0], "mp"))
        cmd_mp(t, nt);
    else if (!strcmp(t[0], "fp"))
        cmd_fp(t, nt);
    else if (!strcmp(t[0], "fpx"))
        cmd_fpx(t, nt);
    else if (!strncmp(t[0], "hmac", 4))
        cmd_hmac(t, nt);
    else if (!strncmp(t[0], "hash", 4))
        cmd_hash(t, nt);
    else if (!strcmp(t[0], "hkdf") || !strcmp(t[0], "x963"))
        cmd_kdf(t, nt);
    else
        printf("err unknown_command\n");
}

int main(void)
{
    return tool_run_lines(dispatch);
}
