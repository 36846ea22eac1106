/* RNS set-up (variable time: public parameters): the bases B and B' of pseudo-Mersenne channels
 * 2^r - c, their constants for the conversions and the Montgomery reduction, and the choice
 * among the portable and vector reductions. */
#include "genus/rns.h"
#include <string.h>
#include "genus/mp.h"
#include "rns/rns_internal.h"
#include "rns/rns_word.h"
#include "util/cpu.h"

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

