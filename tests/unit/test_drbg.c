/* The DRBG front end (src/rand/drbg.c) and the entropy sources (src/rand/entropy.c): state,
 * limits and error paths of SP 800-90A Rev.1 section 9, the automatic reseed, zeroisation, and
 * that the OS, RDSEED and RDRAND sources deliver bytes or say they cannot. The known answers
 * are in tests/py/test_drbg.py. */
#include "test_util.h"

#include "genus/genus.h"
#include "rand/drbg_internal.h" /* gn_entropy_urandom */

static const gn_drbg_mech mechs[] = {GN_DRBG_HMAC_SHA256, GN_DRBG_HMAC_SHA512, GN_DRBG_HASH_SHA256,
                                     GN_DRBG_HASH_SHA512};

/* A source that hands out test_rng bytes from a fixed seed, counts its calls and fails on demand. */
typedef struct counted {
    uint64_t seed; /* the stream restarts from here for each instance */
    int calls, fail;
} counted_t;

static int counted_get(void *state, uint8_t *out, size_t len)
{
    counted_t *c = state;
    c->calls++;
    if (c->fail)
        return 1;
    uint64_t saved = test_seed;
    test_seed = c->seed;
    test_rng(NULL, out, len);
    c->seed = test_seed;
    test_seed = saved;
    return 0;
}

static int all_zero(const void *p, size_t len)
{
    const uint8_t *b = p;
    int z = 1;
    for (size_t i = 0; i < len; i++)
        z &= b[i] == 0;
    return z;
}

static uint8_t out[GN_DRBG_MAX_REQUEST_BYTES + 1], out2[GN_DRBG_MAX_REQUEST_BYTES + 1];
static const uint8_t nonce[16] = "0123456789abcdef", add[40] = "additional input of forty bytes, exactly";

static void test_state(gn_drbg_mech m)
{
    gn_drbg_t d = {0};
    counted_t c = {42, 0, 0};
    gn_entropy_t src = {counted_get, &c, 0};

    memset(out, 0xa5, 64);
    CHECK(gn_drbg_generate(&d, out, 64, 0, NULL, 0) == GN_ERR_DRBG_STATE, "generate before instantiate");
    CHECK(all_zero(out, 64), "output zeroed after a failure");
    CHECK(gn_drbg_reseed(&d, NULL, 0) == GN_ERR_DRBG_STATE, "reseed before instantiate");
    CHECK(gn_drbg_set_reseed_interval(&d, 5) == GN_ERR_DRBG_STATE, "interval before instantiate");
    CHECK(gn_drbg_rng(&d, out, 10) == GN_ERR_DRBG_STATE, "rng adapter before instantiate");

    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 16, NULL, 0) == GN_OK, "instantiate %d", m);
    CHECK(c.calls == 1, "one entropy call at instantiate");
    CHECK(gn_drbg_generate(&d, out, 0, 0, NULL, 0) == GN_OK, "zero bytes");
    memset(out, 0xa5, sizeof out);
    CHECK(gn_drbg_generate(&d, out, GN_DRBG_MAX_REQUEST_BYTES + 1, 0, NULL, 0) == GN_ERR_REQUEST_TOO_LARGE,
          "65537 bytes");
    CHECK(all_zero(out, sizeof out), "output zeroed after a refused request");
    CHECK(gn_drbg_generate(&d, out, GN_DRBG_MAX_REQUEST_BYTES, 0, NULL, 0) == GN_OK, "65536 bytes");
    CHECK(!all_zero(out + GN_DRBG_MAX_REQUEST_BYTES - 32, 32), "the last bytes are written");

    memset(out, 0xa5, 64);
    CHECK(gn_drbg_generate(&d, out, 64, 1, NULL, 0) == GN_ERR_INVALID, "prediction resistance not instantiated");
    CHECK(all_zero(out, 64), "output zeroed");
    CHECK(gn_drbg_generate(&d, NULL, 1, 0, NULL, 0) == GN_ERR_INVALID, "NULL output");
    CHECK(gn_drbg_generate(&d, out, 1, 0, NULL, 1) == GN_ERR_INVALID, "NULL additional input");
    CHECK(gn_drbg_set_reseed_interval(&d, 0) == GN_ERR_INVALID, "interval 0");
    CHECK(gn_drbg_set_reseed_interval(&d, GN_DRBG_RESEED_INTERVAL + 1) == GN_ERR_INVALID, "interval 2^48 + 1");
