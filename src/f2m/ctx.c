/*
 * Binary-field contexts: the reduction polynomial's exponents are checked, the reduction and the
 * multiplier chosen, f tested for irreducibility, and the trace's linear form computed.
 */
#include <string.h>

#include "f2m/f2m_internal.h"


static int is_prime_small(unsigned q)
{
    for (unsigned d = 2; d * d <= q; d++)
        if (q % d == 0)
            return 0;
    return q >= 2;
}

/* Rabin's test: f of degree m is irreducible iff x^(2^m) = x mod f and gcd(x^(2^(m/q)) - x, f) = 1
 * for every prime q dividing m. Repeated squaring of x in the field being built; the gcds by the
 * Euclidean algorithm (inv_var.c). */
static int irreducible(const gn_f2m_ctx_t *ctx)
{
    gn_f2m_t x, t;
    gn_f2m_set_zero(ctx, &x);
    x.v[0] = 2;
    t = x;
    for (unsigned i = 1; i <= ctx->m; i++) {
        gn_f2m_sqr(ctx, &t, &t); /* x^(2^i) */
        if (i == ctx->m)
            break;
        unsigned q = ctx->m / i;
        if (ctx->m % i == 0 && is_prime_small(q)) {
            gn_f2m_t h;
            gn_f2m_add(ctx, &h, &t, &x);
            if (!gn_f2m_gcd_is_one_var(ctx, &h))
                return 0;
        }
    }
    return memcmp(t.v, x.v, sizeof t.v) == 0;
}

/* Tr(x^i) for i < m: the power sums s_i of the roots of f, by Newton's identities
 * s_i = e_1 s_(i-1) + ... + e_(i-1) s_1 + i e_i over GF(2), where e_j = 1 iff x^(m-j) is a term
 * of f; s_0 = Tr(1) = m mod 2 (as in Ahmadi and Menezes, "On the number of trace-one elements in
 * polynomial bases for F_2^n", 2005). With a sparse f each s_i is a sum of at most four terms. */
static void trace_form(gn_f2m_ctx_t *ctx)
{
    unsigned char s[GN_F2M_MAX_M];
    memset(ctx->trace, 0, sizeof ctx->trace);
    s[0] = ctx->m & 1;
    for (unsigned i = 1; i < ctx->m; i++) {
        unsigned v = 0;
        for (unsigned j = 0; j < ctx->nk; j++) {
            unsigned e = ctx->m - ctx->k[j]; /* e_e = 1 */
            if (e < i)
                v ^= s[i - e];
            else if (e == i)
                v ^= i & 1;
        }
        s[i] = (unsigned char)v;
    }
    int tau = -1;
    for (unsigned i = 0; i < ctx->m; i++) {
        ctx->trace[i / F2M_W] |= (gn_limb_t)s[i] << (i % F2M_W);
        if (s[i] && tau < 0)
            tau = (int)i;
    }
    memset(ctx->tau, 0, sizeof ctx->tau);
    ctx->tau[tau / F2M_W] = (gn_limb_t)1 << (tau % F2M_W); /* the trace form is not zero: tau >= 0 */
}

static int nist_polynomial(unsigned m, const unsigned *k, unsigned nk)
{
    static const unsigned nist[5][4] = {{163, 7, 6, 3}, {233, 74, 0, 0}, {283, 12, 7, 5}, {409, 87, 0, 0},
                                        {571, 10, 5, 2}};
    for (size_t i = 0; i < 5; i++)
        if (nist[i][0] == m && nk == (nist[i][2] ? 3u : 1u) && !memcmp(nist[i] + 1, k, nk * sizeof *k))
            return 1;
    return 0;
}

gn_err gn_f2m_init_kernel(gn_f2m_ctx_t *ctx, const unsigned *exps, size_t nexp, gn_f2m_kernel_kind kind)
{
    if (!ctx || !exps || (nexp != 3 && nexp != 5) || exps[nexp - 1] != 0 || exps[0] < 2)
        return GN_ERR_INVALID;
    for (size_t i = 1; i < nexp; i++)
        if (exps[i] >= exps[i - 1])
            return GN_ERR_INVALID;
    if (exps[0] > GN_F2M_MAX_M)
        return GN_ERR_TOO_LARGE;
    memset(ctx, 0, sizeof *ctx);
    ctx->m = exps[0];
    ctx->nk = (unsigned)nexp - 2;
    for (unsigned i = 0; i < ctx->nk; i++)
        ctx->k[i] = exps[i + 1];
    ctx->n = (ctx->m + F2M_W - 1) / F2M_W;
    ctx->bytes = (ctx->m + 7) / 8;
    if (nist_polynomial(ctx->m, ctx->k, ctx->nk))
        ctx->red = ctx->m;
    else
        ctx->red = ctx->k[0] + F2M_W <= ctx->m ? 1 : 0;
    switch (kind) {
    case GN_F2M_KERNEL_AUTO: ctx->clmul = gn_f2m_clmul_available(); break;
    case GN_F2M_KERNEL_PORTABLE: ctx->clmul = 0; break;
    case GN_F2M_KERNEL_CLMUL:
        if (!gn_f2m_clmul_available())
            return GN_ERR_UNSUPPORTED;
        ctx->clmul = 1;
        break;
    default: return GN_ERR_INVALID;
    }
    if (!irreducible(ctx))
        return GN_ERR_REDUCIBLE;
    trace_form(ctx);
    return GN_OK;
}

gn_err gn_f2m_init(gn_f2m_ctx_t *ctx, const unsigned *exps, size_t nexp)
{
    return gn_f2m_init_kernel(ctx, exps, nexp, GN_F2M_KERNEL_AUTO);
}

gn_err gn_f2m_clmul_products(const gn_f2m_ctx_t *ctx, size_t *mul, size_t *sqr)
{
    if (!ctx || !mul || !sqr)
        return GN_ERR_INVALID;
    if (!ctx->clmul)
        return GN_ERR_UNSUPPORTED;
    const size_t w = (ctx->m + 63) / 64; /* src/f2m/mul_clmul.c: words, 32-bit limbs packed in pairs */
    *mul = w * w;
    *sqr = w;
    return GN_OK;
}

const char *gn_f2m_kernel_name(const gn_f2m_ctx_t *ctx)
{
    return ctx->clmul ? "clmul" : "portable";
}

const char *gn_f2m_reduction_name(const gn_f2m_ctx_t *ctx)
{
    switch (ctx->red) {
    case 163: return "fixed163";
    case 233: return "fixed233";
    case 283: return "fixed283";
    case 409: return "fixed409";
    case 571: return "fixed571";
    case 1: return "words";
    default: return "chunks";
    }
}

int gn_f2m_have_clmul(void)
{
    return gn_f2m_clmul_available();
}

size_t gn_f2m_bytes(const gn_f2m_ctx_t *ctx)
{
    return ctx->bytes;
}
