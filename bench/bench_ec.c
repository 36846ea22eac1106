/* Scalar-multiplication benchmarks: mul_<curve> ([k] P, variable base, the default constant-time
 * method) and mulgen_<curve> ([k] G: gn_ec_mul_base on a built-in table where the curve has one,
 * with the comb beside it as genus-comb; a precomputed comb elsewhere) on named curves, with OpenSSL and
 * PARI (libsodium's fixed base on edwards25519) measured on the same scalar and point under --vs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "peers.h"

typedef bench_ec_state ec_state;

void bench_body_mul(void *s, size_t iters)
{
    ec_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_ec_mul(&st->ec, &st->r, st->k, st->klen, &st->p, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT,
                      st->window) != GN_OK) {
            st->failed = 1;
            return;
        }
}

int bench_point_onto(const gn_ec_ctx_t *dst, gn_ec_point_t *q, const gn_ec_ctx_t *src, const gn_ec_point_t *p)
{
    uint8_t x[GN_FP_MAX_BITS / 8], y[GN_FP_MAX_BITS / 8];
    const size_t fb = gn_fp_bytes(&src->fp);
    gn_ec_point_get(src, x, y, p);
    memset(q, 0, sizeof *q);
    q->infinity = p->infinity;
    return gn_fp_decode(&dst->fp, &q->x, x, fb) == GN_OK && gn_fp_decode(&dst->fp, &q->y, y, fb) == GN_OK;
}

/* [k] P by the x-only ladder (Brier-Joye, y recovered at the end) */
static void body_mul_xz(void *s, size_t iters)
{
    ec_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_ec_mul(&st->ec, &st->r, st->k, st->klen, &st->p, GN_EC_XZ, GN_EC_LADDER, 0) != GN_OK) {
            st->failed = 1;
            return;
        }
}

/* mul_<curve> by the default method on a back end's kernel (impl genus-gmp, genus-pari; builds
 * with GMP, libpari): the same formulas on another library's arithmetic */
static void run_backend(bench_set *set, ec_state *st, const char *mul_name, gn_fp_kernel_kind kind, const char *impl)
{
    static ec_state gs;
    gs = *st;
    if (gn_ec_with_kernel(&gs.ec, &st->ec, kind, NULL, NULL) != GN_OK)
        return; /* a build without the back end */
    if (!bench_point_onto(&gs.ec, &gs.p, &st->ec, &st->p))
        return;
    bench_run(set, mul_name, impl, bench_body_mul, &gs);
    if (gs.failed)
        fprintf(stderr, "genus: bench: %s: %s failed\n", mul_name, impl);
    /* --floor: the same multiplication counted, in the back end's word products where its
     * kernel declares them (GMP; PARI's are its own algorithms, outside the model) */
    static gn_ec_ctx_t cc;
    static gn_op_counts_t n;
    gn_ec_point_t p, r;
    double products;
    if (set->floor && gn_ec_counting(&cc, &gs.ec, &n) == GN_OK && bench_point_onto(&cc, &p, &gs.ec, &gs.p)) {
        memset(&n, 0, sizeof n);
        if (gn_ec_mul(&cc, &r, gs.k, gs.klen, &p, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0) == GN_OK &&
            (products = bench_products(&gs.ec.fp, &n)) > 0)
            bench_set_products(set, mul_name, impl, products);
    }
}

/* mul_<curve> by the x-only ladder on the limb kernel (impl genus-xz) and on the RNS kernel
 * (genus-rns): the ladder of background 003, 13 reductions a bit on RNS. */
static void run_ladders(bench_set *set, ec_state *st, const char *mul_name)
{
    static ec_state rs;
    static gn_rns_ctx_t rns;
    bench_run(set, mul_name, "genus-xz", body_mul_xz, st);
    rs = *st;
    if (gn_ec_with_kernel(&rs.ec, &st->ec, GN_FP_KERNEL_RNS, &rns, NULL) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: no RNS kernel\n", mul_name);
        return;
    }
    if (!bench_point_onto(&rs.ec, &rs.p, &st->ec, &st->p)) { /* in the RNS kernel's representation */
        fprintf(stderr, "genus: bench: %s: RNS point\n", mul_name);
        return;
    }
    bench_run(set, mul_name, "genus-rns", body_mul_xz, &rs);
    if (rs.failed)
        fprintf(stderr, "genus: bench: %s: RNS ladder failed\n", mul_name);
}

/* [k] G from the library's built-in table (gn_ec_mul_base where gn_ec_base_precomputed) */
static void body_mulbase(void *s, size_t iters)
{
    ec_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_ec_mul_base(&st->ec, &st->r, st->k, st->klen) != GN_OK) {
            st->failed = 1;
            return;
        }
}

static void body_mulgen(void *s, size_t iters)
{
    ec_state *st = s;
    for (size_t i = 0; i < iters; i++)
        if (gn_ec_mul_comb(&st->ec, &st->r, st->comb, st->k, st->klen) != GN_OK) {
            st->failed = 1;
            return;
        }
}

