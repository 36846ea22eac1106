/* Helpers the fuzz targets share: the reference arithmetic their invariants are checked with,
 * written apart from the code under test (integers modulo p on gn_mp_* rather than a field
 * kernel; GF(2)[x] on plain 64-bit words rather than src/f2m), and a reader of the input. */
#ifndef GN_TESTS_FUZZ_UTIL_H
#define GN_TESTS_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "fuzz.h"
#include "genus/fp.h"

/* ------------------------------------------------------------------ the input as a stream */

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in_t;

/* The next byte, 0 once the input is used up. */
uint8_t fz_u8(fz_in_t *in);
/* The next up to len bytes: how many there were (the rest of out is zero). */
size_t fz_take(fz_in_t *in, uint8_t *out, size_t len);

/* ------------------------------------------------------------------ integers modulo p
 * Residues of at most FZ_BITS bits as naturals of FZ_N limbs; products go through a 2 FZ_N limb
 * natural and gn_mp_divrem_var. Slow and plain, which is the point. */

#define FZ_BITS 576
#define FZ_N ((FZ_BITS + GN_LIMB_BITS - 1) / GN_LIMB_BITS)

typedef struct fz_int {
    gn_limb_t v[FZ_N];
} fz_int_t;

typedef struct fz_mod {
    fz_int_t p;
    size_t bytes; /* of an encoding: ceil(bits(p) / 8) */
} fz_mod_t;

/* m = the modulus given in hex (FUZZ_CHECKed: a bad constant is a bug of the target). */
void fz_mod_init_hex(fz_mod_t *m, const char *hex);
/* r = the big-endian (or, with le, little-endian) bytes in[0..len); 1 if the value is below p. */
int fz_from_bytes(const fz_mod_t *m, fz_int_t *r, const uint8_t *in, size_t len, int le);
/* r = the hex constant (FUZZ_CHECKed below p). */
void fz_from_hex(const fz_mod_t *m, fz_int_t *r, const char *hex);
/* r = a field element's canonical integer (gn_fp_get_mp). */
void fz_from_fp(const fz_mod_t *m, fz_int_t *r, const gn_fp_ctx_t *f, const gn_fp_t *a);
/* out[0..m->bytes) = a, big-endian. */
void fz_to_bytes(const fz_mod_t *m, uint8_t *out, const fz_int_t *a);
void fz_set_u(const fz_mod_t *m, fz_int_t *r, uint64_t c);
void fz_add(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b);
void fz_sub(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b);
void fz_mul(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const fz_int_t *b);
int fz_eq(const fz_int_t *a, const fz_int_t *b);
int fz_is_zero(const fz_int_t *a);
/* Whether a is a square modulo the prime p (0 counts), by the Jacobi symbol on naturals. */
int fz_is_square(const fz_mod_t *m, const fz_int_t *a);
/* 1 if the natural a (any size) is below p. */
int fz_below(const fz_mod_t *m, const fz_int_t *a);

/* ------------------------------------------------------------------ GF(2)[x] on 64-bit words
 * Polynomials of degree below FZ_PBITS, bit i of w[] the coefficient of x^i. */

#define FZ_PBITS 1216
#define FZ_PW (FZ_PBITS / 64)

typedef struct fz_poly {
    uint64_t w[FZ_PW];
} fz_poly_t;

int fz_poly_deg(const fz_poly_t *a); /* -1 for zero */
void fz_poly_zero(fz_poly_t *r);
void fz_poly_set_bit(fz_poly_t *r, unsigned i);
int fz_poly_eq(const fz_poly_t *a, const fz_poly_t *b);
void fz_poly_add(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b);
/* r = a b (deg a + deg b < FZ_PBITS) */
void fz_poly_mul(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b);
/* r = a mod f, f != 0 */
void fz_poly_mod(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *f);
/* r = a b mod f and r = a^2 mod f, with deg a, deg b < deg f <= FZ_PBITS / 2 */
void fz_poly_mulmod(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b, const fz_poly_t *f);
/* r = gcd(a, b) */
void fz_poly_gcd(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *b);
/* Whether f (deg f >= 1) is irreducible over GF(2): Ben-Or's test, gcd(f, x^(2^i) - x) = 1 for
 * i = 1 .. deg f / 2. */
int fz_poly_irreducible(const fz_poly_t *f);
/* r = the big-endian bytes in[0..len) as a polynomial (bit i of the value: x^i). */
void fz_poly_from_bytes(fz_poly_t *r, const uint8_t *in, size_t len);
/* r = the hex constant (FUZZ_CHECKed well-formed), bit i of its value the coefficient of x^i. */
void fz_poly_from_hex(fz_poly_t *r, const char *hex);
/* r = 1/a mod f by the extended Euclidean algorithm; 0 when a = 0 mod f or gcd(a, f) != 1. */
int fz_poly_inv(fz_poly_t *r, const fz_poly_t *a, const fz_poly_t *f);
/* tr[i] = Tr(x^i) in GF(2)[x]/(f), i < deg f, by Newton's identities on the power sums of the
 * roots of f (f irreducible); the trace of an element is then a parity. */
void fz_poly_trace_table(uint8_t *tr, const fz_poly_t *f);
int fz_poly_trace(const uint8_t *tr, const fz_poly_t *a, int m);

#endif
