/*
 * The field-kernel operation tables. Formulas never go through these tables:
 * they call a kernel's static inline functions directly (see src/tmpl/ and
 * src/inst/). The tables exist only at the edges: the public gn_fp_* API and
 * the curve/protocol objects that pick an instantiation at run time.
 */
#ifndef GN_FP_KERNEL_H
#define GN_FP_KERNEL_H

#include "genus/fp.h"
#include "genus/fpx.h"
#include "fp/fp_internal.h"

typedef gn_limb_t gn_limb_mask_t; /* all-ones or zero */

#define GN_FP_OPS_MEMBERS(CTX)                                                                   \
    const char *name;                                                                            \
    size_t fe_limbs; /* limbs of one element's storage */                                        \
    void (*set_zero)(const CTX *, gn_limb_t *);                                                  \
    void (*set_one)(const CTX *, gn_limb_t *);                                                   \
    void (*copy)(const CTX *, gn_limb_t *, const gn_limb_t *);                                   \
    void (*add)(const CTX *, gn_limb_t *, const gn_limb_t *, const gn_limb_t *);                 \
    void (*sub)(const CTX *, gn_limb_t *, const gn_limb_t *, const gn_limb_t *);                 \
    void (*neg)(const CTX *, gn_limb_t *, const gn_limb_t *);                                    \
    void (*mul)(const CTX *, gn_limb_t *, const gn_limb_t *, const gn_limb_t *);                 \
    void (*sqr)(const CTX *, gn_limb_t *, const gn_limb_t *);                                    \
    void (*mul_small)(const CTX *, gn_limb_t *, const gn_limb_t *, uint32_t);                    \
    void (*half)(const CTX *, gn_limb_t *, const gn_limb_t *);                                   \
    gn_limb_mask_t (*inv)(const CTX *, gn_limb_t *, const gn_limb_t *);                          \
    gn_limb_mask_t (*inv_var)(const CTX *, gn_limb_t *, const gn_limb_t *);                      \
    void (*pow)(const CTX *, gn_limb_t *, const gn_limb_t *, const gn_limb_t *, size_t);         \
    void (*pow_var)(const CTX *, gn_limb_t *, const gn_limb_t *, const gn_limb_t *, size_t);     \
    gn_limb_mask_t (*sqrt)(const CTX *, gn_limb_t *, const gn_limb_t *);                         \
    int (*legendre)(const CTX *, const gn_limb_t *);                                             \
    gn_limb_mask_t (*is_zero)(const CTX *, const gn_limb_t *);                                   \
    gn_limb_mask_t (*eq)(const CTX *, const gn_limb_t *, const gn_limb_t *);                     \
    void (*cswap)(const CTX *, gn_limb_t *, gn_limb_t *, gn_limb_mask_t);                        \
    void (*cmov)(const CTX *, gn_limb_t *, const gn_limb_t *, gn_limb_mask_t);

/* The word products of a kernel's reduction, n limbs: Montgomery's n^2 + n (q = t p' and q p a
 * limb); n + 1 where the high half is multiplied by a one-limb constant; none where p's form
 * folds by shifts and additions; NIST P-256's Montgomery-friendly form one a limb in C, none in
 * the mulx routine (src/fp/redc_nist.h); outside the model (other units, another library). */
enum { GN_FP_RED_MONT = 0, GN_FP_RED_LIMB, GN_FP_RED_NONE, GN_FP_RED_NIST, GN_FP_RED_OTHER };

/* Operations of one prime-field kernel. */
typedef struct gn_fp_kernel {
    GN_FP_OPS_MEMBERS(gn_fp_ctx_t)
    int (*legendre_var)(const gn_fp_ctx_t *, const gn_limb_t *);
    /* canonical integer (n limbs, < p) <-> kernel representation */
    void (*from_canon)(const gn_fp_ctx_t *, gn_limb_t *, const gn_limb_t *);
    void (*to_canon)(const gn_fp_ctx_t *, gn_limb_t *, const gn_limb_t *);
    /* elements carry public bounds beside the value (the RNS kernel): a secret selection of
     * elements must go through cmov/cswap, which give every outcome the larger bound */
    int bounded;
    /* elements are plain residues, no Montgomery factor (KCANON: the pseudo-Mersenne kernels,
     * gmp-pm): the set-up makes one, R^2 and R^3 equal to 1 */
    int canonical;
    /* elements are not the limbs of an integer x R mod p (PARI's t_INT with its header, RNS
     * residues): nothing outside the kernel may read or build them limb by limb */
    int opaque;
    /* the word products of its reduction (gn_fp_word_products, `genus bench --floor`): KRED_COST,
     * GN_FP_RED_MONT unless the kernel says otherwise */
    int red_cost;
    const struct gn_fpx_kernel *fp2; /* the quadratic extension over this kernel */
    const struct gn_fpx_kernel *fp3; /* the cubic extension over this kernel */
} gn_fp_kernel_t;

/* Operations of one extension-field kernel (F_p^2 or F_p^3 over one base kernel). */
typedef struct gn_fpx_kernel {
    GN_FP_OPS_MEMBERS(gn_fpx_ctx_t)
    void (*frobenius)(const gn_fpx_ctx_t *, gn_limb_t *, const gn_limb_t *);
    void (*norm)(const gn_fpx_ctx_t *, gn_limb_t *, const gn_limb_t *); /* into the base field */
} gn_fpx_kernel_t;

/* Kernels compiled into this build (src/inst/). */
extern const gn_fp_kernel_t gn_fp_kern_generic;
#if GN_LIMB_BITS == 64
extern const gn_fp_kernel_t gn_fp_kern_mont2, gn_fp_kern_mont3, gn_fp_kern_mont4, gn_fp_kern_mont5,
    gn_fp_kern_mont6, gn_fp_kern_mont7, gn_fp_kern_mont8, gn_fp_kern_mont9;
#if GN_HAVE_MULX
extern const gn_fp_kernel_t gn_fp_kern_mont2x, gn_fp_kern_mont3x, gn_fp_kern_mont4x, gn_fp_kern_mont5x,
    gn_fp_kern_mont6x, gn_fp_kern_mont7x, gn_fp_kern_mont8x, gn_fp_kern_mont9x;
#endif
#endif
extern const gn_fp_kernel_t gn_fp_kern_p25519, gn_fp_kern_p1271, gn_fp_kern_p448;
#if GN_LIMB_BITS == 64
extern const gn_fp_kernel_t gn_fp_kern_p256k1, gn_fp_kern_p521, gn_fp_kern_p256, gn_fp_kern_p224;
extern const gn_fp_kernel_t gn_fp_kern_rns; /* src/inst/fp_rns.c: built by gn_fp_init_rns only */
#endif
#if GN_HAVE_GMP
#include "backend/gmp.h"
extern const gn_fp_kernel_t gn_fp_kern_gmp; /* src/inst/fp_gmp.c: GMP's mpn products */
extern const gn_fp_kernel_t gn_fp_kern_gmp_pm; /* src/inst/fp_gmp_pm.c: the same, p = 2^k - c folded */
#endif
#if GN_HAVE_PARI
#include "backend/pari.h"
extern const gn_fp_kernel_t gn_fp_kern_pari; /* src/inst/fp_pari.c: PARI's Fp_ functions */
#endif

#endif
