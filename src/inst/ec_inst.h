/*
 * Instantiation body of the curve formulas over one field kernel. The including file has
 * set up the kernel (KPFX, K, KN, KL and its header) and defines ECSYM, the name of the
 * gn_ec_impl_t to emit. Optional: FMULC_FN / FINV_FN to override the multiplication by a
 * curve constant and the inversion (the counting kernel does).
 */
/* GCC's straight-line vectorisation packs two limbs of a formula's temporaries into one 16-byte
 * load right after the product that stored them 8 bytes at a time, which the store buffer cannot
 * forward: measured, 2-4% of a scalar multiplication on P-224 and brainpoolP256r1 (Zen 5). The
 * formulas are chains of field calls with nothing to vectorise between them. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif
#include "ec/ec_internal.h"
#include "fp/fp_internal.h"
#include "util/ct.h"
#include "scalar/ladder.h"

#define F(x) GN_CAT(KPFX, x)
#define FL KL
#define EC(x) GN_CAT(GN_CAT(KPFX, ec_), x)
#ifndef FMULC_FN
#define FMULC(f, r, c, a) F(mul)(f, r, c, a)
/* r = k[0] a, by the small integer when k[0] is one (ec->k0_small); counted as a D either way */
#define FMULC_K0(ec, f, r, a) \
    ((ec)->k0_small ? F(mul_small)(f, r, a, (ec)->k0_small) : F(mul)(f, r, (ec)->k[0].v, a))
#else
#define FMULC(f, r, c, a) FMULC_FN(f, r, c, a)
#define FMULC_K0(ec, f, r, a) FMULC_FN(f, r, (ec)->k[0].v, a)
#endif
#ifndef FINV_FN
#define FINV(f, r, a) ((void)(f)->kern->inv(f, r, a))
#else
#define FINV(f, r, a) FINV_FN(f, r, a)
#endif
/* Lazy reduction (DESIGN section 11): a kernel that sums unreduced products (KLAZY: the RNS kernel,
 * the counting kernel) provides K(mulnr), K(sqrnr) and K(red); on the others a product is reduced
 * at once and red is a copy. FMULNRC: an unreduced product by a curve constant (a D). */
#if !defined(KLAZY)
static inline void F(mulnr)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    F(mul)(f, r, a, b);
}
static inline void F(sqrnr)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *a)
{
    F(sqr)(f, r, a);
}
static inline void F(red)(const gn_fp_ctx_t *f, gn_limb_t *r, const gn_limb_t *t)
{
    F(copy)(f, r, t);
}
#endif
#ifndef FMULNRC_FN
#define FMULNRC(f, r, c, a) F(mulnr)(f, r, c, a)
#else
#define FMULNRC(f, r, c, a) FMULNRC_FN(f, r, c, a)
#endif

#include "tmpl/ec_common.tmpl.h"
#include "tmpl/ec_wei.tmpl.h"
#include "tmpl/ec_edw.tmpl.h"
#include "tmpl/ec_mont.tmpl.h"
#include "tmpl/ec_jq.tmpl.h"

/* The group interface (src/scalar/group.h) over the formulas: each entry calls its formula with
 * the curve as context. The formulas report no exceptional case (the scalar layer completes
 * them), so the additions return 0. */
