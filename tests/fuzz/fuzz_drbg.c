/* Fuzz target: the SP 800-90A DRBGs (gn_drbg_*) driven by the input as a program: instantiate with
 * a mechanism, prediction resistance, an entropy source of some bytes per seed, a nonce (given,
 * or drawn) and a personalization string of chosen lengths, then a sequence of generate (any
 * length up to past the 2^19-bit limit, additional input, prediction resistance), reseed,
 * reseed-interval, source-failure, uninstantiate and gn_drbg_rng steps.
 *
 * Every step runs on the library and on a reference written here from SP 800-90A Rev. 1 (9.1-9.4
 * for the checks and the reseed schedule, 10.1.1 Hash_DRBG with Hash_df, 10.1.2 HMAC_DRBG) over
 * genus's SHA-2 and HMAC, fed by the same entropy stream: the results (error codes, exactly
 * where the standard and genus/drbg.h put them) and every output byte must agree, so a wrong
 * acceptance, a missed reseed or a wrong state after a failure shows up as a difference. Also:
 * failed requests zero their output; a copy of the state generating a bytes gives a prefix of
 * what the original gives for a + b bytes; a request longer than 2^32 bytes of additional input
 * is refused before anything is read (AddressSanitizer sees a read of the one-byte buffer). */
#include <string.h>

#include "fuzz_util.h"
#include "genus/drbg.h"
#include "genus/hmac.h"

#define MAX_OUT (GN_DRBG_MAX_REQUEST_BYTES + 2)

/* ------------------------------------------------------------------ the entropy source */

typedef struct source {
    uint64_t seed, pos; /* byte pos of an endless stream that depends on seed */
    int fail;
} source_t;

static uint8_t stream_byte(uint64_t seed, uint64_t i)
{
    uint64_t z = seed + (i / 8 + 1) * 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (uint8_t)((z ^ (z >> 31)) >> 8 * (i % 8));
}

static int source_get(void *state, uint8_t *out, size_t len)
{
    source_t *s = state;
    if (s->fail)
        return 1;
    for (size_t i = 0; i < len; i++)
        out[i] = stream_byte(s->seed, s->pos++);
    return 0;
}

/* ------------------------------------------------------------------ the reference */

typedef struct ref {
    int inst, pr;
    gn_drbg_mech mech;
    size_t elen;              /* entropy bytes per (re)seed */
    uint64_t counter, interval;
    uint8_t v[111], k[111];   /* V, and Key (HMAC) or C (Hash) */
    source_t src;             /* the reference's own copy of the stream position */
} ref_t;

static gn_hash_alg alg(const ref_t *r)
{
    return r->mech == GN_DRBG_HMAC_SHA256 || r->mech == GN_DRBG_HASH_SHA256 ? GN_HASH_SHA256 : GN_HASH_SHA512;
}

static int is_hash(const ref_t *r)
{
    return r->mech == GN_DRBG_HASH_SHA256 || r->mech == GN_DRBG_HASH_SHA512;
}

static size_t outlen(const ref_t *r)
{
    return gn_hash_size(alg(r));
}

static size_t seedlen(const ref_t *r)
{
    return is_hash(r) ? (alg(r) == GN_HASH_SHA256 ? 55 : 111) : outlen(r);
}

typedef struct seg {
    const uint8_t *p;
    size_t n;
} seg_t;

/* 10.1.2.2 HMAC_DRBG_Update over the concatenation of the segments */
static void hmac_update(ref_t *r, const seg_t *d, size_t nd)
{
    const size_t ol = outlen(r);
    size_t total = 0;
    for (size_t i = 0; i < nd; i++)
        total += d[i].n;
    for (uint8_t round = 0; round < 2; round++) {
        gn_hmac_ctx_t h;
        FUZZ_CHECK(gn_hmac_init(&h, alg(r), r->k, ol) == GN_OK);
        gn_hmac_update(&h, r->v, ol);
        gn_hmac_update(&h, &round, 1);
        for (size_t i = 0; i < nd; i++)
            gn_hmac_update(&h, d[i].p, d[i].n);
        gn_hmac_final(&h, r->k);
        FUZZ_CHECK(gn_hmac(alg(r), r->v, r->k, ol, r->v, ol) == GN_OK);
        if (total == 0)
            break;
    }
}

