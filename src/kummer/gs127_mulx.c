/*
 * The gs127 ladder over the mulx step of asm/gs127_mulx.S (x86-64 builds with 64-bit limbs; run
 * only on CPUs with BMI2, gn_cpu_has_mulx): the state of the assembly ladder, its coordinate-0
 * offsets, and the final swap.
 */
#include <string.h>

#include "kummer/gs127_fast.h"
#include "util/ct.h"

#if GN_HAVE_MULX
/* st: P, Q, w, then the step's scratch; the steps for bits nbits - 1 down to 0 of k, returning
 * bit 0 (asm/gs127_mulx.S) */
uint64_t gn_ku127_mulx_ladder_asm(uint64_t st[GN_KU127_MULX_ST], const gn_limb_t *k, size_t nbits);

typedef unsigned __int128 u128;

#define D0 ((int64_t)1 << 17) /* the offset of coordinate 0 of the state (asm/gs127_mulx.S) */

/* st's three words (lo, hi, t) of x (below 2^128) plus d, -D0 <= d <= 0: (x mod 2^127) +
 * (x >> 127) + p + d, in [p - D0, 2^128), and t = 0. */
static void load3(uint64_t r[3], const uint64_t x[2], int64_t d)
{
    const u128 p = ((u128)1 << 127) - 1;
    u128 v = (u128)x[1] << 64 | x[0];
    v = (v & p) + (v >> 127) + p + (u128)d;
    r[0] = (uint64_t)v;
    r[1] = (uint64_t)(v >> 64);
    r[2] = 0;
}

/* r = the three words x = lo + 2^64 hi + 2^128 t (t signed, |t| < 2^14) plus d (0 <= d <= D0), as
 * a value below 2^128: (lo, hi) mod 2^127 + e with e = (hi >> 63) + 2t + d, plus p where e < 0
 * (by a mask): in [0, 2^127 + 2^18) or [p - 2^16, 2^128). */
static void store3(uint64_t r[2], const uint64_t x[3], int64_t d)
{
    const u128 p = ((u128)1 << 127) - 1;
    const uint64_t e = (x[1] >> 63) + 2 * x[2] + (uint64_t)d; /* two's complement */
    const uint64_t neg = (uint64_t)0 - (e >> 63);               /* all ones where e < 0 */
    u128 v = ((u128)x[1] << 64 | x[0]) & p;
    v += (((u128)neg << 64 | neg) & p) + ((u128)neg << 64 | e);
    r[0] = (uint64_t)v;
    r[1] = (uint64_t)(v >> 64);
}

void gn_ku127_mulx_ladder(uint64_t r[4][2], const uint64_t mu[4][2], const uint64_t p[4][2], const uint64_t w[3][2],
                          const gn_limb_t *k, size_t nbits)
{
    uint64_t st[GN_KU127_MULX_ST];
    memset(st, 0, sizeof st);
    /* P = mu, Q = p as three words each, coordinate 0 minus D0 (asm/gs127_mulx.S) */
    for (unsigned j = 0; j < 4; j++) {
        load3(st + 3 * j, mu[j], j ? 0 : -D0);
        load3(st + 12 + 3 * j, p[j], j ? 0 : -D0);
    }
    memcpy(st + 24, w, 6 * sizeof(uint64_t));
    const gn_limb_t prev = (gn_limb_t)gn_ku127_mulx_ladder_asm(st, k, nbits);
    /* the final swap: P = Q where the last bit is 1 */
    const uint64_t m = (uint64_t)0 - (uint64_t)(ct_mask_bit(prev) & 1);
    for (unsigned j = 0; j < 12; j++)
        st[j] ^= (st[j] ^ st[12 + j]) & m;
    for (unsigned j = 0; j < 4; j++)
        store3(r[j], st + 3 * j, j ? 0 : D0);
    gn_memzero(st, sizeof st);
}
#endif
