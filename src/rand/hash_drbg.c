/* Hash_DRBG (NIST SP 800-90A Rev.1 10.1.1) with Hash_df (10.3.1). The state is V and C, seedlen
 * bytes each (gn_drbg_t.v and .k); the front end (drbg.c) keeps the reseed counter and the
 * checks. Integers are big-endian byte strings, as the standard writes them. */
#include <string.h>

#include "rand/drbg_internal.h"

/* v = (v + b) mod 2^(8 n), b of blen <= n bytes: a carry loop over all n bytes, whatever the
 * values, so that the time depends on the lengths only. */
static void add_be(uint8_t *v, size_t n, const uint8_t *b, size_t blen)
{
    unsigned carry = 0;
    for (size_t i = 1; i <= n; i++) {
        carry += (unsigned)v[n - i] + (i <= blen ? b[blen - i] : 0u);
        v[n - i] = (uint8_t)carry;
        carry >>= 8;
    }
}

/* Hash_df (10.3.1): out = leftmost outbytes of Hash(1 || no_of_bits || input) ||
 * Hash(2 || no_of_bits || input) || ..., counter one byte and no_of_bits_to_return 32 bits.
 * The input is the concatenation of pre (when prelen > 0), then v (vlen bytes), then segs. */
static gn_err hash_df(gn_hash_alg alg, uint8_t *out, size_t outbytes, uint8_t pre, size_t prelen,
                      const uint8_t *v, size_t vlen, const gn_drbg_seg_t *segs, size_t nseg)
{
    const size_t outlen = gn_hash_size(alg);
    const uint32_t bits = (uint32_t)(8 * outbytes); /* at most 888 */
    uint8_t head[5] = {1, (uint8_t)(bits >> 24), (uint8_t)(bits >> 16), (uint8_t)(bits >> 8), (uint8_t)bits};
    uint8_t block[GN_HASH_MAX_SIZE];
    gn_hash_ctx_t h;
    gn_err e = GN_OK;
    for (size_t off = 0; off < outbytes; off += outlen, head[0]++) {
        if ((e = gn_hash_init(&h, alg)) != GN_OK)
            break;
        gn_hash_update(&h, head, sizeof head);
        gn_hash_update(&h, &pre, prelen);
        gn_hash_update(&h, v, vlen);
        for (size_t i = 0; i < nseg; i++)
            gn_hash_update(&h, segs[i].p, segs[i].len);
        gn_hash_final(&h, block);
        memcpy(out + off, block, outbytes - off < outlen ? outbytes - off : outlen);
    }
    gn_memzero(block, sizeof block);
    return e;
}

/* V = seed; C = Hash_df(0x00 || V, seedlen): the common tail of 10.1.1.2 and 10.1.1.3. */
static gn_err set_v_c(gn_drbg_t *d, const uint8_t *seed)
{
    const size_t seedlen = gn_drbg_seedlen(d->mech);
    memcpy(d->v, seed, seedlen);
    return hash_df(gn_drbg_hash_alg(d->mech), d->k, seedlen, 0x00, 1, d->v, seedlen, NULL, 0);
}

gn_err gn_drbg_hash_instantiate(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg)
{
    /* 10.1.1.2 steps 1-4: seed = Hash_df(entropy_input || nonce || personalization_string). */
    uint8_t s[GN_DRBG_MAX_SEEDLEN];
    gn_err e = hash_df(gn_drbg_hash_alg(d->mech), s, gn_drbg_seedlen(d->mech), 0, 0, NULL, 0, seed, nseg);
    if (e == GN_OK)
        e = set_v_c(d, s);
    gn_memzero(s, sizeof s);
    return e;
}

gn_err gn_drbg_hash_reseed(gn_drbg_t *d, const gn_drbg_seg_t *seed, size_t nseg)
{
    /* 10.1.1.3 steps 1-4: seed = Hash_df(0x01 || V || entropy_input || additional_input). The
     * old V is read by every Hash_df block, so the new one goes to a temporary first. */
    const size_t seedlen = gn_drbg_seedlen(d->mech);
    uint8_t s[GN_DRBG_MAX_SEEDLEN];
    gn_err e = hash_df(gn_drbg_hash_alg(d->mech), s, seedlen, 0x01, 1, d->v, seedlen, seed, nseg);
    if (e == GN_OK)
        e = set_v_c(d, s);
    gn_memzero(s, sizeof s);
    return e;
}

/* Hash(prefix || V || extra), digest to out. */
static gn_err hash_v(const gn_drbg_t *d, uint8_t *out, uint8_t prefix, const uint8_t *extra, size_t extra_len)
{
    gn_hash_ctx_t h;
    gn_err e = gn_hash_init(&h, gn_drbg_hash_alg(d->mech));
    if (e != GN_OK)
        return e;
    gn_hash_update(&h, &prefix, 1);
    gn_hash_update(&h, d->v, gn_drbg_seedlen(d->mech));
    gn_hash_update(&h, extra, extra_len);
    gn_hash_final(&h, out);
    return GN_OK;
}

/* Hashgen (10.1.1.4): out = leftmost len bytes of Hash(data) || Hash(data + 1) || ...,
 * data = V, each addition mod 2^seedlen. */
static gn_err hashgen(const gn_drbg_t *d, uint8_t *out, size_t len)
{
    const gn_hash_alg alg = gn_drbg_hash_alg(d->mech);
    const size_t outlen = gn_hash_size(alg), seedlen = gn_drbg_seedlen(d->mech);
    const uint8_t one = 1;
    uint8_t data[GN_DRBG_MAX_SEEDLEN], block[GN_HASH_MAX_SIZE];
    gn_err e = GN_OK;
    memcpy(data, d->v, seedlen);
    for (size_t off = 0; off < len; off += outlen) {
        if ((e = gn_hash(alg, block, data, seedlen)) != GN_OK)
            break;
        memcpy(out + off, block, len - off < outlen ? len - off : outlen);
        add_be(data, seedlen, &one, 1);
    }
    gn_memzero(data, sizeof data);
    gn_memzero(block, sizeof block);
    return e;
}

gn_err gn_drbg_hash_generate(gn_drbg_t *d, uint8_t *out, size_t len, const uint8_t *add, size_t add_len)
{
    const size_t outlen = gn_hash_size(gn_drbg_hash_alg(d->mech)), seedlen = gn_drbg_seedlen(d->mech);
    uint8_t w[GN_HASH_MAX_SIZE], ctr[8];
    gn_err e = GN_OK;
    /* Step 2: with additional input, w = Hash(0x02 || V || additional_input); V = V + w. */
    if (add_len) {
        if ((e = hash_v(d, w, 0x02, add, add_len)) != GN_OK)
            goto done;
        add_be(d->v, seedlen, w, outlen);
    }
    /* Step 3: returned_bits = Hashgen(requested_number_of_bits, V). */
    if ((e = hashgen(d, out, len)) != GN_OK)
        goto done;
    /* Steps 4-5: H = Hash(0x03 || V); V = (V + H + C + reseed_counter) mod 2^seedlen. */
    if ((e = hash_v(d, w, 0x03, NULL, 0)) != GN_OK)
        goto done;
    for (int i = 0; i < 8; i++)
        ctr[i] = (uint8_t)(d->reseed_counter >> (56 - 8 * i));
    add_be(d->v, seedlen, w, outlen);
    add_be(d->v, seedlen, d->k, seedlen);
    add_be(d->v, seedlen, ctr, sizeof ctr);
done:
    gn_memzero(w, sizeof w);
    return e;
}
