/* Curves shared by the fuzz targets, each with its equation evaluated apart from the library
 * (integers modulo p, GF(2)[x] on words: fuzz_util.c). A curve is set up on its group's first
 * use; the order of each list is part of the targets' input format (the seed corpora's first
 * byte picks a curve) and of make_corpus.py. */
#ifndef GN_TESTS_FUZZ_CURVES_H
#define GN_TESTS_FUZZ_CURVES_H

#include "fuzz_util.h"
#include "genus/ec.h"
#include "genus/ec2m.h"
#include "genus/g2.h"

/* Prime curves: P-256 (special and generic kernels), P-224, P-521, secp256k1, brainpoolP256r1,
 * brainpoolP160r1, curve25519, curve448, edwards25519, edwards448, and toy curves over
 * p = 65521 (Weierstrass of prime order; one of order 4 n with its Montgomery, Edwards and Jacobi
 * quartic forms). */
#define FZ_EC_COUNT 16
typedef struct fz_ec {
    gn_ec_ctx_t ec;
    fz_mod_t m;
    fz_int_t a, b; /* the equation's constants (gn_ec_params_t's a and b) */
} fz_ec_t;

const fz_ec_t *fz_ec(size_t i);
/* 1 if (x, y) satisfies the curve's equation (by model) */
int fz_ec_on_curve(const fz_ec_t *c, const fz_int_t *x, const fz_int_t *y);
/* 1 if some y makes (x, y) a point; *y_zero when that y is 0 */
int fz_ec_has_y(const fz_ec_t *c, const fz_int_t *x, int *y_zero);

/* Binary curves y^2 + xy = x^3 + a x^2 + b: B-163, K-163, B-233, K-283, B-409, B-571, and curves
 * without a base point over fields of degree 113, 130, 200, 11, 12 and 8. */
#define FZ_EC2M_COUNT 12
typedef struct fz_ec2m {
    gn_ec2m_ctx_t ec;
    int m;
    size_t L; /* bytes of a coordinate */
    fz_poly_t f, a, b;
    uint8_t tr[GN_F2M_MAX_M]; /* Tr(x^i) */
} fz_ec2m_t;

const fz_ec2m_t *fz_ec2m(size_t i);
int fz_ec2m_on_curve(const fz_ec2m_t *c, const fz_poly_t *x, const fz_poly_t *y);

/* The Gaudry-Schost Kummer surface over 2^127 - 1: its field, and whether (X : Y : Z : T) (any
 * residues) satisfies the quartic. */
const fz_mod_t *fz_kummer_mod(void);
int fz_kummer_on_surface(const fz_int_t c[4]);

/* Genus-2 curves: the Rosenhain curve of gs127, degree 5, split and non-split degree 6 over
 * p = 65521, a split sextic on the generic kernel over 2^127 - 1, a quintic over P-256's prime. */
#define FZ_G2_COUNT 6
typedef struct fz_g2 {
    gn_g2_ctx_t g;
    fz_mod_t m;
    fz_int_t f[7];
    size_t fb;
} fz_g2_t;

const fz_g2_t *fz_g2(size_t i);
/* u | v^2 - f for u of degree deg with coordinates co = (u1, u0, v1, v0) */
int fz_g2_divides(const fz_g2_t *c, unsigned deg, const fz_int_t co[4]);
/* gn_g2_decode's expected result on the encoding e[0..len) */
gn_err fz_g2_verdict(const fz_g2_t *c, const uint8_t *e, size_t len);

#endif
