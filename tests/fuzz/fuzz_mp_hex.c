/* Fuzz target: the library's text and byte conversions of naturals, gn_mp_from_hex /
 * gn_mp_to_hex and gn_mp_from_bytes_be / _le / gn_mp_to_bytes_be / _le, and the canonical decoding
 * of field elements (gn_fp_decode / _le). Input: byte 0 picks the size n (1..24 limbs) and the
 * field; the rest is the text (for hex) and the bytes (for the others).
 *
 * The verdict of gn_mp_from_hex is recomputed by a parser written here: GN_ERR_PARSE exactly when
 * the text (after one optional 0x or 0X) is empty or holds a character other than 0-9 a-f A-F,
 * GN_ERR_RANGE exactly when the value needs more than n limbs, and otherwise the same limbs.
 * An accepted value prints back (gn_mp_to_hex) as the input's digits in lowercase without leading
 * zeros ("0" for zero), and zero-padded to any width asked for, GN_ERR_BUFFER when the buffer is
 * one short. Bytes: accepted exactly when the value fits n limbs, and written back to the same
 * bytes. Field elements: accepted exactly at the field's length and below p, and re-encoded to
 * the input. */
#include <string.h>

#include "fuzz_util.h"
#include "genus/mp.h"

#define MAXN 24
#define W GN_LIMB_BITS

static const char *const primes[] = {"fff1", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
                                     "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
                                     ("1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                                      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")};
#define NPRIMES (sizeof primes / sizeof primes[0])
static gn_fp_ctx_t fields[NPRIMES];
static size_t accepted;

static int digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The reference: the verdict, and the value in ref[0..n) when it fits. */
static gn_err ref_from_hex(gn_limb_t *ref, size_t n, const char *s, size_t len)
{
    if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2, len -= 2;
    if (len == 0)
        return GN_ERR_PARSE;
    for (size_t i = 0; i < len; i++)
        if (digit(s[i]) < 0)
            return GN_ERR_PARSE;
    memset(ref, 0, n * sizeof *ref);
    size_t lead = 0;
    while (lead < len && s[lead] == '0')
        lead++;
    const size_t sig = len - lead; /* significant digits */
    if (sig > n * (W / 4))
        return GN_ERR_RANGE;
    for (size_t k = 0; k < sig; k++) { /* digit k from the right */
        const gn_limb_t v = (gn_limb_t)digit(s[len - 1 - k]);
        ref[k / (W / 4)] |= v << (4 * (k % (W / 4)));
    }
    return GN_OK;
}

static void check_hex(const char *s, size_t len, size_t n)
{
    gn_limb_t r[MAXN], ref[MAXN];
    char out[MAXN * W / 4 + 64], want[MAXN * W / 4 + 64];
    const gn_err e = gn_mp_from_hex(r, n, s, len);
    const gn_err x = ref_from_hex(ref, n, s, len);
    FUZZ_CHECK(e == x);
    if (e == GN_ERR_PARSE) {
        for (size_t i = 0; i < n; i++)
            FUZZ_CHECK(r[i] == 0); /* nothing half-parsed is left behind */
    }
    if (e != GN_OK)
        return;
    accepted++;
    FUZZ_CHECK(memcmp(r, ref, n * sizeof *r) == 0);
    /* the digits, lowercase, without the prefix and leading zeros */
    const char *d = len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? s + 2 : s;
    size_t dl = len - (size_t)(d - s), w = 0;
    while (dl > 1 && d[0] == '0')
        d++, dl--;
    for (size_t i = 0; i < dl; i++)
        want[w++] = (char)("0123456789abcdef"[digit(d[i])]);
    want[w] = 0;
    FUZZ_CHECK(gn_mp_to_hex(out, sizeof out, r, n, 0) == GN_OK && strcmp(out, want) == 0);
    /* zero-padded to w + pad digits; one byte short of room: GN_ERR_BUFFER */
    const size_t pad = (size_t)(s[0] & 7);
    FUZZ_CHECK(gn_mp_to_hex(out, w + pad + 1, r, n, w + pad) == GN_OK);
    FUZZ_CHECK(strlen(out) == w + pad && strcmp(out + pad, want) == 0);
    for (size_t i = 0; i < pad; i++)
        FUZZ_CHECK(out[i] == '0');
    FUZZ_CHECK(gn_mp_to_hex(out, w + pad, r, n, w + pad) == GN_ERR_BUFFER);
}

static void check_bytes(const uint8_t *b, size_t len, size_t n)
{
    gn_limb_t r[MAXN];
    uint8_t out[4096];
    for (int le = 0; le < 2; le++) {
        /* fits exactly when every byte beyond n limbs' worth is zero */
        int fits = 1;
        for (size_t k = n * sizeof(gn_limb_t); k < len; k++)
            fits &= (le ? b[k] : b[len - 1 - k]) == 0;
        const gn_err e = le ? gn_mp_from_bytes_le(r, n, b, len) : gn_mp_from_bytes_be(r, n, b, len);
        FUZZ_CHECK(e == (fits ? GN_OK : GN_ERR_RANGE));
        if (e != GN_OK || len > sizeof out)
            continue;
        FUZZ_CHECK((le ? gn_mp_to_bytes_le(out, len, r, n) : gn_mp_to_bytes_be(out, len, r, n)) == GN_OK);
        FUZZ_CHECK(memcmp(out, b, len) == 0);
    }
}

static void check_fp(const gn_fp_ctx_t *f, const fz_mod_t *m, const uint8_t *b, size_t len)
{
    gn_fp_t a;
    uint8_t out[GN_FP_MAX_BITS / 8];
    fz_int_t v;
    const size_t fb = gn_fp_bytes(f);
    for (int le = 0; le < 2; le++) {
        const gn_err e = le ? gn_fp_decode_le(f, &a, b, len) : gn_fp_decode(f, &a, b, len);
        if (len != fb) {
            FUZZ_CHECK(e == GN_ERR_INVALID);
            continue;
        }
        FUZZ_CHECK(e == (fz_from_bytes(m, &v, b, len, le) ? GN_OK : GN_ERR_RANGE));
        if (e != GN_OK)
            continue;
        if (le)
            gn_fp_encode_le(f, out, &a);
        else
            gn_fp_encode(f, out, &a);
        FUZZ_CHECK(memcmp(out, b, len) == 0);
    }
}

static int mp_hex_one(const uint8_t *data, size_t size)
{
    static fz_mod_t mods[NPRIMES];
    static int ready;
    if (!ready) {
        for (size_t i = 0; i < NPRIMES; i++) {
            FUZZ_CHECK(gn_fp_init_hex(&fields[i], primes[i]) == GN_OK);
            fz_mod_init_hex(&mods[i], primes[i]);
        }
        ready = 1;
    }
    if (size < 1)
        return 0;
    const size_t n = 1 + data[0] % MAXN, fi = (size_t)(data[0] >> 5) % NPRIMES;
    check_hex((const char *)data + 1, size - 1, n);
    check_bytes(data + 1, size - 1, n);
    check_fp(&fields[fi], &mods[fi], data + 1, size - 1);
    return 0;
}

static const char *const mp_hex_tokens[] = {"0x", "0X", "00000000", "ffffffffffffffff", "FFFF", "g", " ", "\n", "-",
                                            "+", NULL};

const fuzz_target_t fuzz_target_mp_hex = {"mp_hex", mp_hex_one, 512, 2, mp_hex_tokens, NULL, NULL, &accepted};
FUZZ_LIBFUZZER_ENTRY(mp_hex_one)
