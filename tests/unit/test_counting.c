/*
 * Counting contexts (gn_ec_counting) and the word-product model (gn_fp_word_products) that
 * `genus bench --floor` rests on. The X25519 ladder counted whole must be RFC 7748 section 5's
 * costs on the clamped scalar: a ladder step (x_2, z_2, x_3, z_3 from A, B, C, D) is 5
 * multiplications, 4 squarings and one product by a24 (a curve constant, D), a doubling (x_2,
 * z_2 alone) 2, 2 and 1; bit 254 is set, so its step is a doubling of u, bits 253..3 are 251
 * steps, and the three clear low bits three doublings (the final inversion and product are the
 * field's own calls, outside the formulas counted). The counting context computes the same
 * shared secret as the curve's own kernel, so the multiplication counted is the one that runs.
 * The word products are the schoolbook counts of each kernel's algorithm.
 */
#include <string.h>

#include "test_util.h"

#include "genus/genus.h"

static void x25519_counts(void)
{
    static gn_ec_ctx_t ec, cc;
    gn_op_counts_t n;
    uint8_t k[32], u[32] = {9}, want[32], got[32];
    test_rng(NULL, k, sizeof k);
    CHECK(gn_ec_init_named(&ec, "curve25519") == GN_OK, "curve25519");
    CHECK(gn_ec_counting(&cc, &ec, &n) == GN_OK, "counting context");
    CHECK(gn_ec_counting(&ec, &ec, &n) == GN_ERR_INVALID, "dst == src");
    CHECK(gn_ec_counting(NULL, &ec, &n) == GN_ERR_INVALID && gn_ec_counting(&cc, &ec, NULL) == GN_ERR_INVALID,
          "NULL");
    CHECK(gn_xdh(&ec, want, 32, k, 32, u, 32) == GN_OK, "x25519");
    memset(&n, 0, sizeof n);
    CHECK(gn_xdh(&cc, got, 32, k, 32, u, 32) == GN_OK && !memcmp(got, want, 32), "x25519 on the counting context");
    CHECK(n.m == 251 * 5 + 4 * 2 && n.s == 251 * 4 + 4 * 2 && n.d == 251 + 4 && n.c == 0 && n.i == 0,
          "X25519 counts %lu M, %lu S, %lu D, %lu c, %lu I (RFC 7748: 1263 M, 1012 S, 255 D)", n.m, n.s, n.d, n.c,
          n.i);
}

/* a curve's multiplication counted on its counting context gives the same point */
static void same_result(const char *name)
{
    static gn_ec_ctx_t ec, cc;
    gn_op_counts_t n = {0};
    gn_ec_point_t p, r, cp, cr;
    uint8_t k[66], x[66], y[66], cx[66], cy[66];
    CHECK(gn_ec_init_named(&ec, name) == GN_OK && gn_ec_counting(&cc, &ec, &n) == GN_OK, "%s", name);
    const size_t kl = gn_ec_scalar_bytes(&ec), fb = gn_fp_bytes(&ec.fp);
    test_rng(NULL, k, kl);
    static const uint8_t three = 3;
    CHECK(gn_ec_mul_base(&ec, &p, &three, 1) == GN_OK, "%s: 3G", name);
    gn_ec_point_get(&ec, x, y, &p);
    memset(&cp, 0, sizeof cp);
    CHECK(gn_fp_decode(&cc.fp, &cp.x, x, fb) == GN_OK && gn_fp_decode(&cc.fp, &cp.y, y, fb) == GN_OK, "%s", name);
    CHECK(gn_ec_mul(&ec, &r, k, kl, &p, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0) == GN_OK, "%s", name);
    CHECK(gn_ec_mul(&cc, &cr, k, kl, &cp, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0) == GN_OK, "%s", name);
    gn_ec_point_get(&ec, x, y, &r);
    gn_ec_point_get(&cc, cx, cy, &cr);
    CHECK(!memcmp(x, cx, fb) && !memcmp(y, cy, fb), "%s: [k] P on the counting context", name);
    CHECK(n.m + n.s > 0 && n.i >= 1, "%s: counted", name);
}

/* The Kummer exchange and the genus-2 multiplication counted on their counting contexts give the
 * same results as on gs127's own kernel and ladder, and their counts follow from the algorithms:
 * - the squared-model xDBLADD ("Kummer strikes back", Bernstein, Chuengsatiansup, Lange,
 *   Schwabe 2014): two Hadamard transforms, T = epshat H(P) (4 products by small constants),
 *   H(P) T and H(Q) T (8 M), two transforms, 8 S, eps times the P half (4 by constants), the Q
 *   half times (1, w1, w2, w3) (3 M): 11 M, 8 S and 8 small-constant products a bit, over the
 *   251 bits of gs127's ladder (docs/ARCHITECTURE.md), plus the few of decoding and encoding;
 * - the genus-2 window (the signed window of width 4 over a 256-bit scalar: 256 doublings, 64
 *   additions, the table's doubling and 7 additions, and the addition that corrects an even
 *   scalar) on affine formulas, one inversion each: 329 inversions. */
