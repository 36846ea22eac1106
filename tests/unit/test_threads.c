/*
 * Thread stress test: contexts are immutable after set-up and the library keeps no global state,
 * so threads may share them (DESIGN section 3). Contexts are built once here (prime fields on
 * several kernels, Weierstrass/Montgomery/Edwards curves, binary curves, the Gaudry-Schost Kummer
 * surface on every ladder, its genus-2 Jacobian, a comb table) and then shared read-only by
 * THREADS threads, each with its own DRBG (a DRBG is the one object that changes on every call:
 * docs/ARCHITECTURE.md), seeded from the operating system or from a stream of its own. Every thread
 *   - recomputes the fixed cases whose answers were computed single-threaded before the threads
 *     started, and the known answers (RFC 7748 6.1/6.2, also through the one-shot gn_x25519 and
 *     gn_x448, Wycheproof ECDH, SUPERCOP's Kummer DH);
 *   - runs key exchanges on fresh keys from its DRBG (ECDH, X25519/X448, binary ECDH, Kummer DH,
 *     genus-2 DH) and field identities, checking that both parties agree.
 * scripts/check.sh builds it with ThreadSanitizer (GENUS_TSAN) and runs it, where any data race
 * fails the run; every build also runs it as the ctest unit_threads.
 * Options: --iterations N (rounds per thread, default 1), --seed S (the fixed cases).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"

#define THREADS 8

static atomic_ulong n_checks, n_failures;
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void report(int tid, int line, const char *what, const char *name)
{
    pthread_mutex_lock(&report_lock);
    fprintf(stderr, "test_threads.c:%d: thread %d: %s (%s)\n", line, tid, what, name);
    pthread_mutex_unlock(&report_lock);
}

/* A check from any thread: counted atomically, reported under the lock. */
#define TCHECK(tid, cond, name)                                   \
    do {                                                          \
        atomic_fetch_add(&n_checks, 1);                           \
        if (!(cond)) {                                            \
            atomic_fetch_add(&n_failures, 1);                     \
            report((tid), __LINE__, #cond, (name));               \
        }                                                         \
    } while (0)

/* Set-up failures end the test at once: nothing can be checked without the contexts. */
static void need(gn_err e, const char *what)
{
    if (e != GN_OK) {
        fprintf(stderr, "test_threads: set-up failed: %s: %s\n", what, gn_strerror(e));
        exit(1);
    }
}

static size_t unhex(uint8_t *out, const char *s)
{
    size_t n = strlen(s) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
    return n;
}

/* splitmix64: the fixed cases, drawn in the main thread only. */
static uint64_t seed = 1;
static void fill(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        out[i] = (uint8_t)(z ^ (z >> 31));
    }
}

static int fill_rng(void *state, uint8_t *out, size_t len)
{
    (void)state;
    fill(out, len);
    return 0;
}

/* ---- the shared contexts, written before the threads start and only read after ---- */

static const struct {
    const char *p;
    gn_fp_kernel_kind kind;
} field_specs[] = {
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_AUTO}, /* P-256: p256 */
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_GENERIC},
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_FIXED},
    {"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", GN_FP_KERNEL_MULX},
    {"7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", GN_FP_KERNEL_SPECIAL}, /* 2^255 - 19 */
    {"7fffffffffffffffffffffffffffffff", GN_FP_KERNEL_SPECIAL},                                 /* 2^127 - 1 */
    {"01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffffffff", GN_FP_KERNEL_AUTO},                            /* 2^521 - 1 */
    {"fffffffffffffffffffffffffffffffeffffffffffffffff", GN_FP_KERNEL_FIXED},                   /* P-192 */
};
#define NFIELDS (sizeof field_specs / sizeof field_specs[0])
static gn_fp_ctx_t fields[NFIELDS];
static int field_ok[NFIELDS]; /* the FIXED/MULX kernels are missing in some builds and CPUs */