#if SIZE_MAX > 0xffffffffu
    /* Table 2 maxima (2^35 bits): the lengths are refused before anything is read. */
    const size_t huge = ((size_t)1 << 32) + 1;
    CHECK(gn_drbg_generate(&d, out, 16, 0, add, huge) == GN_ERR_REQUEST_TOO_LARGE, "additional input 2^32+1");
    CHECK(gn_drbg_reseed(&d, add, huge) == GN_ERR_REQUEST_TOO_LARGE, "reseed input 2^32+1");
    gn_drbg_t e = {0};
    CHECK(gn_drbg_instantiate(&e, m, &src, 0, nonce, 16, add, huge) == GN_ERR_REQUEST_TOO_LARGE, "pers 2^32+1");
    CHECK(gn_drbg_instantiate(&e, m, &src, 0, nonce, huge, NULL, 0) == GN_ERR_REQUEST_TOO_LARGE, "nonce 2^32+1");
#endif

    gn_drbg_uninstantiate(&d);
    CHECK(all_zero(&d, sizeof d), "uninstantiate zeroises the whole state");
    CHECK(gn_drbg_generate(&d, out, 16, 0, NULL, 0) == GN_ERR_DRBG_STATE, "generate after uninstantiate");
    gn_drbg_uninstantiate(NULL);
}

static void test_inputs(gn_drbg_mech m)
{
    gn_drbg_t d = {0};
    counted_t c = {7, 0, 0};
    gn_entropy_t src = {counted_get, &c, GN_DRBG_ENTROPY_BYTES - 1};
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 16, NULL, 0) == GN_ERR_INVALID, "31 bytes of entropy");
    CHECK(c.calls == 0, "nothing drawn for a refused instantiation");
    src.bytes = GN_DRBG_MAX_ENTROPY_BYTES + 1;
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 16, NULL, 0) == GN_ERR_REQUEST_TOO_LARGE, "513 bytes");
    src.bytes = 0;
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 15, NULL, 0) == GN_ERR_INVALID, "15-byte nonce");
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 0, NULL, 0) == GN_ERR_INVALID, "empty nonce");
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 16, NULL, 3) == GN_ERR_INVALID, "NULL pers");
    CHECK(gn_drbg_instantiate(&d, (gn_drbg_mech)0, &src, 0, nonce, 16, NULL, 0) == GN_ERR_INVALID, "mechanism 0");
    CHECK(gn_drbg_instantiate(&d, (gn_drbg_mech)5, &src, 0, nonce, 16, NULL, 0) == GN_ERR_INVALID, "mechanism 5");
    CHECK(gn_drbg_instantiate(&d, m, NULL, 0, nonce, 16, NULL, 0) == GN_ERR_INVALID, "no source");
    CHECK(gn_drbg_generate(&d, out, 16, 0, NULL, 0) == GN_ERR_DRBG_STATE, "state after refused instantiation");
    /* Re-instantiating from the instance's own copy of its source works. */
    CHECK(gn_drbg_instantiate(&d, m, &src, 0, nonce, 16, NULL, 0) == GN_OK, "instantiate");
    CHECK(gn_drbg_instantiate(&d, m, &d.entropy, 0, nonce, 16, NULL, 0) == GN_OK && c.calls == 2,
          "instantiate from the instance's own source");

    /* No nonce: security_strength/2 more bits come with the entropy input (8.6.7), which is the
     * same seed material as the 16 bytes passed as the nonce. */
    gn_drbg_t e = {0};
    counted_t c1 = {99, 0, 0}, c2 = {99, 0, 0};
    gn_entropy_t s1 = {counted_get, &c1, 0}, s2 = {counted_get, &c2, 0};
    uint8_t drawn[48];
    counted_t peek = {99, 0, 0};
    counted_get(&peek, drawn, sizeof drawn);
    CHECK(gn_drbg_instantiate(&d, m, &s1, 0, NULL, 0, add, 7) == GN_OK, "instantiate without nonce");
    CHECK(gn_drbg_instantiate(&e, m, &s2, 0, drawn + 32, 16, add, 7) == GN_OK, "instantiate with that nonce");
    CHECK(gn_drbg_generate(&d, out, 100, 0, NULL, 0) == GN_OK && gn_drbg_generate(&e, out2, 100, 0, NULL, 0) == GN_OK,
          "generate");
    CHECK(!memcmp(out, out2, 100), "nonce drawn from the source = the same bytes passed as nonce");
    gn_drbg_uninstantiate(&d);
    gn_drbg_uninstantiate(&e);
}

