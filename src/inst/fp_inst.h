/*
 * Instantiation body: everything a field kernel supports, compiled for the
 * kernel the including file has set up (KPFX, K, KN, KL, KNAME, KSYM and the
 * kernel header). Produces the kernel table KSYM with its F_p^2 and F_p^3
 * tables. One such file per kernel lives in src/inst/.
 */
#include "genus/mp.h"
#include "fp/fp_internal.h"
#include "fp/kernel.h"

/* F_p: exponentiation, square root, Legendre symbol, inversion */
#define F(x) GN_CAT(KPFX, x)
#define FCTX gn_fp_ctx_t
#define FL KL
#include "tmpl/field_pow.tmpl.h"
#include "tmpl/field_sqrt.tmpl.h"
#include "tmpl/fp_prime.tmpl.h"
#undef F
#undef FCTX
#undef FL

/* F_p^2 and F_p^3 over this kernel */
#define B(x) GN_CAT(KPFX, x)
#define BL KL
#define E_DEG 2
#include "inst/fpx_inst.h"
#undef E_DEG
#define E_DEG 3
#include "inst/fpx_inst.h"
#undef E_DEG
#undef B
#undef BL

const gn_fp_kernel_t KSYM = {
    .name = KNAME,
    .fe_limbs = KL,
    .set_zero = GN_CAT(KPFX, set_zero),
    .set_one = GN_CAT(KPFX, set_one),
    .copy = GN_CAT(KPFX, copy),
    .add = GN_CAT(KPFX, add),
    .sub = GN_CAT(KPFX, sub),
    .neg = GN_CAT(KPFX, neg),
    .mul = GN_CAT(KPFX, mul),
    .sqr = GN_CAT(KPFX, sqr),
    .mul_small = GN_CAT(KPFX, mul_small),
    .half = GN_CAT(KPFX, half),
    .inv = GN_CAT(KPFX, inv),
    .inv_var = GN_CAT(KPFX, inv_var),
    .pow = GN_CAT(KPFX, pow),
    .pow_var = GN_CAT(KPFX, pow_var),
    .sqrt = GN_CAT(KPFX, sqrt),
    .legendre = GN_CAT(KPFX, legendre),
    .is_zero = GN_CAT(KPFX, is_zero),
    .eq = GN_CAT(KPFX, eq),
    .cswap = GN_CAT(KPFX, cswap),
    .cmov = GN_CAT(KPFX, cmov),
    .legendre_var = GN_CAT(KPFX, legendre_var),
    .from_canon = GN_CAT(KPFX, from_canon),
    .to_canon = GN_CAT(KPFX, to_canon),
#if defined(KBOUNDED)
    .bounded = 1,
#endif
#if defined(KCANON)
    .canonical = 1,
#endif
#if defined(KOPAQUE)
    .opaque = 1,
#endif
#if defined(KRED_COST)
    .red_cost = KRED_COST,
#endif
    .fp2 = &GN_CAT(KPFX, x2_kernel),
    .fp3 = &GN_CAT(KPFX, x3_kernel),
};
