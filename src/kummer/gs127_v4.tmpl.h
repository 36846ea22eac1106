/*
 * The Montgomery ladder of the Gaudry-Schost surface over p = 2^127 - 1, four coordinates at
 * once ("Kummer strikes back", Bernstein, Chuengsatiansup, Lange, Schwabe, Eurocrypt 2014:
 * the Hadamard transforms and the coordinate-wise products are 4-way parallel). Written once
 * over a 4-lane vector type V of 64-bit lanes and its operations, instantiated by
 * gs127_v4.c (plain C loops over the lanes, for the compiler to vectorise) and
 * gs127_v4_avx2.c (AVX2 intrinsics). The including file defines V4FN(name) and:
 *   V vadd(V, V), vsub(V, V), vand(V, V), vxor(V, V), vshl(V, n), vshr(V, n) (logical),
 *   vmul(V, V): the 64-bit products of the low 32 bits of each lane,
 *   vset(a, b, c, d): lanes 0..3, vbcast(x): x in every lane, vload/vstore (4 uint64_t),
 *   vswap1(V): (v1, v0, v3, v2), vswap2(V): (v2, v3, v0, v1).
 *
 * An element is 5 limbs of radix 2^26 (130 bits); limb i of the four coordinates is one V,
 * lane j holding coordinate j. The Hadamard transform of kummer.tmpl.h, H = (x + y + z + t,
 * x + y - z - t, x - y + z - t, x - y - z + t), is the natural one N on the lanes (a pair
 * butterfly, then a half butterfly) followed by the swap S of coordinates 1 and 2; N S = S N,
 * so N gives S H(x) for x in natural order and H(u) for u = S H(x): between the two transforms
 * of a ladder step the lanes hold coordinates (0, 2, 1, 3), and the constants multiplied
 * there (epshat) are written in that order. 2^130 = 8 mod p, so the columns i + j >= 5 of a product come back
 * multiplied by 8. Bounds (L = 2^26 + 2^20: every limb between operations is at most L):
 *   carry(): columns < 2^63.1 in, limbs 0, 2, 3 < 2^26, limb 1 < 2^26 + 2^15, limb 4 < 2^26 + 2^12 out;
 *   scale_neg0(): limbs <= 2^29 + 2^22 in, limbs < 2^26 + 2^20 out;
 *   hadamard(): limbs <= L in, in [0, 4L + 2^28] = [0, 2^29 + 2^22] out (plus 32p: no negative limb);
 *   mul/sqr: limbs <= 2^29 + 2^22 in (vmul reads 32 bits; a column is at most 33 products
 *            (1 + 4 * 8) of at most 2^58.02, below 2^63.1).
 * Lanes are independent, so nothing depends on a lane's value but the arithmetic: constant
 * time, with the ladder's swap by masks.
 */

#define M26 ((uint64_t)0x3ffffff)

typedef struct {
    V l[5];
} V4FN(fe);

/* r = the columns c carried: interleaved chains (0->1, 3->4), (1->2, 4->0 times 8), (2->3, 0->1),
 * (3->4), on local values (r may be an operand of the product). */
