/* RNS arithmetic modulo an odd prime (rns.h): bases, conversions, RNS Montgomery reduction. */
#include "genus/rns.h"

#include <string.h>

#include "genus/mp.h"
#include "rns/rns_internal.h"
#include "util/cpu.h"

/* ---- 64 x 64 -> 128-bit words, portable (32-bit limb builds have no __int128) ---- */

typedef struct {
    uint64_t hi, lo;
} u128;

/* The 32-bit-limb build takes the portable product too, so that x86-64 tests it. */
static inline u128 mul64(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__) && GN_LIMB_BITS == 64
    unsigned __int128 t = (unsigned __int128)a * b;
    return (u128){(uint64_t)(t >> 64), (uint64_t)t};
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    return (u128){p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (uint32_t)p00};
#endif
}

static inline u128 add128(u128 x, uint64_t y)
{
    uint64_t lo = x.lo + y;
    return (u128){x.hi + (lo < y), lo};
}

/* x mod m_i for x below 2^(2r) (rounds of x = hi 2^r + lo -> hi e + lo, then two masked
 * subtractions): ctx->folds rounds bring any such x below 2^(r+1) <= 3 m_i. */
static inline uint64_t fold_n(const gn_rns_ctx_t *ctx, u128 x, uint64_t e, uint64_t m, unsigned folds)
{
    const unsigned r = ctx->r;
    for (unsigned f = 0; f < folds; f++) {
        uint64_t q = (x.hi << (64 - r)) | (x.lo >> r);
        x = add128(mul64(q, e), x.lo & ctx->mask);
    }
    uint64_t v = x.lo, d;
    d = v - m;
    v = (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & v); /* v - m unless that borrows */
    d = v - m;
    v = (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & v);
    return v;
}

static inline uint64_t fold(const gn_rns_ctx_t *ctx, u128 x, uint64_t e, uint64_t m)
{
    return fold_n(ctx, x, e, m, ctx->folds);
}

static inline uint64_t mulmod(const gn_rns_ctx_t *ctx, uint64_t a, uint64_t b, size_t i)
{
    return fold(ctx, mul64(a, b), ctx->e[i], ctx->m[i]);
}

static inline u128 add128w(u128 x, u128 y)
{
    uint64_t lo = x.lo + y.lo;
    return (u128){x.hi + y.hi + (lo < y.lo), lo};
}

static inline uint64_t addmod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t s = a + b, d = s - m; /* a, b < m < 2^62: no overflow */
    return (((d >> 63) - 1) & d) | ((0 - (d >> 63)) & s);
}

static inline uint64_t submod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t d = a - b;
    return d + (m & (0 - (d >> 63)));
}

/* The redundant channel, modulo 2^r. */
static inline uint64_t mulred(const gn_rns_ctx_t *ctx, uint64_t a, uint64_t b)
{
    return (a * b) & ctx->mask;
}

/* ---- set-up (variable time: public parameters) ---- */

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* a^-1 mod m (gcd 1), by the extended Euclid on signed 128-bit-free values: m < 2^62. */
static uint64_t invmod(uint64_t a, uint64_t m)
{
    int64_t t = 0, nt = 1;
    uint64_t rr = m, nr = a % m;
    while (nr) {
        uint64_t q = rr / nr, tmp = rr - q * nr;
        int64_t tt = t - (int64_t)q * nt;
        t = nt;
        nt = tt;
        rr = nr;
        nr = tmp;
    }
    return t < 0 ? (uint64_t)(t + (int64_t)m) : (uint64_t)t;
}

/* x mod m for a natural x (xn limbs), bit by bit: set-up only (variable time, public values). */
static uint64_t mp_mod64(const gn_limb_t *x, size_t xn, uint64_t m)
{
    uint64_t acc = 0; /* below m < 2^63: 2 acc + 1 fits */
    for (size_t i = xn; i-- > 0;)
        for (int k = GN_LIMB_BITS - 1; k >= 0; k--) {
            acc = 2 * acc + (((uint64_t)x[i] >> k) & 1);
            if (acc >= m)
                acc -= m;
        }
    return acc;
}

