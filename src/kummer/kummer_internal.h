/*
 * Internal interface between the Kummer surface API (src/kummer/) and the formula
 * instantiations (src/tmpl/kummer.tmpl.h over each field kernel, src/inst/kummer_*.c).
 * A point inside the formulas is 4 * fl limbs, coordinate i at p + i fl.
 */
#ifndef GN_KUMMER_INTERNAL_H
#define GN_KUMMER_INTERNAL_H

#include "genus/kummer.h"
#include "fp/kernel.h"

#define GN_KUMMER_PT_LIMBS (4 * GN_FP_MAX_LIMBS)

typedef struct gn_kummer_impl {
    const gn_fp_kernel_t *fk; /* the field kernel it is compiled for */
    size_t fl;                /* storage limbs of one element */
    void (*dbl)(const gn_kummer_ctx_t *, gn_limb_t *r, const gn_limb_t *p);
    /* r = p + q, dinv ~ 1/(p - q) coordinate by coordinate */
    void (*diff_add)(const gn_kummer_ctx_t *, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q,
                     const gn_limb_t *dinv);
    /* p <- [2]p, q <- p + q for p - q ~ (1 : 1/w1 : 1/w2 : 1/w3)^-1, w = (w1, w2, w3) */
    void (*dbladd)(const gn_kummer_ctx_t *, gn_limb_t *p, gn_limb_t *q, const gn_limb_t *w);
    void (*ladder)(const gn_kummer_ctx_t *, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *w,
                   const gn_limb_t *k, size_t nbits);
    gn_limb_t (*on_surface)(const gn_kummer_ctx_t *, const gn_limb_t *p);
    gn_kummer_ladder_kind kind; /* of its ladder */
} gn_kummer_impl_t;

/* The instantiation for a field kernel, or NULL (the caller falls back to the generic kernel). */
const gn_kummer_impl_t *gn_kummer_impl_for(const gn_fp_kernel_t *fk);

/* c = the surface of ku on the kernel of c->fp, which the caller has set up for ku's prime, with
 * impl's formulas: every constant carried as an integer, none derived again. For the counting
 * and tracing copies of the analysis layer. */
gn_err gn_kummer_carry(gn_kummer_ctx_t *c, const gn_kummer_ctx_t *ku, const gn_kummer_impl_t *impl);

/* The p1271 instantiation with a dedicated gs127 ladder of that kind (src/inst/kummer_p1271.c),
 * or NULL when it is not compiled in. */
const gn_kummer_impl_t *gn_kummer_impl_gs127(gn_kummer_ladder_kind kind);

/* r = [k]p over nbits bits of k (limbs, least significant first), constant time in k and p.
 * GN_ERR_INVALID when a coordinate of p is zero. */
gn_err gn_kummer_ladder_limbs(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_limb_t *k, size_t nbits,
                              const gn_kummer_point_t *p);
/* As gn_kummer_ladder_limbs with w = (p0/p1, p0/p2, p0/p3) given (the wrapped coordinates). */
gn_err gn_kummer_ladder_w(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const gn_limb_t *k, size_t nbits,
                          const gn_kummer_point_t *p, const gn_fp_t w[3]);
/* gn_kummer_decode_wrapped, also giving the wrapped coordinates w (when w_out is not NULL). */
gn_err gn_kummer_decode_wrapped_w(const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, gn_fp_t w_out[3],
                                  const uint8_t *in, size_t len);

#endif
