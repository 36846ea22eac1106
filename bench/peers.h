/* Peer implementations measured beside genus (compiled in when found at configure time). */
#ifndef GN_BENCH_PEERS_H
#define GN_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#include "genus/genus.h"
#include "harness.h"

/* Inputs shared by genus and its peers for one prime field: big-endian p, x, y with x, y < p. */
typedef struct {
    const char *prefix; /* result names are <prefix>_mul, <prefix>_sqr, <prefix>_inv, <prefix>_inv_var */
    size_t bytes;
    uint8_t p[256], x[256], y[256];
    int rns; /* also measure the RNS arithmetic (impl genus-rns) */
} bench_fp_case;

/* GMP: Montgomery multiplication from the public mpn API (mpn_mul_n / mpn_sqr and a REDC built
 * from mpn_addmul_1), mpn_sec_invert (constant time) and mpz_invert (variable time). */
void peer_gmp_fp(bench_set *set, const bench_fp_case *c);
/* A probable prime of exactly `bits` bits into c->p (big-endian, c->bytes), deterministic in the
 * seed, by GMP (mpz_nextprime): the fields larger than genus's limb kernels serve. 0 without GMP. */
int peer_gmp_random_prime(bench_fp_case *c, size_t bits, unsigned long long seed);
/* OpenSSL: BN_mod_mul_montgomery, BN_mod_inverse (with and without BN_FLG_CONSTTIME). */
void peer_openssl_fp(bench_set *set, const bench_fp_case *c);
/* Names of the peers compiled in, e.g. "gmp openssl pari libsodium libsecp256k1" ("" for none). */
const char *peers_available(void);

void bench_fp(bench_set *set, int vs);

/* Runs per scalar-multiplication result (about 0.1 to 3 ms each, against microseconds for field
 * operations): fewer than the harness's defaults so that `genus bench --vs` stays short. */
#define BENCH_EC_RUNS 201
#define BENCH_EC_RUNS_QUICK 31

/* Inputs shared by genus and its peers for one curve (short Weierstrass y^2 = x^3 + a x + b: p, a
 * and b given), all big-endian: a point P, a scalar k below the order, and genus's results for
 * the agreement check. */
#define BENCH_EC_MAX_BYTES 66
typedef struct {
    const char *curve; /* result names are mul_<curve> ([k] P) and mulgen_<curve> ([k] G) */
    size_t bytes;      /* bytes of a field element */
    size_t klen;       /* bytes of k (those of the order) */
    uint8_t p[BENCH_EC_MAX_BYTES], a[BENCH_EC_MAX_BYTES], b[BENCH_EC_MAX_BYTES];
    uint8_t px[BENCH_EC_MAX_BYTES], py[BENCH_EC_MAX_BYTES];
    uint8_t k[BENCH_EC_MAX_BYTES];
    uint8_t kp_x[BENCH_EC_MAX_BYTES]; /* x of [k] P computed by genus */
    uint8_t kg_x[BENCH_EC_MAX_BYTES]; /* x of [k] G computed by genus */
    uint8_t kg_y[BENCH_EC_MAX_BYTES]; /* its y */
} bench_ec_case;

/* OpenSSL: EC_POINT_mul on the group of the same named curve, variable base (mul_<curve>) and
 * the group's generator (mulgen_<curve>). Curves it has no NID for are skipped. */
void peer_openssl_ec(bench_set *set, const bench_ec_case *c);
/* PARI: FpE_mul (impl pari) and ellmul on the ellinit curve (impl pari-ellmul), mul_<curve> only.
 * The first call starts libpari unless genus's PARI kernel has; peer_pari_done stops it. */
void peer_pari_ec(bench_set *set, const bench_ec_case *c);
void peer_pari_done(void);

/* gp running gp/genus.gp: gp_mul_<curve> by genusellmul (impl genus) and ellmul (impl pari),
 * timed inside one gp session (bench/peer_gp.c). */
void peer_gp_ec(bench_set *set);

/* Start libpari once (8 MB stack, no signal handlers, GMP's memory functions left alone); the
 * PARI peers call it before their first use, peer_pari_done stops it. */
void peer_pari_start(void);

/* Inputs shared by genus and PARI for one binary field: the reduction polynomial's exponents, two
 * non-zero elements and genus's product of them (for the agreement check), big-endian bytes. */
typedef struct {
    const char *prefix; /* result names are <prefix>_mul, <prefix>_inv, ... */
    unsigned exps[5];
    size_t nexp, bytes;
    uint8_t x[72], y[72], xy[72];
} bench_f2m_case;
/* PARI (with GN_BENCH_PARI): the GP variable var = ffgen of the polynomial with those exponents. */
void peer_pari_ffgen(const char *var, const unsigned *exps, size_t nexp);
/* PARI: gmul and ginv on t_FFELT (f2m<m>_mul, f2m<m>_inv). */
void peer_pari_f2m(bench_set *set, const bench_f2m_case *c);
/* GF(2^m): f2m163_* and f2m571_* (bench_f2m.c). */
void bench_f2m(bench_set *set, int vs);

