/*
 * Every kernel that can serve a prime gives bit-identical results to the generic
 * Montgomery kernel on the same inputs: fixed-size C kernels and mulx/adx kernels for
 * 2..9 limbs (64-bit limbs), special-form kernels for 2^255 - 19, 2^127 - 1, 2^521 - 1,
 * 2^448 - 2^224 - 1, NIST P-256 and P-224, each both with its assembly (when the CPU has mulx/adx)
 * and with its C path (ctx->mulx cleared), the RNS kernel and the back ends of the build (GMP,
 * PARI); in F_p and in F_p^2 / F_p^3 built over each kernel. Inputs are random, 0, 1, and just
 * below p (p - 1 - r for small r). Then the curves: the same random scalars and points through
 * every kernel on the named prime-field curves, in every coordinate system and method of the
 * model, with identical encoded results required.
 */
#include "test_util.h"

#include "genus/genus.h"

#define NK 9
#define K_SPECIAL_C 5 /* the special kernel with its C path: ctx->mulx cleared */
static const gn_fp_kernel_kind kinds[NK] = {GN_FP_KERNEL_GENERIC, GN_FP_KERNEL_FIXED, GN_FP_KERNEL_MULX,
                                            GN_FP_KERNEL_SPECIAL, GN_FP_KERNEL_AUTO, GN_FP_KERNEL_SPECIAL,
                                            GN_FP_KERNEL_RNS, GN_FP_KERNEL_GMP, GN_FP_KERNEL_PARI};
static gn_rns_ctx_t rns_bases; /* the RNS kernel's (large) bases, one prime at a time */

/* Kernel kind k for p: the RNS kernel takes its bases */
static gn_err init_kind(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len, gn_fp_kernel_kind kind)
{
    if (kind == GN_FP_KERNEL_RNS)
        return gn_fp_init_rns(ctx, p, len, &rns_bases, NULL);
    return gn_fp_init_kernel(ctx, p, len, kind);
}

typedef struct {
    gn_fp_ctx_t ctx[NK];
    int have[NK];
    size_t bytes;
    uint8_t p[128]; /* big-endian, bytes long */
} fields;

static void random_element(const gn_fp_ctx_t *ctx, uint8_t *out)
{
    gn_fp_t t;
    if (gn_fp_random(ctx, &t, test_rng, NULL) != GN_OK)
        abort();
    gn_fp_encode(ctx, out, &t);
}

/* out = p - 1 - r (big-endian, f->bytes long) for a small r < p - 1. */
static void below_p(const fields *f, uint8_t *out, unsigned r)
{
    unsigned borrow = 1 + r;
    for (size_t i = f->bytes; i-- > 0;) {
        unsigned v = f->p[i], d = borrow & 0xff;
        out[i] = (uint8_t)(v - d);
        borrow = (borrow >> 8) + (v < d);
    }
}

/* An edge input for round it, or a random element: 0, 1, p - 1, p - 2, p - 1 - r. */
static void pick_element(const fields *f, unsigned long it, uint8_t *out)
{
    switch (it % 8) {
    case 1: memset(out, 0, f->bytes); break;
    case 2: memset(out, 0, f->bytes); out[f->bytes - 1] = 1; break;
    case 3: below_p(f, out, 0); break;
    case 4: below_p(f, out, 1); break;
    case 5: below_p(f, out, (unsigned)(test_rand64() & 0xffff)); break;
    default: random_element(&f->ctx[0], out); break;
    }
}