static const char *const curve_names[] = {"P-256", "P-384", "P-521", "secp256k1", "brainpoolP320r1",
                                          "curve25519", "curve448", "edwards25519"};
#define NCURVES (sizeof curve_names / sizeof curve_names[0])
#define NEC (NCURVES + 1)
static gn_ec_ctx_t curves[NEC]; /* the named curves, then P-256 on the generic kernel */
static const char *ec_name(size_t i)
{
    return i < NCURVES ? curve_names[i] : "P-256/generic";
}
static gn_ec_comb_t comb_p256; /* a shared comb table of P-256's G */

static const char *const bin_names[] = {"B-163", "K-233"};
#define NBIN (sizeof bin_names / sizeof bin_names[0])
static gn_ec2m_ctx_t bins[NBIN];

static const gn_kummer_ladder_kind ladders[] = {GN_KUMMER_LADDER_AUTO, GN_KUMMER_LADDER_GENERIC, GN_KUMMER_LADDER_GS127_V4,
                                                GN_KUMMER_LADDER_GS127_AVX2, GN_KUMMER_LADDER_GS127_MULX};
#define NKU (sizeof ladders / sizeof ladders[0])
static gn_kummer_ctx_t kummers[NKU];
static int kummer_ok[NKU];

static gn_g2_ctx_t jac;
#define X25519_EC (&curves[5]) /* curve25519 and curve448 serve gn_xdh too */
#define X448_EC (&curves[6])

/* ---- fixed cases and their answers, computed single-threaded ---- */

#define SB 66  /* scalar bytes, enough for P-521 */
#define FB 66  /* field bytes */
static struct {
    gn_fp_t a, b;
    uint8_t mul[FB], inv[FB], sqr_sqrt[FB];
} fcase[NFIELDS];
static struct {
    uint8_t k[SB];
    size_t klen;
    gn_ec_point_t q;                        /* [k0] G */
    uint8_t kg[2][FB], kq[2][FB], kq_ladder[2][FB], kq_wnaf[2][FB];
    int has_ladder, has_wnaf;
} ecase[NEC];
static uint8_t comb_k[32], comb_kg[2][FB];
static struct {
    uint8_t k[40];
    uint8_t kg[GN_EC2M_MAX_ENCODING];
    size_t kglen;
} bcase[NBIN];
static uint8_t ku_sk[32], ku_pub[48];
static gn_g2_elem_t jac_e;
static uint8_t jac_k[16], jac_ke[1 + 4 * 16];

/* Known answers: RFC 7748 6.1 and 6.2; Wycheproof ecdh_secp256r1_ecpoint / ecdh_secp384r1_ecpoint
 * tcId 1 (tests/vectors/wycheproof); SUPERCOP crypto_scalarmult/kummer try.c, iteration 0
 * (tests/vectors/kummer_gs127.json, supercop_try_first_iterations). */
