/* Affine addition in constant time: one chord-and-tangent formula for every case, the special
 * cases (O, P = -Q, doubling, x = 0) selected by masks. y^2 + xy = x^3 + a x^2 + b (HMV 3.1.2):
 *   x3 = l^2 + l + x1 + x2 + a,  y3 = l (x1 + x3) + x3 + y1,
 * with l = (y1 + y2)/(x1 + x2) for x1 != x2 and l = x1 + y1/x1 = (x1^2 + y1)/x1 for P = Q (the
 * doubling formula y3 = x1^2 + (l + 1) x3 is the same expression, since l x1 + y1 = x1^2). */
#include "formulas.h"

void gn_ec2m_add(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p, const gn_ec2m_point_t *q)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe sx, sy, num, den, l, x3, y3, t, zero;
    ADD(&sx, &p->x, &q->x);
    ADD(&sy, &p->y, &q->y);
    const gn_limb_t pinf = ct_mask_bit((gn_limb_t)(p->infinity != 0));
    const gn_limb_t qinf = ct_mask_bit((gn_limb_t)(q->infinity != 0));
    const gn_limb_t eqx = gn_f2m_is_zero(f, &sx), eqy = gn_f2m_is_zero(f, &sy), x0 = gn_f2m_is_zero(f, &p->x);
    const gn_limb_t dbl = eqx & eqy & ~x0, inf = eqx & ~dbl; /* P = -Q, or 2P with x = 0 */
    num = sy;
    den = sx;
    SQR(&t, &p->x);
    ADD(&t, &t, &p->y);
    ec2m_cmov(ec, &num, dbl, &t);
    ec2m_cmov(ec, &den, dbl, &p->x);
    ec2m_inv0(f, &den, &den);
    MUL(&l, &num, &den);
    ec2m_aff_chord(ec, &x3, &y3, &l, &sx, &p->x, &p->y);
    gn_f2m_set_zero(f, &zero);
    ec2m_cmov(ec, &x3, inf, &zero);
    ec2m_cmov(ec, &y3, inf, &zero);
    gn_limb_t rinf = inf;
    ec2m_cmov(ec, &x3, qinf, &p->x);
    ec2m_cmov(ec, &y3, qinf, &p->y);
    rinf = ct_mux(qinf, pinf, rinf);
    ec2m_cmov(ec, &x3, pinf, &q->x);
    ec2m_cmov(ec, &y3, pinf, &q->y);
    rinf = ct_mux(pinf, qinf, rinf);
    r->x = x3;
    r->y = y3;
    r->infinity = (int)(rinf & 1);
    gn_memzero(&l, sizeof l);
    gn_memzero(&t, sizeof t);
    gn_memzero(&num, sizeof num);
    gn_memzero(&den, sizeof den);
    gn_memzero(&sx, sizeof sx);
    gn_memzero(&sy, sizeof sy);
    gn_memzero(&x3, sizeof x3);
    gn_memzero(&y3, sizeof y3);
}
