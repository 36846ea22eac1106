/*
 * Stack depth of the public functions: each call runs in a thread whose stack is painted with a
 * pattern, and the depth is the distance from the thread function's frame to the deepest word
 * the call overwrote. Every protocol (key generation, ECDH on every named prime and binary curve,
 * X25519/X448, the Kummer DH, ECMQV, ElGamal, the DRBGs), every scalar multiplication method and
 * coordinate system, and the arithmetic and set-up calls around them must stay within
 * GN_STACK_LIMIT (docs/ARCHITECTURE.md, "Stack") on the limb, GMP, PARI and RNS kernels, and
 * so must the analysis calls (counting and tracing contexts). Contexts, keys and results
 * live in static storage, as a caller with a small stack keeps them, so the depth measured is
 * the library's.
 * Sanitizer builds enlarge frames by their red zones: there the depths are printed, not checked.
 * Options: --verbose (every depth, not only the deepest per group); --watch NAME (the call of that
 * name prints the address of its deepest word and is preceded by a call of stack_watch_point, where
 * a debugger sets a watchpoint on it: scripts/stack-deepest.sh shows each frame's size there).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "test_util.h"

#define GN_STACK_LIMIT 16384
#define PAINTED (1u << 20)
#define PATTERN 0x5aa5c33cf00f9669ULL

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

typedef struct {
    void (*fn)(const void *arg);
    const void *arg;
    uintptr_t top;
} job_t;

static uint64_t *painted;
static uintptr_t deepword;   /* of the last measured call */
static const char *watched; /* --watch NAME */

/* Called just before the watched call runs, its stack painted: a debugger's breakpoint. */
__attribute__((noinline)) void stack_watch_point(void);
__attribute__((noinline)) void stack_watch_point(void)
{
    __asm__ volatile("");
}
static int verbose;
static gn_err result; /* of the last measured call */

static void *runner(void *p)
{
    job_t *j = p;
    volatile char probe = 0;
    j->top = (uintptr_t)&probe;
    j->fn(j->arg);
    return NULL;
}

/* The bytes of stack the call fn(arg) used below the thread function's frame. */
static size_t depth_of(void (*fn)(const void *), const void *arg, int watch)
{
    size_t words = PAINTED / sizeof(uint64_t);
    for (size_t i = 0; i < words; i++)
        painted[i] = PATTERN;
    if (watch)
        stack_watch_point();
    pthread_attr_t attr;
    pthread_t t;
    job_t j = {fn, arg, 0};
    if (pthread_attr_init(&attr) || pthread_attr_setstack(&attr, painted, PAINTED) ||
        pthread_create(&t, &attr, runner, &j) || pthread_join(t, NULL)) {
        fprintf(stderr, "test_stack: cannot run a thread on the painted stack\n");
        exit(1);
    }
    pthread_attr_destroy(&attr);
    size_t low = 0;
    while (low < words && painted[low] == PATTERN)
        low++;
    uintptr_t deepest = (uintptr_t)(painted + low);
    deepword = deepest;
    return j.top > deepest ? (size_t)(j.top - deepest) : 0;
}

static size_t worst;
static unsigned long over; /* calls over the limit (every one is reported) */
static char worst_name[96];

static void measure(const char *name, void (*fn)(const void *), const void *arg)
{
    const int watch = watched && !strcmp(watched, name);
    size_t d = depth_of(fn, arg, watch);
    if (watch)
        fprintf(stderr, "deepest word %p\n", (void *)deepword);
    if (verbose)
        fprintf(stderr, "%7zu  %s\n", d, name);
    if (d > worst) {
        worst = d;
        snprintf(worst_name, sizeof worst_name, "%s", name);
    }
    if (SANITIZED)
        return;
    if (d > GN_STACK_LIMIT) {
        over++;
        fprintf(stderr, "test_stack: %s uses %zu bytes of stack (limit %d)\n", name, d, GN_STACK_LIMIT);
    }
}

static int fill_rng(void *state, uint8_t *out, size_t len)
{
    (void)state;
    for (size_t i = 0; i < len; i++)
        out[i] = (uint8_t)test_rand64();
    return 0;
}

/* An analysis call's result: some operations do not exist for some curves. */
static void note(gn_err e)
{
    if (e != GN_OK && e != GN_ERR_UNSUPPORTED)
        result = e;
}