static const struct {
    const char *curve, *a, *a_pub, *b, *b_pub, *shared;
} xdh_kat[] = {
    {"x25519", "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
     "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
     "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
     "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
     "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"},
    {"x448", "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
     "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0",
     "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d",
     "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609",
     "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d"},
};
static const struct {
    size_t curve; /* index in curve_names */
    const char *priv, *pub, *shared;
} ecdh_kat[] = {
    {0, "0612465c89a023ab17855b0a6bcebfd3febb53aef84138647b5352e02c10c346",
     "0462d5bd3372af75fe85a040715d0f502428e07046868b0bfdfa61d731afe44f26ac333a93a9e70a81cd5a95b5bf8d13990eb741c8c38872b4a07d275a014e30cf",
     "53020d908b0219328b658b525f26780e3ae12bcd952bb25a93bc0895e1714285"},
    {1, "766e61425b2da9f846c09fc3564b93a6f8603b7392c785165bf20da948c49fd1fb1dee4edd64356b9f21c588b75dfd81",
     "04790a6e059ef9a5940163183d4a7809135d29791643fc43a2f17ee8bf677ab84f791b64a6be15969ffa012dd9185d8796d9b954baa8a75e82"
     "df711b3b56eadff6b0f668c3b26b4b1aeb308a1fcc1c680d329a6705025f1c98a0b5e5bfcb163caa",
     "6461defb95d996b24296f5a1832b34db05ed031114fbe7d98d098f93859866e4de1e229da71fef0c77fe49b249190135"},
};
static const char *const ku_kat[] = {
    "89cd55a8e1594a633b4d815ba78dfcb1fd51bf2b992f9012da2b66216b63f9e7", /* a */
    "255ba8622bb67a04f950edad6b18ba1935cfa613e36be6b6bc5b9f33833fb456", /* b */
    "f6a021e170a81435a5d54825c53bd16ed1c73ec86177153093b11cfb80c373097f1d4c7065b05c34a0da8bc3e88a1413", /* base(a) */
    "cbd9f68c23a3eff218cc299c44645001d721d21a797196ca3893f50652b3aa14b43956c0f65dba181964aa1c2c464e72", /* base(b) */
    "fe2c2d3ccd52d16faa358bba4da37505d9b6e18b85f17c4f427057bb56e5ff19c0e14c60b2b440d85c637b117d340e78", /* shared */
};

/* ---- the operations, each run by the main thread first (tid -1) and then by every thread ---- */

static void fp_fixed(size_t i, uint8_t mul[FB], uint8_t inv[FB], uint8_t sqr_sqrt[FB])
{
    const gn_fp_ctx_t *f = &fields[i];
    gn_fp_t r, s;
    gn_fp_mul(f, &r, &fcase[i].a, &fcase[i].b);
    gn_fp_encode(f, mul, &r);
    if (gn_fp_inv(f, &r, &fcase[i].a) != GN_OK)
        memset(&r, 0xff, sizeof r);
    gn_fp_encode(f, inv, &r);
    gn_fp_sqr(f, &s, &fcase[i].a);
    if (gn_fp_sqrt(f, &r, &s) != GN_OK)
        memset(&r, 0xff, sizeof r);
    gn_fp_encode(f, sqr_sqrt, &r);
}

/* The coordinates of p, or a pattern no point has when the multiplication failed (e). */
static void point_xy(const gn_ec_ctx_t *ec, uint8_t xy[2][FB], const gn_ec_point_t *p, gn_err e)
{
    memset(xy, e == GN_OK ? 0 : 0xee, 2 * FB);
    if (e == GN_OK)
        gn_ec_point_get(ec, xy[0], xy[1], p);
}

static void ec_fixed(size_t i, uint8_t kg[2][FB], uint8_t kq[2][FB], uint8_t kql[2][FB], uint8_t kqw[2][FB])
{
    const gn_ec_ctx_t *ec = &curves[i];
    gn_ec_point_t r;
    point_xy(ec, kg, &r, gn_ec_mul_base(ec, &r, ecase[i].k, ecase[i].klen));
    point_xy(ec, kq, &r, gn_ec_mul(ec, &r, ecase[i].k, ecase[i].klen, &ecase[i].q, GN_EC_COORDS_DEFAULT,
                                   GN_EC_METHOD_DEFAULT, 0));
    memset(kql, 0, 2 * FB);
    memset(kqw, 0, 2 * FB);
    if (ecase[i].has_ladder)
        point_xy(ec, kql, &r, gn_ec_mul(ec, &r, ecase[i].k, ecase[i].klen, &ecase[i].q, GN_EC_COORDS_DEFAULT,
                                        GN_EC_LADDER, 0));
    if (ecase[i].has_wnaf)
        point_xy(ec, kqw, &r, gn_ec_mul(ec, &r, ecase[i].k, ecase[i].klen, &ecase[i].q, GN_EC_COORDS_DEFAULT,
                                        GN_EC_WNAF, 0));
}

