/*
 * The RNS field kernel: the K(op) interface of src/fp/kernel.h over the arithmetic of
 * include/genus/rns.h, so that every curve formula runs on it unchanged (DESIGN section 11).
 *
 * An element is the residues of an integer x = a B mod p + (a multiple of p) on the 2n + 1
 * channels (Montgomery form with the RNS Montgomery constant B), followed at fixed positions by
 * two words that the kernel keeps beside the value:
 *   RB: a bound k with x <= k p (or x <= k p^2 for an unreduced product; equality only for a
 *       negated 0, which is k p itself), and
 *   RW: 1 for an unreduced product (mulnr, and sums of them), 0 otherwise.
 * RNS has no cheap comparison with p, so additions do not reduce: they add the bounds, and a
 * product reduces (RNS Montgomery, gn_rns_redc) to a value below 4p. The set-up makes a product
 * of values below c p, or a sum of such products up to c^2 p^2 in all, reducible (B > c^2 p / 2).
 * An operation whose operands' bounds would break that first brings the larger one below 4p by
 * a product with 1 in Montgomery form. The bounds follow from the sequence of operations alone,
 * never from the values, so they are public: branching on them is constant time. cswap and cmov
 * give both outcomes the larger bound, so that a secret choice never reaches them.
 *
 * Sums of products (the "AB + CD" of background 003) pay one reduction: mulnr multiplies
 * without reducing, add and sub combine unreduced products (bounds in units of p^2), red
 * reduces. On the limb kernels mulnr is mul and red a copy (src/tmpl/README.md).
 *
 * The including file defines KPFX and K.
 */
#include <string.h>

#include "genus/rns.h"
#include "fp/fp_internal.h"
#include "util/ct.h"
#include "util/verify.h"
#include "rns/rns_internal.h" /* gn_rns_to_int_fp; GN_VERIFY: gn_rns_verify_narrow */

#define KL GN_FP_ELEM_LIMBS
#define KRNS(ctx) ((ctx)->rns)
#define RB(x) ((x)[GN_FP_ELEM_LIMBS - 2])
#define RW(x) ((x)[GN_FP_ELEM_LIMBS - 1])
#define KLAZY 1    /* K(mulnr), K(sqrnr), K(red) below */
#define KBOUNDED 1 /* gn_fp_kernel_t.bounded */

/* The residues' words: 2n + 1. */
static inline size_t K(words)(const gn_fp_ctx_t *ctx)
{
    return 2 * (size_t)KRNS(ctx)->n + 1;
}

/* c^2: the largest bound (in units of p, or of p^2 for unreduced products) the kernel keeps. */
static inline uint64_t K(limit)(const gn_fp_ctx_t *ctx)
{
    return (uint64_t)KRNS(ctx)->c * KRNS(ctx)->c;
}

/* GN_VERIFY (src/util/verify.h): every element an operation writes holds what its bound says: a
 * reduced one is the residues of one integer at most RB p (gn_rns_verify_narrow); a reduction's
 * input is below c^2 p^2, a product's operands' bounds multiply to at most c^2. */
#if GN_VERIFY
#define K_VERIFY(ctx, a) GN_CHECK(RW(a) || gn_rns_verify_narrow(KRNS(ctx), (a), RB(a)))
#else
#define K_VERIFY(ctx, a) ((void)0)
#endif

static inline uint64_t K(addmod)(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t s = a + b, d = s - m; /* a, b < m < 2^62 */
    return (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & s);
}

static inline uint64_t K(submod)(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t d = a - b;
    return d + (m & (0 - (d >> 63)));
}

static inline void K(set_zero)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    memset(r, 0, K(words)(ctx) * sizeof *r);
    RB(r) = 0;
    RW(r) = 0;
}

static inline void K(copy)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    if (r == a)
        return;
    memcpy(r, a, K(words)(ctx) * sizeof *r);
    RB(r) = RB(a);
    RW(r) = RW(a);
}

static inline void K(set_one)(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    K(copy)(ctx, r, ctx->one);
}