/* 10.3.1 Hash_df: seedlen bytes of Hash(counter || no_of_bits || input) */
static void hash_df(const ref_t *r, uint8_t *out, const seg_t *d, size_t nd)
{
    const size_t sl = seedlen(r), ol = outlen(r);
    const uint32_t bits = (uint32_t)(8 * sl);
    const uint8_t nb[4] = {(uint8_t)(bits >> 24), (uint8_t)(bits >> 16), (uint8_t)(bits >> 8), (uint8_t)bits};
    uint8_t t[2 * 64];
    for (uint8_t c = 1; (size_t)(c - 1) * ol < sl; c++) {
        gn_hash_ctx_t h;
        FUZZ_CHECK(gn_hash_init(&h, alg(r)) == GN_OK);
        gn_hash_update(&h, &c, 1);
        gn_hash_update(&h, nb, 4);
        for (size_t i = 0; i < nd; i++)
            gn_hash_update(&h, d[i].p, d[i].n);
        gn_hash_final(&h, t + (c - 1) * ol);
    }
    memcpy(out, t, sl);
}

/* v = v + a mod 2^(8 sl), a of alen <= sl bytes (big-endian both) */
static void add_be(uint8_t *v, size_t sl, const uint8_t *a, size_t alen)
{
    unsigned carry = 0;
    for (size_t i = 0; i < sl; i++) {
        unsigned s = v[sl - 1 - i] + carry + (i < alen ? a[alen - 1 - i] : 0);
        v[sl - 1 - i] = (uint8_t)s;
        carry = s >> 8;
    }
}

/* The mechanisms' seeding: instantiate (reseed = 0) or reseed (1) on seed material d. */
static void ref_seed(ref_t *r, const seg_t *d, size_t nd, int reseed)
{
    const size_t sl = seedlen(r);
    if (!is_hash(r)) {
        if (!reseed) {
            memset(r->k, 0, sizeof r->k);
            memset(r->v, 1, sizeof r->v);
        }
        hmac_update(r, d, nd);
    } else {
        uint8_t one = 1, zero = 0, seed[111];
        seg_t m[8];
        size_t nm = 0;
        if (reseed) {
            m[nm++] = (seg_t){&one, 1};
            m[nm++] = (seg_t){r->v, sl};
        }
        for (size_t i = 0; i < nd; i++)
            m[nm++] = d[i];
        hash_df(r, seed, m, nm);
        memcpy(r->v, seed, sl);
        const seg_t c[2] = {{&zero, 1}, {r->v, sl}};
        hash_df(r, r->k, c, 2);
    }
    r->counter = 1;
}

/* 9.2 on an instantiated reference: fresh entropy and the additional input */
static gn_err ref_reseed(ref_t *r, const uint8_t *add, size_t add_len)
{
    uint8_t ent[GN_DRBG_MAX_ENTROPY_BYTES];
    if (source_get(&r->src, ent, r->elen))
        return GN_ERR_RNG;
    const seg_t d[2] = {{ent, r->elen}, {add, add_len}};
    ref_seed(r, d, 2, 1);
    return GN_OK;
}

