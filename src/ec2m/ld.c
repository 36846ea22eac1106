/* Lopez-Dahab projective coordinates (Lopez, Dahab, "Improved algorithms for elliptic curve
 * arithmetic in GF(2^n)", SAC 1998): x = X/Z, y = Y/Z^2, the curve Y^2 + XYZ = X^3 Z + a X^2 Z^2 + b Z^4.
 * Formulas from the Explicit-Formulas Database, shortw/lopezdahab (a general, "g12o" family). */
#include "ec2m_internal.h"

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
}

/* EFD dbl-2005-l (Lange 2005): A = X1 Z1, B = X1^2, C = B + Y1, D = A C, Z3 = A^2,
 * X3 = C^2 + D + a Z3, Y3 = (Z3 + D) X3 + B^2 Z3. Complete: X1 = 0 (the point of order 2) or
 * Z1 = 0 give Z3 = 0. */
void gn_ec2m_ld_dbl(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe A, B, C, D, Z3, X3, t;
    MUL(&A, &p->X, &p->Z);
    SQR(&B, &p->X);
    ADD(&C, &B, &p->Y);
    MUL(&D, &A, &C);
    SQR(&Z3, &A);
    SQR(&X3, &C);
    ADD(&X3, &X3, &D);
    ec2m_mul_a(ec, &t, &Z3);
    ADD(&X3, &X3, &t);
    ADD(&t, &Z3, &D);
    MUL(&t, &t, &X3);
    SQR(&B, &B);
    MUL(&B, &B, &Z3);
    ADD(&r->Y, &t, &B);
    r->X = X3;
    r->Z = Z3;
}

/* The chord rule's x3 and y3 share X3 = A^2 + C (A + B^2 + a C) and Z3 = C^2 (A/C = l). */
static void chord_x(const gn_ec2m_ctx_t *ec, fe *X3, fe *Z3, const fe *A, const fe *B, const fe *C)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe t, u;
    SQR(Z3, C);
    ec2m_mul_a(ec, &t, C);
    SQR(&u, B);
    ADD(&t, &t, &u);
    ADD(&t, &t, A);
    MUL(&t, &t, C);
    SQR(&u, A);
    ADD(X3, &u, &t);
}

/* p + q where x(p) = x(q): 2p when y(p) = y(q) (A = 0), else infinity. */
static void same_x(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const fe *A)
{
    if (ec2m_is_zero_var(ec, A))
        gn_ec2m_ld_dbl(ec, r, p);
    else
        ec2m_ld_set_infinity(ec, r);
}

/* Mixed addition, EFD madd-2005-dl (shortw/lopezdahab):
 * A = Y1 + Y2 Z1^2, B = X1 + X2 Z1, C = B Z1, Z3 = C^2, D = X2 Z3,
 * X3 = A^2 + C (A + B^2 + a C), Y3 = (D + X3)(A C + Z3) + (Y2 + X2) Z3^2. */
void gn_ec2m_ld_madd_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_point_t *q)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (q->infinity) {
        *r = *p;
        return;
    }
    if (ec2m_is_zero_var(ec, &p->Z)) {
        gn_ec2m_ld_from_aff(ec, r, q);
        return;
    }
    fe A, B, C, D, X3, Z3, t, u;
    SQR(&t, &p->Z);
    MUL(&A, &q->y, &t);
    ADD(&A, &A, &p->Y);
    MUL(&B, &q->x, &p->Z);
    ADD(&B, &B, &p->X);
    if (ec2m_is_zero_var(ec, &B)) {
        same_x(ec, r, p, &A);
        return;
    }
    MUL(&C, &B, &p->Z);
    chord_x(ec, &X3, &Z3, &A, &B, &C);
    MUL(&D, &q->x, &Z3);
    ADD(&D, &D, &X3);
    MUL(&t, &A, &C);
    ADD(&t, &t, &Z3);
    MUL(&t, &t, &D);
    ADD(&u, &q->y, &q->x);
    SQR(&D, &Z3);
    MUL(&u, &u, &D);
    ADD(&r->Y, &t, &u);
    r->X = X3;
    r->Z = Z3;
}

/* General addition, the chord rule written in LD coordinates (our derivation, checked against
 * PARI; the same operation count as EFD add-2005-dl, 13M + 4S + aM):
 * A = Y1 Z2^2 + Y2 Z1^2, B = X1 Z2 + X2 Z1, C = B Z1 Z2 (so l = A/C), Z3 = C^2,
 * X3 = A^2 + C (A + B^2 + a C), Y3 = (A C + Z3) X3 + Z3 (B Z2)(A X1 + (B Z2) Y1). */
void gn_ec2m_ld_add_var(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r, const gn_ec2m_ld_t *p, const gn_ec2m_ld_t *q)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (ec2m_is_zero_var(ec, &q->Z)) {
        *r = *p;
        return;
    }
    if (ec2m_is_zero_var(ec, &p->Z)) {
        *r = *q;
        return;
    }
    fe A, B, C, E, X3, Z3, t, u;
    SQR(&t, &q->Z);
    MUL(&A, &p->Y, &t);
    SQR(&t, &p->Z);
    MUL(&t, &q->Y, &t);
    ADD(&A, &A, &t);
    MUL(&B, &p->X, &q->Z);
    MUL(&t, &q->X, &p->Z);
    ADD(&B, &B, &t);
    if (ec2m_is_zero_var(ec, &B)) {
        same_x(ec, r, p, &A);
        return;
    }
    MUL(&t, &p->Z, &q->Z);
    MUL(&C, &B, &t);
    chord_x(ec, &X3, &Z3, &A, &B, &C);
    MUL(&E, &B, &q->Z);
    MUL(&t, &E, &p->Y);
    MUL(&u, &A, &p->X);
    ADD(&t, &t, &u);
    MUL(&t, &t, &E);
    MUL(&t, &t, &Z3);
    MUL(&u, &A, &C);
    ADD(&u, &u, &Z3);
    MUL(&u, &u, &X3);
    ADD(&r->Y, &u, &t);
    r->X = X3;
    r->Z = Z3;
}
