/*
 * The Montgomery ladder's control, written once for every group that has a ladder step: the
 * x-only ladders of Montgomery and Weierstrass curves (src/tmpl/ec_mont.tmpl.h,
 * ec_wei_xz.tmpl.h), the full-point ladder (ladder.c), the Lopez-Dahab ladder of binary curves
 * (src/ec2m/ladder.c) and the Kummer surfaces' ladder (src/tmpl/kummer.tmpl.h).
 *
 * The state (R0, R1) keeps R1 - R0 fixed (the difference the step reads). For each bit of k
 * from bit hi - 1 down to bit lo: bit 1 takes (R0, R1) to (R0 + R1, 2 R1), bit 0 to
 * (2 R0, R0 + R1). The step computes the second; the first is the step on the swapped pair.
 * The pair is swapped by the XOR of consecutive bits, so it is swapped only where they differ
 * (RFC 7748, section 5), and swapped back by the last bit.
 *
 * Constant time: every bit of the range is processed the same way, the swaps are masked (the
 * group's swap must be), and no branch or address depends on k. Inline, with the group's swap
 * and step as constant arguments: the compiler resolves and inlines them in each caller.
 */
#ifndef GN_SCALAR_LADDER_H
#define GN_SCALAR_LADDER_H

#include "fp/fp_internal.h" /* GN_ALWAYS_INLINE */
#include "genus/mp.h"
#include "util/ct.h"

/* (R0, R1) <- (R1, R0) where mask is all-ones; unchanged where it is 0 */
typedef void (*gn_ladder_swap_fn)(const void *ctx, void *r0, void *r1, gn_limb_t mask);
/* (R0, R1) <- (2 R0, R0 + R1), diff = R1 - R0 */
typedef void (*gn_ladder_step_fn)(const void *ctx, void *r0, void *r1, const void *diff);

/* The ladder over bits hi - 1 .. lo of k (limbs, least significant first). */
static GN_ALWAYS_INLINE void gn_ladder_bits(const void *ctx, gn_ladder_swap_fn swap, gn_ladder_step_fn step, void *r0,
                                            void *r1, const void *diff, const gn_limb_t *k, size_t hi, size_t lo)
{
    gn_limb_t prev = 0;
    for (size_t i = hi; i-- > lo;) {
        gn_limb_t bit = (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        swap(ctx, r0, r1, ct_mask_bit(bit ^ prev));
        step(ctx, r0, r1, diff);
        prev = bit;
    }
    swap(ctx, r0, r1, ct_mask_bit(prev));
}

#endif