/* Decode bytes under kernel k, apply op, encode: the canonical result. */
static void apply(const fields *f, int k, int op, const uint8_t *ab, const uint8_t *bb, uint32_t c,
                  const gn_limb_t *e, size_t en, uint8_t *out, int *flag)
{
    const gn_fp_ctx_t *ctx = &f->ctx[k];
    gn_fp_t a, b, r;
    if (gn_fp_decode(ctx, &a, ab, f->bytes) != GN_OK || gn_fp_decode(ctx, &b, bb, f->bytes) != GN_OK)
        abort();
    gn_fp_set_zero(ctx, &r);
    *flag = 0;
    switch (op) {
    case 0: gn_fp_add(ctx, &r, &a, &b); break;
    case 1: gn_fp_sub(ctx, &r, &a, &b); break;
    case 2: gn_fp_mul(ctx, &r, &a, &b); break;
    case 3: gn_fp_sqr(ctx, &r, &a); break;
    case 4: gn_fp_neg(ctx, &r, &a); break;
    case 5: gn_fp_half(ctx, &r, &a); break;
    case 6: gn_fp_mul_small(ctx, &r, &a, c); break;
    case 7: *flag = gn_fp_inv(ctx, &r, &a); break;
    case 8: *flag = gn_fp_inv_var(ctx, &r, &a); break;
    case 9: gn_fp_pow(ctx, &r, &a, e, en); break;
    case 10: *flag = gn_fp_sqrt(ctx, &r, &a); if (*flag == GN_OK) gn_fp_sqr(ctx, &r, &r); break;
    case 11: *flag = gn_fp_legendre(ctx, &a) * 10 + gn_fp_legendre_var(ctx, &a); break;
    case 12: *flag = gn_fp_eq(ctx, &a, &b) * 2 + gn_fp_is_zero(ctx, &a); break;
    }
    gn_fp_encode(ctx, out, &r);
}

static void compare_fp(fields *f, unsigned long rounds)
{
    uint8_t a[128], b[128], want[128], got[128];
    gn_limb_t e[20];
    for (unsigned long it = 0; it < rounds; it++) {
        pick_element(f, it, a);
        pick_element(f, it / 8, b);
        if (it % 7 == 0)
            memset(a, 0, f->bytes);
        uint32_t c = (uint32_t)test_rand64();
        size_t en = 1 + test_rand64() % 20;
        for (size_t i = 0; i < en; i++)
            e[i] = (gn_limb_t)test_rand64();
        for (int op = 0; op <= 12; op++) {
            int want_flag, got_flag;
            apply(f, 0, op, a, b, c, e, en, want, &want_flag);
            for (int k = 1; k < NK; k++) {
                if (!f->have[k])
                    continue;
                apply(f, k, op, a, b, c, e, en, got, &got_flag);
                CHECK(!memcmp(want, got, f->bytes) && want_flag == got_flag, "op %d kernel %s%s (%zu bytes)", op,
                      gn_fp_kernel_name(&f->ctx[k]), k == K_SPECIAL_C ? " (C path)" : "", f->bytes);
            }
        }
    }
}

static void compare_fpx(fields *f, unsigned degree, unsigned long rounds)
{
    gn_fpx_ctx_t x[NK];
    int have[NK];
    gn_fp_t nr;
    for (int k = 0; k < NK; k++) {
        have[k] = f->have[k] && gn_fpx_init(&x[k], &f->ctx[k], degree, NULL) == GN_OK;
        if (have[k] && k == 0)
            gn_fpx_get_nonresidue(&x[0], &nr);
    }
    if (!have[0])
        return;
    for (unsigned long it = 0; it < rounds; it++) {
        uint8_t ca[3][128], cb[3][128];
        for (unsigned d = 0; d < degree; d++) {
            random_element(&f->ctx[0], ca[d]);
            random_element(&f->ctx[0], cb[d]);
        }
        uint8_t want[4][3][128];
        for (int k = 0; k < NK; k++) {
            if (!have[k])
                continue;
            const gn_fp_ctx_t *fc = &f->ctx[k];
            gn_fp_t c[3];
            gn_fpx_t a, b, r[4];
            for (unsigned d = 0; d < degree; d++)
                if (gn_fp_decode(fc, &c[d], ca[d], f->bytes) != GN_OK)
                    abort();
            gn_fpx_set(&x[k], &a, c);
            for (unsigned d = 0; d < degree; d++)
                if (gn_fp_decode(fc, &c[d], cb[d], f->bytes) != GN_OK)
                    abort();
            gn_fpx_set(&x[k], &b, c);
            gn_fpx_mul(&x[k], &r[0], &a, &b);
            gn_fpx_sqr(&x[k], &r[1], &a);
            if (gn_fpx_inv(&x[k], &r[2], &a) != GN_OK)
                gn_fpx_set_zero(&x[k], &r[2]);
            gn_fpx_frobenius(&x[k], &r[3], &a);
            for (int o = 0; o < 4; o++) {
                gn_fpx_get(&x[k], c, &r[o]);
                for (unsigned d = 0; d < degree; d++) {
                    uint8_t buf[128];
                    gn_fp_encode(fc, buf, &c[d]);
                    if (k == 0)
                        memcpy(want[o][d], buf, f->bytes);
                    else
                        CHECK(!memcmp(want[o][d], buf, f->bytes), "F_p^%u op %d kernel %s", degree, o,
                              gn_fp_kernel_name(fc));
                }
            }
        }
    }
}

