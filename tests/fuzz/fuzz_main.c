/* Standalone driver for the fuzz target when libFuzzer is not used (any compiler, ctest):
 *   genus_fuzz_spki [--iterations N] [--seed S] [--exhaustive L] FILE...
 * runs (a) every FILE as given, (b) N inputs mutated from those files with a seeded generator, so
 * a failure is replayed by the same command line, (c) the edges of the length forms
 * (length_edges), and (d) every input of length 0..L (default 3).
 * Each input is copied into a heap block of exactly its size, so that AddressSanitizer sees a read
 * one byte past the end. A broken invariant traps, and the input is printed (report below). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAX_INPUT 1024

typedef struct buf {
    uint8_t *p;
    size_t len;
} buf_t;

static uint64_t rng_state;

/* splitmix64: small, seedable, good enough to pick mutations */
static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static size_t below(size_t n)
{
    return n ? (size_t)(rng() % n) : 0;
}

static _Noreturn void die(const char *what, const char *arg)
{
    fprintf(stderr, "genus_fuzz_spki: %s%s\n", what, arg ? arg : "");
    exit(2);
}

/* The input under test, for the crash report below. */
static const uint8_t *cur;
static size_t cur_len;
static const char *cur_what = "file";
static unsigned long long cur_index, cur_seed;

/* A broken invariant traps (SIGILL on x86, SIGTRAP elsewhere); AddressSanitizer aborts when
 * ASAN_OPTIONS=abort_on_error=1. The input is printed in hex so that it can become a corpus file
 * (xxd -r -p). stdio in a signal handler is not async-signal-safe: the process is dying anyway,
 * and this is a best effort before the default action. */
static void report(int sig)
{
    static const char hex[] = "0123456789abcdef";
    fprintf(stderr, "genus_fuzz_spki: signal %d on %s #%llu (seed %llu), %zu bytes:\n", sig, cur_what, cur_index,
            cur_seed, cur_len);
    for (size_t i = 0; i < cur_len; i++) {
        fputc(hex[cur[i] >> 4], stderr);
        fputc(hex[cur[i] & 15], stderr);
    }
    fputc('\n', stderr);
    fflush(stderr);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run(const uint8_t *data, size_t len)
{
    uint8_t *copy = malloc(len ? len : 1);
    if (!copy)
        die("out of memory", NULL);
    if (len)
        memcpy(copy, data, len);
    cur = copy;
    cur_len = len;
    LLVMFuzzerTestOneInput(copy, len);
    free(copy);
}

static buf_t load(const char *path)
{
    buf_t b = {malloc(MAX_INPUT), 0};
    FILE *f = fopen(path, "rb");
    if (!b.p || !f)
        die("cannot read ", path);
    b.len = fread(b.p, 1, MAX_INPUT, f);
    fclose(f);
    return b;
}

/* Inserts n bytes at i (room permitting), filled by the caller. */
static int make_room(uint8_t *d, size_t *len, size_t i, size_t n)
{
    if (*len + n > MAX_INPUT)
        return 0;
    memmove(d + i + n, d + i, *len - i);
    *len += n;
    return 1;
}

/* One mutation of d[0..*len). Length edits aim at the octet after a tag the SPKI reader knows,
 * where off-by-one, indefinite, long-form and non-minimal lengths are what a lax reader lets by. */
static void mutate(uint8_t *d, size_t *len, const buf_t *seeds, size_t nseeds)
{
    static const uint8_t lens[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x88, 0x89, 0xff};
    size_t i = below(*len + 1), n;
    switch (below(8)) {
    case 0: /* flip bits of a byte */
        if (*len)
            d[i % *len] ^= (uint8_t)(1u << below(8));
        break;
    case 1: /* overwrite a byte */
        if (*len)
            d[i % *len] = (uint8_t)rng();
        break;
    case 2: /* insert 1..4 random bytes */
        n = 1 + below(4);
        if (make_room(d, len, i, n))
            for (size_t k = 0; k < n; k++)
                d[i + k] = (uint8_t)rng();
        break;
    case 3: /* delete a run */
        n = below(*len - i + 1);
        memmove(d + i, d + i + n, *len - i - n);
        *len -= n;
        break;
    case 4: /* truncate */
        *len = i;
        break;
    case 5: /* the length octet after a tag: off by one, a special value, or a long form */
        for (size_t k = 0; k < *len; k++) {
            size_t j = (i + k) % *len;
            if (j + 1 < *len && (d[j] == 0x30 || d[j] == 0x06 || d[j] == 0x03)) {
                if (below(3) == 0)
                    d[j + 1] = (uint8_t)(d[j + 1] + (below(2) ? 1 : 0xff));
                else if (below(2) == 0)
                    d[j + 1] = lens[below(sizeof lens)];
                else if (make_room(d, len, j + 1, n = 1 + below(2))) {
                    /* 0x81 LL or 0x82 00 LL: the old length again, in a form longer than needed */
                    d[j + 1] = (uint8_t)(0x80 | n);
                    if (n == 2)
                        d[j + 2] = 0;
                }
                break;
            }
        }
        break;
    case 6: /* splice: keep d[0..i), append a tail of a seed */
        if (nseeds) {
            const buf_t *s = &seeds[below(nseeds)];
            size_t from = below(s->len + 1);
            n = s->len - from;
            if (i + n > MAX_INPUT)
                n = MAX_INPUT - i;
            memcpy(d + i, s->p + from, n);
            *len = i + n;
        }
        break;
    default: /* duplicate a run (repeated elements, trailing garbage) */
        n = below(*len - i + 1);
        if (n && make_room(d, len, i + n, n))
            memcpy(d + i + n, d + i, n);
        break;
    }
}

/* (c) The edges of the length forms, which random mutation rarely hits (a 0x81 0x7f header needs
 * 127 contents octets behind it): each tag the SPKI reader uses, contents lengths around 0x80 and
 * 0x100, written in the short form and with 0 (indefinite) to 4 length octets, with the contents
 * one short, exact and one over. */
static void length_edges(void)
{
    static const unsigned tags[] = {0x30, 0x03, 0x06};
    static const size_t lens[] = {0, 1, 0x7e, 0x7f, 0x80, 0x81, 0xff, 0x100, 0x101};
    uint8_t d[8 + 0x102];
    cur_what = "length edge";
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++)
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
            for (int nb = -1; nb <= 4; nb++) {
                const size_t len = lens[l];
                size_t hdr = 2;
                d[0] = (uint8_t)tags[t];
                if (nb < 0) {
                    if (len >= 0x80)
                        continue;
                    d[1] = (uint8_t)len;
                } else {
                    if (nb < 4 && len >> 8 * nb)
                        continue; /* does not fit in nb octets */
                    d[1] = (uint8_t)(0x80 | nb);
                    for (int k = 0; k < nb; k++)
                        d[hdr++] = (uint8_t)(len >> 8 * (nb - 1 - k));
                }
                memset(d + hdr, 0, len + 1); /* zero: a BIT STRING with no unused bits */
                for (size_t total = hdr + len - (len > 0); total <= hdr + len + 1; total++) {
                    cur_index++;
                    run(d, total);
                }
            }
}