static void test_entropy_failure(gn_drbg_mech m)
{
    gn_drbg_t d = {0}, twin = {0};
    counted_t c = {5, 0, 1}, ct = {5, 0, 0};
    gn_entropy_t src = {counted_get, &c, 0}, st = {counted_get, &ct, 0};
    CHECK(gn_drbg_instantiate(&d, m, &src, 1, nonce, 16, NULL, 0) == GN_ERR_RNG, "failing source at instantiate");
    CHECK(all_zero(&d, sizeof d), "state zeroed after a failed instantiation");
    c.fail = 0;
    CHECK(gn_drbg_instantiate(&d, m, &src, 1, nonce, 16, NULL, 0) == GN_OK, "instantiate");
    CHECK(gn_drbg_instantiate(&twin, m, &st, 1, nonce, 16, NULL, 0) == GN_OK, "twin");
    c.fail = 1;
    CHECK(gn_drbg_reseed(&d, add, 5) == GN_ERR_RNG, "failing source at reseed");
    memset(out, 0xa5, 200);
    CHECK(gn_drbg_generate(&d, out, 200, 1, add, 5) == GN_ERR_RNG, "failing source at a prediction-resistant generate");
    CHECK(all_zero(out, 200), "output zeroed");
    /* The failed reseeds changed nothing: the instance still runs in step with its twin. */
    CHECK(gn_drbg_generate(&d, out, 200, 0, add, 5) == GN_OK, "generate after the failures");
    CHECK(gn_drbg_generate(&twin, out2, 200, 0, add, 5) == GN_OK, "twin generate");
    CHECK(!memcmp(out, out2, 200), "state unchanged by failed reseeds");
    c.fail = 0;
    int calls = c.calls;
    CHECK(gn_drbg_generate(&d, out, 200, 1, NULL, 0) == GN_OK && c.calls == calls + 1, "prediction resistance reseeds");
    CHECK(gn_drbg_rng(&d, out, 10) == 0 && c.calls == calls + 2, "rng adapter keeps prediction resistance");
    gn_drbg_uninstantiate(&d);
    gn_drbg_uninstantiate(&twin);
}

/* With reseed_interval K, request K + 1 reseeds first (9.3.1 step 7) with the additional input,
 * then generates without it: the same as an explicit reseed with that input. */
