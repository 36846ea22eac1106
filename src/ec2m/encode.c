/* SEC1 (v2, 2.3.3-2.3.4) point encodings for binary curves, and public-key validation
 * (3.2.2.1). Compression keeps the x^0 coefficient of z = y/x (0 when x = 0); decompression
 * solves z^2 + z = x + a + b/x^2 (the curve equation divided by x^2) and sets y = x z. */
#include "ec2m_internal.h"

gn_err gn_ec2m_encode(const gn_ec2m_ctx_t *ec, uint8_t *out, size_t *outlen, size_t outsize,
                      const gn_ec2m_point_t *p, int compressed)
{
    const gn_f2m_ctx_t *f = &ec->f;
    const size_t L = gn_f2m_bytes(f);
    size_t need = p->infinity ? 1 : compressed ? 1 + L : 1 + 2 * L;
    if (!out || !outlen || outsize < need)
        return GN_ERR_BUFFER;
    *outlen = need;
    if (p->infinity) {
        out[0] = 0;
        return GN_OK;
    }
    gn_f2m_encode(f, out + 1, &p->x);
    if (!compressed) {
        out[0] = 4;
        gn_f2m_encode(f, out + 1 + L, &p->y);
        return GN_OK;
    }
    fe z;
    ec2m_inv0(f, &z, &p->x); /* y/x, and 0 for x = 0: SEC1 encodes that case with bit 0 */
    MUL(&z, &z, &p->y);
    out[0] = (uint8_t)(2 | (z.v[0] & 1));
    return GN_OK;
}

/* y for x and the bit ybit of y/x, or GN_ERR_NOT_SQUARE when x is no point's abscissa
 * (GN_ERR_ENCODING for x = 0 with ybit = 1, which no point encodes to). */
static gn_err decompress(const gn_ec2m_ctx_t *ec, fe *y, const fe *x, unsigned ybit)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (ec2m_is_zero_var(ec, x)) {
        if (ybit & 1)
            return GN_ERR_ENCODING; /* SEC1 2.3.3 gives x = 0 the bit 0: one encoding per point */
        gn_f2m_sqrt(f, y, &ec->b); /* y^2 = b */
        return GN_OK;
    }
    fe beta, t, z;
    SQR(&t, x);
    gn_err e = gn_f2m_div(f, &beta, &ec->b, &t);
    if (e != GN_OK)
        return e;
    ADD(&beta, &beta, x);
    ADD(&beta, &beta, &ec->a);
    if ((e = gn_f2m_solve_quad(f, &z, &beta)) != GN_OK)
        return e;
    z.v[0] ^= (gn_limb_t)(ybit & 1); /* the other root is z + 1 */
    MUL(y, x, &z);
    return GN_OK;
}

gn_err gn_ec2m_decode(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *in, size_t len,
                      int allow_infinity)
{
    const gn_f2m_ctx_t *f = &ec->f;
    const size_t L = gn_f2m_bytes(f);
    if (!in || len == 0)
        return GN_ERR_ENCODING;
    if (in[0] == 0) {
        if (len != 1 || !allow_infinity)
            return GN_ERR_ENCODING;
        gn_ec2m_set_infinity(ec, r);
        return GN_OK;
    }
    gn_ec2m_point_t t;
    gn_err e;
    t.infinity = 0;
    if (in[0] == 4 && len == 1 + 2 * L) {
        if ((e = gn_f2m_decode(f, &t.x, in + 1, L)) != GN_OK || (e = gn_f2m_decode(f, &t.y, in + 1 + L, L)) != GN_OK)
            return e;
    } else if ((in[0] == 2 || in[0] == 3) && len == 1 + L) {
        if ((e = gn_f2m_decode(f, &t.x, in + 1, L)) != GN_OK || (e = decompress(ec, &t.y, &t.x, in[0] & 1)) != GN_OK)
            return e;
    } else {
        return GN_ERR_ENCODING; /* wrong length, hybrid (0x06, 0x07) or unknown prefix */
    }
    if (!gn_ec2m_is_on_curve(ec, &t))
        return GN_ERR_NOT_ON_CURVE;
    *r = t;
    return GN_OK;
}

gn_err gn_ec2m_validate_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *p, int check_subgroup)
{
    if (p->infinity)
        return GN_ERR_INFINITY;
    if (!gn_ec2m_is_on_curve(ec, p))
        return GN_ERR_NOT_ON_CURVE;
    if (ec->nbytes && (ec->h != 1 || check_subgroup)) {
        gn_ec2m_point_t t;
        gn_err e = gn_ec2m_mul_wnaf_var(ec, &t, ec->n, ec->nbytes, p, 0);
        if (e != GN_OK)
            return e;
        if (!t.infinity)
            return GN_ERR_SUBGROUP;
    }
    return GN_OK;
}
