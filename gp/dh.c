/* genus for GP: X25519, X448 and the Kummer Diffie-Hellman on integers of byte strings. */
#include "gp/gp_internal.h"

/* genusx25519(k, u), genusx448(k, u): RFC 7748 section 5 on the little-endian integers of the
 * byte strings; the result as such an integer */
static GEN xdh(const char *fn, gn_err (*f)(uint8_t *, const uint8_t *, const uint8_t *), size_t len, GEN k, GEN u)
{
    uint8_t kb[GN_X448_BYTES], ub[GN_X448_BYTES], out[GN_X448_BYTES];
    gng_int_to_le(fn, k, kb, len, "k");
    gng_int_to_le(fn, u, ub, len, "u");
    gn_err e = f(out, kb, ub);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    return gng_le_to_int(out, len);
}

GEN gn_gp_x25519(GEN k, GEN u)
{
    return xdh("genusx25519", gn_x25519, GN_X25519_BYTES, k, u);
}

GEN gn_gp_x448(GEN k, GEN u)
{
    return xdh("genusx448", gn_x448, GN_X448_BYTES, k, u);
}

/* genuskummerpub(sk), genuskummerdh(sk, pk): the Kummer Diffie-Hellman of gn_kummer_dh on the
 * Gaudry-Schost surface; keys as the little-endian integers of their 32 and 48 bytes */
static const gn_kummer_ctx_t *kummer(const char *fn)
{
    static _Thread_local gn_kummer_ctx_t ku;
    static _Thread_local int ready;
    if (!ready) {
        gn_err e = gn_kummer_init_gs127(&ku);
        if (e != GN_OK)
            gng_fail_err(fn, e);
        ready = 1;
    }
    return &ku;
}

GEN gn_gp_kummer_public(GEN sk)
{
    static const char fn[] = "genuskummerpub";
    uint8_t s[32], pub[48];
    gng_int_to_le(fn, sk, s, sizeof s, "the secret key");
    gn_err e = gn_kummer_dh_public(kummer(fn), pub, s);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    return gng_le_to_int(pub, sizeof pub);
}

GEN gn_gp_kummer_dh(GEN sk, GEN pk)
{
    static const char fn[] = "genuskummerdh";
    uint8_t s[32], pub[48], shared[48];
    gng_int_to_le(fn, sk, s, sizeof s, "the secret key");
    gng_int_to_le(fn, pk, pub, sizeof pub, "the public key");
    gn_err e = gn_kummer_dh(kummer(fn), shared, s, pub);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    return gng_le_to_int(shared, sizeof shared);
}