static void comb_fixed(uint8_t kg[2][FB])
{
    gn_ec_point_t r;
    point_xy(&curves[0], kg, &r, gn_ec_mul_comb(&curves[0], &r, &comb_p256, comb_k, sizeof comb_k));
}

static size_t bin_fixed(size_t i, uint8_t out[GN_EC2M_MAX_ENCODING])
{
    const gn_ec2m_ctx_t *ec = &bins[i];
    gn_ec2m_point_t r, w;
    size_t len = 0;
    if (gn_ec2m_mul_ladder(ec, &r, bcase[i].k, gn_ec2m_scalar_bytes(ec), &ec->g) != GN_OK ||
        gn_ec2m_mul_wnaf_var(ec, &w, bcase[i].k, gn_ec2m_scalar_bytes(ec), &ec->g, 0) != GN_OK ||
        !gn_ec2m_point_eq_var(ec, &r, &w) || gn_ec2m_encode(ec, out, &len, GN_EC2M_MAX_ENCODING, &r, 0) != GN_OK)
        return 0;
    return len;
}

static void jac_fixed(uint8_t out[1 + 4 * 16])
{
    gn_g2_elem_t r, v;
    if (gn_g2_mul(&jac, &r, jac_k, sizeof jac_k, &jac_e) != GN_OK) {
        memset(out, 0xff, gn_g2_encoded_bytes(&jac));
        return;
    }
    gn_g2_mul_var(&jac, &v, jac_k, sizeof jac_k, &jac_e);
    gn_g2_encode(&jac, out, gn_g2_eq(&jac, &r, &v) ? &r : &jac_e);
}

static void known_answers(int tid)
{
    uint8_t a[56], b[56], u[56], want[56], got[56];
    for (size_t i = 0; i < sizeof xdh_kat / sizeof xdh_kat[0]; i++) {
        const gn_ec_ctx_t *ec = i ? X448_EC : X25519_EC;
        size_t n = unhex(a, xdh_kat[i].a);
        unhex(b, xdh_kat[i].b);
        unhex(want, xdh_kat[i].a_pub);
        TCHECK(tid, gn_xdh_public(ec, got, n, a, n) == GN_OK && !memcmp(got, want, n), xdh_kat[i].curve);
        unhex(want, xdh_kat[i].b_pub);
        TCHECK(tid, gn_xdh_public(ec, got, n, b, n) == GN_OK && !memcmp(got, want, n), xdh_kat[i].curve);
        unhex(u, xdh_kat[i].a_pub);
        unhex(want, xdh_kat[i].shared);
        TCHECK(tid, gn_xdh(ec, got, n, b, n, u, n) == GN_OK && !memcmp(got, want, n), xdh_kat[i].curve);
        /* the one-shot functions set a context up on their own stack */
        TCHECK(tid, (i ? gn_x448(got, b, u) : gn_x25519(got, b, u)) == GN_OK && !memcmp(got, want, n), xdh_kat[i].curve);
    }
    for (size_t i = 0; i < sizeof ecdh_kat / sizeof ecdh_kat[0]; i++) {
        const gn_ec_ctx_t *ec = &curves[ecdh_kat[i].curve];
        uint8_t d[SB], q[1 + 2 * FB], z[FB], zw[FB];
        gn_ec_point_t p;
        size_t dl = unhex(d, ecdh_kat[i].priv), ql = unhex(q, ecdh_kat[i].pub), zl = unhex(zw, ecdh_kat[i].shared);
        TCHECK(tid, gn_ec_public_decode(ec, &p, q, ql, GN_EC_KEY_SEC1) == GN_OK &&
                        gn_ecdh(ec, z, sizeof z, d, dl, &p, GN_ECDH_STANDARD) == GN_OK && !memcmp(z, zw, zl),
               ec_name(ecdh_kat[i].curve));
    }
    uint8_t ka[32], kb[32], pa[48], pb[48], sh[48], out[48];
    unhex(ka, ku_kat[0]);
    unhex(kb, ku_kat[1]);
    unhex(pa, ku_kat[2]);
    unhex(pb, ku_kat[3]);
    unhex(sh, ku_kat[4]);
    for (size_t i = 0; i < NKU; i++) {
        if (!kummer_ok[i])
            continue;
        TCHECK(tid, gn_kummer_dh_public(&kummers[i], out, ka) == GN_OK && !memcmp(out, pa, 48), "kummer base(a)");
        TCHECK(tid, gn_kummer_dh(&kummers[i], out, kb, pa) == GN_OK && !memcmp(out, sh, 48), "kummer shared");
        TCHECK(tid, gn_kummer_dh(&kummers[i], out, ka, pb) == GN_OK && !memcmp(out, sh, 48), "kummer shared");
    }
}

