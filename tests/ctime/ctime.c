/*
 * Constant-time check (DESIGN section 4): every secret (private keys, scalars, the DRBG's entropy
 * and hence its state and output) is marked undefined for valgrind's memcheck, then every
 * secret-taking operation runs. Memcheck reports any conditional branch or memory address that
 * depends on an undefined value, so under `valgrind --error-exitcode=1` a clean run means no
 * branch and no address depended on a secret. Values the library publishes on purpose (whether a
 * rejection-sampled candidate was in range, error outcomes) pass through GN_DECLASSIFY in the
 * library; results are declassified here before they are compared.
 *
 *   ctime            run every operation (exit 0; memcheck decides)
 *   ctime --leak     run only leaky_compare, a deliberately secret-dependent branch, to show
 *                    that the checker reports it
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "genus/genus.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(int ok, const char *what)
{
    if (!ok) {
        printf("FAIL %s\n", what);
        failures++;
    }
}

/* Entropy from a fixed buffer, marked secret as it is handed out. */
static int secret_entropy(void *state, uint8_t *out, size_t len)
{
    unsigned *counter = state;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(0x5a ^ (i * 29) ^ (*counter * 131));
    (*counter)++;
    SECRET(out, len);
    return 0;
}

/* The test-only leak: a branch on a secret byte. */
static __attribute__((noinline)) int leaky_compare(const uint8_t *secret, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (secret[i] != 0x42)
            return 0;
    return 1;
}

static void drbg(gn_drbg_t *d, gn_drbg_mech mech, unsigned *counter, int pr)
{
    gn_entropy_t src = {secret_entropy, counter, 0};
    uint8_t nonce[16] = {1, 2, 3}, out[200];
    gn_err e = gn_drbg_instantiate(d, mech, &src, pr, nonce, sizeof nonce, NULL, 0);
    check(e == GN_OK, "drbg instantiate");
    e = gn_drbg_generate(d, out, sizeof out, pr, nonce, sizeof nonce);
    check(e == GN_OK, "drbg generate");
    e = gn_drbg_reseed(d, NULL, 0);
    check(e == GN_OK, "drbg reseed");
    e = gn_drbg_generate(d, out, 77, 0, NULL, 0);
    check(e == GN_OK, "drbg generate after reseed");
}

static void ecdh_on(const gn_ec_ctx_t *ecp, const char *name, gn_drbg_t *rng);

static void ecdh_curve(const char *name, gn_drbg_t *rng)
{
    static gn_ec_ctx_t ec;
    if (gn_ec_init_named(&ec, name) != GN_OK) {
        check(0, name);
        return;
    }
    ecdh_on(&ec, name, rng);
}

/* The protocols on the RNS kernel (src/rns/kern_rns.h: bounds kept beside the residues, which
 * secret selections must not reach), and its x-only ladder on a secret scalar. */
static void ecdh_curve_rns(const char *name, gn_drbg_t *rng)
{
    static gn_ec_ctx_t ec;
    static gn_rns_ctx_t rns;
    if (gn_ec_init_named_rns(&ec, name, &rns, NULL) != GN_OK) {
        check(0, name);
        return;
    }
    ecdh_on(&ec, name, rng);
    uint8_t k[80];
    gn_ec_point_t r;
    const size_t sb = gn_ec_scalar_bytes(&ec);
    memset(k, 0x5a, sizeof k);
    SECRET(k, sb);
    gn_err e = gn_ec_mul(&ec, &r, k, sb, &ec.g, GN_EC_XZ, GN_EC_LADDER, 0);
    PUBLIC(&e, sizeof e);
    PUBLIC(&r, sizeof r);
    check(e == GN_OK, "rns x-only ladder");
}

#if GN_HAVE_GMP
/* The protocols on the GMP kernel (mpn_sec_mul/sqr, a word-at-a-time reduction, masks). */
static void ecdh_curve_gmp(const char *name, gn_drbg_t *rng)
{
    static gn_ec_ctx_t ec, t;
    if (gn_ec_init_named(&t, name) != GN_OK || gn_ec_with_kernel(&ec, &t, GN_FP_KERNEL_GMP, NULL, NULL) != GN_OK) {
        check(0, name);
        return;
    }
    ecdh_on(&ec, name, rng);
}
#endif

