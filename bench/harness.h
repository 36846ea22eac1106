/*
 * Benchmark harness (DESIGN section 7): warm-up, then the median over many
 * runs of serialised rdtsc cycles (lfence; rdtsc ... rdtscp; lfence) and of
 * monotonic-clock nanoseconds, per operation.
 */
#ifndef GN_BENCH_HARNESS_H
#define GN_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char name[48];
    char impl[16];
    double cycles; /* median TSC ticks per operation */
    double ns;     /* median nanoseconds per operation */
    unsigned long runs;
    double products; /* --floor: the products one operation performs (0: not known) */
    const char *unit; /* the result whose ticks are one of those products (NULL: word_product) */
    /* genus's ticks over these, both from the same alternating runs (bench_partner), 0 if not
     * paired: the machine's speed drifts by up to 2x within minutes on a VM, so a ratio of two
     * results measured apart can be off by as much, where alternation cancels the drift */
    double paired;
    /* --floor: the median ticks of one word product, timed in blocks beside this result's runs
     * (bench_set.ref_fn; genus's results), 0 if not timed: the floor at the machine's speed of
     * the moment */
    double ref;
} bench_result;

typedef struct {
    bench_result *items;
    size_t count, cap;
    int quick;          /* fewer runs */
    unsigned long runs; /* runs per result when non-zero (slow operations); else 2001, or 201 when quick */
    const char *filter; /* only names containing this text (NULL: all) */
    int floor;          /* --floor or --vs: count the word products of the scalar multiplications */
    int choices;        /* --choices: measure every variant of the automatic choices */
    struct {
        char point[48], impl[16];
    } picks[32]; /* --choices: the variant genus picks at each choice point */
    size_t npicks;
    struct {
        char name[48];
        void (*fn)(void *state, size_t iters);
        void *state;
    } partners[8]; /* genus's operation for each result name its peers are paired with */
    size_t npartners;
    void (*ref_fn)(void *state, size_t iters); /* the word products of --floor (bench_word_product) */
    void *ref_state;
} bench_set;

/* word products timed beside each run of a genus result: some 7k ticks, of which the timer's own
 * 50-100 are 1% */
#define BENCH_REF_PRODUCTS 4800

/* One measured body: performs `iters` operations on `state`. */
typedef void (*bench_fn)(void *state, size_t iters);

/* 1 if results named `name` are wanted under the set's filter. */
int bench_wanted(const bench_set *set, const char *name);

/* Measure fn and append a result. An impl other than "genus" whose name has a partner runs
 * alternately with it, and the result records the ratio (bench_result.paired). */
void bench_run(bench_set *set, const char *name, const char *impl, bench_fn fn, void *state);

/* A peer's result: fn run once on state and its output out[0..len) compared with genus's want
 * (a sanity check, not a test: "bench: NAME IMPL DISAGREES" on stderr), then bench_run. fn sets
 * *failed when the peer reports an error. */
void bench_peer_run(bench_set *set, const char *name, const char *impl, bench_fn fn, void *state, int *failed,
                    const void *out, const void *want, size_t len);

/* genus's operation for results named `name` (fn on state, which must stay valid until
 * bench_partners_clear): the peers measured meanwhile alternate with it. */
void bench_partner(bench_set *set, const char *name, bench_fn fn, void *state);
void bench_partners_clear(bench_set *set);

/* a / b for two results of one name: from their alternating runs where one is genus's and the
 * other was paired with it, else the ratio of the two medians */
double bench_ratio(const bench_result *a, const bench_result *b);

/* Append a result measured elsewhere (in nanoseconds, e.g. inside gp), its TSC ticks estimated
 * from the TSC's measured rate. */
void bench_add(bench_set *set, const char *name, const char *impl, double ns, unsigned long runs);

/* --floor: the word products of one operation of the result (name, impl) measured last; the
 * products in another unit (the result measuring one: clmul_product for binary fields). */
void bench_set_products(bench_set *set, const char *name, const char *impl, double products);
void bench_set_products_in(bench_set *set, const char *name, const char *impl, double products, const char *unit);

/* --choices: genus picks the variant `impl` of the choice point `point` (results of that name). */
void bench_set_choice(bench_set *set, const char *point, const char *impl);

/* The CPU's brand string and the compiler's version, for reports. */
const char *bench_cpu_name(void);
const char *bench_compiler(void);

/* Deterministic test data (splitmix64): not for cryptographic use. */
typedef struct {
    unsigned long long s;
} bench_rng;
void bench_rng_bytes(bench_rng *r, uint8_t *out, size_t len);
int bench_rng_fn(void *state, uint8_t *out, size_t len);

#endif
