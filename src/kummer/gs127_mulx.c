/*
 * The gs127 ladder over the mulx step of gs127_mulx.S (x86-64 builds with 64-bit limbs; run
 * only on CPUs with BMI2, gn_cpu_has_mulx): the state of the assembly ladder, its coordinate-0
 * offsets, and the final swap.
 */
#include <string.h>

#include "kummer/gs127_fast.h"
#include "util/ct.h"

#if GN_HAVE_MULX
/* st: P, Q, w, then the step's scratch; the steps for bits nbits - 1 down to 0 of k, returning
 * bit 0 (gs127_mulx.S) */
uint64_t gn_ku127_mulx_ladder_asm(uint64_t st[GN_KU127_MULX_ST], const gn_limb_t *k, size_t nbits);

typedef unsigned __int128 u128;

/* x (below 2^128) plus d, d in [-8, 8], as a value below 2^128 congruent to x + d:
 * (x mod 2^127) + (x >> 127) + d, plus p when d < 0 (public): in [0, 2^127 + 9) or [p - 8, 2^128 - 8). */
static void shift(uint64_t r[2], const uint64_t x[2], int d)
{
    u128 v = (u128)x[1] << 64 | x[0];
    const u128 p = ((u128)1 << 127) - 1;
    v = (v & p) + (v >> 127) + (d < 0 ? p : 0) + (u128)(int64_t)d;
    r[0] = (uint64_t)v;
    r[1] = (uint64_t)(v >> 64);
}

void gn_ku127_mulx_ladder(uint64_t r[4][2], const uint64_t mu[4][2], const uint64_t p[4][2], const uint64_t w[3][2],
                          const gn_limb_t *k, size_t nbits)
{
    uint64_t st[GN_KU127_MULX_ST];
    memset(st, 0, sizeof st);
    memcpy(st, mu, 8 * sizeof(uint64_t));
    memcpy(st + 8, p, 8 * sizeof(uint64_t));
    memcpy(st + 16, w, 6 * sizeof(uint64_t));
    /* the step keeps coordinate 0 of P and Q as the value minus 8 (gs127_mulx.S) */
    shift(st, st, -8);
    shift(st + 8, st + 8, -8);
    const gn_limb_t prev = (gn_limb_t)gn_ku127_mulx_ladder_asm(st, k, nbits);
    /* the final swap: P = Q where the last bit is 1 */
    const uint64_t m = (uint64_t)0 - (uint64_t)(ct_mask_bit(prev) & 1);
    for (unsigned j = 0; j < 8; j++)
        ((uint64_t *)r)[j] = st[j] ^ ((st[j] ^ st[8 + j]) & m);
    shift(r[0], r[0], 8);
    gn_memzero(st, sizeof st);
}
#endif
