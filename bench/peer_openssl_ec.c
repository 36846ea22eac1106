/* OpenSSL as a benchmark peer for scalar multiplication: EC_POINT_mul on the named group, prime
 * curves (mul_<curve>, mulgen_<curve>) and binary ones (mul_b163, ...). */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>

typedef struct {
    EC_GROUP *group;
    EC_POINT *p, *r;
    BIGNUM *k, *x, *y; /* x, y: the result's affine coordinates */
    BN_CTX *bn;
    int failed;
} ossl_ec_state;

/* Each result is made affine (EC_POINT_get_affine_coordinates: OpenSSL's points stay
 * projective until asked), the work gn_ec_mul and gn_ec_mul_base do for their affine results, and a public key's
 * encoding needs. */

/* [k] P: OpenSSL 3 takes its constant-time ladder (or the curve's own code for P-256/P-521). */
static void ossl_ec_mul(void *st, size_t iters)
{
    ossl_ec_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!EC_POINT_mul(s->group, s->r, NULL, s->p, s->k, s->bn) || !EC_POINT_get_affine_coordinates(s->group, s->r, s->x, s->y, s->bn)) {
            s->failed = 1;
            return;
        }
}

/* [k] G: the generator of the group (precomputed tables where OpenSSL has them, e.g. P-256). */
static void ossl_ec_mulgen(void *st, size_t iters)
{
    ossl_ec_state *s = st;
    for (size_t i = 0; i < iters; i++)
        if (!EC_POINT_mul(s->group, s->r, s->k, NULL, NULL, s->bn) || !EC_POINT_get_affine_coordinates(s->group, s->r, s->x, s->y, s->bn)) {
            s->failed = 1;
            return;
        }
}

static int curve_nid(const char *curve)
{
    static const struct {
        const char *curve;
        int nid;
    } nids[] = {{"p256", NID_X9_62_prime256v1},           {"p384", NID_secp384r1},
                {"p521", NID_secp521r1},                  {"secp256k1", NID_secp256k1},
                {"brainpoolp256r1", NID_brainpoolP256r1}, {"brainpoolp384r1", NID_brainpoolP384r1},
                {"brainpoolp512r1", NID_brainpoolP512r1}};
    for (size_t i = 0; i < sizeof nids / sizeof nids[0]; i++)
        if (!strcmp(nids[i].curve, curve))
            return nids[i].nid;
    return NID_undef;
}

/* 1 if r's affine x is the big-endian x[bytes]. */
static int x_equals(const ossl_ec_state *s, const uint8_t *x, size_t bytes)
{
    uint8_t buf[BENCH_EC_MAX_BYTES];
    BIGNUM *rx = BN_new(), *ry = BN_new();
    int ok = rx && ry && EC_POINT_get_affine_coordinates(s->group, s->r, rx, ry, s->bn) &&
             BN_bn2binpad(rx, buf, (int)bytes) == (int)bytes && !memcmp(buf, x, bytes);
    BN_free(rx);
    BN_free(ry);
    return ok;
}

/* The group of nid, P = (px, py) and k (big-endian bytes) into s; 0 (and a message) on failure. */
static int ossl_setup(ossl_ec_state *s, int nid, const uint8_t *px, const uint8_t *py, size_t bytes,
                      const uint8_t *k, size_t klen, const char *name)
{
    BIGNUM *x = BN_bin2bn(px, (int)bytes, NULL), *y = BN_bin2bn(py, (int)bytes, NULL);
    s->group = EC_GROUP_new_by_curve_name(nid);
    s->bn = BN_CTX_new();
    s->k = BN_bin2bn(k, (int)klen, NULL);
    s->x = BN_new();
    s->y = BN_new();
    int ok = x && y && s->group && s->bn && s->k && s->x && s->y && (s->p = EC_POINT_new(s->group)) &&
             (s->r = EC_POINT_new(s->group)) && EC_POINT_set_affine_coordinates(s->group, s->p, x, y, s->bn);
    if (!ok)
        fprintf(stderr, "genus: bench: OpenSSL peer set-up failed for %s\n", name);
    BN_free(x);
    BN_free(y);
    return ok;
}

static void ossl_free(ossl_ec_state *s)
{
    EC_POINT_free(s->p);
    EC_POINT_free(s->r);
    EC_GROUP_free(s->group);
    BN_free(s->k);
    BN_free(s->x);
    BN_free(s->y);
    BN_CTX_free(s->bn);
}

/* [k] P on the binary curve's group, the same P, k and agreement check as for prime curves. */
void peer_openssl_ec2m(bench_set *set, const bench_ec2m_case *c)
{
#ifndef OPENSSL_NO_EC2M
    static const struct {
        const char *name;
        int nid;
    } nids[] = {{"mul_b163", NID_sect163r2}, {"mul_k163", NID_sect163k1}, {"mul_b233", NID_sect233r1},
                {"mul_b283", NID_sect283r1}, {"mul_b571", NID_sect571r1}};
    int nid = NID_undef;
    for (size_t i = 0; i < sizeof nids / sizeof nids[0]; i++)
        if (!strcmp(c->name, nids[i].name))
            nid = nids[i].nid;
    if (nid == NID_undef || !bench_wanted(set, c->name))
        return;
    ossl_ec_state s = {0};
    if (ossl_setup(&s, nid, c->px, c->py, c->bytes, c->k, c->klen, c->name)) {
        ossl_ec_mul(&s, 1);
        if (s.failed || !x_equals(&s, c->kp_x, c->bytes))
            fprintf(stderr, "bench: %s openssl DISAGREES\n", c->name);
        s.failed = 0;
        bench_run(set, c->name, "openssl", ossl_ec_mul, &s);
        if (s.failed)
            fprintf(stderr, "genus: bench: OpenSSL EC_POINT_mul failed for %s\n", c->name);
    }
    ossl_free(&s);
#else
    (void)set;
    (void)c;
#endif
}

void peer_openssl_ec(bench_set *set, const bench_ec_case *c)
{
    char mul_name[48], gen_name[48];
    snprintf(mul_name, sizeof mul_name, "mul_%s", c->curve);
    snprintf(gen_name, sizeof gen_name, "mulgen_%s", c->curve);
    int nid = curve_nid(c->curve);
    if (nid == NID_undef || (!bench_wanted(set, mul_name) && !bench_wanted(set, gen_name)))
        return;

    ossl_ec_state s = {0};
    if (!ossl_setup(&s, nid, c->px, c->py, c->bytes, c->k, c->klen, c->curve))
        goto done;

    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    ossl_ec_mul(&s, 1);
    if (s.failed || !x_equals(&s, c->kp_x, c->bytes))
        fprintf(stderr, "bench: %s openssl DISAGREES\n", c->curve);
    s.failed = 0;
    ossl_ec_mulgen(&s, 1);
    if (s.failed || !x_equals(&s, c->kg_x, c->bytes))
        fprintf(stderr, "bench: %s openssl DISAGREES (fixed base)\n", c->curve);
    s.failed = 0;

    bench_run(set, mul_name, "openssl", ossl_ec_mul, &s);
    bench_run(set, gen_name, "openssl", ossl_ec_mulgen, &s);
    if (s.failed)
        fprintf(stderr, "genus: bench: OpenSSL EC_POINT_mul failed for %s\n", c->curve);

done:
    ossl_free(&s);
}
#else
void peer_openssl_ec(bench_set *set, const bench_ec_case *c)
{
    (void)set;
    (void)c;
}

void peer_openssl_ec2m(bench_set *set, const bench_ec2m_case *c)
{
    (void)set;
    (void)c;
}
#endif