/* 10.1.1.4 / 10.1.2.5 after the front end's checks and reseed */
static void ref_generate_alg(ref_t *r, uint8_t *out, size_t n, const uint8_t *add, size_t add_len)
{
    const size_t sl = seedlen(r), ol = outlen(r);
    const seg_t a = {add, add_len};
    if (!is_hash(r)) {
        if (add_len)
            hmac_update(r, &a, 1);
        for (size_t o = 0; o < n; o += ol) {
            FUZZ_CHECK(gn_hmac(alg(r), r->v, r->k, ol, r->v, ol) == GN_OK);
            memcpy(out + o, r->v, n - o < ol ? n - o : ol);
        }
        hmac_update(r, &a, 1);
    } else {
        uint8_t w[64], data[111], h[64], c3 = 3, c2 = 2, cnt[8];
        if (add_len) {
            gn_hash_ctx_t hc;
            FUZZ_CHECK(gn_hash_init(&hc, alg(r)) == GN_OK);
            gn_hash_update(&hc, &c2, 1);
            gn_hash_update(&hc, r->v, sl);
            gn_hash_update(&hc, add, add_len);
            gn_hash_final(&hc, w);
            add_be(r->v, sl, w, ol);
        }
        memcpy(data, r->v, sl);
        const uint8_t one = 1;
        for (size_t o = 0; o < n; o += ol) {
            FUZZ_CHECK(gn_hash(alg(r), w, data, sl) == GN_OK);
            memcpy(out + o, w, n - o < ol ? n - o : ol);
            add_be(data, sl, &one, 1);
        }
        gn_hash_ctx_t hc;
        FUZZ_CHECK(gn_hash_init(&hc, alg(r)) == GN_OK);
        gn_hash_update(&hc, &c3, 1);
        gn_hash_update(&hc, r->v, sl);
        gn_hash_final(&hc, h);
        add_be(r->v, sl, h, ol);
        add_be(r->v, sl, r->k, sl);
        for (int i = 0; i < 8; i++)
            cnt[i] = (uint8_t)(r->counter >> 8 * (7 - i));
        add_be(r->v, sl, cnt, 8);
    }
    r->counter++;
}

/* 9.3.1 */
static gn_err ref_generate(ref_t *r, uint8_t *out, size_t n, int pr, const uint8_t *add, size_t add_len)
{
    gn_err e = GN_OK;
    if (!r->inst)
        e = GN_ERR_DRBG_STATE;
    else if (n > GN_DRBG_MAX_REQUEST_BYTES || (uint64_t)add_len > GN_DRBG_MAX_INPUT_BYTES)
        e = GN_ERR_REQUEST_TOO_LARGE;
    else if (pr && !r->pr)
        e = GN_ERR_INVALID;
    else if (pr || r->counter > r->interval) {
        if ((e = ref_reseed(r, add, add_len)) == GN_OK)
            add_len = 0;
    }
    if (e == GN_OK)
        ref_generate_alg(r, out, n, add, add_len);
    else
        memset(out, 0, n);
    return e;
}

/* ------------------------------------------------------------------ the program */

static size_t accepted;
static uint8_t out1[MAX_OUT], out2[MAX_OUT], out3[MAX_OUT];

/* Lengths with the limits in reach: small ones mostly, then the edges. */
static size_t pick_len(fz_in_t *in)
{
    const unsigned a = fz_u8(in), b = fz_u8(in);
    if (a == 0xfe) /* not a value that runs of 00 or ff written by mutation make */
        return GN_DRBG_MAX_REQUEST_BYTES - 1 + b % 3; /* 65535, 65536, 65537: rare, they are slow */
    return a >> 5 == 1 ? (size_t)(a & 31) << 8 | b /* up to 8191 */ : a >> 4 == 4 ? (size_t)(a & 3) << 8 | b : b;
}

