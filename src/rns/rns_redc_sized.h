/*
 * The RNS reduction on words (no vector unit, or r above GN_RNS_SIMD_MAX_R), its temporaries
 * sized for CAP channels a base: included by src/rns/rns.c once for the field kernel's
 * GN_FP_RNS_MAX_N and once for GN_RNS_MAX_N, so that the kernel's products keep small frames.
 * The including file defines CAP and SIZED(name), and the word helpers (rns_word.h, dot, sk_k).
 */
static GN_NOINLINE void SIZED(redc_words)(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t)
{
    const unsigned n = ctx->n;
    const uint64_t *tb = t + n;
    uint64_t xi[CAP], q[CAP + 1], s[2 * CAP + 1];
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
    uint64_t xa[CAP];
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
