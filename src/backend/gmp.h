/* The GMP back end's Montgomery products (src/backend/gmp.c), for the kernel of src/inst/fp_gmp.c. */
#ifndef GN_BACKEND_GMP_H
#define GN_BACKEND_GMP_H

#include "genus/fp.h"

void gn_fp_gmp_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void gn_fp_gmp_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
/* 1 when n limbs fit the fixed scratch space of GMP's mpn_sec_* functions */
int gn_fp_gmp_fits(size_t n);
/* The kernel gmp-pm for p = 2^bits - c, 0 < c < 2^32: canonical residues, products folded */
void gn_fp_gmp_pm_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void gn_fp_gmp_pm_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
int gn_fp_gmp_pm_serves(const gn_limb_t *p, size_t n, size_t bits);

#endif
