/* The curve-formula instantiation serving a field kernel (one per kernel in src/inst/ec_*.c). */
#include "ec/ec_internal.h"

extern const gn_ec_impl_t gn_ec_impl_generic, gn_ec_impl_p25519, gn_ec_impl_p1271, gn_ec_impl_p448;
#if GN_LIMB_BITS == 64
extern const gn_ec_impl_t gn_ec_impl_p256k1, gn_ec_impl_p521, gn_ec_impl_p256, gn_ec_impl_p224, gn_ec_impl_rns;
#endif
#if GN_LIMB_BITS == 64 && !GN_HAVE_MULX
extern const gn_ec_impl_t gn_ec_impl_mont2, gn_ec_impl_mont3, gn_ec_impl_mont4, gn_ec_impl_mont5,
    gn_ec_impl_mont6, gn_ec_impl_mont7, gn_ec_impl_mont8, gn_ec_impl_mont9;
#endif
#if GN_LIMB_BITS == 64 && GN_HAVE_MULX
extern const gn_ec_impl_t gn_ec_impl_mont2x, gn_ec_impl_mont3x, gn_ec_impl_mont4x, gn_ec_impl_mont5x,
    gn_ec_impl_mont6x, gn_ec_impl_mont7x, gn_ec_impl_mont8x, gn_ec_impl_mont9x;
#endif

#if GN_HAVE_GMP
extern const gn_ec_impl_t gn_ec_impl_gmp, gn_ec_impl_gmp_pm;
#endif
#if GN_HAVE_PARI
extern const gn_ec_impl_t gn_ec_impl_pari;
#endif

static const gn_ec_impl_t *const impls[] = {
#if GN_HAVE_GMP
    &gn_ec_impl_gmp, &gn_ec_impl_gmp_pm,
#endif
#if GN_HAVE_PARI
    &gn_ec_impl_pari,
#endif
    &gn_ec_impl_generic, &gn_ec_impl_p25519, &gn_ec_impl_p1271, &gn_ec_impl_p448,
#if GN_LIMB_BITS == 64
    &gn_ec_impl_p256k1, &gn_ec_impl_p521, &gn_ec_impl_p256, &gn_ec_impl_p224, &gn_ec_impl_rns,
#endif
#if GN_LIMB_BITS == 64 && !GN_HAVE_MULX
    &gn_ec_impl_mont2, &gn_ec_impl_mont3, &gn_ec_impl_mont4, &gn_ec_impl_mont5,
    &gn_ec_impl_mont6, &gn_ec_impl_mont7, &gn_ec_impl_mont8, &gn_ec_impl_mont9,
#endif
#if GN_LIMB_BITS == 64 && GN_HAVE_MULX
    &gn_ec_impl_mont2x, &gn_ec_impl_mont3x, &gn_ec_impl_mont4x, &gn_ec_impl_mont5x,
    &gn_ec_impl_mont6x, &gn_ec_impl_mont7x, &gn_ec_impl_mont8x, &gn_ec_impl_mont9x,
#endif
};

const gn_ec_impl_t *gn_ec_impl_for(const gn_fp_kernel_t *fk)
{
    for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++)
        if (impls[i]->fk == fk)
            return impls[i];
    return NULL;
}
