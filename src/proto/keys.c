/* Key pairs (SEC1 3.2): generation by rejection sampling, public keys, validation, encodings
 * (SEC1 2.3.3, raw X || Y, and the SubjectPublicKeyInfo of RFC 5480). */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/ecdh.h"
#include "genus/mp.h"
#include "proto/der.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

#define KEY_LIMBS GN_EC_ORDER_LIMBS
#define KEY_BYTES (KEY_LIMBS * sizeof(gn_limb_t))

size_t gn_ec_scalar_bytes(const gn_ec_ctx_t *ec)
{
    return (ec->n_bits + 7) / 8;
}

gn_err gn_proto_err_select(gn_limb_t mask, gn_err a, gn_err b)
{
    /* error codes are small negative ints: carried through the limb mux as 32-bit two's complement */
    return (gn_err)(int32_t)(uint32_t)ct_mux(mask, (gn_limb_t)(uint32_t)(int32_t)a, (gn_limb_t)(uint32_t)(int32_t)b);
}

gn_err gn_proto_shared_x(const gn_proto_curve_t *pc, uint8_t *out, gn_proto_point_t *p, gn_limb_t ok)
{
    uint8_t x[GN_FP_MAX_BITS / 8];
    pc->ops->x_bytes(pc->c, x, p);
    const gn_limb_t inf = pc->ops->is_inf(pc->c, p);
    for (size_t i = 0; i < pc->fb; i++)
        out[i] = ct_mux_u8(ok & ~inf, x[i], 0);
    gn_memzero(x, sizeof x);
    gn_memzero(p, sizeof *p);
    return gn_proto_err_select(ok, gn_proto_err_select(inf, GN_ERR_INFINITY, GN_OK), GN_ERR_RANGE);
}

gn_limb_t gn_proto_scalar_in_range(const gn_proto_curve_t *pc, uint8_t *out, const uint8_t *d, size_t len)
{
    uint8_t b[KEY_BYTES] = {0};
    gn_limb_t v[KEY_LIMBS], t[KEY_LIMBS], high = 0;
    /* right-align d in b; bytes above KEY_BYTES must be zero */
    for (size_t i = 0; i < len; i++) {
        if (len - i > KEY_BYTES)
            high |= d[i];
        else
            b[KEY_BYTES - (len - i)] = d[i];
    }
    gn_err e = gn_mp_from_bytes_be(v, KEY_LIMBS, b, KEY_BYTES); /* cannot fail: exact size */
    gn_limb_t below_n = gn_mp_sub(t, v, pc->n, KEY_LIMBS);       /* borrow: v < n */
    gn_limb_t ok = ct_mask_bit(below_n) & ~ct_mask_bit(ct_is_zero_n(v, KEY_LIMBS) & 1) & ct_is_zero(high);
    e |= gn_mp_to_bytes_be(out, pc->sb, v, KEY_LIMBS);
    /* v >= 2^(8 scalar_bytes) does not fit out; it is out of range anyway (ok is zero) */
    (void)e;
    gn_memzero(b, sizeof b);
    gn_memzero(v, sizeof v);
    gn_memzero(t, sizeof t);
    return ok;
}

/* SEC1 3.2.1 */
gn_err gn_proto_keygen(const gn_proto_curve_t *pc, uint8_t *priv, size_t privsize, gn_proto_point_t *pub,
                       gn_rng_fn rng, void *rng_state)
{
    const size_t sb = pc->sb;
    if (privsize < sb)
        return GN_ERR_BUFFER;
    uint8_t cand[KEY_BYTES];
    const unsigned excess = (unsigned)(8 * sb - pc->n_bits);
    for (int attempt = 0; attempt < 64; attempt++) {
        if (rng(rng_state, cand, sb) != 0)
            break;
        cand[0] &= (uint8_t)(0xff >> excess); /* bits(n) random bits */
        gn_limb_t ok = gn_proto_scalar_in_range(pc, priv, cand, sb);
        /* the rejection is published: whether a draw was in range says nothing about the key kept */
        GN_DECLASSIFY(&ok, sizeof ok);
        if (!ok)
            continue;
        gn_memzero(cand, sizeof cand);
        if (pub) {
            gn_err e = pc->ops->mul_base_ct(pc->c, pub, priv, sb);
            if (e != GN_OK) {
                gn_memzero(priv, sb);
                return e;
            }
        }
        return GN_OK;
    }
    gn_memzero(cand, sizeof cand);
    gn_memzero(priv, privsize);
    return GN_ERR_RNG;
}

