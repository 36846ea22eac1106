/* Fuzz target: Kummer public keys, the 48-byte wrapped encoding X/Y || X/Z || X/T of SUPERCOP's
 * crypto_scalarmult_kummer on the Gaudry-Schost surface over 2^127 - 1 (gn_kummer_decode_wrapped,
 * gn_kummer_dh). Input: the key (decoded at its own length, so that wrong lengths are tried
 * too), then a 32-byte secret for the Diffie-Hellman check (missing bytes are zero).
 *
 * The verdict is recomputed on integers modulo p (fuzz_util.c) with the surface's quartic from
 * tests/vectors/kummer_gs127.json (SUPERCOP's constants, not the library's):
 * K XYZT = (X^2 + Y^2 + Z^2 + T^2 - F (XT + YZ) - G (XZ + YT) - H (XY + ZT))^2 at
 * (w1 w2 w3 : w2 w3 : w1 w3 : w1 w2). A key is accepted exactly when its length is 48, each
 * element is canonical (below p: SUPERCOP's bit 127 is not ignored), none is zero and the quartic
 * holds; refused with GN_ERR_INVALID, GN_ERR_ENCODING, GN_ERR_NOT_ON_CURVE otherwise. An
 * accepted key re-encodes to itself; gn_kummer_dh refuses exactly what decoding refuses (the
 * output untouched) and on an accepted key gives the same bytes on every ladder (generic, the
 * 4-way C and AVX2 ones, the mulx assembly), a shared secret that is itself a valid key unless
 * it is reported as GN_ERR_INFINITY. */
#include <string.h>

#include "fuzz_curves.h"
#include "genus/kummer.h"

static gn_kummer_ctx_t ladders[4]; /* the surface once per available ladder */
static size_t nladders;
static size_t accepted;

static void setup(void)
{
    static const gn_kummer_ladder_kind kinds[] = {GN_KUMMER_LADDER_GENERIC, GN_KUMMER_LADDER_GS127_V4,
                                                  GN_KUMMER_LADDER_GS127_AVX2, GN_KUMMER_LADDER_GS127_MULX};
    gn_kummer_ctx_t ku;
    FUZZ_CHECK(gn_kummer_init_gs127(&ku) == GN_OK);
    ladders[0] = ku; /* the default one */
    nladders = 1;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        gn_kummer_ctx_t t = ku;
        if (gn_kummer_set_ladder(&t, kinds[i]) == GN_OK && kinds[i] != gn_kummer_get_ladder(&ku))
            ladders[nladders++] = t;
    }
    FUZZ_CHECK(nladders >= 2);
}

/* The expected verdict on a 48-byte key. */
static gn_err verdict(const uint8_t *key)
{
    const fz_mod_t *m = fz_kummer_mod();
    fz_int_t w[3], c[4];
    for (int i = 0; i < 3; i++)
        if (!fz_from_bytes(m, &w[i], key + 16 * i, 16, 1))
            return GN_ERR_ENCODING;
    for (int i = 0; i < 3; i++)
        if (fz_is_zero(&w[i]))
            return GN_ERR_NOT_ON_CURVE; /* a zero coordinate: not a key */
    fz_mul(m, &c[1], &w[1], &w[2]);
    fz_mul(m, &c[0], &c[1], &w[0]);
    fz_mul(m, &c[2], &w[0], &w[2]);
    fz_mul(m, &c[3], &w[0], &w[1]);
    return fz_kummer_on_surface(c) ? GN_OK : GN_ERR_NOT_ON_CURVE;
}

static int kummer_one(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup();
        ready = 1;
    }
    const gn_kummer_ctx_t *ku = &ladders[0];
    gn_kummer_point_t p;
    uint8_t key[48], sk[32], out[48], shared[48], again[48];
    const gn_err e = gn_kummer_decode_wrapped(ku, &p, data, size);
    if (size != 48)
        FUZZ_CHECK(e == GN_ERR_INVALID);
    fz_in_t in = {data, size};
    fz_take(&in, key, 48);
    fz_take(&in, sk, 32);
    const gn_err want = verdict(key);
    const gn_err d = gn_kummer_decode_wrapped(ku, &p, key, 48);
    FUZZ_CHECK(d == want);
    if (size == 48)
        FUZZ_CHECK(e == d);

    memset(shared, 0x5a, sizeof shared);
    const gn_err x = gn_kummer_dh(ku, shared, sk, key);
    if (d != GN_OK) { /* the same refusal, nothing written */
        FUZZ_CHECK(x == d);
        for (size_t i = 0; i < sizeof shared; i++)
            FUZZ_CHECK(shared[i] == 0x5a);
        return 0;
    }
    accepted++;
    FUZZ_CHECK(gn_kummer_on_surface(ku, &p) && gn_kummer_is_regular(ku, &p));
    gn_kummer_encode_wrapped(ku, out, &p);
    FUZZ_CHECK(memcmp(out, key, 48) == 0);
    FUZZ_CHECK(x == GN_OK || x == GN_ERR_INFINITY);
    if (x == GN_OK)
        FUZZ_CHECK(verdict(shared) == GN_OK);
    /* another ladder, picked by the secret's first byte */
    FUZZ_CHECK(gn_kummer_dh(&ladders[1 + sk[0] % (nladders - 1)], again, sk, key) == x);
    FUZZ_CHECK(memcmp(again, shared, 48) == 0);
    return 0;
}

/* The base point with each element replaced by 0, 1, p - 1, p, 2^127 (bit 127, which SUPERCOP
 * ignores) and 2^128 - 1, each with every ladder's secret. */
static void kummer_edges(void (*run)(const uint8_t *, size_t))
{
    static const uint8_t base[48] = {6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x68, 0x30, 0x1e, 0x6b,
                                     0x4d, 0xaf, 0xc7, 0x56, 0x9d, 0x1f, 0xa7, 0xf8, 0x71, 0x39, 0x37, 0x6b,
                                     1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    uint8_t d[80] = {0}, vals[6][16] = {{0}, {1}};
    kummer_one(NULL, 0);
    memset(vals[2], 0xff, 16), vals[2][15] = 0x7f, vals[2][0] = 0xfe; /* p - 1 */
    memset(vals[3], 0xff, 16), vals[3][15] = 0x7f;                    /* p */
    vals[4][15] = 0x80;                                               /* 2^127 */
    memset(vals[5], 0xff, 16);                                        /* 2^128 - 1 */
    for (size_t l = 0; l < nladders; l++) {
        memcpy(d, base, 48);
        d[48] = (uint8_t)l;
        run(d, 80);
        for (size_t i = 0; i < 3; i++)
            for (size_t v = 0; v < 6; v++) {
                memcpy(d, base, 48);
                memcpy(d + 16 * i, vals[v], 16);
                run(d, 80);
            }
    }
}

const fuzz_target_t fuzz_target_kummer = {"kummer", kummer_one, 96, 1, NULL, NULL, kummer_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(kummer_one)
