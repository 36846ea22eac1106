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

/* The RNS arithmetic (include/genus/rns.h) directly, for every size up to 2048 bits: products
 * with the RNS Montgomery reduction, inversion by p - 2 (background 003). */
typedef struct {
    gn_rns_ctx_t rns;
    uint64_t x[GN_RNS_FE_WORDS], y[GN_RNS_FE_WORDS];
} rns_state;

static void rns_mul(void *s, size_t iters)
{
    rns_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_rns_mul(&st->rns, st->x, st->x, st->y);
}

static void rns_sqr(void *s, size_t iters)
{
    rns_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_rns_mul(&st->rns, st->x, st->x, st->x);
}

static void rns_inv(void *s, size_t iters)
{
    rns_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_rns_inv(&st->rns, st->x, st->x);
}

/* fp<bits>_{mul,sqr,inv} with impl genus-rns (62-bit channels, c = 8). */
static void run_rns(bench_set *set, const bench_fp_case *c)
{
    static rns_state st;
    static const struct {
        const char *op;
        bench_fn fn;
    } ops[] = {{"mul", rns_mul}, {"sqr", rns_sqr}, {"inv", rns_inv}};
    gn_limb_t p[GN_RNS_MAX_LIMBS], x[GN_RNS_MAX_LIMBS];
    const size_t n = (c->bytes + sizeof(gn_limb_t) - 1) / sizeof(gn_limb_t);
    char name[48];
    if (gn_mp_from_bytes_be(p, n, c->p, c->bytes) != GN_OK || gn_rns_setup(&st.rns, p, n, NULL) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: no RNS bases\n", c->prefix);
        return;
    }
    uint64_t t[GN_RNS_FE_WORDS];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        snprintf(name, sizeof name, "%s_%s", c->prefix, ops[k].op);
        if (!bench_wanted(set, name))
            continue;
        if (gn_mp_from_bytes_be(x, n, c->x, c->bytes) != GN_OK) /* the inputs of the other impls */
            return;
        gn_rns_from_int(&st.rns, t, x, n);
        gn_rns_to_mont(&st.rns, st.x, t);
        if (gn_mp_from_bytes_be(x, n, c->y, c->bytes) != GN_OK)
            return;
        gn_rns_from_int(&st.rns, t, x, n);
        gn_rns_to_mont(&st.rns, st.y, t);
        bench_run(set, name, "genus-rns", ops[k].fn, &st);
    }
}

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

/* x = x^-1 + 1: a new input each time, as for the peers. Inverting x back and forth would time
 * a variable-time inversion on two inputs whose branches the predictor has learnt: GMP's
 * Lehmer steps branch on each quotient (genus / GMP 0.95-1.4 that way on AMD Zen 3, 0.55-0.8
 * on new inputs; docs/PERFORMANCE.md). */
static void body_inv_var(void *s, size_t iters)
{
    fp_state *st = s;
    gn_fp_t one;
    gn_fp_set_one(&st->ctx, &one);
    for (size_t i = 0; i < iters; i++) {
        if (gn_fp_inv_var(&st->ctx, &st->x, &st->x) != GN_OK)
            return;
        gn_fp_add(&st->ctx, &st->x, &st->x, &one);
    }
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
    fp_state mine[sizeof ops / sizeof ops[0]]; /* each operation's state, for the results below */
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        snprintf(name, sizeof name, "%s_%s", c->prefix, ops[k].op);
        mine[k] = saved;
        bench_run(set, name, "genus", ops[k].fn, &mine[k]);
        bench_partner(set, name, ops[k].fn, &mine[k]); /* the other results alternate with it */
    }
    if (c->rns)
        run_rns(set, c);
    if (vs) {
        peer_gmp_fp(set, c);
        peer_openssl_fp(set, c);
    }
    bench_partners_clear(set);
}

void bench_fp(bench_set *set, int vs)
{
    static const struct {
        const char *prefix;
        size_t bits;
    } randoms[] = {{"fp256", 256}, {"fp384", 384}, {"fp521", 521}, {"fp1024", 1024}};
    bench_fp_case c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < sizeof randoms / sizeof randoms[0]; i++) {
        c.prefix = randoms[i].prefix;
        c.rns = 1;
        random_prime(&c, randoms[i].bits, 0xf1e1d000ULL + randoms[i].bits);
        run_case(set, &c, vs);
    }
    c.rns = 0;
    /* 2048 bits: beyond the limb kernels (GN_FP_MAX_BITS); RNS and GMP only */
    c.prefix = "fp2048";
    if (peer_gmp_random_prime(&c, 2048, 0xf1e1d800ULL)) {
        bench_rng rng = {0x5eed0800ULL};
        bench_rng_bytes(&rng, c.x, c.bytes);
        bench_rng_bytes(&rng, c.y, c.bytes);
        c.x[0] &= 0x3f; /* below p, whose top bit is set */
        c.y[0] &= 0x3f;
        run_rns(set, &c);
        if (vs)
            peer_gmp_fp(set, &c);
    }
    c.prefix = "fp255_19";
    special_prime(&c, 255, 19);
    run_case(set, &c, vs);
    c.prefix = "fp127_1";
    special_prime(&c, 127, 1);
    run_case(set, &c, vs);
    c.prefix = "fp521_1"; /* NIST P-521's field */
    special_prime(&c, 521, 1);
    run_case(set, &c, vs);
    c.prefix = "fp448";
    goldilocks_prime(&c);
    run_case(set, &c, vs);
    c.prefix = "fp256_nist";
    nist_p256_prime(&c);
    run_case(set, &c, vs);
}
