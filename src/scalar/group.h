/*
 * The group interface of the scalar-multiplication layer (src/scalar/): what its methods need of
 * a group whose elements are arrays of limbs. Prime-field curves fill it per model and
 * coordinate system (src/inst/ec_inst.h), genus-2 Jacobians per field kernel
 * (src/inst/g2_inst.h); the methods (scalar_internal.h) are written once over it.
 *
 * ctx is the group's own context (gn_ec_ctx_t, gn_g2_ctx_t). add, madd and dbl return a mask:
 * all-ones where the formula met a case it does not cover and reports (genus 2's explicit
 * formulas: the result is then not the sum), 0 from formulas that report nothing (the prime
 * curves', whose exceptional cases the layer completes by comparisons, scalar_internal.h).
 */
#ifndef GN_SCALAR_GROUP_H
#define GN_SCALAR_GROUP_H

#include "genus/mp.h"

typedef struct gn_group_ops {
    void (*set_inf)(const void *ctx, gn_limb_t *r);                                 /* the neutral element */
    gn_limb_t (*is_inf)(const void *ctx, const gn_limb_t *p);                       /* mask */
    gn_limb_t (*eq)(const void *ctx, const gn_limb_t *p, const gn_limb_t *q);       /* mask */
    void (*neg)(const void *ctx, gn_limb_t *r, const gn_limb_t *p);
    gn_limb_t (*dbl)(const void *ctx, gn_limb_t *r, const gn_limb_t *p);
    gn_limb_t (*add)(const void *ctx, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q);
    gn_limb_t (*madd)(const void *ctx, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q); /* q has Z = 1 */
    /* where the model needs two formulas to cover every pair (Jacobi quartic, incomplete
     * Edwards curves): a complete addition the methods use instead of add when add is not
     * complete on the curve; NULL otherwise */
    gn_limb_t (*add_complete)(const void *ctx, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q);
    /* optional (NULL: the layer adds 2P n - 1 times): tab[i] = (2i + 1) P for i < n; nonzero
     * when a case the formulas do not cover left tab invalid (then, on a group whose formulas
     * report, a mask; on the others the layer rebuilds the table, P public) */
    gn_limb_t (*odd_multiples)(const void *ctx, gn_limb_t *tab, const gn_limb_t *p, size_t n);
    /* optional (NULL: none): the same table with every entry's Z = 1 (its X and Y affine);
     * nonzero when tab is invalid (then the caller takes odd_multiples) */
    gn_limb_t (*odd_multiples_affine)(const void *ctx, gn_limb_t *tab, const gn_limb_t *p, size_t n);
    /* optional (NULL: limb by limb, or by the field kernel's): a masked swap of two points, for
     * a view whose points are structures rather than limbs (src/g2/mul.c's view of Cantor's
     * algorithm, whose points the layer otherwise only copies) */
    void (*cswap)(const void *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask);
} gn_group_ops_t;

#endif
