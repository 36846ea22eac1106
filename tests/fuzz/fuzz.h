/* What every fuzz target (tests/fuzz/fuzz_<name>.c) gives the two drivers: libFuzzer, which
 * calls LLVMFuzzerTestOneInput in a binary of its own per target, and the portable driver
 * (fuzz_main.c), one binary holding every target (tests/fuzz/README.md).
 *
 * A target runs one input and returns 0; it traps (FUZZ_CHECK) when an invariant breaks, so a
 * failure is a bug whatever the bytes were. */
#ifndef GN_TESTS_FUZZ_H
#define GN_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* A broken invariant: __builtin_trap, which libFuzzer and the portable driver both report with
 * the input (SIGILL on x86). Not assert: it must hold under NDEBUG too. */
#define FUZZ_CHECK(c)                                                                                                  \
    do {                                                                                                               \
        if (!(c))                                                                                                      \
            __builtin_trap();                                                                                          \
    } while (0)

typedef struct fuzz_target {
    const char *name;
    int (*one)(const uint8_t *data, size_t size); /* runs one input */
    size_t max_len;                                /* the longest input worth making (the driver's cap) */
    unsigned exhaustive;                           /* every input of length 0..exhaustive is run (at most 3) */
    const char *const *tokens;                     /* NULL-terminated strings that mutations insert, or NULL */
    /* a mutation of the target's own (the DER length octets, ...): edits d[0..*len) in place,
     * *len at most cap, r a random word; NULL for none */
    void (*mutate)(uint8_t *d, size_t *len, size_t cap, uint64_t r);
    /* fixed inputs that mutation rarely reaches, each passed to run; NULL for none */
    void (*edges)(void (*run)(const uint8_t *data, size_t size));
    const size_t *accepted; /* inputs the decoder accepted so far (the driver reports it) */
} fuzz_target_t;

/* libFuzzer's entry point: defined by FUZZ_LIBFUZZER_ENTRY in a target built for libFuzzer. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* In the libFuzzer build (GN_FUZZ_LIBFUZZER, one binary per target) the target's function becomes
 * the entry point; the portable driver finds targets through fuzz_targets.h instead. */
#ifdef GN_FUZZ_LIBFUZZER
#define FUZZ_LIBFUZZER_ENTRY(fn)                                                                                       \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                                                      \
    {                                                                                                                  \
        return fn(data, size);                                                                                         \
    }
#else
#define FUZZ_LIBFUZZER_ENTRY(fn)
#endif

#endif
