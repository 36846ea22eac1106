/* What the files of src/ec2m/ share: short names for the field operations and masked moves. */
#ifndef GN_EC2M_INTERNAL_H
#define GN_EC2M_INTERNAL_H

#include "genus/ec2m.h"
#include "f2m/f2m_internal.h"
#include "util/ct.h"

typedef gn_f2m_t fe;

/* The formulas read as in their sources: f is the field of the curve in scope. */
#define ADD(r, x, y) gn_f2m_add(f, (r), (x), (y))
#define MUL(r, x, y) gn_f2m_mul(f, (r), (x), (y))
#define SQR(r, x) gn_f2m_sqr(f, (r), (x))

/* r = a x: a product unless a = 1 (most named curves), chosen by mask so the time is the same. */
static inline void ec2m_mul_a(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    fe t;
    gn_f2m_mul(&ec->f, &t, &ec->a, x);
    ct_cmov(ec->a_is_one, t.v, x->v, ec->f.n);
    *r = t;
}

/* r = m ? x : r, over the limbs of the field. */
static inline void ec2m_cmov(const gn_ec2m_ctx_t *ec, fe *r, gn_limb_t m, const fe *x)
{
    ct_cmov(m, r->v, x->v, ec->f.n);
}

static inline int ec2m_is_zero_var(const gn_ec2m_ctx_t *ec, const fe *x)
{
    return gn_f2m_is_zero(&ec->f, x) != 0;
}

static inline int ec2m_eq_var(const gn_ec2m_ctx_t *ec, const fe *x, const fe *y)
{
    fe t;
    gn_f2m_add(&ec->f, &t, x, y);
    return ec2m_is_zero_var(ec, &t);
}

/* The field kernel of src/tmpl/ec2m.tmpl.h over the curve's own field (src/analysis/ec2m_count.c
 * has the counting one). */
typedef struct ec2m_xz {
    fe X, Z;
} ec2m_xz_t;

static inline void ec2m_k_add(const gn_ec2m_ctx_t *ec, fe *r, const fe *x, const fe *y)
{
    gn_f2m_add(&ec->f, r, x, y);
}
static inline void ec2m_k_add_a(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    gn_f2m_add(&ec->f, r, x, &ec->a);
}
static inline void ec2m_k_mul(const gn_ec2m_ctx_t *ec, fe *r, const fe *x, const fe *y)
{
    gn_f2m_mul(&ec->f, r, x, y);
}
static inline void ec2m_k_sqr(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    gn_f2m_sqr(&ec->f, r, x);
}
static inline void ec2m_k_mul_a(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    ec2m_mul_a(ec, r, x);
}
static inline void ec2m_k_mul_b(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    gn_f2m_mul(&ec->f, r, &ec->b, x);
}
static inline int ec2m_k_is_zero_var(const gn_ec2m_ctx_t *ec, const fe *x)
{
    return ec2m_is_zero_var(ec, x);
}

/* r = 1/a, and 0 for a = 0: callers select those cases by mask, and nothing tests a (gn_f2m_inv's
 * answer would branch on whether a is 0, which is secret here). */
static inline void ec2m_inv0(const gn_f2m_ctx_t *f, fe *r, const fe *a)
{
    gn_f2m_inv0(f, r, a);
}
static inline void ec2m_k_inv(const gn_ec2m_ctx_t *ec, fe *r, const fe *x)
{
    ec2m_inv0(&ec->f, r, x);
}

/* The neutral element in LD coordinates: (1 : 0 : 0). */
static inline void ec2m_ld_set_infinity(const gn_ec2m_ctx_t *ec, gn_ec2m_ld_t *r)
{
    gn_f2m_set_one(&ec->f, &r->X);
    gn_f2m_set_zero(&ec->f, &r->Y);
    gn_f2m_set_zero(&ec->f, &r->Z);
}

#endif