static void ecdh_on(const gn_ec_ctx_t *ecp, const char *name, gn_drbg_t *rng)
{
    const gn_ec_ctx_t ec = *ecp;
    uint8_t a[80], b[80], za[80], zb[80];
    gn_ec_point_t pa, pb;
    /* keys from the secret DRBG: rejection sampling and [d]G on secrets */
    gn_err e = gn_ec_keygen(&ec, a, sizeof a, &pa, gn_drbg_rng, rng);
    e |= gn_ec_keygen(&ec, b, sizeof b, &pb, gn_drbg_rng, rng);
    PUBLIC(&e, sizeof e);
    check(e == GN_OK, "keygen");
    PUBLIC(&pa, sizeof pa); /* public keys are public */
    PUBLIC(&pb, sizeof pb);
    const size_t sb = gn_ec_scalar_bytes(&ec);
    gn_err ea = gn_ecdh(&ec, za, sizeof za, a, sb, &pb, GN_ECDH_STANDARD);
    gn_err eb = gn_ecdh(&ec, zb, sizeof zb, b, sb, &pa, GN_ECDH_STANDARD);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(za, sizeof za);
    PUBLIC(zb, sizeof zb);
    check(ea == GN_OK && eb == GN_OK && !memcmp(za, zb, gn_fp_bytes(&ec.fp)), name);
    /* ECMQV: static keys (a, pa) and (b, pb), ephemeral keys from the DRBG */
    uint8_t ka[80], kb[80];
    gn_ec_point_t ra, rb;
    gn_mqv_ctx_t m;
    gn_mqv_session_t sa, sb_;
    e = gn_ec_keygen(&ec, ka, sizeof ka, &ra, gn_drbg_rng, rng);
    e |= gn_ec_keygen(&ec, kb, sizeof kb, &rb, gn_drbg_rng, rng);
    e |= gn_mqv_init(&m, &ec, GN_HASH_SHA256);
    PUBLIC(&e, sizeof e);
    PUBLIC(&ra, sizeof ra);
    PUBLIC(&rb, sizeof rb);
    gn_mqv_own_t own_a = {a, sb, &pa, ka, sb, &ra, (const uint8_t *)"A", 1};
    gn_mqv_own_t own_b = {b, sb, &pb, kb, sb, &rb, (const uint8_t *)"B", 1};
    gn_mqv_peer_t peer_a = {&pa, &ra, (const uint8_t *)"A", 1}, peer_b = {&pb, &rb, (const uint8_t *)"B", 1};
    ea = gn_mqv_derive(&m, &sa, &own_a, &peer_b, 1, 32);
    eb = gn_mqv_derive(&m, &sb_, &own_b, &peer_a, 0, 32);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(sa.tag_send, sizeof sa.tag_send); /* tags are sent in the clear */
    PUBLIC(sb_.tag_send, sizeof sb_.tag_send);
    gn_err ca = gn_mqv_confirm(&sa, sb_.tag_send, sb_.taglen), cb = gn_mqv_confirm(&sb_, sa.tag_send, sa.taglen);
    PUBLIC(sa.key, sizeof sa.key);
    PUBLIC(sb_.key, sizeof sb_.key);
    check(e == GN_OK && ea == GN_OK && eb == GN_OK && ca == GN_OK && cb == GN_OK && !memcmp(sa.key, sb_.key, 32),
          "ecmqv");
    /* a private key given from outside, secret from the start */
    memset(a, 0x01, sizeof a); /* below n for every curve, whose n exceeds 2^(8 sb - 8) */
    SECRET(a, sb);
    ea = gn_ec_public_key(&ec, &pa, a, sb);
    PUBLIC(&ea, sizeof ea);
    check(ea == GN_OK, "public key");
}

/* [k] G on a twisted Edwards curve with a secret k: the built-in table where the curve has one
 * (edwards25519; src/scalar/base.c), and the default method on G, which must agree. */
