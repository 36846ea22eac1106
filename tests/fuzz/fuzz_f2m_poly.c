/* Fuzz target: binary-field reduction polynomials, gn_f2m_init_kernel with exponent lists, and
 * the arithmetic of the fields it accepts. Input: byte 0 (the number of exponents, 0..6, and the
 * multiplier: auto, portable, PCLMULQDQ), the exponents as 16-bit big-endian numbers (mod 640, so
 * that degrees above GN_F2M_MAX_M come up), then the bytes of two elements.
 *
 * The verdict is recomputed here: GN_ERR_INVALID for a list that is not 3 or 5 strictly
 * descending exponents ending in 0 with m >= 2, GN_ERR_TOO_LARGE for m > 571, GN_ERR_UNSUPPORTED
 * for PCLMULQDQ where it is missing, and otherwise accepted exactly when the polynomial is
 * irreducible by Ben-Or's test on plain 64-bit words (fuzz_util.c), GN_ERR_REDUCIBLE when not.
 * In an accepted field, against the same word arithmetic: the product and square (the reduction
 * paths: fixed NIST, word-wise, chunk-wise) on both multipliers, gn_f2m_decode's range check, the
 * trace (a table from Newton's identities), and one group of the exponentiations, picked by the
 * last byte: the square root; a x a^-1 = 1 for the constant-time inverse and the three
 * variable-time ones; division both ways; the solution of z^2 + z = c (or GN_ERR_NOT_SQUARE
 * exactly when Tr(c) = 1) and the half-trace (odd m). */
#include <string.h>

#include "fuzz_util.h"
#include "genus/f2m.h"

static size_t accepted;

/* Element bytes (big-endian, gn_f2m_bytes of them) as a polynomial and as a field element. */
static void element(const gn_f2m_ctx_t *ctx, fz_poly_t *p, gn_f2m_t *e, const uint8_t *b, size_t len)
{
    fz_poly_from_bytes(p, b, len);
    for (int i = (int)ctx->m; i < 8 * (int)len; i++) /* degree below m */
        p->w[i / 64] &= ~((uint64_t)1 << (i % 64));
    uint8_t c[(GN_F2M_MAX_M + 7) / 8];
    memcpy(c, b, len);
    const size_t spare = 8 * len - ctx->m;
    if (spare)
        c[0] &= (uint8_t)(0xff >> spare);
    FUZZ_CHECK(gn_f2m_decode(ctx, e, c, len) == GN_OK);
}

static void to_poly(const gn_f2m_ctx_t *ctx, fz_poly_t *p, const gn_f2m_t *e)
{
    uint8_t b[(GN_F2M_MAX_M + 7) / 8];
    gn_f2m_encode(ctx, b, e);
    fz_poly_from_bytes(p, b, gn_f2m_bytes(ctx));
    FUZZ_CHECK(fz_poly_deg(p) < (int)ctx->m);
}

static int same(const gn_f2m_ctx_t *ctx, const gn_f2m_t *e, const fz_poly_t *p)
{
    fz_poly_t q;
    to_poly(ctx, &q, e);
    return fz_poly_eq(&q, p);
}