/* r = x * y for a natural x (xn limbs) and a word y: into r (xn + 2 limbs). */
static void mp_mul_u64(gn_limb_t *r, const gn_limb_t *x, size_t xn, uint64_t y)
{
#if GN_LIMB_BITS == 64
    r[xn] = gn_mp_mul_limb(r, x, xn, (gn_limb_t)y);
    r[xn + 1] = 0;
#else
    gn_limb_t t[GN_RNS_BIG + 2];
    r[xn] = gn_mp_mul_limb(r, x, xn, (gn_limb_t)y);
    t[xn] = gn_mp_mul_limb(t, x, xn, (gn_limb_t)(y >> 32));
    r[xn + 1] = 0;
    gn_limb_t c = 0;
    for (size_t i = 0; i <= xn; i++) {
        gn_limb_t s = r[i + 1] + t[i], c1 = s < t[i];
        r[i + 1] = s + c;
        c = c1 | (r[i + 1] < s);
    }
#endif
}

/* Bits of a natural held in n limbs. */
static size_t bits_of(const gn_limb_t *x, size_t n)
{
    return gn_mp_bits_var(x, n);
}

unsigned gn_rns_default_r(void)
{
#if GN_HAVE_RNS_SIMD
    if (gn_cpu_has_avx2())
        return GN_RNS_SIMD_MAX_R; /* the vector code's channels: measured faster at every size */
#endif
    return GN_RNS_MAX_R;
}

