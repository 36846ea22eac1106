/*
 * Modular inversion of public values by Lehmer's extended Euclidean algorithm (D. H. Lehmer,
 * "Euclid's algorithm for large numbers", Amer. Math. Monthly 45, 1938; Knuth, TAOCP vol. 2,
 * 4.5.2, algorithm L).
 *
 * Euclid's remainders A_0 = m, A_1 = x, A_(j+1) = A_(j-1) - q_j A_j are led by their top 64
 * bits: the quotients of the approximations a = floor(A / 2^h), b = floor(B / 2^h) are those of
 * A, B while the condition below holds, so a pass over single words finds some 18 quotients
 * (32 bits of cofactors). A second pass continues from the first's remainders, computed on the
 * top 192 bits of A and B, so one update of the whole numbers applies about 63 bits of
 * quotients. Against divsteps (src/fp/safegcd.c), a Euclid quotient takes 1.7 bits a step
 * where a divstep takes 0.5, and a matrix of b-bit entries shortens the numbers by b bits where
 * a divstep batch shortens them by half its entries' bits.
 *
 * The condition (after T. Jebelean, "Improving the multiprecision Euclidean algorithm", DISCO
 * 1993): with a_j = x_j a - y_j b for even j and -x_j a + y_j b for odd j (x_j, y_j >= 0), and
 * A / 2^h - a, B / 2^h - b in an interval (lo, hi), A_j / 2^h - a_j lies between
 * lo x_j - hi y_j and hi x_j - lo y_j for even j (swap x and y for odd j). The quotient q of
 * a_(j-1) by a_j is that of A_(j-1) by A_j when 0 <= A_(j+1) < A_j, which holds when a_(j+1)
 * is at least the bound of A_(j+1) / 2^h - a_(j+1) from below, and a_j - a_(j+1) at least that
 * of (A_j - A_(j+1)) / 2^h - (a_j - a_(j+1)) (the cofactor sums x_j + x_(j+1), y_j + y_(j+1)
 * in place of x, y). One truncation gives [0, 1): bounds y and x. The second pass truncates
 * values known within their first-pass cofactors, which are below 2^-41 units of 2^t there:
 * (-e, 1 + e) with e (x + y) < 1, bounds y + 1 and x + 1.
 *
 * Cofactors: with A = -s U0 x and B = s U1 x (mod m), s = +-1, a Euclid step maps (U0, U1) to
 * (U1, U0 + q U1) and s to -s; both stay at most m. At the end A = gcd(x, m). A quotient the
 * approximations cannot find (a large one, mostly the first for a small x) is taken by steps
 * of long division on the whole numbers, without a division buffer: the stack stays small.
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "genus/mp.h"
#include "mp/limb.h"

/* limbs of the working numbers: the modulus and one limb for the cofactors' products */
#define LM_LIMBS (GN_FP_MAX_LIMBS + 1)
/* limbs of the top of A and B that the second pass runs on */
#define LM_TOP (192 / GN_LIMB_BITS)

/* The matrix of k Euclid steps from (A, B): A_k = +-(x0 A - y0 B), A_(k+1) = -+(x1 A - y1 B),
 * the upper signs for even k. The entries stay below 2^(W-1) (the updates' accumulators). */
typedef struct {
    gn_limb_t x0, y0, x1, y1;
    unsigned k;
} lm_matrix;

/* how far the approximations are from the numbers they stand for, in units of 2^h */
typedef enum {
    LM_EXACT, /* the numbers themselves */
    LM_TRUNC, /* [0, 1) */
    LM_NEAR   /* (-e, 1 + e), e (x + y) < 1 for the cofactors x, y of the pass */
} lm_error;

static size_t lm_len(const gn_limb_t *a, size_t n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return n;
}

/* r = bits [h, h + rn W) of the natural a of n limbs, rn limbs. */
static void lm_window(gn_limb_t *r, size_t rn, const gn_limb_t *a, size_t n, size_t h)
{
    size_t l = h / GN_LIMB_BITS;
    unsigned s = (unsigned)(h % GN_LIMB_BITS);
    for (size_t i = 0; i < rn; i++, l++) {
        gn_limb_t lo = l < n ? a[l] : 0, hi = l + 1 < n ? a[l + 1] : 0;
        r[i] = s ? lo >> s | hi << (GN_LIMB_BITS - s) : lo;
    }
}

/* Bits [h, h + 64) of the natural a of n limbs. */
static uint64_t lm_bits64(const gn_limb_t *a, size_t n, size_t h)
{
    gn_limb_t w[64 / GN_LIMB_BITS];
    lm_window(w, 64 / GN_LIMB_BITS, a, n, h);
    uint64_t v = 0;
    for (size_t i = 64 / GN_LIMB_BITS; i-- > 0;)
        v = (uint64_t)(GN_LIMB_BITS < 64 ? v << (GN_LIMB_BITS % 64) : 0) | w[i];
    return v;
}