static int drbg_one(const uint8_t *data, size_t size)
{
    static const size_t elens[] = {0, 16, 31, 32, 33, 48, 64, 111, 512, 513};
    static const gn_drbg_mech mechs[] = {GN_DRBG_HMAC_SHA256, GN_DRBG_HMAC_SHA512, GN_DRBG_HASH_SHA256,
                                         GN_DRBG_HASH_SHA512, 0, 5};
    fz_in_t in = {data, size};
    const unsigned b0 = fz_u8(&in), b1 = fz_u8(&in);
    source_t src = {(uint64_t)b1 << 8 | fz_u8(&in), 0, (b1 & 0x1c) == 0x1c}; /* failing from the start: 1 in 8 */
    const gn_entropy_t es = {source_get, &src, elens[b0 % 10]};
    const gn_drbg_mech mech = mechs[b0 / 10 % 6];
    const int pr = b1 & 1, given_nonce = !(b1 & 2);
    uint8_t nonce[64], pers[256];
    const size_t nonce_len = fz_take(&in, nonce, fz_u8(&in) % 40);
    const size_t pers_len = fz_take(&in, pers, fz_u8(&in) % 128);
    gn_drbg_t d = {0};
    ref_t r;
    memset(&r, 0, sizeof r);

    /* 9.1 */
    const source_t src0 = src; /* the reference draws the same bytes */
    const gn_err e = gn_drbg_instantiate(&d, mech, &es, pr, given_nonce ? nonce : NULL, nonce_len,
                                         pers_len ? pers : NULL, pers_len);
    gn_err x = GN_OK;
    const size_t elen = es.bytes ? es.bytes : GN_DRBG_ENTROPY_BYTES;
    if (mech < GN_DRBG_HMAC_SHA256 || mech > GN_DRBG_HASH_SHA512 || elen < GN_DRBG_ENTROPY_BYTES ||
        (given_nonce && nonce_len < GN_DRBG_NONCE_BYTES))
        x = GN_ERR_INVALID;
    else if (elen > GN_DRBG_MAX_ENTROPY_BYTES)
        x = GN_ERR_REQUEST_TOO_LARGE;
    else if (src.fail)
        x = GN_ERR_RNG;
    else {
        uint8_t ent[GN_DRBG_MAX_ENTROPY_BYTES + GN_DRBG_NONCE_BYTES];
        r.mech = mech;
        r.src = src0;
        const size_t draw = elen + (given_nonce ? 0 : GN_DRBG_NONCE_BYTES);
        FUZZ_CHECK(source_get(&r.src, ent, draw) == 0);
        const seg_t sm[3] = {{ent, draw}, {nonce, given_nonce ? nonce_len : 0}, {pers, pers_len}};
        ref_seed(&r, sm, 3, 0);
        r.inst = 1;
        r.pr = pr;
        r.elen = elen;
        r.interval = GN_DRBG_RESEED_INTERVAL;
    }
    FUZZ_CHECK(e == x);
    if (e != GN_OK) { /* left uninstantiated: every later call says so */
        FUZZ_CHECK(gn_drbg_generate(&d, out1, 1, 0, NULL, 0) == GN_ERR_DRBG_STATE && out1[0] == 0);
        FUZZ_CHECK(gn_drbg_reseed(&d, NULL, 0) == GN_ERR_DRBG_STATE);
    }

    /* the steps */
    for (int steps = 0; in.n && steps < 32; steps++) {
        const unsigned op = fz_u8(&in) % 7;
        switch (op) {
        case 0: { /* generate */
            const size_t n = pick_len(&in);
            const unsigned flags = fz_u8(&in);
            const int p = flags & 1;
            uint8_t add[256];
            const size_t add_len = fz_take(&in, add, (size_t)fz_u8(&in) % 64 * (flags >> 2 & 3));
            gn_drbg_t before = d;
            const source_t sbefore = src;
            memset(out1, 0xa5, n);
            const gn_err ge = gn_drbg_generate(&d, out1, n, p, add_len ? add : NULL, add_len);
            FUZZ_CHECK(ge == ref_generate(&r, out2, n, p, add, add_len));
            FUZZ_CHECK(memcmp(out1, out2, n) == 0); /* on failure both are zero */
            if (ge == GN_OK && (flags & 2) && n > 1 && n <= 8192) {
                /* the state before, asked for fewer bytes with the same inputs and entropy: a prefix */
                const source_t safter = src;
                src = sbefore;
                const size_t k = 1 + n % (n - 1);
                FUZZ_CHECK(gn_drbg_generate(&before, out3, k, p, add_len ? add : NULL, add_len) == GN_OK);
                FUZZ_CHECK(memcmp(out3, out1, k) == 0);
                src = safter;
            }
            accepted += ge == GN_OK;
            break;
        }
        case 1: { /* reseed */
            uint8_t add[256];
            const size_t add_len = fz_take(&in, add, fz_u8(&in));
            const gn_err re = gn_drbg_reseed(&d, add_len ? add : NULL, add_len);
            FUZZ_CHECK(re == (r.inst ? ref_reseed(&r, add, add_len) : GN_ERR_DRBG_STATE));
            break;
        }
        case 2: { /* reseed interval: 0 and above 2^48 refused */
            static const uint64_t iv[] = {0, 1, 2, 3, 7, (uint64_t)1 << 48, ((uint64_t)1 << 48) + 1};
            const uint64_t v = iv[fz_u8(&in) % 7];
            const gn_err ie = gn_drbg_set_reseed_interval(&d, v);
            FUZZ_CHECK(ie == (!r.inst ? GN_ERR_DRBG_STATE : v == 0 || v > GN_DRBG_RESEED_INTERVAL ? GN_ERR_INVALID
                                                                                                  : GN_OK));
            if (ie == GN_OK)
                r.interval = v;
            break;
        }
        case 3: /* the source fails, or works again */
            src.fail = !src.fail;
            r.src.fail = src.fail;
            break;
        case 4: /* uninstantiate: the whole state zeroed */
            gn_drbg_uninstantiate(&d);
            for (size_t i = 0; i < sizeof d; i++)
                FUZZ_CHECK(((const uint8_t *)&d)[i] == 0);
            r.inst = 0;
            break;
        case 5: { /* gn_drbg_rng: requests of at most 2^16 bytes, prediction resistance as instantiated */
            const size_t n = pick_len(&in); /* 65537: two requests */
            memset(out1, 0xa5, n);
            const int re = gn_drbg_rng(&d, out1, n);
            gn_err xe = GN_OK;
            size_t off = 0;
            do {
                const size_t k = n - off < GN_DRBG_MAX_REQUEST_BYTES ? n - off : GN_DRBG_MAX_REQUEST_BYTES;
                xe = ref_generate(&r, out2 + off, k, r.inst && r.pr, NULL, 0);
                off += k;
            } while (xe == GN_OK && off < n);
            if (xe != GN_OK)
                memset(out2, 0, n);
            FUZZ_CHECK(re == (int)xe);
            FUZZ_CHECK(memcmp(out1, out2, n) == 0);
            break;
        }
        default: { /* additional input beyond 2^32 bytes: refused before it is read */
            static const uint8_t one = 0x42;
            if (SIZE_MAX <= GN_DRBG_MAX_INPUT_BYTES)
                break;
            const size_t huge = (size_t)GN_DRBG_MAX_INPUT_BYTES + 1;
            const gn_err ge = gn_drbg_generate(&d, out1, 1, 0, &one, huge);
            FUZZ_CHECK(ge == (r.inst ? GN_ERR_REQUEST_TOO_LARGE : GN_ERR_DRBG_STATE) && out1[0] == 0);
            FUZZ_CHECK(gn_drbg_reseed(&d, &one, huge) == (r.inst ? GN_ERR_REQUEST_TOO_LARGE : GN_ERR_DRBG_STATE));
            break;
        }
        }
        FUZZ_CHECK((d.magic != 0) == r.inst); /* both (un)instantiated alike */
        if (!r.inst)
            continue;
        /* the library's stream position is the reference's: the same bytes were drawn */
        FUZZ_CHECK(src.pos == r.src.pos);
    }
    return 0;
}

const fuzz_target_t fuzz_target_drbg = {"drbg", drbg_one, 1024, 1, NULL, NULL, NULL, &accepted};
FUZZ_LIBFUZZER_ENTRY(drbg_one)
