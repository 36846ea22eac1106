/* GMP as a benchmark peer: Montgomery multiplication from the public mpn API. */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_GMP
#include <gmp.h>

#define GMP_MAX 33

typedef struct {
    mp_size_t n;
    mp_limb_t p[GMP_MAX], x[GMP_MAX], y[GMP_MAX], t[2 * GMP_MAX + 1], pinv;
    mp_limb_t a[GMP_MAX], scratch[64 * GMP_MAX];
    mpz_t zx, zp;
} gmp_state;

/* r = t / 2^(64 n) mod p for t < p 2^(64 n): REDC (Montgomery 1985) one word at a time with
 * mpn_addmul_1, the carry of each row propagated with mpn_add_1, then one conditional subtraction. */
static void redc(gmp_state *s, mp_limb_t *r)
{
    mp_size_t n = s->n;
    mp_limb_t hi = 0;
    for (mp_size_t i = 0; i < n; i++) {
        mp_limb_t m = s->t[i] * s->pinv;
        mp_limb_t c = mpn_addmul_1(s->t + i, s->p, n, m);
        hi += mpn_add_1(s->t + i + n, s->t + i + n, n - i, c);
    }
    if (hi || mpn_cmp(s->t + n, s->p, n) >= 0)
        mpn_sub_n(r, s->t + n, s->p, n);
    else
        mpn_copyi(r, s->t + n, n);
}

static void gmp_mul(void *st, size_t iters)
{
    gmp_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        mpn_mul_n(s->t, s->x, s->y, s->n);
        redc(s, s->x);
    }
}

static void gmp_sqr(void *st, size_t iters)
{
    gmp_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        mpn_sqr(s->t, s->x, s->n);
        redc(s, s->x);
    }
}

static void gmp_inv_ct(void *st, size_t iters)
{
    gmp_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        mpn_copyi(s->a, s->x, s->n); /* mpn_sec_invert destroys its input */
        if (!mpn_sec_invert(s->x, s->a, s->p, s->n, 2 * s->n * GMP_NUMB_BITS, s->scratch))
            return;
    }
}

/* x = x^-1 + 1, as genus's fpN_inv_var (bench_fp.c) */
static void gmp_inv_var(void *st, size_t iters)
{
    gmp_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        if (!mpz_invert(s->zx, s->zx, s->zp))
            return;
        mpz_add_ui(s->zx, s->zx, 1);
    }
}

static void load(mp_limb_t *r, mp_size_t n, const uint8_t *be, size_t len)
{
    mpz_t z;
    mpz_init(z);
    mpz_import(z, len, 1, 1, 1, 0, be);
    memset(r, 0, n * sizeof *r);
    mpz_export(r, NULL, -1, sizeof *r, 0, 0, z);
    mpz_clear(z);
}

void peer_gmp_fp(bench_set *set, const bench_fp_case *c)
{
    static gmp_state s;
    char name[48];
    s.n = (mp_size_t)((c->bytes + 7) / 8);
    if (s.n > GMP_MAX || mpn_sec_invert_itch(s.n) > (mp_size_t)(sizeof s.scratch / sizeof s.scratch[0])) {
        fprintf(stderr, "genus: bench: GMP peer: field too large\n");
        return;
    }
    load(s.p, s.n, c->p, c->bytes);
    load(s.y, s.n, c->y, c->bytes);
    mp_limb_t inv = s.p[0]; /* -p^-1 mod 2^64 by Newton iteration */
    for (int i = 0; i < 6; i++)
        inv *= 2 - s.p[0] * inv;
    s.pinv = (mp_limb_t)0 - inv;
    mpz_init(s.zx);
    mpz_init(s.zp);
    mpz_import(s.zp, c->bytes, 1, 1, 1, 0, c->p);

    load(s.x, s.n, c->x, c->bytes);
    snprintf(name, sizeof name, "%s_mul", c->prefix);
    bench_run(set, name, "gmp", gmp_mul, &s);
    load(s.x, s.n, c->x, c->bytes);
    snprintf(name, sizeof name, "%s_sqr", c->prefix);
    bench_run(set, name, "gmp", gmp_sqr, &s);
    load(s.x, s.n, c->x, c->bytes);
    snprintf(name, sizeof name, "%s_inv", c->prefix);
    bench_run(set, name, "gmp", gmp_inv_ct, &s);
    mpz_import(s.zx, c->bytes, 1, 1, 1, 0, c->x);
    snprintf(name, sizeof name, "%s_inv_var", c->prefix);
    bench_run(set, name, "gmp", gmp_inv_var, &s);
    mpz_clear(s.zx);
    mpz_clear(s.zp);
}

int peer_gmp_random_prime(bench_fp_case *c, size_t bits, unsigned long long seed)
{
    bench_rng rng = {seed};
    uint8_t buf[256];
    const size_t bytes = (bits + 7) / 8;
    if (bytes > sizeof buf)
        return 0;
    mpz_t z;
    mpz_init(z);
    do {
        bench_rng_bytes(&rng, buf, bytes);
        buf[0] &= (uint8_t)((2u << ((bits - 1) % 8)) - 1);
        buf[0] |= (uint8_t)(1u << ((bits - 1) % 8));
        mpz_import(z, bytes, 1, 1, 1, 0, buf);
        mpz_nextprime(z, z);
    } while (mpz_sizeinbase(z, 2) != bits);
    c->bytes = bytes;
    memset(c->p, 0, sizeof c->p);
    mpz_export(c->p, NULL, 1, 1, 1, 0, z);
    mpz_clear(z);
    return 1;
}
#else
void peer_gmp_fp(bench_set *set, const bench_fp_case *c)
{
    (void)set;
    (void)c;
}

int peer_gmp_random_prime(bench_fp_case *c, size_t bits, unsigned long long seed)
{
    (void)c, (void)bits, (void)seed;
    return 0;
}
#endif
