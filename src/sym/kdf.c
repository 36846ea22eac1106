/* Key derivation functions: HKDF (RFC 5869) and the ANSI X9.63 KDF (SEC1 3.6.1). */
#include <string.h>

#include "genus/hmac.h"
#include "genus/kdf.h"

gn_err gn_hkdf_extract(gn_hash_alg alg, uint8_t *prk, const uint8_t *salt, size_t saltlen, const uint8_t *ikm,
                       size_t ikmlen)
{
    static const uint8_t zeros[GN_HASH_MAX_SIZE];
    const size_t hs = gn_hash_size(alg);
    if (!prk || (!salt && saltlen) || (!ikm && ikmlen) || hs == 0)
        return GN_ERR_INVALID;
    if (saltlen == 0) { /* RFC 5869 2.2: "if not provided, it is set to a string of HashLen zeros" */
        salt = zeros;
        saltlen = hs;
    }
    return gn_hmac(alg, prk, salt, saltlen, ikm, ikmlen);
}

gn_err gn_hkdf_expand(gn_hash_alg alg, uint8_t *okm, size_t okmlen, const uint8_t *prk, size_t prklen,
                      const uint8_t *info, size_t infolen)
{
    const size_t hs = gn_hash_size(alg);
    uint8_t t[GN_HASH_MAX_SIZE];
    gn_hmac_ctx_t ctx;
    gn_err e;
    if ((!okm && okmlen) || !prk || (!info && infolen) || hs == 0)
        return GN_ERR_INVALID;
    if (okmlen > 255 * hs || prklen < hs)
        return GN_ERR_RANGE;
    /* T(i) = HMAC(PRK, T(i-1) || info || i), T(0) empty; OKM = T(1) || T(2) || ... */
    for (size_t done = 0, i = 1; done < okmlen; i++) {
        const uint8_t counter = (uint8_t)i;
        if ((e = gn_hmac_init(&ctx, alg, prk, prklen)) != GN_OK)
            return e;
        if (i > 1)
            gn_hmac_update(&ctx, t, hs);
        gn_hmac_update(&ctx, info, infolen);
        gn_hmac_update(&ctx, &counter, 1);
        gn_hmac_final(&ctx, t);
        const size_t take = okmlen - done < hs ? okmlen - done : hs;
        memcpy(okm + done, t, take);
        done += take;
    }
    gn_memzero(t, sizeof t);
    return GN_OK;
}

gn_err gn_hkdf(gn_hash_alg alg, uint8_t *okm, size_t okmlen, const uint8_t *salt, size_t saltlen,
               const uint8_t *ikm, size_t ikmlen, const uint8_t *info, size_t infolen)
{
    uint8_t prk[GN_HASH_MAX_SIZE];
    gn_err e = gn_hkdf_extract(alg, prk, salt, saltlen, ikm, ikmlen);
    if (e == GN_OK)
        e = gn_hkdf_expand(alg, okm, okmlen, prk, gn_hash_size(alg), info, infolen);
    gn_memzero(prk, sizeof prk);
    return e;
}

gn_err gn_kdf_x963(gn_hash_alg alg, uint8_t *out, size_t outlen, const uint8_t *z, size_t zlen, const uint8_t *info,
                   size_t infolen)
{
    const size_t hs = gn_hash_size(alg);
    uint8_t k[GN_HASH_MAX_SIZE];
    gn_hash_ctx_t ctx;
    if ((!out && outlen) || (!z && zlen) || (!info && infolen) || hs == 0)
        return GN_ERR_INVALID;
    /* SEC1 3.6.1 step 1: keydatalen < hashlen (2^32 - 1); the counter is a 32-bit big-endian word. */
    if (outlen / hs >= 0xffffffffu)
        return GN_ERR_RANGE;
    for (size_t done = 0; done < outlen;) {
        const uint32_t c = (uint32_t)(done / hs + 1);
        const uint8_t counter[4] = {(uint8_t)(c >> 24), (uint8_t)(c >> 16), (uint8_t)(c >> 8), (uint8_t)c};
        if (gn_hash_init(&ctx, alg) != GN_OK)
            return GN_ERR_INVALID;
        gn_hash_update(&ctx, z, zlen);
        gn_hash_update(&ctx, counter, sizeof counter);
        gn_hash_update(&ctx, info, infolen);
        gn_hash_final(&ctx, k);
        const size_t take = outlen - done < hs ? outlen - done : hs;
        memcpy(out + done, k, take);
        done += take;
    }
    gn_memzero(k, sizeof k);
    gn_memzero(&ctx, sizeof ctx);
    return GN_OK;
}