/* r = a reduced below 4p: a B B^-1 with B mod p (below p) as the other factor. a narrow. */
static GN_NOINLINE void K(shrink)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_rns_mul_nored(KRNS(ctx), r, a, KRNS(ctx)->one_m); /* channel-wise: r may be a */
    gn_rns_redc(KRNS(ctx), r, r);
    RB(r) = 4;
    RW(r) = 0;
    K_VERIFY(ctx, r);
}

static inline int K(fits)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b, int prod)
{
    const uint64_t lim = K(limit)(ctx), ka = RB(a), kb = RB(b);
    return prod ? (ka <= lim / (kb ? kb : 1)) : (ka + kb <= lim);
}

/* The operand o (*pa or *pb) reduced where it frees no live value: in place when it is r or t
 * already, in t while no operand is there, else in r (the other operand is then t's, so r holds
 * nothing live); *pa and *pb follow it. The callers keep one copy, t, in their frames. */
static void K(shrink_operand)(const gn_fp_ctx_t *ctx, const gn_limb_t **pa, const gn_limb_t **pb, const gn_limb_t *o,
                              gn_limb_t *t, gn_limb_t *r)
{
    gn_limb_t *dst = o == r || o == t ? (gn_limb_t *)o : *pa != t && *pb != t ? t : r;
    K(shrink)(ctx, dst, o);
    if (*pa == o)
        *pa = dst;
    if (*pb == o)
        *pb = dst;
}

/* Bring narrow operands *pa, *pb to bounds whose sum (prod = 0) or product (prod = 1) is at
 * most c^2, the larger reduced first (K(shrink_operand): in t or r) */
static void K(fit)(const gn_fp_ctx_t *ctx, const gn_limb_t **pa, const gn_limb_t **pb, gn_limb_t *t, gn_limb_t *r,
                   int prod)
{
    for (int round = 0; round < 2 && !K(fits)(ctx, *pa, *pb, prod); round++)
        K(shrink_operand)(ctx, pa, pb, RB(*pa) >= RB(*pb) ? *pa : *pb, t, r);
}

/* r = a + b for operands whose bounds sum to at most c^2, or unreduced products */
static inline void K(add_within)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_rns_ctx_t *R = KRNS(ctx);
    const unsigned n2 = 2 * R->n;
    uint64_t k = RB(a) + RB(b), w = RW(a) | RW(b);
    for (unsigned i = 0; i < n2; i++)
        r[i] = K(addmod)(a[i], b[i], R->m[i]);
    r[n2] = (a[n2] + b[n2]) & R->mask;
    RB(r) = k;
    RW(r) = w;
    K_VERIFY(ctx, r);
}

/* The operations' rare paths, where an operand must first be reduced (K(fit)): out of line, so
 * that the formulas inlining the operations do not keep the copy in their frames
 * (docs/ARCHITECTURE.md, "Stack"). The operations are channel-wise: r may be a or b. */
static GN_NOINLINE void K(add_fit)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[KL];
    K(fit)(ctx, &a, &b, t, r, 0);
    K(add_within)(ctx, r, a, b);
}

static inline void K(add)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    if (!(RW(a) | RW(b)) && !K(fits)(ctx, a, b, 0))
        K(add_fit)(ctx, r, a, b);
    else
        K(add_within)(ctx, r, a, b);
}

/* The smallest j with 2^j >= k: a - b + 2^j p (or p^2) stays positive. */
static inline unsigned K(kexp)(uint64_t k)
{
    unsigned j = 0;
    while (j + 1 < GN_RNS_KTAB && ((uint64_t)1 << j) < k)
        j++;
    return j;
}

/* a narrow result a - b + 2^j p must stay within c^2 p */
static inline int K(sub_fits)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    return (RW(a) | RW(b)) || RB(a) + ((uint64_t)1 << K(kexp)(RB(b))) <= K(limit)(ctx);
}