static void fixed_cases(int tid)
{
    for (size_t i = 0; i < NFIELDS; i++) {
        uint8_t mul[FB], inv[FB], ss[FB];
        if (!field_ok[i])
            continue;
        fp_fixed(i, mul, inv, ss);
        const size_t n = gn_fp_bytes(&fields[i]);
        TCHECK(tid, !memcmp(mul, fcase[i].mul, n) && !memcmp(inv, fcase[i].inv, n) && !memcmp(ss, fcase[i].sqr_sqrt, n),
               gn_fp_kernel_name(&fields[i]));
    }
    for (size_t i = 0; i < NEC; i++) {
        uint8_t kg[2][FB], kq[2][FB], kql[2][FB], kqw[2][FB];
        ec_fixed(i, kg, kq, kql, kqw);
        TCHECK(tid, !memcmp(kg, ecase[i].kg, sizeof kg) && !memcmp(kq, ecase[i].kq, sizeof kq), ec_name(i));
        TCHECK(tid, !memcmp(kql, ecase[i].kq_ladder, sizeof kql) && !memcmp(kqw, ecase[i].kq_wnaf, sizeof kqw), ec_name(i));
    }
    uint8_t kg[2][FB];
    comb_fixed(kg);
    TCHECK(tid, !memcmp(kg, comb_kg, sizeof kg), "P-256 comb");
    for (size_t i = 0; i < NBIN; i++) {
        uint8_t out[GN_EC2M_MAX_ENCODING];
        size_t len = bin_fixed(i, out);
        TCHECK(tid, len == bcase[i].kglen && !memcmp(out, bcase[i].kg, len), bin_names[i]);
    }
    for (size_t i = 0; i < NKU; i++) {
        uint8_t pub[48];
        if (kummer_ok[i])
            TCHECK(tid, gn_kummer_dh_public(&kummers[i], pub, ku_sk) == GN_OK && !memcmp(pub, ku_pub, 48), "kummer");
    }
    uint8_t je[1 + 4 * 16];
    jac_fixed(je);
    TCHECK(tid, !memcmp(je, jac_ke, gn_g2_encoded_bytes(&jac)), "genus-2 Jacobian");
    known_answers(tid);
}

/* ---- fresh key exchanges from each thread's DRBG: both parties must agree ---- */