int main(int argc, char **argv)
{
    unsigned long long iterations = 100000, seed = 1;
    unsigned exhaustive = 3;
    buf_t seeds[256];
    size_t nseeds = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--iterations") && a + 1 < argc)
            iterations = strtoull(argv[++a], NULL, 0);
        else if (!strcmp(argv[a], "--seed") && a + 1 < argc)
            seed = strtoull(argv[++a], NULL, 0);
        else if (!strcmp(argv[a], "--exhaustive") && a + 1 < argc)
            exhaustive = (unsigned)strtoul(argv[++a], NULL, 0);
        else if (argv[a][0] == '-')
            die("usage: genus_fuzz_spki [--iterations N] [--seed S] [--exhaustive L] FILE...", NULL);
        else if (nseeds < sizeof seeds / sizeof seeds[0])
            seeds[nseeds++] = load(argv[a]);
        else
            die("too many files", NULL);
    }
    if (exhaustive > 3)
        die("--exhaustive is at most 3 (2^32 inputs of length 4)", NULL);

    signal(SIGILL, report);
    signal(SIGABRT, report);
#ifdef SIGTRAP
    signal(SIGTRAP, report);
#endif
    cur_seed = seed;
    for (size_t s = 0; s < nseeds; s++) { /* (a) */
        cur_index = s;
        run(seeds[s].p, seeds[s].len);
    }

    rng_state = seed; /* (b): 1 to 4 stacked mutations of a seed (or of nothing) */
    uint8_t *d = malloc(MAX_INPUT);
    if (!d)
        die("out of memory", NULL);
    for (unsigned long long it = 0; it < iterations; it++) {
        size_t len = 0;
        if (nseeds) {
            const buf_t *s = &seeds[below(nseeds)];
            memcpy(d, s->p, s->len);
            len = s->len;
        }
        for (size_t m = 1 + below(4); m; m--)
            mutate(d, &len, seeds, nseeds);
        cur_what = "mutated input";
        cur_index = it;
        run(d, len);
    }
    free(d);

    cur_index = 0;
    length_edges(); /* (c) */

    cur_what = "exhaustive input"; /* (d): every input of length 0..exhaustive, one exact-size block per length */
    for (size_t len = 0; len <= exhaustive; len++) {
        uint8_t *e = malloc(len ? len : 1);
        if (!e)
            die("out of memory", NULL);
        for (uint32_t v = 0; v < (uint32_t)1 << 8 * len; v++) {
            const uint8_t bytes[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
            if (len)
                memcpy(e, bytes, len);
            cur = e;
            cur_len = len;
            cur_index = v;
            LLVMFuzzerTestOneInput(e, len);
        }
        free(e);
    }
    for (size_t s = 0; s < nseeds; s++)
        free(seeds[s].p);
    printf("genus_fuzz_spki: %zu files, %llu mutated inputs (seed %llu), all inputs up to %u bytes; "
           "%zu keys decoded; no invariant broken\n",
           nseeds, iterations, seed, exhaustive, fuzz_spki_accepted());
    return 0;
}
