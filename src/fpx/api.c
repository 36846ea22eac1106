/* The public F_p^2 / F_p^3 interface: thin calls into the context's extension kernel. */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"
#include "genus/fpx.h"
#include "util/ct.h"

#define KT (ctx->kern)

unsigned gn_fpx_degree(const gn_fpx_ctx_t *ctx) { return ctx->degree; }
void gn_fpx_get_nonresidue(const gn_fpx_ctx_t *ctx, gn_fp_t *out) { *out = ctx->nr; }
const gn_fp_ctx_t *gn_fpx_base(const gn_fpx_ctx_t *ctx) { return &ctx->fp; }

/* Coefficient k of an element lives at limb offset k * (base storage limbs). */
void gn_fpx_set(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fp_t *c)
{
    const size_t bl = ctx->fp.kern->fe_limbs;
    for (unsigned k = 0; k < ctx->degree; k++)
        ctx->fp.kern->copy(&ctx->fp, r->v + k * bl, c[k].v);
}

void gn_fpx_get(const gn_fpx_ctx_t *ctx, gn_fp_t *c, const gn_fpx_t *a)
{
    const size_t bl = ctx->fp.kern->fe_limbs;
    for (unsigned k = 0; k < ctx->degree; k++) {
        memset(c[k].v, 0, sizeof c[k].v);
        ctx->fp.kern->copy(&ctx->fp, c[k].v, a->v + k * bl);
    }
}

void gn_fpx_set_zero(const gn_fpx_ctx_t *ctx, gn_fpx_t *r) { KT->set_zero(ctx, r->v); }
void gn_fpx_set_one(const gn_fpx_ctx_t *ctx, gn_fpx_t *r) { KT->set_one(ctx, r->v); }
void gn_fpx_copy(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a) { KT->copy(ctx, r->v, a->v); }
void gn_fpx_add(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b) { KT->add(ctx, r->v, a->v, b->v); }
void gn_fpx_sub(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b) { KT->sub(ctx, r->v, a->v, b->v); }
void gn_fpx_neg(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a) { KT->neg(ctx, r->v, a->v); }
void gn_fpx_mul(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_fpx_t *b) { KT->mul(ctx, r->v, a->v, b->v); }
void gn_fpx_sqr(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a) { KT->sqr(ctx, r->v, a->v); }
void gn_fpx_mul_small(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, uint32_t c) { KT->mul_small(ctx, r->v, a->v, c); }
void gn_fpx_frobenius(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a) { KT->frobenius(ctx, r->v, a->v); }

void gn_fpx_norm(const gn_fpx_ctx_t *ctx, gn_fp_t *r, const gn_fpx_t *a)
{
    memset(r->v, 0, sizeof r->v);
    KT->norm(ctx, r->v, a->v);
}

gn_err gn_fpx_inv(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a)
{
    return KT->inv(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_INVERTIBLE;
}

gn_err gn_fpx_inv_var(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a)
{
    return KT->inv_var(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_INVERTIBLE;
}

void gn_fpx_pow(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_limb_t *e, size_t en)
{
    KT->pow(ctx, r->v, a->v, e, en);
}

void gn_fpx_pow_var(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, const gn_limb_t *e, size_t en)
{
    KT->pow_var(ctx, r->v, a->v, e, en);
}

gn_err gn_fpx_sqrt(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a)
{
    return KT->sqrt(ctx, r->v, a->v) ? GN_OK : GN_ERR_NOT_SQUARE;
}

int gn_fpx_legendre(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a) { return KT->legendre(ctx, a->v); }
int gn_fpx_is_zero(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a) { return (int)(KT->is_zero(ctx, a->v) & 1); }
int gn_fpx_eq(const gn_fpx_ctx_t *ctx, const gn_fpx_t *a, const gn_fpx_t *b) { return (int)(KT->eq(ctx, a->v, b->v) & 1); }

void gn_fpx_cswap(const gn_fpx_ctx_t *ctx, gn_fpx_t *a, gn_fpx_t *b, int swap)
{
    KT->cswap(ctx, a->v, b->v, ct_mask_bit((gn_limb_t)swap));
}

void gn_fpx_cmov(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, const gn_fpx_t *a, int move)
{
    KT->cmov(ctx, r->v, a->v, ct_mask_bit((gn_limb_t)move));
}

gn_err gn_fpx_random(const gn_fpx_ctx_t *ctx, gn_fpx_t *r, gn_rng_fn rng, void *rng_state)
{
    gn_fp_t c[3];
    for (unsigned k = 0; k < ctx->degree; k++) {
        gn_err e = gn_fp_random(&ctx->fp, &c[k], rng, rng_state);
        if (e != GN_OK)
            return e;
    }
    gn_fpx_set(ctx, r, c);
    gn_memzero(c, sizeof c);
    return GN_OK;
}