static void edwards_mul(const char *name)
{
    static gn_ec_ctx_t ec;
    if (gn_ec_init_named(&ec, name) != GN_OK) {
        check(0, name);
        return;
    }
    uint8_t k[80];
    const size_t sb = gn_ec_scalar_bytes(&ec);
    for (size_t i = 0; i < sb; i++)
        k[i] = (uint8_t)(0xa7 ^ (i * 29));
    k[0] = 0x03; /* below n */
    gn_ec_point_t r, want;
    SECRET(k, sb);
    gn_err e = gn_ec_mul_base(&ec, &r, k, sb);
    gn_err e2 = gn_ec_mul(&ec, &want, k, sb, &ec.g, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
    PUBLIC(&e, sizeof e);
    PUBLIC(&e2, sizeof e2);
    PUBLIC(&r, sizeof r);
    PUBLIC(&want, sizeof want);
    check(e == GN_OK && e2 == GN_OK && gn_ec_point_eq(&ec, &r, &want), name);
}

/* The protocols on a binary curve: keys from the secret DRBG, ECDH (both variants), ECMQV and
 * ElGamal of a secret point, through the protocol code shared with prime curves. */
static void ec2m_protocols(const char *name, gn_drbg_t *rng)
{
    gn_ec2m_ctx_t ec;
    uint8_t a[80], b[80], ka[80], kb[80], za[80], zb[80], zc[80];
    gn_ec2m_point_t pa, pb, ra, rb, b1, c, m, out;
    if (gn_ec2m_init_named(&ec, name) != GN_OK) {
        check(0, name);
        return;
    }
    gn_err e = gn_ec2m_keygen(&ec, a, sizeof a, &pa, gn_drbg_rng, rng);
    e |= gn_ec2m_keygen(&ec, b, sizeof b, &pb, gn_drbg_rng, rng);
    e |= gn_ec2m_keygen(&ec, ka, sizeof ka, &ra, gn_drbg_rng, rng);
    e |= gn_ec2m_keygen(&ec, kb, sizeof kb, &rb, gn_drbg_rng, rng);
    PUBLIC(&e, sizeof e);
    check(e == GN_OK, "ec2m keygen");
    PUBLIC(&pa, sizeof pa);
    PUBLIC(&pb, sizeof pb);
    PUBLIC(&ra, sizeof ra);
    PUBLIC(&rb, sizeof rb);
    const size_t sb = gn_ec2m_scalar_bytes(&ec), fb = gn_f2m_bytes(&ec.f);
    gn_err ea = gn_ec2m_ecdh(&ec, za, sizeof za, a, sb, &pb, GN_ECDH_STANDARD);
    gn_err eb = gn_ec2m_ecdh(&ec, zb, sizeof zb, b, sb, &pa, GN_ECDH_STANDARD);
    gn_err ec_ = gn_ec2m_ecdh(&ec, zc, sizeof zc, b, sb, &pa, GN_ECDH_COFACTOR);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(&ec_, sizeof ec_);
    PUBLIC(za, sizeof za);
    PUBLIC(zb, sizeof zb);
    check(ea == GN_OK && eb == GN_OK && ec_ == GN_OK && !memcmp(za, zb, fb), "ec2m ecdh");
    gn_mqv_ctx_t mq;
    gn_mqv_session_t sa, sb_;
    e = gn_ec2m_mqv_init(&mq, &ec, GN_HASH_SHA256);
    gn_ec2m_mqv_own_t own_a = {a, sb, &pa, ka, sb, &ra, (const uint8_t *)"A", 1};
    gn_ec2m_mqv_own_t own_b = {b, sb, &pb, kb, sb, &rb, (const uint8_t *)"B", 1};
    gn_ec2m_mqv_peer_t peer_a = {&pa, &ra, (const uint8_t *)"A", 1}, peer_b = {&pb, &rb, (const uint8_t *)"B", 1};
    ea = gn_ec2m_mqv_derive(&mq, &sa, &own_a, &peer_b, 1, 32);
    eb = gn_ec2m_mqv_derive(&mq, &sb_, &own_b, &peer_a, 0, 32);
    PUBLIC(&e, sizeof e);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(sa.tag_send, sizeof sa.tag_send);
    PUBLIC(sb_.tag_send, sizeof sb_.tag_send);
    gn_err ca = gn_mqv_confirm(&sa, sb_.tag_send, sb_.taglen), cb = gn_mqv_confirm(&sb_, sa.tag_send, sa.taglen);
    PUBLIC(sa.key, sizeof sa.key);
    PUBLIC(sb_.key, sizeof sb_.key);
    check(e == GN_OK && ea == GN_OK && eb == GN_OK && ca == GN_OK && cb == GN_OK && !memcmp(sa.key, sb_.key, 32),
          "ec2m ecmqv");
    /* ElGamal of a secret message point (here the static key pb) */
    m = pb;
    SECRET(&m.x, sizeof m.x);
    SECRET(&m.y, sizeof m.y);
    e = gn_ec2m_elgamal_encrypt(&ec, &b1, &c, &m, &pa, gn_drbg_rng, rng);
    PUBLIC(&e, sizeof e);
    PUBLIC(&b1, sizeof b1);
    PUBLIC(&c, sizeof c); /* the ciphertext is public */
    ea = e != GN_OK ? e : gn_ec2m_elgamal_decrypt(&ec, &out, a, sb, &b1, &c);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&out, sizeof out);
    check(ea == GN_OK && gn_ec2m_point_eq_var(&ec, &out, &pb), "ec2m elgamal");
}

