/* OpenSSL as a benchmark peer for key exchange: EVP_PKEY_derive (X25519, X448, ECDH) on a
 * context prepared once, so that only the derivation is timed; and X25519's public key. */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_OPENSSL
#include <openssl/opensslv.h>
#endif

/* The provider API (EVP_PKEY_fromdata, OSSL_PARAM_BLD) is OpenSSL 3's; with 1.1 the field and
 * scalar-multiplication peers still build, and this one is left out. */
#if defined(GN_BENCH_OPENSSL) && OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

typedef struct {
    EVP_PKEY_CTX *ctx; /* derive_init and set_peer done */
    uint8_t out[BENCH_EC_MAX_BYTES];
    size_t outlen;
    int failed;
} ossl_kex_state;

static void ossl_derive(void *st, size_t iters)
{
    ossl_kex_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        s->outlen = sizeof s->out;
        if (EVP_PKEY_derive(s->ctx, s->out, &s->outlen) <= 0) {
            s->failed = 1;
            return;
        }
    }
}

/* OpenSSL's group name for the <curve> of ecdh_<curve>; NULL for curves it is not asked about. */
static const char *group_name(const char *curve)
{
    static const struct {
        const char *curve, *group;
    } groups[] = {{"p224", "secp224r1"},
                  {"p256", "prime256v1"},
                  {"p384", "secp384r1"},
                  {"p521", "secp521r1"},
                  {"secp256k1", "secp256k1"},
                  {"brainpoolp256r1", "brainpoolP256r1"},
                  {"brainpoolp384r1", "brainpoolP384r1"},
                  {"brainpoolp512r1", "brainpoolP512r1"}};
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (!strcmp(groups[i].curve, curve))
            return groups[i].group;
    return NULL;
}

/* An EC key on `group` from its SEC1 public key and, when priv is not NULL, its private key. */
static EVP_PKEY *ec_key(const char *group, const uint8_t *pub, size_t publen, const uint8_t *priv, size_t privlen)
{
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *d = priv ? BN_bin2bn(priv, (int)privlen, NULL) : NULL;
    OSSL_PARAM *params = NULL;
    if (ctx && bld && (!priv || d) &&
        OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) &&
        OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, publen) &&
        (!d || OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d)) && (params = OSSL_PARAM_BLD_to_param(bld)) &&
        EVP_PKEY_fromdata_init(ctx) > 0 &&
        EVP_PKEY_fromdata(ctx, &key, d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <= 0)
        key = NULL;
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_clear_free(d);
    EVP_PKEY_CTX_free(ctx);
    return key;
}

/* x25519_public: the public key of a raw X25519 private key, as OpenSSL's API gives it (the key
 * object made from the scalar, which computes it, then read) */
typedef struct {
    const bench_kex_case *c;
    uint8_t out[32];
    int failed;
} ossl_pub_state;

static void ossl_x25519_public(void *st, size_t iters)
{
    ossl_pub_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        size_t len = sizeof s->out;
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(NULL, "X25519", NULL, s->c->d, 32);
        if (!k || EVP_PKEY_get_raw_public_key(k, s->out, &len) <= 0 || len != 32)
            s->failed = 1;
        EVP_PKEY_free(k);
        if (s->failed)
            return;
    }
}

static void peer_openssl_x25519_public(bench_set *set, const bench_kex_case *c)
{
    if (strcmp(c->name, "x25519") != 0 || !bench_wanted(set, "x25519_public"))
        return;
    ossl_pub_state s = {c, {0}, 0};
    bench_peer_run(set, "x25519_public", "openssl", ossl_x25519_public, &s, &s.failed, s.out, c->dpub, sizeof s.out);
}

void peer_openssl_kex(bench_set *set, const bench_kex_case *c)
{
    peer_openssl_x25519_public(set, c);
    const char *group = c->xdh ? NULL : group_name(c->curve);
    if ((!c->xdh && !group) || !bench_wanted(set, c->name))
        return;

    EVP_PKEY *own, *peer;
    if (c->xdh) {
        const char *alg = c->bytes == 32 ? "X25519" : "X448";
        own = EVP_PKEY_new_raw_private_key_ex(NULL, alg, NULL, c->d, c->bytes);
        peer = EVP_PKEY_new_raw_public_key_ex(NULL, alg, NULL, c->q, c->q_len);
    } else {
        own = ec_key(group, c->dpub, c->dpub_len, c->d, c->dlen);
        peer = ec_key(group, c->q, c->q_len, NULL, 0);
    }
    /* derive_set_peer checks the peer key once here; the timed loop only derives. */
    ossl_kex_state s = {0};
    if (!own || !peer || !(s.ctx = EVP_PKEY_CTX_new_from_pkey(NULL, own, NULL)) || EVP_PKEY_derive_init(s.ctx) <= 0 ||
        EVP_PKEY_derive_set_peer(s.ctx, peer) <= 0) {
        fprintf(stderr, "genus: bench: OpenSSL peer set-up failed for %s\n", c->name);
        goto done;
    }

    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    ossl_derive(&s, 1);
    if (s.failed || s.outlen != c->bytes || memcmp(s.out, c->z, c->bytes) != 0)
        fprintf(stderr, "bench: %s openssl DISAGREES\n", c->name);
    s.failed = 0;

    bench_run(set, c->name, "openssl", ossl_derive, &s);
    if (s.failed)
        fprintf(stderr, "genus: bench: OpenSSL EVP_PKEY_derive failed for %s\n", c->name);

done:
    EVP_PKEY_CTX_free(s.ctx);
    EVP_PKEY_free(own);
    EVP_PKEY_free(peer);
}
#else
void peer_openssl_kex(bench_set *set, const bench_kex_case *c)
{
    (void)set;
    (void)c;
}
#endif
