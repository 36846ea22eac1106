/* What the files of src/f2m/ share: the unreduced products and the reduction. */
#ifndef GN_F2M_INTERNAL_H
#define GN_F2M_INTERNAL_H

#include "genus/f2m.h"

#define F2M_W GN_LIMB_BITS
/* An unreduced product (2n limbs) and one spare limb: the reductions' shifted stores may touch it. */
#define F2M_PROD (2 * GN_F2M_MAX_LIMBS + 1)
/* A polynomial of degree <= m (f itself, or u + f in the binary algorithms). */
#define F2M_POLY (GN_F2M_MAX_LIMBS + 1)

/* c[0..2n-1] = a b over GF(2)[x] for a, b of n limbs: the comb method (mul_comb.c). */
void gn_f2m_mul_comb(gn_limb_t *c, const gn_limb_t *a, const gn_limb_t *b, size_t n);
/* The same product by PCLMULQDQ (mul_clmul.c); only when gn_f2m_clmul_available(). */
void gn_f2m_mul_clmul(gn_limb_t *c, const gn_limb_t *a, const gn_limb_t *b, size_t n);
/* c[0..2n-1] = a^2 by PCLMULQDQ; only when gn_f2m_clmul_available(). */
void gn_f2m_sqr_clmul(gn_limb_t *c, const gn_limb_t *a, size_t n);
/* r = 1/a by Itoh-Tsujii, 0 for a = 0, with no test of a at all (gn_f2m_inv's body): for callers
 * that select the a = 0 case by mask (the binary curves' constant-time code). */
void gn_f2m_inv0(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a);
/* 1 if the build has the PCLMULQDQ product and the CPU runs it. */
int gn_f2m_clmul_available(void);

/* r[0..n-1] = c mod f, for c of degree <= 2m - 2 in F2M_PROD limbs (c is overwritten). */
void gn_f2m_reduce(const gn_f2m_ctx_t *ctx, gn_limb_t *r, gn_limb_t *c);

/* 1 if gcd(a, f) = 1 (the extended Euclidean algorithm of inv_var.c); variable time. */
int gn_f2m_gcd_is_one_var(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a);

#endif