static void exchanges(int tid, gn_drbg_t *drbg)
{
    for (size_t i = 0; i < NEC; i++) {
        const gn_ec_ctx_t *ec = &curves[i];
        uint8_t da[SB], db[SB], za[FB], zb[FB];
        gn_ec_point_t qa, qb;
        const size_t sl = gn_ec_scalar_bytes(ec);
        int ok = gn_ec_keygen(ec, da, sizeof da, &qa, gn_drbg_rng, drbg) == GN_OK &&
                 gn_ec_keygen(ec, db, sizeof db, &qb, gn_drbg_rng, drbg) == GN_OK &&
                 gn_ecdh(ec, za, sizeof za, da, sl, &qb, GN_ECDH_STANDARD) == GN_OK &&
                 gn_ecdh(ec, zb, sizeof zb, db, sl, &qa, GN_ECDH_STANDARD) == GN_OK;
        TCHECK(tid, ok && !memcmp(za, zb, gn_fp_bytes(&ec->fp)), ec_name(i));
    }
    for (size_t i = 0; i < 2; i++) {
        const gn_ec_ctx_t *ec = i ? X448_EC : X25519_EC;
        const size_t n = i ? GN_X448_BYTES : GN_X25519_BYTES;
        uint8_t a[56], b[56], pa[56], pb[56], za[56], zb[56];
        int ok = gn_drbg_rng(drbg, a, n) == 0 && gn_drbg_rng(drbg, b, n) == 0 &&
                 gn_xdh_public(ec, pa, n, a, n) == GN_OK && gn_xdh_public(ec, pb, n, b, n) == GN_OK &&
                 gn_xdh(ec, za, n, a, n, pb, n) == GN_OK && gn_xdh(ec, zb, n, b, n, pa, n) == GN_OK;
        TCHECK(tid, ok && !memcmp(za, zb, n), i ? "x448" : "x25519");
    }
    for (size_t i = 0; i < NBIN; i++) {
        const gn_ec2m_ctx_t *ec = &bins[i];
        uint8_t da[GN_EC2M_MAX_SCALAR_BYTES], db[GN_EC2M_MAX_SCALAR_BYTES], za[80], zb[80];
        gn_ec2m_point_t qa, qb;
        const size_t sl = gn_ec2m_scalar_bytes(ec);
        int ok = gn_ec2m_keygen(ec, da, sizeof da, &qa, gn_drbg_rng, drbg) == GN_OK &&
                 gn_ec2m_keygen(ec, db, sizeof db, &qb, gn_drbg_rng, drbg) == GN_OK &&
                 gn_ec2m_ecdh(ec, za, sizeof za, da, sl, &qb, GN_ECDH_STANDARD) == GN_OK &&
                 gn_ec2m_ecdh(ec, zb, sizeof zb, db, sl, &qa, GN_ECDH_STANDARD) == GN_OK;
        TCHECK(tid, ok && !memcmp(za, zb, gn_f2m_bytes(&ec->f)), bin_names[i]);
    }
    for (size_t i = 0; i < NKU; i++) {
        uint8_t a[32], b[32], pa[48], pb[48], za[48], zb[48];
        if (!kummer_ok[i])
            continue;
        int ok = gn_kummer_dh_keygen(&kummers[i], a, pa, gn_drbg_rng, drbg) == GN_OK &&
                 gn_kummer_dh_keygen(&kummers[i], b, pb, gn_drbg_rng, drbg) == GN_OK &&
                 gn_kummer_dh(&kummers[i], za, a, pb) == GN_OK && gn_kummer_dh(&kummers[i], zb, b, pa) == GN_OK;
        TCHECK(tid, ok && !memcmp(za, zb, 48), "kummer dh");
    }
    {
        gn_g2_elem_t e, ea, eb, zab, zba;
        uint8_t a[16], b[16];
        int ok = gn_g2_random(&jac, &e, gn_drbg_rng, drbg) == GN_OK && gn_drbg_rng(drbg, a, sizeof a) == 0 &&
                 gn_drbg_rng(drbg, b, sizeof b) == 0 && gn_g2_mul(&jac, &ea, a, sizeof a, &e) == GN_OK &&
                 gn_g2_mul(&jac, &eb, b, sizeof b, &e) == GN_OK && gn_g2_mul(&jac, &zab, b, sizeof b, &ea) == GN_OK &&
                 gn_g2_mul(&jac, &zba, a, sizeof a, &eb) == GN_OK;
        TCHECK(tid, ok && gn_g2_eq(&jac, &zab, &zba), "genus-2 dh");
    }
    for (size_t i = 0; i < NFIELDS; i++) {
        const gn_fp_ctx_t *f = &fields[i];
        gn_fp_t a, b, r, bi;
        if (!field_ok[i])
            continue;
        int ok = gn_fp_random(f, &a, gn_drbg_rng, drbg) == GN_OK && gn_fp_random(f, &b, gn_drbg_rng, drbg) == GN_OK;
        gn_fp_mul(f, &r, &a, &b);
        ok = ok && (gn_fp_is_zero(f, &b) || gn_fp_inv(f, &bi, &b) == GN_OK);
        if (ok && !gn_fp_is_zero(f, &b))
            gn_fp_mul(f, &r, &r, &bi);
        else
            gn_fp_copy(f, &r, &a);
        TCHECK(tid, ok && gn_fp_eq(f, &r, &a), gn_fp_kernel_name(f));
    }
}

