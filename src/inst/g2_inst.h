/*
 * Instantiation body of the genus-2 Jacobian formulas over one field kernel. The including
 * file has set up the kernel (KPFX, K, KN, KL and its header) and defines G2SYM, the name of
 * the gn_g2_impl_t to emit, and KSYM, the kernel's table.
 */
#include "g2/g2_internal.h"
#include "fp/fp_internal.h"
#include "util/ct.h"

#define F(x) GN_CAT(KPFX, x)
#define FL KL
#define FE(name) gn_limb_t name[FL]
#define G2(x) GN_CAT(GN_CAT(KPFX, g2_), x)
#ifndef FMULC_FN
#define FMULC(f, r, c, a) F(mul)(f, r, c, a)
#else
#define FMULC(f, r, c, a) FMULC_FN(f, r, c, a)
#endif
#ifndef FINV_FN
#define FINV(f, r, a) ((void)(f)->kern->inv((f), (r), (a))) /* constant time; 1/0 = 0 */
#else
#define FINV(f, r, a) FINV_FN(f, r, a)
#endif

#include "tmpl/g2.tmpl.h"

const gn_g2_impl_t G2SYM = {
    .fk = &KSYM,
    .fl = KL,
    .grp =
        {
            .set_inf = G2(g_set_inf),
            .is_inf = G2(g_is_inf),
            .neg = G2(g_neg),
            .dbl = G2(g_dbl),
            .add = G2(g_add),
        },
};