static void run_prime(const uint8_t *p, size_t len, unsigned long rounds)
{
    fields f;
    f.bytes = 0;
    for (int k = 0; k < NK; k++) {
        f.have[k] = init_kind(&f.ctx[k], p, len, kinds[k]) == GN_OK;
        if (f.have[k])
            f.bytes = gn_fp_bytes(&f.ctx[k]);
    }
    if (f.have[K_SPECIAL_C])
        f.ctx[K_SPECIAL_C].mulx = 0; /* a public CPU fact, read by the special kernels only */
    if (len > sizeof f.p || f.bytes > len)
        abort();
    memcpy(f.p, p + (len - f.bytes), f.bytes);
    CHECK(f.have[0], "generic kernel refused a prime");
    if (!f.have[0])
        return;
    compare_fp(&f, rounds);
    compare_fpx(&f, 2, rounds / 4 + 1);
    compare_fpx(&f, 3, rounds / 4 + 1);
}

/* The same scalars and points through every kernel of the curve's prime: every coordinate
 * system and method the model has, the encodings compared with the generic kernel's. */
static void compare_curve(const char *name, unsigned long rounds)
{
    static gn_ec_ctx_t base, ec[NK];
    int have[NK];
    if (gn_ec_init_named(&base, name) != GN_OK) {
        CHECK(0, "named curve %s", name);
        return;
    }
    for (int k = 0; k < NK; k++)
        have[k] = k != K_SPECIAL_C &&
                  gn_ec_with_kernel(&ec[k], &base, kinds[k], kinds[k] == GN_FP_KERNEL_RNS ? &rns_bases : NULL, NULL) == GN_OK;
    CHECK(have[0], "%s: the generic kernel", name);
    CHECK(have[6] == (GN_LIMB_BITS == 64) && have[7] == GN_HAVE_GMP && have[8] == GN_HAVE_PARI,
          "%s: the RNS kernel and the back ends of the build serve it", name);
    if (!have[0])
        return;
    const size_t fb = gn_fp_bytes(&base.fp);
    for (unsigned long it = 0; it < rounds; it++) {
        uint8_t kb[80], pt[1 + 2 * 128], want[1 + 2 * 128], got[1 + 2 * 128];
        size_t klen = 1 + test_rand64() % (fb + 8), ptlen, wlen, glen;
        test_rng(NULL, kb, klen);
        gn_ec_point_t p, r;
        /* a random point: a random multiple of G, handed over by its encoding */
        if (gn_ec_mul_base(&ec[0], &p, kb, klen) != GN_OK || gn_ec_encode(&ec[0], pt, &ptlen, sizeof pt, &p, 0) != GN_OK)
            abort();
        test_rng(NULL, kb, klen);
        for (int c = 0; c < GN_EC_COORDS_COUNT; c++)
            for (int m = 0; m < GN_EC_METHOD_COUNT; m++) {
                if (m == GN_EC_COMB || !gn_ec_supports(&ec[0], (gn_ec_coords)c, (gn_ec_method)m))
                    continue;
                if (gn_ec_mul(&ec[0], &r, kb, klen, &p, (gn_ec_coords)c, (gn_ec_method)m, 0) != GN_OK ||
                    gn_ec_encode(&ec[0], want, &wlen, sizeof want, &r, 0) != GN_OK)
                    abort();
                for (int k = 1; k < NK; k++) {
                    gn_ec_point_t q;
                    if (!have[k])
                        continue;
                    int ok = gn_ec_decode(&ec[k], &q, pt, ptlen, 0) == GN_OK &&
                             gn_ec_mul(&ec[k], &r, kb, klen, &q, (gn_ec_coords)c, (gn_ec_method)m, 0) == GN_OK &&
                             gn_ec_encode(&ec[k], got, &glen, sizeof got, &r, 0) == GN_OK;
                    CHECK(ok && glen == wlen && !memcmp(want, got, wlen), "%s %s %s on kernel %s", name,
                          gn_ec_coords_name((gn_ec_coords)c), gn_ec_method_name((gn_ec_method)m),
                          gn_fp_kernel_name(&ec[k].fp));
                }
            }
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    unsigned long rounds = 40 * test_iterations;
    unsigned served_fixed = 0, served_mulx = 0;
    /* random primes of 2..9 limbs of 64 bits, with a full and a partial top limb */
    for (size_t limbs = 1; limbs <= 10; limbs++) {
        for (int partial = 0; partial < 2; partial++) {
            size_t bits = 64 * limbs - (partial ? 13 : 0);
            size_t len = (bits + 7) / 8;
            uint8_t p[128];
            gn_fp_ctx_t probe;
            do {
                test_rng(NULL, p, len);
                unsigned top = (unsigned)((bits - 1) % 8);
                p[0] &= (uint8_t)((2u << top) - 1);
                p[0] |= (uint8_t)(1u << top);
                p[len - 1] |= 1;
            } while (gn_fp_init_kernel(&probe, p, len, GN_FP_KERNEL_GENERIC) != GN_OK);
            gn_fp_ctx_t t;
            served_fixed += gn_fp_init_kernel(&t, p, len, GN_FP_KERNEL_FIXED) == GN_OK;
            served_mulx += gn_fp_init_kernel(&t, p, len, GN_FP_KERNEL_MULX) == GN_OK;
            run_prime(p, len, rounds);
        }
    }
    if (GN_LIMB_BITS == 64)
        CHECK(served_fixed == 16, "fixed kernels served %u of 16 primes of 2..9 limbs", served_fixed);
    fprintf(stderr, "mulx kernels exercised on %u primes\n", served_mulx);
    uint8_t p25519[32], p1271[16], p448[56], p256[32];
    memset(p25519, 0xff, 32);
    p25519[0] = 0x7f;
    p25519[31] = 0xed;
    memset(p1271, 0xff, 16);
    p1271[0] = 0x7f;
    run_prime(p25519, 32, rounds * 4);
    run_prime(p1271, 16, rounds * 4);
    memset(p448, 0xff, 56);
    p448[27] = 0xfe; /* bit 224 clear (big-endian) */
    run_prime(p448, 56, rounds * 4);
    /* NIST P-256: ffffffff 00000001 00000000 00000000 00000000 ffffffff ffffffff ffffffff */
    memset(p256, 0, 32);
    memset(p256, 0xff, 4);
    p256[7] = 1;
    memset(p256 + 20, 0xff, 12);
    run_prime(p256, 32, rounds * 4);
    /* NIST P-224: 2^224 - 2^96 + 1 */
    uint8_t p224[28], p521[66];
    memset(p224, 0xff, 16);
    memset(p224 + 16, 0, 12);
    p224[27] = 1;
    run_prime(p224, 28, rounds * 4);
    memset(p521, 0xff, 66); /* 2^521 - 1 */
    p521[0] = 1;
    run_prime(p521, 66, rounds * 4);
    static const char *curves[] = {"P-224", "P-256", "P-384", "P-521", "secp256k1", "brainpoolP256r1", "brainpoolP512r1"};
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        compare_curve(curves[i], test_iterations);
    return test_done("test_kernels");
}
