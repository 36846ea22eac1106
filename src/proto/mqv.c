/* ECMQV (SEC1 3.4) with the key confirmation of HMV Protocol 4.51; choices in genus/mqv.h. One
 * implementation for prime and binary curves (the curve interface of proto_internal.h). */
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

#if defined(__GNUC__) || defined(__clang__)
#define GN_NOINLINE __attribute__((noinline))
#else
#define GN_NOINLINE
#endif

#define PT_BYTES (1 + 2 * GN_FP_MAX_BITS / 8) /* also above GN_EC2M_MAX_ENCODING */
#define SC_BYTES (GN_EC_ORDER_LIMBS * sizeof(gn_limb_t))

/* The curve of m as the protocols see it. */
static gn_err mqv_curve(const gn_mqv_ctx_t *m, gn_proto_curve_t *pc)
{
    if (m->ec)
        return gn_proto_curve_ec(pc, m->ec);
    return m->ec2m ? gn_proto_curve_ec2m(pc, m->ec2m) : GN_ERR_INVALID;
}

static gn_err mqv_init(gn_mqv_ctx_t *m, gn_hash_alg alg)
{
    uint8_t nb[SC_BYTES];
    gn_proto_curve_t pc;
    if (gn_hash_size(alg) == 0)
        return GN_ERR_UNSUPPORTED;
    gn_err e = mqv_curve(m, &pc);
    if (e != GN_OK)
        return e;
    if (gn_mp_to_bytes_be(nb, pc.sb, pc.n, GN_EC_ORDER_LIMBS) != GN_OK)
        return GN_ERR_INVALID;
    /* n is prime (checked when the curve was built), so the integers modulo n are a field */
    if ((e = gn_fp_init_trusted(&m->zn, nb, pc.sb, GN_FP_KERNEL_AUTO)) != GN_OK)
        return e;
    m->alg = alg;
    m->f = (pc.n_bits + 1) / 2;
    return GN_OK;
}

gn_err gn_mqv_init(gn_mqv_ctx_t *m, const gn_ec_ctx_t *ec, gn_hash_alg alg)
{
    if (!m || !ec)
        return GN_ERR_INVALID;
    memset(m, 0, sizeof *m);
    m->ec = ec;
    gn_err e = mqv_init(m, alg);
    if (e != GN_OK)
        memset(m, 0, sizeof *m);
    return e;
}

gn_err gn_ec2m_mqv_init(gn_mqv_ctx_t *m, const gn_ec2m_ctx_t *ec, gn_hash_alg alg)
{
    if (!m || !ec)
        return GN_ERR_INVALID;
    memset(m, 0, sizeof *m);
    m->ec2m = ec;
    gn_err e = mqv_init(m, alg);
    if (e != GN_OK)
        memset(m, 0, sizeof *m);
    return e;
}

/* One party's keys and the peer's, with the points of either kind of curve: the caller's
 * gn_ec_point_t or gn_ec2m_point_t, read through the union's member of its type (C11 6.5p7),
 * never copied as a whole union. */
typedef struct mqv_own {
    const uint8_t *d, *k, *id;
    size_t dlen, klen, idlen;
    const gn_proto_point_t *r;
} mqv_own_t;

typedef struct mqv_peer {
    const gn_proto_point_t *q, *r;
    const uint8_t *id;
    size_t idlen;
} mqv_peer_t;

/* avf(R) = (x mod 2^f) + 2^f (SEC1 3.4.1 step 3; HMV's R-bar) as sb big-endian bytes; x is the
 * integer of R's x-coordinate (for GF(2^m), of its bit string: SEC1 2.3.9). */
