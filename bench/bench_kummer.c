/* Kummer benchmarks: kummer_dh (gn_kummer_dh, variable base: decode, validate and ladder on the
 * peer's 48-byte key) and kummer_keygen (gn_kummer_dh_public, the fixed base point), on the
 * Gaudry-Schost surface over 2^127 - 1 with the ladder gn_kummer_init_gs127 chooses; then
 * kummer_dh_<kind>, the same exchange on each ladder this build and CPU can use (generic, v4,
 * avx2, mulx: gn_kummer_set_ladder), from which the automatic choice is made
 * (docs/ARCHITECTURE.md). No peer library has this surface: the issues compare kummer_dh with
 * genus's own X25519, timed beside it as "kummer_dh genus-x25519" (cmd_bench.c's targets). */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef struct {
    gn_kummer_ctx_t ku;
    uint8_t sk[GN_KUMMER_DH_SECRET_BYTES], peer[GN_KUMMER_DH_PUBLIC_BYTES], out[GN_KUMMER_DH_PUBLIC_BYTES];
    int failed;
} kummer_state;

static void body_dh(void *s, size_t iters)
{
    kummer_state *st = s;
    for (size_t i = 0; i < iters; i++)
        st->failed |= gn_kummer_dh(&st->ku, st->out, st->sk, st->peer) != GN_OK;
}

/* genus's X25519 on the same 32-byte secret and a u of its own, timed beside kummer_dh (the
 * issues' targets compare the two: kummer_dh / x25519) */
typedef struct {
    uint8_t sk[32], u[32], out[32];
    int failed;
} x25519_state;

static void body_x25519(void *s, size_t iters)
{
    x25519_state *st = s;
    for (size_t i = 0; i < iters; i++)
        st->failed |= gn_x25519(st->out, st->sk, st->u) != GN_OK;
}

static void body_keygen(void *s, size_t iters)
{
    kummer_state *st = s;
    for (size_t i = 0; i < iters; i++)
        st->failed |= gn_kummer_dh_public(&st->ku, st->out, st->sk) != GN_OK;
}

void bench_kummer(bench_set *set)
{
    static kummer_state st;
    uint8_t other[GN_KUMMER_DH_SECRET_BYTES];
    bench_rng rng = {0x6b756d6d6572};
    static const struct {
        const char *name;
        gn_kummer_ladder_kind kind;
    } kinds[] = {{"kummer_dh_generic", GN_KUMMER_LADDER_GENERIC},
                 {"kummer_dh_v4", GN_KUMMER_LADDER_GS127_V4},
                 {"kummer_dh_avx2", GN_KUMMER_LADDER_GS127_AVX2},
                 {"kummer_dh_mulx", GN_KUMMER_LADDER_GS127_MULX}};
    static const char *const ladder_names[] = {"auto", "generic", "v4", "avx2", "mulx"}; /* by kind */
    const char *choice = "choice_kummer_ladder"; /* --choices: the same ladders, and the pick */
    const int choices = set->choices && bench_wanted(set, choice);
    int any = bench_wanted(set, "kummer_dh") || bench_wanted(set, "kummer_keygen") || choices;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        any |= bench_wanted(set, kinds[i].name);
    if (!any)
        return;
    memset(&st, 0, sizeof st);
    bench_rng_bytes(&rng, st.sk, sizeof st.sk);
    bench_rng_bytes(&rng, other, sizeof other);
    if (gn_kummer_init_gs127(&st.ku) != GN_OK || gn_kummer_dh_public(&st.ku, st.peer, other) != GN_OK) {
        fprintf(stderr, "genus: bench: kummer: set-up failed\n");
        return;
    }
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    if (bench_wanted(set, "kummer_dh")) {
        bench_run(set, "kummer_dh", "genus", body_dh, &st);
        /* X25519 in blocks alternating with it: "kummer_dh genus-x25519", whose genus/impl is
         * kummer_dh over x25519 from the same runs */
        static x25519_state xs;
        static const uint8_t nine[32] = {9};
        memcpy(xs.sk, st.sk, sizeof xs.sk);
        if (gn_x25519(xs.u, other, nine) == GN_OK) {
            bench_partner(set, "kummer_dh", body_dh, &st);
            bench_run(set, "kummer_dh", "genus-x25519", body_x25519, &xs);
            bench_partners_clear(set);
        }
        st.failed |= xs.failed;
        if (set->floor) { /* the exchange counted on the same keys (bench/floor.c) */
            static gn_kummer_ctx_t cc;
            static gn_op_counts_t n;
            uint8_t out[GN_KUMMER_DH_PUBLIC_BYTES];
            if (gn_kummer_counting(&cc, &st.ku, &n) == GN_OK && (memset(&n, 0, sizeof n), 1) &&
                gn_kummer_dh(&cc, out, st.sk, st.peer) == GN_OK)
                bench_set_products(set, "kummer_dh", "genus", bench_products(&st.ku.fp, &n));
        }
    }
    if (bench_wanted(set, "kummer_keygen"))
        bench_run(set, "kummer_keygen", "genus", body_keygen, &st);
    gn_kummer_ctx_t chosen = st.ku;
    static kummer_state pick; /* the automatic ladder, alternating with each choice variant */
    pick = st;
    if (choices)
        bench_partner(set, choice, body_dh, &pick);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        st.ku = chosen;
        if (gn_kummer_set_ladder(&st.ku, kinds[i].kind) != GN_OK)
            continue;
        if (bench_wanted(set, kinds[i].name))
            bench_run(set, kinds[i].name, "genus", body_dh, &st);
        if (choices)
            bench_run(set, choice, ladder_names[kinds[i].kind], body_dh, &st);
    }
    st.ku = chosen;
    bench_partners_clear(set);
    st.failed |= pick.failed;
    if (choices)
        bench_set_choice(set, choice, ladder_names[gn_kummer_get_ladder(&chosen)]);
    set->runs = saved;
    if (st.failed)
        fprintf(stderr, "genus: bench: kummer: an exchange failed\n");
}
