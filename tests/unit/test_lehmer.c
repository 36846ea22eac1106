/*
 * The variable-time inversion by Lehmer's algorithm (src/fp/lehmer.c) on moduli of one limb to
 * GN_FP_MAX_LIMBS, prime or not, odd or even. Where the binary gcd below (Stein's: shifts and
 * subtractions, nothing of the code under test) says gcd(x, m) = 1, the result must be all-ones
 * and y < m with x y = 1 mod m (by gn_mp_mul and gn_mp_divrem_var); otherwise 0 with y = 0.
 * Inputs that steer the algorithm's branches: quotients all 1 (consecutive Fibonacci numbers,
 * the longest Euclid sequences), a first quotient of a word or more (small x), approximations
 * equal to each other (x close to m), powers of two beside limb boundaries, x >= m, x = 0.
 */
#include "test_util.h"
#include "test_inverse.h"

#include "fp/fp_internal.h"
#include "genus/genus.h"

#define TL GN_FP_MAX_LIMBS

/* gcd(a, b) == 1 for naturals of n limbs, by the binary algorithm. */
static int coprime(const gn_limb_t *a0, const gn_limb_t *b0, size_t n)
{
    gn_limb_t a[TL], b[TL];
    memcpy(a, a0, n * sizeof *a);
    memcpy(b, b0, n * sizeof *b);
    if (gn_mp_is_zero(a, n) || gn_mp_is_zero(b, n)) /* gcd(0, b) = b */
        return gn_mp_bits_var(gn_mp_is_zero(a, n) ? b : a, n) == 1;
    if (!(a[0] & 1) && !(b[0] & 1))
        return 0;
    while (!(a[0] & 1))
        gn_mp_rshift(a, a, n, 1);
    while (!gn_mp_is_zero(b, n)) {
        while (!(b[0] & 1))
            gn_mp_rshift(b, b, n, 1);
        if (gn_mp_cmp_var(a, n, b, n) > 0) {
            gn_limb_t t[TL];
            memcpy(t, a, sizeof t);
            memcpy(a, b, sizeof t);
            memcpy(b, t, sizeof t);
        }
        (void)gn_mp_sub(b, b, a, n); /* both odd, a <= b: b - a even */
    }
    return gn_mp_bits_var(a, n) == 1;
}

static unsigned long inverted, refused;

static void check(const gn_limb_t *x, const gn_limb_t *m, size_t n, const char *what)
{
    gn_limb_t y[TL];
    memset(y, 0xa5, sizeof y);
    gn_limb_t ok = gn_fp_lehmer_inv_var(y, x, m, n);
    if (coprime(x, m, n)) {
        CHECK(ok == ~(gn_limb_t)0 && test_is_inverse(x, y, m, n), "%s, %zu limbs: not the inverse", what, n);
        inverted++;
    } else {
        CHECK(ok == 0 && gn_mp_is_zero(y, n), "%s, %zu limbs: gcd > 1 but %s", what, n, ok ? "inverted" : "y != 0");
        refused++;
    }
}

static void random_below_bits(gn_limb_t *r, size_t n, size_t bits)
{
    for (size_t i = 0; i < n; i++)
        r[i] = (gn_limb_t)test_rand64();
    for (size_t i = 0; i < n; i++) {
        size_t lo = i * GN_LIMB_BITS;
        if (lo >= bits)
            r[i] = 0;
        else if (bits - lo < GN_LIMB_BITS)
            r[i] &= ((gn_limb_t)1 << (bits - lo)) - 1;
    }
}

/* x and x's neighbours against the modulus m of `bits` bits (top bit set). */
static void modulus_cases(const gn_limb_t *m, size_t n, size_t bits)
{
    gn_limb_t x[TL];
    for (int c = 0; c < 12; c++) {
        memset(x, 0, sizeof x);
        switch (c) {
        case 0: break;                                                         /* 0 */
        case 1: x[0] = 1; break;                                               /* 1 */
        case 2: x[0] = 2; break;                                               /* 2 */
        case 3: x[0] = 3; break;
        case 4: case 5: (void)gn_mp_sub_limb(x, m, n, (gn_limb_t)(c - 3)); break; /* m - 1, m - 2 */
        case 6: memcpy(x, m, n * sizeof *x); break;                            /* m */
        case 7: /* m + 1 when it fits, else m - 3 */
            if (gn_mp_add_limb(x, m, n, 1))
                (void)gn_mp_sub_limb(x, m, n, 3);
            break;
        case 8: x[(bits - 2) / GN_LIMB_BITS] = (gn_limb_t)1 << ((bits - 2) % GN_LIMB_BITS); break; /* 2^(b-2) */
        case 9: random_below_bits(x, n, bits / 2 + 1); break;                  /* half the size */
        case 10: random_below_bits(x, n, bits - bits / 8); break;
        case 11: /* m's top limbs with the low ones changed: approximations equal to m's */
            memcpy(x, m, n * sizeof *x);
            x[0] ^= (gn_limb_t)test_rand64() | 1;
            if (gn_mp_cmp_var(x, n, m, n) >= 0)
                x[0] = m[0] - 1 - (m[0] > 1 ? (gn_limb_t)test_rand64() % (m[0] - 1) : 0);
            break;
        }
        check(x, m, n, "edge input");
    }
    for (unsigned long it = 0; it < 4 * test_iterations; it++) {
        random_below_bits(x, n, n * GN_LIMB_BITS); /* often >= m */
        check(x, m, n, "random input");
    }
}

