/* Affine points: curve equation, neutral element, equality, SEC1 encodings, validation. */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"
#include "util/ct.h"

int gn_ec_is_neutral_aff(const gn_ec_ctx_t *ec, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t one;
    switch (ec->model) {
    case GN_EC_EDWARDS:
        gn_fp_set_one(f, &one);
        return p->infinity | (gn_fp_is_zero(f, &p->x) & gn_fp_eq(f, &p->y, &one));
    case GN_EC_JACOBI_QUARTIC:
        gn_fp_set_one(f, &one);
        return (p->infinity ^ 1) & gn_fp_is_zero(f, &p->x) & gn_fp_eq(f, &p->y, &one);
    default:
        return p->infinity;
    }
}

void gn_ec_set_neutral_aff(const gn_ec_ctx_t *ec, gn_ec_point_t *r)
{
    gn_fp_set_zero(&ec->fp, &r->x);
    gn_fp_set_zero(&ec->fp, &r->y);
    r->infinity = 1;
    if (ec->model == GN_EC_EDWARDS || ec->model == GN_EC_JACOBI_QUARTIC) {
        gn_fp_set_one(&ec->fp, &r->y);
        r->infinity = 0;
    }
}

void gn_ec_set_infinity(const gn_ec_ctx_t *ec, gn_ec_point_t *r)
{
    gn_ec_set_neutral_aff(ec, r);
}

/* The right-hand side the curve equation gives for y^2 at x; 0 when undefined (Edwards). */
static int y2_of_x(const gn_ec_ctx_t *ec, gn_fp_t *r, const gn_fp_t *x)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t t, u, one;
    gn_fp_set_one(f, &one);
    gn_fp_sqr(f, &t, x);
    switch (ec->model) {
    case GN_EC_WEIERSTRASS: /* x^3 + a x + b */
        gn_fp_add(f, &t, &t, &ec->a);
        gn_fp_mul(f, &t, &t, x);
        gn_fp_add(f, r, &t, &ec->b);
        return 1;
    case GN_EC_MONTGOMERY: /* (x^3 + A x^2 + x) / B */
        gn_fp_add(f, &u, x, &ec->a);
        gn_fp_mul(f, &u, &u, x);
        gn_fp_add(f, &u, &u, &one);
        gn_fp_mul(f, &u, &u, x);
        gn_fp_mul(f, r, &u, &ec->k[2]);
        return 1;
    case GN_EC_JACOBI_QUARTIC: /* x^4 + 2a x^2 + 1 */
        gn_fp_add(f, &u, &t, &ec->k[0]);
        gn_fp_mul(f, &u, &u, &t);
        gn_fp_add(f, r, &u, &one);
        return 1;
    case GN_EC_EDWARDS: { /* (1 - a x^2) / (1 - d x^2) */
        gn_fp_mul(f, &u, &t, &ec->a);
        gn_fp_sub(f, &u, &one, &u);
        gn_fp_mul(f, &t, &t, &ec->b);
        gn_fp_sub(f, &t, &one, &t);
        if (gn_fp_inv_var(f, &t, &t) != GN_OK)
            return 0;
        gn_fp_mul(f, r, &u, &t);
        return 1;
    }
    }
    return 0;
}

