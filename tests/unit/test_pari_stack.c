/*
 * The PARI kernel's stack discipline (src/backend/pari.c): a million field operations leave
 * PARI's stack pointer where it was and compute what the generic kernel computes; threads that
 * never saw PARI get a stack of their own, compute correctly, and give it back when they exit
 * (the sanitizer build's LeakSanitizer would report a stack left behind). Builds with libpari.
 */
#include <pari/pari.h>
#include <pthread.h>

#include "test_util.h"

#include "genus/genus.h"

#define OPS 1000000
#define THREADS 4

static gn_fp_ctx_t fp_pari, fp_ref;

/* n mixed operations on both kernels in lockstep; returns the number of disagreements */
static unsigned long run_ops(unsigned long n, uint64_t seed)
{
    gn_fp_t a, b, ra, rb;
    uint8_t x[128], y[128];
    const size_t fb = gn_fp_bytes(&fp_ref);
    unsigned long bad = 0;
    gn_fp_set_one(&fp_pari, &a);
    gn_fp_set_one(&fp_ref, &ra);
    gn_fp_mul_small(&fp_pari, &b, &a, (uint32_t)(seed % 1000) + 3);
    gn_fp_mul_small(&fp_ref, &rb, &ra, (uint32_t)(seed % 1000) + 3);
    for (unsigned long i = 0; i < n; i++) {
        switch ((i ^ seed) % 8) {
        case 0: gn_fp_mul(&fp_pari, &a, &a, &b); gn_fp_mul(&fp_ref, &ra, &ra, &rb); break;
        case 1: gn_fp_sqr(&fp_pari, &b, &a); gn_fp_sqr(&fp_ref, &rb, &ra); break;
        case 2: gn_fp_add(&fp_pari, &a, &a, &b); gn_fp_add(&fp_ref, &ra, &ra, &rb); break;
        case 3: gn_fp_sub(&fp_pari, &b, &a, &b); gn_fp_sub(&fp_ref, &rb, &ra, &rb); break;
        case 4: gn_fp_neg(&fp_pari, &a, &a); gn_fp_neg(&fp_ref, &ra, &ra); break;
        case 5: gn_fp_half(&fp_pari, &b, &b); gn_fp_half(&fp_ref, &rb, &rb); break;
        case 6: gn_fp_mul_small(&fp_pari, &a, &a, (uint32_t)i); gn_fp_mul_small(&fp_ref, &ra, &ra, (uint32_t)i); break;
        default:
            if (i % 1024 == 7) { /* an inversion now and then (safegcd on the t_INT's limbs) */
                bad += gn_fp_inv(&fp_pari, &b, &b) != gn_fp_inv(&fp_ref, &rb, &rb);
            }
            gn_fp_add(&fp_pari, &b, &b, &a);
            gn_fp_add(&fp_ref, &rb, &rb, &ra);
        }
        if (i % 4096 == 0 || i + 1 == n) {
            gn_fp_encode(&fp_pari, x, &a);
            gn_fp_encode(&fp_ref, y, &ra);
            bad += memcmp(x, y, fb) != 0;
            gn_fp_encode(&fp_pari, x, &b);
            gn_fp_encode(&fp_ref, y, &rb);
            bad += memcmp(x, y, fb) != 0;
        }
    }
    return bad;
}

static void *thread_main(void *arg)
{
    uintptr_t id = (uintptr_t)arg;
    unsigned long *bad = malloc(sizeof *bad);
    if (!bad)
        abort();
    pari_sp before = pari_mainstack ? avma : 0; /* no PARI stack yet in a new thread */
    *bad = run_ops(OPS / 10, id * 7919);
    *bad += before != 0;                      /* the thread had no stack before genus gave it one */
    *bad += !pari_mainstack;                  /* ... and has one now */
    return bad;
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    /* P-384's prime and 2^1021 - 553: the t_INTs of 6 and 16 limbs */
    static const char *primes[] = {
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
        "1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdd7"};
    for (size_t i = 0; i < 2; i++) {
        uint8_t p[128];
        size_t len = strlen(primes[i]) / 2;
        for (size_t j = 0; j < len; j++) {
            unsigned v;
            if (sscanf(primes[i] + 2 * j, "%2x", &v) != 1)
                abort();
            p[j] = (uint8_t)v;
        }
        gn_err e = gn_fp_init_kernel(&fp_pari, p, len, GN_FP_KERNEL_PARI);
        CHECK(e == GN_OK && gn_fp_init_kernel(&fp_ref, p, len, GN_FP_KERNEL_GENERIC) == GN_OK, "set-up of prime %zu", i);
        if (e != GN_OK)
            continue;
        pari_sp before = avma; /* the set-up started libpari in this thread */
        unsigned long bad = run_ops(OPS, i);
        CHECK(bad == 0, "%lu disagreements with the generic kernel", bad);
        CHECK(avma == before, "PARI's stack moved by %ld bytes over %d operations", (long)(before - avma), OPS);
    }
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, thread_main, (void *)t) == 0, "thread %u", (unsigned)t);
    for (int t = 0; t < THREADS; t++) {
        void *r;
        CHECK(pthread_join(th[t], &r) == 0, "join");
        CHECK(*(unsigned long *)r == 0, "thread %d: %lu failures", t, *(unsigned long *)r);
        free(r);
    }
    return test_done("test_pari_stack");
}
