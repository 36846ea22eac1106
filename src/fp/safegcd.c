/*
 * Modular inversion by divsteps: Bernstein and Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019(3).
 *
 * divstep(delta, f, g), f odd:
 *   delta > 0 and g odd:  (1 - delta, g, (g - f)/2)
 *   g odd:                (1 + delta, f, (g + f)/2)
 *   otherwise:            (1 + delta, f, g/2)
 * Starting from (1, p, x), g reaches 0 and f = +-gcd(p, x) = +-1. Numbers are
 * held as signed digits of 60 bits; 60 divsteps at a time are computed on the
 * low 64 bits of f and g into a 2x2 matrix M with 2^60 (f', g') = M (f, g),
 * then applied to the full f, g and to d, e with d x = f, e x = g (mod p).
 *
 * Below 2^256 the steps are hddivsteps (delta starts at 1/2, held doubled: the
 * same step with delta's increment 2), of which 590 suffice for every odd
 * f <= 2^256 and 0 <= g <= f (P. Wuille, "Bounds on divsteps iterations in
 * safegcd", 2021; proved in Coq by R. O'Connor, the "hddivsteps590" theorems).
 * Above, divsteps with the paper's bound for inputs below 2^b: floor((49b + 57)/17)
 * for b >= 46, floor((49b + 80)/17) below (Theorem 11.2). Both are rounded up to
 * whole batches; steps after g = 0 change nothing but delta.
 *
 * Constant time: delta, f and g are updated with masks and the number of
 * divsteps is the bound. (Public values take Lehmer's algorithm, src/fp/lehmer.c: a Euclid
 * quotient shortens the numbers by 1.7 bits a step where a divstep takes two for one.)
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "mp/limb.h"
#include "util/ct.h"

#define SG_HALF 30
#define SG_BITS (2 * SG_HALF)
#define SG_MASK ((uint64_t)((UINT64_C(1) << SG_BITS) - 1))
/* digits for numbers of up to GN_FP_MAX_BITS + 2 bits (signed, with d, e in (-2p, p)) */
#define SG_DIGITS ((GN_FP_MAX_BITS + 2) / SG_BITS + 2)

/* Value barrier for 64-bit masks. */
static inline uint64_t sg_barrier(uint64_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

/* Mask of all ones when the signed 64-bit x is negative (portable: no signed shift). */
static inline uint64_t sg_neg_mask(int64_t x)
{
    return (uint64_t)0 - ((uint64_t)x >> 63);
}

/*
 * The signed 128-bit accumulator of the matrix updates: products of two signed 64-bit numbers
 * and their sums. __int128 where the compiler has it; otherwise (32-bit targets: ARMv7) the same
 * two's complement value in two words, the product from four 32 x 32 -> 64 products with the
 * signs corrected by masks (the matrix entries are secret).
 */
#if defined(__SIZEOF_INT128__) && !defined(GN_SG_NO_INT128)
/* macros rather than functions: the compiler then schedules the updates as before the split */
typedef __int128 sg_wide;
#define sg_mul(a, b) ((sg_wide)(a) * (b))
#define sg_add(a, b) ((a) + (b))
#define sg_lo(a) ((uint64_t)(a))
#define sg_hi(a) ((int64_t)((a) >> 64))
#define sg_from64(v) ((sg_wide)(int64_t)(v))
#else
typedef struct {
    uint64_t lo, hi;
} sg_wide;

static inline sg_wide sg_mul(int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    uint64_t a0 = (uint32_t)ua, a1 = ua >> 32, b0 = (uint32_t)ub, b1 = ub >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10; /* below 3 2^32 */
    sg_wide r;
    r.lo = mid << 32 | (uint32_t)p00;
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    /* the unsigned product of the two's complement words, less b 2^64 if a < 0, a 2^64 if b < 0 */
    r.hi -= (ub & sg_neg_mask(a)) + (ua & sg_neg_mask(b));
    return r;
}

static inline sg_wide sg_add(sg_wide a, sg_wide b)
{
    sg_wide r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + ((a.lo & b.lo) | ((a.lo | b.lo) & ~r.lo)) / ((uint64_t)1 << 63); /* carry */
    return r;
}

static inline uint64_t sg_lo(sg_wide a)
{
    return a.lo;
}

static inline sg_wide sg_from64(int64_t v)
{
    sg_wide r;
    r.lo = (uint64_t)v;
    r.hi = sg_neg_mask(v);
    return r;
}

static inline int64_t sg_hi(sg_wide a)
{
    return (int64_t)a.hi;
}
#endif

/* The divstep loop is short and fixed: unrolled, its counter's instructions go. */
#if defined(__GNUC__) && !defined(__clang__)
#define SG_UNROLL _Pragma("GCC unroll 30")
#elif defined(__clang__)
#define SG_UNROLL _Pragma("unroll")
#else
#define SG_UNROLL
#endif

typedef struct {
    int64_t v[SG_DIGITS];
} sg_num;

typedef struct {
    int64_t u, v, q, r;
} sg_matrix;

/* Digits i < len of the natural x of n limbs: bits [60 i, 60 i + 60). */
static void sg_from_limbs(sg_num *r, const gn_limb_t *x, size_t n, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        size_t off = i * SG_BITS, l = off / GN_LIMB_BITS;
        int s = (int)(off % GN_LIMB_BITS);
        uint64_t window = 0; /* 64 bits of x from bit off on */
        for (int k = 0; k <= 64 / GN_LIMB_BITS; k++) {
            int sh = k * GN_LIMB_BITS - s; /* where limb l + k lands in the window */
            if (l + k < n && sh < 64)
                window |= sh >= 0 ? (uint64_t)x[l + k] << sh : (uint64_t)x[l + k] >> -sh;
        }
        r->v[i] = (int64_t)(window & SG_MASK);
    }
}

