/* Constant-time helpers (src/util/ct.h), the windows' masked scan, zeroisation and error strings. */
#include "test_util.h"

#include "genus/genus.h"
#include "scalar/base_scan.h"
#include "util/cpu.h"
#include "util/ct.h"

static gn_limb_t values[] = {0, 1, 2, 3, (gn_limb_t)1 << (GN_LIMB_BITS - 1), GN_LIMB_MAX, GN_LIMB_MAX - 1,
                             ((gn_limb_t)1 << (GN_LIMB_BITS - 1)) - 1, (gn_limb_t)0x5a5a5a5a};

/* The windows' masked scan with AVX2 (src/scalar/base_scan_avx2.c) against the entry itself: every
 * table shape the scalar multiplications use (entries of 2 to 27 words, X and Y or the whole point,
 * up to 32 entries) and the last one to three words by masked loads; nothing written beyond width. */
static void scans(void)
{
#if GN_HAVE_AVX2 && GN_LIMB_BITS == 64
    if (!gn_cpu_has_avx2())
        return;
    static uint64_t tab[32 * 27];
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        tab[i] = test_rand64();
    /* the windows' table sizes (4, 8, 16, 32 entries) and others; the first, last and a random entry */
    static const size_t sizes[] = {1, 2, 3, 4, 5, 8, 16, 17, 31, 32};
    for (size_t pl = 2; pl <= 27; pl++)
        for (size_t width = 1; width <= pl; width++)
            for (size_t k = 0; k < 3 * sizeof sizes / sizeof sizes[0]; k++) {
                const size_t n = sizes[k / 3];
                uint64_t idx = k % 3 == 0 ? 0 : k % 3 == 1 ? n - 1 : test_rand64() % n, sel[28];
                sel[width] = 0x5a5a5a5a5a5a5a5au;
                gn_scan_avx2(sel, tab, n, pl, width, idx);
                CHECK(!memcmp(sel, tab + idx * pl, width * sizeof(uint64_t)) && sel[width] == 0x5a5a5a5a5a5a5a5au,
                      "scan avx2 pl %zu width %zu n %zu idx %llu", pl, width, n, (unsigned long long)idx);
            }
#endif
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    const size_t nv = sizeof values / sizeof values[0];
    for (size_t i = 0; i < nv; i++) {
        gn_limb_t a = values[i];
        CHECK(ct_is_zero(a) == (a == 0 ? GN_LIMB_MAX : 0), "is_zero %llu", (unsigned long long)a);
        CHECK(ct_is_nonzero(a) == (a != 0 ? GN_LIMB_MAX : 0), "is_nonzero");
        CHECK(ct_mask_msb(a) == ((a >> (GN_LIMB_BITS - 1)) ? GN_LIMB_MAX : 0), "mask_msb");
        CHECK(ct_mask_bit(a & 1) == ((a & 1) ? GN_LIMB_MAX : 0), "mask_bit");
        for (size_t j = 0; j < nv; j++) {
            gn_limb_t b = values[j];
            CHECK(ct_eq(a, b) == (a == b ? GN_LIMB_MAX : 0), "eq");
            CHECK(ct_lt(a, b) == (a < b ? GN_LIMB_MAX : 0), "lt %llu %llu", (unsigned long long)a,
                  (unsigned long long)b);
            CHECK(ct_mux(GN_LIMB_MAX, a, b) == a && ct_mux(0, a, b) == b, "mux");
        }
    }
    for (unsigned long it = 0; it < 10000 * test_iterations; it++) {
        gn_limb_t a = (gn_limb_t)test_rand64(), b = (gn_limb_t)test_rand64();
        if (it & 1)
            b = a + (gn_limb_t)(test_rand64() % 3) - 1;
        CHECK(ct_lt(a, b) == (a < b ? GN_LIMB_MAX : 0), "lt random");
        CHECK(ct_eq(a, b) == (a == b ? GN_LIMB_MAX : 0), "eq random");
    }
    gn_limb_t x[5] = {1, 2, 3, 4, 5}, y[5] = {6, 7, 8, 9, 10};
    ct_cswap(0, x, y, 5);
    CHECK(x[0] == 1 && y[4] == 10, "cswap 0");
    ct_cswap(GN_LIMB_MAX, x, y, 5);
    CHECK(x[0] == 6 && x[4] == 10 && y[0] == 1 && y[4] == 5, "cswap 1");
    ct_cmov(0, x, y, 5);
    CHECK(x[0] == 6, "cmov 0");
    ct_cmov(GN_LIMB_MAX, x, y, 5);
    CHECK(x[0] == 1 && x[4] == 5, "cmov 1");
    CHECK(ct_is_zero_n((gn_limb_t[3]){0, 0, 0}, 3) == GN_LIMB_MAX, "is_zero_n");
    CHECK(ct_is_zero_n((gn_limb_t[3]){0, 0, 1}, 3) == 0, "is_zero_n");
    y[2] ^= 4;
    CHECK(ct_eq_n(x, x, 5) == GN_LIMB_MAX && ct_eq_n(x, y, 5) == 0, "eq_n");

    unsigned char buf[77];
    memset(buf, 0xab, sizeof buf);
    gn_memzero(buf, sizeof buf);
    int allzero = 1;
    for (size_t i = 0; i < sizeof buf; i++)
        allzero &= buf[i] == 0;
    CHECK(allzero, "memzero");

    for (int e = 0; e >= -13; e--)
        CHECK(strcmp(gn_strerror((gn_err)e), "unknown error") != 0, "strerror %d", e);
    CHECK(strcmp(gn_strerror((gn_err)-99), "unknown error") == 0, "strerror unknown");
    scans();
    return test_done("test_ct");
}