static void xdh(const char *name, size_t len)
{
    gn_ec_ctx_t ec;
    uint8_t ka[56], kb[56], pa[56], pb[56], za[56], zb[56];
    check(gn_ec_init_named(&ec, name) == GN_OK, name);
    for (size_t i = 0; i < len; i++)
        ka[i] = (uint8_t)(3 * i + 1), kb[i] = (uint8_t)(7 * i + 5);
    SECRET(ka, len);
    SECRET(kb, len);
    gn_err e = gn_xdh_public(&ec, pa, len, ka, len);
    e |= gn_xdh_public(&ec, pb, len, kb, len);
    PUBLIC(&e, sizeof e);
    PUBLIC(pa, len);
    PUBLIC(pb, len);
    check(e == GN_OK, "xdh public");
    gn_err ea = gn_xdh(&ec, za, len, ka, len, pb, len);
    gn_err eb = gn_xdh(&ec, zb, len, kb, len, pa, len);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(za, len);
    PUBLIC(zb, len);
    check(ea == GN_OK && eb == GN_OK && !memcmp(za, zb, len), name);
}

#if defined(GN_CTIME_ASM)
/* The whole-ladder assembly (src/ec/asm/x25519_mulx.S, x448_mulx.S, assembled into this program) on
 * a secret scalar and u, and P-256's and P-521's Jacobian doubling and additions (src/ec/asm/p256_mulx.S,
 * p521_mulx.S) on secret points (the window's accumulator): valgrind hides ADX from CPUID, so under memcheck the library
 * runs its C code, but memcheck executes mulx/adcx/adox, so the routines are called directly. */
void gn_mulx_p25519_ladder(uint64_t *out, const uint64_t *xp, const uint64_t *k, size_t nbits, uint64_t a24,
                           size_t ndbl);
void gn_mulx_p448_ladder(uint64_t *out, const uint64_t *xp, const uint64_t *k, size_t nbits, uint64_t a24,
                         size_t ndbl);
void gn_mulx_p256_dbl(uint64_t *r, const uint64_t *p);
void gn_mulx_p256_add(uint64_t *r, const uint64_t *p, const uint64_t *q);
void gn_mulx_p256_madd(uint64_t *r, const uint64_t *p, const uint64_t *q);
void gn_mulx_p224_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p224_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p521_mul(uint64_t *r, const uint64_t *a, const uint64_t *b);
void gn_mulx_p521_sqr(uint64_t *r, const uint64_t *a);
void gn_mulx_p521_dbl(uint64_t *r, const uint64_t *p);
void gn_mulx_p521_madd(uint64_t *r, const uint64_t *p, const uint64_t *q);
void gn_ku127_mulx_ladder(uint64_t r[4][2], const uint64_t mu[4][2], const uint64_t p[4][2], const uint64_t w[3][2],
                          const gn_limb_t *k, size_t nbits);
typedef void mont_mul_fn(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *p, uint64_t pinv);
typedef void mont_sqr_fn(uint64_t *r, const uint64_t *a, const uint64_t *p, uint64_t pinv);
mont_mul_fn gn_mulx_mont_mul4, gn_mulx_mont_mul6, gn_mulx_mont_mul9;
mont_sqr_fn gn_mulx_mont_sqr4, gn_mulx_mont_sqr6, gn_mulx_mont_sqr9;

/* The mulx Montgomery product and square (src/fp/mulx_mont.S) of 4, 6 and 9 limbs on secret
 * values below p (the NIST primes: the routines read p's limbs, not its form). */
static void asm_mont(void)
{
    static const uint64_t p4[4] = {~(uint64_t)0, 0x00000000ffffffffu, 0, 0xffffffff00000001u};
    static const uint64_t p6[6] = {0x00000000ffffffffu, 0xffffffff00000000u, 0xfffffffffffffffeu,
                                   ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0};
    static const uint64_t p9[9] = {~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0,
                                   ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, 0x1ff};
    const struct {
        size_t n;
        const uint64_t *p;
        mont_mul_fn *mul;
        mont_sqr_fn *sqr;
    } k[] = {{4, p4, gn_mulx_mont_mul4, gn_mulx_mont_sqr4}, {6, p6, gn_mulx_mont_mul6, gn_mulx_mont_sqr6},
             {9, p9, gn_mulx_mont_mul9, gn_mulx_mont_sqr9}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        uint64_t a[9], r[9], pinv = k[i].p[0]; /* -p^-1 mod 2^64 by Newton's iteration */
        for (int j = 0; j < 6; j++)
            pinv *= 2 - k[i].p[0] * pinv;
        pinv = (uint64_t)0 - pinv;
        for (size_t j = 0; j < k[i].n; j++)
            a[j] = 0xd1b54a32d192ed03u * (uint64_t)(j + 3);
        a[k[i].n - 1] = k[i].p[k[i].n - 1] >> 1; /* below p */
        SECRET(a, sizeof a);
        k[i].mul(r, a, a, k[i].p, pinv);
        k[i].sqr(r, r, k[i].p, pinv);
        PUBLIC(r, sizeof r);
        check(r[0] | r[1], "mulx Montgomery mul, sqr");
    }
}