/*
 * Euclid steps on the 64-bit approximations a, b, whose error is err (file comment), while
 * their quotients are provably those of the numbers and the cofactors at most lim (tested on
 * x | y: exact for lim = 2^j - 1, stricter otherwise): the matrix of the steps from (a, b).
 * Inlined with err constant.
 */
static GN_ALWAYS_INLINE void lm_steps(uint64_t a, uint64_t b, lm_error err, uint64_t lim, lm_matrix *m)
{
    uint64_t x0 = 1, y0 = 0, x1 = 0, y1 = 1;
    unsigned k = 0;
    while (b != 0 && a >= b) {
        /* by division, without a branch on the quotient: 1 in 41% of the steps, 2 in 17%
         * (Gauss-Kuzmin), so a branch to subtract instead misses often; docs/PERFORMANCE.md */
        uint64_t q = a / b, r = a - q * b;
        uint64_t x2 = x0 + q * x1, y2 = y0 + q * y1; /* below a: no overflow */
        if ((x2 | y2) > lim)
            break;
        if (err != LM_EXACT) {
            /* bounds below of A_(k+2) - a_(k+2) and of the difference d, by k's parity; with
             * lim below 2^63 nothing wraps */
            uint64_t d = b - r, xs = x1 + x2, ys = y1 + y2;
            uint64_t low = (k & 1) ? x2 : y2, dlow = (k & 1) ? ys : xs;
            if (err == LM_NEAR)
                low++, dlow++;
            if (r < low || d < dlow)
                break;
        }
        a = b, b = r;
        x0 = x1, y0 = y1, x1 = x2, y1 = y2;
        k++;
    }
    m->x0 = (gn_limb_t)x0, m->y0 = (gn_limb_t)y0, m->x1 = (gn_limb_t)x1, m->y1 = (gn_limb_t)y1;
    m->k = k;
}

/* The signed double limb of the updates: with entries below 2^(W-1), c a[i] - c' b[i] plus a
 * carry fits it, and c u[i] + c' u'[i] plus a carry fits the unsigned one. */
#if GN_LIMB_BITS == 64
typedef __int128 lm_sdlimb;
#else
typedef int64_t lm_sdlimb;
#endif

/* r = ca a - cb b over n limbs (r may be a or b), ca, cb < 2^(W-1); returns nonzero when it is
 * negative, which the callers rule out but for the top of the numbers (r then wraps). */
static int lm_submul(gn_limb_t *r, gn_limb_t ca, const gn_limb_t *a, gn_limb_t cb, const gn_limb_t *b, size_t n)
{
    lm_sdlimb c = 0;
    for (size_t i = 0; i < n; i++) {
        lm_sdlimb t = (lm_sdlimb)((gn_dlimb_t)ca * a[i]) - (lm_sdlimb)((gn_dlimb_t)cb * b[i]) + c;
        gn_limb_t lo = (gn_limb_t)t;
        r[i] = lo;
        c = (t - (lm_sdlimb)lo) / ((lm_sdlimb)1 << GN_LIMB_BITS); /* exact: floor(t / 2^W) */
    }
    return c < 0;
}

/* (r, s) = M^-1 (a, b) up to sign, the naturals A_k, A_(k+1) of the matrix's steps; r may be
 * a or b (s is computed first). */
static int lm_apply(gn_limb_t *r, gn_limb_t *s, const lm_matrix *m, const gn_limb_t *a, const gn_limb_t *b, size_t n)
{
    int neg;
    if (m->k & 1) { /* A_k = y0 B - x0 A, A_(k+1) = x1 A - y1 B */
        neg = lm_submul(s, m->x1, a, m->y1, b, n);
        return neg | lm_submul(r, m->y0, b, m->x0, a, n);
    }
    neg = lm_submul(s, m->y1, b, m->x1, a, n);
    return neg | lm_submul(r, m->x0, a, m->y0, b, n);
}

/* r = c0 u0 + c1 u1 over n limbs (r may be u0 or u1), c0, c1 < 2^(W-1), the result known to be
 * below 2^(n W). */
static void lm_addmul(gn_limb_t *r, gn_limb_t c0, const gn_limb_t *u0, gn_limb_t c1, const gn_limb_t *u1, size_t n)
{
    gn_limb_t c = 0;
    for (size_t i = 0; i < n; i++) {
        gn_dlimb_t t = (gn_dlimb_t)c0 * u0[i] + (gn_dlimb_t)c1 * u1[i] + c;
        r[i] = (gn_limb_t)t;
        c = (gn_limb_t)(t >> GN_LIMB_BITS);
    }
}

