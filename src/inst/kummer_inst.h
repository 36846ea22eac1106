/*
 * Instantiation body of the Kummer surface formulas over one field kernel. The including
 * file has set up the kernel (KPFX, K, KN, KL and its header) and defines KUSYM, the name of
 * the gn_kummer_impl_t to emit, and KSYM, the kernel's table.
 */
#include "kummer/kummer_internal.h"
#include "fp/fp_internal.h"
#include "util/ct.h"
#include "scalar/ladder.h"

#define F(x) GN_CAT(KPFX, x)
#define FL KL
#define FE(name) gn_limb_t name[FL]
#define KU(x) GN_CAT(GN_CAT(KPFX, ku_), x)
#ifndef FMULC_FN
#define FMULC(f, r, c, a) F(mul)(f, r, c, a)
#else
#define FMULC(f, r, c, a) FMULC_FN(f, r, c, a)
#endif

#include "tmpl/kummer.tmpl.h"

const gn_kummer_impl_t KUSYM = {
    .fk = &KSYM,
    .fl = KL,
    .dbl = KU(dbl),
    .diff_add = KU(diff_add),
    .dbladd = KU(dbladd),
    .ladder = KU(ladder),
    .on_surface = KU(on_surface),
    .kind = GN_KUMMER_LADDER_GENERIC,
};
