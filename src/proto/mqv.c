/* ECMQV (SEC1 3.4) with the key confirmation of HMV Protocol 4.51; choices in genus/mqv.h. */
#include <string.h>

#include "ec/ec_internal.h"
#include "fp/fp_internal.h"
#include "genus/ecdh.h"
#include "genus/hmac.h"
#include "genus/kdf.h"
#include "genus/mp.h"
#include "genus/mqv.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

#define PT_BYTES (1 + 2 * GN_FP_MAX_BITS / 8)
#define SC_BYTES (GN_EC_ORDER_LIMBS * sizeof(gn_limb_t))

gn_err gn_mqv_init(gn_mqv_ctx_t *m, const gn_ec_ctx_t *ec, gn_hash_alg alg)
{
    uint8_t nb[SC_BYTES];
    if (!m || !ec)
        return GN_ERR_INVALID;
    if (gn_hash_size(alg) == 0)
        return GN_ERR_UNSUPPORTED;
    memset(m, 0, sizeof *m);
    const size_t sb = gn_ec_scalar_bytes(ec);
    if (gn_mp_to_bytes_be(nb, sb, ec->n, GN_EC_ORDER_LIMBS) != GN_OK)
        return GN_ERR_INVALID;
    /* n is prime (checked when the curve was built), so the integers modulo n are a field */
    gn_err e = gn_fp_init_trusted(&m->zn, nb, sb, GN_FP_KERNEL_AUTO);
    if (e != GN_OK)
        return e;
    m->ec = ec;
    m->alg = alg;
    m->f = (ec->n_bits + 1) / 2;
    return GN_OK;
}

/* avf(R) = (x mod 2^f) + 2^f (SEC1 3.4.1 step 3; HMV's R-bar) as sb big-endian bytes. */
static void avf(const gn_mqv_ctx_t *m, uint8_t *out, const gn_ec_point_t *r)
{
    const gn_ec_ctx_t *ec = m->ec;
    uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
    gn_limb_t v[GN_EC_ORDER_LIMBS] = {0};
    gn_ec_point_get(ec, x, y, r);
    gn_err e = gn_mp_from_bytes_be(v, GN_EC_ORDER_LIMBS, x, gn_fp_bytes(&ec->fp));
    const size_t w = m->f / GN_LIMB_BITS, b = m->f % GN_LIMB_BITS;
    v[w] &= ((gn_limb_t)1 << b) - 1;
    for (size_t i = w + 1; i < GN_EC_ORDER_LIMBS; i++)
        v[i] = 0;
    v[w] |= (gn_limb_t)1 << b;
    e |= gn_mp_to_bytes_be(out, gn_ec_scalar_bytes(ec), v, GN_EC_ORDER_LIMBS); /* 2^(f+1) <= n */
    (void)e;
}

/* sb big-endian bytes (value < n) as an element of Z/n. */
static void zn_from_bytes(const gn_mqv_ctx_t *m, gn_fp_t *r, const uint8_t *b, size_t sb)
{
    gn_limb_t v[GN_EC_ORDER_LIMBS] = {0};
    gn_err e = gn_mp_from_bytes_be(v, GN_EC_ORDER_LIMBS, b, sb);
    (void)e;
    memset(r, 0, sizeof *r);
    m->zn.kern->from_canon(&m->zn, r->v, v); /* no range branch: callers know b < n */
    gn_memzero(v, sizeof v);
}