static void need(gn_err e, const char *what)
{
    if (e != GN_OK) {
        fprintf(stderr, "test_stack: set-up failed: %s: %s\n", what, gn_strerror(e));
        exit(1);
    }
}

/* ------------------------------------------------------------------ prime curves */

static gn_ec_ctx_t ec;        /* the curve of the current cases */
static gn_ec_point_t pub_a, pub_b;
static uint8_t priv_a[GN_EC_MAX_SCALAR_BYTES], priv_b[GN_EC_MAX_SCALAR_BYTES];
static size_t plen;
static gn_ec_comb_t comb;

static void c_ec_init_named(const void *name) { result = gn_ec_init_named(&ec, name); }
static void c_keygen(const void *a)
{
    (void)a;
    result = gn_ec_keygen(&ec, priv_a, plen, &pub_a, fill_rng, NULL);
}
static void c_ecdh(const void *a)
{
    static uint8_t secret[GN_FP_MAX_BITS / 8];
    (void)a;
    result = gn_ecdh(&ec, secret, sizeof secret, priv_a, plen, &pub_b, GN_ECDH_STANDARD);
}
static void c_encode_decode(const void *a)
{
    static uint8_t buf[512];
    size_t len;
    static gn_ec_point_t q;
    (void)a;
    gn_ec_key_format fmt = ec.model == GN_EC_WEIERSTRASS ? GN_EC_KEY_SPKI : GN_EC_KEY_RAW;
    result = gn_ec_public_encode(&ec, buf, &len, sizeof buf, &pub_a, fmt);
    if (result == GN_OK)
        result = gn_ec_public_decode(&ec, &q, buf, len, fmt);
}
static void c_elgamal(const void *a)
{
    static gn_ec_point_t b1, c, m;
    (void)a;
    result = gn_elgamal_encrypt(&ec, &b1, &c, &pub_b, &pub_a, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_elgamal_decrypt(&ec, &m, priv_a, plen, &b1, &c);
}
static gn_mqv_ctx_t mqv;
static void c_mqv(const void *a)
{
    static gn_mqv_session_t s;
    gn_mqv_own_t own = {priv_a, plen, &pub_a, priv_b, plen, &pub_b, (const uint8_t *)"A", 1};
    gn_mqv_peer_t peer = {&pub_b, &pub_a, (const uint8_t *)"B", 1};
    (void)a;
    result = gn_mqv_init(&mqv, &ec, GN_HASH_SHA256);
    if (result == GN_OK)
        result = gn_mqv_derive(&mqv, &s, &own, &peer, 1, 32);
}
typedef struct {
    gn_ec_coords c;
    gn_ec_method m;
    unsigned w;
} mul_case_t;
static void c_mul(const void *a)
{
    const mul_case_t *mc = a;
    static gn_ec_point_t r;
    result = gn_ec_mul(&ec, &r, priv_a, plen, &pub_b, mc->c, mc->m, mc->w);
}
static void c_mul2(const void *a)
{
    static gn_ec_point_t r;
    (void)a;
    result = gn_ec_mul2_var(&ec, &r, priv_a, plen, &pub_a, priv_b, plen, &pub_b);
}
static void c_add(const void *a)
{
    static gn_ec_point_t r;
    (void)a;
    gn_ec_add(&ec, &r, &pub_a, &pub_b);
    gn_ec_add_var(&ec, &r, &pub_a, &pub_b);
    result = GN_OK;
}
static void c_comb_init(const void *a)
{
    (void)a;
    result = gn_ec_comb_init(&ec, &comb, &ec.g, 0, GN_EC_COORDS_DEFAULT);
}
static void c_comb_mul(const void *a)
{
    static gn_ec_point_t r;
    (void)a;
    result = gn_ec_mul_comb(&ec, &r, &comb, priv_a, plen);
}
static gn_ec_ctx_t ec_other;
static void c_to_model(const void *m) { result = gn_ec_to_model(&ec_other, &ec, *(const gn_ec_model *)m); }
static gn_op_counts_t counts;
static void c_count(const void *a)
{
    (void)a;
    result = GN_OK;
    for (int op = GN_EC_OP_ADD; op <= GN_EC_OP_LADDER_STEP; op++)
        note(gn_ec_count_ops(&ec, GN_EC_COORDS_DEFAULT, (gn_ec_op)op, &counts));
}
static gn_trace_t trace;
static void c_trace(const void *a)
{
    (void)a;
    result = GN_OK;
    for (int op = GN_EC_OP_ADD; op <= GN_EC_OP_LADDER_STEP; op++)
        note(gn_ec_trace(&ec, GN_EC_COORDS_DEFAULT, (gn_ec_op)op, &trace));
}

/* ECDH on the curve carried onto the counting kernel (gn_ec_counting, what `genus bench
 * --floor` runs): its elements have GN_FP_MAX_LIMBS limbs and its scratch the room of the
 * curve's own windows at that size */
static gn_ec_ctx_t counting;
static gn_ec_point_t pub_counting;
static void c_counting_ecdh(const void *a)
{
    static uint8_t secret[GN_FP_MAX_BITS / 8];
    (void)a;
    result = gn_ecdh(&counting, secret, sizeof secret, priv_a, plen, &pub_counting, GN_ECDH_STANDARD);
}
static int counting_setup(void)
{
    static uint8_t buf[512];
    size_t len;
    gn_ec_key_format fmt = ec.model == GN_EC_WEIERSTRASS ? GN_EC_KEY_SEC1 : GN_EC_KEY_RAW;
    return gn_ec_counting(&counting, &ec, &counts) == GN_OK &&
           gn_ec_public_encode(&ec, buf, &len, sizeof buf, &pub_b, fmt) == GN_OK &&
           gn_ec_public_decode(&counting, &pub_counting, buf, len, fmt) == GN_OK;
}

static void run_mul_cases(const char *curve)
{
    static const unsigned windows[] = {0, 2, 6};
    char name[96];
    for (int c = 0; c < GN_EC_COORDS_COUNT; c++)
        for (int m = 0; m < GN_EC_METHOD_COUNT; m++) {
            if (!gn_ec_supports(&ec, (gn_ec_coords)c, (gn_ec_method)m))
                continue;
            for (size_t wi = 0; wi < sizeof windows / sizeof windows[0]; wi++) {
                mul_case_t mc = {(gn_ec_coords)c, (gn_ec_method)m, windows[wi]};
                snprintf(name, sizeof name, "gn_ec_mul %s %s %s w%u", curve, gn_ec_coords_name(mc.c),
                         gn_ec_method_name(mc.m), mc.w);
                measure(name, c_mul, &mc);
                CHECK(result == GN_OK || result == GN_ERR_UNSUPPORTED, "%s: %s", name, gn_strerror(result));
            }
        }
}

/* The protocols and every multiplication on one prime curve (ec, set up by the caller). */
static void prime_curve_cases(const char *curve, int every_method)
{
    char name[96];
    plen = gn_ec_scalar_bytes(&ec);
#define RUN(label, fn, arg)                                                        \
    do {                                                                           \
        snprintf(name, sizeof name, "%s %s", label, curve);                        \
        measure(name, fn, arg);                                                    \
        CHECK(result == GN_OK, "%s: %s", name, gn_strerror(result));               \
    } while (0)
    need(gn_ec_keygen(&ec, priv_b, plen, &pub_b, fill_rng, NULL), "keygen");
    RUN("gn_ec_keygen", c_keygen, NULL);
    RUN("gn_ec_public_encode/decode", c_encode_decode, NULL);
    if (ec.model != GN_EC_MONTGOMERY) { /* x-only curves: gn_xdh; ECDH on Weierstrass and Edwards */
        RUN("gn_ecdh", c_ecdh, NULL);
        RUN("gn_elgamal", c_elgamal, NULL);
    }
    if (ec.model == GN_EC_WEIERSTRASS && ec.h == 1)
        RUN("gn_mqv", c_mqv, NULL);
    RUN("gn_ec_add", c_add, NULL);
    RUN("gn_ec_mul2_var", c_mul2, NULL);
    RUN("gn_ec_comb_init", c_comb_init, NULL);
    RUN("gn_ec_mul_comb", c_comb_mul, NULL);
    RUN("gn_ec_count_ops", c_count, NULL);
    RUN("gn_ec_trace", c_trace, NULL);
    if (ec.model != GN_EC_MONTGOMERY && every_method) {
        CHECK(counting_setup(), "%s: counting context", curve);
        RUN("gn_ecdh on gn_ec_counting", c_counting_ecdh, NULL);
    }
    if (ec.model == GN_EC_WEIERSTRASS) {
        static const gn_ec_model to[] = {GN_EC_MONTGOMERY, GN_EC_EDWARDS, GN_EC_JACOBI_QUARTIC};
        for (size_t i = 0; i < 3; i++) {
            snprintf(name, sizeof name, "gn_ec_to_model %s %s", curve, gn_ec_model_name(to[i]));
            measure(name, c_to_model, &to[i]);
        }
    }
#undef RUN
    if (every_method)
        run_mul_cases(curve);
}

/* F_p^2 and F_p^3 over the current curve's field: exponentiation (a table of 16 extension
 * elements), inversion, square root */
static void c_fpx(const void *degree)
{
    static gn_fpx_ctx_t x;
    static gn_fpx_t a, r;
    static gn_limb_t e[3 * GN_FP_MAX_LIMBS];
    result = gn_fpx_init(&x, &ec.fp, *(const unsigned *)degree, NULL);
    if (result != GN_OK)
        return;
    fill_rng(NULL, (uint8_t *)e, sizeof e);
    result = gn_fpx_random(&x, &a, fill_rng, NULL);
    if (result != GN_OK)
        return;
    gn_fpx_pow(&x, &r, &a, e, 3 * ec.fp.n);
    gn_fpx_pow_var(&x, &r, &a, e, 3 * ec.fp.n);
    gn_fpx_sqr(&x, &r, &a);
    result = gn_fpx_sqrt(&x, &r, &r);
    if (result == GN_OK)
        result = gn_fpx_inv(&x, &r, &a);
    (void)gn_fpx_legendre(&x, &a);
}
static void prime_curves(void)
{
    char name[96];
    for (size_t i = 0; i < gn_ec_named_count(); i++) {
        const char *curve = gn_ec_named_name(i);
        snprintf(name, sizeof name, "gn_ec_init_named %s", curve);
        measure(name, c_ec_init_named, curve);
        need(result, curve);
        prime_curve_cases(curve, 1);
    }
    /* the same curves on every other kernel of the build (RNS elements are the largest) */
    static const char *const on_kernels[] = {"P-256", "P-521", "secp256k1", "brainpoolP384r1", "edwards25519"};
    static const gn_fp_kernel_kind kinds[] = {GN_FP_KERNEL_GENERIC, GN_FP_KERNEL_RNS, GN_FP_KERNEL_GMP,
                                              GN_FP_KERNEL_PARI};
    static gn_ec_ctx_t named;
    static gn_rns_ctx_t rns;
    for (size_t i = 0; i < sizeof on_kernels / sizeof on_kernels[0]; i++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            need(gn_ec_init_named(&named, on_kernels[i]), on_kernels[i]);
            if (gn_ec_with_kernel(&ec, &named, kinds[k], &rns, NULL) != GN_OK)
                continue; /* not in this build */
            snprintf(name, sizeof name, "%s/%s", on_kernels[i], gn_fp_kernel_name(&ec.fp));
            if (!strcmp(on_kernels[i], "P-256")) { /* p = 1 mod 3: both extensions */
                static const unsigned degrees[] = {2, 3};
                for (size_t d = 0; d < 2; d++) {
                    char fname[128];
                    snprintf(fname, sizeof fname, "gn_fpx degree %u %s", degrees[d], name);
                    measure(fname, c_fpx, &degrees[d]);
                    CHECK(result == GN_OK, "%s", fname);
                }
            }
            prime_curve_cases(name, kinds[k] != GN_FP_KERNEL_PARI);
        }
}

/* ------------------------------------------------------------------ X25519, X448 */

static void c_x25519(const void *a)
{
    uint8_t out[32], k[32], u[32] = {9};
    (void)a;
    fill_rng(NULL, k, sizeof k);
    result = gn_x25519(out, k, u);
}
static void c_x448(const void *a)
{
    uint8_t out[56], k[56], u[56] = {5};
    (void)a;
    fill_rng(NULL, k, sizeof k);
    result = gn_x448(out, k, u);
}
static void c_xdh(const void *a)
{
    uint8_t out[56], k[56], u[56] = {9};
    size_t len = ec.fp.bytes;
    (void)a;
    fill_rng(NULL, k, len);
    result = gn_xdh_public(&ec, out, len, k, len);
    if (result == GN_OK)
        result = gn_xdh(&ec, out, len, k, len, u, len);
}

static void xdh_cases(void)
{
    measure("gn_x25519", c_x25519, NULL);
    CHECK(result == GN_OK, "gn_x25519");
    measure("gn_x448", c_x448, NULL);
    CHECK(result == GN_OK, "gn_x448");
    static const char *const curves[] = {"curve25519", "curve448"};
    for (size_t i = 0; i < 2; i++) {
        need(gn_ec_init_named(&ec, curves[i]), curves[i]);
        char name[64];
        snprintf(name, sizeof name, "gn_xdh %s", curves[i]);
        measure(name, c_xdh, NULL);
        CHECK(result == GN_OK, "%s", name);
    }
}

/* ------------------------------------------------------------------ binary curves */

static gn_ec2m_ctx_t bc;
static gn_ec2m_point_t bpub_a, bpub_b;
static void c_ec2m_init(const void *name) { result = gn_ec2m_init_named(&bc, name); }
static void c_ec2m_keygen(const void *a)
{
    (void)a;
    result = gn_ec2m_keygen(&bc, priv_a, plen, &bpub_a, fill_rng, NULL);
}
static void c_ec2m_ecdh(const void *a)
{
    static uint8_t secret[80];
    (void)a;
    result = gn_ec2m_ecdh(&bc, secret, sizeof secret, priv_a, plen, &bpub_b, GN_ECDH_STANDARD);
}
static void c_ec2m_muls(const void *a)
{
    static gn_ec2m_point_t r;
    (void)a;
    result = gn_ec2m_mul_ladder(&bc, &r, priv_a, plen, &bpub_b);
    if (result == GN_OK)
        result = gn_ec2m_mul_wnaf_var(&bc, &r, priv_a, plen, &bpub_b, 0);
    if (result == GN_OK)
        result = gn_ec2m_mul_window_var(&bc, &r, priv_a, plen, &bpub_b, 0);
}
static void c_ec2m_mqv(const void *a)
{
    static gn_mqv_session_t s;
    gn_ec2m_mqv_own_t own = {priv_a, plen, &bpub_a, priv_b, plen, &bpub_b, (const uint8_t *)"A", 1};
    gn_ec2m_mqv_peer_t peer = {&bpub_b, &bpub_a, (const uint8_t *)"B", 1};
    (void)a;
    result = gn_ec2m_mqv_init(&mqv, &bc, GN_HASH_SHA256);
    if (result == GN_OK)
        result = gn_ec2m_mqv_derive(&mqv, &s, &own, &peer, 1, 32);
}
static void c_ec2m_elgamal(const void *a)
{
    static gn_ec2m_point_t b1, c, m;
    (void)a;
    result = gn_ec2m_elgamal_encrypt(&bc, &b1, &c, &bpub_b, &bpub_a, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_ec2m_elgamal_decrypt(&bc, &m, priv_a, plen, &b1, &c);
}
static void c_ec2m_analysis(const void *a)
{
    (void)a;
    result = GN_OK;
    for (int op = GN_EC_OP_ADD; op <= GN_EC_OP_LADDER_STEP; op++) {
        note(gn_ec2m_count_ops(&bc, (gn_ec_op)op, &counts));
        note(gn_ec2m_trace(&bc, (gn_ec_op)op, &trace));
    }
}

static void binary_curves(void)
{
    char name[96];
    for (size_t i = 0; i < gn_ec2m_named_count(); i++) {
        const char *curve = gn_ec2m_named_name(i);
        snprintf(name, sizeof name, "gn_ec2m_init_named %s", curve);
        measure(name, c_ec2m_init, curve);
        need(result, curve);
        plen = gn_ec2m_scalar_bytes(&bc);
        need(gn_ec2m_keygen(&bc, priv_b, plen, &bpub_b, fill_rng, NULL), "ec2m keygen");
        static const struct {
            const char *label;
            void (*fn)(const void *);
        } ops[] = {{"gn_ec2m_keygen", c_ec2m_keygen}, {"gn_ec2m_ecdh", c_ec2m_ecdh},
                   {"gn_ec2m_mul_*", c_ec2m_muls},    {"gn_ec2m_mqv", c_ec2m_mqv},
                   {"gn_ec2m_elgamal", c_ec2m_elgamal}, {"gn_ec2m_count_ops/trace", c_ec2m_analysis}};
        for (size_t j = 0; j < sizeof ops / sizeof ops[0]; j++) {
            snprintf(name, sizeof name, "%s %s", ops[j].label, curve);
            measure(name, ops[j].fn, NULL);
            CHECK(result == GN_OK, "%s: %s", name, gn_strerror(result));
        }
    }
}

/* ------------------------------------------------------------------ genus 2, Kummer */

static gn_kummer_ctx_t ku;
static gn_g2_ctx_t jac;
static void c_kummer_init(const void *a)
{
    (void)a;
    result = gn_kummer_init_gs127(&ku);
}
static void c_kummer_dh(const void *a)
{
    static uint8_t sk[32], pub[48], sk2[32], pub2[48], shared[48];
    (void)a;
    result = gn_kummer_dh_keygen(&ku, sk, pub, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_kummer_dh_keygen(&ku, sk2, pub2, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_kummer_dh(&ku, shared, sk, pub2);
}
static void c_kummer_analysis(const void *a)
{
    (void)a;
    result = GN_OK;
    for (int op = GN_KUMMER_OP_DBL; op <= GN_KUMMER_OP_LADDER_STEP; op++) {
        note(gn_kummer_count_ops(&ku, (gn_kummer_op)op, &counts));
        note(gn_kummer_trace(&ku, (gn_kummer_op)op, &trace));
    }
}
static void c_g2_init(const void *a)
{
    (void)a;
    result = gn_g2_init_gs127(&jac);
}
/* The largest fields: y^2 = x^6 + 2x + 3 (degree 6: gn_g2_mul's masked double-and-add on
 * Cantor's algorithm) and y^2 = x^5 + 2x + 3 (the explicit formulas' window with its table of
 * 16 elements) over the 1024-bit prime of RFC 2409's second Oakley group, GN_FP_MAX_BITS on the
 * generic kernel. */
static gn_g2_ctx_t jac_big, jac_big5;
static void c_g2_big_init(const void *deg)
{
    static gn_fp_ctx_t fp;
    static gn_fp_t f[7];
    const int d = *(const int *)deg;
    result = gn_fp_init_hex(&fp, "ffffffffffffffffc90fdaa22168c234c4c6628b80dc1cd129024e088a67cc74020bbea63b139b22514a08798e34"
                                 "04ddef9519b3cd3a431b302b0a6df25f14374fe1356d6d51c245e485b576625e7ec6f44c42e9a637ed6b0bff5c"
                                 "b6f406b7edee386bfb5a899fa5ae9f24117c4b1fe649286651ece65381ffffffffffffffff");
    for (size_t i = 0; i < 7; i++)
        gn_fp_set_zero(&fp, &f[i]);
    gn_fp_set_one(&fp, &f[d]);
    gn_fp_set_u64(&fp, &f[1], 2);
    gn_fp_set_u64(&fp, &f[0], 3);
    if (result == GN_OK)
        result = gn_g2_init(d == 6 ? &jac_big : &jac_big5, &fp, f, 7);
}
static void c_g2_ops(const void *ctx)
{
    const gn_g2_ctx_t *g = ctx;
    static gn_g2_elem_t x, y, r;
    static uint8_t k[32];
    fill_rng(NULL, k, sizeof k);
    result = gn_g2_random(g, &x, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_g2_random(g, &y, fill_rng, NULL);
    if (result == GN_OK)
        result = gn_g2_mul(g, &r, k, sizeof k, &x);
    if (result == GN_OK) {
        gn_g2_mul_var(g, &r, k, sizeof k, &x);
        gn_g2_add_var(g, &r, &x, &y);
        gn_g2_add(g, &r, &x, &y);
        result = gn_g2_check(g, &r);
    }
}
static void c_g2_count(const void *a)
{
    result = GN_OK;
    for (int op = GN_G2_OP_ADD; op <= GN_G2_OP_MUL_STEP; op++)
        note(gn_g2_count_ops(a, (gn_g2_op)op, &counts));
}
static void c_g2_trace(const void *a)
{
    result = GN_OK;
    for (int op = GN_G2_OP_ADD; op <= GN_G2_OP_DBL; op++)
        note(gn_g2_trace(a, (gn_g2_op)op, &trace));
}

static void genus2_cases(void)
{
    static const gn_kummer_ladder_kind ladders[] = {GN_KUMMER_LADDER_GENERIC, GN_KUMMER_LADDER_GS127_V4,
                                                    GN_KUMMER_LADDER_GS127_AVX2, GN_KUMMER_LADDER_GS127_MULX};
    measure("gn_kummer_init_gs127", c_kummer_init, NULL);
    need(result, "kummer");
    for (size_t i = 0; i < sizeof ladders / sizeof ladders[0]; i++) {
        if (gn_kummer_set_ladder(&ku, ladders[i]) != GN_OK)
            continue; /* not on this CPU */
        char name[64];
        snprintf(name, sizeof name, "gn_kummer_dh ladder %d", (int)ladders[i]);
        measure(name, c_kummer_dh, NULL);
        CHECK(result == GN_OK, "%s", name);
    }
    measure("gn_kummer_count_ops/trace", c_kummer_analysis, NULL);
    measure("gn_g2_init_gs127", c_g2_init, NULL);
    need(result, "g2");
    measure("gn_g2 mul/add/check", c_g2_ops, &jac);
    CHECK(result == GN_OK, "g2 ops");
    static const int deg6 = 6, deg5 = 5;
    measure("gn_g2_init 1024-bit degree 6", c_g2_big_init, &deg6);
    need(result, "g2 1024-bit degree 6");
    measure("gn_g2 mul/add/check 1024-bit degree 6", c_g2_ops, &jac_big);
    CHECK(result == GN_OK, "g2 ops 1024-bit degree 6");
    measure("gn_g2_init 1024-bit degree 5", c_g2_big_init, &deg5);
    need(result, "g2 1024-bit degree 5");
    measure("gn_g2 mul/add/check 1024-bit degree 5", c_g2_ops, &jac_big5);
    CHECK(result == GN_OK, "g2 ops 1024-bit degree 5");
    const struct {
        const char *name;
        const gn_g2_ctx_t *g;
    } analysed[] = {{"gs127", &jac}, {"1024-bit degree 5", &jac_big5}};
    for (size_t i = 0; i < sizeof analysed / sizeof analysed[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "gn_g2_count_ops %s", analysed[i].name);
        measure(name, c_g2_count, analysed[i].g);
        CHECK(result == GN_OK, "%s", name);
        snprintf(name, sizeof name, "gn_g2_trace %s", analysed[i].name);
        measure(name, c_g2_trace, analysed[i].g);
        CHECK(result == GN_OK, "%s", name);
    }
}

/* ------------------------------------------------------------------ DRBGs */

static void c_drbg(const void *mech)
{
    static gn_drbg_t d;
    gn_entropy_t src;
    static uint8_t out[256];
    result = gn_entropy_init(&src, GN_ENTROPY_OS);
    if (result == GN_OK)
        result = gn_drbg_instantiate(&d, *(const gn_drbg_mech *)mech, &src, 1, NULL, 0, NULL, 0);
    if (result == GN_OK)
        result = gn_drbg_generate(&d, out, sizeof out, 1, NULL, 0);
    gn_drbg_uninstantiate(&d);
}

static void drbg_cases(void)
{
    static const gn_drbg_mech mechs[] = {GN_DRBG_HMAC_SHA256, GN_DRBG_HMAC_SHA512, GN_DRBG_HASH_SHA256,
                                         GN_DRBG_HASH_SHA512};
    for (size_t i = 0; i < sizeof mechs / sizeof mechs[0]; i++) {
        char name[64];
        snprintf(name, sizeof name, "gn_drbg mechanism %d", (int)mechs[i]);
        measure(name, c_drbg, &mechs[i]);
        CHECK(result == GN_OK, "%s: %s", name, gn_strerror(result));
    }
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    for (int i = 1; i < argc; i++) {
        verbose |= !strcmp(argv[i], "--verbose");
        if (!strcmp(argv[i], "--watch") && i + 1 < argc)
            watched = argv[++i];
    }
    painted = aligned_alloc(4096, PAINTED);
    if (!painted)
        return 1;
    prime_curves();
    xdh_cases();
    binary_curves();
    genus2_cases();
    drbg_cases();
    fprintf(stderr, "deepest: %zu bytes (%s); limit %d%s\n", worst, worst_name, GN_STACK_LIMIT,
            SANITIZED ? " (not checked: sanitizer build)" : "");
    fprintf(stderr, "%lu checks, %lu failures; %lu calls over the limit\n", test_checks, test_failures, over);
    free(painted);
    return test_failures != 0 || over != 0;
}
