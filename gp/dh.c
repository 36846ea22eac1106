/* genus for GP: X25519, X448 and the Kummer Diffie-Hellman on integers of byte strings. */
#include "gp/gp_internal.h"

/* genusx25519(k, u), genusx448(k, u): RFC 7748 section 5 on the little-endian integers of the
 * byte strings; the result as such an integer */
GEN gn_gp_x25519(GEN k, GEN u)
{
    static const char fn[] = "genusx25519";
    uint8_t kb[GN_X25519_BYTES], ub[GN_X25519_BYTES], out[GN_X25519_BYTES];
    gng_int_to_le(fn, k, kb, sizeof kb, "k");
    gng_int_to_le(fn, u, ub, sizeof ub, "u");
    gn_err e = gn_x25519(out, kb, ub);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    return gng_le_to_int(out, sizeof out);
}

GEN gn_gp_x448(GEN k, GEN u)
{
    static const char fn[] = "genusx448";
    uint8_t kb[GN_X448_BYTES], ub[GN_X448_BYTES], out[GN_X448_BYTES];
    gng_int_to_le(fn, k, kb, sizeof kb, "k");
    gng_int_to_le(fn, u, ub, sizeof ub, "u");
    gn_err e = gn_x448(out, kb, ub);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    return gng_le_to_int(out, sizeof out);
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
