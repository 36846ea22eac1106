/**
 * @file ops.h
 * @brief Operation counts of the curve formulas, measured by running them on a counting
 * field kernel (the same template code that runs on the real kernels, src/analysis/).
 */
#ifndef GENUS_OPS_H
#define GENUS_OPS_H

#include "genus/ec.h"
#include "genus/ec2m.h"
#include "genus/kummer.h"
#include "genus/g2.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Field operations: M multiplications, S squarings, D multiplications by a curve constant,
 *  c multiplications by a small integer, a additions/subtractions/negations, I inversions. */
typedef struct gn_op_counts {
    unsigned long m, s, d, c, a, i;
} gn_op_counts_t;

/** Operations whose counts can be measured. */
typedef enum gn_ec_op {
    GN_EC_OP_ADD = 0,        /**< general addition */
    GN_EC_OP_MADD = 1,       /**< mixed addition (second point with Z = 1) */
    GN_EC_OP_DBL = 2,        /**< doubling */
    GN_EC_OP_LADDER_STEP = 3 /**< one ladder bit (xDBLADD, co-Z ZADDC + ZADDU, or add + dbl) */
} gn_ec_op;

/**
 * Count the field operations of `op` in `coords` on the curve ec (its model and its a = 0 /
 * a = -3 / a = -1 variant). GN_ERR_UNSUPPORTED when the pair does not exist.
 */
GN_API GN_NODISCARD gn_err gn_ec_count_ops(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op,
                                           gn_op_counts_t *out);

/**
 * Count the field operations of a binary curve's LD formulas (src/tmpl/ec2m.tmpl.h): GN_EC_OP_DBL
 * (dbl-2005-l), GN_EC_OP_MADD (madd-2005-dl), GN_EC_OP_ADD (general LD addition), and
 * GN_EC_OP_LADDER_STEP (the Lopez-Dahab x-only Madd + Mdouble); D counts the products by a and b.
 * GN_ERR_INVALID without a base point.
 */
GN_API GN_NODISCARD gn_err gn_ec2m_count_ops(const gn_ec2m_ctx_t *ec, gn_ec_op op, gn_op_counts_t *out);

/** Operations of a Kummer surface whose counts can be measured. */
typedef enum gn_kummer_op {
    GN_KUMMER_OP_DBL = 0,        /**< doubling */
    GN_KUMMER_OP_DIFF_ADD = 1,   /**< differential addition with a general difference */
    GN_KUMMER_OP_LADDER_STEP = 2 /**< xDBLADD of the ladder (difference with a coordinate 1) */
} gn_kummer_op;

/**
 * Count the field operations of `op` on the surface ku (its model and constants: c counts the
 * multiplications by small constants, D those by other constants).
 */
GN_API GN_NODISCARD gn_err gn_kummer_count_ops(const gn_kummer_ctx_t *ku, gn_kummer_op op, gn_op_counts_t *out);

/** Operations of a genus-2 Jacobian whose counts can be measured. */
typedef enum gn_g2_op {
    GN_G2_OP_ADD = 0,     /**< explicit affine addition (general case) */
    GN_G2_OP_DBL = 1,     /**< explicit affine doubling (general case) */
    GN_G2_OP_MUL_STEP = 2 /**< one 4-bit window of gn_g2_mul: four doublings, an addition, a table scan */
} gn_g2_op;

/**
 * Count the field operations of `op` on the curve g (D counts the multiplications by the
 * coefficients f5, f4 of the curve; I the inversions). GN_ERR_UNSUPPORTED on deg f = 6 (no
 * explicit formulas there).
 */
GN_API GN_NODISCARD gn_err gn_g2_count_ops(const gn_g2_ctx_t *g, gn_g2_op op, gn_op_counts_t *out);

#ifdef __cplusplus
}
#endif

#endif