static void test_reseed_interval(gn_drbg_mech m)
{
    gn_drbg_t a = {0}, b = {0};
    counted_t ca = {11, 0, 0}, cb = {11, 0, 0};
    gn_entropy_t sa = {counted_get, &ca, 40}, sb = {counted_get, &cb, 40};
    CHECK(gn_drbg_instantiate(&a, m, &sa, 0, nonce, 16, add, 3) == GN_OK, "instantiate a");
    CHECK(gn_drbg_instantiate(&b, m, &sb, 0, nonce, 16, add, 3) == GN_OK, "instantiate b");
    CHECK(gn_drbg_set_reseed_interval(&a, 2) == GN_OK, "interval 2");
    for (int round = 0; round < 2; round++) {
        const int base = ca.calls;
        for (int i = 0; i < 2; i++) {
            CHECK(gn_drbg_generate(&a, out, 77, 0, add, 9) == GN_OK, "a");
            CHECK(gn_drbg_generate(&b, out2, 77, 0, add, 9) == GN_OK, "b");
            CHECK(!memcmp(out, out2, 77), "same before the interval");
        }
        CHECK(ca.calls == base, "no reseed within the interval");
        CHECK(gn_drbg_generate(&a, out, 77, 0, add, 9) == GN_OK, "a reseeds");
        CHECK(ca.calls == base + 1, "the source was called by the automatic reseed");
        CHECK(gn_drbg_reseed(&b, add, 9) == GN_OK, "explicit reseed");
        CHECK(gn_drbg_generate(&b, out2, 77, 0, NULL, 0) == GN_OK, "b");
        CHECK(!memcmp(out, out2, 77), "automatic reseed = explicit reseed with the same entropy and input");
        CHECK(gn_drbg_generate(&a, out, 33, 0, NULL, 0) == GN_OK && gn_drbg_generate(&b, out2, 33, 0, NULL, 0) == GN_OK,
              "next");
        CHECK(!memcmp(out, out2, 33) && ca.calls == base + 1, "in step after the reseed");
        /* Both counters back to 1 for the next round. */
        CHECK(gn_drbg_reseed(&a, NULL, 0) == GN_OK && gn_drbg_reseed(&b, NULL, 0) == GN_OK, "both reseed");
    }
    gn_drbg_uninstantiate(&a);
    gn_drbg_uninstantiate(&b);
}

/* The gn_rng_fn adapter splits large requests at GN_DRBG_MAX_REQUEST_BYTES. */
static void test_rng_adapter(gn_drbg_mech m)
{
    static uint8_t big[100000], ref[100000];
    gn_drbg_t a = {0}, b = {0};
    counted_t ca = {3, 0, 0}, cb = {3, 0, 0};
    gn_entropy_t sa = {counted_get, &ca, 0}, sb = {counted_get, &cb, 0};
    CHECK(gn_drbg_instantiate(&a, m, &sa, 0, NULL, 0, NULL, 0) == GN_OK, "a");
    CHECK(gn_drbg_instantiate(&b, m, &sb, 0, NULL, 0, NULL, 0) == GN_OK, "b");
    gn_rng_fn rng = gn_drbg_rng;
    CHECK(rng(&a, big, sizeof big) == 0, "100000 bytes through the adapter");
    CHECK(gn_drbg_generate(&b, ref, GN_DRBG_MAX_REQUEST_BYTES, 0, NULL, 0) == GN_OK, "first part");
    CHECK(gn_drbg_generate(&b, ref + GN_DRBG_MAX_REQUEST_BYTES, sizeof ref - GN_DRBG_MAX_REQUEST_BYTES, 0, NULL, 0) ==
              GN_OK, "second part");
    CHECK(!memcmp(big, ref, sizeof big), "adapter = two requests");
    gn_drbg_uninstantiate(&a);
    memset(big, 0xa5, 100);
    CHECK(rng(&a, big, 100) == GN_ERR_DRBG_STATE && all_zero(big, 100), "adapter after uninstantiate");
    gn_drbg_uninstantiate(&b);
}

