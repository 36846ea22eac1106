/* Field benchmarks: fp<bits>_{mul,sqr,inv,inv_var} on random primes and the special forms
 * (fp448: 2^448 - 2^224 - 1; fp256_nist: P-256's 2^256 - 2^224 + 2^192 + 2^96 - 1). */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_fp_ctx_t ctx;
    gn_fp_t x, y;
} fp_state;

static void body_mul(void *s, size_t iters)
{
    fp_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_fp_mul(&st->ctx, &st->x, &st->x, &st->y);
}

static void body_sqr(void *s, size_t iters)
{
    fp_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_fp_sqr(&st->ctx, &st->x, &st->x);
}

static void body_inv(void *s, size_t iters)
{
    fp_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_fp_inv(&st->ctx, &st->x, &st->x) != GN_OK)
            return;
}

static void body_inv_var(void *s, size_t iters)
{
    fp_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_fp_inv_var(&st->ctx, &st->x, &st->x) != GN_OK)
            return;
}

/* A random prime of exactly `bits` bits, deterministic in the seed. */
static void random_prime(bench_fp_case *c, size_t bits, unsigned long long seed)
{
    bench_rng rng = {seed};
    gn_fp_ctx_t ctx;
    c->bytes = (bits + 7) / 8;
    unsigned top = (unsigned)((bits - 1) % 8);
    do {
        bench_rng_bytes(&rng, c->p, c->bytes);
        c->p[0] &= (uint8_t)((2u << top) - 1);
        c->p[0] |= (uint8_t)(1u << top);
        c->p[c->bytes - 1] |= 1;
    } while (gn_fp_init(&ctx, c->p, c->bytes) != GN_OK);
}

static void special_prime(bench_fp_case *c, unsigned k, unsigned sub)
{
    /* 2^k - sub, big-endian */
    c->bytes = (k + 7) / 8;
    memset(c->p, 0xff, c->bytes);
    c->p[0] = (uint8_t)((1u << (k % 8 ? k % 8 : 8)) - 1);
    c->p[c->bytes - 1] = (uint8_t)(0x100 - sub);
}

/* Goldilocks, 2^448 - 2^224 - 1 (curve448's field), big-endian: bit 224 is bit 0 of byte 27. */
static void goldilocks_prime(bench_fp_case *c)
{
    c->bytes = 56;
    memset(c->p, 0xff, c->bytes);
    c->p[27] = 0xfe;
}

/* NIST P-256's prime, big-endian: ffffffff 00000001 00000000 00000000 00000000 ffffffff ... */
static void nist_p256_prime(bench_fp_case *c)
{
    c->bytes = 32;
    memset(c->p, 0, c->bytes);
    memset(c->p, 0xff, 4);
    c->p[7] = 1;
    memset(c->p + 20, 0xff, 12);
}

/* x, y: random elements below p (shared with the peers as bytes). */
static void random_elements(bench_fp_case *c, fp_state *st, unsigned long long seed)
{
    bench_rng rng = {seed};
    if (gn_fp_random(&st->ctx, &st->x, bench_rng_fn, &rng) != GN_OK ||
        gn_fp_random(&st->ctx, &st->y, bench_rng_fn, &rng) != GN_OK) {
        fprintf(stderr, "genus: bench: random elements failed\n");
        return;
    }
    gn_fp_encode(&st->ctx, c->x, &st->x);
    gn_fp_encode(&st->ctx, c->y, &st->y);
}

static void run_case(bench_set *set, bench_fp_case *c, int vs)
{
    fp_state st;
    char name[48];
    if (gn_fp_init(&st.ctx, c->p, c->bytes) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: bad prime\n", c->prefix);
        return;
    }
    random_elements(c, &st, 0x5eed0000ULL + c->bytes);
    fp_state saved = st;
    static const struct {
        const char *op;
        bench_fn fn;
    } ops[] = {{"mul", body_mul}, {"sqr", body_sqr}, {"inv", body_inv}, {"inv_var", body_inv_var}};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        snprintf(name, sizeof name, "%s_%s", c->prefix, ops[k].op);
        st = saved;
        bench_run(set, name, "genus", ops[k].fn, &st);
    }
    if (vs) {
        peer_gmp_fp(set, c);
        peer_openssl_fp(set, c);
    }
}

void bench_fp(bench_set *set, int vs)
{
    static const struct {
        const char *prefix;
        size_t bits;
    } randoms[] = {{"fp256", 256}, {"fp384", 384}, {"fp521", 521}};
    bench_fp_case c;
    for (size_t i = 0; i < sizeof randoms / sizeof randoms[0]; i++) {
        c.prefix = randoms[i].prefix;
        random_prime(&c, randoms[i].bits, 0xf1e1d000ULL + randoms[i].bits);
        run_case(set, &c, vs);
    }
    c.prefix = "fp255_19";
    special_prime(&c, 255, 19);
    run_case(set, &c, vs);
    c.prefix = "fp127_1";
    special_prime(&c, 127, 1);
    run_case(set, &c, vs);
    c.prefix = "fp448";
    goldilocks_prime(&c);
    run_case(set, &c, vs);
    c.prefix = "fp256_nist";
    nist_p256_prime(&c);
    run_case(set, &c, vs);
}
