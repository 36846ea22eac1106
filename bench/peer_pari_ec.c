/* PARI/GP (libpari) as a benchmark peer for scalar multiplication, variable base: FpE_mul on
 * (a4, p) (impl pari) and ellmul on the curve of ellinit([a4, a6], p) (impl pari-ellmul).
 *
 * libpari is started on first use (peer_pari_start, shared with peer_pari_f2m.c) with
 * pari_init_opts(8000000, 0, ...) (an 8 MB stack), without
 * its signal handlers (INIT_SIGm) and without taking over GMP's memory functions
 * (INIT_noINTGMPm: the GMP peer uses GMP in the same process), unless genus's PARI kernel
 * (src/backend/pari.c) started it already. peer_pari_done stops what peer_pari_start started
 * (pari_close_opts with the same options); cmd_bench calls it once after the last benchmark. Each
 * timed call runs between `av = avma` and `set_avma(av)` so that PARI's stack does not grow. */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_PARI
#include <pari/pari.h>

static int pari_started;
#define PARI_OPTS (INIT_JMPm | INIT_DFTm | INIT_noINTGMPm)

typedef struct {
    GEN p, a4, pt, k, E;
} pari_ec_state;

static void pari_ec_mul(void *st, size_t iters)
{
    pari_ec_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        pari_sp av = avma;
        (void)FpE_mul(s->pt, s->k, s->a4, s->p);
        set_avma(av);
    }
}

static void pari_ellmul(void *st, size_t iters)
{
    pari_ec_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        pari_sp av = avma;
        (void)ellmul(s->E, s->pt, s->k);
        set_avma(av);
    }
}

/* The t_INT with big-endian bytes b[len] (set-up only). */
static GEN int_from_bytes(const uint8_t *b, size_t len)
{
    GEN x = gen_0;
    for (size_t i = 0; i < len; i++)
        x = addui(b[i], shifti(x, 8));
    return x;
}

void peer_pari_ec(bench_set *set, const bench_ec_case *c)
{
    char name[48];
    snprintf(name, sizeof name, "mul_%s", c->curve);
    if (!bench_wanted(set, name))
        return;
    peer_pari_start();
    pari_sp av0 = avma;
    pari_ec_state s;
    s.p = int_from_bytes(c->p, c->bytes);
    s.a4 = int_from_bytes(c->a, c->bytes);
    s.k = int_from_bytes(c->k, c->klen);
    s.pt = mkvec2(int_from_bytes(c->px, c->bytes), int_from_bytes(c->py, c->bytes));

    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    pari_sp av = avma;
    GEN r = FpE_mul(s.pt, s.k, s.a4, s.p);
    if (ell_is_inf(r) || !equalii(gel(r, 1), int_from_bytes(c->kp_x, c->bytes)))
        fprintf(stderr, "bench: %s pari DISAGREES\n", c->curve);
    set_avma(av);

    bench_run(set, name, "pari", pari_ec_mul, &s);
    s.E = ellinit(mkvec2(s.a4, int_from_bytes(c->b, c->bytes)), s.p, DEFAULTPREC);
    av = avma; /* E stays */
    r = ellmul(s.E, s.pt, s.k);
    if (ell_is_inf(r) || !equalii(lift(gel(r, 1)), int_from_bytes(c->kp_x, c->bytes)))
        fprintf(stderr, "bench: %s pari ellmul DISAGREES\n", c->curve);
    set_avma(av);
    bench_run(set, name, "pari-ellmul", pari_ellmul, &s);
    set_avma(av0);
}

void peer_pari_start(void)
{
    if (!pari_started && !pari_mainstack) { /* genus's PARI kernel may have started it */
        pari_init_opts(8000000, 0, PARI_OPTS);
        pari_started = 1;
    }
}

void peer_pari_done(void)
{
    if (pari_started) {
        pari_close_opts(PARI_OPTS);
        pari_started = 0;
    }
}
#else
void peer_pari_ec(bench_set *set, const bench_ec_case *c)
{
    (void)set;
    (void)c;
}

void peer_pari_start(void) {}

void peer_pari_done(void) {}
#endif
