/*
 * The dedicated gs127 ladders (src/kummer/gs127_fast.h) on the edges of their input range: the
 * scalar mulx ladder (gs127_mulx.S, whose bounds rest on an element being any value below 2^128)
 * against the portable 4-way one on points, identities and wrapped coordinates with limbs 0, 1,
 * 2^63 - 1, 2^63, 2^64 - 1 ... (not reduced: up to 2^128 - 1), all-ones and random scalars, full
 * and short ladders; results compared modulo p = 2^127 - 1. Both ladders are compiled into this
 * program (tests/CMakeLists.txt), where the build has the mulx ladder and the CPU has BMI2.
 */
#include "test_util.h"

#include "kummer/gs127_fast.h"
#include "util/cpu.h"

typedef unsigned __int128 u128;

static u128 mod_p(const uint64_t x[2])
{
    const u128 p = ((u128)1 << 127) - 1;
    u128 v = (u128)x[1] << 64 | x[0];
    v = (v & p) + (v >> 127);
    return v >= p ? v - p : v;
}

static uint64_t edge_limb(void)
{
    static const uint64_t e[] = {0, 1, 2, 8, ~(uint64_t)0, ~(uint64_t)0 - 1, ~(uint64_t)0 - 8, (uint64_t)1 << 63,
                                 ((uint64_t)1 << 63) - 1, ((uint64_t)1 << 63) + 1};
    uint64_t r = test_rand64();
    return (r & 3) == 0 ? test_rand64() : e[(r >> 2) % (sizeof e / sizeof e[0])];
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
#if GN_HAVE_MULX
    if (!gn_cpu_has_mulx()) {
        fprintf(stderr, "no BMI2 here: the mulx ladder is not run\n");
        return test_done("ku127");
    }
    for (unsigned long it = 0; it < 4000 * test_iterations; it++) {
        uint64_t mu[4][2], p[4][2], w[3][2], r0[4][2], r1[4][2], k[4];
        for (unsigned j = 0; j < 8; j++) {
            mu[j / 2][j % 2] = edge_limb();
            p[j / 2][j % 2] = edge_limb();
        }
        for (unsigned j = 0; j < 6; j++)
            w[j / 2][j % 2] = edge_limb();
        for (unsigned j = 0; j < 4; j++)
            k[j] = it % 3 ? test_rand64() : ~(uint64_t)0;
        const size_t nbits = it % 5 ? 251 : it % 7;
        gn_ku127_v4c_ladder(r0, (const uint64_t(*)[2])mu, (const uint64_t(*)[2])p, (const uint64_t(*)[2])w,
                            (const gn_limb_t *)k, nbits);
        gn_ku127_mulx_ladder(r1, (const uint64_t(*)[2])mu, (const uint64_t(*)[2])p, (const uint64_t(*)[2])w,
                             (const gn_limb_t *)k, nbits);
        for (unsigned j = 0; j < 4; j++)
            CHECK(mod_p(r0[j]) == mod_p(r1[j]), "case %lu, coordinate %u", it, j);
    }
#else
    fprintf(stderr, "no mulx ladder in this build\n");
#endif
    return test_done("ku127");
}