static void avf(const gn_mqv_ctx_t *m, const gn_proto_curve_t *pc, uint8_t *out, const gn_proto_point_t *r)
{
    uint8_t x[GN_FP_MAX_BITS / 8];
    gn_limb_t v[GN_EC_ORDER_LIMBS] = {0};
    pc->ops->x_bytes(pc->c, x, r);
    gn_err e = gn_mp_from_bytes_be(v, GN_EC_ORDER_LIMBS, x, pc->fb);
    const size_t w = m->f / GN_LIMB_BITS, b = m->f % GN_LIMB_BITS;
    v[w] &= ((gn_limb_t)1 << b) - 1;
    for (size_t i = w + 1; i < GN_EC_ORDER_LIMBS; i++)
        v[i] = 0;
    v[w] |= (gn_limb_t)1 << b;
    e |= gn_mp_to_bytes_be(out, pc->sb, v, GN_EC_ORDER_LIMBS); /* 2^(f+1) <= n */
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

/* sbytes = k + avf(R) d mod n (SEC1 3.4.1 steps 2-4), pc->sb bytes, constant time in k and d;
 * returns an all-ones mask when both keys are in [1, n - 1]. Out of line: its elements are not
 * on the stack during the multiplication that follows. */
static GN_NOINLINE gn_limb_t mqv_s(const gn_mqv_ctx_t *m, const gn_proto_curve_t *pc, uint8_t *sbytes,
                                   const mqv_own_t *own)
{
    const size_t sb = pc->sb;
    uint8_t a[SC_BYTES], kb[SC_BYTES], db[SC_BYTES];
    gn_fp_t s, d, r;
    gn_limb_t ok = gn_proto_scalar_in_range(pc, kb, own->k, own->klen);
    ok &= gn_proto_scalar_in_range(pc, db, own->d, own->dlen);
    avf(m, pc, a, own->r);
    zn_from_bytes(m, &s, kb, sb);
    zn_from_bytes(m, &d, db, sb);
    zn_from_bytes(m, &r, a, sb);
    gn_fp_mul(&m->zn, &r, &r, &d);
    gn_fp_add(&m->zn, &s, &s, &r);
    gn_fp_encode(&m->zn, sbytes, &s);
    gn_memzero(kb, sizeof kb);
    gn_memzero(db, sizeof db);
    gn_memzero(&s, sizeof s);
    gn_memzero(&d, sizeof d);
    gn_memzero(&r, sizeof r);
    return ok;
}

static gn_err mqv_primitive(const gn_mqv_ctx_t *m, const gn_proto_curve_t *pc, uint8_t *z, size_t zsize,
                            const mqv_own_t *own, const mqv_peer_t *peer)
{
    const size_t sb = pc->sb;
    if (zsize < pc->fb)
        return GN_ERR_BUFFER;
    memset(z, 0, zsize);
    gn_err e;
    if ((e = pc->ops->validate_var(pc->c, peer->q, 1)) != GN_OK ||
        (e = pc->ops->validate_var(pc->c, peer->r, 1)) != GN_OK)
        return e;
    /* T = [h](R' + [avf(R')] Q'): public */
    uint8_t a[SC_BYTES];
    gn_proto_point_t t; /* T, then Z in its place */
    avf(m, pc, a, peer->r);
    if ((e = pc->ops->muladd_var(pc->c, &t, peer->r, a, sb, peer->q)) != GN_OK)
        return e;
    if (pc->h > 1) {
        const uint8_t h[4] = {(uint8_t)(pc->h >> 24), (uint8_t)(pc->h >> 16), (uint8_t)(pc->h >> 8), (uint8_t)pc->h};
        if ((e = pc->ops->mul_var(pc->c, &t, h, sizeof h, &t)) != GN_OK)
            return e;
    }
    /* s = k + avf(R) d mod n (SEC1 3.4.1 steps 2-4), constant time in k and d */
    uint8_t sbytes[SC_BYTES];
    gn_limb_t ok = mqv_s(m, pc, sbytes, own);
    /* Z = [s] T (SEC1 3.4.1 step 5), and z = x_Z unless Z = O */
    e = pc->ops->mul_ct(pc->c, &t, sbytes, sb, &t);
    gn_memzero(sbytes, sizeof sbytes);
    if (e != GN_OK)
        return e;
    e = gn_proto_shared_x(pc, z, &t, ok);
    gn_memzero(&t, sizeof t); /* Z is the shared point */
    return e;
}

/* MAC_k1(c || X || Y || R_X || R_Y), points in uncompressed SEC1. */
static gn_err tag(const gn_mqv_ctx_t *m, const gn_proto_curve_t *pc, uint8_t *out, const uint8_t *k1, uint8_t c,
                  const uint8_t *idx, size_t idxlen, const uint8_t *idy, size_t idylen, const gn_proto_point_t *rx,
                  const gn_proto_point_t *ry)
{
    uint8_t px[PT_BYTES], py[PT_BYTES];
    size_t lx, ly;
    gn_hmac_ctx_t h;
    gn_err e;
    if ((e = pc->ops->encode(pc->c, px, &lx, sizeof px, rx, 0)) != GN_OK ||
        (e = pc->ops->encode(pc->c, py, &ly, sizeof py, ry, 0)) != GN_OK ||
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

static gn_err mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const mqv_own_t *own, const mqv_peer_t *peer,
                         int initiator, size_t keylen)
{
    uint8_t z[GN_FP_MAX_BITS / 8], keys[GN_HASH_MAX_SIZE + GN_MQV_MAX_KEY];
    gn_proto_curve_t pc;
    memset(s, 0, sizeof *s);
    if (keylen == 0 || keylen > GN_MQV_MAX_KEY || (!own->id && own->idlen) || (!peer->id && peer->idlen) ||
        mqv_curve(m, &pc) != GN_OK)
        return GN_ERR_INVALID;
    const size_t hs = gn_hash_size(m->alg);
    gn_err e = mqv_primitive(m, &pc, z, sizeof z, own, peer);
    GN_DECLASSIFY(&e, sizeof e); /* the outcome is published: the protocol stops on an error */
    if (e == GN_OK)
        e = gn_kdf_x963(m->alg, keys, hs + keylen, z, pc.fb, NULL, 0); /* (k1, k2) = KDF(x_Z) */
    /* initiator A: sends MAC(3 || A || B || R_A || R_B), expects MAC(2 || B || A || R_B || R_A);
     * responder B: sends MAC(2 || B || A || R_B || R_A), expects MAC(3 || A || B || R_A || R_B) */
    const uint8_t c_send = initiator ? 3 : 2, c_expect = initiator ? 2 : 3;
    if (e == GN_OK)
        e = tag(m, &pc, s->tag_send, keys, c_send, own->id, own->idlen, peer->id, peer->idlen, own->r, peer->r);
    if (e == GN_OK)
        e = tag(m, &pc, s->tag_expect, keys, c_expect, peer->id, peer->idlen, own->id, own->idlen, peer->r, own->r);
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

/* own_SFX, peer_SFX: the keys of the public structures of prime (ec) or binary (ec2m) curves,
 * which hold the same fields over their own point types; 0 when a pointer is missing. */
#define MQV_KEYS(sfx, own_t, peer_t)                                                                                    \
    static int own_##sfx(mqv_own_t *o, const own_t *own)                                                                \
    {                                                                                                                   \
        if (!own || !own->d || !own->k || !own->r || own->dlen > GN_EC_MAX_SCALAR_BYTES ||                              \
            own->klen > GN_EC_MAX_SCALAR_BYTES)                                                                         \
            return 0;                                                                                                   \
        *o = (mqv_own_t){own->d, own->k, own->id, own->dlen, own->klen, own->idlen, (const gn_proto_point_t *)own->r}; \
        return 1;                                                                                                       \
    }                                                                                                                   \
    static int peer_##sfx(mqv_peer_t *p, const peer_t *peer)                                                            \
    {                                                                                                                   \
        if (!peer || !peer->q || !peer->r)                                                                              \
            return 0;                                                                                                   \
        *p = (mqv_peer_t){(const gn_proto_point_t *)peer->q, (const gn_proto_point_t *)peer->r, peer->id, peer->idlen}; \
        return 1;                                                                                                       \
    }
MQV_KEYS(ec, gn_mqv_own_t, gn_mqv_peer_t)
MQV_KEYS(ec2m, gn_ec2m_mqv_own_t, gn_ec2m_mqv_peer_t)

gn_err gn_mqv_primitive(const gn_mqv_ctx_t *m, uint8_t *z, size_t zsize, const gn_mqv_own_t *own,
                        const gn_mqv_peer_t *peer)
{
    mqv_own_t o;
    mqv_peer_t p;
    gn_proto_curve_t pc;
    if (!m || !m->ec || !z || !own_ec(&o, own) || !peer_ec(&p, peer) || mqv_curve(m, &pc) != GN_OK)
        return GN_ERR_INVALID;
    return mqv_primitive(m, &pc, z, zsize, &o, &p);
}

gn_err gn_ec2m_mqv_primitive(const gn_mqv_ctx_t *m, uint8_t *z, size_t zsize, const gn_ec2m_mqv_own_t *own,
                             const gn_ec2m_mqv_peer_t *peer)
{
    mqv_own_t o;
    mqv_peer_t p;
    gn_proto_curve_t pc;
    if (!m || !m->ec2m || !z || !own_ec2m(&o, own) || !peer_ec2m(&p, peer) || mqv_curve(m, &pc) != GN_OK)
        return GN_ERR_INVALID;
    return mqv_primitive(m, &pc, z, zsize, &o, &p);
}

gn_err gn_mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const gn_mqv_own_t *own, const gn_mqv_peer_t *peer,
                     int initiator, size_t keylen)
{
    mqv_own_t o;
    mqv_peer_t p;
    if (!s)
        return GN_ERR_INVALID;
    memset(s, 0, sizeof *s);
    if (!m || !m->ec || !own_ec(&o, own) || !peer_ec(&p, peer))
        return GN_ERR_INVALID;
    return mqv_derive(m, s, &o, &p, initiator, keylen);
}

gn_err gn_ec2m_mqv_derive(const gn_mqv_ctx_t *m, gn_mqv_session_t *s, const gn_ec2m_mqv_own_t *own,
                          const gn_ec2m_mqv_peer_t *peer, int initiator, size_t keylen)
{
    mqv_own_t o;
    mqv_peer_t p;
    if (!s)
        return GN_ERR_INVALID;
    memset(s, 0, sizeof *s);
    if (!m || !m->ec2m || !own_ec2m(&o, own) || !peer_ec2m(&p, peer))
        return GN_ERR_INVALID;
    return mqv_derive(m, s, &o, &p, initiator, keylen);
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