/* A's size from which a round has a second pass: below, the update it saves costs less than
 * the pass (AMD Zen 3, against a second pass on 256 bits from 512: 2-4% faster below 521 bits,
 * 6% at 521, 9% at 1024; without one, 14-17% slower at 1024) */
#define LM_TWO_PASSES 256

/* The matrix of a round on A >= B > 0 of na limbs: one pass on their top 64 bits, and from
 * LM_TWO_PASSES bits a second on the top of the remainders it leads to, computed from the top
 * 192 bits of A and B. */
static void lm_round(lm_matrix *m, const gn_limb_t *A, const gn_limb_t *B, size_t na)
{
    const uint64_t wmax = (uint64_t)((gn_limb_t)~(gn_limb_t)0 >> 1); /* entries below 2^(W-1) */
    size_t abits = gn_mp_bits_var(A, na);
    if (abits <= 64) {
        lm_steps(lm_bits64(A, na, 0), lm_bits64(B, na, 0), LM_EXACT, wmax, m);
        return;
    }
    lm_steps(lm_bits64(A, na, abits - 64), lm_bits64(B, na, abits - 64), LM_TRUNC, wmax, m);
    if (m->k == 0 || abits <= LM_TWO_PASSES)
        return;
    /* C = M^-1 (A, B) on the top bits: A_k = 2^g C + E with |E| < 2^g max(entries) */
    gn_limb_t at[LM_TOP], bt[LM_TOP], c[LM_TOP], d[LM_TOP];
    size_t g = abits - LM_TOP * GN_LIMB_BITS;
    lm_window(at, LM_TOP, A, na, g);
    lm_window(bt, LM_TOP, B, na, g);
    if (lm_apply(c, d, m, at, bt, LM_TOP))
        return;
    size_t cn = lm_len(c, LM_TOP);
    gn_limb_t emax = m->x0 | m->y0 | m->x1 | m->y1;
    /* t: 2^t at least 2^41 times every entry, so that E / 2^(g + t) lies in (-e, e) with
     * e < 2^-41, and the pass's cofactors below 2^40 (LM_NEAR: a pass on 64 bits stops near
     * 2^32); its entries at most lim, so the product's (sums of two products) fit a limb */
    if (cn == 0 || gn_mp_bits_var(c, cn) < 64 + 41 + gn_mp_bits_var(&emax, 1))
        return;
    size_t t = gn_mp_bits_var(c, cn) - 64;
    uint64_t lim = wmax / (2 * (uint64_t)emax);
    if (lim >> 40)
        lim = ((uint64_t)1 << 40) - 1;
    lm_matrix m2;
    lm_steps(lm_bits64(c, LM_TOP, t), lm_bits64(d, LM_TOP, t), LM_NEAR, lim, &m2);
    if (m2.k == 0)
        return;
    /* the cofactors continue the first pass's recurrence: v_(k+i) = x_i v_k + y_i v_(k+1) */
    lm_matrix p = *m;
    m->x0 = m2.x0 * p.x0 + m2.y0 * p.x1, m->y0 = m2.x0 * p.y0 + m2.y0 * p.y1;
    m->x1 = m2.x1 * p.x0 + m2.y1 * p.x1, m->y1 = m2.x1 * p.y0 + m2.y1 * p.y1;
    m->k = p.k + m2.k;
}

/* The top `bits` bits of the natural x of n limbs and xbits bits, x 2^(bits - xbits) (exact
 * when xbits <= bits); bits <= 2W. */
static gn_dlimb_t lm_top(const gn_limb_t *x, size_t n, size_t xbits, size_t bits)
{
    gn_limb_t w[2];
    if (xbits >= bits) {
        lm_window(w, 2, x, n, xbits - bits);
        gn_dlimb_t v = (gn_dlimb_t)w[1] << GN_LIMB_BITS | w[0];
        return bits < 2 * GN_LIMB_BITS ? v & (((gn_dlimb_t)1 << bits) - 1) : v;
    }
    gn_dlimb_t v = (gn_dlimb_t)(n > 1 ? x[1] : 0) << GN_LIMB_BITS | x[0]; /* x < 2^bits: two limbs */
    return v << (bits - xbits);
}

/* A -= c B and U0 += c U1 for c = q 2^e at most floor(A / B) (q from A's top 2W - 1 bits over
 * B's top W bits plus one): W - 2 bits of the quotient or more, all but a few units of a short
 * one. The step of a quotient too large for the approximations, or of a tie they leave open
 * (then c = 1); A >= B > 0. A's cofactor stays at most m: c is at most the quotient. */