int gn_ec_is_on_curve(const gn_ec_ctx_t *ec, const gn_ec_point_t *p)
{
    const gn_fp_ctx_t *f = &ec->fp;
    gn_fp_t l, r, t, one;
    gn_fp_set_one(f, &one);
    if (ec->model == GN_EC_JACOBI_QUARTIC && p->infinity) { /* (0 : +-1 : 0 : 1) */
        gn_fp_neg(f, &t, &one);
        return gn_fp_is_zero(f, &p->x) & (gn_fp_eq(f, &p->y, &one) | gn_fp_eq(f, &p->y, &t));
    }
    if (p->infinity)
        return 1;
    gn_fp_sqr(f, &l, &p->y);
    switch (ec->model) {
    case GN_EC_EDWARDS: /* a x^2 + y^2 = 1 + d x^2 y^2 */
        gn_fp_sqr(f, &t, &p->x);
        gn_fp_mul(f, &r, &t, &l);
        gn_fp_mul(f, &r, &r, &ec->b);
        gn_fp_add(f, &r, &r, &one);
        gn_fp_mul(f, &t, &t, &ec->a);
        gn_fp_add(f, &l, &l, &t);
        return gn_fp_eq(f, &l, &r);
    case GN_EC_MONTGOMERY: /* B y^2 = x^3 + A x^2 + x */
        gn_fp_mul(f, &l, &l, &ec->b);
        gn_fp_add(f, &r, &p->x, &ec->a);
        gn_fp_mul(f, &r, &r, &p->x);
        gn_fp_add(f, &r, &r, &one);
        gn_fp_mul(f, &r, &r, &p->x);
        return gn_fp_eq(f, &l, &r);
    default:
        (void)y2_of_x(ec, &r, &p->x);
        return gn_fp_eq(f, &l, &r);
    }
}

gn_err gn_ec_point_from_hex(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *x, const char *y)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    gn_err e;
    if (!ec || !r || !x || !y)
        return GN_ERR_INVALID;
    if ((e = gn_mp_from_hex(t, GN_FP_MAX_LIMBS, x, strlen(x))) != GN_OK)
        return e;
    if ((e = gn_fp_set_mp(&ec->fp, &r->x, t, GN_FP_MAX_LIMBS)) != GN_OK)
        return e;
    if ((e = gn_mp_from_hex(t, GN_FP_MAX_LIMBS, y, strlen(y))) != GN_OK)
        return e;
    if ((e = gn_fp_set_mp(&ec->fp, &r->y, t, GN_FP_MAX_LIMBS)) != GN_OK)
        return e;
    r->infinity = 0;
    return gn_ec_is_on_curve(ec, r) ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

int gn_ec_point_eq(const gn_ec_ctx_t *ec, const gn_ec_point_t *a, const gn_ec_point_t *b)
{
    int same = gn_fp_eq(&ec->fp, &a->x, &b->x) & gn_fp_eq(&ec->fp, &a->y, &b->y);
    int ia = a->infinity, ib = b->infinity;
    if (ec->model == GN_EC_JACOBI_QUARTIC)
        return (ia == ib) & same;
    ia = gn_ec_is_neutral_aff(ec, a);
    ib = gn_ec_is_neutral_aff(ec, b);
    return (ia & ib) | (((ia | ib) ^ 1) & same);
}

void gn_ec_neg(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p)
{
    *r = *p;
    if (ec->model == GN_EC_EDWARDS || ec->model == GN_EC_JACOBI_QUARTIC)
        gn_fp_neg(&ec->fp, &r->x, &p->x);
    else
        gn_fp_neg(&ec->fp, &r->y, &p->y);
}

void gn_ec_point_get(const gn_ec_ctx_t *ec, uint8_t *x, uint8_t *y, const gn_ec_point_t *p)
{
    gn_fp_encode(&ec->fp, x, &p->x);
    gn_fp_encode(&ec->fp, y, &p->y);
}

/* ------------------------------------------------------------------------ SEC1 */

gn_err gn_ec_encode(const gn_ec_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize, const gn_ec_point_t *p,
                    int compressed)
{
    size_t fb = ec->fp.bytes;
    if (!out || !outlen || !p)
        return GN_ERR_INVALID;
    if (ec->model == GN_EC_JACOBI_QUARTIC && p->infinity)
        return GN_ERR_INFINITY; /* a point at infinity of the quartic has no SEC1 form */
    if (p->infinity && ec->model != GN_EC_EDWARDS) {
        if (outsize < 1)
            return GN_ERR_BUFFER;
        out[0] = 0;
        *outlen = 1;
        return GN_OK;
    }
    size_t need = compressed ? 1 + fb : 1 + 2 * fb;
    if (outsize < need)
        return GN_ERR_BUFFER;
    gn_fp_encode(&ec->fp, out + 1, &p->x);
    if (compressed) {
        uint8_t y[GN_FP_MAX_BITS / 8];
        gn_fp_encode(&ec->fp, y, &p->y);
        out[0] = (uint8_t)(2 | (y[fb - 1] & 1));
    } else {
        out[0] = 4;
        gn_fp_encode(&ec->fp, out + 1 + fb, &p->y);
    }
    *outlen = need;
    return GN_OK;
}