/* Inputs shared by genus and PARI for one binary curve: its parameters, a point P, a scalar k
 * below the order and the x of genus's [k] P, big-endian bytes. */
typedef struct {
    const char *name; /* the result name, mul_<curve> */
    const struct gn_ec2m_params *params;
    size_t bytes, klen;
    uint8_t px[72], py[72], k[80], kp_x[72];
} bench_ec2m_case;
/* OpenSSL: EC_POINT_mul on the same binary curve (sect163r2, sect163k1, ...) when its build has
 * them (no OPENSSL_NO_EC2M). */
void peer_openssl_ec2m(bench_set *set, const bench_ec2m_case *c);
/* PARI: ellmul over the t_FFELT curve (mul_b163 ...). */
void peer_pari_ec2m(bench_set *set, const bench_ec2m_case *c);
/* Binary curves: mul_b163, mul_k163, mul_b233, mul_b283, mul_b571 (bench_ec2m.c). */
void bench_ec2m(bench_set *set, int vs);

/* Scalar multiplication: mul_<curve> and mulgen_<curve> on the named curves. */
void bench_ec(bench_set *set, int vs);
/* One scalar multiplication's inputs and result (bench_ec.c): [k] P on ec by the default
 * method and coordinates, with `window` (0: the default), timed by bench_body_mul. */
typedef struct {
    gn_ec_ctx_t ec;
    gn_ec_point_t p, r;
    gn_ec_comb_t *comb; /* mulgen_<curve>: the comb of G */
    uint8_t k[BENCH_EC_MAX_BYTES];
    size_t klen;
    unsigned window;
    int failed;
} bench_ec_state;
void bench_body_mul(void *s, size_t iters);
/* q = p, a point of src, on dst: the same curve on another kernel (by its coordinates' bytes);
 * 0 when dst cannot decode them */
int bench_point_onto(const gn_ec_ctx_t *dst, gn_ec_point_t *q, const gn_ec_ctx_t *src, const gn_ec_point_t *p);
/* --floor (bench/floor.c): the result word_product (ticks per word product, measured here), and
 * the word products of the field operations counted in c on fp's kernel (0: no model for it) */
void bench_word_product(bench_set *set);
/* the result clmul_product (ticks per carry-less 64 x 64-bit product), where the CPU has PCLMULQDQ */
void bench_clmul_product(bench_set *set);
double bench_products(const gn_fp_ctx_t *fp, const gn_op_counts_t *c);
/* --choices (bench/choices.c): every variant of the automatic choices, beside genus's pick */
void bench_choices(bench_set *set);

/* Inputs shared by genus and its peers for one key exchange, and genus's shared secret for the
 * agreement check. X25519/X448 (xdh = 1): d and q are RFC 7748 little-endian strings of `bytes`
 * bytes (d the scalar, dpub its public key X(d, base), q the peer's u). ECDH (xdh = 0): d is the big-endian private key of dlen
 * bytes, dpub its public key and q the peer's, both SEC1 uncompressed (04 || X || Y). */
#define BENCH_KEX_MAX_POINT (1 + 2 * BENCH_EC_MAX_BYTES)
typedef struct {
    const char *name;  /* result name: x25519, x448, ecdh_<curve> */
    const char *curve; /* x25519, x448, or the <curve> of ecdh_<curve> */
    int xdh;
    size_t bytes; /* bytes of the shared secret (of a field element) */
    size_t dlen, dpub_len, q_len;
    uint8_t d[BENCH_EC_MAX_BYTES];
    uint8_t dpub[BENCH_KEX_MAX_POINT], q[BENCH_KEX_MAX_POINT];
    uint8_t z[BENCH_EC_MAX_BYTES]; /* genus's shared secret */
} bench_kex_case;

/* OpenSSL 3 EVP: EVP_PKEY_derive on a context prepared once (X25519, X448 and ECDH on the groups
 * it knows). */
void peer_openssl_kex(bench_set *set, const bench_kex_case *c);
/* libsodium: crypto_scalarmult (x25519) and crypto_scalarmult_base (x25519_public). */
void peer_sodium_kex(bench_set *set, const bench_kex_case *c);
/* libsodium: crypto_scalarmult_ed25519_base_noclamp (mulgen_edwards25519 only: [k] G encoded as
 * RFC 8032 does, its affine y and x's sign, against genus's affine result). */
void peer_sodium_ec(bench_set *set, const bench_ec_case *c);
/* libsecp256k1: secp256k1_ecdh (ecdh_secp256k1 only). */
void peer_secp256k1_kex(bench_set *set, const bench_kex_case *c);
void peer_secp256k1_ec(bench_set *set, const bench_ec_case *c); /* mulgen_secp256k1: pubkey creation */

/* Key exchange: x25519, x448 (gn_xdh) and ecdh_<curve> (gn_ecdh) on the named curves. */
void bench_kex(bench_set *set, int vs);
/* kummer_dh, kummer_keygen (bench_kummer.c); genus only. */
void bench_kummer(bench_set *set);
/* g2_mul (bench_g2.c); genus only. */
void bench_g2(bench_set *set);

#endif
