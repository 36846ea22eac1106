/*
 * The single-limb primitives of src/mp/limb.h as this build compiles them (the carry
 * intrinsics on x86-64, UMAAL on 32-bit ARM, the double-limb C elsewhere) against a reference
 * written here in half limbs, which needs no double-width type: every combination of edge
 * words (0, 1, 2, the half-limb boundary, the top bit, all ones) for the four operands of
 * mp_muladd2, and random ones.
 */
#include "test_util.h"

#include "mp/limb.h"

#define HB (GN_LIMB_BITS / 2)
#define HMASK (((gn_limb_t)1 << HB) - 1)

/* hi:lo = a b + c + d by half limbs: each partial product fits a limb. */
static gn_limb_t ref_muladd2(gn_limb_t *lo, gn_limb_t a, gn_limb_t b, gn_limb_t c, gn_limb_t d)
{
    gn_limb_t a0 = a & HMASK, a1 = a >> HB, b0 = b & HMASK, b1 = b >> HB;
    gn_limb_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    gn_limb_t mid = (p00 >> HB) + (p01 & HMASK) + (p10 & HMASK); /* < 3 2^HB */
    gn_limb_t l = (mid << HB) | (p00 & HMASK);
    gn_limb_t h = p11 + (p01 >> HB) + (p10 >> HB) + (mid >> HB);
    gn_limb_t s = l + c;
    h += s < l;
    l = s + d;
    h += l < s;
    *lo = l;
    return h;
}

static void check(gn_limb_t a, gn_limb_t b, gn_limb_t c, gn_limb_t d)
{
    gn_limb_t lo, rlo, hi = mp_muladd2(&lo, a, b, c, d), rhi = ref_muladd2(&rlo, a, b, c, d);
    CHECK(hi == rhi && lo == rlo, "muladd2(%llx, %llx, %llx, %llx)", (unsigned long long)a, (unsigned long long)b,
          (unsigned long long)c, (unsigned long long)d);
    gn_limb_t whi = mp_mul_wide(&lo, a, b), wrhi = ref_muladd2(&rlo, a, b, 0, 0);
    CHECK(whi == wrhi && lo == rlo, "mul_wide(%llx, %llx)", (unsigned long long)a, (unsigned long long)b);
    for (gn_limb_t cin = 0; cin < 2; cin++) {
        gn_limb_t s, t, cy = mp_addc(&s, a, b, cin), bw = mp_subb(&t, a, b, cin);
        gn_limb_t rs = a + b, rcy = rs < a;
        rcy |= (rs + cin) < rs, rs += cin;
        gn_limb_t rt = a - b, rbw = a < b;
        rbw |= rt < cin, rt -= cin;
        CHECK(s == rs && cy == rcy && t == rt && bw == rbw, "addc/subb(%llx, %llx, %u)", (unsigned long long)a,
              (unsigned long long)b, (unsigned)cin);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    const gn_limb_t ones = ~(gn_limb_t)0, top = (gn_limb_t)1 << (GN_LIMB_BITS - 1);
    const gn_limb_t edge[] = {0, 1, 2, 3, HMASK, HMASK + 1, HMASK + 2, top - 1, top, top + 1, ones - 1, ones,
                              ones ^ HMASK, (gn_limb_t)0x5555555555555555u, (gn_limb_t)0xaaaaaaaaaaaaaaaau};
    const size_t ne = sizeof edge / sizeof edge[0];
    for (size_t i = 0; i < ne; i++)
        for (size_t j = 0; j < ne; j++)
            for (size_t k = 0; k < ne; k++)
                for (size_t l = 0; l < ne; l++)
                    check(edge[i], edge[j], edge[k], edge[l]);
    for (unsigned long it = 0; it < 100000 * test_iterations; it++)
        check((gn_limb_t)test_rand64(), (gn_limb_t)test_rand64(), (gn_limb_t)test_rand64(), (gn_limb_t)test_rand64());
#if defined(GN_MP_UMAAL)
    fprintf(stderr, "mp_muladd2: UMAAL\n");
#endif
    return test_done("test_limb");
}
