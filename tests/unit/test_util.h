/* Minimal test support for the C unit tests: checks, a seeded generator, --seed/--iterations. */
#ifndef GN_TEST_UTIL_H
#define GN_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long test_failures, test_checks;
static uint64_t test_seed = 1;
static unsigned long test_iterations = 1;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        test_checks++;                                                        \
        if (!(cond)) {                                                        \
            test_failures++;                                                  \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            if (test_failures > 20)                                           \
                exit(1);                                                      \
        }                                                                     \
    } while (0)

static void test_args(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed"))
            test_seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--iterations"))
            test_iterations = strtoul(argv[i + 1], NULL, 0);
    }
    fprintf(stderr, "seed %llu, iterations x%lu\n", (unsigned long long)test_seed, test_iterations);
}

/* xoshiro-style generator for test data (splitmix64 steps). */
static uint64_t test_rand64(void)
{
    uint64_t z = (test_seed += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int test_rng(void *state, uint8_t *out, size_t len)
{
    (void)state;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)test_rand64();
    return 0;
}

static int test_done(const char *name)
{
    fprintf(stderr, "%s: %lu checks, %lu failures\n", name, test_checks, test_failures);
    return test_failures ? 1 : 0;
}

#endif