/*
 * Digits (the lower ones in [0, 2^60), the top one signed) into the two's
 * complement natural of n limbs. Limb l is floor(value / 2^o) mod 2^W with
 * o = l W = 60 i + s: the digits below i add less than one unit, so it is
 * floor(d_i / 2^s) + d_(i+1) 2^(60-s) + d_(i+2) 2^(120-s) mod 2^W.
 */
static void sg_to_limbs(gn_limb_t *x, size_t n, const sg_num *a, size_t len)
{
    for (size_t l = 0; l < n; l++) {
        size_t o = l * GN_LIMB_BITS, i = o / SG_BITS;
        unsigned s = (unsigned)(o % SG_BITS);
        if (i >= len) {
            x[l] = (gn_limb_t)((uint64_t)0 - ((uint64_t)a->v[len - 1] >> 63));
            continue;
        }
        /* modulo 2^64: the d_(i+2) term (2^(120-s), s <= 56) vanishes */
        uint64_t acc = (uint64_t)(a->v[i] >> s);
        if (i + 1 < len)
            acc += (uint64_t)a->v[i + 1] << (SG_BITS - s);
        x[l] = (gn_limb_t)acc;
    }
}

/*
 * SG_BITS divsteps on the low 64 bits of f and g, constant time, with delta's step inc (1:
 * divsteps, 2: hddivsteps, delta doubled). In terms of the old values, one step is
 *   x = g odd, s = x and delta > 0 (the swap),
 *   g' = (g + ((s ? -f : f) & x)) / 2, f' = s ? g : f, delta' = (s ? -delta : delta) + inc,
 * and the same for the rows of M: (q, r)' = (q, r) + ((s ? -(u, v) : (u, v)) & x),
 * (u, v)' = 2 (s ? (q, r) : (u, v)) (the f row is doubled instead of halving g). A row is one
 * word, u + 2^32 v: the steps are linear, so the packed sum is exact while |u| + |v| stays
 * below 2^31, i.e. for SG_HALF = 30 steps; two halves make the batch's matrix M2 M1.
 */
