/* Fuzz target: arbitrary bytes through the strict DER reader (src/proto/der.c) and the
 * SubjectPublicKeyInfo decoders (gn_ec_public_decode and gn_ec2m_public_decode, GN_EC_KEY_SPKI). Every check is an
 * invariant that must hold for any input, so a failure is a bug whatever the bytes were. */
#include <string.h>

#include "fuzz.h"
#include "genus/ecdh.h"
#include "proto/der.h"

#define CHECK FUZZ_CHECK

/* Curves with an SPKI OID, those of the seed corpus (tests/fuzz/corpus); P-521's keys take the long
 * form of the outer length (30 81 9b). */
static const char *const names[] = {"P-256", "P-384", "brainpoolP256r1", "P-521"};
#define NCURVES (sizeof names / sizeof names[0])
static gn_ec_ctx_t curves[NCURVES];
/* Binary curves with SEC 2's OIDs (gn_ec2m_public_decode): a fixed reduction of each size class,
 * a Koblitz curve; B-571's keys take the long form of the BIT STRING's length. */
static const char *const names2m[] = {"B-163", "K-283", "B-571"};
#define NCURVES2M (sizeof names2m / sizeof names2m[0])
static gn_ec2m_ctx_t curves2m[NCURVES2M];
static size_t accepted;

/* The distinguished header of (tag, len), written independently of the library's encoder so the
 * comparison below checks the reader against X.690 10.1 rather than against itself. */
static size_t header(uint8_t out[6], unsigned tag, size_t len)
{
    size_t n = 0;
    out[0] = (uint8_t)tag;
    if (len < 0x80) {
        out[1] = (uint8_t)len;
        return 2;
    }
    for (size_t v = len; v; v >>= 8)
        n++;
    CHECK(n <= 4); /* longer values cannot lie inside an input */
    out[1] = (uint8_t)(0x80 | n);
    for (size_t i = 0; i < n; i++)
        out[2 + i] = (uint8_t)(len >> 8 * (n - 1 - i));
    return 2 + n;
}

/* X.690 10.1 read afresh, as the reference the reader is compared with: a low tag number equal to
 * `tag`, a definite length in the fewest octets, contents inside the input. Length octets are
 * gathered into 64 bits (more than 8 cannot be minimal and fit), so no cap of the reader's is
 * taken on trust. */
static int ref_read(const uint8_t *p, size_t n, unsigned tag, size_t *hdr, size_t *len)
{
    if (n < 2 || p[0] != tag || (tag & 0x1f) == 0x1f)
        return -1;
    uint64_t v = p[1];
    size_t k = 0;
    if (v & 0x80) {
        k = p[1] & 0x7f;
        if (k == 0 || k > 8 || n - 2 < k)
            return -1;
        v = 0;
        for (size_t i = 0; i < k; i++)
            v = v << 8 | p[2 + i];
        if (v < 0x80 || (k > 1 && v >> 8 * (k - 1) == 0))
            return -1;
    }
    if (v > n - 2 - k)
        return -1;
    *hdr = 2 + k;
    *len = (size_t)v;
    return 0;
}

/* gn_der_read with its contract checked: it agrees with ref_read; on success the value lies inside
 * *in, *in advanced by exactly header + contents, and the header re-encodes to the input's; on
 * failure *in is untouched (spki_point looks at the next tag after a failed read). */
static int read_checked(gn_der_t *in, unsigned tag, gn_der_t *val)
{
    const gn_der_t before = *in;
    uint8_t h[6];
    size_t rhdr = 0, rlen = 0;
    const int ref = ref_read(before.p, before.len, tag, &rhdr, &rlen);
    if (gn_der_read(in, tag, val) != 0) {
        CHECK(ref != 0);
        CHECK(in->p == before.p && in->len == before.len);
        return -1;
    }
    CHECK(ref == 0);
    CHECK(val->p >= before.p && val->len <= before.len && (size_t)(val->p - before.p) <= before.len - val->len);
    const size_t hdr = (size_t)(val->p - before.p);
    CHECK(hdr == rhdr && val->len == rlen);
    CHECK(in->p == val->p + val->len && in->len == before.len - hdr - val->len);
    CHECK(header(h, tag, val->len) == hdr && memcmp(h, before.p, hdr) == 0);
    return 0;
}

