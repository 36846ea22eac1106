/*
 * The operation-counting field kernel (prefix fp_cnt_): every operation tallies itself in
 * ctx->counts, then runs the generic Montgomery kernel (prefix fp_cb_), so a counted formula
 * also computes the right answer. Included by the counting instantiations of src/analysis/.
 */
#ifndef GN_ANALYSIS_COUNT_KERNEL_H
#define GN_ANALYSIS_COUNT_KERNEL_H

#include "fp/fp_internal.h"
#include "genus/mp.h"
#include "genus/ops.h"

/* Storage limbs of an element: GN_FP_MAX_LIMBS, or fewer where the including file says so
 * (GN_COUNT_KL: the narrow instantiation of ec_count_narrow.c, whose primes are that short) */
#ifndef GN_COUNT_KL
#define GN_COUNT_KL GN_FP_MAX_LIMBS
#endif

/* the base: the generic Montgomery kernel under the prefix fp_cb_ */
#define KPFX fp_cb_
#define K(x) GN_CAT(KPFX, x)
#define KN (gn_fp_limbs_within(ctx, GN_COUNT_KL))
#define KN_RUNTIME 1
#define KL GN_COUNT_KL
#include "fp/kern_mont.h"
#undef KPFX
#undef K

#define CNT(ctx, field) ((ctx)->counts->field++)

/* the counting kernel: prefix fp_cnt_ */
static inline void fp_cnt_set_zero(const gn_fp_ctx_t *c, gn_limb_t *r) { fp_cb_set_zero(c, r); }
static inline void fp_cnt_set_one(const gn_fp_ctx_t *c, gn_limb_t *r) { fp_cb_set_one(c, r); }
static inline void fp_cnt_copy(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a) { fp_cb_copy(c, r, a); }
static inline void fp_cnt_add(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    CNT(c, a);
    fp_cb_add(c, r, a, b);
}
static inline void fp_cnt_sub(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    CNT(c, a);
    fp_cb_sub(c, r, a, b);
}
static inline void fp_cnt_neg(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    CNT(c, a);
    fp_cb_neg(c, r, a);
}
/* Lazy reduction: products counted as M, S, D; reductions (r) only where red is called */
#define KLAZY 1
static inline void fp_cnt_mulnr(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    CNT(c, m);
    fp_cb_mul(c, r, a, b);
}
static inline void fp_cnt_sqrnr(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    CNT(c, s);
    fp_cb_sqr(c, r, a);
}
static inline void fp_cnt_mulnrc(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *k, const gn_limb_t *a)
{
    CNT(c, d);
    fp_cb_mul(c, r, k, a);
}
/* a product reduced at once: a product and a reduction */
static inline void fp_cnt_mul(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    CNT(c, r);
    fp_cnt_mulnr(c, r, a, b);
}
static inline void fp_cnt_sqr(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    CNT(c, r);
    fp_cnt_sqrnr(c, r, a);
}
static inline void fp_cnt_red(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *t)
{
    CNT(c, r);
    fp_cb_copy(c, r, t);
}
static inline void fp_cnt_mul_small(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, uint32_t k)
{
    CNT(c, c);
    fp_cb_mul_small(c, r, a, k);
}
static inline void fp_cnt_half(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    CNT(c, a);
    fp_cb_half(c, r, a);
}
static inline gn_limb_t fp_cnt_is_zero(const gn_fp_ctx_t *c, const gn_limb_t *a) { return fp_cb_is_zero(c, a); }
static inline gn_limb_t fp_cnt_eq(const gn_fp_ctx_t *c, const gn_limb_t *a, const gn_limb_t *b)
{
    return fp_cb_eq(c, a, b);
}
static inline void fp_cnt_cswap(const gn_fp_ctx_t *c, gn_limb_t *a, gn_limb_t *b, gn_limb_t m)
{
    fp_cb_cswap(c, a, b, m);
}
static inline void fp_cnt_cmov(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, gn_limb_t m)
{
    fp_cb_cmov(c, r, a, m);
}
static inline void fp_cnt_mulc(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *k, const gn_limb_t *a)
{
    CNT(c, r);
    fp_cnt_mulnrc(c, r, k, a);
}
static inline void fp_cnt_inv(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    CNT(c, i);
    (void)c->kern->inv(c, r, a);
}

/* A point of the counting and tracing instantiations: four coordinates of the generic kernel's
 * GN_FP_MAX_LIMBS-limb elements (GN_EC_PT_LIMBS is sized for the largest kernel's). */
#define GN_COUNT_PT_LIMBS (4 * GN_FP_MAX_LIMBS)

/* The field of from again, on the generic kernel that the counting kernel runs on (from's
 * prime was tested when from was set up). */
static inline gn_err count_field(gn_fp_ctx_t *fp, const gn_fp_ctx_t *from)
{
    uint8_t pb[GN_FP_MAX_BITS / 8];
    if (gn_mp_to_bytes_be(pb, sizeof pb, from->p, from->n) != GN_OK)
        return GN_ERR_INVALID;
    return gn_fp_init_trusted(fp, pb, sizeof pb, GN_FP_KERNEL_GENERIC);
}

/* n elements of from carried into count_field's copy fp (representations differ by kernel). */
static inline gn_err count_elems(const gn_fp_ctx_t *fp, gn_fp_t *const *r, const gn_fp_ctx_t *from,
                                 const gn_fp_t *const *a, size_t n)
{
    gn_err e;
    for (size_t i = 0; i < n; i++)
        if ((e = gn_fp_rekernel(fp, r[i], from, a[i])) != GN_OK)
            return e;
    return GN_OK;
}

#endif
