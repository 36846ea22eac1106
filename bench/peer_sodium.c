/* libsodium as a benchmark peer: crypto_scalarmult, its X25519 (result x25519). */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_SODIUM
#include <sodium.h>

typedef struct {
    const bench_kex_case *c;
    uint8_t out[crypto_scalarmult_BYTES];
    int failed;
} sodium_state;

static void sodium_x25519(void *st, size_t iters)
{
    sodium_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (crypto_scalarmult(s->out, s->c->d, s->c->q) != 0) {
            s->failed = 1;
            return;
        }
}

void peer_sodium_kex(bench_set *set, const bench_kex_case *c)
{
    if (strcmp(c->name, "x25519") != 0 || !bench_wanted(set, c->name))
        return;
    /* sodium_init picks the implementation for the CPU; it is called once, as the first call
     * to libsodium in this process (x25519 is its only result). */
    if (sodium_init() < 0) {
        fprintf(stderr, "genus: bench: sodium_init failed\n");
        return;
    }
    sodium_state s = {c, {0}, 0};

    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    sodium_x25519(&s, 1);
    if (s.failed || memcmp(s.out, c->z, sizeof s.out) != 0)
        fprintf(stderr, "bench: %s libsodium DISAGREES\n", c->name);
    s.failed = 0;

    bench_run(set, c->name, "libsodium", sodium_x25519, &s);
    if (s.failed)
        fprintf(stderr, "genus: bench: crypto_scalarmult failed\n");
}
#else
void peer_sodium_kex(bench_set *set, const bench_kex_case *c)
{
    (void)set;
    (void)c;
}
#endif
