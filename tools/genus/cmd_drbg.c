/* genus drbg: one run of an SP 800-90A DRBG on given entropy, laid out so that a CAVP
 * known-answer case is one call: instantiate, optional reseed, K generate calls (2 by
 * default, as in the CAVP files), the output of the last printed in lowercase hex. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_GENERATES 16

/* The entropy the user gave, handed out in order: --entropy, --reseed, then each --entropy-pr. */
typedef struct fixed_source {
    const uint8_t *p;
    size_t len, off;
} fixed_source_t;

static int fixed_get(void *state, uint8_t *out, size_t len)
{
    fixed_source_t *s = state;
    if (len > s->len - s->off)
        return 1;
    memcpy(out, s->p + s->off, len);
    s->off += len;
    return 0;
}

/* Hex (optional 0x; empty allowed) into freshly allocated bytes; exit 2 when malformed. */
static uint8_t *parse_bytes(const char *what, const char *text, size_t *len)
{
    const char *h = text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? text + 2 : text;
    size_t digits = strlen(h);
    if (digits % 2)
        cli_fail("drbg: %s has an odd number of hex digits", what);
    for (size_t i = 0; i < digits; i++) /* checked before allocating: nothing to leak on exit */
        if (!isxdigit((unsigned char)h[i]))
            cli_fail("drbg: %s is not hexadecimal: '%s'", what, text);
    uint8_t *b = malloc(digits / 2 + 1);
    if (!b)
        cli_fail("out of memory");
    for (size_t i = 0; i < digits; i++) {
        const char c = h[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
        b[i / 2] = (uint8_t)(i % 2 ? b[i / 2] | v : v << 4);
    }
    *len = digits / 2;
    return b;
}

static unsigned long parse_count(const char *what, const char *text, unsigned long max)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (!text[0] || *end || text[0] == '-' || v > max)
        cli_fail("drbg: %s must be a decimal number up to %lu, got '%s'", what, max, text);
    return v;
}

static gn_drbg_mech parse_mech(const char *s)
{
    static const struct {
        const char *name;
        gn_drbg_mech mech;
    } names[] = {{"hmac-sha256", GN_DRBG_HMAC_SHA256}, {"hmac-sha512", GN_DRBG_HMAC_SHA512},
                 {"hash-sha256", GN_DRBG_HASH_SHA256}, {"hash-sha512", GN_DRBG_HASH_SHA512}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i].name))
            return names[i].mech;
    cli_fail("drbg: unknown mechanism '%s' (hmac-sha256 hmac-sha512 hash-sha256 hash-sha512)", s);
}

typedef struct hexarg {
    uint8_t *p;
    size_t len;
} hexarg_t;

