/* Binary-field benchmarks on the NIST polynomials of degree 163 and 571: f2m<m>_mul (the
 * multiplier gn_f2m_init picks), f2m<m>_mul_portable (the comb), f2m<m>_sqr, f2m<m>_inv
 * (constant-time Itoh-Tsujii), and the variable-time f2m<m>_inv_stein_var, _inv_stein2_var,
 * _inv_eea_var and f2m<m>_div_var. With --vs, PARI's multiplication and inversion (peer_pari_f2m.c). */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_f2m_ctx_t ctx;
    gn_f2m_t x, y;
} f2m_state;

static void body_mul(void *s, size_t iters)
{
    f2m_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_f2m_mul(&st->ctx, &st->x, &st->x, &st->y);
}

static void body_sqr(void *s, size_t iters)
{
    f2m_state *st = s;
    for (size_t i = 0; i < iters; i++)
        gn_f2m_sqr(&st->ctx, &st->x, &st->x);
}

typedef gn_err (*inv_fn)(const gn_f2m_ctx_t *, gn_f2m_t *, const gn_f2m_t *);

static void inv_loop(f2m_state *st, size_t iters, inv_fn fn)
{
    for (size_t i = 0; i < iters; i++)
        if (fn(&st->ctx, &st->x, &st->x) != GN_OK)
            return;
}

static void body_inv(void *s, size_t iters) { inv_loop(s, iters, gn_f2m_inv); }
static void body_inv_stein(void *s, size_t iters) { inv_loop(s, iters, gn_f2m_inv_stein_var); }
static void body_inv_stein2(void *s, size_t iters) { inv_loop(s, iters, gn_f2m_inv_stein2_var); }
static void body_inv_eea(void *s, size_t iters) { inv_loop(s, iters, gn_f2m_inv_eea_var); }

static void body_div(void *s, size_t iters)
{
    f2m_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_f2m_div_var(&st->ctx, &st->x, &st->y, &st->x) != GN_OK)
            return;
}

static void run_case(bench_set *set, bench_f2m_case *c, int vs)
{
    f2m_state st;
    char name[48];
    bench_rng rng = {0xf2f2f200ULL + c->exps[0]};
    if (gn_f2m_init(&st.ctx, c->exps, c->nexp) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: bad polynomial\n", c->prefix);
        return;
    }
    c->bytes = gn_f2m_bytes(&st.ctx);
    do { /* random non-zero elements, shared with the peer as bytes */
        bench_rng_bytes(&rng, c->x, c->bytes);
        bench_rng_bytes(&rng, c->y, c->bytes);
        c->x[0] &= (uint8_t)(0xff >> (8 * c->bytes - c->exps[0]));
        c->y[0] &= (uint8_t)(0xff >> (8 * c->bytes - c->exps[0]));
    } while (gn_f2m_decode(&st.ctx, &st.x, c->x, c->bytes) != GN_OK ||
             gn_f2m_decode(&st.ctx, &st.y, c->y, c->bytes) != GN_OK || gn_f2m_is_zero(&st.ctx, &st.x) ||
             gn_f2m_is_zero(&st.ctx, &st.y));
    gn_f2m_t xy;
    gn_f2m_mul(&st.ctx, &xy, &st.x, &st.y);
    gn_f2m_encode(&st.ctx, c->xy, &xy);
    f2m_state saved = st;
    static const struct {
        const char *op;
        bench_fn fn;
    } ops[] = {{"mul", body_mul},
               {"sqr", body_sqr},
               {"inv", body_inv},
               {"inv_stein_var", body_inv_stein},
               {"inv_stein2_var", body_inv_stein2},
               {"inv_eea_var", body_inv_eea},
               {"div_var", body_div}};
    f2m_state mine[sizeof ops / sizeof ops[0]]; /* each operation's state, for the peer's results */
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        snprintf(name, sizeof name, "%s_%s", c->prefix, ops[k].op);
        mine[k] = saved;
        bench_run(set, name, "genus", ops[k].fn, &mine[k]);
        bench_partner(set, name, ops[k].fn, &mine[k]); /* PARI's results alternate with it */
    }
    st = saved;
    if (st.ctx.clmul && gn_f2m_init_kernel(&st.ctx, c->exps, c->nexp, GN_F2M_KERNEL_PORTABLE) == GN_OK) {
        snprintf(name, sizeof name, "%s_mul_portable", c->prefix);
        bench_run(set, name, "genus", body_mul, &st);
    }
    if (vs)
        peer_pari_f2m(set, c);
    bench_partners_clear(set);
}

void bench_f2m(bench_set *set, int vs)
{
    static const struct {
        const char *prefix;
        unsigned exps[5];
        size_t nexp;
    } fields[] = {{"f2m163", {163, 7, 6, 3, 0}, 5}, {"f2m571", {571, 10, 5, 2, 0}, 5}};
    bench_f2m_case c;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        c.prefix = fields[i].prefix;
        memcpy(c.exps, fields[i].exps, sizeof c.exps);
        c.nexp = fields[i].nexp;
        run_case(set, &c, vs);
    }
}
