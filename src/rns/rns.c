/* RNS arithmetic modulo an odd prime (rns.h): conversions, channel-wise operations, RNS Montgomery
 * reduction. The bases are chosen in setup.c; the word arithmetic is rns_word.h. */
#include "genus/rns.h"

#include <string.h>

#include "genus/mp.h"
#include "fp/fp_internal.h" /* GN_NOINLINE */
#include "mp/limb.h"
#include "rns/rns_internal.h"
#include "rns/rns_word.h"
#include "util/cpu.h"
#include "util/verify.h"

/* ---- conversions ---- */

void gn_rns_from_int(const gn_rns_ctx_t *ctx, uint64_t *r, const gn_limb_t *x, size_t xn)
{
    const unsigned n = ctx->n;
    for (unsigned i = 0; i <= 2 * n; i++) {
        uint64_t acc = 0; /* Horner, most significant half-word first (background 003: MSW to LSW) */
        for (size_t k = xn; k-- > 0;) {
            uint64_t limb = (uint64_t)x[k];
            for (int s = GN_LIMB_BITS - 32; s >= 0; s -= 32) {
                uint64_t w = (limb >> s) & 0xffffffffu;
                if (i < 2 * n) {
                    acc = mulmod(ctx, acc, ctx->two32[i], i);
                    acc = addmod(acc, fold(ctx, (u128){0, w}, ctx->e[i], ctx->m[i]), ctx->m[i]);
                } else {
                    acc = ((acc << 32) + w) & ctx->mask;
                }
            }
        }
        r[i] = acc;
    }
}

/* The exact k of x = sum xi_i (A/a_i) - k A from the redundant channel (Shenoy-Kumaresan), and
 * the xi_i. */
uint64_t gn_rns_sk_k_xa(const gn_rns_ctx_t *ctx, const uint64_t *xa, uint64_t s_red)
{
    const unsigned n = ctx->n;
    uint64_t s = 0;
    for (unsigned i = 0; i < n; i++)
        s = (s + mulred(ctx, xa[i], ctx->ai_in_b[i][n])) & ctx->mask;
    return mulred(ctx, (s - s_red) & ctx->mask, ctx->ainv_red);
}

static uint64_t sk_k(const gn_rns_ctx_t *ctx, uint64_t *xi, const uint64_t *x)
{
    const unsigned n = ctx->n;
    for (unsigned i = 0; i < n; i++)
        xi[i] = mulmod(ctx, x[i], ctx->ai_inv[i], i);
    return gn_rns_sk_k_xa(ctx, xi, x[2 * n]);
}

/* acc[0..an) plus (or minus, when sub) x[0..xn) y, modulo 2^(an W): one limb-sized part of y
 * at a time, with no product held apart (the conversions run under the field kernel's stack
 * budget). */
static void acc_mul_u64(gn_limb_t *acc, size_t an, const gn_limb_t *x, size_t xn, uint64_t y, int sub)
{
    for (unsigned s = 0; s < 64 / GN_LIMB_BITS; s++) {
        const gn_limb_t ys = (gn_limb_t)(y >> (s * GN_LIMB_BITS));
        gn_limb_t hi = 0, c = 0;
        for (size_t i = 0; i + s < an; i++) {
            gn_limb_t lo = hi;
            hi = 0;
            if (i < xn)
                hi = mp_muladd2(&lo, x[i], ys, lo, 0);
            c = sub ? mp_subb(&acc[i + s], acc[i + s], lo, c) : mp_addc(&acc[i + s], acc[i + s], lo, c);
        }
    }
}

/* The integer x < A itself (wn = abig_n + 2 limbs) by the Chinese remainder sum over base A;
 * xi: room for the n words x_i |(A/a_i)^-1|. */
static size_t crt(const gn_rns_ctx_t *ctx, gn_limb_t *acc, uint64_t *xi, const uint64_t *x)
{
    const unsigned n = ctx->n;
    uint64_t k = sk_k(ctx, xi, x);
    const size_t wn = ctx->abig_n + 2;
    memset(acc, 0, wn * sizeof *acc);
    for (unsigned i = 0; i < n; i++)
        acc_mul_u64(acc, wn, ctx->ai_big[i], ctx->abig_n, xi[i], 0);
    acc_mul_u64(acc, wn, ctx->a_big, ctx->abig_n, k, 1);
    return wn;
}

#if GN_VERIFY
/* b mod m for b of bn limbs (Horner on 128-bit words; verification builds only). */
static uint64_t limbs_mod(const gn_limb_t *b, size_t bn, uint64_t m)
{
    unsigned __int128 rem = 0;
    for (size_t i = bn; i-- > 0;)
        rem = ((rem << GN_LIMB_BITS) | b[i]) % m;
    return (uint64_t)rem;
}