gn_err gn_rns_setup(gn_rns_ctx_t *ctx, const gn_limb_t *p, size_t pn, const gn_rns_params_t *prm)
{
    gn_rns_params_t d = {0};
    if (prm)
        d = *prm;
    unsigned r = d.r ? d.r : gn_rns_default_r(), h = d.h ? d.h : r, c = d.c ? d.c : 8;
    if (r < GN_RNS_MIN_R || r > GN_RNS_MAX_R || h > r || c < 4 || c > 1024 || pn == 0 || pn > GN_RNS_MAX_LIMBS ||
        !(p[0] & 1) || (d.ext != GN_RNS_EXT_KAWAMURA && d.ext != GN_RNS_EXT_SK))
        return GN_ERR_INVALID;
    uint64_t alpha = d.alpha ? d.alpha : (uint64_t)1 << (h - 1);
    if (alpha >= ((uint64_t)1 << h))
        return GN_ERR_INVALID; /* alpha < 1 */
    memset(ctx, 0, sizeof *ctx);
    ctx->r = r, ctx->h = h, ctx->c = c, ctx->alpha = alpha, ctx->ext = d.ext;
    ctx->pn = pn;
    memcpy(ctx->p, p, pn * sizeof *p);
    ctx->mask = ((uint64_t)1 << r) - 1;
    size_t pbits = bits_of(p, pn);
    if (pbits < 2)
        return GN_ERR_INVALID;

    /* moduli 2^r - e, e odd from 1 up to 2^(r/2) (two folds and two subtractions reduce a
     * product), pairwise coprime and coprime to p */
    size_t cnt = 0;
    uint64_t cand[2 * GN_RNS_MAX_N];
    for (uint64_t e = 1; cnt < 2 * GN_RNS_MAX_N && e < ((uint64_t)1 << (r / 2)); e += 2) {
        uint64_t m = ((uint64_t)1 << r) - e;
        int ok = gcd64(m, mp_mod64(p, pn, m)) == 1;
        for (size_t i = 0; ok && i < cnt; i++)
            ok = gcd64(cand[i], m) == 1;
        if (ok)
            cand[cnt++] = m;
    }
    /* the smallest n whose bases meet the bounds: A = prod of cand[0..n), B = of cand[n..2n) */
    for (unsigned n = 1; 2 * n <= cnt && n <= GN_RNS_MAX_N; n++) {
        gn_limb_t A[GN_RNS_BIG] = {1}, B[GN_RNS_BIG] = {1}, t[GN_RNS_BIG + 2];
        size_t an = 1, bn = 1, cap = GN_RNS_BIG, ok = 1;
        for (unsigned i = 0; i < n && ok; i++) {
            if (an + 2 > cap || bn + 2 > cap) {
                ok = 0;
                break;
            }
            mp_mul_u64(t, A, an, cand[i]);
            memcpy(A, t, (an + 2) * sizeof *t), an += 2;
            mp_mul_u64(t, B, bn, cand[n + i]);
            memcpy(B, t, (bn + 2) * sizeof *t), bn += 2;
            while (an > 1 && !A[an - 1]) an--;
            while (bn > 1 && !B[bn - 1]) bn--;
        }
        if (!ok)
            break;
        size_t abits = bits_of(A, an), bbits = bits_of(B, bn);
        /* B > c^2 p / 2 and A > 8 p (with (1 - alpha) A > 4 p for alpha <= 1/2), checked with
         * a bit of margin on the logarithms: B >= 2^(bits(c^2/2) + bits(p)) > c^2 p / 2 */
        size_t cbits = 0;
        for (uint64_t v = (uint64_t)c * c / 2; v; v >>= 1) cbits++;
        /* (1 - alpha) A > 4p: A >= 2^(abits - 1) and 1/(1 - alpha) = 2^h / (2^h - alpha) < 2^g */
        size_t g = 0;
        if (d.ext == GN_RNS_EXT_KAWAMURA)
            for (uint64_t v = ((uint64_t)1 << h) / (((uint64_t)1 << h) - alpha); v; v >>= 1) g++;
        if (bbits < cbits + pbits + 1 || abits < pbits + 3 + g + 1)
            continue;
        ctx->n = n;
        ctx->abig_n = an;
        memcpy(ctx->a_big, A, an * sizeof *A);
        break;
    }
    if (!ctx->n)
        return GN_ERR_INVALID;
    const unsigned n = ctx->n;
    memcpy(ctx->m, cand, 2 * n * sizeof *cand);
    uint64_t emax = 0;
    for (unsigned i = 0; i < 2 * n; i++) {
        ctx->e[i] = ((uint64_t)1 << r) - ctx->m[i];
        emax = ctx->e[i] > emax ? ctx->e[i] : emax;
    }
    /* the folds: bound a product below 2^(2r) until it is below 2^(r+1) */
    {
        uint64_t hi = ctx->mask, folds = 0; /* x < 2^r * 2^r: its high part below 2^r */
        while (hi > 1) {
            u128 b = mul64(hi, emax); /* next x < hi e + 2^r */
            b = add128(b, ctx->mask);
            hi = (b.hi << (64 - r)) | (b.lo >> r);
            folds++;
        }
        ctx->folds = (unsigned)folds;
        /* sums of chunk products (x < 2^(r+64): its high part below 2^64) */
        ctx->chunk = r >= 63 ? 1 : (unsigned)(((uint64_t)1 << (64 - r)) < 64 ? (uint64_t)1 << (64 - r) : 64);
        hi = ~(uint64_t)0, folds = 0;
        while (hi > 1) {
            u128 b = mul64(hi, emax);
            b = add128(b, ctx->mask);
            hi = (b.hi << (64 - r)) | (b.lo >> r);
            folds++;
        }
        ctx->folds_sum = (unsigned)folds;
    }
    if (gn_rns_select(ctx, GN_RNS_IMPL_AUTO) != GN_OK) /* cannot fail */
        return GN_ERR_INVALID;
    /* the exactness conditions: eps + delta = term 2^-r, and n term <= bound <=> term <= bound / n
     * (integer division: no product to overflow) */
    if (!d.unchecked) {
        uint64_t term = emax + ((uint64_t)1 << (r - h)) - 1;
        if (term > ((uint64_t)1 << r) / n)
            return GN_ERR_INVALID; /* first extension: n (eps + delta) <= 1 */
        if (d.ext == GN_RNS_EXT_KAWAMURA && term > (alpha << (r - h)) / n)
            return GN_ERR_INVALID; /* second: n (eps + delta) <= alpha */
    }

    /* constants */
    const uint64_t *a = ctx->m, *b = ctx->m + n;
    for (unsigned j = 0; j < n; j++) {
        uint64_t bj = 1;                  /* B / b_j mod b_j */
        for (unsigned l = 0; l < n; l++)
            if (l != j)
                bj = mulmod(ctx, bj, b[l] % b[j], n + j);
        uint64_t pinv = invmod(mp_mod64(p, pn, b[j]), b[j]);
        ctx->b_mpinv[j] = mulmod(ctx, b[j] - pinv, invmod(bj, b[j]), n + j);
        for (unsigned i = 0; i <= n; i++) { /* B / b_j mod a_i, mod 2^r */
            uint64_t v = 1;
            for (unsigned l = 0; l < n; l++)
                if (l != j)
                    v = i < n ? mulmod(ctx, v, b[l] % a[i], i) : mulred(ctx, v, b[l]);
            ctx->bj_in_a[j][i] = v;
        }
    }
    for (unsigned i = 0; i <= n; i++) {
        uint64_t v = 1;
        for (unsigned l = 0; l < n; l++)
            v = i < n ? mulmod(ctx, v, b[l] % a[i], i) : mulred(ctx, v, b[l]);
        ctx->b_in_a[i] = v;
        ctx->binv_in_a[i] = i < n ? invmod(v, a[i]) : invmod(v, (uint64_t)1 << r) & ctx->mask;
        ctx->p_in_a[i] = i < n ? mp_mod64(p, pn, a[i]) : mp_mod64(p, pn, (uint64_t)1 << r);
    }
    for (unsigned i = 0; i < n; i++) {
        uint64_t ai = 1;
        for (unsigned l = 0; l < n; l++)
            if (l != i)
                ai = mulmod(ctx, ai, a[l] % a[i], i);
        ctx->ai_inv[i] = invmod(ai, a[i]);
        for (unsigned j = 0; j <= n; j++) {
            uint64_t v = 1;
            for (unsigned l = 0; l < n; l++)
                if (l != i)
                    v = j < n ? mulmod(ctx, v, a[l] % b[j], n + j) : mulred(ctx, v, a[l]);
            ctx->ai_in_b[i][j] = v;
        }
        /* A / a_i as an integer */
        gn_limb_t q[GN_RNS_BIG] = {1}, t[GN_RNS_BIG + 2];
        size_t qn = 1;
        for (unsigned l = 0; l < n; l++)
            if (l != i) {
                mp_mul_u64(t, q, qn, a[l]);
                memcpy(q, t, (qn + 2) * sizeof *t), qn += 2;
                while (qn > 1 && !q[qn - 1]) qn--;
            }
        memcpy(ctx->ai_big[i], q, qn * sizeof *q);
    }
    uint64_t ared = 1;
    for (unsigned j = 0; j < n; j++) {
        uint64_t v = 1;
        for (unsigned l = 0; l < n; l++)
            v = mulmod(ctx, v, a[l] % b[j], n + j);
        ctx->a_in_b[j] = v;
    }
    for (unsigned l = 0; l < n; l++)
        ared = mulred(ctx, ared, a[l]);
    ctx->ainv_red = invmod(ared, (uint64_t)1 << r) & ctx->mask;
    for (unsigned i = 0; i < 2 * n; i++)
        ctx->two32[i] = ((uint64_t)1 << 32) % ctx->m[i];
    /* B^2 mod p and c p, into RNS */
    {
        gn_limb_t Bb[GN_RNS_BIG] = {1}, t[GN_RNS_BIG + 2], sq[2 * GN_RNS_BIG + 2], q[2 * GN_RNS_BIG + 2];
        gn_limb_t rem[GN_RNS_MAX_LIMBS];
        size_t bn = 1;
        for (unsigned l = 0; l < n; l++) {
            mp_mul_u64(t, Bb, bn, b[l]);
            memcpy(Bb, t, (bn + 2) * sizeof *t), bn += 2;
            while (bn > 1 && !Bb[bn - 1]) bn--;
        }
        if (gn_mp_divrem_var(q, rem, Bb, bn, p, pn) != GN_OK) /* B mod p */
            return GN_ERR_INVALID;
        gn_rns_from_int(ctx, ctx->one_m, rem, pn);
        gn_mp_sqr(sq, rem, pn);
        if (gn_mp_divrem_var(q, rem, sq, 2 * pn, p, pn) != GN_OK)
            return GN_ERR_INVALID;
        gn_rns_from_int(ctx, ctx->bsq, rem, pn);
        gn_limb_t p4[GN_RNS_BIG];
        p4[pn] = gn_mp_mul_limb(p4, p, pn, 4);
        gn_rns_from_int(ctx, ctx->p4, p4, pn + 1);
        /* 2^j p and 2^j p^2, j < 21: below A B 2^r > 2^(r + 8) p^2 >= 2^25 p^2, so held exactly */
        gn_limb_t pp[2 * GN_RNS_MAX_LIMBS + 1], sh[2 * GN_RNS_MAX_LIMBS + 1];
        gn_mp_sqr(sq, p, pn);
        for (unsigned j = 0; j < GN_RNS_KTAB; j++) {
            memcpy(pp, p, pn * sizeof *p);
            pp[pn] = 0;
            gn_mp_lshift(sh, pp, pn + 1, j);
            gn_rns_from_int(ctx, ctx->pk[j], sh, pn + 1);
            memcpy(pp, sq, 2 * pn * sizeof *p);
            pp[2 * pn] = 0;
            gn_mp_lshift(sh, pp, 2 * pn + 1, j);
            gn_rns_from_int(ctx, ctx->p2k[j], sh, 2 * pn + 1);
        }
    }
    return GN_OK;
}