static void check_field(const gn_f2m_ctx_t *ctx, const fz_poly_t *f, const uint8_t *tr, const uint8_t *rest,
                        size_t n)
{
    const size_t L = gn_f2m_bytes(ctx);
    const int m = (int)ctx->m;
    uint8_t ab[2][(GN_F2M_MAX_M + 7) / 8] = {{0}};
    fz_poly_t a, b, t, u, one;
    gn_f2m_t ea, eb, r, s;
    fz_in_t in = {rest, n};
    fz_take(&in, ab[0], L);
    fz_take(&in, ab[1], L);
    /* decoding: the raw bytes are in range exactly when their degree is below m */
    fz_poly_from_bytes(&t, ab[0], L);
    FUZZ_CHECK((gn_f2m_decode(ctx, &r, ab[0], L) == GN_OK) == (fz_poly_deg(&t) < m));
    FUZZ_CHECK(gn_f2m_decode(ctx, &r, ab[0], L + 1) == GN_ERR_INVALID);
    element(ctx, &a, &ea, ab[0], L);
    element(ctx, &b, &eb, ab[1], L);
    fz_poly_zero(&one);
    fz_poly_set_bit(&one, 0);

    gn_f2m_mul(ctx, &r, &ea, &eb);
    fz_poly_mulmod(&t, &a, &b, f);
    FUZZ_CHECK(same(ctx, &r, &t));
    gn_f2m_sqr(ctx, &r, &ea);
    fz_poly_mulmod(&u, &a, &a, f);
    FUZZ_CHECK(same(ctx, &r, &u));
    /* the rest are exponentiations (m squarings each): one group per input, picked by the last
     * byte of b, keeps an input cheap */
    const unsigned pick = ab[1][L - 1] % 4;
    if (pick == 0) {
        gn_f2m_sqrt(ctx, &s, &ea);
        gn_f2m_sqr(ctx, &r, &s);
        FUZZ_CHECK(same(ctx, &r, &a));
    }

    /* the product on the other multiplier: the same context with the other choice (its field
     * clmul) rather than a second gn_f2m_init_kernel, whose irreducibility test would double the
     * cost of an input */
    if (gn_f2m_have_clmul()) {
        gn_f2m_ctx_t other = *ctx;
        other.clmul = !ctx->clmul;
        gn_f2m_mul(&other, &r, &ea, &eb);
        FUZZ_CHECK(same(ctx, &r, &t));
        gn_f2m_sqr(&other, &r, &ea);
        FUZZ_CHECK(same(ctx, &r, &u));
    }

    /* inverses and division */
    gn_err (*const inv[])(const gn_f2m_ctx_t *, gn_f2m_t *, const gn_f2m_t *) = {
        gn_f2m_inv, gn_f2m_inv_stein_var, gn_f2m_inv_stein2_var, gn_f2m_inv_eea_var};
    for (size_t i = 0; pick == 1 && i < sizeof inv / sizeof inv[0]; i++) {
        const gn_err e = inv[i](ctx, &r, &ea);
        if (fz_poly_deg(&a) < 0) {
            FUZZ_CHECK(e == GN_ERR_NOT_INVERTIBLE);
            continue;
        }
        FUZZ_CHECK(e == GN_OK);
        to_poly(ctx, &u, &r);
        fz_poly_mulmod(&u, &u, &a, f);
        FUZZ_CHECK(fz_poly_eq(&u, &one));
    }
    for (int var = 0; pick == 2 && var < 2; var++) { /* b / a */
        const gn_err e = var ? gn_f2m_div_var(ctx, &r, &eb, &ea) : gn_f2m_div(ctx, &r, &eb, &ea);
        if (fz_poly_deg(&a) < 0) {
            FUZZ_CHECK(e == GN_ERR_NOT_INVERTIBLE);
            continue;
        }
        FUZZ_CHECK(e == GN_OK);
        to_poly(ctx, &u, &r);
        fz_poly_mulmod(&u, &u, &a, f);
        FUZZ_CHECK(fz_poly_eq(&u, &b));
    }

    /* trace, z^2 + z = a, half-trace */
    const int ta = fz_poly_trace(tr, &a, m);
    FUZZ_CHECK((int)gn_f2m_trace(ctx, &ea) == ta);
    if (pick != 3)
        return;
    const gn_err e = gn_f2m_solve_quad(ctx, &r, &ea);
    if (ta) {
        FUZZ_CHECK(e == GN_ERR_NOT_SQUARE);
    } else {
        FUZZ_CHECK(e == GN_OK);
        to_poly(ctx, &u, &r);
        FUZZ_CHECK((u.w[0] & 1) == 0);
        fz_poly_mulmod(&t, &u, &u, f);
        fz_poly_add(&t, &t, &u);
        FUZZ_CHECK(fz_poly_eq(&t, &a));
    }
    const gn_err h = gn_f2m_htrace(ctx, &r, &ea);
    if (m % 2 == 0) {
        FUZZ_CHECK(h == GN_ERR_UNSUPPORTED);
    } else { /* H(a)^2 + H(a) = a + Tr(a) */
        FUZZ_CHECK(h == GN_OK);
        to_poly(ctx, &u, &r);
        fz_poly_mulmod(&t, &u, &u, f);
        fz_poly_add(&t, &t, &u);
        if (ta)
            fz_poly_add(&t, &t, &one);
        FUZZ_CHECK(fz_poly_eq(&t, &a));
    }
}