int cmd_drbg(int argc, char **argv)
{
    const char *mech = NULL, *bytes = NULL, *generates = "2";
    hexarg_t ent = {0}, nonce = {0}, pers = {0}, reseed = {0}, reseed_add = {0};
    hexarg_t add[MAX_GENERATES] = {{0}}, epr[MAX_GENERATES] = {{0}};
    int nadd = 0, nepr = 0, pr = 0, have_nonce = 0, have_reseed = 0, have_reseed_add = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--mech")))
            mech = v;
        else if ((v = cli_option(argc, argv, &i, "--entropy")))
            ent.p = parse_bytes("--entropy", v, &ent.len);
        else if ((v = cli_option(argc, argv, &i, "--nonce")))
            nonce.p = parse_bytes("--nonce", v, &nonce.len), have_nonce = 1;
        else if ((v = cli_option(argc, argv, &i, "--pers")))
            pers.p = parse_bytes("--pers", v, &pers.len);
        else if ((v = cli_option(argc, argv, &i, "--add"))) {
            if (nadd == MAX_GENERATES)
                cli_fail("drbg: more than %d --add", MAX_GENERATES);
            add[nadd].p = parse_bytes("--add", v, &add[nadd].len);
            nadd++;
        } else if ((v = cli_option(argc, argv, &i, "--entropy-pr"))) {
            if (nepr == MAX_GENERATES)
                cli_fail("drbg: more than %d --entropy-pr", MAX_GENERATES);
            epr[nepr].p = parse_bytes("--entropy-pr", v, &epr[nepr].len);
            nepr++;
        } else if ((v = cli_option(argc, argv, &i, "--reseed-add")))
            reseed_add.p = parse_bytes("--reseed-add", v, &reseed_add.len), have_reseed_add = 1;
        else if ((v = cli_option(argc, argv, &i, "--reseed")))
            reseed.p = parse_bytes("--reseed", v, &reseed.len), have_reseed = 1;
        else if ((v = cli_option(argc, argv, &i, "--bytes")))
            bytes = v;
        else if ((v = cli_option(argc, argv, &i, "--generates")))
            generates = v;
        else if (!strcmp(argv[i], "--pr"))
            pr = 1;
        else
            cli_fail("drbg: unknown argument '%s'", argv[i]);
    }
    if (!mech)
        cli_fail("drbg: missing --mech (hmac-sha256 hmac-sha512 hash-sha256 hash-sha512)");
    const gn_drbg_mech m = parse_mech(mech);
    if (!ent.p)
        cli_fail("drbg: missing --entropy HEX");
    if (!have_nonce)
        cli_fail("drbg: missing --nonce HEX");
    if (!bytes)
        cli_fail("drbg: missing --bytes N");
    const size_t nbytes = parse_count("--bytes", bytes, GN_DRBG_MAX_REQUEST_BYTES);
    const int k = (int)parse_count("--generates", generates, MAX_GENERATES);
    if (k < 1)
        cli_fail("drbg: --generates must be at least 1");
    if (ent.len < GN_DRBG_ENTROPY_BYTES || ent.len > GN_DRBG_MAX_ENTROPY_BYTES)
        cli_fail("drbg: --entropy must have %d to %d bytes, got %zu", GN_DRBG_ENTROPY_BYTES, GN_DRBG_MAX_ENTROPY_BYTES,
                 ent.len);
    if (nonce.len < GN_DRBG_NONCE_BYTES)
        cli_fail("drbg: --nonce must have at least %d bytes, got %zu", GN_DRBG_NONCE_BYTES, nonce.len);
    if (nadd > k)
        cli_fail("drbg: %d --add for %d generate calls", nadd, k);
    if (have_reseed_add && !have_reseed)
        cli_fail("drbg: --reseed-add needs --reseed HEX");
    if (nepr && !pr)
        cli_fail("drbg: --entropy-pr needs --pr");
    if (pr && nepr != k)
        cli_fail("drbg: --pr needs one --entropy-pr per generate call (%d), got %d", k, nepr);
    /* Every seed is one draw of |--entropy| bytes from the source. */
    if (have_reseed && reseed.len != ent.len)
        cli_fail("drbg: --reseed must have as many bytes as --entropy (%zu)", ent.len);
    for (int i = 0; i < nepr; i++)
        if (epr[i].len != ent.len)
            cli_fail("drbg: --entropy-pr must have as many bytes as --entropy (%zu)", ent.len);

    size_t total = ent.len * (1 + (size_t)have_reseed + (size_t)nepr), off = 0;
    uint8_t *pool = malloc(total), *out = malloc(nbytes + 1);
    if (!pool || !out)
        cli_fail("out of memory");
    memcpy(pool, ent.p, ent.len);
    off += ent.len;
    if (have_reseed) {
        memcpy(pool + off, reseed.p, reseed.len);
        off += reseed.len;
    }
    for (int i = 0; i < nepr; i++, off += ent.len)
        memcpy(pool + off, epr[i].p, ent.len);
    fixed_source_t fs = {pool, total, 0};
    gn_entropy_t src = {fixed_get, &fs, ent.len};
    gn_drbg_t d = {0};
    gn_err e = gn_drbg_instantiate(&d, m, &src, pr, nonce.p, nonce.len, pers.p, pers.len);
    if (e == GN_OK && have_reseed)
        e = gn_drbg_reseed(&d, reseed_add.p, reseed_add.len);
    for (int i = 0; i < k && e == GN_OK; i++)
        e = gn_drbg_generate(&d, out, nbytes, pr, add[i].p, add[i].len);
    gn_drbg_uninstantiate(&d);
    if (e != GN_OK)
        cli_fail("drbg: %s", gn_strerror(e));
    for (size_t i = 0; i < nbytes; i++)
        printf("%02x", out[i]);
    putchar('\n');
    free(pool);
    free(out);
    hexarg_t *all[] = {&ent, &nonce, &pers, &reseed, &reseed_add};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]->p);
    for (int i = 0; i < MAX_GENERATES; i++) {
        free(add[i].p);
        free(epr[i].p);
    }
    return 0;
}
