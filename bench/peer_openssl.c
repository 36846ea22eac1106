/* OpenSSL as a benchmark peer: BIGNUM Montgomery multiplication and inversion. */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_OPENSSL
#include <openssl/bn.h>

typedef struct {
    BN_CTX *bn;
    BN_MONT_CTX *mont;
    BIGNUM *p, *x, *y;
} ossl_state;

static void ossl_mul(void *st, size_t iters)
{
    ossl_state *s = st;
    for (size_t i = 0; i < iters; i++)
        BN_mod_mul_montgomery(s->x, s->x, s->y, s->mont, s->bn);
}

static void ossl_sqr(void *st, size_t iters)
{
    ossl_state *s = st;
    for (size_t i = 0; i < iters; i++)
        BN_mod_mul_montgomery(s->x, s->x, s->x, s->mont, s->bn);
}

static void ossl_inv(void *st, size_t iters)
{
    ossl_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!BN_mod_inverse(s->x, s->x, s->p, s->bn))
            return;
}

/* x = x^-1 + 1, as genus's fpN_inv_var (bench_fp.c) */
static void ossl_inv_var(void *st, size_t iters)
{
    ossl_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!BN_mod_inverse(s->x, s->x, s->p, s->bn) || !BN_add_word(s->x, 1))
            return;
}

void peer_openssl_fp(bench_set *set, const bench_fp_case *c)
{
    ossl_state s;
    char name[48];
    s.bn = BN_CTX_new();
    s.mont = BN_MONT_CTX_new();
    s.p = BN_bin2bn(c->p, (int)c->bytes, NULL);
    s.x = BN_new();
    s.y = BN_bin2bn(c->y, (int)c->bytes, NULL);
    if (!s.bn || !s.mont || !s.p || !s.x || !s.y || !BN_MONT_CTX_set(s.mont, s.p, s.bn)) {
        fprintf(stderr, "genus: bench: OpenSSL peer set-up failed\n");
        return;
    }
    BN_to_montgomery(s.y, s.y, s.mont, s.bn);

    BN_bin2bn(c->x, (int)c->bytes, s.x);
    BN_to_montgomery(s.x, s.x, s.mont, s.bn);
    snprintf(name, sizeof name, "%s_mul", c->prefix);
    bench_run(set, name, "openssl", ossl_mul, &s);
    snprintf(name, sizeof name, "%s_sqr", c->prefix);
    bench_run(set, name, "openssl", ossl_sqr, &s);

    BN_bin2bn(c->x, (int)c->bytes, s.x);
    BN_set_flags(s.x, BN_FLG_CONSTTIME);
    snprintf(name, sizeof name, "%s_inv", c->prefix);
    bench_run(set, name, "openssl", ossl_inv, &s);
    BN_free(s.x);
    s.x = BN_bin2bn(c->x, (int)c->bytes, NULL);
    snprintf(name, sizeof name, "%s_inv_var", c->prefix);
    bench_run(set, name, "openssl", ossl_inv_var, &s);

    BN_free(s.p);
    BN_free(s.x);
    BN_free(s.y);
    BN_MONT_CTX_free(s.mont);
    BN_CTX_free(s.bn);
}
#else
void peer_openssl_fp(bench_set *set, const bench_fp_case *c)
{
    (void)set;
    (void)c;
}
#endif

const char *peers_available(void)
{
    static const char names[] = ""
#ifdef GN_BENCH_GMP
                                " gmp"
#endif
#ifdef GN_BENCH_OPENSSL
                                " openssl"
#endif
#ifdef GN_BENCH_PARI
                                " pari"
#endif
#ifdef GN_BENCH_SODIUM
                                " libsodium"
#endif
#ifdef GN_BENCH_SECP256K1
                                " libsecp256k1"
#endif
        ;
    return names[0] ? names + 1 : names;
}