gn_err gn_proto_public_key(const gn_proto_curve_t *pc, gn_proto_point_t *pub, const uint8_t *priv, size_t privlen)
{
    uint8_t k[KEY_BYTES];
    gn_limb_t ok = gn_proto_scalar_in_range(pc, k, priv, privlen);
    gn_err e = pc->ops->mul_base_ct(pc->c, pub, k, pc->sb);
    gn_memzero(k, sizeof k);
    if (e != GN_OK)
        return e;
    return gn_proto_err_select(ok, GN_OK, GN_ERR_RANGE);
}

gn_err gn_ec_keygen(const gn_ec_ctx_t *ec, uint8_t *priv, size_t privsize, gn_ec_point_t *pub, gn_rng_fn rng,
                    void *rng_state)
{
    gn_proto_curve_t pc;
    if (!ec || !priv || !rng)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_keygen(&pc, priv, privsize, pub ? AS_PROTO(pub) : NULL, rng, rng_state);
}

gn_err gn_ec_public_key(const gn_ec_ctx_t *ec, gn_ec_point_t *pub, const uint8_t *priv, size_t privlen)
{
    gn_proto_curve_t pc;
    if (!ec || !pub || !priv || privlen > GN_EC_MAX_SCALAR_BYTES)
        return GN_ERR_INVALID;
    gn_err e = gn_proto_curve_ec(&pc, ec);
    if (e != GN_OK)
        return e;
    return gn_proto_public_key(&pc, AS_PROTO(pub), priv, privlen);
}

gn_err gn_ec_public_validate_var(const gn_ec_ctx_t *ec, const gn_ec_point_t *pub)
{
    if (!ec || !pub)
        return GN_ERR_INVALID;
    if (!ec->n_prime || !ec->order_exact)
        return GN_ERR_UNVERIFIED_ORDER;
    return gn_ec_validate_var(ec, pub, ec->h > 1);
}

/* ------------------------------------------------------------------ SubjectPublicKeyInfo */

/* id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 2.1.1) */
static const uint8_t oid_ec_public_key[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01};

/* namedCurve OIDs (RFC 5480 2.1.1.1, SEC 2 A.2, RFC 5639 4.1), contents octets; the binary
 * curves are SEC 2's sect curves 1.3.132.0.x (B-163 is sect163r2, K-163 sect163k1, ...) */
