/* Benchmark harness: timing, medians, machine description, deterministic data. */
#define _POSIX_C_SOURCE 199309L
#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
static inline unsigned long long tsc_start(void)
{
    _mm_lfence();
    return __rdtsc();
}
static inline unsigned long long tsc_stop(void)
{
    unsigned aux;
    unsigned long long t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}
#else
static inline unsigned long long tsc_start(void) { return 0; }
static inline unsigned long long tsc_stop(void) { return 0; }
#endif

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_wanted(const bench_set *set, const char *name)
{
    return !set->filter || strstr(name, set->filter) != NULL;
}

static void append(bench_set *set, const char *name, const char *impl, double cycles, double ns, unsigned long runs)
{
    if (set->count == set->cap) {
        set->cap = set->cap ? 2 * set->cap : 64;
        set->items = realloc(set->items, set->cap * sizeof *set->items);
        if (!set->items) {
            fprintf(stderr, "genus: out of memory\n");
            exit(1);
        }
    }
    bench_result *res = &set->items[set->count++];
    snprintf(res->name, sizeof res->name, "%s", name);
    snprintf(res->impl, sizeof res->impl, "%s", impl);
    res->cycles = cycles;
    res->ns = ns;
    res->runs = runs;
    res->products = 0;
    res->unit = NULL;
    res->paired = 0;
    res->ref = 0;
}

/* Enough operations per run for about 20 microseconds, at least one. */
static size_t calibrate(bench_fn fn, void *state)
{
    size_t iters = 1;
    for (;;) {
        double t0 = now_ns();
        fn(state, iters);
        double dt = now_ns() - t0;
        if (dt > 20000 || iters >= (1u << 24))
            return iters;
        iters *= 2;
    }
}

void bench_peer_run(bench_set *set, const char *name, const char *impl, bench_fn fn, void *state, int *failed,
                    const void *out, const void *want, size_t len)
{
    if (!bench_wanted(set, name))
        return;
    fn(state, 1);
    if (*failed || memcmp(out, want, len) != 0)
        fprintf(stderr, "bench: %s %s DISAGREES\n", name, impl);
    *failed = 0;
    bench_run(set, name, impl, fn, state);
    if (*failed)
        fprintf(stderr, "genus: bench: %s: %s reported an error\n", name, impl);
}

void bench_partner(bench_set *set, const char *name, bench_fn fn, void *state)
{
    size_t i = 0;
    while (i < set->npartners && strcmp(set->partners[i].name, name))
        i++;
    if (i == sizeof set->partners / sizeof set->partners[0])
        return; /* full: later peers of this name run alone */
    snprintf(set->partners[i].name, sizeof set->partners[i].name, "%s", name);
    set->partners[i].fn = fn;
    set->partners[i].state = state;
    if (i == set->npartners)
        set->npartners++;
}

void bench_partners_clear(bench_set *set)
{
    set->npartners = 0;
}

double bench_ratio(const bench_result *a, const bench_result *b)
{
    if (!strcmp(a->name, b->name) && !strcmp(a->impl, "genus") && b->paired > 0)
        return b->paired;
    if (!strcmp(a->name, b->name) && !strcmp(b->impl, "genus") && a->paired > 0)
        return 1 / a->paired;
    return a->cycles / b->cycles;
}

#define PAIR_BLOCK 8

