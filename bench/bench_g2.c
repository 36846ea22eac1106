/* Genus-2 Jacobian benchmark: g2_mul (gn_g2_mul, the constant-time path on the explicit affine
 * formulas) with a 256-bit scalar on the Rosenhain curve of the Gaudry-Schost surface over
 * 2^127 - 1 (gn_g2_init_gs127), to compare with kummer_dh on the same Jacobian's quotient. */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_g2_ctx_t g;
    gn_g2_elem_t d, r;
    uint8_t k[32];
    int failed;
} g2_state;

static int rng_fn(void *st, uint8_t *out, size_t len)
{
    bench_rng_bytes(st, out, len);
    return 0;
}

static void body_mul(void *s, size_t iters)
{
    g2_state *st = s;
    for (size_t i = 0; i < iters; i++)
        st->failed |= gn_g2_mul(&st->g, &st->r, st->k, sizeof st->k, &st->d) != GN_OK;
}

/* --floor: the multiplication counted on the same element and scalar (bench/floor.c) */
static void count_products(bench_set *set, const g2_state *st)
{
    static gn_g2_ctx_t cc;
    static gn_op_counts_t n;
    gn_g2_elem_t d, r;
    uint8_t b[GN_FP_MAX_BITS / 8];
    const size_t fb = gn_fp_bytes(&st->g.fp);
    gn_err e = gn_g2_counting(&cc, &st->g, &n);
    d = st->d;
    for (size_t i = 0; i < 4 && e == GN_OK; i++) {
        gn_fp_encode(&st->g.fp, b, &st->d.c[i]);
        e = gn_fp_decode(&cc.fp, &d.c[i], b, fb);
    }
    memset(&n, 0, sizeof n);
    if (e == GN_OK && gn_g2_mul(&cc, &r, st->k, sizeof st->k, &d) == GN_OK)
        bench_set_products(set, "g2_mul", "genus", bench_products(&st->g.fp, &n));
}

void bench_g2(bench_set *set)
{
    static g2_state st;
    bench_rng rng = {0x67326a6163};
    if (!bench_wanted(set, "g2_mul"))
        return;
    memset(&st, 0, sizeof st);
    bench_rng_bytes(&rng, st.k, sizeof st.k);
    if (gn_g2_init_gs127(&st.g) != GN_OK || gn_g2_random(&st.g, &st.d, rng_fn, &rng) != GN_OK) {
        fprintf(stderr, "genus: bench: g2: set-up failed\n");
        return;
    }
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    bench_run(set, "g2_mul", "genus", body_mul, &st);
    set->runs = saved;
    if (set->floor)
        count_products(set, &st);
    if (st.failed)
        fprintf(stderr, "genus: bench: g2: a multiplication failed\n");
}