int gn_rns_verify_narrow(const gn_rns_ctx_t *ctx, const uint64_t *x, uint64_t k)
{
    const unsigned n = ctx->n;
    gn_limb_t acc[GN_RNS_BIG + 2], kp[GN_RNS_BIG + 2] = {0};
    uint64_t xi[GN_RNS_MAX_N];
    const size_t wn = crt(ctx, acc, xi, x);
    if (ctx->pn + 2 > wn)
        return 0;
    mp_mul_u64(kp, ctx->p, ctx->pn, k ? k : 1); /* a bound of 0 marks the element 0 */
    if (gn_mp_cmp_var(acc, wn, kp, wn) > 0)
        return 0; /* above k p */
    for (unsigned j = 0; j < n; j++)
        if (limbs_mod(acc, wn, ctx->m[n + j]) != x[n + j])
            return 0; /* base B does not hold the same integer */
    return (acc[0] & ctx->mask) == x[2 * n];
}
#endif

void gn_rns_to_int(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x)
{
    gn_limb_t acc[GN_RNS_BIG + 2], q[GN_RNS_BIG + 2];
    uint64_t xi[GN_RNS_MAX_N];
    const size_t wn = crt(ctx, acc, xi, x);
    gn_limb_t rem[GN_RNS_MAX_LIMBS];
    if (gn_mp_divrem(q, rem, acc, wn, ctx->p, ctx->pn) != GN_OK) /* cannot fail: p is odd */
        memset(rem, 0, sizeof rem);
    memcpy(y, rem, ctx->pn * sizeof *y);
}

/* v = v - p if that does not borrow, else v: v of pn + 1 limbs, p of pn (constant time). */
static void sub_p_if_ge(gn_limb_t *v, const gn_limb_t *p, size_t pn)
{
    gn_limb_t b = 0, d;
    for (size_t i = 0; i < pn; i++)
        b = mp_subb(&d, v[i], p[i], b);
    b = mp_subb(&d, v[pn], 0, b);
    const gn_limb_t take = b - 1; /* all-ones: v >= p */
    b = 0;
    for (size_t i = 0; i < pn; i++)
        b = mp_subb(&v[i], v[i], p[i] & take, b);
    v[pn] -= b;
}

/* y = x mod p for residues x of an integer below 4p: the sum over base A, then three
 * conditional subtractions; xi and acc: crt's room. */
static void to_int_below_4p(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x, uint64_t *xi, gn_limb_t *acc)
{
    (void)crt(ctx, acc, xi, x);
    for (int i = 0; i < 3; i++)
        sub_p_if_ge(acc, ctx->p, ctx->pn);
    memcpy(y, acc, ctx->pn * sizeof *y);
}

void gn_rns_to_int_small(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x)
{
    uint64_t xi[GN_RNS_MAX_N];
    gn_limb_t acc[GN_RNS_BIG + 2];
    to_int_below_4p(ctx, y, x, xi, acc);
}

/* A of at most GN_FP_RNS_MAX_N channels below 2^GN_RNS_MAX_R, and crt's two more limbs */
#define FP_ACC_LIMBS ((GN_FP_RNS_MAX_N * GN_RNS_MAX_R + GN_LIMB_BITS - 1) / GN_LIMB_BITS + 2)

void gn_rns_to_int_fp(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x)
{
    GN_CHECK(ctx->n <= GN_FP_RNS_MAX_N && ctx->abig_n + 2 <= FP_ACC_LIMBS);
    uint64_t xi[GN_FP_RNS_MAX_N];
    gn_limb_t acc[FP_ACC_LIMBS];
    to_int_below_4p(ctx, y, x, xi, acc);
}

/* ---- channel-wise operations ---- */

void gn_rns_add(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    const unsigned n2 = 2 * ctx->n;
    for (unsigned i = 0; i < n2; i++)
        r[i] = addmod(a[i], b[i], ctx->m[i]);
    r[n2] = (a[n2] + b[n2]) & ctx->mask;
}

void gn_rns_sub(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    const unsigned n2 = 2 * ctx->n;
    for (unsigned i = 0; i < n2; i++)
        r[i] = addmod(a[i], submod(ctx->p4[i], b[i], ctx->m[i]), ctx->m[i]);
    r[n2] = (a[n2] + ctx->p4[n2] - b[n2]) & ctx->mask;
}

void gn_rns_neg(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a)
{
    const unsigned n2 = 2 * ctx->n;
    for (unsigned i = 0; i < n2; i++)
        r[i] = submod(ctx->p4[i], a[i], ctx->m[i]);
    r[n2] = (ctx->p4[n2] - a[n2]) & ctx->mask;
}

void gn_rns_mul_nored(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
#if GN_HAVE_RNS_SIMD
    const int small = ctx->n <= GN_FP_RNS_MAX_N;
    if (ctx->simd == 512) {
        (small ? gn_rns_mul_nored_small_avx512 : gn_rns_mul_nored_avx512)(ctx, r, a, b);
        return;
    }
    if (ctx->simd == 256) {
        (small ? gn_rns_mul_nored_small_avx2 : gn_rns_mul_nored_avx2)(ctx, r, a, b);
        return;
    }
#endif
    const unsigned n2 = 2 * ctx->n;
    for (unsigned i = 0; i < n2; i++)
        r[i] = mulmod(ctx, a[i], b[i], i);
    r[n2] = mulred(ctx, a[n2], b[n2]);
}