/* Big-endian bytes of the hexadecimal string `hex`, right-aligned in out[len]; -1 if it does not fit. */
static int hex_bytes(uint8_t *out, size_t len, const char *hex)
{
    size_t n = strlen(hex);
    memset(out, 0, len);
    for (size_t i = 0; i < n; i++) {
        char ch = hex[n - 1 - i];
        unsigned v = ch >= '0' && ch <= '9' ? (unsigned)(ch - '0')
                     : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                     : ch >= 'A' && ch <= 'F' ? (unsigned)(ch - 'A' + 10)
                                              : 16u;
        if (v > 15 || (i / 2 >= len && v != 0))
            return -1;
        if (i / 2 < len)
            out[len - 1 - i / 2] |= (uint8_t)(v << (4 * (i % 2)));
    }
    return 0;
}

static const gn_ec_params_t *named_params(const char *name)
{
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (!strcmp(gn_ec_named_name(i), name))
            return gn_ec_named_params(i);
    return NULL;
}

/* k: uniform-looking in [1, n), klen = bytes of n; deterministic in the seed. */
static void random_scalar(ec_state *st, unsigned long long seed)
{
    bench_rng rng = {seed};
    uint8_t n[BENCH_EC_MAX_BYTES];
    const size_t limb_bytes = GN_LIMB_BITS / 8;
    st->klen = (st->ec.n_bits + 7) / 8;
    for (size_t i = 0; i < st->klen; i++) /* n from little-endian limbs to big-endian bytes */
        n[st->klen - 1 - i] = (uint8_t)(st->ec.n[i / limb_bytes] >> (8 * (i % limb_bytes)));
    unsigned top = (unsigned)(st->ec.n_bits % 8);
    static const uint8_t zero[BENCH_EC_MAX_BYTES];
    do {
        bench_rng_bytes(&rng, st->k, st->klen);
        if (top)
            st->k[0] &= (uint8_t)((1u << top) - 1);
    } while (memcmp(st->k, n, st->klen) >= 0 || !memcmp(st->k, zero, st->klen));
}

/* --floor: the word products of the results just measured, counted by running each on the
 * curve carried onto the counting kernel with the same scalar and point (bench/floor.c). */
static void count_products(bench_set *set, ec_state *st, const char *mul_name, const char *gen_name, int ladders)
{
    static gn_ec_ctx_t cc;
    static gn_ec_comb_t comb;
    static gn_op_counts_t n;
    gn_ec_point_t p, r;
    if (gn_ec_counting(&cc, &st->ec, &n) != GN_OK || !bench_point_onto(&cc, &p, &st->ec, &st->p)) {
        fprintf(stderr, "genus: bench: %s: no counting context\n", mul_name);
        return;
    }
    memset(&n, 0, sizeof n);
    if (gn_ec_mul(&cc, &r, st->k, st->klen, &p, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0) == GN_OK)
        bench_set_products(set, mul_name, "genus", bench_products(&st->ec.fp, &n));
    memset(&n, 0, sizeof n);
    if (ladders && gn_ec_mul(&cc, &r, st->k, st->klen, &p, GN_EC_XZ, GN_EC_LADDER, 0) == GN_OK)
        bench_set_products(set, mul_name, "genus-xz", bench_products(&st->ec.fp, &n));
    const int base = gn_ec_base_precomputed(&st->ec);
    if (gen_name && base) {
        memset(&n, 0, sizeof n);
        if (gn_ec_mul_base(&cc, &r, st->k, st->klen) == GN_OK)
            bench_set_products(set, gen_name, "genus", bench_products(&st->ec.fp, &n));
    }
    if (gen_name && gn_ec_comb_init(&cc, &comb, &cc.g, 0, GN_EC_COORDS_DEFAULT) == GN_OK) {
        memset(&n, 0, sizeof n); /* the table is built once, outside the measured operation */
        if (gn_ec_mul_comb(&cc, &r, &comb, st->k, st->klen) == GN_OK)
            bench_set_products(set, gen_name, base ? "genus-comb" : "genus", bench_products(&st->ec.fp, &n));
    }
}

