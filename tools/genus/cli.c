/* Shared helpers of the genus command-line tool: errors, hex in and out, options. */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cli_fail(const char *fmt, ...)
{
    /* One line whatever the message quotes: control characters are written escaped. */
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fputs("genus: ", stderr);
    for (const unsigned char *s = (const unsigned char *)buf; *s; s++) {
        if (*s == '\n')
            fputs("\\n", stderr);
        else if (*s < 0x20 || *s == 0x7f)
            fprintf(stderr, "\\x%02x", *s);
        else
            fputc(*s, stderr);
    }
    fputc('\n', stderr);
    exit(CLI_EXIT_BAD_INPUT);
}

void cli_check(int r, const parse_msg_t *msg, const char *prefix)
{
    if (r)
        cli_fail("%s%s", prefix, msg->text);
}

gn_limb_t *cli_parse_hex(const char *what, const char *text, size_t *n)
{
    parse_msg_t msg;
    gn_limb_t *a = parse_hex(&msg, what, text, n);
    cli_check(!a, &msg, "");
    return a;
}

void cli_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *what, const char *text)
{
    parse_msg_t msg;
    cli_check(parse_fe(&msg, f, r, what, text), &msg, "");
}

unsigned long cli_decimal(const char *what, const char *text, unsigned long lo, unsigned long hi)
{
    parse_msg_t msg;
    unsigned long v = 0;
    cli_check(parse_decimal(&msg, what, text, lo, hi, &v), &msg, "");
    return v;
}

void cli_once(const char **slot, const char *value, const char *cmd, const char *name)
{
    if (*slot)
        cli_fail("%s: option %s is given twice", cmd, name);
    *slot = value;
}

void cli_print_hex(const gn_limb_t *a, size_t n, size_t bytes)
{
    size_t size = 2 * bytes + n * GN_LIMB_BITS / 4 + 2;
    char *buf = malloc(size);
    if (!buf)
        cli_fail("out of memory");
    if (gn_mp_to_hex(buf, size, a, n, 2 * bytes) != GN_OK)
        cli_fail("internal error: hex buffer");
    puts(buf);
    free(buf);
}

const char *cli_option(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, len) != 0)
        return NULL;
    if (arg[len] == '=')
        return arg + len + 1;
    if (arg[len] != '\0')
        return NULL;
    if (*i + 1 >= argc)
        cli_fail("option %s needs a value", name);
    *i += 1;
    return argv[*i];
}

size_t cli_parse_bytes(const char *what, const char *text, uint8_t *out, size_t cap)
{
    parse_msg_t msg;
    size_t len = 0;
    cli_check(parse_bytes(&msg, what, text, out, cap, &len), &msg, "");
    return len;
}

void cli_print_bytes(const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i++)
        printf("%02x", b[i]);
    putchar('\n');
}

/* ---------------------------------------------------------------- key-generation DRBG */

/* --seed: a one-shot entropy source that hands out SHA-512(seed), all 64 bytes in the single draw
 * of instantiation (48 bytes of entropy input, then the 16-byte nonce). A second draw (a reseed,
 * which keygen never needs) fails rather than repeat the digest. */
typedef struct seed_source {
    uint8_t digest[64];
    int used;
} seed_source_t;

#define SEED_ENTROPY_BYTES (64 - GN_DRBG_NONCE_BYTES)
#define SEED_MIN_BYTES 16

static int seed_get(void *state, uint8_t *out, size_t len)
{
    seed_source_t *s = state;
    if (s->used || len != sizeof s->digest)
        return 1;
    memcpy(out, s->digest, len);
    s->used = 1;
    return 0;
}

void cli_keygen_drbg(gn_drbg_t *d, const char *cmd, const char *seed, const char *pers)
{
    gn_entropy_t src;
    seed_source_t ss = {{0}, 0};
    if (seed) {
        /* Deterministic: the seed is the only input, so the same seed gives the same key on any
         * machine; the personalization string (naming the curve) separates the uses. */
        uint8_t sb[GN_DRBG_MAX_ENTROPY_BYTES];
        size_t len = cli_parse_bytes("--seed", seed, sb, sizeof sb);
        if (len < SEED_MIN_BYTES)
            cli_fail("%s: --seed must have at least %d bytes, got %zu", cmd, SEED_MIN_BYTES, len);
        gn_err e = gn_hash(GN_HASH_SHA512, ss.digest, sb, len);
        gn_memzero(sb, sizeof sb);
        if (e != GN_OK)
            cli_fail("%s: %s", cmd, gn_strerror(e));
        src = (gn_entropy_t){seed_get, &ss, SEED_ENTROPY_BYTES};
    } else if (gn_entropy_init(&src, GN_ENTROPY_OS) != GN_OK) {
        cli_fail("%s: the operating system offers no entropy source", cmd);
    }
    gn_err e = gn_drbg_instantiate(d, GN_DRBG_HMAC_SHA256, &src, 0, NULL, 0, (const uint8_t *)pers, strlen(pers));
    gn_memzero(&ss, sizeof ss);
    if (e != GN_OK)
        cli_fail("%s: seeding the DRBG failed: %s", cmd, gn_strerror(e));
}

int cli_operation(const char *cmd, const cli_op *ops, size_t nops, const char *const *pos, int npos)
{
    char names[256] = "";
    int want = -1;
    for (size_t k = 0; k < nops; k++) {
        size_t at = strlen(names);
        snprintf(names + at, sizeof names - at, "%s%s", k ? " " : "", ops[k].name);
        if (npos > 0 && !strcmp(pos[0], ops[k].name))
            want = ops[k].operands;
    }
    if (npos == 0)
        cli_fail("%s: missing operation (%s)", cmd, names);
    if (want < 0)
        cli_fail("%s: unknown operation '%s' (%s)", cmd, pos[0], names);
    if (npos - 1 != want)
        cli_fail("%s %s takes %d operand%s, got %d", cmd, pos[0], want, want == 1 ? "" : "s", npos - 1);
    return want;
}

void cli_operand(const char *cmd, const char *arg, const char **pos, int *npos, int cap)
{
    if (arg[0] == '-' && arg[1] == '-')
        cli_fail("%s: unknown option '%s'", cmd, arg);
    if (*npos == cap)
        cli_fail("%s: too many operands", cmd);
    pos[(*npos)++] = arg;
}
