/* What the vector RNS reductions (rns_simd.h) share with src/rns/rns.c: the scalar pieces. */
#ifndef GN_RNS_INTERNAL_H
#define GN_RNS_INTERNAL_H

#include "genus/rns.h"

/* Kawamura's k' = floor(sum trunc_h(xi_j) / 2^h + alpha 2^-h) over n values xi. */
uint64_t gn_rns_cox_k(const gn_rns_ctx_t *ctx, const uint64_t *xi, uint64_t alpha);
/* The redundant channel (mod 2^r) of a reduction: q = sum xi_j |B/b_j| - k B, then
 * s = (t + q p) B^-1; returns s mod 2^r. */
uint64_t gn_rns_red_channel(const gn_rns_ctx_t *ctx, const uint64_t *xi, uint64_t k, uint64_t t_red);
/* Shenoy-Kumaresan's exact k from xa_i = s_i |(A/a_i)^-1| and s mod 2^r. */
uint64_t gn_rns_sk_k_xa(const gn_rns_ctx_t *ctx, const uint64_t *xa, uint64_t s_red);

/* gn_rns_to_int_small for a context of at most GN_FP_RNS_MAX_N channels (the field kernel's),
 * on a frame sized for them. y may be x (all of x is read first). */
void gn_rns_to_int_fp(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x);

/* GN_VERIFY builds: 1 when the residues x (2n + 1 words) are those of one integer at most k p:
 * the Chinese remainder sum over base A (with the redundant channel's correction) is at most
 * k p and agrees with base B and the redundant channel (src/rns/kern_rns.h checks every
 * element). */
int gn_rns_verify_narrow(const gn_rns_ctx_t *ctx, const uint64_t *x, uint64_t k);

/* The vector reductions: the same result as the portable one, for r <= GN_RNS_SIMD_MAX_R. */
#define GN_RNS_SIMD_MAX_R 30
void gn_rns_redc_avx2(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t);
void gn_rns_redc_avx512(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t);
void gn_rns_mul_nored_avx2(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_rns_mul_nored_avx512(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
/* the same for n <= GN_FP_RNS_MAX_N (the field kernel's elements), on smaller frames */
void gn_rns_redc_small_avx2(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t);
void gn_rns_redc_small_avx512(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t);
void gn_rns_mul_nored_small_avx2(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_rns_mul_nored_small_avx512(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);

#endif