static void asm_ladders(void)
{
    uint64_t k[7], u[7], out[28];
    for (int i = 0; i < 7; i++)
        k[i] = 0x9e3779b97f4a7c15u * (uint64_t)(i + 1), u[i] = 0xd1b54a32d192ed03u * (uint64_t)(i + 3);
    /* clamped as RFC 7748 does for both: the low three bits clear, bits 254 and 447 set */
    k[0] &= ~(uint64_t)7;
    k[3] |= (uint64_t)1 << 62;
    k[6] |= (uint64_t)1 << 63;
    SECRET(k, sizeof k);
    SECRET(u, sizeof u);
    gn_mulx_p448_ladder(out, u, k, 448, 39081, 2); /* X448's: the top bit and two doublings */
    PUBLIC(out, sizeof out);
    check(out[7] | out[8], "x448 asm ladder");
    gn_mulx_p25519_ladder(out, u, k, 255, 121666, 3); /* X25519's: three doublings at the end */
    PUBLIC(out, sizeof out);
    check(out[4] | out[5], "x25519 asm ladder");
    uint64_t pt[24]; /* two points (X, Y, Z), coordinates below p (top limbs below 2^63) */
    for (int i = 0; i < 24; i++)
        pt[i] = (0x9e3779b97f4a7c15u * (uint64_t)(i + 5)) >> (i % 4 == 3);
    SECRET(pt, sizeof pt);
    gn_mulx_p256_dbl(out, pt);
    gn_mulx_p256_add(out + 12, out, pt + 12);
    gn_mulx_p256_madd(out, out + 12, pt); /* the fixed-base windows' addition of a secret entry */
    PUBLIC(out, sizeof out);
    check(out[12] | out[13], "p256 asm dbl, add, madd");
    /* 2^521 - 1's product and square (src/fp/mulx_mont.S) on secret values in the relaxed form */
    uint64_t a9[9], b9[9], r9[9];
    for (int i = 0; i < 9; i++)
        a9[i] = 0xd1b54a32d192ed03u * (uint64_t)(i + 1), b9[i] = ~(uint64_t)0 - (uint64_t)i;
    SECRET(a9, sizeof a9);
    SECRET(b9, sizeof b9);
    gn_mulx_p521_mul(r9, a9, b9);
    gn_mulx_p521_sqr(r9, r9);
    PUBLIC(r9, sizeof r9);
    check(r9[0] | r9[1], "p521 asm mul, sqr");
    /* and its Jacobian doubling and mixed addition (src/ec/asm/p521_mulx.S) on secret points, any
     * 9 limbs per coordinate (the routines reduce what their sums read) */
    uint64_t pt9[45], out9[27];
    for (int i = 0; i < 45; i++)
        pt9[i] = 0x9e3779b97f4a7c15u * (uint64_t)(i + 7);
    SECRET(pt9, sizeof pt9);
    gn_mulx_p521_dbl(out9, pt9);
    gn_mulx_p521_madd(out9, out9, pt9 + 27);
    PUBLIC(out9, sizeof out9);
    check(out9[0] | out9[9], "p521 asm dbl, madd");
    /* P-224's product and square (src/fp/mulx_mont.S): secret values below p, one with a zero
     * low limb (the reduction's m = -t[0] is then zero) */
    uint64_t a4[4] = {0, 0x1234567887654321u, 0xfedcba9889abcdefu, 0x00000000ffffff00u}, r4[4];
    SECRET(a4, sizeof a4);
    gn_mulx_p224_mul(r4, a4, a4);
    gn_mulx_p224_sqr(r4, r4);
    PUBLIC(r4, sizeof r4);
    check(r4[0] | r4[1], "p224 asm mul, sqr");
    /* the gs127 mulx ladder (src/kummer/gs127_mulx.c and .S, compiled into this program): a secret
     * scalar, point and wrapped point (any values below 2^128 run the same instructions) */
    uint64_t mu[4][2] = {{11, 0}, {~(uint64_t)21, ~(uint64_t)0 >> 1}, {~(uint64_t)18, ~(uint64_t)0 >> 1}, {~(uint64_t)2, ~(uint64_t)0 >> 1}};
    uint64_t kp[4][2], kw[3][2], kr[4][2];
    for (int i = 0; i < 8; i++)
        kp[i / 2][i % 2] = 0xd1b54a32d192ed03u * (uint64_t)(i + 7);
    for (int i = 0; i < 6; i++)
        kw[i / 2][i % 2] = 0x9e3779b97f4a7c15u * (uint64_t)(i + 11);
    SECRET(kp, sizeof kp);
    SECRET(kw, sizeof kw);
    gn_ku127_mulx_ladder(kr, (const uint64_t(*)[2])mu, (const uint64_t(*)[2])kp, (const uint64_t(*)[2])kw,
                         (const gn_limb_t *)k, 251);
    PUBLIC(kr, sizeof kr);
    check(kr[0][0] | kr[0][1], "gs127 mulx ladder");
}
#endif