static void run_curve(bench_set *set, const char *named, const char *curve, int vs, int ladders)
{
    static ec_state st;
    char mul_name[48], gen_name[48];
    snprintf(mul_name, sizeof mul_name, "mul_%s", curve);
    snprintf(gen_name, sizeof gen_name, "mulgen_%s", curve);
    /* curve25519 (Montgomery, x-only ladder) has no mulgen result. */
    int montgomery = !strcmp(curve, "curve25519");
    if (!bench_wanted(set, mul_name) && (montgomery || !bench_wanted(set, gen_name)))
        return;

    memset(&st, 0, sizeof st);
    static const uint8_t seven = 7;
    if (gn_ec_init_named(&st.ec, named) != GN_OK || gn_ec_mul_base(&st.ec, &st.p, &seven, 1) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: set-up failed\n", curve);
        return;
    }
    if (gn_fp_bytes(&st.ec.fp) > BENCH_EC_MAX_BYTES || (st.ec.n_bits + 7) / 8 > BENCH_EC_MAX_BYTES) {
        fprintf(stderr, "genus: bench: %s: curve too large\n", curve);
        return;
    }
    random_scalar(&st, 0xec000000ULL + st.ec.n_bits);

    bench_ec_case c;
    memset(&c, 0, sizeof c);
    c.curve = curve;
    c.bytes = gn_fp_bytes(&st.ec.fp);
    c.klen = st.klen;
    memcpy(c.k, st.k, st.klen);
    uint8_t y[GN_FP_MAX_BITS / 8];
    gn_ec_point_get(&st.ec, c.px, c.py, &st.p);

    /* genus's [k] P and [k] G, computed once for the peers' agreement check. */
    if (gn_ec_mul(&st.ec, &st.r, st.k, st.klen, &st.p, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0) != GN_OK) {
        fprintf(stderr, "genus: bench: %s: gn_ec_mul failed\n", curve);
        return;
    }
    gn_ec_point_get(&st.ec, c.kp_x, y, &st.r);
    if (!montgomery) {
        st.comb = malloc(sizeof *st.comb);
        if (!st.comb || gn_ec_comb_init(&st.ec, st.comb, &st.ec.g, 0, GN_EC_COORDS_DEFAULT) != GN_OK ||
            gn_ec_mul_comb(&st.ec, &st.r, st.comb, st.k, st.klen) != GN_OK) {
            fprintf(stderr, "genus: bench: %s: comb set-up failed\n", curve);
            free(st.comb);
            return;
        }
        gn_ec_point_get(&st.ec, c.kg_x, c.kg_y, &st.r);
    }

    bench_run(set, mul_name, "genus", bench_body_mul, &st);
    bench_partner(set, mul_name, bench_body_mul, &st); /* the results below alternate with it */
    if (st.ec.model == GN_EC_WEIERSTRASS) {
        run_backend(set, &st, mul_name, GN_FP_KERNEL_GMP, "genus-gmp");
        run_backend(set, &st, mul_name, GN_FP_KERNEL_PARI, "genus-pari");
    }
    if (ladders)
        run_ladders(set, &st, mul_name);
    /* mulgen: the built-in table where the curve has one (the comb beside it), else the comb */
    if (!montgomery) {
        bench_fn gen = gn_ec_base_precomputed(&st.ec) ? body_mulbase : body_mulgen;
        bench_run(set, gen_name, "genus", gen, &st);
        bench_partner(set, gen_name, gen, &st);
        if (gen == body_mulbase)
            bench_run(set, gen_name, "genus-comb", body_mulgen, &st);
    }
    if (st.failed)
        fprintf(stderr, "genus: bench: %s: scalar multiplication failed\n", curve);
    if (set->floor)
        count_products(set, &st, mul_name, montgomery ? NULL : gen_name, ladders);

    if (vs && st.ec.model == GN_EC_WEIERSTRASS) {
        const gn_ec_params_t *params = named_params(named);
        if (!params || hex_bytes(c.p, c.bytes, params->p) != 0 || hex_bytes(c.a, c.bytes, params->a) != 0 ||
            hex_bytes(c.b, c.bytes, params->b) != 0) {
            fprintf(stderr, "genus: bench: %s: no parameters for the peers\n", curve);
        } else {
            peer_openssl_ec(set, &c);
            peer_pari_ec(set, &c);
            peer_secp256k1_ec(set, &c);
        }
    }
    if (vs && st.ec.model == GN_EC_EDWARDS)
        peer_sodium_ec(set, &c); /* the peer of mulgen_edwards25519 */
    bench_partners_clear(set); /* before the state they run on goes */
    free(st.comb);
    st.comb = NULL;
}

void bench_ec(bench_set *set, int vs)
{
    static const struct {
        const char *named, *curve;
        int ladders; /* also the x-only ladders on the limb and RNS kernels (genus-xz, genus-rns) */
    } curves[] = {{"P-256", "p256", 1},
                  {"P-384", "p384", 1},
                  {"P-521", "p521", 1},
                  {"secp256k1", "secp256k1", 0},
                  {"brainpoolP256r1", "brainpoolp256r1", 0},
                  {"brainpoolP384r1", "brainpoolp384r1", 0},
                  {"brainpoolP512r1", "brainpoolp512r1", 1},
                  {"curve25519", "curve25519", 0},
                  {"edwards25519", "edwards25519", 0}};
    unsigned long saved = set->runs;
    set->runs = set->quick ? BENCH_EC_RUNS_QUICK : BENCH_EC_RUNS;
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        run_curve(set, curves[i].named, curves[i].curve, vs, curves[i].ladders);
    set->runs = saved;
}
