/*
 * `genus bench --choices` (docs/PERFORMANCE.md): every variant of each automatic choice genus
 * makes, measured in one run, beside the one it picks. A result choice_<point> per variant
 * (impl: the variant), each timed in blocks alternating with the pick (bench_partner: its
 * paired ratio is pick / variant), and the pick recorded for cmd_bench's table:
 * - choice_kernel_<curve>: the field kernel of the curve's prime (generic, the fixed-size C
 *   kernel, its mulx form, the special-form kernel), by a scalar multiplication on it;
 * - choice_window_<curve>: the window width of the default method, 3 to 5;
 * - choice_kummer_ladder: the gs127 Kummer ladders, by a Diffie-Hellman exchange (bench_kummer.c,
 *   which measures them anyway).
 */
#include <stdio.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

/* st->ec on kernel `kind` (from `base`), with p carried over; 0 when the kernel cannot serve. */
static int on_kernel(bench_ec_state *st, const gn_ec_ctx_t *base, const gn_ec_point_t *p, gn_fp_kernel_kind kind)
{
    return gn_ec_with_kernel(&st->ec, base, kind, NULL, NULL) == GN_OK && bench_point_onto(&st->ec, &st->p, base, p);
}

static void curve_choices(bench_set *set, const char *named, const char *curve)
{
    static bench_ec_state st;
    static gn_ec_ctx_t base;
    static gn_ec_point_t p;
    char kname[48], wname[48];
    snprintf(kname, sizeof kname, "choice_kernel_%s", curve);
    snprintf(wname, sizeof wname, "choice_window_%s", curve);
    if (!bench_wanted(set, kname) && !bench_wanted(set, wname))
        return;
    static const uint8_t seven = 7;
    bench_rng rng = {0xc401ce5ULL};
    if (gn_ec_init_named(&base, named) != GN_OK || gn_ec_mul_base(&base, &p, &seven, 1) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: set-up failed\n", curve);
        return;
    }
    st.klen = gn_ec_scalar_bytes(&base); /* any value: gn_ec_mul reduces it */
    bench_rng_bytes(&rng, st.k, st.klen);
    /* the kernels: auto is the one gn_ec_init_named set up */
    static const gn_fp_kernel_kind kinds[] = {GN_FP_KERNEL_GENERIC, GN_FP_KERNEL_FIXED, GN_FP_KERNEL_MULX,
                                              GN_FP_KERNEL_SPECIAL};
    /* genus's pick (the kernel gn_ec_init_named chose, the default window) runs in blocks
     * alternating with each variant (bench_partner), so that pick/fastest is from the same runs */
    static bench_ec_state pick;
    pick = st;
    pick.window = 0;
    if (!on_kernel(&pick, &base, &p, GN_FP_KERNEL_AUTO)) {
        fprintf(stderr, "genus: bench: %s: set-up failed\n", curve);
        return;
    }
    bench_partner(set, kname, bench_body_mul, &pick);
    bench_partner(set, wname, bench_body_mul, &pick);
    st.window = 0;
    if (bench_wanted(set, kname)) {
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            if (on_kernel(&st, &base, &p, kinds[i]))
                bench_run(set, kname, gn_fp_kernel_name(&st.ec.fp), bench_body_mul, &st);
        bench_set_choice(set, kname, gn_fp_kernel_name(&base.fp));
    }
    /* the window widths of the default method on the curve's own kernel; auto: its default */
    if (bench_wanted(set, wname) && on_kernel(&st, &base, &p, GN_FP_KERNEL_AUTO)) {
        char impl[16];
        for (unsigned w = 3; w <= 5; w++) {
            snprintf(impl, sizeof impl, "w%u", w);
            st.window = w;
            bench_run(set, wname, impl, bench_body_mul, &st);
        }
        snprintf(impl, sizeof impl, "w%u", gn_ec_default_window(&base, GN_EC_METHOD_DEFAULT));
        bench_set_choice(set, wname, impl);
    }
    bench_partners_clear(set);
    if (st.failed || pick.failed)
        fprintf(stderr, "genus: bench: %s: a multiplication failed\n", curve);
}

void bench_choices(bench_set *set)
{
    static const char *const curves[][2] = {
        {"P-224", "p224"},         {"P-256", "p256"},
        {"P-384", "p384"},         {"P-521", "p521"},
        {"secp256k1", "secp256k1"}, {"brainpoolP256r1", "brainpoolp256r1"},
        {"brainpoolP384r1", "brainpoolp384r1"}, {"brainpoolP512r1", "brainpoolp512r1"},
        {"edwards25519", "edwards25519"}, {"edwards448", "edwards448"}};
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        curve_choices(set, curves[i][0], curves[i][1]);
    set->runs = saved; /* choice_kummer_ladder: bench_kummer, with the ladders it measures */
}