static void test_sources(void)
{
    uint8_t a[64], b[64];
    CHECK(gn_entropy_os(a, sizeof a) == GN_OK && gn_entropy_os(b, sizeof b) == GN_OK, "OS source");
    CHECK(!all_zero(a, sizeof a) && memcmp(a, b, sizeof a) != 0, "OS source gives fresh bytes");
    CHECK(gn_entropy_os(a, 0) == GN_OK && gn_entropy_os(NULL, 1) == GN_ERR_INVALID, "OS source arguments");
    memset(a, 0, sizeof a);
    gn_err u = gn_entropy_urandom(a, 61);
    CHECK(u == GN_ERR_UNSUPPORTED || (u == GN_OK && !all_zero(a, 61) && a[61] == 0), "the /dev/urandom fallback");
    static uint8_t large[1 << 20];
    CHECK(gn_entropy_os(large, sizeof large) == GN_OK && !all_zero(large + sizeof large - 64, 64), "1 MiB from the OS");

    gn_entropy_t src;
    CHECK(gn_entropy_init(&src, GN_ENTROPY_OS) == GN_OK && src.get(src.state, a, 32) == 0, "OS source object");
    CHECK(gn_entropy_init(&src, (gn_entropy_kind)9) == GN_ERR_INVALID, "unknown kind");
    CHECK(gn_entropy_init(NULL, GN_ENTROPY_OS) == GN_ERR_INVALID, "NULL source");

    static const gn_entropy_kind hw[2] = {GN_ENTROPY_RDSEED, GN_ENTROPY_RDRAND};
    for (int i = 0; i < 2; i++) {
        gn_err e = gn_entropy_init(&src, hw[i]);
        memset(a, 0xa5, sizeof a);
        gn_err f = i == 0 ? gn_entropy_rdseed(a, 61) : gn_entropy_rdrand(a, 61);
        fprintf(stderr, "%s: %s\n", i == 0 ? "RDSEED" : "RDRAND", gn_strerror(e));
        CHECK(e == GN_OK || e == GN_ERR_UNSUPPORTED, "hardware source: available or unsupported");
        if (e == GN_OK) {
            CHECK(f == GN_OK || f == GN_ERR_RNG, "fill");
            if (f == GN_OK) {
                CHECK(!all_zero(a, 61) && a[61] == 0xa5, "61 bytes written, no more");
                CHECK(src.get(src.state, b, 64) == 0 && memcmp(a, b, 61) != 0, "fresh bytes");
            }
        } else {
            CHECK(f == GN_ERR_UNSUPPORTED && all_zero(a, 61), "unsupported: reported, output zeroed");
        }
    }

    /* Two OS-seeded instances (nonce from the source too) differ. */
    for (size_t k = 0; k < sizeof mechs / sizeof mechs[0]; k++) {
        gn_drbg_t x = {0}, y = {0};
        CHECK(gn_entropy_init(&src, GN_ENTROPY_OS) == GN_OK, "OS");
        CHECK(gn_drbg_instantiate(&x, mechs[k], &src, 1, NULL, 0, NULL, 0) == GN_OK, "x");
        CHECK(gn_drbg_instantiate(&y, mechs[k], &src, 1, NULL, 0, NULL, 0) == GN_OK, "y");
        CHECK(gn_drbg_generate(&x, out, 64, 1, NULL, 0) == GN_OK && gn_drbg_generate(&y, out2, 64, 0, NULL, 0) == GN_OK,
              "generate");
        CHECK(memcmp(out, out2, 64) != 0, "two OS-seeded DRBGs differ");
        gn_drbg_uninstantiate(&x);
        gn_drbg_uninstantiate(&y);
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    CHECK(!strcmp(gn_strerror(GN_ERR_DRBG_STATE), "DRBG is not instantiated"), "strerror -21");
    CHECK(!strcmp(gn_strerror(GN_ERR_REQUEST_TOO_LARGE), "request exceeds the DRBG limits"), "strerror -22");
    for (size_t k = 0; k < sizeof mechs / sizeof mechs[0]; k++) {
        test_state(mechs[k]);
        test_inputs(mechs[k]);
        test_entropy_failure(mechs[k]);
        test_reseed_interval(mechs[k]);
        test_rng_adapter(mechs[k]);
    }
    test_sources();
    return test_done("test_drbg");
}
