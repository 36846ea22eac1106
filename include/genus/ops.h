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
 *  c multiplications by a small integer, a additions/subtractions/negations, I inversions;
 *  r: the modular reductions on a kernel with lazy reduction (the RNS kernel): one per product
 *  not summed with others, one per sum of products (the formulas' red); limb kernels reduce
 *  every product (m + s + d). */
typedef struct gn_op_counts {
    unsigned long m, s, d, c, a, i, r;
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
 * dst = the curve src on the counting kernel: every field operation of the curve formulas
 * that a call on dst performs (gn_ec_mul, gn_ecdh, gn_xdh, ... whole) is added to
 * *counts, which the caller zeroes and reads; dst and counts are caller-owned and must outlive
 * the calls. Points and keys move between src and dst by their encodings (dst runs on the
 * generic kernel: gn_ec_point_set, gn_ec_decode). The formulas are the C of src/tmpl, which the
 * assembly routines are compiled from, so a multiplication counts what it performs on src's
 * kernel; the few gn_fp_* calls around the formulas (the a = -3 isomorph's maps) are not
 * counted. `genus bench --floor` multiplies the counts by gn_fp_word_products.
 * @return GN_ERR_INVALID on NULL or dst == src.
 */
GN_API GN_NODISCARD gn_err gn_ec_counting(gn_ec_ctx_t *dst, const gn_ec_ctx_t *src, gn_op_counts_t *counts);
/** The same for a Kummer surface (gn_kummer_dh, gn_kummer_dh_public, ... on dst counted whole:
 *  the formula template's ladder, the step the gs127 ladders are compiled from) and a genus-2
 *  Jacobian (gn_g2_mul, ...: the explicit formulas; Cantor's algorithm is not counted). */
GN_API GN_NODISCARD gn_err gn_kummer_counting(gn_kummer_ctx_t *dst, const gn_kummer_ctx_t *src,
                                              gn_op_counts_t *counts);
GN_API GN_NODISCARD gn_err gn_g2_counting(gn_g2_ctx_t *dst, const gn_g2_ctx_t *src, gn_op_counts_t *counts);

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
    GN_G2_OP_MUL_STEP = 2 /**< one 4-bit signed digit of gn_g2_mul: four doublings, an addition, a table scan, a negation */
} gn_g2_op;

/**
 * Count the field operations of `op` on the curve g (D counts the multiplications by the
 * coefficients f5, f4 of the curve; I the inversions). GN_ERR_UNSUPPORTED on deg f = 6 (no
 * explicit formulas there).
 */
GN_API GN_NODISCARD gn_err gn_g2_count_ops(const gn_g2_ctx_t *g, gn_g2_op op, gn_op_counts_t *out);

/* ---------------------------------------------------------------- traced programs */

/** Limits of a traced program. */
#define GN_TRACE_MAX_OPS 2048
#define GN_TRACE_MAX_NAMES 24
#define GN_TRACE_MAX_OUTPUTS 10
#define GN_TRACE_NAME 8

/** Operations of a traced program (DESIGN section 10's "op" names: add sub neg mul sqr mulc muls
 *  inv half, and red: the reduction of a sum of unreduced products, recorded in lazy traces). */
typedef enum gn_trace_opcode {
    GN_TRACE_ADD = 1,
    GN_TRACE_SUB = 2,
    GN_TRACE_NEG = 3,
    GN_TRACE_MUL = 4,
    GN_TRACE_SQR = 5,
    GN_TRACE_MULC = 6, /**< a curve constant (args[0], a name) times args[1] */
    GN_TRACE_MULS = 7, /**< a small integer k times args[0] */
    GN_TRACE_INV = 8,
    GN_TRACE_HALF = 9,
    GN_TRACE_RED = 10  /**< reduce args[0] (products summed unreduced): the identity on values */
} gn_trace_opcode;

/** One operation; an argument >= 0 is the id (index) of an earlier operation, an argument < 0
 *  the name -1 - arg of gn_trace_t.names (an input or a constant); unused ones are 0. */
typedef struct gn_trace_op {
    int32_t op;
    int32_t args[2];
    uint32_t k;
} gn_trace_op_t;

/**
 * A straight-line program recorded by running a formula of the library on the tracing field
 * kernel (src/analysis/trace_kernel.h): the operations the formula performed, in order, on
 * inputs named by coordinate (X1, Y1, Z1, ...) and on the curve's constants, with the values
 * of this run (big-endian, nbytes each) so that a program can be checked by evaluating it.
 * Selections by a mask (cmov, cswap) are resolved by this run's values: the program is the
 * formula's general case (the inputs are generic points). Large: keep it off small stacks.
 */
typedef struct gn_trace {
    size_t nops;
    gn_trace_op_t ops[GN_TRACE_MAX_OPS];
    size_t ninputs, nnames; /* names[0 .. ninputs) are inputs, the rest constants */
    char names[GN_TRACE_MAX_NAMES][GN_TRACE_NAME];
    uint8_t values[GN_TRACE_MAX_NAMES][GN_FP_MAX_BITS / 8];
    size_t noutputs;
    char out_names[GN_TRACE_MAX_OUTPUTS][GN_TRACE_NAME];
    int32_t outputs[GN_TRACE_MAX_OUTPUTS]; /* an op id, or -1 - name for an output that is an input */
    uint8_t out_values[GN_TRACE_MAX_OUTPUTS][GN_FP_MAX_BITS / 8];
    size_t nbytes;       /* bytes of each value: the field's */
    uint8_t p[GN_FP_MAX_BITS / 8]; /* the field's prime, nbytes big-endian (zero for GF(2^m)) */
    unsigned m, exps[5];  /* GF(2^m): m and the reduction polynomial's exponents, highest first */
    size_t nexps;         /* 3 or 5 for GF(2^m), 0 for F_p */
    int lazy;             /* 1: the reductions of lazily reduced sums are recorded (GN_TRACE_RED, gn_ec_trace_lazy);
                           * 0: products reduce at once (the limb kernels' program) */
} gn_trace_t;

/**
 * Trace `op` in `coords` on the curve ec, as gn_ec_count_ops counts it: the inputs are the
 * first point (X1, Y1, Z1[, T1]) and the second (X2, ...), for GN_EC_OP_LADDER_STEP the ladder
 * state (x-only: X2 Z2 X3 Z3 and the base point's XP; co-Z: X0 Y0 X1 Y1 Z) or, in other
 * coordinates, an addition followed by a doubling (outputs X3.. then X4..).
 * @return GN_ERR_UNSUPPORTED as gn_ec_count_ops, or for a prime of more than
 *         GN_FP_MAX_BITS - GN_LIMB_BITS bits (the kernel tags each element in its last limb);
 *         GN_ERR_BUFFER when the program exceeds the limits above; GN_ERR_INVALID.
 */
GN_API GN_NODISCARD gn_err gn_ec_trace(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_trace_t *out);
/** As gn_ec_trace, the program a kernel with lazy reduction runs (the RNS kernel): products summed
 *  before a reduction stay unreduced, each reduction is a GN_TRACE_RED operation (out->lazy = 1). */
GN_API GN_NODISCARD gn_err gn_ec_trace_lazy(const gn_ec_ctx_t *ec, gn_ec_coords coords, gn_ec_op op, gn_trace_t *out);

/**
 * Trace a Kummer surface formula as gn_kummer_count_ops counts it: inputs P (X1 Y1 Z1 T1) and,
 * for the differential addition and the ladder step, Q (X2 ...) and the difference D = P - Q,
 * which the formulas take inverted: iXD iYD iZD iTD = (1/XD : ... : 1/TD) for the addition,
 * W1 W2 W3 with (1 : W1 : W2 : W3) ~ 1/D for the ladder step; outputs X3.. (2P, or P + Q for
 * the addition) and, for the ladder step, X4.. (P + Q); the constants eph0..3 and eps0..3 the
 * formulas multiply by.
 */
GN_API GN_NODISCARD gn_err gn_kummer_trace(const gn_kummer_ctx_t *ku, gn_kummer_op op, gn_trace_t *out);

/**
 * Trace the genus-2 Jacobian's explicit affine addition or doubling (GN_G2_OP_ADD / _DBL; deg f
 * = 5, else GN_ERR_UNSUPPORTED): inputs (u1a u0a v1a v0a) and (u1b ...), outputs u1r u0r v1r v0r,
 * constants f0..f5.
 */
GN_API GN_NODISCARD gn_err gn_g2_trace(const gn_g2_ctx_t *g, gn_g2_op op, gn_trace_t *out);

/**
 * Trace a binary curve's Lopez-Dahab formula as gn_ec2m_count_ops counts it: GN_EC_OP_DBL
 * (X1 Y1 Z1 -> X3 Y3 Z3), GN_EC_OP_MADD (and the affine X2 Y2), GN_EC_OP_ADD (and X2 Y2 Z2), and
 * GN_EC_OP_LADDER_STEP, the x-only Madd + Mdouble on R0 = (X2 : Z2), R1 = (X3 : Z3) with XP =
 * x(R1 - R0), outputs 2 R0 and R0 + R1 under the same names; the constants a and b (additions
 * are XORs; mulc is a product by a or b). GN_ERR_UNSUPPORTED for m above the limbs less one
 * (512 bits with 64-bit limbs).
 */
GN_API GN_NODISCARD gn_err gn_ec2m_trace(const gn_ec2m_ctx_t *ec, gn_ec_op op, gn_trace_t *out);

/** Basold's binary-curve formulas (H. Basold, "Parallelism investigation for elliptic curve key
 *  exchange", bachelor's thesis, TU Braunschweig 2010), traced as variants of the library's. */
typedef enum gn_ec2m_basold_op {
    GN_EC2M_BASOLD_ADD = 0,     /**< definition 2.3's LD addition (13M + 6S + 1D) */
    GN_EC2M_BASOLD_DBL = 1,     /**< definition 2.3's LD doubling (3M + 5S + 2D) */
    GN_EC2M_BASOLD_AFF_ADD = 2, /**< definition 1.17's affine addition (1I + 2M + 1S) */
    GN_EC2M_BASOLD_AFF_DBL = 3, /**< definition 1.17's affine doubling (1I + 2M + 2S) */
    GN_EC2M_BASOLD_TO_AFF = 4   /**< definition 2.3's projection (x/z, y/z^2): two divisions */
} gn_ec2m_basold_op;

/**
 * Trace one of Basold's formulas (src/tmpl/ec2m.tmpl.h, the *_basold variants; a division f/g is
 * recorded as an inversion and a product), general case, on the inputs gn_ec2m_trace uses: LD
 * (X1 Y1 Z1 [X2 Y2 Z2] -> X3 Y3 Z3), affine (x1 y1 [x2 y2] -> x3 y3), projection (X1 Y1 Z1 ->
 * x1 y1); constants a and b. GN_ERR_UNSUPPORTED as gn_ec2m_trace, or for an unknown op.
 */
GN_API GN_NODISCARD gn_err gn_ec2m_trace_basold(const gn_ec2m_ctx_t *ec, gn_ec2m_basold_op op, gn_trace_t *out);

#ifdef __cplusplus
}
#endif

#endif