gn_err gn_mqv_primitive(const gn_mqv_ctx_t *m, uint8_t *z, size_t zsize, const gn_mqv_own_t *own,
                        const gn_mqv_peer_t *peer)
{
    if (!m || !m->ec || !z || !own || !peer || !own->d || !own->k || !own->r || !peer->q || !peer->r ||
        own->dlen > GN_EC_MAX_SCALAR_BYTES || own->klen > GN_EC_MAX_SCALAR_BYTES)
        return GN_ERR_INVALID;
    const gn_ec_ctx_t *ec = m->ec;
    const size_t fb = gn_fp_bytes(&ec->fp), sb = gn_ec_scalar_bytes(ec);
    if (zsize < fb)
        return GN_ERR_BUFFER;
    memset(z, 0, zsize);
    gn_err e;
    if ((e = gn_ec_public_validate_var(ec, peer->q)) != GN_OK || (e = gn_ec_public_validate_var(ec, peer->r)) != GN_OK)
        return e;
    /* T = [h](R' + [avf(R')] Q'): public */
    uint8_t a[SC_BYTES], one = 1;
    gn_ec_point_t t, zp;
    avf(m, a, peer->r);
    if ((e = gn_ec_mul2_var(ec, &t, &one, 1, peer->r, a, sb, peer->q)) != GN_OK)
        return e;
    if (ec->h > 1) {
        const uint8_t h[4] = {(uint8_t)(ec->h >> 24), (uint8_t)(ec->h >> 16), (uint8_t)(ec->h >> 8), (uint8_t)ec->h};
        if ((e = gn_ec_mul(ec, &t, h, sizeof h, &t, GN_EC_COORDS_DEFAULT, GN_EC_WINDOW_VAR, 0)) != GN_OK)
            return e;
    }
    /* s = k + avf(R) d mod n (SEC1 3.4.1 steps 2-4), constant time in k and d */
    uint8_t kb[SC_BYTES], db[SC_BYTES], sbytes[SC_BYTES];
    gn_fp_t s, d, r;
    gn_limb_t ok = gn_proto_scalar_in_range(ec, kb, own->k, own->klen);
    ok &= gn_proto_scalar_in_range(ec, db, own->d, own->dlen);
    avf(m, a, own->r);
    zn_from_bytes(m, &s, kb, sb);
    zn_from_bytes(m, &d, db, sb);
    zn_from_bytes(m, &r, a, sb);
    gn_fp_mul(&m->zn, &r, &r, &d);
    gn_fp_add(&m->zn, &s, &s, &r);
    gn_fp_encode(&m->zn, sbytes, &s);
    /* Z = [s] T (SEC1 3.4.1 step 5), and z = x_Z unless Z = O */
    e = gn_ec_mul(ec, &zp, sbytes, sb, &t, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
    gn_memzero(kb, sizeof kb);
    gn_memzero(db, sizeof db);
    gn_memzero(sbytes, sizeof sbytes);
    gn_memzero(&s, sizeof s);
    gn_memzero(&d, sizeof d);
    gn_memzero(&r, sizeof r);
    if (e != GN_OK)
        return e;
    return gn_proto_shared_x(ec, z, &zp, ok);
}

/* MAC_k1(c || X || Y || R_X || R_Y), points in uncompressed SEC1. */
static gn_err tag(const gn_mqv_ctx_t *m, uint8_t *out, const uint8_t *k1, uint8_t c, const uint8_t *idx, size_t idxlen,
                  const uint8_t *idy, size_t idylen, const gn_ec_point_t *rx, const gn_ec_point_t *ry)
{
    uint8_t px[PT_BYTES], py[PT_BYTES];
    size_t lx, ly;
    gn_hmac_ctx_t h;
    gn_err e;
    if ((e = gn_ec_encode(m->ec, px, &lx, sizeof px, rx, 0)) != GN_OK ||
        (e = gn_ec_encode(m->ec, py, &ly, sizeof py, ry, 0)) != GN_OK ||
        (e = gn_hmac_init(&h, m->alg, k1, gn_hash_size(m->alg))) != GN_OK)
        return e;
    gn_hmac_update(&h, &c, 1);
    gn_hmac_update(&h, idx, idxlen);
    gn_hmac_update(&h, idy, idylen);
    gn_hmac_update(&h, px, lx);
    gn_hmac_update(&h, py, ly);
    gn_hmac_final(&h, out);
    return GN_OK;
}

gn_err gn_mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const gn_mqv_own_t *own, const gn_mqv_peer_t *peer,
                     int initiator, size_t keylen)
{
    uint8_t z[GN_FP_MAX_BITS / 8], keys[GN_HASH_MAX_SIZE + GN_MQV_MAX_KEY];
    if (!s)
        return GN_ERR_INVALID;
    memset(s, 0, sizeof *s);
    if (!m || !m->ec || !own || !peer || keylen == 0 || keylen > GN_MQV_MAX_KEY || (!own->id && own->idlen) ||
        (!peer->id && peer->idlen))
        return GN_ERR_INVALID;
    const size_t fb = gn_fp_bytes(&m->ec->fp), hs = gn_hash_size(m->alg);
    gn_err e = gn_mqv_primitive(m, z, sizeof z, own, peer);
    GN_DECLASSIFY(&e, sizeof e); /* the outcome is published: the protocol stops on an error */
    if (e == GN_OK)
        e = gn_kdf_x963(m->alg, keys, hs + keylen, z, fb, NULL, 0); /* (k1, k2) = KDF(x_Z) */
    /* initiator A: sends MAC(3 || A || B || R_A || R_B), expects MAC(2 || B || A || R_B || R_A);
     * responder B: sends MAC(2 || B || A || R_B || R_A), expects MAC(3 || A || B || R_A || R_B) */
    const uint8_t c_send = initiator ? 3 : 2, c_expect = initiator ? 2 : 3;
    if (e == GN_OK)
        e = tag(m, s->tag_send, keys, c_send, own->id, own->idlen, peer->id, peer->idlen, own->r, peer->r);
    if (e == GN_OK)
        e = tag(m, s->tag_expect, keys, c_expect, peer->id, peer->idlen, own->id, own->idlen, peer->r, own->r);
    if (e == GN_OK) {
        memcpy(s->key, keys + hs, keylen);
        s->taglen = hs;
        s->keylen = keylen;
    } else {
        gn_memzero(s, sizeof *s);
    }
    gn_memzero(z, sizeof z);
    gn_memzero(keys, sizeof keys);
    return e;
}

gn_err gn_mqv_confirm(const gn_mqv_session_t *s, const uint8_t *tag_in, size_t taglen)
{
    if (!s || !tag_in || taglen != s->taglen || taglen == 0)
        return GN_ERR_AUTH;
    uint8_t diff = 0;
    for (size_t i = 0; i < taglen; i++)
        diff |= (uint8_t)(s->tag_expect[i] ^ tag_in[i]);
    gn_limb_t ok = ct_is_zero(diff);
    GN_DECLASSIFY(&ok, sizeof ok); /* the verdict is public */
    return ok ? GN_OK : GN_ERR_AUTH;
}