static uint64_t sg_divsteps_half(uint64_t nd, uint64_t *fp, uint64_t *gp, uint64_t inc, sg_matrix *m)
{
    uint64_t f = *fp, g = *gp, pf = 1, pg = (uint64_t)1 << 32; /* (u, v) = (1, 0), (q, r) = (0, 1) */
#if defined(__x86_64__) && defined(__GNUC__)
    /* x86-64: the candidates g + f, g - f (and the rows' and delta's) are formed beside the
     * tests and chosen by cmov on the flags of g's low bit and of the swap, so a step is four
     * instructions deep on g instead of eight; cmov does not branch. */
    const uint64_t ninc = (uint64_t)0 - inc;
    SG_UNROLL
    for (int i = 0; i < SG_HALF; i++) {
        uint64_t s, ga, gs, pga, pgs, nn;
        __asm__("lea (%[g],%[f]), %[ga]\n\t"
                "mov %[g], %[gs]\n\t"
                "sub %[f], %[gs]\n\t"
                "lea (%[pg],%[pf]), %[pga]\n\t"
                "mov %[pg], %[pgs]\n\t"
                "sub %[pf], %[pgs]\n\t"
                "mov %[ninc], %[nn]\n\t"
                "sub %[nd], %[nn]\n\t"
                "mov %[nd], %[s]\n\t"
                "sub %[inc], %[nd]\n\t"
                "shr $63, %[s]\n\t" /* delta > 0 */
                "and %[g], %[s]\n\t" /* and g odd: the swap, in ZF */
                "cmovnz %[g], %[f]\n\t"
                "cmovnz %[pg], %[pf]\n\t"
                "cmovnz %[gs], %[ga]\n\t"
                "cmovnz %[pgs], %[pga]\n\t"
                "cmovnz %[nn], %[nd]\n\t"
                "test $1, %[g]\n\t"
                "cmovnz %[ga], %[g]\n\t"
                "cmovnz %[pga], %[pg]\n\t"
                "shr $1, %[g]\n\t"
                "add %[pf], %[pf]"
                : [f] "+&r"(f), [g] "+&r"(g), [pf] "+&r"(pf), [pg] "+&r"(pg), [nd] "+&r"(nd), [s] "=&r"(s),
                  [ga] "=&r"(ga), [gs] "=&r"(gs), [pga] "=&r"(pga), [pgs] "=&r"(pgs), [nn] "=&r"(nn)
                : [inc] "rm"(inc), [ninc] "rm"(ninc)
                : "cc");
    }
#else
    SG_UNROLL
    for (int i = 0; i < SG_HALF; i++) {
        uint64_t x = (uint64_t)0 - (g & 1);
        uint64_t s = sg_barrier(x & sg_neg_mask((int64_t)nd)); /* nd = -delta < 0; s implies x */
        uint64_t gn = g + (((f ^ s) - s) & x);                  /* g - f, g + f or g */
        uint64_t pgn = pg + (((pf ^ s) - s) & x);
        f ^= (f ^ g) & s;
        pf ^= (pf ^ pg) & s;
        nd = (nd ^ s) - (s + inc);
        g = gn >> 1;
        pg = pgn;
        pf += pf;
    }
#endif
    *fp = f, *gp = g;
    /* unpack: the low half is u as a signed 32-bit number, the rest (v 2^32) is exact */
    int64_t u = (int64_t)(int32_t)(uint32_t)pf, q = (int64_t)(int32_t)(uint32_t)pg;
    m->u = u, m->v = (int64_t)(pf - (uint64_t)u) / ((int64_t)1 << 32);
    m->q = q, m->r = (int64_t)(pg - (uint64_t)q) / ((int64_t)1 << 32);
    return nd;
}

/* SG_BITS = 2 SG_HALF divsteps, constant time: M = M2 M1 (entries below 2^60 in size). */
static int64_t sg_divsteps_ct(int64_t delta, uint64_t f, uint64_t g, uint64_t inc, sg_matrix *m)
{
    sg_matrix a, b;
    uint64_t nd = (uint64_t)0 - (uint64_t)delta;
    nd = sg_divsteps_half(nd, &f, &g, inc, &a);
    nd = sg_divsteps_half(nd, &f, &g, inc, &b);
    m->u = b.u * a.u + b.v * a.q, m->v = b.u * a.v + b.v * a.r;
    m->q = b.q * a.u + b.r * a.q, m->r = b.q * a.v + b.r * a.r;
    return (int64_t)((uint64_t)0 - nd);
}

/* floor(c / 2^SG_BITS) for |c| < 2^122 (the carries below): from the two halves of c, which
 * keeps compilers from a double-width shift (shrd: six micro-ops on AMD Zen). */
static inline sg_wide sg_carry(sg_wide c)
{
    int64_t hi = sg_hi(c); /* |hi| < 2^58 */
    return sg_from64(hi * ((int64_t)1 << (64 - SG_BITS)) + (int64_t)(sg_lo(c) >> SG_BITS));
}

