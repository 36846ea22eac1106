/*
 * The vector product and reduction of rns_simd.h, their temporaries sized for CAP channels a
 * base (CAP + 8: the lanes past the channels): included twice, for the field kernel's
 * GN_FP_RNS_MAX_N and for GN_RNS_MAX_N, so that the kernel's products keep small frames. The
 * including file defines CAP and SIZED(name) besides rns_simd.h's vector operations.
 */
void SIZED(mul_nored)(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    const unsigned n2 = 2 * ctx->n, nl = LANES_OF(n2);
    uint64_t x[2 * CAP + 8], y[2 * CAP + 8];
    memcpy(x, a, n2 * sizeof *x);
    memcpy(y, b, n2 * sizeof *y);
    memset(x + n2, 0, (nl - n2) * sizeof *x); /* the lanes past the channels */
    memset(y + n2, 0, (nl - n2) * sizeof *y);
    SIMD(mulmod_n)(ctx, x, x, y, 0, nl); /* lane by lane: in place */
    memcpy(r, x, n2 * sizeof *r);
    r[n2] = (a[n2] * b[n2]) & ctx->mask;
}

void SIZED(redc)(const gn_rns_ctx_t *ctx, uint64_t *r, const uint64_t *t)
{
    const unsigned n = ctx->n, nl = LANES_OF(n);
    const V mask = VSET1(ctx->mask);
    /* three arrays, each later value over one that is dead by then (the frame sits under every
     * product of the RNS kernel): xi and sb over tb, s over q, xa over ta; the loops below read
     * a lane of each before they write it */
    uint64_t tb[CAP + 8], ta[CAP + 8], q[CAP + 8];
    uint64_t *const xi = tb, *const sb = tb, *const s = q, *const xa = ta;
    memcpy(ta, t, n * sizeof *ta);
    memcpy(tb, t + n, n * sizeof *tb);
    memset(ta + n, 0, (nl - n) * sizeof *ta); /* the lanes past the channels */
    memset(tb + n, 0, (nl - n) * sizeof *tb);
    /* xi_j = t_j (-p^-1 (B/b_j)^-1) mod b_j */
    SIMD(mulmod_n)(ctx, xi, tb, ctx->b_mpinv, n, nl);
    memset(xi + n, 0, (nl - n) * sizeof *xi);
    /* first extension B -> A (alpha = 0: q or q + B) and the redundant channel */
    const uint64_t k = gn_rns_cox_k(ctx, xi, 0);
    SIMD(extend)(ctx, q, xi, &ctx->bj_in_a[0][0], n, 0, nl);
    const uint64_t s_red = gn_rns_red_channel(ctx, xi, k, t[2 * n]);
    /* q_i -= k |B|_{a_i};  s_i = (t_i + q_i p) B^-1 mod a_i;  xa_i = s_i |(A/a_i)^-1| */
    const V kv = VSET1(k);
    for (unsigned i = 0; i < nl; i += W) {
        V e = VLOAD(ctx->e + i), m = VLOAD(ctx->m + i);
        V kb = SIMD(reduce)(VMULU(kv, VLOAD(ctx->b_in_a + i)), e, m, mask, ctx->r);
        V qi = VSUBGE(VADD(VLOAD(q + i), VSUB(m, kb)), m);
        V u = SIMD(reduce)(VADD(VMULU(qi, VLOAD(ctx->p_in_a + i)), VLOAD(ta + i)), e, m, mask, ctx->r);
        V si = SIMD(reduce)(VMULU(u, VLOAD(ctx->binv_in_a + i)), e, m, mask, ctx->r);
        VSTORE(s + i, si);
        VSTORE(xa + i, SIMD(reduce)(VMULU(si, VLOAD(ctx->ai_inv + i)), e, m, mask, ctx->r));
    }
    memset(xa + n, 0, (nl - n) * sizeof *xa);
    /* second extension A -> B, exact */
    const uint64_t k2 = ctx->ext == GN_RNS_EXT_SK ? gn_rns_sk_k_xa(ctx, xa, s_red) : gn_rns_cox_k(ctx, xa, ctx->alpha);
    SIMD(extend)(ctx, sb, xa, &ctx->ai_in_b[0][0], n, n, nl);
    const V k2v = VSET1(k2);
    for (unsigned j = 0; j < nl; j += W) {
        V e = VLOAD(ctx->e + n + j), m = VLOAD(ctx->m + n + j);
        V ka = SIMD(reduce)(VMULU(k2v, VLOAD(ctx->a_in_b + j)), e, m, mask, ctx->r);
        VSTORE(sb + j, VSUBGE(VADD(VLOAD(sb + j), VSUB(m, ka)), m));
    }
    memcpy(r, s, n * sizeof *r);
    memcpy(r + n, sb, n * sizeof *r);
    r[2 * n] = s_red;
}