void bench_run(bench_set *set, const char *name, const char *impl, bench_fn fn, void *state)
{
    if (!bench_wanted(set, name))
        return;
    bench_fn pfn = NULL; /* genus's operation, when this result is paired with it */
    void *pstate = NULL;
    for (size_t i = 0; strcmp(impl, "genus") && i < set->npartners; i++)
        if (!strcmp(set->partners[i].name, name)) {
            pfn = set->partners[i].fn;
            pstate = set->partners[i].state;
        }
    size_t iters = calibrate(fn, state), piters = pfn ? calibrate(pfn, pstate) : 0;
    /* Warm-up: about 20 ms (caches, branch predictors, clock frequency). */
    double until = now_ns() + (set->quick ? 5e6 : 2e7);
    while (now_ns() < until) {
        fn(state, iters);
        if (pfn)
            pfn(pstate, piters);
    }
    size_t runs = set->runs ? (size_t)set->runs : set->quick ? 201 : 2001;
    /* the floor's reference beside genus's results (the operations it is the floor of) */
    const int with_ref = set->ref_fn && !strncmp(impl, "genus", 5);
    double *cyc = malloc(runs * sizeof *cyc), *ns = malloc(runs * sizeof *ns), *pcyc = malloc(runs * sizeof *pcyc),
           *ref = malloc(runs * sizeof *ref);
    if (!cyc || !ns || !pcyc || !ref) {
        fprintf(stderr, "genus: out of memory\n");
        exit(1);
    }
    /* paired: blocks of PAIR_BLOCK runs of each in turn, each block after one untimed run, so
     * that each operation runs on its own warm caches (alternating run by run, OpenSSL's and
     * genus's fixed-base tables evicted each other: mulgen_p256 read 1.07 against 0.80 apart),
     * while the drift within a block stays small */
    for (size_t r0 = 0; r0 < runs; r0 += PAIR_BLOCK) {
        const size_t r1 = r0 + PAIR_BLOCK < runs ? r0 + PAIR_BLOCK : runs;
        if (pfn) {
            pfn(pstate, piters);
            for (size_t r = r0; r < r1; r++) {
                unsigned long long c0 = tsc_start();
                pfn(pstate, piters);
                unsigned long long c1 = tsc_stop();
                pcyc[r] = (double)(c1 - c0) / (double)piters;
            }
            fn(state, iters);
        }
        for (size_t r = r0; with_ref && r < r1; r++) {
            unsigned long long c0 = tsc_start();
            set->ref_fn(set->ref_state, BENCH_REF_PRODUCTS);
            unsigned long long c1 = tsc_stop();
            ref[r] = (double)(c1 - c0) / BENCH_REF_PRODUCTS;
        }
        for (size_t r = r0; r < r1; r++) {
            double t0 = now_ns();
            unsigned long long c0 = tsc_start();
            fn(state, iters);
            unsigned long long c1 = tsc_stop();
            double t1 = now_ns();
            cyc[r] = (double)(c1 - c0) / (double)iters;
            ns[r] = (t1 - t0) / (double)iters;
        }
    }
    append(set, name, impl, median(cyc, runs), median(ns, runs), (unsigned long)runs);
    if (pfn)
        set->items[set->count - 1].paired = median(pcyc, runs) / set->items[set->count - 1].cycles;
    if (with_ref)
        set->items[set->count - 1].ref = median(ref, runs);
    free(cyc);
    free(ns);
    free(pcyc);
    free(ref);
}

/* TSC ticks per nanosecond, measured once over 20 ms (0 where there is no TSC) */
static double tsc_per_ns(void)
{
    static double rate = -1;
    if (rate < 0) {
        double t0 = now_ns();
        unsigned long long c0 = tsc_start();
        while (now_ns() - t0 < 2e7)
            ;
        unsigned long long c1 = tsc_stop();
        rate = (double)(c1 - c0) / (now_ns() - t0);
    }
    return rate;
}

void bench_add(bench_set *set, const char *name, const char *impl, double ns, unsigned long runs)
{
    if (bench_wanted(set, name))
        append(set, name, impl, ns * tsc_per_ns(), ns, runs);
}

const char *bench_cpu_name(void)
{
#if defined(__x86_64__) || defined(__i386__)
    static char brand[49];
    unsigned regs[12];
    if (__get_cpuid(0x80000000u, &regs[0], &regs[1], &regs[2], &regs[3]) && regs[0] >= 0x80000004u) {
        for (unsigned k = 0; k < 3; k++)
            __get_cpuid(0x80000002u + k, &regs[4 * k], &regs[4 * k + 1], &regs[4 * k + 2], &regs[4 * k + 3]);
        memcpy(brand, regs, 48);
        brand[48] = '\0';
        char *s = brand; /* trim leading and trailing blanks */
        while (*s == ' ')
            s++;
        memmove(brand, s, strlen(s) + 1);
        for (size_t n = strlen(brand); n > 0 && brand[n - 1] == ' ';)
            brand[--n] = '\0';
        return brand;
    }
#endif
    return "unknown";
}

const char *bench_compiler(void)
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

void bench_rng_bytes(bench_rng *r, uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned long long z = (r->s += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        out[i] = (uint8_t)(z ^ (z >> 31));
    }
}

int bench_rng_fn(void *state, uint8_t *out, size_t len)
{
    bench_rng_bytes(state, out, len);
    return 0;
}

void bench_set_products_in(bench_set *set, const char *name, const char *impl, double products, const char *unit)
{
    for (size_t i = set->count; i-- > 0;)
        if (!strcmp(set->items[i].name, name) && !strcmp(set->items[i].impl, impl)) {
            set->items[i].products = products;
            set->items[i].unit = unit;
            return;
        }
}

void bench_set_products(bench_set *set, const char *name, const char *impl, double products)
{
    bench_set_products_in(set, name, impl, products, NULL);
}

void bench_set_choice(bench_set *set, const char *point, const char *impl)
{
    if (set->npicks < sizeof set->picks / sizeof set->picks[0]) {
        snprintf(set->picks[set->npicks].point, sizeof set->picks[0].point, "%s", point);
        snprintf(set->picks[set->npicks].impl, sizeof set->picks[0].impl, "%s", impl);
        set->npicks++;
    }
}
