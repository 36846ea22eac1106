/* Instantiation: Kummer surface formulas over the kernel for 2^127 - 1 (inst/special.h). */
#define GN_INST_P1271
#include "inst/special.h"
#if GN_INST_ACTIVE
#define KUSYM gn_kummer_impl_p1271
#include "inst/kummer_inst.h"
#endif

#if GN_INST_ACTIVE
/* ---- the dedicated ladders of the Gaudry-Schost surface (src/kummer/gs127_fast.h) ---- */
#include <string.h>

#include "kummer/gs127_fast.h"

/* an element of this kernel (KL limbs, a value below 2^128) as (lo, hi) and back */
static void to_u64(uint64_t r[2], const gn_limb_t *a)
{
#if GN_LIMB_BITS == 64
    r[0] = a[0];
    r[1] = a[1];
#else
    r[0] = a[0] | (uint64_t)a[1] << 32;
    r[1] = a[2] | (uint64_t)a[3] << 32;
#endif
}

static void from_u64(gn_limb_t *r, const uint64_t a[2])
{
#if GN_LIMB_BITS == 64
    r[0] = a[0];
    r[1] = a[1];
#else
    r[0] = (gn_limb_t)a[0], r[1] = (gn_limb_t)(a[0] >> 32);
    r[2] = (gn_limb_t)a[1], r[3] = (gn_limb_t)(a[1] >> 32);
#endif
}

static void gs127_ladder(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *w,
                         const gn_limb_t *k, size_t nbits, gn_ku127_ladder_fn *fn)
{
    uint64_t mu[4][2], pp[4][2], ww[3][2], rr[4][2];
    for (unsigned j = 0; j < 4; j++) {
        to_u64(mu[j], ku->mu[j].v);
        to_u64(pp[j], p + j * KL);
    }
    for (unsigned j = 0; j < 3; j++)
        to_u64(ww[j], w + j * KL);
    fn(rr, mu, pp, ww, k, nbits);
    for (unsigned j = 0; j < 4; j++)
        from_u64(r + j * KL, rr[j]);
    gn_memzero(rr, sizeof rr);
    gn_memzero(pp, sizeof pp);
}

#define GS127_IMPL(name, kindv, fn)                                                                                   \
    static void name##_ladder(const gn_kummer_ctx_t *ku, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *w,       \
                              const gn_limb_t *k, size_t nbits)                                                       \
    {                                                                                                                 \
        gs127_ladder(ku, r, p, w, k, nbits, fn);                                                                      \
    }                                                                                                                 \
    static const gn_kummer_impl_t name = {.fk = &KSYM,                                                                \
                                          .fl = KL,                                                                   \
                                          .dbl = KU(dbl),                                                             \
                                          .diff_add = KU(diff_add),                                                   \
                                          .dbladd = KU(dbladd),                                                       \
                                          .ladder = name##_ladder,                                                    \
                                          .on_surface = KU(on_surface),                                               \
                                          .kind = kindv};

GS127_IMPL(impl_v4, GN_KUMMER_LADDER_GS127_V4, gn_ku127_v4c_ladder)
#if GN_HAVE_AVX2
GS127_IMPL(impl_avx2, GN_KUMMER_LADDER_GS127_AVX2, gn_ku127_v4x_ladder)
#endif
#if GN_HAVE_MULX
GS127_IMPL(impl_mulx, GN_KUMMER_LADDER_GS127_MULX, gn_ku127_mulx_ladder)
#endif

const gn_kummer_impl_t *gn_kummer_impl_gs127(gn_kummer_ladder_kind kind)
{
    switch (kind) {
    case GN_KUMMER_LADDER_GS127_V4:
        return &impl_v4;
#if GN_HAVE_AVX2
    case GN_KUMMER_LADDER_GS127_AVX2:
        return &impl_avx2;
#endif
#if GN_HAVE_MULX
    case GN_KUMMER_LADDER_GS127_MULX:
        return &impl_mulx;
#endif
    default:
        return NULL;
    }
}
#else
const gn_kummer_impl_t *gn_kummer_impl_gs127(gn_kummer_ladder_kind kind)
{
    (void)kind;
    return NULL;
}
#endif
