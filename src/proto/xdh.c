/* X25519 and X448 (RFC 7748 section 5) over the Montgomery-curve ladder of the formula
 * templates (src/tmpl/ec_mont.tmpl.h: xDBLADD, EFD ladd-1987-m-3, a24 = (A + 2)/4). */
#include <stdatomic.h>
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"
#include "genus/xdh.h"
#include "util/ct.h"

#define XDH_LIMBS ((GN_X448_BYTES + sizeof(gn_limb_t) - 1) / sizeof(gn_limb_t))

/* The byte length of ec's XDH function, 0 if ec is not curve25519 or curve448 (model, field
 * size and A = 486662 or 156326, RFC 7748 4.1 and 4.2). */
static size_t xdh_bytes(const gn_ec_ctx_t *ec)
{
    gn_fp_t a;
    if (ec->model != GN_EC_MONTGOMERY)
        return 0;
    const size_t bits = gn_fp_bits(&ec->fp);
    if (bits != 255 && bits != 448)
        return 0;
    gn_fp_set_u64(&ec->fp, &a, bits == 255 ? 486662 : 156326);
    if (!gn_fp_eq(&ec->fp, &a, &ec->a))
        return 0;
    return bits == 255 ? GN_X25519_BYTES : GN_X448_BYTES;
}

/* u as a field element: little-endian, the top bit of a 255-bit u masked, reduced modulo p (the
 * value is below 2p for both primes, so one conditional subtraction). */
static void decode_u(const gn_ec_ctx_t *ec, gn_fp_t *r, const uint8_t *u, size_t len)
{
    uint8_t b[GN_X448_BYTES];
    gn_limb_t v[XDH_LIMBS], w[XDH_LIMBS], p[XDH_LIMBS] = {0};
    memcpy(b, u, len);
    if (len == GN_X25519_BYTES)
        b[31] &= 0x7f;
    gn_err e = gn_mp_from_bytes_le(v, XDH_LIMBS, b, len); /* cannot fail: len <= 56 bytes */
    memcpy(p, ec->fp.p, ec->fp.n * sizeof(gn_limb_t));
    gn_limb_t borrow = gn_mp_sub(w, v, p, XDH_LIMBS);
    ct_cmov(ct_is_zero(borrow), v, w, XDH_LIMBS); /* v >= p: take v - p */
    e |= gn_fp_set_mp(&ec->fp, r, v, XDH_LIMBS); /* cannot fail: v < p */
    (void)e;
    gn_memzero(b, sizeof b);
}

gn_err gn_xdh(const gn_ec_ctx_t *ec, uint8_t *out, size_t outlen, const uint8_t *scalar, size_t scalarlen,
              const uint8_t *u, size_t ulen)
{
    if (!ec || !out || !scalar || !u)
        return GN_ERR_INVALID;
    const size_t len = xdh_bytes(ec);
    if (len == 0)
        return GN_ERR_UNSUPPORTED;
    if (outlen != len || scalarlen != len || ulen != len) {
        if (outlen <= GN_X448_BYTES)
            gn_memzero(out, outlen);
        return GN_ERR_INVALID;
    }
    const size_t nbits = len == GN_X25519_BYTES ? 255 : 448;
    const size_t ndbl = len == GN_X25519_BYTES ? 3 : 2; /* the bits the clamping clears */
    uint8_t k[GN_X448_BYTES];
    gn_limb_t kl[XDH_LIMBS], lad[4 * GN_FP_ELEM_LIMBS];
    gn_fp_t x, z, zi;
    /* clamping, RFC 7748 5 decodeScalar25519 / decodeScalar448 */
    memcpy(k, scalar, len);
    if (len == GN_X25519_BYTES) {
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
    } else {
        k[0] &= 252;
        k[55] |= 128;
    }
    gn_err e = gn_mp_from_bytes_le(kl, XDH_LIMBS, k, len); /* cannot fail: len <= 56 bytes */
    (void)e;
    decode_u(ec, &x, u, len);
    /* the ladder of section 5: (x2 : z2) = (1 : 0), (x3 : z3) = (u : 1), bits nbits-1 .. 0, the
     * last ndbl (zero) as doublings */
    ec->impl->mont_ladder(ec, lad, x.v, kl, nbits, ndbl);
    const size_t fl = ec->impl->fl;
    memset(&x, 0, sizeof x);
    memset(&z, 0, sizeof z);
    memcpy(x.v, lad, fl * sizeof(gn_limb_t));
    memcpy(z.v, lad + fl, fl * sizeof(gn_limb_t));
    /* x2 z2^(p-2), 0 when z2 = 0 (a small-order u): every kernel inverts by safegcd, which maps
     * 0 to 0 (d stays 0), so no branch or selection on either; the "invertible" answer is not
     * looked at */
    (void)ec->fp.kern->inv(&ec->fp, zi.v, z.v);
    gn_fp_mul(&ec->fp, &x, &x, &zi);
    gn_fp_encode_le(&ec->fp, out, &x);
    const int zero = gn_fp_is_zero(&ec->fp, &x);
    gn_memzero(k, sizeof k);
    gn_memzero(kl, sizeof kl);
    gn_memzero(lad, sizeof lad);
    gn_memzero(&x, sizeof x);
    gn_memzero(&z, sizeof z);
    gn_memzero(&zi, sizeof zi);
    return (gn_err)(-zero & (int)GN_ERR_INFINITY); /* no branch: the caller decides what the result reveals */
}

