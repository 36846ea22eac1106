/*
 * Variable-time inversion and division for public elements: Stein's binary algorithm with a swap
 * and without one, the extended Euclidean algorithm, and the gcd of Ben-Or's irreducibility test.
 * Polynomials here have up to m + 1 bits (f itself), F2M_POLY limbs; L = n + 1 of them are used.
 */
#include <string.h>

#include "f2m/f2m_internal.h"

typedef gn_limb_t poly[F2M_POLY];

/* The index of the highest set bit of t != 0. */
static int top_bit(gn_limb_t t)
{
#if (defined(__GNUC__) || defined(__clang__)) && GN_LIMB_BITS == 64
    return 63 - __builtin_clzll(t);
#elif defined(__GNUC__) || defined(__clang__)
    return 31 - __builtin_clz(t);
#else
    int d = 0;
    while (t >>= 1)
        d++;
    return d;
#endif
}

/* The index of the lowest set bit of t != 0. */
static int low_bit(gn_limb_t t)
{
#if (defined(__GNUC__) || defined(__clang__)) && GN_LIMB_BITS == 64
    return __builtin_ctzll(t);
#elif defined(__GNUC__) || defined(__clang__)
    return __builtin_ctz(t);
#else
    int d = 0;
    while (!(t & 1))
        t >>= 1, d++;
    return d;
#endif
}

/* Degree of a (L limbs), -1 for 0. */
static int deg_var(const gn_limb_t *a, size_t L)
{
    for (size_t i = L; i-- > 0;)
        if (a[i])
            return (int)(i * F2M_W) + top_bit(a[i]);
    return -1;
}

static int is_one(const gn_limb_t *a, size_t L)
{
    return a[0] == 1 && deg_var(a, L) == 0;
}

static void padd(gn_limb_t *r, const gn_limb_t *a, size_t L)
{
    for (size_t i = 0; i < L; i++)
        r[i] ^= a[i];
}

/* r ^= a x^j */
static void padd_shl(gn_limb_t *r, const gn_limb_t *a, unsigned j, size_t L)
{
    size_t w = j / F2M_W;
    unsigned s = j % F2M_W;
    for (size_t i = L; i-- > w;) {
        gn_limb_t v = a[i - w] << s;
        if (s && i > w)
            v |= a[i - w - 1] >> (F2M_W - s);
        r[i] ^= v;
    }
}

/* a <- a / x^t, 0 < t < W */
static void pshr(gn_limb_t *a, unsigned t, size_t L)
{
    for (size_t i = 0; i + 1 < L; i++)
        a[i] = a[i] >> t | a[i + 1] << (F2M_W - t);
    a[L - 1] >>= t;
}

/* a ^= g x^j for g < 2^(W-1), within L limbs */
static void pxor_at(gn_limb_t *a, unsigned j, gn_limb_t g, size_t L)
{
    unsigned s = j % F2M_W;
    a[j / F2M_W] ^= g << s;
    if (s && j / F2M_W + 1 < L)
        a[j / F2M_W + 1] ^= g >> (F2M_W - s);
}

static void set_f(const gn_f2m_ctx_t *ctx, gn_limb_t *p)
{
    memset(p, 0, sizeof(poly));
    p[0] = 1;
    p[ctx->m / F2M_W] |= (gn_limb_t)1 << (ctx->m % F2M_W);
    for (unsigned i = 0; i < ctx->nk; i++)
        p[ctx->k[i] / F2M_W] |= (gn_limb_t)1 << (ctx->k[i] % F2M_W);
}

static void set_elem(const gn_f2m_ctx_t *ctx, gn_limb_t *p, const gn_f2m_t *a)
{
    memset(p, 0, sizeof(poly));
    memcpy(p, a->v, ctx->n * sizeof *p);
}

/* While x | c: c <- c/x and w <- w/x mod f (w + f first when w is odd), for c != 0. Several
 * divisions by x at once: with s <= k_min (the lowest middle exponent of f) and g = w mod x^s,
 * w + g f is divisible by x^s, as f = 1 mod x^s; HMV Alg. 2.48 does the same one bit at a time. */
static void halve(const gn_f2m_ctx_t *ctx, gn_limb_t *c, gn_limb_t *w, size_t L)
{
    unsigned kmin = ctx->k[ctx->nk - 1], most = kmin < F2M_W - 1 ? kmin : F2M_W - 1;
    while (!(c[0] & 1)) {
        unsigned t = c[0] ? (unsigned)low_bit(c[0]) : most;
        if (t > most)
            t = most;
        gn_limb_t g = w[0] & (((gn_limb_t)1 << t) - 1);
        w[0] ^= g; /* w + g f: g x^0 ... */
        for (unsigned i = 0; i < ctx->nk; i++)
            pxor_at(w, ctx->k[i], g, L);
        pxor_at(w, ctx->m, g, L); /* ... + g x^k + g x^m */
        pshr(c, t, L);
        pshr(w, t, L);
    }
}

/* (a, b, u, v) = (a0, f, num, 0), and p = f. */
static void binary_start(const gn_f2m_ctx_t *ctx, gn_limb_t *a, gn_limb_t *b, gn_limb_t *u, gn_limb_t *v, gn_limb_t *p,
                         const gn_f2m_t *a0, const gn_f2m_t *num)
{
    set_f(ctx, p);
    set_elem(ctx, a, a0);
    memcpy(b, p, sizeof(poly));
    set_elem(ctx, u, num);
    memset(v, 0, sizeof(poly));
}

