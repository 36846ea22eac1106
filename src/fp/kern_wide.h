/*
 * Full 2 KN-limb products, for the kernels that reduce a product separately (special-form
 * primes: src/fp/kern_pmersenne.h, and kern_mont.h with a KREDC reduction). Included by a
 * kernel header, with K(), KN and KL defined.
 *
 * Schoolbook rows, and squaring with each off-diagonal product once, doubled. (Where the CPU
 * has mulx/adx, 2^521 - 1's kernel takes a generated routine for the whole modular product
 * instead: src/inst/special.h.)
 */

/* The multiplication and squaring built on these are inlined into the formulas up to 4 limbs;
 * beyond, the unrolled products made a curve instantiation take 70 s to compile for no
 * measurable gain (a call is small next to 36..81 limb products). */
#if (KN) <= 4
#define KWIDE_INLINE GN_ALWAYS_INLINE
#else
#define KWIDE_INLINE GN_NOINLINE
#endif

static GN_ALWAYS_INLINE void K(wide_mul)(const gn_fp_ctx_t *ctx, gn_limb_t *t, const gn_limb_t *a, const gn_limb_t *b)
{
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < 2 * KN; i++) t[i] = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) {
        gn_limb_t c = 0;
        GN_UNROLL for (size_t j = 0; j < KN; j++) c = mp_muladd2(&t[i + j], a[j], b[i], t[i + j], c);
        t[i + KN] = c;
    }
}

static GN_ALWAYS_INLINE void K(wide_sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *t, const gn_limb_t *a)
{
    gn_limb_t c;
    (void)ctx;
    GN_UNROLL for (size_t i = 0; i < 2 * KN; i++) t[i] = 0;
    GN_UNROLL for (size_t i = 0; i + 1 < KN; i++) {
        c = 0;
        GN_UNROLL for (size_t j = i + 1; j < KN; j++) c = mp_muladd2(&t[i + j], a[i], a[j], t[i + j], c);
        t[i + KN] = c;
    }
    c = 0;
    GN_UNROLL for (size_t i = 0; i < 2 * KN; i++) {
        gn_limb_t top = t[i] >> (GN_LIMB_BITS - 1);
        t[i] = (t[i] << 1) | c;
        c = top;
    }
    c = 0;
    GN_UNROLL for (size_t i = 0; i < KN; i++) {
        gn_limb_t lo, hi = mp_mul_wide(&lo, a[i], a[i]);
        c = mp_addc(&t[2 * i], t[2 * i], lo, c);
        c = mp_addc(&t[2 * i + 1], t[2 * i + 1], hi, c);
    }
}