static const gn_ec_ctx_t *xdh_curve(int i);

/*
 * X25519(k, 9) from edwards25519's built-in table of its base point (gn_ec_mul_base_coords): the
 * birational map u = (1 + y) / (1 - y) (RFC 7748 4.1), (Z + Y) / (Z - Y) on the extended
 * coordinates the table's sum leaves (one inversion), takes [k] of edwards25519's base point
 * to [k] of curve25519's (u = 9). The clamped k, 2^254 + 8 m below 2^255, is never a multiple of
 * the order n (n is odd, so such a k would be a multiple of 8 n, which exceeds 2^255): y != 1.
 * Taken where the caller's context computes on the kernel edwards25519's own does (other kernels
 * run the ladder, as asked); 0 when not taken. Constant time in k.
 */
static int x25519_public_edwards(const gn_ec_ctx_t *ec, uint8_t out[GN_X25519_BYTES], const uint8_t *scalar,
                                 gn_err *err)
{
    const gn_ec_ctx_t *ed = xdh_curve(2);
    /* the same prime too: xdh_bytes takes any 255-bit p with A = 486662 */
    if (!ed || ed->fp.kern != ec->fp.kern || ed->fp.n != ec->fp.n ||
        memcmp(ed->fp.p, ec->fp.p, ec->fp.n * sizeof(gn_limb_t)) != 0 || !gn_ec_base_precomputed(ed))
        return 0;
    uint8_t kb[GN_X25519_BYTES];
    for (size_t i = 0; i < GN_X25519_BYTES; i++) /* clamped (RFC 7748 5), big-endian */
        kb[GN_X25519_BYTES - 1 - i] = scalar[i];
    kb[31] &= 248;
    kb[0] = (uint8_t)((kb[0] & 127) | 64);
    gn_limb_t r[GN_EC_PT_LIMBS]; /* X, Y, Z, T: y = Y / Z, so u = (Z + Y) / (Z - Y) */
    gn_fp_t num, den, y, z;
    /* the table's curve is complete and k well formed: never the fallback (public) */
    if (!gn_ec_mul_base_coords(ed, r, kb, sizeof kb)) {
        gn_memzero(kb, sizeof kb);
        return 0;
    }
    const size_t fl = ed->impl->fl;
    memset(&y, 0, sizeof y);
    memset(&z, 0, sizeof z);
    memcpy(y.v, r + fl, fl * sizeof(gn_limb_t));
    memcpy(z.v, r + 2 * fl, fl * sizeof(gn_limb_t));
    gn_fp_add(&ed->fp, &num, &z, &y);
    gn_fp_sub(&ed->fp, &den, &z, &y);
    (void)ed->fp.kern->inv(&ed->fp, den.v, den.v); /* constant time, as gn_xdh's */
    gn_fp_mul(&ed->fp, &num, &num, &den);
    gn_fp_encode_le(&ed->fp, out, &num);
    const int zero = gn_fp_is_zero(&ed->fp, &num);
    *err = (gn_err)(-zero & (int)GN_ERR_INFINITY);
    gn_memzero(kb, sizeof kb);
    gn_memzero(r, sizeof r);
    gn_memzero(&y, sizeof y);
    gn_memzero(&z, sizeof z);
    gn_memzero(&num, sizeof num);
    gn_memzero(&den, sizeof den);
    return 1;
}

