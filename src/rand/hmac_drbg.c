/* HMAC_DRBG (NIST SP 800-90A Rev.1 10.1.2). The state is V and Key, outlen bytes each
 * (gn_drbg_t.v and .k); the front end (drbg.c) keeps the reseed counter and the checks. */
#include <string.h>

#include "genus/hmac.h"
#include "rand/drbg_internal.h"

/* HMAC_DRBG_Update (10.1.2.2): Key = HMAC(Key, V || byte || provided_data); V = HMAC(Key, V),
 * once with byte 0x00 and, when provided_data is not empty, again with 0x01. */
static gn_err hmac_update(gn_drbg_t *d, const gn_drbg_seg_t *data, size_t nseg)
{
    const gn_hash_alg alg = gn_drbg_hash_alg(d->mech);
    const size_t outlen = gn_hash_size(alg);
    int empty = 1;
    for (size_t i = 0; i < nseg; i++)
        if (data[i].len)
            empty = 0;
    gn_hmac_ctx_t h;
    gn_err e = GN_OK;
    for (uint8_t round = 0; round <= 1; round++) {
        if (round == 1 && empty)
            break; /* step 3: provided_data = Null */
        if ((e = gn_hmac_init(&h, alg, d->k, outlen)) != GN_OK)
            break;
        gn_hmac_update(&h, d->v, outlen);
        gn_hmac_update(&h, &round, 1);
        for (size_t i = 0; i < nseg; i++)
            gn_hmac_update(&h, data[i].p, data[i].len);
        gn_hmac_final(&h, d->k);
        if ((e = gn_hmac(alg, d->v, d->k, outlen, d->v, outlen)) != GN_OK)
            break;
    }
    gn_memzero(&h, sizeof h);
    return e;
}

gn_err gn_drbg_hmac_instantiate(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg)
{
    /* 10.1.2.3 steps 2-3: Key = 0x00 00...00, V = 0x01 01...01 (outlen bytes). */
    const size_t outlen = gn_hash_size(gn_drbg_hash_alg(d->mech));
    memset(d->k, 0x00, outlen);
    memset(d->v, 0x01, outlen);
    return hmac_update(d, seed, nseg);
}

gn_err gn_drbg_hmac_reseed(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg)
{
    return hmac_update(d, seed, nseg); /* 10.1.2.4 steps 1-2 */
}

gn_err gn_drbg_hmac_generate(gn_drbg_t *d, uint8_t *out, size_t len, const uint8_t *add, size_t add_len)
{
    const gn_hash_alg alg = gn_drbg_hash_alg(d->mech);
    const size_t outlen = gn_hash_size(alg);
    const gn_drbg_seg_t a = {add, add_len};
    gn_err e;
    /* Step 2: with additional input, (Key, V) = HMAC_DRBG_Update(additional_input, Key, V). */
    if (add_len && (e = hmac_update(d, &a, 1)) != GN_OK)
        return e;
    /* Steps 3-5: V = HMAC(Key, V), appended until len bytes. The keyed context is set up once
     * and copied for each block, which saves the two key-pad compressions per block. */
    gn_hmac_ctx_t keyed, h;
    if ((e = gn_hmac_init(&keyed, alg, d->k, outlen)) != GN_OK)
        return e;
    for (size_t off = 0; off < len; off += outlen) {
        h = keyed;
        gn_hmac_update(&h, d->v, outlen);
        gn_hmac_final(&h, d->v);
        memcpy(out + off, d->v, len - off < outlen ? len - off : outlen);
    }
    gn_memzero(&keyed, sizeof keyed);
    gn_memzero(&h, sizeof h);
    /* Step 6: (Key, V) = HMAC_DRBG_Update(additional_input, Key, V), with the same input. */
    return hmac_update(d, &a, add_len ? 1 : 0);
}