gn_err gn_ec_decode(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *in, size_t len, int allow_infinity)
{
    size_t fb = ec->fp.bytes;
    gn_err e;
    if (!r || (!in && len))
        return GN_ERR_INVALID;
    if (len == 1 && in[0] == 0) {
        if (!allow_infinity || ec->model == GN_EC_EDWARDS || ec->model == GN_EC_JACOBI_QUARTIC)
            return GN_ERR_INFINITY;
        gn_ec_set_neutral_aff(ec, r);
        return GN_OK;
    }
    if (len == 0)
        return GN_ERR_ENCODING;
    if (in[0] == 4 && len == 1 + 2 * fb) {
        if ((e = gn_fp_decode(&ec->fp, &r->x, in + 1, fb)) != GN_OK ||
            (e = gn_fp_decode(&ec->fp, &r->y, in + 1 + fb, fb)) != GN_OK)
            return e;
        r->infinity = 0;
        return gn_ec_is_on_curve(ec, r) ? GN_OK : GN_ERR_NOT_ON_CURVE;
    }
    if ((in[0] == 2 || in[0] == 3) && len == 1 + fb) {
        gn_fp_t y2;
        uint8_t y[GN_FP_MAX_BITS / 8];
        if ((e = gn_fp_decode(&ec->fp, &r->x, in + 1, fb)) != GN_OK)
            return e;
        if (!y2_of_x(ec, &y2, &r->x))
            return GN_ERR_NOT_ON_CURVE;
        if ((e = gn_fp_sqrt(&ec->fp, &r->y, &y2)) != GN_OK)
            return GN_ERR_NOT_ON_CURVE;
        gn_fp_encode(&ec->fp, y, &r->y);
        if ((y[fb - 1] & 1) != (in[0] & 1))
            gn_fp_neg(&ec->fp, &r->y, &r->y);
        gn_fp_encode(&ec->fp, y, &r->y);
        if ((y[fb - 1] & 1) != (in[0] & 1))
            return GN_ERR_ENCODING; /* y = 0 with the odd prefix */
        r->infinity = 0;
        return GN_OK;
    }
    return GN_ERR_ENCODING; /* hybrid (0x06, 0x07), unknown prefix or wrong length */
}

gn_err gn_ec_validate_var(const gn_ec_ctx_t *ec, const gn_ec_point_t *p, int check_subgroup)
{
    if (gn_ec_is_neutral_aff(ec, p))
        return GN_ERR_INFINITY;
    if (!gn_ec_is_on_curve(ec, p))
        return GN_ERR_NOT_ON_CURVE;
    if (check_subgroup && !ec->n_bits)
        return GN_ERR_UNVERIFIED_ORDER; /* a curve without an order (gn_ec_params_t) */
    if (check_subgroup && ec->h > 1) {
        uint8_t nb[GN_EC_ORDER_LIMBS * sizeof(gn_limb_t)];
        gn_ec_point_t t;
        if (gn_mp_to_bytes_be(nb, sizeof nb, ec->n, GN_EC_ORDER_LIMBS) != GN_OK)
            return GN_ERR_INVALID;
        if (gn_ec_mul(ec, &t, nb, sizeof nb, p, GN_EC_COORDS_DEFAULT, GN_EC_WNAF, 0) != GN_OK)
            return GN_ERR_INVALID;
        if (!gn_ec_is_neutral_aff(ec, &t))
            return GN_ERR_SUBGROUP;
    }
    return GN_OK;
}