/* Walks the elements of the input, descending into SEQUENCEs (an explicit stack, as deep as an
 * input can nest in the reader's eyes up to a bound), with gn_der_read_bits tried at each one. */
static void walk_der(const uint8_t *data, size_t size)
{
    gn_der_t stack[16];
    size_t depth = 1;
    stack[0] = (gn_der_t){data, size};
    while (depth) {
        gn_der_t *in = &stack[depth - 1], val, bits, copy = *in;
        if (in->len == 0) {
            depth--;
            continue;
        }
        if (gn_der_read_bits(&copy, &bits) == 0) {
            /* one octet of unused bits (zero) before the bits; the same advance as a plain read */
            gn_der_t again = *in;
            CHECK(read_checked(&again, GN_DER_BIT_STRING, &val) == 0);
            CHECK(val.len >= 1 && val.p[0] == 0 && bits.p == val.p + 1 && bits.len == val.len - 1);
            CHECK(copy.p == again.p && copy.len == again.len);
        } else {
            /* refused only when not a BIT STRING or it has unused bits; *in untouched as for gn_der_read */
            gn_der_t again = *in;
            CHECK(read_checked(&again, GN_DER_BIT_STRING, &val) != 0 || val.len < 1 || val.p[0] != 0);
            CHECK(copy.p == in->p && copy.len == in->len);
        }
        /* the element's own tag, so a well-formed element is read rather than refused; another
         * tag never reads */
        const unsigned tag = in->p[0];
        gn_der_t at = *in;
        CHECK(read_checked(&at, tag ^ 0x01, &val) != 0);
        if (read_checked(in, tag, &val) != 0) {
            depth--; /* the rest of this level is not DER; the levels above go on */
            continue;
        }
        if (tag == GN_DER_SEQUENCE && depth < sizeof stack / sizeof stack[0])
            stack[depth++] = val;
    }
}

/* Every curve's SPKI decoding of the input: at most one curve accepts (the OIDs differ), and an
 * accepted key re-encodes to bytes that decode to the same point; DER being distinguished, an
 * uncompressed key re-encodes to the input itself (a compressed one is shorter). */
static void check_spki(const uint8_t *data, size_t size)
{
    uint8_t out[256];
    size_t outlen, hits = 0;
    gn_ec_point_t pt, again;
    for (size_t c = 0; c < NCURVES; c++) {
        if (gn_ec_public_decode(&curves[c], &pt, data, size, GN_EC_KEY_SPKI) != GN_OK)
            continue;
        hits++;
        accepted++;
        CHECK(gn_ec_public_encode(&curves[c], out, &outlen, sizeof out, &pt, GN_EC_KEY_SPKI) == GN_OK);
        CHECK(outlen >= size);
        CHECK(outlen != size || memcmp(out, data, size) == 0);
        CHECK(gn_ec_public_decode(&curves[c], &again, out, outlen, GN_EC_KEY_SPKI) == GN_OK);
        CHECK(gn_ec_point_eq(&curves[c], &pt, &again));
    }
    for (size_t c = 0; c < NCURVES2M; c++) {
        gn_ec2m_point_t q, q2;
        if (gn_ec2m_public_decode(&curves2m[c], &q, data, size, GN_EC_KEY_SPKI) != GN_OK)
            continue;
        hits++;
        accepted++;
        CHECK(!q.infinity && gn_ec2m_is_on_curve(&curves2m[c], &q));
        CHECK(gn_ec2m_public_encode(&curves2m[c], out, &outlen, sizeof out, &q, GN_EC_KEY_SPKI) == GN_OK);
        CHECK(outlen >= size);
        CHECK(outlen != size || memcmp(out, data, size) == 0);
        CHECK(gn_ec2m_public_decode(&curves2m[c], &q2, out, outlen, GN_EC_KEY_SPKI) == GN_OK);
        CHECK(gn_ec2m_point_eq_var(&curves2m[c], &q, &q2));
    }
    CHECK(hits <= 1);
}