static const struct {
    const char *name;
    uint8_t len, oid[9];
} curve_oids[] = {
    {"P-192", 8, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x01}},           /* 1.2.840.10045.3.1.1 */
    {"P-224", 5, {0x2b, 0x81, 0x04, 0x00, 0x21}},                             /* 1.3.132.0.33 */
    {"P-256", 8, {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}},           /* 1.2.840.10045.3.1.7 */
    {"P-384", 5, {0x2b, 0x81, 0x04, 0x00, 0x22}},                             /* 1.3.132.0.34 */
    {"P-521", 5, {0x2b, 0x81, 0x04, 0x00, 0x23}},                             /* 1.3.132.0.35 */
    {"secp256k1", 5, {0x2b, 0x81, 0x04, 0x00, 0x0a}},                         /* 1.3.132.0.10 */
    {"brainpoolP160r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x01}}, /* 1.3.36.3.3.2.8.1.1.1 */
    {"brainpoolP192r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x03}},
    {"brainpoolP224r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x05}},
    {"brainpoolP256r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07}},
    {"brainpoolP320r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x09}},
    {"brainpoolP384r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0b}},
    {"brainpoolP512r1", 9, {0x2b, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0d}},
    {"K-163", 5, {0x2b, 0x81, 0x04, 0x00, 0x01}}, /* 1.3.132.0.1 */
    {"B-163", 5, {0x2b, 0x81, 0x04, 0x00, 0x0f}}, /* 1.3.132.0.15 */
    {"K-233", 5, {0x2b, 0x81, 0x04, 0x00, 0x1a}}, /* 1.3.132.0.26 */
    {"B-233", 5, {0x2b, 0x81, 0x04, 0x00, 0x1b}}, /* 1.3.132.0.27 */
    {"K-283", 5, {0x2b, 0x81, 0x04, 0x00, 0x10}}, /* 1.3.132.0.16 */
    {"B-283", 5, {0x2b, 0x81, 0x04, 0x00, 0x11}}, /* 1.3.132.0.17 */
    {"K-409", 5, {0x2b, 0x81, 0x04, 0x00, 0x24}}, /* 1.3.132.0.36 */
    {"B-409", 5, {0x2b, 0x81, 0x04, 0x00, 0x25}}, /* 1.3.132.0.37 */
    {"K-571", 5, {0x2b, 0x81, 0x04, 0x00, 0x26}}, /* 1.3.132.0.38 */
    {"B-571", 5, {0x2b, 0x81, 0x04, 0x00, 0x27}}, /* 1.3.132.0.39 */
};

static int curve_oid(const char *name, const uint8_t **oid, size_t *len)
{
    for (size_t i = 0; name && i < sizeof curve_oids / sizeof curve_oids[0]; i++)
        if (!strcmp(name, curve_oids[i].name)) {
            *oid = curve_oids[i].oid;
            *len = curve_oids[i].len;
            return 1;
        }
    return 0;
}

/* DER header (tag, definite length) at out; its size. */
static size_t der_header(uint8_t *out, uint8_t tag, size_t len)
{
    out[0] = tag;
    if (len < 0x80) {
        out[1] = (uint8_t)len;
        return 2;
    }
    if (len < 0x100) {
        out[1] = 0x81;
        out[2] = (uint8_t)len;
        return 3;
    }
    out[1] = 0x82;
    out[2] = (uint8_t)(len >> 8);
    out[3] = (uint8_t)len;
    return 4;
}

gn_err gn_proto_spki_encode(const char *name, uint8_t *out, size_t *outlen, size_t outsize, const uint8_t *point,
                            size_t plen)
{
    const uint8_t *oid;
    size_t oidlen;
    uint8_t h[3][4];
    if (!curve_oid(name, &oid, &oidlen))
        return GN_ERR_UNSUPPORTED;
    const size_t alg_len = 2 + sizeof oid_ec_public_key + 2 + oidlen;
    const size_t bits_len = plen + 1;
    const size_t hb = der_header(h[1], GN_DER_BIT_STRING, bits_len), ha = der_header(h[0], GN_DER_SEQUENCE, alg_len);
    const size_t body = ha + alg_len + hb + bits_len;
    const size_t hs = der_header(h[2], GN_DER_SEQUENCE, body);
    if (outsize < hs + body)
        return GN_ERR_BUFFER;
    uint8_t *o = out;
    memcpy(o, h[2], hs), o += hs;
    memcpy(o, h[0], ha), o += ha;
    *o++ = GN_DER_OID, *o++ = sizeof oid_ec_public_key;
    memcpy(o, oid_ec_public_key, sizeof oid_ec_public_key), o += sizeof oid_ec_public_key;
    *o++ = GN_DER_OID, *o++ = (uint8_t)oidlen;
    memcpy(o, oid, oidlen), o += oidlen;
    memcpy(o, h[1], hb), o += hb;
    *o++ = 0; /* no unused bits */
    memcpy(o, point, plen), o += plen;
    *outlen = (size_t)(o - out);
    return GN_OK;
}

gn_err gn_proto_spki_point(const char *name, gn_der_t *point, const uint8_t *in, size_t len)
{
    gn_der_t all = {in, len}, spki, alg, algo, params;
    const uint8_t *oid;
    size_t oidlen;
    if (gn_der_read(&all, GN_DER_SEQUENCE, &spki) != 0 || all.len != 0 || gn_der_read(&spki, GN_DER_SEQUENCE, &alg) != 0 ||
        gn_der_read(&alg, GN_DER_OID, &algo) != 0)
        return GN_ERR_DER;
    if (algo.len != sizeof oid_ec_public_key || memcmp(algo.p, oid_ec_public_key, algo.len) != 0)
        return GN_ERR_CURVE_MISMATCH; /* not an elliptic-curve key */
    if (gn_der_read(&alg, GN_DER_OID, &params) != 0)
        return alg.len && (alg.p[0] == GN_DER_SEQUENCE || alg.p[0] == 0x05) ? GN_ERR_CURVE_MISMATCH /* explicit/implicit */
                                                                            : GN_ERR_DER;
    if (alg.len != 0)
        return GN_ERR_DER;
    if (!curve_oid(name, &oid, &oidlen) || params.len != oidlen || memcmp(params.p, oid, oidlen) != 0)
        return GN_ERR_CURVE_MISMATCH;
    if (gn_der_read_bits(&spki, point) != 0 || spki.len != 0)
        return GN_ERR_DER;
    return GN_OK;
}

gn_err gn_ec_public_encode(const gn_ec_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                           const gn_ec_point_t *pub, gn_ec_key_format format)
{
    uint8_t pt[1 + 2 * GN_FP_MAX_BITS / 8];
    size_t plen;
    if (!ec || !out || !outlen || !pub)
        return GN_ERR_INVALID;
    if (pub->infinity)
        return GN_ERR_INFINITY;
    const size_t fb = gn_fp_bytes(&ec->fp);
    switch (format) {
    case GN_EC_KEY_SEC1:
    case GN_EC_KEY_SEC1_COMPRESSED:
        return gn_ec_encode(ec, out, outlen, outsize, pub, format == GN_EC_KEY_SEC1_COMPRESSED);
    case GN_EC_KEY_RAW:
        if (outsize < 2 * fb)
            return GN_ERR_BUFFER;
        gn_ec_point_get(ec, out, out + fb, pub);
        *outlen = 2 * fb;
        return GN_OK;
    case GN_EC_KEY_SPKI: {
        gn_err e = gn_ec_encode(ec, pt, &plen, sizeof pt, pub, 0);
        return e != GN_OK ? e : gn_proto_spki_encode(ec->name, out, outlen, outsize, pt, plen);
    }
    }
    return GN_ERR_INVALID;
}

gn_err gn_ec_public_decode(const gn_ec_ctx_t *ec, gn_ec_point_t *pub, const uint8_t *in, size_t len,
                           gn_ec_key_format format)
{
    uint8_t pt[1 + 2 * GN_FP_MAX_BITS / 8];
    gn_der_t point;
    gn_err e;
    if (!ec || !pub || (!in && len))
        return GN_ERR_INVALID;
    const size_t fb = gn_fp_bytes(&ec->fp);
    switch (format) {
    case GN_EC_KEY_SEC1:
    case GN_EC_KEY_SEC1_COMPRESSED:
        e = gn_ec_decode(ec, pub, in, len, 0);
        break;
    case GN_EC_KEY_RAW:
        if (len != 2 * fb)
            return GN_ERR_ENCODING;
        pt[0] = 0x04;
        memcpy(pt + 1, in, len);
        e = gn_ec_decode(ec, pub, pt, len + 1, 0);
        break;
    case GN_EC_KEY_SPKI:
        if ((e = gn_proto_spki_point(ec->name, &point, in, len)) == GN_OK)
            e = gn_ec_decode(ec, pub, point.p, point.len, 0);
        break;
    default:
        return GN_ERR_INVALID;
    }
    /* partial validation (SEC1 3.2.3); the subgroup check of full validation, which matters for
     * h > 1 only, is left to gn_ec_public_validate_var / standard ECDH, as the cofactor variant
     * does without it */
    return e != GN_OK ? e : gn_ec_validate_var(ec, pub, 0);
}