#define EC_G_PT(pfx)                                                                                          \
    static void EC(g_##pfx##_set_inf)(const void *c, gn_limb_t *r)                                            \
    {                                                                                                         \
        EC(pfx##_set_inf)(c, r);                                                                              \
    }                                                                                                         \
    static gn_limb_t EC(g_##pfx##_is_inf)(const void *c, const gn_limb_t *p)                                  \
    {                                                                                                         \
        return EC(pfx##_is_inf)(c, p);                                                                        \
    }                                                                                                         \
    static gn_limb_t EC(g_##pfx##_eq)(const void *c, const gn_limb_t *p, const gn_limb_t *q)                  \
    {                                                                                                         \
        return EC(pfx##_eq)(c, p, q);                                                                         \
    }                                                                                                         \
    static void EC(g_##pfx##_neg)(const void *c, gn_limb_t *r, const gn_limb_t *p)                            \
    {                                                                                                         \
        EC(pfx##_neg)(c, r, p);                                                                               \
    }
#define EC_G_ADD(fn)                                                                                          \
    static GN_FLATTEN gn_limb_t EC(g_##fn)(const void *c, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)\
    {                                                                                                         \
        EC(fn)(c, r, p, q);                                                                                   \
        return 0;                                                                                             \
    }
#define EC_G_DBL(fn)                                                                                          \
    static GN_FLATTEN gn_limb_t EC(g_##fn)(const void *c, gn_limb_t *r, const gn_limb_t *p)                   \
    {                                                                                                         \
        EC(fn)(c, r, p);                                                                                      \
        return 0;                                                                                             \
    }
#define EC_G_ODD(fn)                                                                                          \
    static GN_FLATTEN gn_limb_t EC(g_##fn)(const void *c, gn_limb_t *tab, const gn_limb_t *p, size_t n)       \
    {                                                                                                         \
        return (gn_limb_t)(EC(fn)(c, tab, p, n) != 0);                                                        \
    }

EC_G_PT(wa)
EC_G_PT(wp)
EC_G_PT(wj)
EC_G_PT(ee)
EC_G_PT(jq)
EC_G_ADD(wa_add)
EC_G_ADD(ma_add)
EC_G_ADD(wp_add_gen)
EC_G_ADD(wp_madd_gen)
EC_G_ADD(wp_add_a0)
EC_G_ADD(wp_madd_a0)
EC_G_ADD(wp_add_m3)
EC_G_ADD(wp_madd_m3)
EC_G_ADD(wpc_add)
EC_G_ADD(wpc_madd)
EC_G_ADD(wj_add)
EC_G_ADD(wj_madd)
EC_G_ADD(ee_add_gen)
EC_G_ADD(ee_madd_gen)
EC_G_ADD(ee_add_m1)
EC_G_ADD(ee_madd_m1)
EC_G_ADD(ee_add_complete_gen)
EC_G_ADD(ee_add_complete_m1)
EC_G_ADD(jq_add)
EC_G_ADD(jq_madd)
EC_G_ADD(jq_add_complete)
EC_G_DBL(wa_dbl)
EC_G_DBL(ma_dbl)
EC_G_DBL(wp_dbl_gen)
EC_G_DBL(wp_dbl_a0)
EC_G_DBL(wp_dbl_m3)
EC_G_DBL(wpc_dbl)
EC_G_DBL(wj_dbl_gen)
EC_G_DBL(wj_dbl_a0)
EC_G_DBL(wj_dbl_m3)
EC_G_DBL(ee_dbl_gen)
EC_G_DBL(ee_dbl_m1)
EC_G_DBL(jq_dbl)
EC_G_ODD(wj_odd_multiples_gen)
EC_G_ODD(wj_odd_multiples_a0)
EC_G_ODD(wj_odd_multiples_m3)
EC_G_ODD(wj_odd_affine_gen)
EC_G_ODD(wj_odd_affine_a0)
EC_G_ODD(wj_odd_affine_m3)

#define GN_EC_OPS(pfx, label, nc, compl, addf, maddf, dblf, addc, oddm, odda)                                        \
    static const gn_ec_pt_ops_t EC(ops_##label) = {                                                          \
        .grp =                                                                                                \
            {                                                                                                 \
                .set_inf = EC(g_##pfx##_set_inf),                                                             \
                .is_inf = EC(g_##pfx##_is_inf),                                                               \
                .eq = EC(g_##pfx##_eq),                                                                       \
                .neg = EC(g_##pfx##_neg),                                                                     \
                .dbl = EC(g_##dblf),                                                                          \
                .add = EC(g_##addf),                                                                          \
                .madd = EC(g_##maddf),                                                                        \
                .add_complete = addc,                                                                         \
                .odd_multiples = oddm,                                                                        \
                .odd_multiples_affine = odda,                                                                 \
            },                                                                                                \
        .name = #label,                                                                                       \
        .ncoords = nc,                                                                                        \
        .complete = compl,                                                                                    \
        .from_aff = EC(pfx##_from_aff),                                                                       \
        .to_aff = EC(pfx##_to_aff),                                                                           \
    }

GN_EC_OPS(wa, wei_affine, 3, 0, wa_add, wa_add, wa_dbl, NULL, NULL, NULL);
GN_EC_OPS(wp, wei_projective_gen, 3, 1, wp_add_gen, wp_madd_gen, wp_dbl_gen, NULL, NULL, NULL);
GN_EC_OPS(wp, wei_projective_a0, 3, 1, wp_add_a0, wp_madd_a0, wp_dbl_a0, NULL, NULL, NULL);
GN_EC_OPS(wp, wei_projective_m3, 3, 1, wp_add_m3, wp_madd_m3, wp_dbl_m3, NULL, NULL, NULL);
GN_EC_OPS(wp, wei_projective_classic, 3, 0, wpc_add, wpc_madd, wpc_dbl, NULL, NULL, NULL);
GN_EC_OPS(wj, wei_jacobian_gen, 3, 0, wj_add, wj_madd, wj_dbl_gen, NULL, EC(g_wj_odd_multiples_gen),
          EC(g_wj_odd_affine_gen));
GN_EC_OPS(wj, wei_jacobian_a0, 3, 0, wj_add, wj_madd, wj_dbl_a0, NULL, EC(g_wj_odd_multiples_a0),
          EC(g_wj_odd_affine_a0));
GN_EC_OPS(wj, wei_jacobian_m3, 3, 0, wj_add, wj_madd, wj_dbl_m3, NULL, EC(g_wj_odd_multiples_m3),
          EC(g_wj_odd_affine_m3));
GN_EC_OPS(wa, mont_affine, 3, 0, ma_add, ma_add, ma_dbl, NULL, NULL, NULL);
GN_EC_OPS(ee, edw_extended_gen, 4, 1, ee_add_gen, ee_madd_gen, ee_dbl_gen, EC(g_ee_add_complete_gen), NULL, NULL);
GN_EC_OPS(ee, edw_extended_m1, 4, 1, ee_add_m1, ee_madd_m1, ee_dbl_m1, EC(g_ee_add_complete_m1), NULL, NULL);
GN_EC_OPS(jq, jq_extended, 4, 1, jq_add, jq_madd, jq_dbl, EC(g_jq_add_complete), NULL, NULL);

/* The Weierstrass row of one kind of a: co-Z pairs convert through the Jacobian operations. */
#define EC_WEI_ROW(sfx)                                                                              \
    {                                                                                                \
        [GN_EC_AFFINE] = &EC(ops_wei_affine), [GN_EC_PROJECTIVE] = &EC(ops_wei_projective_##sfx),    \
        [GN_EC_JACOBIAN] = &EC(ops_wei_jacobian_##sfx), [GN_EC_COZ] = &EC(ops_wei_jacobian_##sfx),   \
    }

const gn_ec_impl_t ECSYM = {
    .fk = &KSYM,
    .fl = KL,
    .ops = {
        [GN_EC_WEIERSTRASS] = {[GN_EC_A_GENERAL] = EC_WEI_ROW(gen), [GN_EC_A_ZERO] = EC_WEI_ROW(a0),
                               [GN_EC_A_MINUS3] = EC_WEI_ROW(m3)},
        [GN_EC_EDWARDS] = {[GN_EC_EDW_A_GENERAL] = {[GN_EC_EXTENDED] = &EC(ops_edw_extended_gen)},
                           [GN_EC_EDW_A_MINUS1] = {[GN_EC_EXTENDED] = &EC(ops_edw_extended_m1)}},
        [GN_EC_MONTGOMERY] = {[0] = {[GN_EC_AFFINE] = &EC(ops_mont_affine)}},
        [GN_EC_JACOBI_QUARTIC] = {[0] = {[GN_EC_EXTENDED] = &EC(ops_jq_extended)}},
    },
    .wei_projective_classic = &EC(ops_wei_projective_classic),
    .mont_ladder = EC(mont_ladder),
    .wei_ladder = EC(wei_ladder),
    .mont_yrec = EC(mont_yrec),
    .wei_yrec = EC(wei_yrec),
    .coz_ladder = EC(coz_ladder),
    .mont_step = EC(mont_step),
    .wei_step = EC(wei_step),
    .coz_step = EC(coz_step),
};