static void lm_divide_step(gn_limb_t *A, size_t na, const gn_limb_t *B, size_t nb, gn_limb_t *U0, const gn_limb_t *U1,
                           size_t n)
{
    gn_limb_t t[LM_LIMBS + 2], ts[LM_LIMBS + 2];
    size_t abits = gn_mp_bits_var(A, na), bbits = gn_mp_bits_var(B, nb), e = abits - bbits;
    size_t l = e < GN_LIMB_BITS - 1 ? GN_LIMB_BITS + e : 2 * GN_LIMB_BITS - 1;
    gn_dlimb_t aa = lm_top(A, na, abits, l), bb = lm_top(B, nb, bbits, GN_LIMB_BITS);
    gn_limb_t q = (gn_limb_t)(aa / (bb + 1)); /* below 2^(l - W + 1) <= 2^W */
    size_t sh = e + GN_LIMB_BITS - l;         /* c B < q (bb + 1) 2^(abits - l) <= A */
    if (q == 0)
        q = 1, sh = 0;
    for (int pass = 0; pass < 2; pass++) {
        const gn_limb_t *src = pass ? U1 : B;
        size_t sn = pass ? lm_len(U1, n) : nb, tn = sn + 2;
        t[sn] = gn_mp_mul_limb(t, src, sn, q);
        t[sn + 1] = 0;
        gn_mp_lshift(ts, t, tn, sh % GN_LIMB_BITS);
        /* add (subtract) at limb o, over the limbs that exist: c U1 and c B fit, so t's limbs
         * beyond them are zero */
        gn_limb_t *r = pass ? U0 : A;
        size_t rn = pass ? n : na, o = sh / GN_LIMB_BITS, len = tn < rn - o ? tn : rn - o;
        if (pass)
            (void)gn_mp_add_limb(r + o + len, r + o + len, rn - o - len, gn_mp_add(r + o, r + o, ts, len));
        else
            (void)gn_mp_sub_limb(r + o + len, r + o + len, rn - o - len, gn_mp_sub(r + o, r + o, ts, len));
    }
}

gn_limb_t gn_fp_lehmer_inv_var(gn_limb_t *y, const gn_limb_t *x, const gn_limb_t *mod, size_t n)
{
    /* the remainders, the cofactors, and a next value of each (remainders valid below na limbs,
     * cofactors zero above nu limbs) */
    gn_limb_t buf[6][LM_LIMBS];
    gn_limb_t *A = buf[0], *B = buf[1], *TB = buf[2], *U0 = buf[3], *U1 = buf[4], *T1 = buf[5];
    if (n == 0 || n > GN_FP_MAX_LIMBS || lm_len(mod, n) == 0 || (lm_len(mod, n) == 1 && mod[0] == 1)) {
        memset(y, 0, n * sizeof *y);
        return 0;
    }
    memset(buf, 0, sizeof buf);
    int negative; /* s = -1 */
    if (gn_mp_cmp_var(x, n, mod, n) < 0) { /* (A, B) = (m, x): U0 = 0, U1 = 1, s = 1 */
        memcpy(A, mod, n * sizeof *A);
        memcpy(B, x, n * sizeof *B);
        U1[0] = 1, negative = 0;
    } else { /* (x, m): U0 = 1, U1 = 0, s = -1; the first steps reduce x */
        memcpy(A, x, n * sizeof *A);
        memcpy(B, mod, n * sizeof *B);
        U0[0] = 1, negative = 1;
    }
    size_t na = lm_len(A, n), nu = 1; /* A's limbs; the cofactors' */

    for (;;) {
        size_t nb = lm_len(B, na);
        if (nb == 0)
            break;
        lm_matrix mx;
        lm_round(&mx, A, B, na);
        gn_limb_t *t;
        if (mx.k == 0) {
            lm_divide_step(A, na, B, nb, U0, U1, n);
            nu = n;
            if (gn_mp_cmp_var(A, na, B, na) < 0) { /* a Euclid step done: swap */
                t = A, A = B, B = t;
                t = U0, U0 = U1, U1 = t;
                negative ^= 1;
            }
        } else {
            (void)lm_apply(A, TB, &mx, A, B, na); /* naturals: the quotients are A's and B's */
            t = B, B = TB, TB = t;
            nu = nu < n ? nu + 1 : n; /* entries below 2^W: one limb more at most */
            lm_addmul(T1, mx.x1, U0, mx.y1, U1, nu);
            lm_addmul(U0, mx.x0, U0, mx.y0, U1, nu);
            t = U1, U1 = T1, T1 = t;
            negative ^= (int)(mx.k & 1);
        }
        na = lm_len(A, na);
        size_t n0 = lm_len(U0, nu), n1 = lm_len(U1, nu);
        nu = n0 > n1 ? n0 : n1;
    }

    /* A = gcd(x, m); when 1, x^-1 = -s U0 */
    if (na != 1 || A[0] != 1) {
        memset(y, 0, n * sizeof *y);
        return 0;
    }
    if (negative)
        memcpy(y, U0, n * sizeof *y);
    else
        gn_mp_sub(y, mod, U0, n);
    return ~(gn_limb_t)0;
}