/* Stein's algorithm with a swap (the background's Alg. 2.7): invariant u a0 = a num, v a0 = b num
 * mod f, from (a, b, u, v) = (a0, f, num, 0), until a = 1. */
static void stein_swap(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a0, const gn_f2m_t *num)
{
    size_t L = ctx->n + 1;
    poly a, b, u, v, p;
    binary_start(ctx, a, b, u, v, p, a0, num);
    while (!is_one(a, L)) {
        if (a[0] & 1) {
            if (deg_var(a, L) < deg_var(b, L)) {
                poly t;
                memcpy(t, a, sizeof t), memcpy(a, b, sizeof t), memcpy(b, t, sizeof t);
                memcpy(t, u, sizeof t), memcpy(u, v, sizeof t), memcpy(v, t, sizeof t);
            }
            padd(a, b, L);
            padd(u, v, L);
        }
        halve(ctx, a, u, L);
    }
    memcpy(r->v, u, ctx->n * sizeof *u);
}

/* The swap-free variant (the background's Alg. 2.10; HMV Alg. 2.48 is the same): the larger of
 * a and b absorbs the other, then each is made odd on its own, so the a/u and b/v halves proceed
 * independently. */
static void stein_noswap(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a0, const gn_f2m_t *num)
{
    size_t L = ctx->n + 1;
    poly a, b, u, v, p;
    binary_start(ctx, a, b, u, v, p, a0, num);
    halve(ctx, a, u, L);
    while (!is_one(a, L)) {
        if (deg_var(a, L) < deg_var(b, L)) {
            padd(b, a, L);
            padd(v, u, L);
            halve(ctx, b, v, L);
        } else {
            padd(a, b, L);
            padd(u, v, L);
            halve(ctx, a, u, L);
        }
    }
    memcpy(r->v, u, ctx->n * sizeof *u);
}

/* The extended Euclidean algorithm (HMV Alg. 2.47): invariant g1 a0 = u, g2 a0 = v mod f, from
 * (u, v, g1, g2) = (a0, f, 1, 0); u <- u + x^j v with j = deg u - deg v, swapping when j < 0.
 * Ends at u = 1 (returns 1, g1 = 1/a0) or u = 0 (gcd(a0, f) = v != 1: returns 0). */
static int eea(const gn_f2m_ctx_t *ctx, gn_limb_t *g1, const gn_f2m_t *a0)
{
    size_t L = ctx->n + 1;
    poly u, v, g2;
    set_elem(ctx, u, a0);
    set_f(ctx, v);
    memset(g1, 0, sizeof(poly));
    g1[0] = 1;
    memset(g2, 0, sizeof g2);
    for (;;) {
        int du = deg_var(u, L), dv = deg_var(v, L);
        if (du <= 0)
            return du == 0;
        if (du < dv) {
            poly t;
            memcpy(t, u, sizeof t), memcpy(u, v, sizeof t), memcpy(v, t, sizeof t);
            memcpy(t, g1, sizeof t), memcpy(g1, g2, sizeof t), memcpy(g2, t, sizeof t);
            int d = du;
            du = dv, dv = d;
        }
        padd_shl(u, v, (unsigned)(du - dv), L);
        padd_shl(g1, g2, (unsigned)(du - dv), L);
    }
}

int gn_f2m_gcd_is_one_var(const gn_f2m_ctx_t *ctx, const gn_f2m_t *a)
{
    poly g;
    return eea(ctx, g, a);
}

gn_err gn_f2m_inv_eea_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    poly g;
    if (gn_f2m_is_zero(ctx, a)) {
        gn_f2m_set_zero(ctx, r);
        return GN_ERR_NOT_INVERTIBLE;
    }
    (void)eea(ctx, g, a); /* f is irreducible: gcd 1 */
    memcpy(r->v, g, ctx->n * sizeof *g);
    return GN_OK;
}

typedef void (*binary_fn)(const gn_f2m_ctx_t *, gn_f2m_t *, const gn_f2m_t *, const gn_f2m_t *);

static gn_err binary(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *b, const gn_f2m_t *a, binary_fn fn)
{
    if (gn_f2m_is_zero(ctx, a)) { /* a = 0 would never become odd */
        gn_f2m_set_zero(ctx, r);
        return GN_ERR_NOT_INVERTIBLE;
    }
    gn_f2m_t num;
    if (b)
        num = *b;
    else
        gn_f2m_set_one(ctx, &num);
    fn(ctx, r, a, &num);
    return GN_OK;
}

gn_err gn_f2m_inv_stein_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    return binary(ctx, r, NULL, a, stein_swap);
}

gn_err gn_f2m_inv_stein2_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *a)
{
    return binary(ctx, r, NULL, a, stein_noswap);
}

gn_err gn_f2m_div_var(const gn_f2m_ctx_t *ctx, gn_f2m_t *r, const gn_f2m_t *b, const gn_f2m_t *a)
{
    return binary(ctx, r, b, a, stein_noswap);
}
