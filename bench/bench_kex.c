/* Key-exchange benchmarks: x25519 and x448 (gn_xdh on a prepared context, variable base),
 * x25519_public (gn_xdh_public: the public key of a scalar, from edwards25519's built-in table)
 * and ecdh_<curve> (gn_ecdh with a decoded peer key), with OpenSSL, libsodium and libsecp256k1
 * measured on the same keys under --vs. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_ec_ctx_t ec;
    gn_ec_point_t q; /* ECDH: the peer's public key, decoded once */
    const bench_kex_case *c;
    uint8_t out[BENCH_EC_MAX_BYTES];
    int failed;
} kex_state;

static void body_xdh(void *s, size_t iters)
{
    kex_state *st = s;
    const bench_kex_case *c = st->c;
    for (size_t i = 0; i < iters; i++)
        if (gn_xdh(&st->ec, st->out, c->bytes, c->d, c->bytes, c->q, c->bytes) != GN_OK) {
            st->failed = 1;
            return;
        }
}

static void body_xdh_public(void *s, size_t iters)
{
    kex_state *st = s;
    const bench_kex_case *c = st->c;
    for (size_t i = 0; i < iters; i++)
        if (gn_xdh_public(&st->ec, st->out, c->bytes, c->d, c->bytes) != GN_OK) {
            st->failed = 1;
            return;
        }
}

/* gn_ecdh validates Q on every call (variable time, public data) before the constant-time [d] Q:
 * that is the cost a caller pays per exchange, so it stays inside the measured operation. */
static void body_ecdh(void *s, size_t iters)
{
    kex_state *st = s;
    const bench_kex_case *c = st->c;
    for (size_t i = 0; i < iters; i++)
        if (gn_ecdh(&st->ec, st->out, sizeof st->out, c->d, c->dlen, &st->q, GN_ECDH_STANDARD) != GN_OK) {
            st->failed = 1;
            return;
        }
}

/* X25519 / X448: a scalar and the peer's u, the public key of a second scalar (a point on the
 * curve, as in a real exchange), both deterministic in the seed. */
static int setup_xdh(kex_state *st, bench_kex_case *c, unsigned long long seed)
{
    uint8_t other[GN_X448_BYTES];
    bench_rng rng = {seed};
    c->bytes = c->dlen = c->q_len = gn_fp_bits(&st->ec.fp) == 255 ? GN_X25519_BYTES : GN_X448_BYTES;
    bench_rng_bytes(&rng, c->d, c->bytes);
    bench_rng_bytes(&rng, other, c->bytes);
    c->dpub_len = c->bytes; /* our public key, for the peers' agreement on it */
    return gn_xdh_public(&st->ec, c->dpub, c->dpub_len, c->d, c->bytes) == GN_OK &&
           gn_xdh_public(&st->ec, c->q, c->q_len, other, c->bytes) == GN_OK &&
           gn_xdh(&st->ec, c->z, c->bytes, c->d, c->bytes, c->q, c->bytes) == GN_OK;
}

/* ECDH: two key pairs from gn_ec_keygen on the deterministic generator; ours (d, dpub) and the
 * peer's public key, encoded SEC1 uncompressed for the peers and decoded back for genus. */
static int setup_ecdh(kex_state *st, bench_kex_case *c, unsigned long long seed)
{
    uint8_t other[BENCH_EC_MAX_BYTES];
    gn_ec_point_t pub;
    bench_rng rng = {seed};
    c->bytes = gn_fp_bytes(&st->ec.fp);
    c->dlen = gn_ec_scalar_bytes(&st->ec);
    if (c->bytes > BENCH_EC_MAX_BYTES || c->dlen > BENCH_EC_MAX_BYTES)
        return 0;
    if (gn_ec_keygen(&st->ec, c->d, sizeof c->d, &pub, bench_rng_fn, &rng) != GN_OK ||
        gn_ec_public_encode(&st->ec, c->dpub, &c->dpub_len, sizeof c->dpub, &pub, GN_EC_KEY_SEC1) != GN_OK ||
        gn_ec_keygen(&st->ec, other, sizeof other, &pub, bench_rng_fn, &rng) != GN_OK ||
        gn_ec_public_encode(&st->ec, c->q, &c->q_len, sizeof c->q, &pub, GN_EC_KEY_SEC1) != GN_OK ||
        gn_ec_public_decode(&st->ec, &st->q, c->q, c->q_len, GN_EC_KEY_SEC1) != GN_OK)
        return 0;
    return gn_ecdh(&st->ec, c->z, sizeof c->z, c->d, c->dlen, &st->q, GN_ECDH_STANDARD) == GN_OK;
}

/* --floor: the word products of the exchange just measured, counted by running it on the curve
 * carried onto the counting kernel with the same keys (bench/floor.c). */