/* ---- threads ---- */

static unsigned long rounds = 1;
static pthread_barrier_t start;

/* A thread's reproducible entropy: a counter stream under its own id. */
typedef struct {
    int tid;
    uint64_t ctr;
} entropy_state_t;

static int thread_entropy(void *state, uint8_t *out, size_t len)
{
    entropy_state_t *s = state;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)((s->ctr++ * 0x9e3779b97f4a7c15ULL + (uint64_t)s->tid * 0xd1b54a32d192ed03ULL) >> 56);
    return 0;
}

static void *worker(void *arg)
{
    const int tid = (int)(intptr_t)arg;
    entropy_state_t es = {tid, 0};
    gn_entropy_t src = {thread_entropy, &es, 0};
    gn_drbg_t drbg;
    /* odd threads seed from the operating system, even ones from a reproducible stream */
    if (tid % 2)
        TCHECK(tid, gn_entropy_init(&src, GN_ENTROPY_OS) == GN_OK, "OS entropy");
    static const gn_drbg_mech mechs[] = {GN_DRBG_HMAC_SHA256, GN_DRBG_HASH_SHA256, GN_DRBG_HMAC_SHA512, GN_DRBG_HASH_SHA512};
    char pers[32];
    snprintf(pers, sizeof pers, "genus test_threads %d", tid);
    TCHECK(tid, gn_drbg_instantiate(&drbg, mechs[tid % 4], &src, 0, NULL, 0, (const uint8_t *)pers, strlen(pers)) == GN_OK,
           "drbg");
    pthread_barrier_wait(&start);
    for (unsigned long r = 0; r < rounds; r++) {
        /* half the threads start with the fixed cases, half with the exchanges */
        if ((tid + r) % 2) {
            exchanges(tid, &drbg);
            fixed_cases(tid);
        } else {
            fixed_cases(tid);
            exchanges(tid, &drbg);
        }
    }
    gn_drbg_uninstantiate(&drbg);
    return NULL;
}

