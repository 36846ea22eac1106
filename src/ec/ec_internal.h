/*
 * Internal interface between the curve layer and the formula instantiations.
 *
 * A point inside a scalar multiplication is an array of limbs: coordinate c of a point
 * p lives at p + c * fl, fl being the storage limbs of one element of the field kernel
 * (so a point over a 4-limb kernel is 3 or 4 x 4 limbs, not 4 x GN_FP_MAX_LIMBS).
 * The formulas (src/tmpl/ec_*.tmpl.h) are instantiated once per field kernel
 * (src/inst/ec_*.c); each instantiation fills a gn_ec_impl_t. The scalar-multiplication
 * methods (src/scalar/) are written once over the gn_ec_pt_ops_t table: a call through
 * the table per point operation, the field arithmetic inside it inlined.
 */
#ifndef GN_EC_INTERNAL_H
#define GN_EC_INTERNAL_H

#include "genus/ec.h"
#include "fp/kernel.h"
#include "scalar/group.h"

/* Weierstrass a_kind */
#define GN_EC_A_GENERAL 0
#define GN_EC_A_ZERO 1
#define GN_EC_A_MINUS3 2
/* Edwards a_kind */
#define GN_EC_EDW_A_GENERAL 0
#define GN_EC_EDW_A_MINUS1 1
/* kinds of a per model, the second index of gn_ec_impl_t.ops */
#define GN_EC_A_KINDS 3

/* Derived constants ec->k[] per model:
 *   Weierstrass: k[0] = 3b (Renes-Costello-Batina), k[1] = 2b, k[2] = -4b (the x-only doubling)
 *   Edwards:     k[0] = 2d
 *   Montgomery:  k[0] = (A + 2)/4, k[1] = 2A, k[2] = 1/B
 *   Jacobi quartic: k[0] = 2a */

/* Largest point: 4 coordinates of the largest element storage. */
#define GN_EC_PT_LIMBS (4 * GN_FP_ELEM_LIMBS)

typedef gn_limb_t gn_ec_mask_t;

/* Operations of one model in one coordinate system, over one field kernel: the group interface
 * of the scalar-multiplication layer (src/scalar/group.h; its ctx is the gn_ec_ctx_t), and the
 * moves between affine points and these coordinates. */
typedef struct gn_ec_pt_ops {
    gn_group_ops_t grp;
    const char *name;
    unsigned ncoords;
    int complete; /* add is valid for every pair of points (given the curve's flags) */
    void (*from_aff)(const gn_ec_ctx_t *, gn_limb_t *r, const gn_ec_point_t *p);
    void (*to_aff)(const gn_ec_ctx_t *, gn_ec_point_t *r, const gn_limb_t *p); /* constant time */
} gn_ec_pt_ops_t;

/* The formulas of every model over one field kernel. */
typedef struct gn_ec_impl {
    const gn_fp_kernel_t *fk;
    size_t fl; /* storage limbs of one element */
    /* [model][kind of a][coords]; NULL where the triple does not exist. gn_ec_init copies the
     * curve's row into ec->ops (gn_ec_choose_ops). */
    const gn_ec_pt_ops_t *ops[5][GN_EC_A_KINDS][GN_EC_COORDS_COUNT];
    /* Weierstrass projective formulas for curves of even order (RCB's are complete only on odd order) */
    const gn_ec_pt_ops_t *wei_projective_classic;
    /* x-only ladders over nbits bits of k (little-endian limbs), from the top; constant time.
     * out: X0, Z0, X1, Z1 of [k]P and [k+1]P. */
    /* out = (X0 : Z0), (X1 : Z1) = [k]P, [k + 1]P over bits nbits-1..0 of k. With ndbl > 0, k
     * must be clamped as RFC 7748 does (bit nbits-1 set, the low ndbl bits clear, ndbl <
     * nbits - 1): the top bit's step and the last ndbl are doublings, and only (X0 : Z0) is
     * defined */
    void (*mont_ladder)(const gn_ec_ctx_t *, gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k, size_t nbits,
                        size_t ndbl);
    void (*wei_ladder)(const gn_ec_ctx_t *, gn_limb_t *out, const gn_limb_t *xp, const gn_limb_t *k, size_t nbits);
    /* y recovery after an x-only ladder (Okeya-Sakurai; Brier-Joye): r = [k]P from P and the ladder output */
    void (*mont_yrec)(const gn_ec_ctx_t *, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *ladder);
    void (*wei_yrec)(const gn_ec_ctx_t *, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *ladder);
    /* co-Z ladder over the nbits - 1 bits of k below its top bit (which must be 1); Jacobian result
     * in out (X, Y, Z). Returns all-ones if an exceptional case (equal x) occurred. */
    gn_ec_mask_t (*coz_ladder)(const gn_ec_ctx_t *, gn_limb_t *out, const gn_ec_point_t *p, const gn_limb_t *k,
                               size_t nbits);
    /* single steps, for the operation counts: state as the ladders keep it */
    void (*mont_step)(const gn_ec_ctx_t *, gn_limb_t *state, const gn_limb_t *xp);
    void (*wei_step)(const gn_ec_ctx_t *, gn_limb_t *state, const gn_limb_t *xp);
    void (*coz_step)(const gn_ec_ctx_t *, gn_limb_t *state); /* X0 Y0 X1 Y1 Z: one ZADDC + ZADDU */
} gn_ec_impl_t;