/* (F_(k+1), F_k) with F_(k+1) the largest Fibonacci number below 2^bits: every quotient 1. */
static void fibonacci(size_t bits)
{
    gn_limb_t a[TL] = {0}, b[TL] = {0}, t[TL];
    size_t n = (bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
    a[0] = 1, b[0] = 1; /* a = F_(k+1), b = F_k */
    for (;;) {
        if (gn_mp_add(t, a, b, n) || gn_mp_bits_var(t, n) > bits)
            break;
        memcpy(b, a, sizeof b);
        memcpy(a, t, sizeof a);
    }
    check(b, a, n, "Fibonacci pair");
    gn_limb_t c[TL];
    (void)gn_mp_sub(c, a, b, n); /* F_(k-1) */
    check(c, a, n, "Fibonacci pair, F_(k-1)");
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    gn_limb_t m[TL];
    /* moduli of every size across the limb, the 64-bit window and the 192-bit second pass */
    static const size_t sizes[] = {2, 3, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 160, 191, 192, 193, 255, 256,
                                   257, 320, 384, 448, 521, 576, 640, 767, 1000, 1023, 1024};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t bits = sizes[s], n = (bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS;
        if (bits > GN_FP_MAX_BITS)
            continue;
        for (int kind = 0; kind < 4; kind++) {
            random_below_bits(m, n, bits);
            m[(bits - 1) / GN_LIMB_BITS] |= (gn_limb_t)1 << ((bits - 1) % GN_LIMB_BITS);
            if (kind == 0) /* odd */
                m[0] |= 1;
            else if (kind == 1) /* even */
                m[0] &= ~(gn_limb_t)1;
            else if (kind == 2) { /* 2^(bits - 1) + 1 */
                memset(m, 0, sizeof m);
                m[(bits - 1) / GN_LIMB_BITS] = (gn_limb_t)1 << ((bits - 1) % GN_LIMB_BITS);
                m[0] |= 1;
            } else { /* 2^bits - 1 */
                for (size_t i = 0; i < n; i++)
                    m[i] = ~(gn_limb_t)0;
                if (bits % GN_LIMB_BITS)
                    m[n - 1] = ((gn_limb_t)1 << (bits % GN_LIMB_BITS)) - 1;
            }
            modulus_cases(m, n, bits);
        }
        fibonacci(bits);
    }
    /* multiples of a shared factor: m = f g, x = f h */
    for (unsigned long it = 0; it < 50 * test_iterations; it++) {
        size_t n = 1 + (size_t)(test_rand64() % TL), fb = 1 + (size_t)(test_rand64() % (n * GN_LIMB_BITS / 2));
        gn_limb_t f[TL] = {0}, g[TL] = {0}, h[TL] = {0}, x[2 * TL], mm[2 * TL];
        random_below_bits(f, n, fb);
        f[0] |= 1;
        f[0] |= 2; /* f >= 3 */
        random_below_bits(g, n, n * GN_LIMB_BITS - fb);
        random_below_bits(h, n, n * GN_LIMB_BITS - fb);
        g[0] |= 1;
        gn_mp_mul(mm, f, n, g, n);
        gn_mp_mul(x, f, n, h, n);
        check(x, mm, n, "shared factor");
    }
    CHECK(inverted > 100 && refused > 50, "%lu inverted, %lu refused", inverted, refused);
    /* bad arguments: modulus 0 and 1, no limbs */
    gn_limb_t x[1] = {1}, y[1] = {7}, zero[1] = {0}, one[1] = {1};
    CHECK(gn_fp_lehmer_inv_var(y, x, zero, 1) == 0 && y[0] == 0, "modulus 0");
    y[0] = 7;
    CHECK(gn_fp_lehmer_inv_var(y, x, one, 1) == 0 && y[0] == 0, "modulus 1");
    CHECK(gn_fp_lehmer_inv_var(y, x, one, 0) == 0, "no limbs");
    return test_done("test_lehmer");
}