gn_err gn_rns_select(gn_rns_ctx_t *ctx, gn_rns_impl impl)
{
    int v512 = 0, v256 = 0;
#if GN_HAVE_RNS_SIMD
    v256 = ctx->r <= GN_RNS_SIMD_MAX_R && gn_cpu_has_avx2();
    v512 = ctx->r <= GN_RNS_SIMD_MAX_R && gn_cpu_has_avx512f();
#endif
    switch (impl) {
    case GN_RNS_IMPL_AUTO:
        ctx->simd = v512 ? 512 : v256 ? 256 : 0;
        return GN_OK;
    case GN_RNS_IMPL_PORTABLE:
        ctx->simd = 0;
        return GN_OK;
    case GN_RNS_IMPL_AVX2:
        if (!v256)
            return GN_ERR_UNSUPPORTED;
        ctx->simd = 256;
        return GN_OK;
    case GN_RNS_IMPL_AVX512:
        if (!v512)
            return GN_ERR_UNSUPPORTED;
        ctx->simd = 512;
        return GN_OK;
    }
    return GN_ERR_INVALID;
}

const char *gn_rns_impl_name(const gn_rns_ctx_t *ctx)
{
    return ctx->simd == 512 ? "avx512" : ctx->simd == 256 ? "avx2" : "portable";
}