/* Instantiations (src/inst/ec_*.c) and the choice of one for a field kernel (src/ec/impl.c). */
const gn_ec_impl_t *gn_ec_impl_for(const gn_fp_kernel_t *fk);
extern const gn_ec_impl_t gn_ec_impl_count; /* over the counting kernel (src/analysis/) */
/* the same over elements of GN_COUNT_NARROW_LIMBS limbs: gn_ec_counting's curves whose p has
 * at most that many (every named curve), so that their windows' tables take about half the room */
#define GN_COUNT_NARROW_LIMBS (576 / GN_LIMB_BITS)
extern const gn_ec_impl_t gn_ec_impl_count_narrow;

/* r = a / b; 0 (r unchanged) when b = 0. Variable time (public curve data: src/ec/maps.c,
 * cubic.c). */
static inline int gn_ec_fe_div_var(const gn_fp_ctx_t *f, gn_fp_t *r, const gn_fp_t *a, const gn_fp_t *b)
{
    gn_fp_t t;
    if (gn_fp_inv_var(f, &t, b) != GN_OK)
        return 0;
    gn_fp_mul(f, r, a, &t);
    return 1;
}

/* [k] G from the built-in table of ec's curve (src/scalar/base.c), left in the table's
 * coordinates (Jacobian; extended on Edwards curves) in coords (4 elements' room): 1 when done,
 * 0 when ec has no table, k is malformed or the addition met its exceptional case (coords
 * unwritten; gn_ec_mul_base then computes). Constant time in k. */
int gn_ec_mul_base_coords(const gn_ec_ctx_t *ec, gn_limb_t *coords, const uint8_t *k, size_t klen);

/* ec->ops from ec->impl, model, a_kind and complete: once, at the end of a context's set-up. */
void gn_ec_choose_ops(gn_ec_ctx_t *ec);

/* The pt_ops of coords c on ec, or NULL. */
static inline const gn_ec_pt_ops_t *gn_ec_ops(const gn_ec_ctx_t *ec, gn_ec_coords c)
{
    return ec->ops[c];
}

/* The hub curve of a freshly built context (src/ec/maps.c); completing a context whose
 * fp, model, a, b were set from src (src/ec/ctx.c). */
void gn_ec_setup_hub(gn_ec_ctx_t *ec);
/* 1 when x^3 + a x + b has a root in F_p (the curve y^2 = x^3 + a x + b has a point of order 2):
 * gcd(f, x^p - x) != 1 (src/ec/cubic.c). Variable time (public curve data). */
int gn_ec_cubic_has_root_var(const gn_fp_ctx_t *F, const gn_fp_t *a, const gn_fp_t *b);
/* The roots of x^3 + a x + b in F_p into roots[0..], their number (0, 1 or 3) returned
 * (src/ec/cubic.c). Variable time. */
int gn_ec_cubic_roots_var(const gn_fp_ctx_t *F, gn_fp_t *roots, const gn_fp_t *a, const gn_fp_t *b);
gn_err gn_ec_setup_mapped(gn_ec_ctx_t *ec, const gn_ec_ctx_t *src);

/* A GLV endomorphism as data/curves.json gives it (tools/gen_named_curves.py derives the basis,
 * g1, g2, the shift and the bound on the halves): signed hexadecimal strings. */
typedef struct gn_ec_endo_hex {
    const char *beta, *lambda, *v[4], *g[2]; /* v: a1, b1, a2, b2 */
    unsigned shift, bits;
} gn_ec_endo_hex_t;

/* ec->glv from h after checking beta^3 = 1 (beta != 1) and lambda^3 = 1 mod n (lambda != 1), and,
 * unless trusted, phi(G) = [lambda] G; leaves ec->glv.on = 0 when a check fails (src/ec/glv.c). */
void gn_ec_setup_glv(gn_ec_ctx_t *ec, const gn_ec_endo_hex_t *h, int trusted);

/* The GLV split of k (< n, ec->glv.limbs... see glv.c): k = s1 k1 + s2 k2 lambda mod n with
 * k1, k2 odd, below 2^ec->glv.bits (ec->glv.limbs limbs each), s1, s2 = -1 where the masks neg1,
 * neg2 are all-ones, +1 otherwise. Constant time in k. */
void gn_ec_glv_split(const gn_ec_ctx_t *ec, gn_limb_t *k1, gn_limb_t *k2, gn_limb_t *neg1, gn_limb_t *neg2,
                     const gn_limb_t *k);

/* Set-up (src/ec/ctx.c): a hex field element below p, a hex order; the whole initialisation,
 * trusted (named curves: the checks their data passed when generated are skipped) with its
 * endomorphism, on the RNS kernel when rns is given. */
gn_err gn_ec_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *hex);
gn_err gn_ec_parse_order(gn_limb_t *r, const char *hex);
gn_err gn_ec_init_full(gn_ec_ctx_t *ec, const gn_ec_params_t *prm, gn_fp_kernel_kind kind, int trusted,
                       const gn_ec_endo_hex_t *endo, struct gn_rns_ctx *rns, const struct gn_rns_params *rprm);
/* The endomorphism of the named curve with ec's p, a, b and n, or NULL (src/ec/named.c). */
const gn_ec_endo_hex_t *gn_ec_named_endo_var(const gn_ec_ctx_t *ec);

/* Affine helpers over the kernel table (src/ec/point.c). */
int gn_ec_is_neutral_aff(const gn_ec_ctx_t *ec, const gn_ec_point_t *p);
void gn_ec_set_neutral_aff(const gn_ec_ctx_t *ec, gn_ec_point_t *r);

#endif
