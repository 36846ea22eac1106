/* genus drbg: one run of an SP 800-90A DRBG on given entropy, laid out so that a CAVP
 * known-answer case is one call: instantiate, optional reseed, K generate calls (2 by
 * default, as in the CAVP files), the output of the last printed in lowercase hex. */
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

/* Hex (optional 0x; empty allowed) into freshly allocated bytes; exit 2 when malformed. NULL text:
 * the option was not given (NULL, length 0). */
static uint8_t *hex_bytes(const char *what, const char *text, size_t *len)
{
    *len = 0;
    if (!text)
        return NULL;
    uint8_t *b = malloc(strlen(text) / 2 + 1);
    if (!b)
        cli_fail("out of memory");
    parse_msg_t msg;
    if (parse_bytes(&msg, what, text, b, strlen(text) / 2 + 1, len)) {
        free(b);
        cli_fail("drbg: %s", msg.text);
    }
    return b;
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
    const char *mech = NULL, *bytes = NULL, *generates = NULL, *ent_s = NULL, *nonce_s = NULL, *pers_s = NULL,
               *reseed_s = NULL, *reseed_add_s = NULL, *add_s[MAX_GENERATES], *epr_s[MAX_GENERATES];
    int nadd = 0, nepr = 0, pr = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--mech"))) cli_once(&mech, v, "drbg", "--mech");
        else if ((v = cli_option(argc, argv, &i, "--entropy"))) cli_once(&ent_s, v, "drbg", "--entropy");
        else if ((v = cli_option(argc, argv, &i, "--nonce"))) cli_once(&nonce_s, v, "drbg", "--nonce");
        else if ((v = cli_option(argc, argv, &i, "--pers"))) cli_once(&pers_s, v, "drbg", "--pers");
        else if ((v = cli_option(argc, argv, &i, "--reseed-add"))) cli_once(&reseed_add_s, v, "drbg", "--reseed-add");
        else if ((v = cli_option(argc, argv, &i, "--reseed"))) cli_once(&reseed_s, v, "drbg", "--reseed");
        else if ((v = cli_option(argc, argv, &i, "--bytes"))) cli_once(&bytes, v, "drbg", "--bytes");
        else if ((v = cli_option(argc, argv, &i, "--generates"))) cli_once(&generates, v, "drbg", "--generates");
        else if ((v = cli_option(argc, argv, &i, "--add"))) {
            if (nadd == MAX_GENERATES)
                cli_fail("drbg: more than %d --add", MAX_GENERATES);
            add_s[nadd++] = v;
        } else if ((v = cli_option(argc, argv, &i, "--entropy-pr"))) {
            if (nepr == MAX_GENERATES)
                cli_fail("drbg: more than %d --entropy-pr", MAX_GENERATES);
            epr_s[nepr++] = v;
        } else if (!strcmp(argv[i], "--pr"))
            pr = 1;
        else
            cli_fail("drbg: unknown argument '%s'", argv[i]);
    }
    if (!mech)
        cli_fail("drbg: missing --mech (hmac-sha256 hmac-sha512 hash-sha256 hash-sha512)");
    const gn_drbg_mech m = parse_mech(mech);
    if (!ent_s)
        cli_fail("drbg: missing --entropy HEX");
    if (!nonce_s)
        cli_fail("drbg: missing --nonce HEX");
    if (!bytes)
        cli_fail("drbg: missing --bytes N");
    const size_t nbytes = cli_decimal("drbg: --bytes", bytes, 0, GN_DRBG_MAX_REQUEST_BYTES);
    const int k = generates ? (int)cli_decimal("drbg: --generates", generates, 1, MAX_GENERATES) : 2;
    const int have_reseed = reseed_s != NULL, have_reseed_add = reseed_add_s != NULL;
    hexarg_t ent, nonce, pers, reseed, reseed_add, add[MAX_GENERATES] = {{0}}, epr[MAX_GENERATES] = {{0}};
    ent.p = hex_bytes("--entropy", ent_s, &ent.len);
    nonce.p = hex_bytes("--nonce", nonce_s, &nonce.len);
    pers.p = hex_bytes("--pers", pers_s, &pers.len);
    reseed.p = hex_bytes("--reseed", reseed_s, &reseed.len);
    reseed_add.p = hex_bytes("--reseed-add", reseed_add_s, &reseed_add.len);
    for (int i = 0; i < nadd; i++)
        add[i].p = hex_bytes("--add", add_s[i], &add[i].len);
    for (int i = 0; i < nepr; i++)
        epr[i].p = hex_bytes("--entropy-pr", epr_s[i], &epr[i].len);
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