gn_err gn_xdh_public(const gn_ec_ctx_t *ec, uint8_t *out, size_t outlen, const uint8_t *scalar, size_t scalarlen)
{
    uint8_t base[GN_X448_BYTES] = {0};
    if (!ec)
        return GN_ERR_INVALID;
    const size_t len = xdh_bytes(ec);
    if (len == 0)
        return GN_ERR_UNSUPPORTED;
    gn_err e = GN_OK;
    if (len == GN_X25519_BYTES && out && scalar && outlen == len && scalarlen == len &&
        x25519_public_edwards(ec, out, scalar, &e))
        return e;
    base[0] = len == GN_X25519_BYTES ? 9 : 5; /* the base points' u, RFC 7748 4.1 and 4.2 */
    return gn_xdh(ec, out, outlen, scalar, scalarlen, base, len);
}

/*
 * The curves of the one-shot functions, built once per process on first use and read-only
 * after: a context is 9 KB, too much to build on the stack of every call (docs/ARCHITECTURE.md,
 * "Stack"), and building it cost more than the ladder. State 0: not built, 1: being built by
 * one thread (the others wait: microseconds, once), 2: ready. The release store publishes the
 * context to every thread whose acquire load sees 2.
 */
static gn_ec_ctx_t xdh_curves[3];
static atomic_int xdh_state[3];

static const gn_ec_ctx_t *xdh_curve(int i)
{
    static const char *const names[3] = {"curve25519", "curve448", "edwards25519"}; /* 2: X25519's public keys */
    int s = atomic_load_explicit(&xdh_state[i], memory_order_acquire);
    if (s == 2)
        return &xdh_curves[i];
    int expected = 0;
    if (atomic_compare_exchange_strong_explicit(&xdh_state[i], &expected, 1, memory_order_acq_rel,
                                                memory_order_acquire)) {
        gn_err e = gn_ec_init_named(&xdh_curves[i], names[i]);
        atomic_store_explicit(&xdh_state[i], e == GN_OK ? 2 : 0, memory_order_release);
        return e == GN_OK ? &xdh_curves[i] : NULL;
    }
    while ((s = atomic_load_explicit(&xdh_state[i], memory_order_acquire)) == 1)
        ;
    return s == 2 ? &xdh_curves[i] : NULL;
}

static gn_err xdh_named(int i, uint8_t *out, size_t len, const uint8_t *scalar, const uint8_t *u)
{
    const gn_ec_ctx_t *ec = xdh_curve(i);
    if (!ec)
        return GN_ERR_UNSUPPORTED; /* not reached: the named curves build */
    return gn_xdh(ec, out, len, scalar, len, u, len);
}

gn_err gn_x25519(uint8_t out[GN_X25519_BYTES], const uint8_t scalar[GN_X25519_BYTES], const uint8_t u[GN_X25519_BYTES])
{
    return xdh_named(0, out, GN_X25519_BYTES, scalar, u);
}

gn_err gn_x448(uint8_t out[GN_X448_BYTES], const uint8_t scalar[GN_X448_BYTES], const uint8_t u[GN_X448_BYTES])
{
    return xdh_named(1, out, GN_X448_BYTES, scalar, u);
}
