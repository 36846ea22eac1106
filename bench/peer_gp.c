/* genus inside gp against gp's own ellmul (issue 21): gp_mul_<curve>, impl genus (genusellmul of
 * gp/genus.gp, conversions of the point and scalar included) and impl pari (ellmul), timed with
 * getabstime inside one gp session on the same curve, point and scalar. Builds with the GP module
 * and a gp found at configure time (GN_BENCH_GP_BIN, GN_BENCH_GP_SCRIPT: the build tree's
 * genus.gp); skipped, with a line on stderr, when the script or gp is missing at run time. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "genus/genus.h"
#include "peers.h"

#if defined(GN_BENCH_GP_BIN) && defined(GN_BENCH_GP_SCRIPT)
/* One timing per function, in GP: n calls that take at least 100 ms, then the median of five
 * such runs, in ns per call (getabstime counts milliseconds). */
static const char gp_timer[] =
    "gnrun(f, n) = my(t0 = getabstime()); for(i = 1, n, f()); getabstime() - t0\n"
    "gntime(f) = my(n = 1, t = 0); until(t >= 100, n *= 2; t = gnrun(f, n)); "
    "[vecsort(vector(5, i, gnrun(f, n)))[3] * 10^6. / n, 5 * n]\n";

void peer_gp_ec(bench_set *set)
{
    static const struct {
        const char *named, *curve;
    } curves[] = {{"P-256", "p256"},
                  {"P-384", "p384"},
                  {"P-521", "p521"},
                  {"brainpoolP256r1", "brainpoolp256r1"},
                  {"brainpoolP384r1", "brainpoolp384r1"},
                  {"brainpoolP512r1", "brainpoolp512r1"}};
    char path[] = "/tmp/genus-bench-gp-XXXXXX";
    int any = 0;
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        char name[48];
        snprintf(name, sizeof name, "gp_mul_%s", curves[i].curve);
        any |= bench_wanted(set, name);
    }
    if (!any)
        return;
    if (access(GN_BENCH_GP_SCRIPT, R_OK) != 0 || access(GN_BENCH_GP_BIN, X_OK) != 0) {
        fprintf(stderr, "genus: bench: gp or %s missing: the GP-level timings are skipped\n", GN_BENCH_GP_SCRIPT);
        return;
    }
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        fprintf(stderr, "genus: bench: no temporary file for gp\n");
        return;
    }
    /* debugmem 0: no "new maximum stack size" warning among the results */
    fprintf(f, "default(debugmem, 0)\ndefault(parisizemax, 10^9)\nread(\"%s\")\n%s", GN_BENCH_GP_SCRIPT, gp_timer);
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        const gn_ec_params_t *prm = NULL;
        for (size_t j = 0; j < gn_ec_named_count(); j++)
            if (!strcmp(gn_ec_named_name(j), curves[i].named))
                prm = gn_ec_named_params(j);
        if (!prm)
            continue;
        /* the scalar: n - 2^(bits/2) - 1, a full-length one */
        fprintf(f,
                "E = ellinit([0x%s, 0x%s], 0x%s); P = [0x%s, 0x%s]; k = 0x%s - 2^(#binary(0x%s) \\ 2) - 1\n"
                "if(genusellmul(E, P, k) != ellmul(E, P, k), print(\"DISAGREE %s\"))\n"
                "g = gntime(() -> genusellmul(E, P, k)); q = gntime(() -> ellmul(E, P, k))\n"
                "print(\"gp_mul_%s genus \", g[1], \" \", g[2]); print(\"gp_mul_%s pari \", q[1], \" \", q[2])\n",
                prm->a, prm->b, prm->p, prm->gx, prm->gy, prm->n, prm->n, curves[i].curve, curves[i].curve,
                curves[i].curve);
    }
    fprintf(f, "quit\n");
    fclose(f);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s -q -f -D colors=no %s < /dev/null 2>&1", GN_BENCH_GP_BIN, path);
    FILE *p = popen(cmd, "r");
    char line[512];
    while (p && fgets(line, sizeof line, p)) {
        char nm[48], impl[16];
        double ns, runs;
        if (sscanf(line, "%47s %15s %lf %lf", nm, impl, &ns, &runs) == 4 && !strncmp(nm, "gp_mul_", 7))
            bench_add(set, nm, impl, ns, (unsigned long)runs);
        else
            fprintf(stderr, "genus: bench: gp: %s", line);
    }
    if (p)
        pclose(p);
    unlink(path);
}
#else
void peer_gp_ec(bench_set *set)
{
    (void)set;
}
#endif
