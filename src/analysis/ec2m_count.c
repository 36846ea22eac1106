/*
 * The binary-curve formulas (src/tmpl/ec2m.tmpl.h) instantiated over a counting kernel: each
 * field operation tallies itself, then runs on the curve's field, so the counts are measured from
 * the formula code itself. D counts the products by a and b: the code always makes them (the
 * product by a is selected away by mask when a = 1), so they are counted for every curve.
 */
#include <string.h>

#include "ec2m/ec2m_internal.h"
#include "genus/ops.h"

typedef struct cnt {
    const gn_ec2m_ctx_t *ec;
    gn_op_counts_t *c;
} cnt_t;

static inline void cnt_add(const cnt_t *k, fe *r, const fe *x, const fe *y)
{
    k->c->a++;
    gn_f2m_add(&k->ec->f, r, x, y);
}
static inline void cnt_add_a(const cnt_t *k, fe *r, const fe *x)
{
    k->c->a++;
    gn_f2m_add(&k->ec->f, r, x, &k->ec->a);
}
static inline void cnt_mul(const cnt_t *k, fe *r, const fe *x, const fe *y)
{
    k->c->m++;
    gn_f2m_mul(&k->ec->f, r, x, y);
}
static inline void cnt_sqr(const cnt_t *k, fe *r, const fe *x)
{
    k->c->s++;
    gn_f2m_sqr(&k->ec->f, r, x);
}
static inline void cnt_mul_a(const cnt_t *k, fe *r, const fe *x)
{
    k->c->d++;
    ec2m_mul_a(k->ec, r, x);
}
static inline void cnt_mul_b(const cnt_t *k, fe *r, const fe *x)
{
    k->c->d++;
    gn_f2m_mul(&k->ec->f, r, &k->ec->b, x);
}
static inline void cnt_inv(const cnt_t *k, fe *r, const fe *x)
{
    k->c->i++;
    ec2m_inv0(&k->ec->f, r, x);
}
static inline int cnt_is_zero_var(const cnt_t *k, const fe *x)
{
    return ec2m_is_zero_var(k->ec, x);
}

#define KT cnt_t
#define K(op) cnt_##op
#define P(name) cnt_##name
#include "tmpl/ec2m.tmpl.h"

gn_err gn_ec2m_count_ops(const gn_ec2m_ctx_t *ec, gn_ec_op op, gn_op_counts_t *out)
{
    if (!ec || !out || ec->g.infinity)
        return GN_ERR_INVALID;
    gn_op_counts_t scratch;
    cnt_t setup = {ec, &scratch}, k = {ec, out};
    memset(out, 0, sizeof *out);
    /* inputs with Z != 1 and distinct x: 2G and 4G (counted into scratch) */
    gn_ec2m_ld_t g, g2, g4, r;
    gn_ec2m_ld_from_aff(ec, &g, &ec->g);
    cnt_ld_dbl(&setup, &g2, &g);
    cnt_ld_dbl(&setup, &g4, &g2);
    ec2m_xz_t p1 = {g2.X, g2.Z}, p2 = {g4.X, g4.Z};
    switch (op) {
    case GN_EC_OP_DBL:
        cnt_ld_dbl(&k, &r, &g2);
        return GN_OK;
    case GN_EC_OP_MADD:
        return cnt_ld_madd(&k, &r, &g2, &ec->g) ? GN_ERR_INVALID : GN_OK;
    case GN_EC_OP_ADD:
        return cnt_ld_add(&k, &r, &g2, &g4) ? GN_ERR_INVALID : GN_OK;
    case GN_EC_OP_LADDER_STEP:
        cnt_x_madd(&k, &p2, &p1, &ec->g.x);
        cnt_x_dbl(&k, &p1);
        return GN_OK;
    }
    return GN_ERR_UNSUPPORTED;
}
