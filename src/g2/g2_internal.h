/*
 * Internal interface of the genus-2 Jacobians (src/g2/): the explicit formulas instantiated
 * over each field kernel (src/tmpl/g2.tmpl.h, src/inst/g2_*.c) and Cantor's algorithm on
 * small polynomials (cantor.c). Inside the formulas an element is 4 * fl limbs (u1, u0, v1,
 * v0, coordinate i at e + i fl) followed by one limb, all-ones for the neutral element.
 */
#ifndef GN_G2_INTERNAL_H
#define GN_G2_INTERNAL_H

#include "genus/g2.h"
#include "fp/kernel.h"
#include "scalar/group.h"

#define GN_G2_EL_LIMBS (4 * GN_FP_MAX_LIMBS + 1)

typedef struct gn_g2_impl {
    const gn_fp_kernel_t *fk; /* the field kernel it is compiled for */
    size_t fl;                /* storage limbs of one element */
    /* the group interface of the scalar layer (src/scalar/group.h) over the explicit formulas,
     * on elements of degree 2 or neutral: add and dbl return all-ones where the result is not
     * right (an exceptional case of the formulas) */
    gn_group_ops_t grp;
} gn_g2_impl_t;

/* One digit of gn_g2_mul's window (the scalar layer's regular signed window of 4 bits, its
 * table scanned with masks) on the element of coordinates a[0..3] (u1, u0, v1, v0): four
 * doublings, the table scan, a negation by mask, an addition; the step that GN_G2_OP_MUL_STEP
 * counts. Returns the reports, ORed; the result is dropped. */
gn_limb_t gn_g2_mul_digit(const gn_g2_ctx_t *g, const gn_fp_t *a);

/* The instantiation for a field kernel, or NULL (the context then uses the generic kernel). */
const gn_g2_impl_t *gn_g2_impl_for(const gn_fp_kernel_t *fk);

/* c = the curve of g on the kernel of c->fp, which the caller has set up for g's prime, with
 * impl's formulas: the coefficients carried as integers, no checks (g passed them). For the
 * counting and tracing copies of the analysis layer, which thus skip gn_g2_init's set-up. */
gn_err gn_g2_carry(gn_g2_ctx_t *c, const gn_g2_ctx_t *g, const gn_g2_impl_t *impl);

/* Between gn_g2_elem_t and the formulas' layout (fl limbs per coordinate). */
void gn_g2_to_limbs(const gn_g2_ctx_t *g, gn_limb_t *e, const gn_g2_elem_t *a);
void gn_g2_from_limbs(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_limb_t *e);

/* 1 when f is a square modulo the monic u of degree 2 (u1, u0): v1, v0 a square root, else 0.
 * sel picks one of the two roots. Variable time. */
int gn_g2_sqrt_mod_u_var(const gn_g2_ctx_t *g, gn_fp_t *v1, gn_fp_t *v0, const gn_fp_t *u1, const gn_fp_t *u0,
                         int sel);

/* 1 when the polynomial c[0] + ... + c[n-1] x^(n-1), n <= 7, is squarefree (gcd with its
 * derivative 1). */
int gn_g2_squarefree_var(const gn_fp_ctx_t *f, const gn_fp_t *c, size_t n);

#endif