/* (f, g) = M (f, g) / 2^60, exactly. */
static GN_ALWAYS_INLINE void sg_update_fg(sg_num *f, sg_num *g, const sg_matrix *m, size_t len)
{
    sg_wide cf = sg_add(sg_mul(m->u, f->v[0]), sg_mul(m->v, g->v[0]));
    sg_wide cg = sg_add(sg_mul(m->q, f->v[0]), sg_mul(m->r, g->v[0]));
    cf = sg_carry(cf);
    cg = sg_carry(cg);
    for (size_t i = 1; i < len; i++) {
        cf = sg_add(cf, sg_add(sg_mul(m->u, f->v[i]), sg_mul(m->v, g->v[i])));
        cg = sg_add(cg, sg_add(sg_mul(m->q, f->v[i]), sg_mul(m->r, g->v[i])));
        f->v[i - 1] = (int64_t)(sg_lo(cf) & SG_MASK);
        g->v[i - 1] = (int64_t)(sg_lo(cg) & SG_MASK);
        cf = sg_carry(cf);
        cg = sg_carry(cg);
    }
    f->v[len - 1] = (int64_t)sg_lo(cf);
    g->v[len - 1] = (int64_t)sg_lo(cg);
}

/*
 * (d, e) = M (d, e) / 2^60 mod p, keeping d, e in (-2p, p): first add p to the
 * inputs that are negative (folded into the multiples md, me of p), then choose
 * md, me mod 2^60 so the low digit vanishes. With |u| + |v| <= 2^60 the results
 * land in (-2p, p) again.
 */
static GN_ALWAYS_INLINE void sg_update_de(sg_num *d, sg_num *e, const sg_matrix *m, const sg_num *p, uint64_t pinv60, size_t len)
{
    uint64_t sd = sg_neg_mask(d->v[len - 1]), se = sg_neg_mask(e->v[len - 1]);
    int64_t md = (int64_t)(((uint64_t)m->u & sd) + ((uint64_t)m->v & se));
    int64_t me = (int64_t)(((uint64_t)m->q & sd) + ((uint64_t)m->r & se));
    sg_wide cd = sg_add(sg_mul(m->u, d->v[0]), sg_mul(m->v, e->v[0]));
    sg_wide ce = sg_add(sg_mul(m->q, d->v[0]), sg_mul(m->r, e->v[0]));
    md -= (int64_t)((pinv60 * sg_lo(cd) + (uint64_t)md) & SG_MASK);
    me -= (int64_t)((pinv60 * sg_lo(ce) + (uint64_t)me) & SG_MASK);
    cd = sg_add(cd, sg_mul(p->v[0], md));
    ce = sg_add(ce, sg_mul(p->v[0], me));
    cd = sg_carry(cd);
    ce = sg_carry(ce);
    for (size_t i = 1; i < len; i++) {
        cd = sg_add(cd, sg_add(sg_add(sg_mul(m->u, d->v[i]), sg_mul(m->v, e->v[i])), sg_mul(p->v[i], md)));
        ce = sg_add(ce, sg_add(sg_add(sg_mul(m->q, d->v[i]), sg_mul(m->r, e->v[i])), sg_mul(p->v[i], me)));
        d->v[i - 1] = (int64_t)(sg_lo(cd) & SG_MASK);
        e->v[i - 1] = (int64_t)(sg_lo(ce) & SG_MASK);
        cd = sg_carry(cd);
        ce = sg_carry(ce);
    }
    d->v[len - 1] = (int64_t)sg_lo(cd);
    e->v[len - 1] = (int64_t)sg_lo(ce);
}

/* The constant-time batches; inlined per len so the update loops have a constant length. */
static GN_ALWAYS_INLINE void sg_batches_ct(sg_num *f, sg_num *g, sg_num *d, sg_num *e, const sg_num *p,
                                           uint64_t pinv60, int64_t inc, size_t batches, size_t len)
{
    sg_matrix m;
    int64_t delta = 1;
    for (size_t b = 0; b < batches; b++) {
        uint64_t f64 = (uint64_t)f->v[0] | ((uint64_t)f->v[1] << SG_BITS);
        uint64_t g64 = (uint64_t)g->v[0] | ((uint64_t)g->v[1] << SG_BITS);
        delta = sg_divsteps_ct(delta, f64, g64, (uint64_t)inc, &m);
        sg_update_fg(f, g, &m, len);
        sg_update_de(d, e, &m, p, pinv60, len);
    }
    gn_memzero(&m, sizeof m);
}

