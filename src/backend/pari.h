/* The PARI back end (src/backend/pari.c): the field operations of the kernel of
 * src/inst/fp_pari.c, each a PARI Fp_ function on elements laid out as PARI t_INTs. */
#ifndef GN_BACKEND_PARI_H
#define GN_BACKEND_PARI_H

#include "genus/fp.h"

/* An element of the pari kernel is a t_INT in its own storage: a type word, a sign-and-length
 * word and n limbs, least significant first (PARI's GMP kernel), the unused ones zero. */
#define GN_PARI_WORDS(ctx) ((ctx)->n + 2)

/* Starts libpari in the calling thread if no PARI stack serves it (see pari.c); 0 on success. */
int gn_pari_enter(void);
/* Builds the kernel's constants: p as a t_INT (ctx->pgen) and 1 (ctx->one). */
void gn_fp_pari_setup(gn_fp_ctx_t *ctx);

void gn_fp_pari_set_zero(const gn_fp_ctx_t *ctx, gn_limb_t *r);
void gn_fp_pari_add(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void gn_fp_pari_sub(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void gn_fp_pari_neg(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
void gn_fp_pari_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b);
void gn_fp_pari_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
void gn_fp_pari_mul_small(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c);
void gn_fp_pari_half(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
/* canonical integer (n limbs, < p) <-> t_INT layout */
void gn_fp_pari_from_canon(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
void gn_fp_pari_to_canon(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a);
gn_limb_t gn_fp_pari_is_zero(const gn_fp_ctx_t *ctx, const gn_limb_t *a);

#endif
