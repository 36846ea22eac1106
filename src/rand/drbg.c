/* The DRBG front end of NIST SP 800-90A Rev.1 section 9: state and length checks, entropy
 * gathering, reseed scheduling and prediction resistance, shared by HMAC_DRBG and Hash_DRBG. */
#include "rand/drbg_internal.h"

gn_hash_alg gn_drbg_hash_alg(gn_drbg_mech mech)
{
    return mech == GN_DRBG_HMAC_SHA256 || mech == GN_DRBG_HASH_SHA256 ? GN_HASH_SHA256 : GN_HASH_SHA512;
}

int gn_drbg_is_hash(gn_drbg_mech mech)
{
    return mech == GN_DRBG_HASH_SHA256 || mech == GN_DRBG_HASH_SHA512;
}

size_t gn_drbg_seedlen(gn_drbg_mech mech)
{
    /* 10.1 Table 2: seedlen 440 bits for SHA-256, 888 for SHA-512 (Hash_DRBG); HMAC_DRBG's V
     * is outlen bits. */
    switch (mech) {
    case GN_DRBG_HASH_SHA256: return 55;
    case GN_DRBG_HASH_SHA512: return 111;
    default: return gn_hash_size(gn_drbg_hash_alg(mech));
    }
}

static int mech_valid(gn_drbg_mech mech)
{
    return mech >= GN_DRBG_HMAC_SHA256 && mech <= GN_DRBG_HASH_SHA512;
}

/* Table 2 limits, compared in 64 bits so that no length can wrap; a 32-bit size_t is always
 * within them (and the comparison would draw a warning there). */
static int input_too_long(size_t len)
{
#if SIZE_MAX > 0xffffffffu
    return (uint64_t)len > GN_DRBG_MAX_INPUT_BYTES;
#else
    (void)len;
    return 0;
#endif
}

static size_t entropy_bytes(const gn_entropy_t *src)
{
    return src->bytes ? src->bytes : GN_DRBG_ENTROPY_BYTES;
}

/* Get_entropy_input (9, 8.6.5): a failing source is reported, never papered over. */
static gn_err get_entropy(const gn_entropy_t *src, uint8_t *buf, size_t len)
{
    if (src->get(src->state, buf, len) != 0) {
        gn_memzero(buf, len);
        return GN_ERR_RNG;
    }
    return GN_OK;
}

void gn_drbg_uninstantiate(gn_drbg_t *drbg)
{
    if (drbg)
        gn_memzero(drbg, sizeof *drbg); /* 9.4 step 2: erase the internal state */
}

gn_err gn_drbg_instantiate(gn_drbg_t *drbg, gn_drbg_mech mech, const gn_entropy_t *src, int prediction_resistance,
                           const uint8_t *nonce, size_t nonce_len, const uint8_t *pers, size_t pers_len)
{
    if (!drbg)
        return GN_ERR_INVALID;
    /* A copy first: src may be the entropy field of this very instance, wiped just below. */
    const gn_entropy_t source = src ? *src : (gn_entropy_t){NULL, NULL, 0};
    src = &source;
    gn_drbg_uninstantiate(drbg);
    /* 9.1 steps 1-3 and 8.6.7: a known mechanism, a source that delivers at least
     * security_strength bits, a nonce of at least security_strength/2 bits. */
    if (!mech_valid(mech) || !src->get || (!pers && pers_len))
        return GN_ERR_INVALID;
    const size_t elen = entropy_bytes(src);
    if (elen < GN_DRBG_ENTROPY_BYTES || (nonce && nonce_len < GN_DRBG_NONCE_BYTES))
        return GN_ERR_INVALID;
    if (elen > GN_DRBG_MAX_ENTROPY_BYTES || (nonce && input_too_long(nonce_len)) || input_too_long(pers_len))
        return GN_ERR_REQUEST_TOO_LARGE;

    /* 9.1 steps 6-8. Without a nonce, security_strength/2 more bits come from the source in the
     * same call (8.6.7); entropy_input || nonce is then just the longer draw. */
    uint8_t ent[GN_DRBG_MAX_ENTROPY_BYTES + GN_DRBG_NONCE_BYTES];
    const size_t draw = elen + (nonce ? 0 : GN_DRBG_NONCE_BYTES);
    gn_err e = get_entropy(src, ent, draw);
    if (e != GN_OK)
        return e;
    drbg->mech = mech;
    drbg->prediction_resistance = prediction_resistance != 0;
    drbg->entropy = *src;
    drbg->reseed_interval = GN_DRBG_RESEED_INTERVAL;
    const gn_drbg_seg_t seed[3] = {{ent, draw}, {nonce, nonce ? nonce_len : 0}, {pers, pers_len}};
    e = gn_drbg_is_hash(mech) ? gn_drbg_hash_instantiate(drbg, seed, 3) : gn_drbg_hmac_instantiate(drbg, seed, 3);
    gn_memzero(ent, sizeof ent);
    if (e != GN_OK) {
        gn_drbg_uninstantiate(drbg);
        return e;
    }
    drbg->reseed_counter = 1;
    drbg->magic = GN_DRBG_MAGIC;
    return GN_OK;
}

