/* PARI/GP (libpari) as a benchmark peer for GF(2^m): multiplication and inversion of t_FFELT
 * elements (gmul, ginv: PARI's F2xq layer underneath), f2m<m>_mul and f2m<m>_inv. libpari is
 * started by peer_pari_start (peer_pari_ec.c) and stopped with the other peers' by peer_pari_done.
 * Elements are built once through the GP parser from genus's bytes; PARI's product is compared
 * with genus's before timing. */
#include <stdio.h>
#include <string.h>

#include "peers.h"

#ifdef GN_BENCH_PARI
#include <pari/pari.h>

typedef struct {
    GEN x, y;
} pari_f2m_state;

static void pari_f2m_mul(void *st, size_t iters)
{
    pari_f2m_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        pari_sp av = avma;
        (void)gmul(s->x, s->y);
        set_avma(av);
    }
}

static void pari_f2m_inv(void *st, size_t iters)
{
    pari_f2m_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        pari_sp av = avma;
        (void)ginv(s->x);
        set_avma(av);
    }
}

/* The element with big-endian bytes b in the field of generator g (the GP variable gn_f2m_g). */
static GEN element(const uint8_t *b, size_t len)
{
    char expr[4 * 80 + 64];
    int at = snprintf(expr, sizeof expr, "gn_f2m_g^0*subst(Pol(binary(0x");
    for (size_t i = 0; i < len; i++)
        at += snprintf(expr + at, sizeof expr - (size_t)at, "%02x", b[i]);
    snprintf(expr + at, sizeof expr - (size_t)at, ")),'x,gn_f2m_g)");
    return gp_read_str(expr);
}

void peer_pari_ffgen(const char *var, const unsigned *exps, size_t nexp)
{
    char expr[128];
    int at = snprintf(expr, sizeof expr, "%s=ffgen(Mod(1,2)*(0", var);
    for (size_t i = 0; i < nexp; i++)
        at += snprintf(expr + at, sizeof expr - (size_t)at, "+x^%u", exps[i]);
    snprintf(expr + at, sizeof expr - (size_t)at, "),'a)");
    (void)gp_read_str(expr);
}

void peer_pari_f2m(bench_set *set, const bench_f2m_case *c)
{
    char name[48];
    peer_pari_start();
    pari_sp av0 = avma;
    peer_pari_ffgen("gn_f2m_g", c->exps, c->nexp);
    pari_f2m_state s = {element(c->x, c->bytes), element(c->y, c->bytes)};
    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    if (!gequal(gmul(s.x, s.y), element(c->xy, c->bytes)))
        fprintf(stderr, "bench: %s pari DISAGREES\n", c->prefix);
    snprintf(name, sizeof name, "%s_mul", c->prefix);
    if (bench_wanted(set, name))
        bench_run(set, name, "pari", pari_f2m_mul, &s);
    snprintf(name, sizeof name, "%s_inv", c->prefix);
    if (bench_wanted(set, name))
        bench_run(set, name, "pari", pari_f2m_inv, &s);
    set_avma(av0);
}
#else
void peer_pari_f2m(bench_set *set, const bench_f2m_case *c)
{
    (void)set;
    (void)c;
}
#endif
