/* Internal interface between the DRBG front end (drbg.c) and its mechanisms (hmac_drbg.c,
 * hash_drbg.c). The front end checks the state, the lengths and the flags of SP 800-90A 9.1-9.3
 * and gathers the entropy; a mechanism only runs its algorithm of 10.1.1 or 10.1.2. */
#ifndef GN_RAND_DRBG_INTERNAL_H
#define GN_RAND_DRBG_INTERNAL_H

#include "genus/drbg.h"
#include "genus/hash.h"

/* gn_drbg_t.magic while instantiated: catches a stale or never-instantiated struct. */
#define GN_DRBG_MAGIC 0x64726267u

/* A piece of a concatenation such as entropy_input || nonce || personalization_string:
 * the inputs are hashed where they lie instead of being copied together. */
typedef struct gn_drbg_seg {
    const uint8_t *p;
    size_t len;
} gn_drbg_seg_t;

/* The hash under a mechanism, and the seedlen of Hash_DRBG in bytes (Table 2). */
gn_hash_alg gn_drbg_hash_alg(gn_drbg_mech mech);
int gn_drbg_is_hash(gn_drbg_mech mech);
size_t gn_drbg_seedlen(gn_drbg_mech mech);

/* HMAC_DRBG (10.1.2): Instantiate_algorithm from seed_material (10.1.2.3), Reseed_algorithm
 * from entropy_input || additional_input (10.1.2.4), Generate_algorithm (10.1.2.5) without its
 * reseed-counter check, which the front end makes. */
gn_err gn_drbg_hmac_instantiate(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg);
gn_err gn_drbg_hmac_reseed(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg);
gn_err gn_drbg_hmac_generate(gn_drbg_t *d, uint8_t *out, size_t len, const uint8_t *add, size_t add_len);

/* Hash_DRBG (10.1.1): the same three algorithms (10.1.1.2, 10.1.1.3, 10.1.1.4). */
gn_err gn_drbg_hash_instantiate(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg);
gn_err gn_drbg_hash_reseed(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg);
gn_err gn_drbg_hash_generate(gn_drbg_t *d, uint8_t *out, size_t len, const uint8_t *add, size_t add_len);

/* The /dev/urandom fallback of gn_entropy_os (src/rand/entropy.c), callable by the tests since
 * the system call is nearly always there. GN_ERR_UNSUPPORTED where there is no such device. */
gn_err gn_entropy_urandom(uint8_t *out, size_t len);

#endif
