/* libsodium as a benchmark peer: crypto_scalarmult, its X25519 (result x25519),
 * crypto_scalarmult_base, X25519's public key (x25519_public), and
 * crypto_scalarmult_ed25519_base_noclamp, its fixed-base multiplication on edwards25519 (result
 * mulgen_edwards25519). */
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

static void sodium_x25519_base(void *st, size_t iters)
{
    sodium_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (crypto_scalarmult_base(s->out, s->c->d) != 0) {
            s->failed = 1;
            return;
        }
}

void peer_sodium_kex(bench_set *set, const bench_kex_case *c)
{
    if (strcmp(c->name, "x25519") != 0 || (!bench_wanted(set, c->name) && !bench_wanted(set, "x25519_public")))
        return;
    /* sodium_init picks the implementation for the CPU; called before the first call to
     * libsodium (again: a no-op) */
    if (sodium_init() < 0) {
        fprintf(stderr, "genus: bench: sodium_init failed\n");
        return;
    }
    sodium_state s = {c, {0}, 0};

    bench_peer_run(set, c->name, "libsodium", sodium_x25519, &s, &s.failed, s.out, c->z, sizeof s.out);
    /* x25519_public: crypto_scalarmult_base, the public key of the same scalar */
    bench_peer_run(set, "x25519_public", "libsodium", sodium_x25519_base, &s, &s.failed, s.out, c->dpub,
                   sizeof s.out);
}

typedef struct {
    uint8_t k[crypto_scalarmult_ed25519_SCALARBYTES]; /* little-endian */
    uint8_t out[crypto_scalarmult_ed25519_BYTES];
    int failed;
} sodium_ed_state;

static void sodium_ed25519_base(void *st, size_t iters)
{
    sodium_ed_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (crypto_scalarmult_ed25519_base_noclamp(s->out, s->k) != 0) {
            s->failed = 1;
            return;
        }
}

void peer_sodium_ec(bench_set *set, const bench_ec_case *c)
{
    if (strcmp(c->curve, "edwards25519") != 0 || !bench_wanted(set, "mulgen_edwards25519") ||
        c->klen > sizeof((sodium_ed_state *)0)->k || c->bytes != crypto_scalarmult_ed25519_BYTES)
        return;
    if (sodium_init() < 0) {
        fprintf(stderr, "genus: bench: sodium_init failed\n");
        return;
    }
    static sodium_ed_state s;
    memset(&s, 0, sizeof s);
    for (size_t i = 0; i < c->klen; i++)
        s.k[i] = c->k[c->klen - 1 - i];
    /* the agreement, once: genus's y little-endian, x's low bit in the top bit (RFC 8032 5.1.2) */
    uint8_t want[crypto_scalarmult_ed25519_BYTES];
    for (size_t i = 0; i < sizeof want; i++)
        want[i] = c->kg_y[c->bytes - 1 - i];
    want[sizeof want - 1] |= (uint8_t)((c->kg_x[c->bytes - 1] & 1) << 7);
    bench_peer_run(set, "mulgen_edwards25519", "libsodium", sodium_ed25519_base, &s, &s.failed, s.out, want,
                   sizeof want);
}
#else
void peer_sodium_kex(bench_set *set, const bench_kex_case *c)
{
    (void)set;
    (void)c;
}

void peer_sodium_ec(bench_set *set, const bench_ec_case *c)
{
    (void)set;
    (void)c;
}
#endif