static int spki_one(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        for (size_t c = 0; c < NCURVES; c++)
            CHECK(gn_ec_init_named(&curves[c], names[c]) == GN_OK);
        for (size_t c = 0; c < NCURVES2M; c++)
            CHECK(gn_ec2m_init_named(&curves2m[c], names2m[c]) == GN_OK);
        ready = 1;
    }
    walk_der(data, size);
    check_spki(data, size);
    return 0;
}

/* Length edits aim at the octet after a tag the SPKI reader knows, where off-by-one, indefinite,
 * long-form and non-minimal lengths are what a lax reader lets by. */
static void spki_mutate(uint8_t *d, size_t *len, size_t cap, uint64_t r)
{
    static const uint8_t lens[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x88, 0x89, 0xff};
    if (*len == 0)
        return;
    const size_t i = (size_t)(r % *len);
    r >>= 16;
    for (size_t k = 0; k < *len; k++) {
        size_t j = (i + k) % *len;
        if (j + 1 < *len && (d[j] == 0x30 || d[j] == 0x06 || d[j] == 0x03)) {
            const size_t n = 1 + (r >> 8) % 2;
            if (r % 3 == 0) {
                d[j + 1] = (uint8_t)(d[j + 1] + ((r >> 4) % 2 ? 1 : 0xff));
            } else if ((r >> 2) % 2 == 0) {
                d[j + 1] = lens[(r >> 12) % sizeof lens];
            } else if (*len + n <= cap) {
                /* 0x81 LL or 0x82 00 LL: the old length again, in a form longer than needed */
                memmove(d + j + 1 + n, d + j + 1, *len - j - 1);
                *len += n;
                d[j + 1] = (uint8_t)(0x80 | n);
                if (n == 2)
                    d[j + 2] = 0;
            }
            break;
        }
    }
}

/* The edges of the length forms, which random mutation rarely hits (a 0x81 0x7f header needs
 * 127 contents octets behind it): each tag the SPKI reader uses, contents lengths around 0x80 and
 * 0x100, written in the short form and with 0 (indefinite) to 4 length octets, with the contents
 * one short, exact and one over. */
static void spki_edges(void (*run)(const uint8_t *, size_t))
{
    static const unsigned tags[] = {0x30, 0x03, 0x06};
    static const size_t lens[] = {0, 1, 0x7e, 0x7f, 0x80, 0x81, 0xff, 0x100, 0x101};
    uint8_t d[8 + 0x102];
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++)
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
            for (int nb = -1; nb <= 4; nb++) {
                const size_t len = lens[l];
                size_t hdr = 2;
                d[0] = (uint8_t)tags[t];
                if (nb < 0) {
                    if (len >= 0x80)
                        continue;
                    d[1] = (uint8_t)len;
                } else {
                    if (nb < 4 && len >> 8 * nb)
                        continue; /* does not fit in nb octets */
                    d[1] = (uint8_t)(0x80 | nb);
                    for (int k = 0; k < nb; k++)
                        d[hdr++] = (uint8_t)(len >> 8 * (nb - 1 - k));
                }
                memset(d + hdr, 0, len + 1); /* zero: a BIT STRING with no unused bits */
                for (size_t total = hdr + len - (len > 0); total <= hdr + len + 1; total++)
                    run(d, total);
            }
}

const fuzz_target_t fuzz_target_spki = {"spki", spki_one, 1024, 3, NULL, spki_mutate, spki_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(spki_one)