static GN_ALWAYS_INLINE void V4FN(carry)(V4FN(fe) *r, V c0, V c1, V c2, V c3, V c4)
{
    const V m = vbcast(M26);
    c1 = vadd(c1, vshr(c0, 26));
    c0 = vand(c0, m);
    c4 = vadd(c4, vshr(c3, 26));
    c3 = vand(c3, m);
    c2 = vadd(c2, vshr(c1, 26));
    c1 = vand(c1, m);
    c0 = vadd(c0, vshl(vshr(c4, 26), 3));
    c4 = vand(c4, m);
    c3 = vadd(c3, vshr(c2, 26));
    c2 = vand(c2, m);
    c1 = vadd(c1, vshr(c0, 26));
    c0 = vand(c0, m);
    c4 = vadd(c4, vshr(c3, 26));
    c3 = vand(c3, m);
    r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

/* r = a * b lane by lane. */
static GN_ALWAYS_INLINE void V4FN(mul)(V4FN(fe) *r, const V4FN(fe) *x, const V4FN(fe) *y)
{
    const V *a = x->l, *b = y->l;
    V c0, c1, c2, c3, c4, w;
    w = vadd(vadd(vmul(a[1], b[4]), vmul(a[2], b[3])), vadd(vmul(a[3], b[2]), vmul(a[4], b[1])));
    c0 = vadd(vmul(a[0], b[0]), vshl(w, 3));
    w = vadd(vadd(vmul(a[2], b[4]), vmul(a[3], b[3])), vmul(a[4], b[2]));
    c1 = vadd(vadd(vmul(a[0], b[1]), vmul(a[1], b[0])), vshl(w, 3));
    w = vadd(vmul(a[3], b[4]), vmul(a[4], b[3]));
    c2 = vadd(vadd(vmul(a[0], b[2]), vmul(a[1], b[1])), vadd(vmul(a[2], b[0]), vshl(w, 3)));
    w = vmul(a[4], b[4]);
    c3 = vadd(vadd(vmul(a[0], b[3]), vmul(a[1], b[2])), vadd(vmul(a[2], b[1]), vmul(a[3], b[0])));
    c3 = vadd(c3, vshl(w, 3));
    c4 = vadd(vadd(vmul(a[0], b[4]), vmul(a[1], b[3])), vadd(vmul(a[2], b[2]), vmul(a[3], b[1])));
    c4 = vadd(c4, vmul(a[4], b[0]));
    V4FN(carry)(r, c0, c1, c2, c3, c4);
}

/* r = a^2 lane by lane: 15 products, doubled operands d = 2a (below 2^31). */
static GN_ALWAYS_INLINE void V4FN(sqr)(V4FN(fe) *r, const V4FN(fe) *x)
{
    const V *a = x->l;
    const V d0 = vadd(a[0], a[0]), d1 = vadd(a[1], a[1]), d3 = vadd(a[3], a[3]);
    const V d4 = vadd(a[4], a[4]);
    V c0, c1, c2, c3, c4;
    c0 = vadd(vmul(a[0], a[0]), vshl(vadd(vmul(a[1], d4), vmul(a[2], d3)), 3));
    c1 = vadd(vmul(a[1], d0), vshl(vadd(vmul(a[2], d4), vmul(a[3], a[3])), 3));
    c2 = vadd(vadd(vmul(a[2], d0), vmul(a[1], a[1])), vshl(vmul(a[3], d4), 3));
    c3 = vadd(vadd(vmul(a[3], d0), vmul(a[2], d1)), vshl(vmul(a[4], a[4]), 3));
    c4 = vadd(vadd(vmul(a[4], d0), vmul(a[3], d1)), vmul(a[2], a[2]));
    V4FN(carry)(r, c0, c1, c2, c3, c4);
}

/* N: lanes (a, b, c, d) to (a + b + c + d, a - b + c - d, a + b - c - d, a - b - c + d) + 32p, in
 * two butterflies: (a + b, a - b, c + d, c - d) from the pair swap, then the half swap. Limbs are
 * added as 64-bit two's complement, -x as (x ^ ~0) + 1: negative intermediates are exact modulo
 * 2^64, and 32p = (2^28 - 32, 2^28 - 4, 2^28 - 4, 2^28 - 4, 2^28 - 4) (>= 2L) makes every limb
 * non-negative. The +1 of the first butterfly's negations, (0, 1, 0, 1), comes out of the second
 * as (0, 2, 0, 0): it joins the constant added at the end. */
static GN_ALWAYS_INLINE void V4FN(hadamard)(V4FN(fe) *r, const V4FN(fe) *x)
{
    const V n1 = vset(0, ~(uint64_t)0, 0, ~(uint64_t)0), n2 = vset(0, 0, ~(uint64_t)0, ~(uint64_t)0);
    const uint64_t b0 = ((uint64_t)1 << 28) - 32, b = ((uint64_t)1 << 28) - 4;
    const V k0 = vset(b0, b0 + 2, b0 + 1, b0 + 1), k = vset(b, b + 2, b + 1, b + 1);
    for (unsigned i = 0; i < 5; i++) {
        const V a = x->l[i];
        const V s = vadd(vswap1(a), vxor(a, n1));
        r->l[i] = vadd(vadd(vswap2(s), vxor(s, n2)), i ? k : k0);
    }
}

/* r = (-c0 a0, c1 a1, c2 a2, c3 a3) for constants c below 2^12 and limbs of a at most
 * 2^29 + 2^22: lane 0 as 2^19 p - c0 a0 with 2^19 p = 2^16 (8p) = 2^16 (2^26 - 8, 2^26 - 1, ...),
 * whose limbs (~2^42) exceed the products (below 2^41.3); then one parallel carry pass (the
 * columns are below 2^43, so the limbs come out below 2^26 + 2^20). */
static GN_ALWAYS_INLINE void V4FN(scale_neg0)(V4FN(fe) *r, const V4FN(fe) *x, V c)
{
    const V n0 = vset(~(uint64_t)0, 0, 0, 0), m = vbcast(M26);
    V t[5];
    for (unsigned i = 0; i < 5; i++) {
        const uint64_t b = (((uint64_t)1 << 26) - (i ? 1 : 8)) << 16;
        /* lane 0: (p ^ ~0) + 1 + b = b - p */
        t[i] = vadd(vxor(vmul(x->l[i], c), n0), vset(b + 1, 0, 0, 0));
    }
    r->l[0] = vadd(vand(t[0], m), vshl(vshr(t[4], 26), 3));
    for (unsigned i = 1; i < 5; i++)
        r->l[i] = vadd(vand(t[i], m), vshr(t[i - 1], 26));
}

static GN_ALWAYS_INLINE void V4FN(cswap)(V4FN(fe) *a, V4FN(fe) *b, V m)
{
    for (unsigned i = 0; i < 5; i++) {
        const V t = vand(vxor(a->l[i], b->l[i]), m);
        a->l[i] = vxor(a->l[i], t);
        b->l[i] = vxor(b->l[i], t);
    }
}

/* V4FN(dbladd): the ladder step, compiled from the traced program of kummer.tmpl.h's */
#include "kummer/gs127_v4_step.h"

/* Lane j of r from x[j] = (lo, hi), a value below 2^128. */
static GN_ALWAYS_INLINE void V4FN(from64)(V4FN(fe) *r, const uint64_t x[4][2])
{
    uint64_t l[5][4];
    for (unsigned j = 0; j < 4; j++) {
        const uint64_t lo = x[j][0], hi = x[j][1];
        l[0][j] = lo & M26;
        l[1][j] = (lo >> 26) & M26;
        l[2][j] = ((lo >> 52) | (hi << 12)) & M26;
        l[3][j] = (hi >> 14) & M26;
        l[4][j] = hi >> 40;
    }
    for (unsigned i = 0; i < 5; i++)
        r->l[i] = vload(l[i]);
}

/* x[j] = lane j of a (limbs <= L), as a value below 2^128 congruent to it. */
static GN_ALWAYS_INLINE void V4FN(to64)(uint64_t x[4][2], const V4FN(fe) *a)
{
    uint64_t l[5][4];
    for (unsigned i = 0; i < 5; i++)
        vstore(l[i], a->l[i]);
    for (unsigned j = 0; j < 4; j++) {
        uint64_t c[5], lo, hi, top;
        for (unsigned i = 0; i < 5; i++)
            c[i] = l[i][j];
        for (unsigned i = 0; i < 4; i++) { /* limbs 0..3 below 2^26, limb 4 below 2^26 + 2^13 */
            c[i + 1] += c[i] >> 26;
            c[i] &= M26;
        }
        top = c[4] >> 23; /* bits 127 and up, at most 8: 2^127 = 1 */
        c[4] &= ((uint64_t)1 << 23) - 1;
        lo = c[0] | (c[1] << 26) | (c[2] << 52);
        hi = (c[2] >> 12) | (c[3] << 14) | (c[4] << 40);
        lo += top;
        hi += lo < top; /* below 2^127 + 8 < 2^128 */
        x[j][0] = lo;
        x[j][1] = hi;
    }
}

/*
 * r = [k]P over nbits bits of k (limbs of GN_LIMB_BITS, least significant first), from
 * mu = the identity, p = P and w = (P0/P1, P0/P2, P0/P3); every element (lo, hi) below 2^128.
 * Constant time: the pair is swapped by masks on the XOR of consecutive bits.
 */
void V4FN(ladder)(uint64_t r[4][2], const uint64_t mu[4][2], const uint64_t p[4][2], const uint64_t w[3][2],
                  const gn_limb_t *k, size_t nbits)
{
    V4FN(fe) x0, x1, wv;
    uint64_t w4[4][2] = {{1, 0}, {w[0][0], w[0][1]}, {w[1][0], w[1][1]}, {w[2][0], w[2][1]}};
    gn_limb_t prev = 0;
    V4FN(from64)(&x0, mu);
    V4FN(from64)(&x1, p);
    V4FN(from64)(&wv, w4);
    for (size_t i = nbits; i-- > 0;) {
        const gn_limb_t bit = (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        V4FN(cswap)(&x0, &x1, vbcast((uint64_t)0 - (uint64_t)(ct_mask_bit(bit ^ prev) & 1)));
        V4FN(dbladd)(&x0, &x1, &wv);
        prev = bit;
    }
    V4FN(cswap)(&x0, &x1, vbcast((uint64_t)0 - (uint64_t)(ct_mask_bit(prev) & 1)));
    V4FN(to64)(r, &x0);
    gn_memzero(&x0, sizeof x0);
    gn_memzero(&x1, sizeof x1);
    gn_memzero(w4, sizeof w4);
}

#undef M26