size_t gn_rns_words(const gn_rns_ctx_t *ctx)
{
    return 2 * (size_t)ctx->n + 1;
}

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

/* The integer x < A itself (wn = abig_n + 2 limbs) by the Chinese remainder sum over base A. */
static size_t crt(const gn_rns_ctx_t *ctx, gn_limb_t *acc, const uint64_t *x)
{
    const unsigned n = ctx->n;
    uint64_t xi[GN_RNS_MAX_N];
    uint64_t k = sk_k(ctx, xi, x);
    const size_t wn = ctx->abig_n + 2;
    gn_limb_t t[GN_RNS_BIG + 2];
    memset(acc, 0, (GN_RNS_BIG + 2) * sizeof *acc);
    for (unsigned i = 0; i < n; i++) {
        memset(t, 0, sizeof t);
        mp_mul_u64(t, ctx->ai_big[i], ctx->abig_n, xi[i]);
        gn_mp_add(acc, acc, t, wn);
    }
    memset(t, 0, sizeof t);
    mp_mul_u64(t, ctx->a_big, ctx->abig_n, k);
    gn_mp_sub(acc, acc, t, wn);
    return wn;
}

void gn_rns_to_int(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x)
{
    gn_limb_t acc[GN_RNS_BIG + 2], q[GN_RNS_BIG + 2];
    const size_t wn = crt(ctx, acc, x);
    gn_limb_t rem[GN_RNS_MAX_LIMBS];
    if (gn_mp_divrem(q, rem, acc, wn, ctx->p, ctx->pn) != GN_OK) /* cannot fail: p is odd */
        memset(rem, 0, sizeof rem);
    memcpy(y, rem, ctx->pn * sizeof *y);
}