/* The reference verdict and trace table of a polynomial, kept in a direct-mapped cache: inputs come
 * back to the same polynomials with other elements, and Ben-Or's test costs milliseconds on the
 * large irreducible ones. */
typedef struct known {
    unsigned key[5];
    int used, irreducible;
    uint8_t tr[GN_F2M_MAX_M]; /* Tr(x^i), irreducible ones */
} known_t;

static const known_t *reference(const fz_poly_t *f, const unsigned *exps, size_t nexp)
{
    static known_t cache[512];
    unsigned key[5] = {0}, h = 2166136261u;
    memcpy(key, exps, nexp * sizeof *exps);
    for (size_t i = 0; i < 5; i++)
        h = (h ^ key[i]) * 16777619u;
    known_t *k = &cache[h % 512];
    if (k->used && !memcmp(k->key, key, sizeof key))
        return k;
    memcpy(k->key, key, sizeof key);
    k->used = 1;
    k->irreducible = fz_poly_irreducible(f);
    if (k->irreducible)
        fz_poly_trace_table(k->tr, f);
    return k;
}

static int f2m_poly_one(const uint8_t *data, size_t size)
{
    static const gn_f2m_kernel_kind kinds[] = {GN_F2M_KERNEL_AUTO, GN_F2M_KERNEL_PORTABLE, GN_F2M_KERNEL_CLMUL};
    if (size < 1)
        return 0;
    const size_t nexp = data[0] % 7;
    const gn_f2m_kernel_kind kind = kinds[data[0] / 7 % 3];
    unsigned exps[6] = {0};
    fz_in_t in = {data + 1, size - 1};
    for (size_t i = 0; i < nexp; i++) {
        const unsigned hi = fz_u8(&in);
        exps[i] = (hi << 8 | fz_u8(&in)) % 640;
    }
    gn_f2m_ctx_t ctx;
    const gn_err e = gn_f2m_init_kernel(&ctx, exps, nexp, kind);

    gn_err want = GN_OK;
    int wellformed = (nexp == 3 || nexp == 5) && exps[nexp - 1] == 0 && exps[0] >= 2;
    for (size_t i = 1; wellformed && i < nexp; i++)
        wellformed = exps[i] < exps[i - 1];
    if (!wellformed)
        want = GN_ERR_INVALID;
    else if (exps[0] > GN_F2M_MAX_M)
        want = GN_ERR_TOO_LARGE;
    else if (kind == GN_F2M_KERNEL_CLMUL && !gn_f2m_have_clmul())
        want = GN_ERR_UNSUPPORTED;
    fz_poly_t f;
    const known_t *ref = NULL;
    fz_poly_zero(&f);
    if (want == GN_OK) {
        for (size_t i = 0; i < nexp; i++)
            fz_poly_set_bit(&f, exps[i]);
        ref = reference(&f, exps, nexp);
        want = ref->irreducible ? GN_OK : GN_ERR_REDUCIBLE;
    }
    FUZZ_CHECK(e == want);
    if (e != GN_OK)
        return 0;
    accepted++;
    FUZZ_CHECK(ctx.m == exps[0] && gn_f2m_bytes(&ctx) == (exps[0] + 7) / 8);
    check_field(&ctx, &f, ref->tr, in.p, in.n);
    return 0;
}

static const char *const f2m_poly_tokens[] = {"\x00\x00", "\x00\x01", "\x00\xa3", "\x02\x3b", "\x02\x3c", "\x00\x07",
                                              NULL};

const fuzz_target_t fuzz_target_f2m_poly = {"f2m_poly", f2m_poly_one, 1 + 10 + 2 * 72, 2, f2m_poly_tokens, NULL,
                                            NULL, &accepted};
FUZZ_LIBFUZZER_ENTRY(f2m_poly_one)
