/* The two instantiations of the protocols' curve interface (proto_internal.h): prime curves
 * through gn_ec_*, binary curves through gn_ec2m_*. */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/ecdh.h"
#include "genus/mp.h"
#include "proto/proto_internal.h"
#include "util/ct.h"

/* ------------------------------------------------------------------ prime curves */

static gn_err ec_mul_ct(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p)
{
    return gn_ec_mul(c, &r->ec, k, klen, &p->ec, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
}

static gn_err ec_mul_base_ct(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen)
{
    return gn_ec_mul_base(c, &r->ec, k, klen);
}

static gn_err ec_mul_var(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p)
{
    return gn_ec_mul(c, &r->ec, k, klen, &p->ec, GN_EC_COORDS_DEFAULT, GN_EC_WINDOW_VAR, 0);
}

static gn_err ec_muladd_var(const void *c, gn_proto_point_t *r, const gn_proto_point_t *q, const uint8_t *a,
                            size_t alen, const gn_proto_point_t *p)
{
    const uint8_t one = 1;
    return gn_ec_mul2_var(c, &r->ec, &one, 1, &q->ec, a, alen, &p->ec);
}

static void ec_add(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p, const gn_proto_point_t *q)
{
    gn_ec_add(c, &r->ec, &p->ec, &q->ec);
}

static void ec_neg(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p)
{
    gn_ec_neg(c, &r->ec, &p->ec);
}

static gn_limb_t ec_on_curve(const void *c, const gn_proto_point_t *p)
{
    return ct_mask_bit((gn_limb_t)(gn_ec_is_on_curve(c, &p->ec) != 0));
}

static gn_err ec_validate_var(const void *c, const gn_proto_point_t *p, int subgroup)
{
    const gn_ec_ctx_t *ec = c;
    return gn_ec_validate_var(ec, &p->ec, subgroup && ec->h > 1);
}

static gn_limb_t ec_is_inf(const void *c, const gn_proto_point_t *p)
{
    return ct_mask_bit((gn_limb_t)(gn_ec_is_neutral_aff(c, &p->ec) & 1));
}

static void ec_x_bytes(const void *c, uint8_t *out, const gn_proto_point_t *p)
{
    uint8_t y[GN_FP_MAX_BITS / 8];
    gn_ec_point_get(c, out, y, &p->ec);
    gn_memzero(y, sizeof y);
}

static gn_err ec_encode(const void *c, uint8_t *out, size_t *outlen, size_t outsize, const gn_proto_point_t *p,
                        int compressed)
{
    return gn_ec_encode(c, out, outlen, outsize, &p->ec, compressed);
}

static const gn_proto_ops_t ec_ops = {ec_mul_ct,   ec_mul_base_ct,  ec_mul_var, ec_muladd_var,
                                      ec_add,      ec_neg,          ec_on_curve, ec_validate_var,
                                      ec_is_inf,   ec_x_bytes,      ec_encode};

gn_err gn_proto_curve_ec(gn_proto_curve_t *pc, const gn_ec_ctx_t *ec)
{
    if (!ec->n_prime || !ec->order_exact)
        return GN_ERR_UNVERIFIED_ORDER;
    pc->ops = &ec_ops;
    pc->c = ec;
    memcpy(pc->n, ec->n, sizeof pc->n);
    pc->n_bits = ec->n_bits;
    pc->fb = gn_fp_bytes(&ec->fp);
    pc->sb = gn_ec_scalar_bytes(ec);
    pc->h = ec->h;
    return GN_OK;
}

/* ------------------------------------------------------------------ binary curves */

static gn_err ec2m_mul_ct(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p)
{
    return gn_ec2m_mul_ladder(c, &r->ec2m, k, klen, &p->ec2m);
}

static gn_err ec2m_mul_base_ct(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen)
{
    const gn_ec2m_ctx_t *ec = c;
    return gn_ec2m_mul_ladder(ec, &r->ec2m, k, klen, &ec->g);
}

static gn_err ec2m_mul_var(const void *c, gn_proto_point_t *r, const uint8_t *k, size_t klen, const gn_proto_point_t *p)
{
    return gn_ec2m_mul_wnaf_var(c, &r->ec2m, k, klen, &p->ec2m, 0);
}

static gn_err ec2m_muladd_var(const void *c, gn_proto_point_t *r, const gn_proto_point_t *q, const uint8_t *a,
                              size_t alen, const gn_proto_point_t *p)
{
    gn_ec2m_point_t t;
    gn_err e = gn_ec2m_mul_wnaf_var(c, &t, a, alen, &p->ec2m, 0);
    if (e == GN_OK)
        gn_ec2m_add_var(c, &r->ec2m, &q->ec2m, &t);
    return e;
}

static void ec2m_add(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p, const gn_proto_point_t *q)
{
    gn_ec2m_add(c, &r->ec2m, &p->ec2m, &q->ec2m);
}

static void ec2m_neg(const void *c, gn_proto_point_t *r, const gn_proto_point_t *p)
{
    gn_ec2m_neg(c, &r->ec2m, &p->ec2m);
}

static gn_limb_t ec2m_on_curve(const void *c, const gn_proto_point_t *p)
{
    return gn_ec2m_is_on_curve(c, &p->ec2m);
}

/* gn_ec2m_validate_var checks the subgroup whenever h > 1; without it (the cofactor variant,
 * SEC1 3.3.2) only the neutral element and the curve equation are checked */
static gn_err ec2m_validate_var(const void *c, const gn_proto_point_t *p, int subgroup)
{
    if (subgroup)
        return gn_ec2m_validate_var(c, &p->ec2m, 0);
    if (p->ec2m.infinity)
        return GN_ERR_INFINITY;
    return gn_ec2m_is_on_curve(c, &p->ec2m) ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

static gn_limb_t ec2m_is_inf(const void *c, const gn_proto_point_t *p)
{
    (void)c;
    return ct_mask_bit((gn_limb_t)(p->ec2m.infinity & 1));
}

/* SEC1 2.3.5 / 2.3.9: the bit string of x, as an integer, in big-endian bytes */
static void ec2m_x_bytes(const void *c, uint8_t *out, const gn_proto_point_t *p)
{
    const gn_ec2m_ctx_t *ec = c;
    gn_f2m_encode(&ec->f, out, &p->ec2m.x);
}

static gn_err ec2m_encode(const void *c, uint8_t *out, size_t *outlen, size_t outsize, const gn_proto_point_t *p,
                          int compressed)
{
    return gn_ec2m_encode(c, out, outlen, outsize, &p->ec2m, compressed);
}

static const gn_proto_ops_t ec2m_ops = {ec2m_mul_ct, ec2m_mul_base_ct, ec2m_mul_var,      ec2m_muladd_var,
                                        ec2m_add,    ec2m_neg,         ec2m_on_curve,     ec2m_validate_var,
                                        ec2m_is_inf, ec2m_x_bytes,     ec2m_encode};

gn_err gn_proto_curve_ec2m(gn_proto_curve_t *pc, const gn_ec2m_ctx_t *ec)
{
    if (ec->nbytes == 0 || ec->h == 0 || ec->g.infinity)
        return GN_ERR_INVALID;
    pc->ops = &ec2m_ops;
    pc->c = ec;
    if (gn_mp_from_bytes_be(pc->n, GN_EC_ORDER_LIMBS, ec->n, ec->nbytes) != GN_OK)
        return GN_ERR_INVALID;
    size_t i = 0;
    while (i < ec->nbytes && ec->n[i] == 0)
        i++;
    unsigned top = i < ec->nbytes ? ec->n[i] : 0, bits = 0;
    while (top >> bits)
        bits++;
    pc->n_bits = i < ec->nbytes ? 8 * (ec->nbytes - i - 1) + bits : 0;
    pc->fb = gn_f2m_bytes(&ec->f);
    pc->sb = (pc->n_bits + 7) / 8;
    pc->h = ec->h;
    return ec->n_prime && ec->order_exact ? GN_OK : GN_ERR_UNVERIFIED_ORDER; /* pc is filled in all the same */
}