/* y = v - m if that does not borrow, else v (n + 1 limbs; constant time). */
static void sub_if_ge(gn_limb_t *v, const gn_limb_t *m, size_t n)
{
    gn_limb_t t[GN_RNS_MAX_LIMBS + 1];
    gn_limb_t borrow = gn_mp_sub(t, v, m, n);
    gn_limb_t keep = 0 - borrow; /* all-ones: v < m */
    for (size_t i = 0; i < n; i++)
        v[i] = (v[i] & keep) | (t[i] & ~keep);
}

void gn_rns_to_int_small(const gn_rns_ctx_t *ctx, gn_limb_t *y, const uint64_t *x)
{
    gn_limb_t acc[GN_RNS_BIG + 2], p2[GN_RNS_MAX_LIMBS + 1], p1[GN_RNS_MAX_LIMBS + 1];
    (void)crt(ctx, acc, x);
    const size_t pn = ctx->pn;
    memcpy(p1, ctx->p, pn * sizeof *p1);
    p1[pn] = 0;
    gn_mp_add(p2, p1, p1, pn + 1);
    sub_if_ge(acc, p2, pn + 1); /* x < 4p: now below 2p */
    sub_if_ge(acc, p1, pn + 1); /* below p */
    memcpy(y, acc, pn * sizeof *y);
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
    if (ctx->simd == 512) {
        gn_rns_mul_nored_avx512(ctx, r, a, b);
        return;
    }
    if (ctx->simd == 256) {
        gn_rns_mul_nored_avx2(ctx, r, a, b);
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

void gn_rns_redc(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t)
{
#if GN_HAVE_RNS_SIMD
    if (ctx->simd == 512) {
        gn_rns_redc_avx512(ctx, r, t);
        return;
    }
    if (ctx->simd == 256) {
        gn_rns_redc_avx2(ctx, r, t);
        return;
    }
#endif
    const unsigned n = ctx->n;
    const uint64_t *tb = t + n;
    uint64_t xi[GN_RNS_MAX_N], q[GN_RNS_MAX_N + 1], s[GN_RNS_FE_WORDS];
    /* q = -t p^-1 mod B, as xi_j = q_j (B/b_j)^-1 mod b_j */
    for (unsigned j = 0; j < n; j++)
        xi[j] = mulmod(ctx, tb[j], ctx->b_mpinv[j], n + j);
    /* first extension B -> A and the redundant channel, alpha = 0: q or q + B */
    uint64_t k = gn_rns_cox_k(ctx, xi, 0);
    for (unsigned i = 0; i < n; i++) {
        uint64_t acc = dot(ctx, xi, &ctx->bj_in_a[0][i], GN_RNS_MAX_N + 1, n, i);
        q[i] = submod(acc, mulmod(ctx, k, ctx->b_in_a[i], i), ctx->m[i]);
    }
    /* s = (t + q p) / B in A and mod 2^r */
    for (unsigned i = 0; i < n; i++)
        s[i] = mulmod(ctx, addmod(t[i], mulmod(ctx, q[i], ctx->p_in_a[i], i), ctx->m[i]), ctx->binv_in_a[i], i);
    s[2 * n] = gn_rns_red_channel(ctx, xi, k, t[2 * n]);
    /* second extension A -> B, exact */
    uint64_t xa[GN_RNS_MAX_N];
    if (ctx->ext == GN_RNS_EXT_SK) {
        k = sk_k(ctx, xa, s);
    } else {
        for (unsigned i = 0; i < n; i++)
            xa[i] = mulmod(ctx, s[i], ctx->ai_inv[i], i);
        k = gn_rns_cox_k(ctx, xa, ctx->alpha);
    }
    for (unsigned j = 0; j < n; j++) {
        uint64_t acc = dot(ctx, xa, &ctx->ai_in_b[0][j], GN_RNS_MAX_N + 1, n, n + j);
        s[n + j] = submod(acc, mulmod(ctx, k, ctx->a_in_b[j], n + j), ctx->m[n + j]);
    }
    memcpy(r, s, (2 * (size_t)n + 1) * sizeof *r);
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
