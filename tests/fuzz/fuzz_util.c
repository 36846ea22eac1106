/* The fuzz targets' reference arithmetic (fuzz_util.h). */
#include "fuzz_util.h"

#include <string.h>

#include "genus/mp.h"

uint8_t fz_u8(fz_in_t *in)
{
    if (!in->n)
        return 0;
    in->n--;
    return *in->p++;
}

size_t fz_take(fz_in_t *in, uint8_t *out, size_t len)
{
    size_t k = len < in->n ? len : in->n;
    if (k) /* in->p may be NULL when nothing is left */
        memcpy(out, in->p, k);
    memset(out + k, 0, len - k);
    in->p += k;
    in->n -= k;
    return k;
}

/* ------------------------------------------------------------------ integers modulo p */

void fz_mod_init_hex(fz_mod_t *m, const char *hex)
{
    FUZZ_CHECK(gn_mp_from_hex(m->p.v, FZ_N, hex, strlen(hex)) == GN_OK);
    m->bytes = (gn_mp_bits_var(m->p.v, FZ_N) + 7) / 8;
}

int fz_below(const fz_mod_t *m, const fz_int_t *a)
{
    return gn_mp_cmp_var(a->v, FZ_N, m->p.v, FZ_N) < 0;
}

int fz_from_bytes(const fz_mod_t *m, fz_int_t *r, const uint8_t *in, size_t len, int le)
{
    gn_err e = le ? gn_mp_from_bytes_le(r->v, FZ_N, in, len) : gn_mp_from_bytes_be(r->v, FZ_N, in, len);
    FUZZ_CHECK(e == GN_OK); /* callers pass at most FZ_BITS bits */
    return fz_below(m, r);
}

void fz_from_hex(const fz_mod_t *m, fz_int_t *r, const char *hex)
{
    FUZZ_CHECK(gn_mp_from_hex(r->v, FZ_N, hex, strlen(hex)) == GN_OK && fz_below(m, r));
}

void fz_from_fp(const fz_mod_t *m, fz_int_t *r, const gn_fp_ctx_t *f, const gn_fp_t *a)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    gn_fp_get_mp(f, t, GN_FP_MAX_LIMBS, a);
    memset(r, 0, sizeof *r);
    for (size_t i = FZ_N; i < GN_FP_MAX_LIMBS; i++)
        FUZZ_CHECK(t[i] == 0);
    memcpy(r->v, t, sizeof r->v);
    FUZZ_CHECK(fz_below(m, r)); /* canonical, as gn_fp_get_mp promises */
}

void fz_to_bytes(const fz_mod_t *m, uint8_t *out, const fz_int_t *a)
{
    FUZZ_CHECK(gn_mp_to_bytes_be(out, m->bytes, a->v, FZ_N) == GN_OK);
}

void fz_set_u(const fz_mod_t *m, fz_int_t *r, uint64_t c)
{
    gn_limb_t t[2 * FZ_N] = {0};
    t[0] = (gn_limb_t)c;
#if GN_LIMB_BITS == 32
    t[1] = (gn_limb_t)(c >> 32);
#endif
    FUZZ_CHECK(gn_mp_divrem_var(NULL, r->v, t, 2 * FZ_N, m->p.v, FZ_N) == GN_OK);
}

void fz_add(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b)
{
    gn_limb_t t[FZ_N + 1];
    t[FZ_N] = gn_mp_add(t, a->v, b->v, FZ_N);
    FUZZ_CHECK(gn_mp_divrem_var(NULL, r->v, t, FZ_N + 1, m->p.v, FZ_N) == GN_OK);
}

void fz_sub(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b)
{
    fz_int_t t;
    if (gn_mp_sub(t.v, a->v, b->v, FZ_N)) /* a < b: a - b + p */
        gn_mp_add(t.v, t.v, m->p.v, FZ_N);
    *r = t;
}

void fz_mul(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b)
{
    gn_limb_t t[2 * FZ_N];
    gn_mp_mul(t, a->v, FZ_N, b->v, FZ_N);
    FUZZ_CHECK(gn_mp_divrem_var(NULL, r->v, t, 2 * FZ_N, m->p.v, FZ_N) == GN_OK);
}

