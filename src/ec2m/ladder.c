/* The x-only Montgomery ladder of Lopez and Dahab, "Fast multiplication on elliptic curves over
 * GF(2^m) without precomputation" (CHES 1999; HMV Guide to ECC, Algorithm 3.40): the pair
 * (kP, (k+1)P) as (X1 : Z1), (X2 : Z2) with x = X/Z, difference P, under the ladder's control
 * of src/scalar/ladder.h (the steps Madd and Mdouble are in src/tmpl/ec2m.tmpl.h). Constant
 * time: every bit of the klen bytes is processed, the pair is swapped by masks, no branch or
 * index depends on k or P, and y is recovered with one constant-time inversion. */
#include "formulas.h"
#include "genus/mp.h"
#include "scalar/ladder.h"

#define SCALAR_LIMBS ((GN_EC2M_MAX_SCALAR_BYTES + sizeof(gn_limb_t) - 1) / sizeof(gn_limb_t))

static void xz_swap(const void *c, void *r0, void *r1, gn_limb_t m)
{
    const gn_ec2m_ctx_t *ec = c;
    ec2m_xz_t *a = r0, *b = r1;
    ct_cswap(m, a->X.v, b->X.v, ec->f.n);
    ct_cswap(m, a->Z.v, b->Z.v, ec->f.n);
}

/* (P1, P2) <- (2 P1, P1 + P2), x = x(P2 - P1) */
static void xz_step(const void *c, void *r0, void *r1, const void *x)
{
    ec2m_x_madd(c, r1, r0, x);
    ec2m_x_dbl(c, r0);
}

/* Mxy: kP from (X1 : Z1) = kP, (X2 : Z2) = (k+1)P and P = (x, y), with D = x Z1^2 Z2:
 * x1 = X1 x Z1 Z2 / D, y1 = (X1 + x Z1)((X1 + x Z1)(X2 + x Z2) + (x^2 + y) Z1 Z2) / D + y.
 * Z1 = 0: kP = infinity; Z2 = 0: kP = -P = (x, x + y). */
static void recover_y(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const ec2m_xz_t *p1, const ec2m_xz_t *p2,
                      const gn_ec2m_point_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe z12, d, t1, t2, t3, x1, y1;
    MUL(&z12, &p1->Z, &p2->Z);
    MUL(&d, &z12, &p1->Z);
    MUL(&d, &d, &p->x);
    ec2m_inv0(f, &d, &d); /* 0 when D = 0: those cases are selected below */
    MUL(&t1, &p->x, &p1->Z);
    ADD(&t1, &t1, &p1->X);
    MUL(&t2, &p->x, &p2->Z);
    ADD(&t2, &t2, &p2->X);
    SQR(&t3, &p->x);
    ADD(&t3, &t3, &p->y);
    MUL(&t3, &t3, &z12);
    MUL(&t2, &t2, &t1);
    ADD(&t2, &t2, &t3);
    MUL(&t2, &t2, &t1);
    MUL(&t2, &t2, &d);
    ADD(&y1, &t2, &p->y);
    MUL(&x1, &p1->X, &p->x);
    MUL(&x1, &x1, &z12);
    MUL(&x1, &x1, &d);

    gn_limb_t inf = gn_f2m_is_zero(f, &p1->Z) | ct_mask_bit((gn_limb_t)(p->infinity != 0));
    gn_limb_t neg = gn_f2m_is_zero(f, &p2->Z) & ~inf;
    fe zero, ny;
    gn_f2m_set_zero(f, &zero);
    ADD(&ny, &p->x, &p->y);
    ec2m_cmov(ec, &x1, neg, &p->x);
    ec2m_cmov(ec, &y1, neg, &ny);
    ec2m_cmov(ec, &x1, inf, &zero);
    ec2m_cmov(ec, &y1, inf, &zero);
    r->x = x1;
    r->y = y1;
    r->infinity = (int)(inf & 1);
    gn_memzero(&t1, sizeof t1);
    gn_memzero(&t2, sizeof t2);
    gn_memzero(&t3, sizeof t3);
    gn_memzero(&z12, sizeof z12);
    gn_memzero(&d, sizeof d);
    gn_memzero(&x1, sizeof x1);
    gn_memzero(&y1, sizeof y1);
}

gn_err gn_ec2m_mul_ladder(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const uint8_t *k, size_t klen,
                          const gn_ec2m_point_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    if (klen > GN_EC2M_MAX_SCALAR_BYTES || (klen && !k))
        return GN_ERR_INVALID;
    gn_limb_t kl[SCALAR_LIMBS];
    if (gn_mp_from_bytes_be(kl, SCALAR_LIMBS, k, klen) != GN_OK)
        return GN_ERR_INVALID;
    ec2m_xz_t p1, p2; /* (infinity, P): the ladder starts at the top bit without a special case */
    gn_f2m_set_one(f, &p1.X);
    gn_f2m_set_zero(f, &p1.Z);
    p2.X = p->x;
    gn_f2m_set_one(f, &p2.Z);
    gn_ladder_bits(ec, xz_swap, xz_step, &p1, &p2, &p->x, kl, 8 * klen, 0);
    gn_memzero(kl, sizeof kl);
    recover_y(ec, r, &p1, &p2, p);
    gn_memzero(&p1, sizeof p1);
    gn_memzero(&p2, sizeof p2);
    return GN_OK;
}