void gn_rns_mul_small(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, uint32_t c)
{
    const unsigned n2 = 2 * ctx->n;
    for (unsigned i = 0; i < n2; i++)
        r[i] = mulmod(ctx, a[i], c % ctx->m[i], i); /* c is public */
    r[n2] = mulred(ctx, a[n2], c);
}

/* Kawamura's k' = floor(sum trunc_h(xi_j) / 2^h + alpha 2^-h): the Cox unit's sum. */
uint64_t gn_rns_cox_k(const gn_rns_ctx_t *ctx, const uint64_t *xi, uint64_t alpha)
{
    const unsigned sh = ctx->r - ctx->h;
    u128 acc = {0, alpha};
    for (unsigned j = 0; j < ctx->n; j++)
        acc = add128(acc, xi[j] >> sh);
    return (acc.hi << (64 - ctx->h)) | (acc.lo >> ctx->h); /* 1 <= h <= 62 */
}

/* sum_j x_j c_(j stride) mod m_i: ctx->chunk products summed in 128 bits before each reduction
 * (a lazy dot product: the base extension's inner loop). */
static inline uint64_t dot(const gn_rns_ctx_t *ctx, const uint64_t *x, const uint64_t *c, size_t stride, unsigned n,
                           size_t i)
{
    const uint64_t m = ctx->m[i], e = ctx->e[i];
    uint64_t acc = 0;
    for (unsigned j0 = 0; j0 < n; j0 += ctx->chunk) {
        const unsigned j1 = n - j0 < ctx->chunk ? n : j0 + ctx->chunk;
        u128 s = {0, 0};
        for (unsigned j = j0; j < j1; j++)
            s = add128w(s, mul64(x[j], c[j * stride]));
        acc = addmod(acc, fold_n(ctx, s, e, m, ctx->folds_sum), m);
    }
    return acc;
}

uint64_t gn_rns_red_channel(const gn_rns_ctx_t *ctx, const uint64_t *xi, uint64_t k, uint64_t t_red)
{
    const unsigned n = ctx->n;
    uint64_t q = 0;
    for (unsigned j = 0; j < n; j++)
        q += mulred(ctx, xi[j], ctx->bj_in_a[j][n]);
    q = (q - k * ctx->b_in_a[n]) & ctx->mask;
    return mulred(ctx, (t_red + mulred(ctx, q, ctx->p_in_a[n])) & ctx->mask, ctx->binv_in_a[n]);
}

#define CAP GN_FP_RNS_MAX_N
#define SIZED(x) x##_small
#include "rns/rns_redc_sized.h"
#undef CAP
#undef SIZED
#define CAP GN_RNS_MAX_N
#define SIZED(x) x
#include "rns/rns_redc_sized.h"
#undef CAP
#undef SIZED

/* The dispatcher holds nothing: the chosen reduction's frame is the only one on the stack, and
 * up to the field kernel's GN_FP_RNS_MAX_N channels a base, a frame sized for those. */
void gn_rns_redc(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t)
{
    const int small = ctx->n <= GN_FP_RNS_MAX_N;
#if GN_HAVE_RNS_SIMD
    if (ctx->simd == 512) {
        (small ? gn_rns_redc_small_avx512 : gn_rns_redc_avx512)(ctx, r, t);
        return;
    }
    if (ctx->simd == 256) {
        (small ? gn_rns_redc_small_avx2 : gn_rns_redc_avx2)(ctx, r, t);
        return;
    }
#endif
    (small ? redc_words_small : redc_words)(ctx, r, t);
}

void gn_rns_mul(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[GN_RNS_FE_WORDS];
    gn_rns_mul_nored(ctx, t, a, b);
    gn_rns_redc(ctx, r, t);
}

void gn_rns_to_mont(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *x)
{
    gn_rns_mul(ctx, r, x, ctx->bsq);
}

void gn_rns_from_mont(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *x)
{
    uint64_t one[GN_RNS_FE_WORDS];
    for (size_t i = 0; i < gn_rns_words(ctx); i++)
        one[i] = 1;
    gn_rns_mul(ctx, r, x, one);
}

void gn_rns_inv(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a)
{
    gn_limb_t e[GN_RNS_MAX_LIMBS];
    uint64_t acc[GN_RNS_FE_WORDS], x[GN_RNS_FE_WORDS];
    const size_t w = gn_rns_words(ctx);
    gn_mp_sub_limb(e, ctx->p, ctx->pn, 2);
    memcpy(x, a, w * sizeof *x);
    memcpy(acc, ctx->one_m, w * sizeof *acc);
    for (size_t i = gn_mp_bits_var(e, ctx->pn); i-- > 0;) {
        gn_rns_mul(ctx, acc, acc, acc);
        if ((e[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1) /* the exponent is public */
            gn_rns_mul(ctx, acc, acc, x);
    }
    memcpy(r, acc, w * sizeof *r);
}

void gn_rns_cswap(const gn_rns_ctx_t *ctx, uint64_t *a, uint64_t *b, uint64_t mask)
{
    for (size_t i = 0; i < gn_rns_words(ctx); i++) {
        uint64_t t = (a[i] ^ b[i]) & mask;
        a[i] ^= t;
        b[i] ^= t;
    }
}