/* The fixed-base tables' masked scans (src/scalar/base_scan.h) on a secret digit, both of them
 * whatever the CPU under valgrind reports (gn_ec_mul_base's keys above run the one it picks), and
 * the variable-base windows' AVX2 scan. */
void gn_base_scan8(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx);
void gn_base_scan8_avx2(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx);
void gn_scan_avx2(uint64_t *sel, const uint64_t *tab, size_t n, size_t pl, size_t width, uint64_t idx);
int gn_cpu_has_avx2(void);

static void base_scans(void)
{
    static uint64_t row[32 * 8];
    uint64_t out[8], idx = 17;
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++)
        row[i] = 0x9e3779b97f4a7c15u * (uint64_t)(i + 1);
    SECRET(&idx, sizeof idx);
    gn_base_scan8(out, row, 32, idx);
    PUBLIC(out, sizeof out);
    check(out[0] == row[16 * 8], "base scan");
#if GN_HAVE_AVX2
    if (gn_cpu_has_avx2()) {
        gn_base_scan8_avx2(out, row, 32, idx);
        PUBLIC(out, sizeof out);
        check(out[0] == row[16 * 8], "base scan avx2");
        uint64_t sel[10]; /* the variable-base windows' scan: 16 entries of 15 words, 10 read */
        gn_scan_avx2(sel, row, 16, 15, 10, idx - 8);
        PUBLIC(sel, sizeof sel);
        check(sel[9] == row[9 * 15 + 9], "window scan avx2");
    }
#endif
}

/* Kummer Diffie-Hellman (gs127) on one ladder: the secrets, and the ladder on a secret point. */
static void kummer(gn_kummer_ladder_kind kind)
{
    gn_kummer_ctx_t ku;
    uint8_t ka[32], kb[32], pa[48], pb[48], za[48], zb[48];
    check(gn_kummer_init_gs127(&ku) == GN_OK, "gs127");
    if (gn_kummer_set_ladder(&ku, kind) != GN_OK)
        return; /* not in this build or on this CPU */
    for (size_t i = 0; i < 32; i++)
        ka[i] = (uint8_t)(5 * i + 3), kb[i] = (uint8_t)(11 * i + 7);
    SECRET(ka, 32);
    SECRET(kb, 32);
    gn_err e = gn_kummer_dh_public(&ku, pa, ka) | gn_kummer_dh_public(&ku, pb, kb);
    PUBLIC(&e, sizeof e);
    PUBLIC(pa, 48);
    PUBLIC(pb, 48);
    check(e == GN_OK, "kummer public");
    gn_err ea = gn_kummer_dh(&ku, za, ka, pb), eb = gn_kummer_dh(&ku, zb, kb, pa);
    PUBLIC(&ea, sizeof ea);
    PUBLIC(&eb, sizeof eb);
    PUBLIC(za, 48);
    PUBLIC(zb, 48);
    check(ea == GN_OK && eb == GN_OK && !memcmp(za, zb, 48), "kummer dh");
    gn_kummer_point_t p, r;
    check(gn_kummer_decode_wrapped(&ku, &p, pa, 48) == GN_OK, "kummer decode");
    SECRET(&p, sizeof p);
    e = gn_kummer_mul(&ku, &r, ka, 32, &p);
    gn_kummer_normalize(&ku, &r, &r);
    PUBLIC(&e, sizeof e);
    check(e == GN_OK, "kummer mul");
}

/* Genus-2 Jacobian scalar multiplication (explicit affine formulas) on a secret scalar and a
 * secret element: the gs127 Rosenhain curve on the 2^127 - 1 kernel and on the generic one. */
static int fixed_rng(void *state, uint8_t *out, size_t len)
{
    unsigned *counter = state;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)(0x3c ^ (i * 53) ^ (*counter * 71));
    (*counter)++;
    return 0;
}