/* 9.2 steps 4-7 on a checked instance: fresh entropy_input, then the mechanism's reseed
 * algorithm. A source failure leaves the state as it was. */
static gn_err reseed(gn_drbg_t *drbg, const uint8_t *add, size_t add_len)
{
    uint8_t ent[GN_DRBG_MAX_ENTROPY_BYTES];
    const size_t elen = entropy_bytes(&drbg->entropy);
    gn_err e = get_entropy(&drbg->entropy, ent, elen);
    if (e != GN_OK)
        return e;
    const gn_drbg_seg_t seed[2] = {{ent, elen}, {add, add_len}};
    e = gn_drbg_is_hash(drbg->mech) ? gn_drbg_hash_reseed(drbg, seed, 2) : gn_drbg_hmac_reseed(drbg, seed, 2);
    gn_memzero(ent, sizeof ent);
    if (e != GN_OK) {
        gn_drbg_uninstantiate(drbg); /* a half-updated state must not be used */
        return e;
    }
    drbg->reseed_counter = 1;
    return GN_OK;
}

gn_err gn_drbg_reseed(gn_drbg_t *drbg, const uint8_t *add, size_t add_len)
{
    if (!drbg)
        return GN_ERR_INVALID;
    if (drbg->magic != GN_DRBG_MAGIC)
        return GN_ERR_DRBG_STATE; /* 9.2 step 1 */
    if (!add && add_len)
        return GN_ERR_INVALID;
    if (input_too_long(add_len))
        return GN_ERR_REQUEST_TOO_LARGE; /* 9.2 step 3 */
    return reseed(drbg, add, add_len);
}

static gn_err generate(gn_drbg_t *drbg, uint8_t *out, size_t out_len, int prediction_resistance,
                       const uint8_t *add, size_t add_len)
{
    if (!drbg || (!out && out_len) || (!add && add_len))
        return GN_ERR_INVALID;
    if (drbg->magic != GN_DRBG_MAGIC)
        return GN_ERR_DRBG_STATE; /* 9.3.1 step 1 */
    if (out_len > GN_DRBG_MAX_REQUEST_BYTES || input_too_long(add_len))
        return GN_ERR_REQUEST_TOO_LARGE; /* 9.3.1 steps 2 and 4 */
    if (prediction_resistance && !drbg->prediction_resistance)
        return GN_ERR_INVALID; /* 9.3.1 step 5 */
    /* 9.3.1 step 7: reseed first on a prediction resistance request, or when the mechanism
     * would report "reseed required" (10.1.1.4 / 10.1.2.5 step 1: reseed_counter >
     * reseed_interval); the additional input then goes into the reseed only (step 7.4). */
    gn_err e;
    if (prediction_resistance || drbg->reseed_counter > drbg->reseed_interval) {
        if ((e = reseed(drbg, add, add_len)) != GN_OK)
            return e;
        add = NULL;
        add_len = 0;
    }
    e = gn_drbg_is_hash(drbg->mech) ? gn_drbg_hash_generate(drbg, out, out_len, add, add_len)
                                    : gn_drbg_hmac_generate(drbg, out, out_len, add, add_len);
    if (e != GN_OK) {
        gn_drbg_uninstantiate(drbg);
        return e;
    }
    drbg->reseed_counter++; /* 10.1.1.4 step 6, 10.1.2.5 step 7 */
    return GN_OK;
}

gn_err gn_drbg_generate(gn_drbg_t *drbg, uint8_t *out, size_t out_len, int prediction_resistance, const uint8_t *add,
                        size_t add_len)
{
    gn_err e = generate(drbg, out, out_len, prediction_resistance, add, add_len);
    if (e != GN_OK && out)
        gn_memzero(out, out_len); /* no partial output that could pass for random bytes */
    return e;
}

gn_err gn_drbg_set_reseed_interval(gn_drbg_t *drbg, uint64_t interval)
{
    if (!drbg)
        return GN_ERR_INVALID;
    if (drbg->magic != GN_DRBG_MAGIC)
        return GN_ERR_DRBG_STATE;
    if (interval == 0 || interval > GN_DRBG_RESEED_INTERVAL)
        return GN_ERR_INVALID;
    drbg->reseed_interval = interval;
    return GN_OK;
}

int gn_drbg_rng(void *drbg, uint8_t *out, size_t len)
{
    gn_drbg_t *d = drbg;
    if (!d || (!out && len))
        return GN_ERR_INVALID;
    const int pr = d->magic == GN_DRBG_MAGIC && d->prediction_resistance;
    size_t off = 0;
    do { /* at least one request, so that an uninstantiated state is reported even for len 0 */
        const size_t n = len - off < GN_DRBG_MAX_REQUEST_BYTES ? len - off : GN_DRBG_MAX_REQUEST_BYTES;
        gn_err e = gn_drbg_generate(d, len ? out + off : out, n, pr, NULL, 0);
        if (e != GN_OK) {
            if (len)
                gn_memzero(out, len);
            return e;
        }
        off += n;
    } while (off < len);
    return 0;
}