static inline void K(sub_within)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const gn_rns_ctx_t *R = KRNS(ctx);
    const unsigned n2 = 2 * R->n;
    const uint64_t w = RW(a) | RW(b);
    const unsigned j = K(kexp)(RB(b));
    const uint64_t *pm = w ? R->p2k[j] : R->pk[j];
    uint64_t k = RB(a) + ((uint64_t)1 << j);
    for (unsigned i = 0; i < n2; i++)
        r[i] = K(addmod)(a[i], K(submod)(pm[i], b[i], R->m[i]), R->m[i]);
    r[n2] = (a[n2] + pm[n2] - b[n2]) & R->mask;
    RB(r) = k;
    RW(r) = w;
    K_VERIFY(ctx, r);
}

/* the larger part reduced first, until the result fits */
static GN_NOINLINE void K(sub_fit)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t t[KL];
    for (int round = 0; round < 2 && !K(sub_fits)(ctx, a, b); round++)
        K(shrink_operand)(ctx, &a, &b, ((uint64_t)1 << K(kexp)(RB(b))) >= RB(a) ? b : a, t, r);
    K(sub_within)(ctx, r, a, b);
}

static inline void K(sub)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    if (K(sub_fits)(ctx, a, b))
        K(sub_within)(ctx, r, a, b);
    else
        K(sub_fit)(ctx, r, a, b);
}

static inline void K(neg)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const gn_rns_ctx_t *R = KRNS(ctx);
    const unsigned n2 = 2 * R->n;
    const unsigned j = K(kexp)(RB(a));
    const uint64_t w = RW(a);
    const uint64_t *pm = w ? R->p2k[j] : R->pk[j];
    for (unsigned i = 0; i < n2; i++)
        r[i] = K(submod)(pm[i], a[i], R->m[i]);
    r[n2] = (pm[n2] - a[n2]) & R->mask;
    RB(r) = (uint64_t)1 << j;
    RW(r) = w;
    K_VERIFY(ctx, r);
}

/* r = a b without the reduction: the unreduced product, below RB(a) RB(b) p^2. */
static inline void K(mulnr_within)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    GN_CHECK(RB(a) * RB(b) <= K(limit)(ctx));
    uint64_t k = RB(a) * RB(b);
    gn_rns_mul_nored(KRNS(ctx), r, a, b);
    RB(r) = k;
    RW(r) = 1;
}

/* the product's rare path: an operand reduced first (K(fit)); reduced (reduce) or not */
static GN_NOINLINE void K(product_fit)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b,
                                       int reduce);

static inline void K(mulnr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    if (K(fits)(ctx, a, b, 1))
        K(mulnr_within)(ctx, r, a, b);
    else
        K(product_fit)(ctx, r, a, b, 0);
}

static inline void K(sqrnr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K(mulnr)(ctx, r, a, a);
}

/* The reduction of an unreduced product or sum of them (below c^2 p^2): below 4p. */
static inline void K(red)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *t)
{
    if (!RW(t)) {
        K(copy)(ctx, r, t);
        return;
    }
    GN_CHECK(RB(t) <= K(limit)(ctx));
    gn_rns_redc(KRNS(ctx), r, t);
    RB(r) = 4;
    RW(r) = 0;
    K_VERIFY(ctx, r);
}

/* out of line: each inlined copy would keep its own product in the formula's frame; the
 * product in r itself (channel-wise, so r may be a or b), then reduced in place */
static GN_NOINLINE void K(mul_within)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    K(mulnr_within)(ctx, r, a, b);
    K(red)(ctx, r, r);
}

static GN_NOINLINE void K(product_fit)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b,
                                       int reduce)
{
    gn_limb_t t[KL];
    K(fit)(ctx, &a, &b, t, r, 1);
    if (reduce)
        K(mul_within)(ctx, r, a, b);
    else
        K(mulnr_within)(ctx, r, a, b);
}

static inline void K(mul)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    if (K(fits)(ctx, a, b, 1))
        K(mul_within)(ctx, r, a, b);
    else
        K(product_fit)(ctx, r, a, b, 1);
}

static inline void K(sqr)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K(mul)(ctx, r, a, a);
}

