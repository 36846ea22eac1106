/* libsecp256k1 as a benchmark peer: secp256k1_ecdh (result ecdh_secp256k1) and
 * secp256k1_ec_pubkey_create ([k] G from its precomputed table: mulgen_secp256k1). */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_SECP256K1
#include <secp256k1.h>
#include <secp256k1_ecdh.h>

typedef struct {
    secp256k1_context *ctx;
    secp256k1_pubkey q; /* parsed once, outside the timed loop */
    const bench_kex_case *c;
    uint8_t out[32];
    int failed;
} secp_state;

/* secp256k1_ecdh's default output is SHA-256 of the compressed point; copying x instead gives
 * the SEC1 shared secret, the value genus and OpenSSL return, and leaves a hash out of the time. */
static int copy_x(unsigned char *output, const unsigned char *x32, const unsigned char *y32, void *data)
{
    (void)y32;
    (void)data;
    memcpy(output, x32, 32);
    return 1;
}

static void secp_ecdh(void *st, size_t iters)
{
    secp_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!secp256k1_ecdh(s->ctx, s->out, &s->q, s->c->d, copy_x, NULL)) {
            s->failed = 1;
            return;
        }
}

void peer_secp256k1_kex(bench_set *set, const bench_kex_case *c)
{
    if (strcmp(c->name, "ecdh_secp256k1") != 0 || !bench_wanted(set, c->name))
        return;
    secp_state s = {0};
    s.c = c;
    /* SECP256K1_CONTEXT_NONE is 0.2.0's name; older releases need the (now deprecated) SIGN flag. */
#ifdef SECP256K1_CONTEXT_NONE
    s.ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
#else
    s.ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN);
#endif
    if (!s.ctx || c->dlen != 32 || !secp256k1_ec_pubkey_parse(s.ctx, &s.q, c->q, c->q_len)) {
        fprintf(stderr, "genus: bench: libsecp256k1 peer set-up failed\n");
        goto done;
    }

    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    secp_ecdh(&s, 1);
    if (s.failed || c->bytes != 32 || memcmp(s.out, c->z, 32) != 0)
        fprintf(stderr, "bench: %s libsecp256k1 DISAGREES\n", c->name);
    s.failed = 0;

    bench_run(set, c->name, "libsecp256k1", secp_ecdh, &s);
    if (s.failed)
        fprintf(stderr, "genus: bench: secp256k1_ecdh failed\n");

done:
    if (s.ctx)
        secp256k1_context_destroy(s.ctx);
}

typedef struct {
    secp256k1_context *ctx;
    const bench_ec_case *c;
    secp256k1_pubkey pub;
    int failed;
} secp_gen_state;

/* [k] G as a public key: an affine point (libsecp256k1 keeps pubkeys affine), as gn_ec_mul_base's */
static void secp_pubkey(void *st, size_t iters)
{
    secp_gen_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!secp256k1_ec_pubkey_create(s->ctx, &s->pub, s->c->k)) {
            s->failed = 1;
            return;
        }
}

void peer_secp256k1_ec(bench_set *set, const bench_ec_case *c)
{
    if (strcmp(c->curve, "secp256k1") != 0 || !bench_wanted(set, "mulgen_secp256k1"))
        return;
    secp_gen_state s = {0};
    s.c = c;
#ifdef SECP256K1_CONTEXT_NONE
    s.ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
#else
    s.ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN);
#endif
    if (!s.ctx || c->klen != 32) {
        fprintf(stderr, "genus: bench: libsecp256k1 peer set-up failed\n");
        goto done;
    }
    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    secp_pubkey(&s, 1);
    unsigned char enc[65];
    size_t len = sizeof enc;
    if (s.failed || !secp256k1_ec_pubkey_serialize(s.ctx, enc, &len, &s.pub, SECP256K1_EC_UNCOMPRESSED) ||
        len != 65 || memcmp(enc + 1, c->kg_x, 32) != 0)
        fprintf(stderr, "bench: mulgen_secp256k1 libsecp256k1 DISAGREES\n");
    s.failed = 0;
    bench_run(set, "mulgen_secp256k1", "libsecp256k1", secp_pubkey, &s);
    if (s.failed)
        fprintf(stderr, "genus: bench: secp256k1_ec_pubkey_create failed\n");
done:
    if (s.ctx)
        secp256k1_context_destroy(s.ctx);
}
#else
void peer_secp256k1_kex(bench_set *set, const bench_kex_case *c)
{
    (void)set;
    (void)c;
}

void peer_secp256k1_ec(bench_set *set, const bench_ec_case *c)
{
    (void)set;
    (void)c;
}
#endif
