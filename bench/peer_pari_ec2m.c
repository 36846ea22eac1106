/* PARI/GP (libpari) as a benchmark peer for binary curves: ellmul on ellinit([1, a, 0, 0, b])
 * over ffgen of the curve's polynomial (mul_b163 ...). libpari is started by peer_pari_start and
 * stopped by peer_pari_done. The curve, point and scalar are built once through the GP parser;
 * PARI's x of [k] P is compared with genus's before timing. */
#include <stdio.h>
#include <string.h>

#include "genus/ec2m.h"
#include "peers.h"

#ifdef GN_BENCH_PARI
#include <pari/pari.h>

typedef struct {
    GEN e, p, k;
} pari_ec2m_state;

static void pari_ec2m_mul(void *st, size_t iters)
{
    pari_ec2m_state *s = st;
    for (size_t i = 0; i < iters; i++) {
        pari_sp av = avma;
        (void)ellmul(s->e, s->p, s->k);
        set_avma(av);
    }
}

/* "0x<hex of b[0..len-1]>" appended to buf at *at. */
static void hex_arg(char *buf, size_t size, int *at, const uint8_t *b, size_t len)
{
    *at += snprintf(buf + *at, size - (size_t)*at, "0x0");
    for (size_t i = 0; i < len; i++)
        *at += snprintf(buf + *at, size - (size_t)*at, "%02x", b[i]);
}

void peer_pari_ec2m(bench_set *set, const bench_ec2m_case *c)
{
    char expr[1024];
    const gn_ec2m_params_t *p = c->params;
    peer_pari_start();
    pari_sp av0 = avma;
    peer_pari_ffgen("gn_ec2m_g", p->exps, p->nexp);
    (void)gp_read_str("gn_ec2m_fe(n)=subst(Pol(binary(n)),'x,gn_ec2m_g)+0*gn_ec2m_g");
    snprintf(expr, sizeof expr, "ellinit([1,gn_ec2m_fe(0x%s),0,0,gn_ec2m_fe(0x%s)],gn_ec2m_g)", p->a, p->b);
    pari_ec2m_state s;
    s.e = gp_read_str(expr);
    int at = snprintf(expr, sizeof expr, "[gn_ec2m_fe(");
    hex_arg(expr, sizeof expr, &at, c->px, c->bytes);
    at += snprintf(expr + at, sizeof expr - (size_t)at, "),gn_ec2m_fe(");
    hex_arg(expr, sizeof expr, &at, c->py, c->bytes);
    snprintf(expr + at, sizeof expr - (size_t)at, ")]");
    s.p = gp_read_str(expr);
    at = 0;
    hex_arg(expr, sizeof expr, &at, c->k, c->klen);
    s.k = gp_read_str(expr);
    at = snprintf(expr, sizeof expr, "gn_ec2m_fe(");
    hex_arg(expr, sizeof expr, &at, c->kp_x, c->bytes);
    snprintf(expr + at, sizeof expr - (size_t)at, ")");
    /* Agreement with genus, once, before timing (a sanity check, not a test). */
    GEN r = ellmul(s.e, s.p, s.k);
    if (lg(r) < 3 || !gequal(gel(r, 1), gp_read_str(expr)))
        fprintf(stderr, "bench: %s pari DISAGREES\n", c->name);
    bench_run(set, c->name, "pari", pari_ec2m_mul, &s);
    set_avma(av0);
}
#else
void peer_pari_ec2m(bench_set *set, const bench_ec2m_case *c)
{
    (void)set;
    (void)c;
}
#endif
