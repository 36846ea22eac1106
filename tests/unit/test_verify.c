/*
 * The GN_VERIFY build's checks fire (src/util/verify.h): each case breaks one invariant in a
 * child process, which must die by SIGABRT with the library's message, while the same call on
 * valid data returns. Built only with GENUS_VERIFY (the sanitizer configuration of make check).
 *   - a Montgomery product whose operand is not below p (kern_mont.h: every operand and result);
 *   - a mixed addition whose second point has Z != 1 (src/tmpl/ec_common.tmpl.h);
 *   - the co-Z ladder given a scalar without its top bit;
 *   - an RNS element whose base B does not hold the integer of base A (kern_rns.h: every element
 *     an operation writes is checked against its bound by the Chinese remainder sum).
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ec/ec_internal.h"
#include "genus/genus.h"
#include "test_util.h"

static gn_ec_ctx_t ec;

/* Runs fn in a child; 1 when it died of SIGABRT. */
static int aborts(void (*fn)(int), int broken)
{
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        exit(1);
    if (pid == 0) {
        fn(broken);
        _exit(0);
    }
    int st;
    if (waitpid(pid, &st, 0) != pid)
        exit(1);
    return WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT;
}

/* a = p (not a residue below p) when broken, else p - 1 */
static void product(int broken)
{
    const gn_fp_ctx_t *f = &ec.fp;
    gn_limb_t a[GN_FP_ELEM_LIMBS] = {0}, r[GN_FP_ELEM_LIMBS];
    memcpy(a, f->p, f->n * sizeof(gn_limb_t));
    if (!broken)
        a[0] -= 1;
    f->kern->mul(f, r, a, a);
}

/* G + 2G by the Jacobian mixed addition, 2G with its Z kept (not 1) when broken */
static void mixed_addition(int broken)
{
    const gn_ec_pt_ops_t *o = ec.ops[GN_EC_JACOBIAN];
    gn_limb_t g[GN_EC_PT_LIMBS], g2[GN_EC_PT_LIMBS], r[GN_EC_PT_LIMBS];
    gn_ec_point_t a;
    o->from_aff(&ec, g, &ec.g);
    o->grp.dbl(&ec, g2, g);
    if (!broken) {
        o->to_aff(&ec, &a, g2);
        o->from_aff(&ec, g2, &a);
    }
    o->grp.madd(&ec, r, g, g2);
}

/* the co-Z ladder over 8 bits of k = 0x80 (top bit set) or 0x40 */
static void coz_ladder(int broken)
{
    gn_limb_t k[1] = {broken ? 0x40u : 0x80u}, out[3 * GN_FP_ELEM_LIMBS];
    (void)ec.impl->coz_ladder(&ec, out, &ec.g, k, 8);
}

#if GN_LIMB_BITS == 64
/* a + a on the RNS kernel over P-256's prime, a's first base-B residue changed when broken */
static void rns_element(int broken)
{
    static gn_rns_ctx_t rns;
    static gn_fp_ctx_t f;
    uint8_t pb[32];
    if (gn_mp_to_bytes_be(pb, sizeof pb, ec.fp.p, ec.fp.n) != GN_OK || gn_fp_init_rns(&f, pb, sizeof pb, &rns, NULL))
        exit(1);
    gn_fp_t a, r;
    gn_fp_set_u64(&f, &a, 5);
    if (broken)
        a.v[rns.n] ^= 1;
    gn_fp_add(&f, &r, &a, &a);
}
#endif

int main(int argc, char **argv)
{
    test_args(argc, argv);
    if (gn_ec_init_named(&ec, "P-256") != GN_OK)
        return 1;
    static const struct {
        const char *name;
        void (*fn)(int);
    } cases[] = {{"product of a non-residue", product}, {"mixed addition with Z != 1", mixed_addition},
                 {"co-Z ladder without the top bit", coz_ladder},
#if GN_LIMB_BITS == 64
                 {"RNS element inconsistent across its bases", rns_element}
#endif
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(!aborts(cases[i].fn, 0), "%s: the valid call aborted", cases[i].name);
        CHECK(aborts(cases[i].fn, 1), "%s: no invariant check fired", cases[i].name);
    }
    fprintf(stderr, "%lu checks, %lu failures\n", test_checks, test_failures);
    return test_failures != 0;
}