/* Steps sufficient for 0 <= x < p < 2^bits with delta's increment inc (file comment). */
static size_t sg_divstep_bound(size_t bits, int64_t inc)
{
    if (inc == 2)
        return 590;
    return bits >= 46 ? (49 * bits + 57) / 17 : (49 * bits + 80) / 17;
}

gn_limb_t gn_fp_safegcd(const gn_fp_ctx_t *ctx, gn_limb_t *y, const gn_limb_t *x)
{
    const size_t n = ctx->n;
    /* |d|, |e| < 2p: bits + 2 signed bits, the top digit signed; at least two digits (f64) */
    const size_t len = (ctx->bits + 2) / SG_BITS + 1 < 2 ? 2 : (ctx->bits + 2) / SG_BITS + 1;
    const int64_t inc = ctx->bits <= 256 ? 2 : 1;
    sg_num f, g, d, e, p;
    sg_matrix m;
    gn_limb_t out[GN_FP_MAX_LIMBS + 1], t[GN_FP_MAX_LIMBS + 1], pp[GN_FP_MAX_LIMBS + 1];
    if (n == 0 || n > GN_FP_MAX_LIMBS)
        return 0;

    /* p^-1 mod 2^60 by Newton iteration */
    uint64_t p0 = 0;
    for (unsigned k = 0; k < 64 && k < n * GN_LIMB_BITS; k += GN_LIMB_BITS)
        p0 |= (uint64_t)ctx->p[k / GN_LIMB_BITS] << k;
    uint64_t pinv60 = p0;
    for (int i = 0; i < 6; i++)
        pinv60 *= 2 - p0 * pinv60;
    pinv60 &= SG_MASK;

    sg_from_limbs(&p, ctx->p, n, len);
    sg_from_limbs(&f, ctx->p, n, len);
    sg_from_limbs(&g, x, n, len);
    memset(&d, 0, sizeof d);
    memset(&e, 0, sizeof e);
    e.v[0] = 1;

    size_t batches = (sg_divstep_bound(ctx->bits, inc) + SG_BITS - 1) / SG_BITS;
    if (len == 5) /* 193..298 bits, the common sizes: loops of a constant length */
        sg_batches_ct(&f, &g, &d, &e, &p, pinv60, inc, batches, 5);
    else
        sg_batches_ct(&f, &g, &d, &e, &p, pinv60, inc, batches, len);

    /* f = +-1 (or p when x = 0, then d = 0): the inverse is d f, brought into [0, p). */
    gn_limb_t fneg = ct_mask_msb((gn_limb_t)((uint64_t)f.v[len - 1] >> (64 - GN_LIMB_BITS)));
    sg_to_limbs(out, n + 1, &d, len);
    for (size_t i = 0; i < n; i++)
        pp[i] = ctx->p[i];
    pp[n] = 0;
    /* out = fneg ? -out : out */
    gn_limb_t c = fneg & 1;
    for (size_t i = 0; i <= n; i++)
        c = mp_addc(&out[i], out[i] ^ fneg, 0, c);
    for (int k = 0; k < 2; k++) { /* add p while negative */
        gn_limb_t neg = ct_mask_msb(out[n]), cy = 0;
        for (size_t i = 0; i <= n; i++)
            cy = mp_addc(&out[i], out[i], pp[i] & neg, cy);
    }
    gn_limb_t bw = 0; /* subtract p if out >= p */
    for (size_t i = 0; i <= n; i++)
        bw = mp_subb(&t[i], out[i], pp[i], bw);
    ct_cmov(ct_mask_bit(bw ^ 1), out, t, n + 1);
    for (size_t i = 0; i < n; i++)
        y[i] = out[i];

    gn_limb_t nonzero = ~ct_is_zero_n(x, n);
    gn_memzero(&f, sizeof f);
    gn_memzero(&g, sizeof g);
    gn_memzero(&d, sizeof d);
    gn_memzero(&e, sizeof e);
    gn_memzero(&m, sizeof m);
    gn_memzero(out, sizeof out);
    gn_memzero(t, sizeof t);
    return nonzero;
}
