/*
 * The RNS Montgomery reduction and the channel-wise product with the channels in vector lanes
 * (one 64-bit lane a channel, products of 32-bit residues by vpmuludq), written once over the
 * vector operations the including file defines (rns_avx2.c: 4 lanes, rns_avx512.c: 8):
 *   V, W (lanes), VLOAD(p), VSTORE(p, v), VSET1(x), VMULU(a, b) (low 32 bits times low 32 bits),
 *   VADD, VSUB, VAND, VSRL(v, count), VSUBGE(v, m) (v - m where v >= m, for v, m < 2^63),
 *   SIMD(name) (the instantiation's prefix).
 * For r <= 30 (GN_RNS_SIMD_MAX_R): a residue is below 2^30, a product below 2^60, three
 * products and a reduced value below 2^62, so a sum's high part x >> r fits 32 bits and
 * three folds x -> (x >> r) e + (x & (2^r - 1)) (e < 2^(r/2)) and two subtractions bring it
 * below m. Rows and lanes past n read the zero padding of the context's arrays; their results
 * are never stored. Every step runs in time independent of the values.
 */
#include <string.h>

#include "rns/rns_internal.h"

#define LANES_OF(n) (((n) + W - 1) / W * W)

/* x mod m lane-wise, for x below 2^(r + 32) */
static inline V SIMD(reduce)(V x, V e, V m, V mask, unsigned r)
{
    for (int f = 0; f < 3; f++)
        x = VADD(VMULU(VSRL(x, r), e), VAND(x, mask));
    x = VSUBGE(x, m);
    return VSUBGE(x, m);
}

/* out[i] = x[i] y[i] mod m[i] for the channels i in [lo, lo + cnt) */
static inline void SIMD(mulmod_n)(const gn_rns_ctx_t *ctx, uint64_t *out, const uint64_t *x, const uint64_t *y,
                                  unsigned lo, unsigned cnt)
{
    const V mask = VSET1(ctx->mask);
    for (unsigned i = 0; i < cnt; i += W) {
        V e = VLOAD(ctx->e + lo + i), m = VLOAD(ctx->m + lo + i);
        VSTORE(out + i, SIMD(reduce)(VMULU(VLOAD(x + i), VLOAD(y + i)), e, m, mask, ctx->r));
    }
}

/* out[i] = sum_j x[j] rows[j][i] mod m[lo + i] for i < cnt (rows GN_RNS_MAX_N + 1 apart): up to
 * 15 products (below 2^60 each) and the running sum (below 2^33) add in a 64-bit lane, whose
 * high half then folds by 2^32 mod m (below 2^30: the sum comes below 2^62); two folds bring
 * it below 2^33 for the next 15, the full reduction ends the sum */
static inline void SIMD(extend)(const gn_rns_ctx_t *ctx, uint64_t *out, const uint64_t *x, const uint64_t *rows,
                                unsigned nsrc, unsigned lo, unsigned cnt)
{
    const V mask = VSET1(ctx->mask), low32 = VSET1(0xffffffffu);
    const unsigned r = ctx->r;
    const size_t stride = GN_RNS_MAX_N + 1;
    unsigned i = 0;
    for (; i + 3 * W < cnt; i += 4 * W) { /* four vectors of lanes a pass: one broadcast for all */
        V e[4], c[4], a[4];
        for (int k = 0; k < 4; k++) {
            e[k] = VLOAD(ctx->e + lo + i + k * W);
            c[k] = VLOAD(ctx->two32 + lo + i + k * W);
            a[k] = VSET1(0);
        }
        for (unsigned j = 0; j < nsrc; j += 15) {
            for (unsigned u = j; u < j + 15 && u < nsrc; u++) {
                const V xu = VSET1(x[u]);
                const uint64_t *row = rows + (size_t)u * stride + i;
                for (int k = 0; k < 4; k++)
                    a[k] = VADD(a[k], VMULU(xu, VLOAD(row + k * W)));
            }
            for (int k = 0; k < 4; k++) {
                a[k] = VADD(VMULU(VSRL(a[k], 32), c[k]), VAND(a[k], low32));
                a[k] = VADD(VMULU(VSRL(a[k], r), e[k]), VAND(a[k], mask));
                a[k] = VADD(VMULU(VSRL(a[k], r), e[k]), VAND(a[k], mask));
            }
        }
        for (int k = 0; k < 4; k++)
            VSTORE(out + i + k * W, SIMD(reduce)(a[k], e[k], VLOAD(ctx->m + lo + i + k * W), mask, r));
    }
    for (; i + W < cnt; i += 2 * W) { /* two vectors of lanes a pass: one broadcast for both */
        V e0 = VLOAD(ctx->e + lo + i), c0 = VLOAD(ctx->two32 + lo + i), a0 = VSET1(0);
        V e1 = VLOAD(ctx->e + lo + i + W), c1 = VLOAD(ctx->two32 + lo + i + W), a1 = VSET1(0);
        for (unsigned j = 0; j < nsrc; j += 15) {
            for (unsigned u = j; u < j + 15 && u < nsrc; u++) {
                const V xu = VSET1(x[u]);
                const uint64_t *row = rows + (size_t)u * stride + i;
                a0 = VADD(a0, VMULU(xu, VLOAD(row)));
                a1 = VADD(a1, VMULU(xu, VLOAD(row + W)));
            }
            a0 = VADD(VMULU(VSRL(a0, 32), c0), VAND(a0, low32));
            a1 = VADD(VMULU(VSRL(a1, 32), c1), VAND(a1, low32));
            a0 = VADD(VMULU(VSRL(a0, r), e0), VAND(a0, mask));
            a1 = VADD(VMULU(VSRL(a1, r), e1), VAND(a1, mask));
            a0 = VADD(VMULU(VSRL(a0, r), e0), VAND(a0, mask));
            a1 = VADD(VMULU(VSRL(a1, r), e1), VAND(a1, mask));
        }
        VSTORE(out + i, SIMD(reduce)(a0, e0, VLOAD(ctx->m + lo + i), mask, r));
        VSTORE(out + i + W, SIMD(reduce)(a1, e1, VLOAD(ctx->m + lo + i + W), mask, r));
    }
    for (; i < cnt; i += W) {
        V e = VLOAD(ctx->e + lo + i), c32 = VLOAD(ctx->two32 + lo + i), acc = VSET1(0);
        for (unsigned j = 0; j < nsrc; j += 15) {
            for (unsigned u = j; u < j + 15 && u < nsrc; u++)
                acc = VADD(acc, VMULU(VSET1(x[u]), VLOAD(rows + (size_t)u * stride + i)));
            acc = VADD(VMULU(VSRL(acc, 32), c32), VAND(acc, low32));
            acc = VADD(VMULU(VSRL(acc, r), e), VAND(acc, mask)); /* below 2^(r/2 + 32) + 2^r */
            acc = VADD(VMULU(VSRL(acc, r), e), VAND(acc, mask)); /* below 2^33 */
        }
        VSTORE(out + i, SIMD(reduce)(acc, e, VLOAD(ctx->m + lo + i), mask, r));
    }
}

#define CAP GN_FP_RNS_MAX_N
#define SIZED(x) SIMD(x##_small)
#include "rns/rns_simd_sized.h"
#undef CAP
#undef SIZED
#define CAP GN_RNS_MAX_N
#define SIZED(x) SIMD(x)
#include "rns/rns_simd_sized.h"
#undef CAP
#undef SIZED