/* Canonical a < p (ctx->n limbs) into Montgomery form: (a) (B^2 mod p) B^-1. */
static inline void K(from_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    uint64_t x[KL], t[KL];
    gn_rns_from_int(KRNS(ctx), x, a, ctx->n);
    gn_rns_mul_nored(KRNS(ctx), t, x, KRNS(ctx)->bsq);
    gn_rns_redc(KRNS(ctx), r, t);
    RB(r) = 4;
    RW(r) = 0;
    K_VERIFY(ctx, r);
}

/* Montgomery form to the canonical integer (ctx->n limbs): x B^-1 by a reduction of x itself
 * (x times the integer 1, whose residues are all 1), then the Chinese remainder sum reduced
 * mod p. */
/* s (KL words) = a's canonical value in its first n limbs: every step in place (gn_rns_redc
 * and gn_rns_to_int_fp read all of their input before they write) */
static inline void K(canon_into)(const gn_fp_ctx_t *ctx, gn_limb_t *s, const gn_limb_t *a)
{
    if (RW(a)) {
        K(red)(ctx, s, a);
        a = s;
    }
    gn_rns_redc(KRNS(ctx), s, a);
    gn_rns_to_int_fp(KRNS(ctx), s, s);
}

static inline void K(to_canon)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t s[KL];
    K(canon_into)(ctx, s, a);
    memcpy(r, s, ctx->n * sizeof *r);
}

/* Inversion: safegcd (constant time) on the canonical residue, back into Montgomery form. The
 * coprocessor of background 003 raises to p - 2 instead (gn_rns_inv): 1.3 p-bit products, some
 * 40 times slower in software than the conversions and safegcd here. */
static inline void K(inv_raw_in)(const gn_fp_ctx_t *ctx, gn_limb_t *x, const gn_limb_t *a)
{
    K(to_canon)(ctx, x, a);
}

static inline void K(inv_raw_out)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *y)
{
    K(from_canon)(ctx, r, y);
}

static inline void K(half)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    K(mul)(ctx, r, a, ctx->inv2);
}

/* r = c a for a public c < 2^32: channel-wise while the bound allows (c a below c^2 p), else a
 * product with c B mod p. */
static inline void K(mul_small)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c)
{
    const gn_rns_ctx_t *R = KRNS(ctx);
    if (!RW(a) && (uint64_t)c * RB(a) <= K(limit)(ctx)) {
        uint64_t k = RB(a) * c;
        gn_rns_mul_small(R, r, a, c);
        RB(r) = k;
        RW(r) = 0;
        K_VERIFY(ctx, r);
        return;
    }
    gn_limb_t cl[GN_FP_MAX_LIMBS] = {0}, cm[KL];
    cl[0] = ctx->bits <= 32 ? c % ctx->p[0] : c; /* c mod p; p is public */
    K(from_canon)(ctx, cm, cl);
    K(mul)(ctx, r, a, cm);
}

static inline gn_limb_t K(is_zero)(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    gn_limb_t s[KL];
    K(canon_into)(ctx, s, a);
    return ct_is_zero_n(s, ctx->n);
}

static inline gn_limb_t K(eq)(const gn_fp_ctx_t *ctx, const gn_limb_t *a, const gn_limb_t *b)
{
    gn_limb_t d[KL];
    K(sub)(ctx, d, a, b);
    return K(is_zero)(ctx, d);
}

static inline void K(cswap)(const gn_fp_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    ct_cswap(mask, a, b, K(words)(ctx));
    uint64_t k = RB(a) > RB(b) ? RB(a) : RB(b), w = RW(a) | RW(b);
    RB(a) = RB(b) = k;
    RW(a) = RW(b) = w;
    K_VERIFY(ctx, a);
    K_VERIFY(ctx, b);
}

static inline void K(cmov)(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    ct_cmov(mask, r, a, K(words)(ctx));
    RB(r) = RB(r) > RB(a) ? RB(r) : RB(a);
    RW(r) |= RW(a);
    K_VERIFY(ctx, r);
}