/* gn_g2_mul on degree-5 curves (gs127's kernel and the generic one). Degree-6 curves are left
 * out on purpose: their gn_g2_mul runs Cantor's algorithm, whose branches on the intermediate
 * degrees, gcd lengths and variable-time inversions memcheck would rightly report
 * (include/genus/g2.h, docs/KUMMER.md). */
static void g2(void)
{
    gn_g2_ctx_t g[2];
    gn_fp_ctx_t fp;
    uint8_t pb[16], k[32];
    unsigned counter = 0;
    memset(pb, 0xff, sizeof pb);
    pb[0] = 0x7f;
    check(gn_g2_init_gs127(&g[0]) == GN_OK, "g2 gs127");
    check(gn_fp_init_kernel(&fp, pb, sizeof pb, GN_FP_KERNEL_GENERIC) == GN_OK, "g2 generic field");
    gn_fp_t f[6];
    gn_limb_t t[GN_FP_MAX_LIMBS];
    for (size_t i = 0; i < 6; i++) {
        gn_fp_get_mp(&g[0].fp, t, GN_FP_MAX_LIMBS, &g[0].f[i]);
        check(gn_fp_set_mp(&fp, &f[i], t, GN_FP_MAX_LIMBS) == GN_OK, "g2 coefficient");
    }
    check(gn_g2_init(&g[1], &fp, f, 6) == GN_OK, "g2 generic");
    for (size_t c = 0; c < 2; c++) {
        gn_g2_elem_t d, r, ref;
        check(gn_g2_random(&g[c], &d, fixed_rng, &counter) == GN_OK, "g2 random");
        for (size_t i = 0; i < 32; i++)
            k[i] = (uint8_t)(7 * i + 5 + c);
        gn_g2_mul_var(&g[c], &ref, k, 32, &d);
        SECRET(k, 32);
        SECRET(&d, sizeof d);
        gn_err e = gn_g2_mul(&g[c], &r, k, 32, &d);
        PUBLIC(&e, sizeof e);
        PUBLIC(&r, sizeof r);
        check(e == GN_OK && gn_g2_eq(&g[c], &r, &ref), "g2 mul");
    }
}

/* GF(2^m): the constant-time field operations on secret elements, with each multiplier, on the
 * NIST polynomials (fixed reductions), x^113 + x^9 + 1 (generic word-wise) and its reciprocal
 * x^113 + x^104 + 1 (chunk-wise). */
static void f2m(gn_f2m_kernel_kind kind)
{
    static const unsigned polys[][5] = {{163, 7, 6, 3, 0}, {233, 74, 0}, {283, 12, 7, 5, 0}, {409, 87, 0},
                                        {571, 10, 5, 2, 0}, {113, 9, 0}, {113, 104, 0}, {8, 4, 3, 1, 0}};
    for (size_t i = 0; i < sizeof polys / sizeof polys[0]; i++) {
        gn_f2m_ctx_t f;
        size_t nexp = polys[i][2] ? 5 : 3;
        if (gn_f2m_init_kernel(&f, polys[i], nexp, kind) != GN_OK)
            return; /* no PCLMULQDQ here */
        gn_f2m_t a, b, r, s;
        gn_f2m_set_zero(&f, &a);
        gn_f2m_set_zero(&f, &b);
        for (size_t j = 0; j < f.n; j++) {
            a.v[j] = (gn_limb_t)(0x9e3779b97f4a7c15ULL * (j + 1));
            b.v[j] = (gn_limb_t)(0xc2b2ae3d27d4eb4fULL * (j + 3));
        }
        if (f.m % GN_LIMB_BITS) {
            a.v[f.n - 1] &= ((gn_limb_t)1 << f.m % GN_LIMB_BITS) - 1;
            b.v[f.n - 1] &= ((gn_limb_t)1 << f.m % GN_LIMB_BITS) - 1;
        }
        SECRET(&a, sizeof a);
        SECRET(&b, sizeof b);
        gn_f2m_add(&f, &r, &a, &b);
        gn_f2m_mul(&f, &r, &r, &b);
        gn_f2m_sqr(&f, &r, &r);
        gn_f2m_sqrt(&f, &r, &r);
        gn_err e1 = gn_f2m_div(&f, &s, &r, &a); /* (a + b) b / a */
        gn_err e2 = gn_f2m_inv(&f, &r, &a);
        gn_f2m_mul(&f, &r, &r, &a);
        unsigned t = gn_f2m_trace(&f, &s);
        gn_err e3 = gn_f2m_solve_quad(&f, &s, &s);
        gn_err e4 = f.m % 2 ? gn_f2m_htrace(&f, &s, &s) : GN_OK;
        PUBLIC(&r, sizeof r);
        PUBLIC(&t, sizeof t);
        check(e1 == GN_OK && e2 == GN_OK && r.v[0] == 1 && (e3 == GN_OK) == (t == 0) && e4 == GN_OK, "f2m");
    }
}

