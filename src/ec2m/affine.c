/* The affine group law of y^2 + xy = x^3 + a x^2 + b (the background's chord and tangent
 * rules; Hankerson-Menezes-Vanstone, Guide to ECC, 3.1.2): -(x, y) = (x, x + y);
 * P + Q: l = (y1 + y2)/(x1 + x2), x3 = l^2 + l + x1 + x2 + a, y3 = l (x1 + x3) + x3 + y1;
 * 2P: l = x1 + y1/x1, x3 = l^2 + l + a, y3 = x1^2 + (l + 1) x3. */
#include "formulas.h"

int gn_ec2m_point_eq_var(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *a, const gn_ec2m_point_t *b)
{
    if (a->infinity || b->infinity)
        return a->infinity && b->infinity;
    return ec2m_eq_var(ec, &a->x, &b->x) && ec2m_eq_var(ec, &a->y, &b->y);
}

void gn_ec2m_neg(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    r->x = p->x;
    ADD(&r->y, &p->x, &p->y);
    r->infinity = p->infinity;
}

/* The chord-and-tangent sum from slope l and s = x1 + x2 (src/tmpl/ec2m.tmpl.h; s = 0 when
 * doubling: the tangent rule's y3 is the same expression). */
static void finish(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const fe *l, const fe *s, const fe *x1,
                   const fe *y1)
{
    fe x3, y3;
    ec2m_aff_chord(ec, &x3, &y3, l, s, x1, y1);
    r->x = x3;
    r->y = y3;
    r->infinity = 0;
}

void gn_ec2m_dbl_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (p->infinity || ec2m_is_zero_var(ec, &p->x)) {
        gn_ec2m_set_infinity(ec, r); /* x = 0: the point of order 2 */
        return;
    }
    fe l, zero, x1 = p->x, y1 = p->y;
    /* l = x1 + y1/x1; with s = 0 the chord form's y3 = l (x1 + x3) + x3 + y1 equals the tangent
     * rule's x1^2 + (l + 1) x3, since l x1 = x1^2 + y1. */
    if (gn_f2m_div_var(f, &l, &y1, &x1) != GN_OK)
        return;
    ADD(&l, &l, &x1);
    gn_f2m_set_zero(f, &zero);
    finish(ec, r, &l, &zero, &x1, &y1);
}

void gn_ec2m_add_var(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_point_t *p,
                     const gn_ec2m_point_t *q)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (p->infinity) {
        *r = *q;
        return;
    }
    if (q->infinity) {
        *r = *p;
        return;
    }
    fe s, l, dy, x1 = p->x, y1 = p->y;
    ADD(&s, &p->x, &q->x);
    ADD(&dy, &p->y, &q->y);
    if (ec2m_is_zero_var(ec, &s)) {
        if (ec2m_is_zero_var(ec, &dy))
            gn_ec2m_dbl_var(ec, r, p);
        else
            gn_ec2m_set_infinity(ec, r); /* q = -p */
        return;
    }
    if (gn_f2m_div_var(f, &l, &dy, &s) != GN_OK)
        return;
    finish(ec, r, &l, &s, &x1, &y1);
}
