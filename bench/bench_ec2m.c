/* Binary-curve scalar multiplication: mul_<curve> for B-163, K-163, B-233, B-283 and B-571, the
 * constant-time Lopez-Dahab ladder (gn_ec2m_mul_ladder) on P = [7] G and a random k below the
 * order; with --vs, OpenSSL's EC_POINT_mul and PARI's ellmul on the same point and scalar
 * (peer_openssl_ec.c, peer_pari_ec2m.c). */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_ec2m_ctx_t ec;
    gn_ec2m_point_t p, r;
    uint8_t k[GN_EC2M_MAX_SCALAR_BYTES];
    size_t klen;
} ec2m_state;

static void body_ladder(void *s, size_t iters)
{
    ec2m_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_ec2m_mul_ladder(&st->ec, &st->r, st->k, st->klen, &st->p) != GN_OK)
            return;
}

static void run_curve(bench_set *set, const char *curve, const char *result, int vs)
{
    static ec2m_state st;
    bench_ec2m_case c;
    bench_rng rng = {0xec2ec2ULL + strlen(result)};
    if (!bench_wanted(set, result) || gn_ec2m_init_named(&st.ec, curve) != GN_OK)
        return;
    const uint8_t seven = 7;
    if (gn_ec2m_mul_wnaf_var(&st.ec, &st.p, &seven, 1, &st.ec.g, 0) != GN_OK)
        return;
    st.klen = st.ec.nbytes;
    do { /* 0 < k < n, by rejection */
        bench_rng_bytes(&rng, st.k, st.klen);
    } while (memcmp(st.k, st.ec.n, st.klen) >= 0);
    if (gn_ec2m_mul_ladder(&st.ec, &st.r, st.k, st.klen, &st.p) != GN_OK)
        return;
    bench_run(set, result, "genus", body_ladder, &st);
    if (set->floor) {
        /* the ladder's 8 klen steps, each the counted ladder step (the y recovery's few products
         * and its inversion left out, as every floor leaves inversions out), in carry-less products */
        gn_op_counts_t n;
        size_t pm, ps;
        if (gn_ec2m_count_ops(&st.ec, GN_EC_OP_LADDER_STEP, &n) == GN_OK &&
            gn_f2m_clmul_products(&st.ec.f, &pm, &ps) == GN_OK)
            bench_set_products_in(set, result, "genus",
                                  8.0 * (double)st.klen * ((double)(n.m + n.d) * (double)pm + (double)n.s * (double)ps),
                                  "clmul_product");
    }
    if (!vs)
        return;
    c.name = result;
    c.params = NULL;
    for (size_t i = 0; i < gn_ec2m_named_count(); i++)
        if (!strcmp(gn_ec2m_named_name(i), curve))
            c.params = gn_ec2m_named_params(i);
    c.bytes = gn_f2m_bytes(&st.ec.f);
    c.klen = st.klen;
    memcpy(c.k, st.k, st.klen);
    gn_f2m_encode(&st.ec.f, c.px, &st.p.x);
    gn_f2m_encode(&st.ec.f, c.py, &st.p.y);
    gn_f2m_encode(&st.ec.f, c.kp_x, &st.r.x);
    bench_partner(set, result, body_ladder, &st); /* the peers alternate with it */
    peer_openssl_ec2m(set, &c);
    if (c.params)
        peer_pari_ec2m(set, &c);
    bench_partners_clear(set);
}

void bench_ec2m(bench_set *set, int vs)
{
    static const char *curves[][2] = {{"B-163", "mul_b163"}, {"K-163", "mul_k163"}, {"B-233", "mul_b233"},
                                      {"B-283", "mul_b283"}, {"B-571", "mul_b571"}};
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        run_curve(set, curves[i][0], curves[i][1], vs);
    set->runs = saved;
}