/* Binary curves: the Lopez-Dahab ladder on a secret scalar and a secret point, and the LD
 * doubling and conversion to affine on a secret point; checked against the public wNAF. */
static void ec2m(void)
{
    static const char *names[] = {"B-163", "K-233", "B-409", "K-571"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        gn_ec2m_ctx_t ec;
        if (gn_ec2m_init_named(&ec, names[i]) != GN_OK) {
            check(0, names[i]);
            continue;
        }
        uint8_t k[72], kp[72];
        for (size_t j = 0; j < sizeof k; j++)
            k[j] = (uint8_t)(0x3c ^ (j * 97) ^ (i * 13));
        memcpy(kp, k, sizeof k);
        gn_ec2m_point_t p = ec.g, r, want;
        gn_ec2m_ld_t l;
        SECRET(k, sizeof k);
        SECRET(&p.x, sizeof p.x);
        SECRET(&p.y, sizeof p.y);
        gn_err e = gn_ec2m_mul_ladder(&ec, &r, k, sizeof k, &p);
        gn_ec2m_ld_from_aff(&ec, &l, &p);
        gn_ec2m_ld_dbl(&ec, &l, &l);
        gn_ec2m_ld_to_aff(&ec, &p, &l);
        gn_limb_t on = gn_ec2m_is_on_curve(&ec, &p);
        PUBLIC(&r, sizeof r);
        PUBLIC(&on, sizeof on);
        e = e != GN_OK ? e : gn_ec2m_mul_wnaf_var(&ec, &want, kp, sizeof kp, &ec.g, 0);
        check(e == GN_OK && on && gn_ec2m_point_eq_var(&ec, &r, &want), names[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--leak")) {
        uint8_t key[32];
        memset(key, 0x42, sizeof key);
        SECRET(key, sizeof key);
        int r = leaky_compare(key, sizeof key);
        PUBLIC(&r, sizeof r);
        printf("leaky_compare: %d\n", r);
        return 0;
    }
    unsigned counter = 0;
    gn_drbg_t rng;
    static const gn_drbg_mech mechs[] = {GN_DRBG_HMAC_SHA256, GN_DRBG_HMAC_SHA512, GN_DRBG_HASH_SHA256,
                                         GN_DRBG_HASH_SHA512};
    for (size_t i = 0; i < 4; i++)
        drbg(&rng, mechs[i], &counter, (int)(i & 1));
    drbg(&rng, GN_DRBG_HMAC_SHA256, &counter, 0);
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (gn_ec_named_params(i)->model == GN_EC_WEIERSTRASS)
            ecdh_curve(gn_ec_named_name(i), &rng);
    edwards_mul("edwards25519");
    edwards_mul("edwards448");
#if GN_LIMB_BITS == 64
    ecdh_curve_rns("P-256", &rng);
    ecdh_curve_rns("brainpoolP384r1", &rng);
#endif
#if GN_HAVE_GMP
    ecdh_curve_gmp("P-256", &rng);
    ecdh_curve_gmp("brainpoolP512r1", &rng);
    ecdh_curve_gmp("P-521", &rng); /* gmp-pm: the products folded modulo 2^521 - 1 */
    ecdh_curve_gmp("secp256k1", &rng); /* gn_ec_mul_base's table converted entry by entry */
#endif
    ec2m_protocols("B-163", &rng);
    ec2m_protocols("K-283", &rng);
    ec2m_protocols("B-571", &rng);
    gn_drbg_uninstantiate(&rng);
    xdh("curve25519", 32);
    xdh("curve448", 56);
#if defined(GN_CTIME_ASM)
    asm_ladders();
    asm_mont();
#endif
    base_scans();
    /* every ladder of the gs127 surface (the generic one serves every other surface) */
    kummer(GN_KUMMER_LADDER_AUTO);
    kummer(GN_KUMMER_LADDER_GENERIC);
    kummer(GN_KUMMER_LADDER_GS127_V4);
    kummer(GN_KUMMER_LADDER_GS127_AVX2);
    kummer(GN_KUMMER_LADDER_GS127_MULX); /* skipped under valgrind (no ADX): asm_ladders() runs it */
    g2();
    f2m(GN_F2M_KERNEL_PORTABLE);
    f2m(GN_F2M_KERNEL_CLMUL);
    ec2m();
    printf("%s\n", failures ? "ctime: FAILED" : "ctime: all operations ran");
    return failures != 0;
}
