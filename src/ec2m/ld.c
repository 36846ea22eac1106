/* Lopez-Dahab projective coordinates (Lopez, Dahab, "Improved algorithms for elliptic curve
 * arithmetic in GF(2^n)", SAC 1998): conversions, and the public entries to the formulas of
 * src/tmpl/ec2m.tmpl.h (EFD shortw/lopezdahab), which handle the exceptional cases here. */
#include "formulas.h"

void gn_ec2m_ld_from_aff(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_point_t *p)
{
    gn_limb_t inf = ct_mask_bit((gn_limb_t)(p->infinity != 0));
    fe one;
    gn_f2m_set_one(&ec->f, &one);
    r->X = p->x;
    r->Y = p->y;
    r->Z = one;
    ec2m_cmov(ec, &r->X, inf, &one);
    gn_f2m_set_zero(&ec->f, &one);
    ec2m_cmov(ec, &r->Y, inf, &one);
    ec2m_cmov(ec, &r->Z, inf, &one);
}

void gn_ec2m_ld_from_aff_z(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_point_t *p, const fe *z)
{
    const gn_f2m_ctx_t *f = &ec->f;
    gn_ec2m_ld_t t;
    gn_ec2m_ld_from_aff(ec, &t, p);
    MUL(&r->X, &t.X, z);
    SQR(&r->Z, z);
    MUL(&r->Y, &t.Y, &r->Z);
    MUL(&r->Z, &t.Z, z);
}

void gn_ec2m_ld_to_aff(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const gn_ec2m_ld_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe zi, zi2;
    gn_limb_t inf = gn_f2m_is_zero(f, &p->Z);
    ec2m_inv0(f, &zi, &p->Z); /* 1/0 = 0: infinity comes out as (0, 0) without a branch */
    SQR(&zi2, &zi);
    MUL(&r->x, &p->X, &zi);
    MUL(&r->y, &p->Y, &zi2);
    r->infinity = (int)(inf & 1);
    gn_memzero(&zi, sizeof zi);
    gn_memzero(&zi2, sizeof zi2);
}

void gn_ec2m_ld_dbl(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p)
{
    ec2m_ld_dbl(ec, r, p);
}

/* The exceptional case of the additions: x(p) = x(q) (status 1: p = q, 2: p = -q). */
static void same_x(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, int status)
{
    if (status == 1)
        ec2m_ld_dbl(ec, r, p);
    else
        ec2m_ld_set_infinity(ec, r);
}

/* EFD madd-2005-dl (src/tmpl/ec2m.tmpl.h) with the cases it excludes: infinity and equal x. */
void gn_ec2m_ld_madd_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_point_t *q)
{
    if (q->infinity) {
        *r = *p;
        return;
    }
    if (ec2m_is_zero_var(ec, &p->Z)) {
        gn_ec2m_ld_from_aff(ec, r, q);
        return;
    }
    int status = ec2m_ld_madd(ec, r, p, q);
    if (status)
        same_x(ec, r, p, status);
}

/* The general LD addition (src/tmpl/ec2m.tmpl.h) with the cases it excludes. */
void gn_ec2m_ld_add_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_ld_t *q)
{
    if (ec2m_is_zero_var(ec, &q->Z)) {
        *r = *p;
        return;
    }
    if (ec2m_is_zero_var(ec, &p->Z)) {
        *r = *q;
        return;
    }
    int status = ec2m_ld_add(ec, r, p, q);
    if (status)
        same_x(ec, r, p, status);
}