int fz_eq(const fz_int_t *a, const fz_int_t *b)
{
    return gn_mp_cmp_var(a->v, FZ_N, b->v, FZ_N) == 0;
}

int fz_is_zero(const fz_int_t *a)
{
    return gn_mp_bits_var(a->v, FZ_N) == 0;
}

int fz_is_square(const fz_mod_t *m, const fz_int_t *a)
{
    return gn_mp_jacobi_var(a->v, m->p.v, FZ_N) >= 0;
}

/* ------------------------------------------------------------------ GF(2)[x] */

int fz_poly_deg(const fz_poly_t *a)
{
    for (int i = FZ_PW - 1; i >= 0; i--)
        if (a->w[i])
            return 64 * i + 63 - __builtin_clzll(a->w[i]);
    return -1;
}

void fz_poly_zero(fz_poly_t *r)
{
    memset(r, 0, sizeof *r);
}

void fz_poly_set_bit(fz_poly_t *r, unsigned i)
{
    FUZZ_CHECK(i < FZ_PBITS);
    r->w[i / 64] |= (uint64_t)1 << (i % 64);
}

int fz_poly_eq(const fz_poly_t *a, const fz_poly_t *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

void fz_poly_add(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b)
{
    for (int i = 0; i < FZ_PW; i++)
        r->w[i] = a->w[i] ^ b->w[i];
}

/* r ^= a x^s for a of na words (the bits shifted beyond FZ_PBITS dropped: callers keep degrees
 * below). Only the words a can reach are touched, which is what makes the gcds of Ben-Or's test
 * affordable. */
static void xor_shifted(fz_poly_t *r, const fz_poly_t *a, int na, unsigned s)
{
    const unsigned ws = s / 64, bs = s % 64;
    for (int i = 0; i <= na && ws + (unsigned)i < FZ_PW; i++) {
        uint64_t v = i < na ? a->w[i] << bs : 0;
        if (bs && i > 0)
            v |= a->w[i - 1] >> (64 - bs);
        r->w[ws + (unsigned)i] ^= v;
    }
}

static int words(const fz_poly_t *a)
{
    return (fz_poly_deg(a) + 64) / 64;
}

void fz_poly_mul(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b)
{
    fz_poly_t t;
    const int db = fz_poly_deg(b), na = words(a);
    FUZZ_CHECK(fz_poly_deg(a) + db < FZ_PBITS);
    fz_poly_zero(&t);
    for (int i = 0; i <= db; i++)
        if (b->w[i / 64] >> (i % 64) & 1)
            xor_shifted(&t, a, na, (unsigned)i);
    *r = t;
}

void fz_poly_mod(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *f)
{
    const int df = fz_poly_deg(f), nf = words(f);
    FUZZ_CHECK(df >= 0);
    fz_poly_t t = *a;
    for (int top = FZ_PW - 1;;) {
        while (top >= 0 && !t.w[top])
            top--;
        if (top < 0)
            break;
        const int d = 64 * top + 63 - __builtin_clzll(t.w[top]);
        if (d < df)
            break;
        xor_shifted(&t, f, nf, (unsigned)(d - df));
    }
    *r = t;
}

void fz_poly_mulmod(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b, const fz_poly_t *f)
{
    fz_poly_t t;
    fz_poly_mul(&t, a, b);
    fz_poly_mod(r, &t, f);
}

void fz_poly_gcd(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b)
{
    fz_poly_t x = *a, y = *b;
    while (fz_poly_deg(&y) >= 0) {
        fz_poly_mod(&x, &x, &y);
        fz_poly_t t = x;
        x = y;
        y = t;
    }
    *r = x;
}

/* r = a^2 by spreading the bits (the square of a sum over GF(2) is the sum of the squares). */
static uint64_t spread32(uint64_t x)
{
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    return (x | x << 1) & 0x5555555555555555u;
}

static void poly_sqr(fz_poly_t *r, const fz_poly_t *a)
{
    fz_poly_t t;
    fz_poly_zero(&t);
    for (int i = 0; i < FZ_PW / 2; i++) {
        t.w[2 * i] = spread32(a->w[i] & 0xffffffffu);
        t.w[2 * i + 1] = spread32(a->w[i] >> 32);
    }
    for (int i = FZ_PW / 2; i < FZ_PW; i++)
        FUZZ_CHECK(a->w[i] == 0);
    *r = t;
}

int fz_poly_irreducible(const fz_poly_t *f)
{
    const int m = fz_poly_deg(f);
    FUZZ_CHECK(m >= 1 && 2 * m < FZ_PBITS);
    fz_poly_t x, xp, g, one;
    fz_poly_zero(&x);
    fz_poly_set_bit(&x, 1);
    fz_poly_mod(&xp, &x, f); /* x mod f (f = x or x + 1 when m = 1) */
    fz_poly_zero(&one);
    fz_poly_set_bit(&one, 0);
    if (m == 1)
        return 1;
    for (int i = 1; i <= m / 2; i++) {
        poly_sqr(&xp, &xp);
        fz_poly_mod(&xp, &xp, f); /* x^(2^i) mod f */
        fz_poly_add(&g, &xp, &x);
        fz_poly_gcd(&g, f, &g);
        if (!fz_poly_eq(&g, &one))
            return 0;
    }
    return 1;
}

void fz_poly_from_bytes(fz_poly_t *r, const uint8_t *in, size_t len)
{
    fz_poly_zero(r);
    for (size_t k = 0; k < len; k++)
        for (unsigned b = 0; b < 8; b++)
            if (in[len - 1 - k] >> b & 1)
                fz_poly_set_bit(r, (unsigned)(8 * k + b));
}

void fz_poly_from_hex(fz_poly_t *r, const char *hex)
{
    fz_poly_zero(r);
    const size_t len = strlen(hex);
    for (size_t k = 0; k < len; k++) {
        const char c = hex[len - 1 - k];
        const unsigned v = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                           : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                           : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                                  : 16;
        FUZZ_CHECK(v < 16);
        for (unsigned b = 0; b < 4; b++)
            if (v >> b & 1)
                fz_poly_set_bit(r, (unsigned)(4 * k + b));
    }
}

int fz_poly_inv(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *f)
{
    fz_poly_t u, v = *f, g1, g2, t;
    fz_poly_mod(&u, a, f);
    fz_poly_zero(&g1);
    fz_poly_zero(&g2);
    fz_poly_set_bit(&g1, 0);
    fz_poly_zero(r);
    if (fz_poly_deg(&u) < 0)
        return 0;
    /* invariants: g1 a = u, g2 a = v (mod f) */
    while (fz_poly_deg(&u) > 0) {
        int j = fz_poly_deg(&u) - fz_poly_deg(&v);
        if (fz_poly_deg(&v) < 0)
            return 0;
        if (j < 0) {
            t = u, u = v, v = t;
            t = g1, g1 = g2, g2 = t;
            j = -j;
        }
        xor_shifted(&u, &v, words(&v), (unsigned)j);
        xor_shifted(&g1, &g2, words(&g2), (unsigned)j);
    }
    if (fz_poly_deg(&u) != 0)
        return 0;
    fz_poly_mod(r, &g1, f);
    return 1;
}

void fz_poly_trace_table(uint8_t *tr, const fz_poly_t *f)
{
    const int m = fz_poly_deg(f);
    /* c_j: the coefficient of x^j in f; s_0 = m, s_k = sum_{j<k} c_{m-j} s_{k-j} + k c_{m-k} */
#define C(j) ((int)(f->w[(j) / 64] >> ((j) % 64) & 1))
    tr[0] = (uint8_t)(m & 1);
    for (int k = 1; k < m; k++) {
        int s = (k & 1) & C(m - k);
        for (int j = 1; j < k; j++)
            s ^= C(m - j) & tr[k - j];
        tr[k] = (uint8_t)s;
    }
#undef C
}

int fz_poly_trace(const uint8_t *tr, const fz_poly_t *a, int m)
{
    int t = 0;
    FUZZ_CHECK(fz_poly_deg(a) < m);
    for (int i = 0; i < m; i++)
        t ^= (int)(a->w[i / 64] >> (i % 64) & 1) & tr[i];
    return t;
}