static void count_products(bench_set *set, const kex_state *st, int xdh)
{
    static gn_ec_ctx_t cc;
    static gn_op_counts_t n;
    const bench_kex_case *c = st->c;
    gn_ec_point_t q;
    uint8_t out[BENCH_EC_MAX_BYTES];
    gn_err e = gn_ec_counting(&cc, &st->ec, &n);
    if (e == GN_OK && xdh && !strcmp(c->name, "x25519") && bench_wanted(set, "x25519_public")) {
        /* gn_xdh_public: [k] G on edwards25519's table (the scalar as it clamps it), then
         * u = (Z + Y) / (Z - Y): an inversion and one product, where gn_ec_mul_base's affine
         * x = X / Z, y = Y / Z take two */
        static gn_ec_ctx_t ed, edc;
        uint8_t kb[GN_X25519_BYTES];
        gn_ec_point_t r;
        for (size_t i = 0; i < sizeof kb; i++)
            kb[sizeof kb - 1 - i] = c->d[i];
        kb[31] &= 248;
        kb[0] = (uint8_t)((kb[0] & 127) | 64);
        memset(&n, 0, sizeof n);
        if (gn_ec_init_named(&ed, "edwards25519") == GN_OK && gn_ec_counting(&edc, &ed, &n) == GN_OK &&
            (memset(&n, 0, sizeof n), gn_ec_mul_base(&edc, &r, kb, sizeof kb) == GN_OK)) {
            n.m--;
            bench_set_products(set, "x25519_public", "genus", bench_products(&ed.fp, &n));
        }
        e = gn_ec_counting(&cc, &st->ec, &n);
    }
    if (e == GN_OK && !xdh)
        e = gn_ec_public_decode(&cc, &q, c->q, c->q_len, GN_EC_KEY_SEC1);
    memset(&n, 0, sizeof n);
    if (e == GN_OK)
        e = xdh ? gn_xdh(&cc, out, c->bytes, c->d, c->bytes, c->q, c->bytes)
                : gn_ecdh(&cc, out, sizeof out, c->d, c->dlen, &q, GN_ECDH_STANDARD);
    if (e == GN_OK)
        bench_set_products(set, c->name, "genus", bench_products(&st->ec.fp, &n));
    else
        fprintf(stderr, "genus: bench: %s: counting failed\n", c->name);
}

/* name: the result name; named: genus's curve name; curve: the <curve> part of the name. */
static void run_kex(bench_set *set, const char *name, const char *named, const char *curve, int xdh, int vs)
{
    static kex_state st;
    static bench_kex_case c;
    const int x25519_public = xdh && !strcmp(name, "x25519"); /* also the public key of its scalar */
    if (!bench_wanted(set, name) && !(x25519_public && bench_wanted(set, "x25519_public")))
        return;
    memset(&st, 0, sizeof st);
    memset(&c, 0, sizeof c);
    c.name = name;
    c.curve = curve;
    c.xdh = xdh;
    st.c = &c;
    unsigned long long seed = 0x6b6578; /* fixed keys per result name, different across names */
    for (const char *p = name; *p; p++)
        seed = seed * 131 + (unsigned char)*p;
    if (gn_ec_init_named(&st.ec, named) != GN_OK || !(xdh ? setup_xdh(&st, &c, seed) : setup_ecdh(&st, &c, seed))) {
        fprintf(stderr, "genus: bench: %s: set-up failed\n", name);
        return;
    }
    bench_run(set, name, "genus", xdh ? body_xdh : body_ecdh, &st);
    if (x25519_public)
        bench_run(set, "x25519_public", "genus", body_xdh_public, &st);
    if (st.failed)
        fprintf(stderr, "genus: bench: %s: key exchange failed\n", name);
    if (set->floor)
        count_products(set, &st, xdh);
    if (vs) {
        bench_partner(set, name, xdh ? body_xdh : body_ecdh, &st); /* the peers alternate with it */
        if (x25519_public)
            bench_partner(set, "x25519_public", body_xdh_public, &st);
        peer_openssl_kex(set, &c);
        peer_sodium_kex(set, &c);
        peer_secp256k1_kex(set, &c);
        bench_partners_clear(set);
    }
}

void bench_kex(bench_set *set, int vs)
{
    static const char *const weierstrass[] = {"P-224",           "P-256",           "P-384",
                                              "P-521",           "secp256k1",       "brainpoolP256r1",
                                              "brainpoolP384r1", "brainpoolP512r1"};
    /* Each exchange costs about as much as one scalar multiplication: the same run counts. */
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    run_kex(set, "x25519", "curve25519", "x25519", 1, vs);
    run_kex(set, "x448", "curve448", "x448", 1, vs);
    for (size_t i = 0; i < sizeof weierstrass / sizeof weierstrass[0]; i++) {
        /* DESIGN section 7: <curve> is the name in lower case without punctuation. */
        char curve[24], name[32];
        size_t n = 0;
        for (const char *p = weierstrass[i]; *p && n + 1 < sizeof curve; p++)
            if (isalnum((unsigned char)*p))
                curve[n++] = (char)tolower((unsigned char)*p);
        curve[n] = '\0';
        snprintf(name, sizeof name, "ecdh_%s", curve);
        run_kex(set, name, weierstrass[i], curve, 0, vs);
    }
    set->runs = saved;
}