static void setup(void)
{
    for (size_t i = 0; i < NFIELDS; i++) {
        uint8_t p[FB];
        size_t n = unhex(p, field_specs[i].p);
        field_ok[i] = gn_fp_init_kernel(&fields[i], p, n, field_specs[i].kind) == GN_OK;
        if (field_specs[i].kind == GN_FP_KERNEL_AUTO || field_specs[i].kind == GN_FP_KERNEL_GENERIC ||
            field_specs[i].kind == GN_FP_KERNEL_SPECIAL)
            need(field_ok[i] ? GN_OK : GN_ERR_UNSUPPORTED, field_specs[i].p);
        if (!field_ok[i])
            continue;
        need(gn_fp_random(&fields[i], &fcase[i].a, fill_rng, NULL), "fp_random");
        need(gn_fp_random(&fields[i], &fcase[i].b, fill_rng, NULL), "fp_random");
        fp_fixed(i, fcase[i].mul, fcase[i].inv, fcase[i].sqr_sqrt);
    }
    for (size_t i = 0; i < NCURVES; i++)
        need(gn_ec_init_named(&curves[i], curve_names[i]), curve_names[i]);
    size_t p256 = 0;
    while (p256 < gn_ec_named_count() && strcmp(gn_ec_named_name(p256), "P-256"))
        p256++;
    need(gn_ec_init_kernel(&curves[NCURVES], gn_ec_named_params(p256), GN_FP_KERNEL_GENERIC), "P-256 generic");
    for (size_t i = 0; i < NEC; i++) {
        const gn_ec_ctx_t *ec = &curves[i];
        uint8_t k0[SB];
        ecase[i].klen = gn_ec_scalar_bytes(ec);
        fill(ecase[i].k, ecase[i].klen);
        fill(k0, ecase[i].klen);
        need(gn_ec_mul_base(ec, &ecase[i].q, k0, ecase[i].klen), "k0 G");
        ecase[i].has_ladder = gn_ec_supports(ec, GN_EC_COORDS_DEFAULT, GN_EC_LADDER);
        ecase[i].has_wnaf = gn_ec_supports(ec, GN_EC_COORDS_DEFAULT, GN_EC_WNAF);
        ec_fixed(i, ecase[i].kg, ecase[i].kq, ecase[i].kq_ladder, ecase[i].kq_wnaf);
    }
    need(gn_ec_comb_init(&curves[0], &comb_p256, &curves[0].g, 0, GN_EC_COORDS_DEFAULT), "comb");
    fill(comb_k, sizeof comb_k);
    comb_fixed(comb_kg);
    for (size_t i = 0; i < NBIN; i++) {
        need(gn_ec2m_init_named(&bins[i], bin_names[i]), bin_names[i]);
        fill(bcase[i].k, sizeof bcase[i].k);
        bcase[i].kglen = bin_fixed(i, bcase[i].kg);
        need(bcase[i].kglen ? GN_OK : GN_ERR_INVALID, bin_names[i]);
    }
    for (size_t i = 0; i < NKU; i++) {
        need(gn_kummer_init_gs127(&kummers[i]), "gs127");
        kummer_ok[i] = gn_kummer_set_ladder(&kummers[i], ladders[i]) == GN_OK || ladders[i] == GN_KUMMER_LADDER_AUTO;
    }
    fill(ku_sk, sizeof ku_sk);
    need(gn_kummer_dh_public(&kummers[0], ku_pub, ku_sk), "kummer public");
    need(gn_g2_init_gs127(&jac), "genus-2 gs127");
    need(gn_g2_random(&jac, &jac_e, fill_rng, NULL), "g2_random");
    fill(jac_k, sizeof jac_k);
    jac_fixed(jac_ke);
}

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--iterations"))
            rounds = strtoul(argv[i + 1], NULL, 0);
    }
    setup();
    /* The single-threaded answers must themselves be right where an outside answer exists. */
    known_answers(-1);
    if (atomic_load(&n_failures)) {
        fprintf(stderr, "test_threads: known answers fail single-threaded\n");
        return 1;
    }
    pthread_t th[THREADS];
    if (pthread_barrier_init(&start, NULL, THREADS) != 0)
        return 1;
    for (int t = 0; t < THREADS; t++)
        if (pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) != 0) {
            fprintf(stderr, "test_threads: pthread_create failed\n");
            return 1;
        }
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&start);
    unsigned long nf = 0, nk = 0;
    for (size_t i = 0; i < NFIELDS; i++)
        nf += (unsigned long)field_ok[i];
    for (size_t i = 0; i < NKU; i++)
        nk += (unsigned long)kummer_ok[i];
    fprintf(stderr, "test_threads: %d threads x %lu rounds, %lu checks, %lu failures (%lu prime fields, %lu Kummer ladders)\n",
            THREADS, rounds, atomic_load(&n_checks), atomic_load(&n_failures), nf, nk);
    return atomic_load(&n_failures) ? 1 : 0;
}
