/* Peer implementations measured beside genus (compiled in when found at configure time). */
#ifndef GN_BENCH_PEERS_H
#define GN_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

/* Inputs shared by genus and its peers for one prime field: big-endian p, x, y with x, y < p. */
typedef struct {
    const char *prefix; /* result names are <prefix>_mul, <prefix>_sqr, <prefix>_inv, <prefix>_inv_var */
    size_t bytes;
    uint8_t p[128], x[128], y[128];
} bench_fp_case;

/* GMP: Montgomery multiplication from the public mpn API (mpn_mul_n / mpn_sqr and a REDC built
 * from mpn_addmul_1), mpn_sec_invert (constant time) and mpz_invert (variable time). */
void peer_gmp_fp(bench_set *set, const bench_fp_case *c);
/* OpenSSL: BN_mod_mul_montgomery, BN_mod_inverse (with and without BN_FLG_CONSTTIME). */
void peer_openssl_fp(bench_set *set, const bench_fp_case *c);
/* Names of the peers compiled in, e.g. "gmp openssl" ("" for none). */
const char *peers_available(void);

void bench_fp(bench_set *set, int vs);

#endif
