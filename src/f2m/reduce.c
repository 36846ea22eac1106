/*
 * Reduction modulo f = x^m + sum of x^k + 1 (k the middle exponents). Both ways use
 * x^(m+j) = x^j (x^k3 + x^k2 + x^k1 + 1) mod f, folding the part of degree >= m down from the top:
 * - word-wise (HMV Alg. 2.41-2.45 for the NIST polynomials, there on 32-bit words): a whole limb at a
 *   time, valid when every k <= m - W, so that a folded limb lands wholly below the limb it came
 *   from; with constant m and k (the NIST polynomials) the compiler unrolls it into fixed code;
 * - chunk-wise, for any trinomial or pentanomial: chunks of d = min(W, m - k_max) bits, which
 *   also land below where they came from.
 * Positions and lengths depend on f only, so the time does not depend on the element.
 */
#include "f2m/f2m_internal.h"
#include "fp/fp_internal.h" /* GN_ALWAYS_INLINE */

/* c ^= t x^p (t one limb; p public). */
static GN_ALWAYS_INLINE void xor_at(gn_limb_t *c, unsigned p, gn_limb_t t)
{
    unsigned s = p % F2M_W;
    c[p / F2M_W] ^= t << s;
    if (s)
        c[p / F2M_W + 1] ^= t >> (F2M_W - s);
}

/* t x^p folded: x^(p+m) -> x^p (1 + sum x^k). */
static GN_ALWAYS_INLINE void fold(gn_limb_t *c, unsigned p, gn_limb_t t, const unsigned *k, unsigned nk)
{
    xor_at(c, p, t);
    for (unsigned i = 0; i < nk; i++)
        xor_at(c, p + k[i], t);
}

static GN_ALWAYS_INLINE void red_words(gn_limb_t *c, unsigned m, const unsigned *k, unsigned nk)
{
    size_t n = (m + F2M_W - 1) / F2M_W;
    for (size_t i = (2 * (size_t)m - 2) / F2M_W; i >= n; i--) { /* limbs wholly above x^(m-1) */
        gn_limb_t t = c[i];
        c[i] = 0;
        fold(c, (unsigned)(i * F2M_W - m), t, k, nk);
    }
    unsigned r = m % F2M_W;
    if (r) { /* the top limb's bits from x^m up */
        gn_limb_t t = c[n - 1] >> r;
        c[n - 1] &= ((gn_limb_t)1 << r) - 1;
        fold(c, 0, t, k, nk);
    }
}

static void red_chunks(gn_limb_t *c, unsigned m, const unsigned *k, unsigned nk)
{
    unsigned d = m - k[0];
    if (d > F2M_W)
        d = F2M_W;
    for (unsigned hi = 2 * m - 1; hi > m;) { /* degrees [s, hi) fold down */
        unsigned s = hi - d < m ? m : hi - d, len = hi - s, sh = s % F2M_W;
        size_t w = s / F2M_W;
        gn_limb_t t = c[w] >> sh;
        if (sh)
            t |= c[w + 1] << (F2M_W - sh);
        if (len < F2M_W)
            t &= ((gn_limb_t)1 << len) - 1;
        xor_at(c, s, t); /* clears them */
        fold(c, s - m, t, k, nk);
        hi = s;
    }
}

/* The NIST polynomials (FIPS 186-4, D.1.3): fixed exponents. */
static const unsigned k163[3] = {7, 6, 3}, k233[1] = {74}, k283[3] = {12, 7, 5}, k409[1] = {87},
                      k571[3] = {10, 5, 2};

void gn_f2m_reduce(const gn_f2m_ctx_t *ctx, gn_limb_t *r, gn_limb_t *c)
{
    switch (ctx->red) {
    case 163: red_words(c, 163, k163, 3); break;
    case 233: red_words(c, 233, k233, 1); break;
    case 283: red_words(c, 283, k283, 3); break;
    case 409: red_words(c, 409, k409, 1); break;
    case 571: red_words(c, 571, k571, 3); break;
    case 1: red_words(c, ctx->m, ctx->k, ctx->nk); break;
    default: red_chunks(c, ctx->m, ctx->k, ctx->nk); break;
    }
    for (size_t i = 0; i < ctx->n; i++) /* a loop: a memcpy call cost 14 of 56 ticks of a squaring */
        r[i] = c[i];
}
