/*
 * The Gaudry-Schost Kummer surface over 2^127 - 1 and its Diffie-Hellman, as in "Kummer
 * strikes back" (Bernstein, Chuengsatiansup, Lange, Schwabe, Eurocrypt 2014) and SUPERCOP's
 * crypto_scalarmult_kummer: squared theta constants (11 : -22 : -19 : -3), 32-byte secrets of
 * which bits 250..0 are used, 48-byte wrapped points. The base point is SUPERCOP's
 * crypto_scalarmult_kummer_base point (wrapped (6, 0x6b37..3068, 1)), whose order is the
 * 251-bit prime N' of the twist side (16 N' = the order of the quadratic twist's Jacobian):
 * genus uses it so its outputs are those of the published implementations (docs/KUMMER.md).
 */
#include <string.h>

#include "genus/mp.h"
#include "kummer/kummer_internal.h"
#include "util/cpu.h"
#include "util/ct.h"

#define GS127_LADDER_BITS 251

/* the wrapped base point, little-endian (SUPERCOP crypto_scalarmult/kummer/ref5/base.c) */
static const uint8_t gs127_base[48] = {
    0x06, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x68, 0x30, 0x1e, 0x6b, 0x4d, 0xaf, 0xc7, 0x56, 0x9d, 0x1f, 0xa7, 0xf8, 0x71, 0x39, 0x37, 0x6b,
    0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

gn_err gn_kummer_init_gs127(gn_kummer_ctx_t *ku)
{
    static const int mu[4] = {11, -22, -19, -3};
    gn_fp_ctx_t fp;
    gn_fp_t c[4];
    gn_err e;
    if (!ku)
        return GN_ERR_INVALID;
    if ((e = gn_fp_init_hex(&fp, "7fffffffffffffffffffffffffffffff")) != GN_OK)
        return e;
    for (size_t i = 0; i < 4; i++) {
        gn_fp_set_u64(&fp, &c[i], (uint64_t)(mu[i] < 0 ? -mu[i] : mu[i]));
        if (mu[i] < 0)
            gn_fp_neg(&fp, &c[i], &c[i]);
    }
    return gn_kummer_init(ku, &fp, GN_KUMMER_SQUARED, c);
}

/* ---- the choice of ladder ---- */

/* ku is the gs127 surface as the dedicated ladders know it: the 2^127 - 1 kernel, the squared
 * model, and gn_kummer_init's scalings (-833 : 2499 : 1617 : 561) and (-114 : 57 : 66 : 418). */
static int is_gs127(const gn_kummer_ctx_t *ku)
{
    static const uint32_t epshat[4] = {833, 2499, 1617, 561}, eps[4] = {114, 57, 66, 418};
    static const uint8_t neg[4] = {1, 0, 0, 0};
    return ku->model == GN_KUMMER_SQUARED && gn_kummer_impl_gs127(GN_KUMMER_LADDER_GS127_V4) &&
           ku->fp.kern == gn_kummer_impl_gs127(GN_KUMMER_LADDER_GS127_V4)->fk && !memcmp(ku->epshat.neg, neg, 4) &&
           !memcmp(ku->eps.neg, neg, 4) && !memcmp(ku->epshat.small, epshat, sizeof epshat) &&
           !memcmp(ku->eps.small, eps, sizeof eps);
}

static const gn_kummer_impl_t *gs127_impl(const gn_kummer_ctx_t *ku, gn_kummer_ladder_kind kind)
{
    if (!is_gs127(ku))
        return NULL;
    if (kind == GN_KUMMER_LADDER_GS127_AVX2 && !gn_cpu_has_avx2())
        return NULL;
    if (kind == GN_KUMMER_LADDER_GS127_MULX && !gn_cpu_has_mulx())
        return NULL;
    return gn_kummer_impl_gs127(kind);
}

/*
 * GN_KUMMER_LADDER_AUTO: the first available of these, else the generic ladder, ordered by
 * kummer_dh measured with `genus bench --choices` (docs/ARCHITECTURE.md, "Kummer ladders"):
 * AVX2 before mulx where 256-bit AVX2 runs at full width (Intel Xeon: 39.7k against 41.8k
 * ticks; AMD Zen 5: 36.0k against 37.4k), mulx before AVX2 where it is split in two halves (AMD
 * Zen 1: mulx 78k, AVX2 95k, generic 131k, plain C v4 225k): a choice by vendor and family
 * (gn_cpu_avx2_full_width). With 32-bit limbs: plain C v4 223k, generic 301k (Zen 1).
 */
#if GN_LIMB_BITS == 64
static const gn_kummer_ladder_kind order_split[] = {GN_KUMMER_LADDER_GS127_MULX, GN_KUMMER_LADDER_GS127_AVX2};
static const gn_kummer_ladder_kind order_full[] = {GN_KUMMER_LADDER_GS127_AVX2, GN_KUMMER_LADDER_GS127_MULX};
#define AUTO_ORDER (gn_cpu_avx2_full_width() ? order_full : order_split)
#define AUTO_COUNT 2
#else
static const gn_kummer_ladder_kind order_v4[] = {GN_KUMMER_LADDER_GS127_V4};
#define AUTO_ORDER order_v4
#define AUTO_COUNT 1
#endif

gn_err gn_kummer_set_ladder(gn_kummer_ctx_t *ku, gn_kummer_ladder_kind kind)
{
    const gn_kummer_impl_t *generic, *impl = NULL;
    if (!ku || !ku->impl || kind < GN_KUMMER_LADDER_AUTO || kind > GN_KUMMER_LADDER_GS127_MULX)
        return GN_ERR_INVALID;
    generic = gn_kummer_impl_for(ku->fp.kern);
    if (!generic)
        generic = ku->impl; /* the generic kernel's instantiation, the only one it has */
    if (kind == GN_KUMMER_LADDER_GENERIC)
        impl = generic;
    else if (kind != GN_KUMMER_LADDER_AUTO)
        impl = gs127_impl(ku, kind);
    else
        for (size_t i = 0; i < AUTO_COUNT && !impl; i++)
            impl = gs127_impl(ku, AUTO_ORDER[i]);
    if (kind == GN_KUMMER_LADDER_AUTO && !impl)
        impl = generic;
    if (!impl)
        return GN_ERR_UNSUPPORTED;
    ku->impl = impl;
    return GN_OK;
}

gn_kummer_ladder_kind gn_kummer_get_ladder(const gn_kummer_ctx_t *ku)
{
    return ku->impl->kind;
}

void gn_kummer_gs127_base(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r)
{
    if (gn_kummer_decode_wrapped(ku, r, gs127_base, sizeof gs127_base) != GN_OK)
        memset(r, 0, sizeof *r); /* not the gs127 surface */
}

/* shared = wrapped([k]P) for the 251 low bits of the little-endian k. */
static gn_err dh_ladder(const gn_kummer_ctx_t *ku, uint8_t out[48], const uint8_t sk[32], const uint8_t in[48])
{
    gn_limb_t k[256 / GN_LIMB_BITS];
    gn_kummer_point_t p, r, id;
    gn_fp_t w[3];
    gn_err e;
    if (gn_kummer_wrapped_bytes(ku) != 48)
        return GN_ERR_INVALID;
    if ((e = gn_kummer_decode_wrapped_w(ku, &p, w, in, 48)) != GN_OK)
        return e;
    if (gn_mp_from_bytes_le(k, 256 / GN_LIMB_BITS, sk, 32) != GN_OK)
        return GN_ERR_INVALID;
    e = gn_kummer_ladder_w(ku, &r, k, GS127_LADDER_BITS, &p, w);
    gn_memzero(k, sizeof k);
    if (e != GN_OK)
        return e;
    gn_kummer_encode_wrapped(ku, out, &r);
    gn_kummer_identity(ku, &id);
    int degenerate = gn_kummer_eq(ku, &r, &id) | !gn_kummer_is_regular(ku, &r);
    gn_memzero(&r, sizeof r);
    GN_DECLASSIFY(&degenerate, sizeof degenerate); /* published: the error code, as for X25519 */
    return degenerate ? GN_ERR_INFINITY : GN_OK;
}

gn_err gn_kummer_dh_public(const gn_kummer_ctx_t *ku, uint8_t pub[48], const uint8_t sk[32])
{
    if (!ku || !pub || !sk)
        return GN_ERR_INVALID;
    return dh_ladder(ku, pub, sk, gs127_base);
}

gn_err gn_kummer_dh(const gn_kummer_ctx_t *ku, uint8_t shared[48], const uint8_t sk[32], const uint8_t peer[48])
{
    if (!ku || !shared || !sk || !peer)
        return GN_ERR_INVALID;
    return dh_ladder(ku, shared, sk, peer);
}

gn_err gn_kummer_dh_keygen(const gn_kummer_ctx_t *ku, uint8_t sk[32], uint8_t pub[48], gn_rng_fn rng,
                           void *rng_state)
{
    if (!ku || !sk || !pub || !rng)
        return GN_ERR_INVALID;
    if (rng(rng_state, sk, 32) != 0)
        return GN_ERR_RNG;
    return gn_kummer_dh_public(ku, pub, sk);
}