static void genus2_counts(void)
{
    static gn_kummer_ctx_t ku, kc;
    static gn_g2_ctx_t g, gc;
    gn_op_counts_t n = {0};
    uint8_t sk[GN_KUMMER_DH_SECRET_BYTES], other[GN_KUMMER_DH_SECRET_BYTES], peer[GN_KUMMER_DH_PUBLIC_BYTES];
    uint8_t want[GN_KUMMER_DH_PUBLIC_BYTES], got[GN_KUMMER_DH_PUBLIC_BYTES];
    test_rng(NULL, sk, sizeof sk);
    test_rng(NULL, other, sizeof other);
    CHECK(gn_kummer_init_gs127(&ku) == GN_OK && gn_kummer_dh_public(&ku, peer, other) == GN_OK, "gs127");
    CHECK(gn_kummer_dh(&ku, want, sk, peer) == GN_OK, "kummer_dh");
    CHECK(gn_kummer_counting(&kc, &ku, &n) == GN_OK, "kummer counting");
    CHECK(gn_kummer_counting(&ku, &ku, &n) == GN_ERR_INVALID, "dst == src");
    memset(&n, 0, sizeof n);
    CHECK(gn_kummer_dh(&kc, got, sk, peer) == GN_OK && !memcmp(got, want, sizeof want), "kummer_dh counted");
    CHECK(n.c == 251 * 8 && n.s >= 251 * 8 && n.s <= 251 * 8 + 8 && n.m >= 251 * 11 && n.m <= 251 * 11 + 16,
          "kummer_dh: %lu M, %lu S, %lu by small constants (251 steps of 11 M, 8 S, 8)", n.m, n.s, n.c);

    gn_g2_elem_t d, cd, r, cr;
    uint8_t k[32], b[16], cb[16];
    test_rng(NULL, k, sizeof k);
    CHECK(gn_g2_init_gs127(&g) == GN_OK && gn_g2_random(&g, &d, test_rng, NULL) == GN_OK, "g2");
    CHECK(gn_g2_counting(&gc, &g, &n) == GN_OK, "g2 counting");
    cd = d;
    for (size_t i = 0; i < 4; i++) {
        gn_fp_encode(&g.fp, b, &d.c[i]);
        CHECK(gn_fp_decode(&gc.fp, &cd.c[i], b, gn_fp_bytes(&g.fp)) == GN_OK, "element");
    }
    memset(&n, 0, sizeof n);
    CHECK(gn_g2_mul(&g, &r, k, sizeof k, &d) == GN_OK && gn_g2_mul(&gc, &cr, k, sizeof k, &cd) == GN_OK, "g2 mul");
    CHECK(r.deg == cr.deg, "degree");
    for (size_t i = 0; i < 4; i++) {
        gn_fp_encode(&g.fp, b, &r.c[i]);
        gn_fp_encode(&gc.fp, cb, &cr.c[i]);
        CHECK(!memcmp(b, cb, gn_fp_bytes(&g.fp)), "g2_mul counted: coefficient %zu", i);
    }
    CHECK(n.i == 256 + 64 + 8 + 1 && n.m > 0, "g2_mul: %lu I (329: one per affine group operation)", n.i);
}

static void word_products(void)
{
    static gn_fp_ctx_t fp;
    static gn_rns_ctx_t rns;
    size_t m, s;
    static const uint8_t p256[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    const size_t n = 256 / GN_LIMB_BITS;
    /* Montgomery (CIOS): n^2 operand products, and per limb q = t p' and q p */
    CHECK(gn_fp_init_kernel(&fp, p256, sizeof p256, GN_FP_KERNEL_GENERIC) == GN_OK, "P-256 generic");
    CHECK(gn_fp_word_products(&fp, &m, &s) == GN_OK && m == 2 * n * n + n && s == n * (n + 1) / 2 + n * n + n,
          "Montgomery: %zu, %zu", m, s);
    CHECK(gn_fp_word_products(NULL, &m, &s) == GN_ERR_INVALID, "NULL");
    if (gn_fp_init_rns(&fp, p256, sizeof p256, &rns, NULL) == GN_OK)
        CHECK(gn_fp_word_products(&fp, &m, &s) == GN_ERR_UNSUPPORTED, "RNS: not word products");
#if GN_LIMB_BITS == 64
    /* 2^255 - 19: the high half folded by 38, one limb product each and one for the carry */
    static const uint8_t p25519[32] = {0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xed};
    CHECK(gn_fp_init_kernel(&fp, p25519, sizeof p25519, GN_FP_KERNEL_SPECIAL) == GN_OK, "p25519");
    CHECK(gn_fp_word_products(&fp, &m, &s) == GN_OK && m == 21 && s == 15, "p25519: %zu, %zu", m, s);
#endif
}

int main(int argc, char **argv)
{
    test_args(argc, argv);
    x25519_counts();
    same_result("P-256");
    same_result("secp256k1");
    same_result("P-521");
    same_result("edwards25519");
    same_result("edwards448");
    same_result("brainpoolP512r1");
    genus2_counts();
    word_products();
    return test_done("test_counting");
}
