/**
 * @file mp.h
 * @brief Multi-precision naturals: little-endian arrays of ::gn_limb_t.
 *
 * A natural of n limbs is a[0] + a[1] 2^W + ... + a[n-1] 2^(W(n-1)) with
 * W = GN_LIMB_BITS. Unless a function says `_var`, its running time and
 * memory accesses depend only on the lengths (and shift counts) passed, never
 * on the limb values. Outputs may alias inputs except where noted.
 */
#ifndef GENUS_MP_H
#define GENUS_MP_H

#include "genus/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** r = a + b (n limbs each); returns the carry (0 or 1). */
GN_API gn_limb_t gn_mp_add(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b, size_t n);
/** r = a + b for a limb b; returns the carry. */
GN_API gn_limb_t gn_mp_add_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b);
/** r = a - b (n limbs each); returns the borrow (0 or 1). */
GN_API gn_limb_t gn_mp_sub(gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b, size_t n);
/** r = a - b for a limb b; returns the borrow. */
GN_API gn_limb_t gn_mp_sub_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b);

/** r = a * b; r has an + bn limbs and must not overlap a or b. */
GN_API void gn_mp_mul(gn_limb_t *r, const gn_limb_t *a, size_t an, const gn_limb_t *b, size_t bn);
/** r = a^2; r has 2n limbs and must not overlap a. */
GN_API void gn_mp_sqr(gn_limb_t *r, const gn_limb_t *a, size_t n);
/** r = a * b for a limb b (n limbs); returns the high limb. */
GN_API gn_limb_t gn_mp_mul_limb(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t b);

/**
 * r = a << bits, truncated to n limbs; returns the bits shifted out of the
 * top limb when bits < W (0 otherwise). Time depends on n and bits only.
 */
GN_API gn_limb_t gn_mp_lshift(gn_limb_t *r, const gn_limb_t *a, size_t n, size_t bits);
/** r = a >> bits (n limbs); returns the bits shifted out of limb 0 when bits < W, placed at the top. */
GN_API gn_limb_t gn_mp_rshift(gn_limb_t *r, const gn_limb_t *a, size_t n, size_t bits);

/** Compare a and b (n limbs each): -1, 0 or 1, in constant time. */
GN_API int gn_mp_cmp(const gn_limb_t *a, const gn_limb_t *b, size_t n);
/** Compare a (an limbs) and b (bn limbs): -1, 0 or 1; variable time. */
GN_API int gn_mp_cmp_var(const gn_limb_t *a, size_t an, const gn_limb_t *b, size_t bn);
/** 1 if a == 0, else 0, in constant time. */
GN_API int gn_mp_is_zero(const gn_limb_t *a, size_t n);
/** Number of significant bits of a (0 for a == 0), in constant time. */
GN_API size_t gn_mp_bits(const gn_limb_t *a, size_t n);
/** Number of significant bits of a; variable time. */
GN_API size_t gn_mp_bits_var(const gn_limb_t *a, size_t n);

/** Largest dividend, divisor and Jacobi modulus of gn_mp_divrem, gn_mp_divrem_var and
 *  gn_mp_jacobi_var, in limbs (4096 bits): three Montgomery radices of the largest field and
 *  their remainder; larger operands are GN_ERR_INVALID (0 for the Jacobi symbol). The bound keeps
 *  the working arrays on the stack small. */
#define GN_MP_DIV_MAX_LIMBS (4 * 1024 / GN_LIMB_BITS + 2)

/**
 * Division with remainder: a = q d + r with 0 <= r < d. q has an limbs (or is
 * NULL), r has dn limbs (or is NULL); neither may overlap a or d. Constant
 * time in the values of a and d (one conditional subtraction per bit of a).
 * @return GN_ERR_DIV_BY_ZERO if d == 0 (q and r are then zero).
 */
GN_API GN_NODISCARD gn_err gn_mp_divrem(gn_limb_t *q, gn_limb_t *r, const gn_limb_t *a, size_t an,
                                        const gn_limb_t *d, size_t dn);
/**
 * Division with remainder, variable time (Knuth, TAOCP vol. 2, 4.3.1 D).
 * Same contract as gn_mp_divrem; for public data only.
 */
GN_API GN_NODISCARD gn_err gn_mp_divrem_var(gn_limb_t *q, gn_limb_t *r, const gn_limb_t *a, size_t an,
                                            const gn_limb_t *d, size_t dn);

/**
 * Jacobi symbol (a/m) for odd m, a < m or not (binary algorithm); variable
 * time. Returns -1, 0 or 1, or 0 with m even (undefined: callers pass odd m).
 */
GN_API int gn_mp_jacobi_var(const gn_limb_t *a, const gn_limb_t *m, size_t n);

/** r (n limbs) = the big-endian bytes in[0..len). GN_ERR_RANGE if the value needs more than n limbs. */
GN_API GN_NODISCARD gn_err gn_mp_from_bytes_be(gn_limb_t *r, size_t n, const uint8_t *in, size_t len);
/** r (n limbs) = the little-endian bytes in[0..len). GN_ERR_RANGE if the value needs more than n limbs. */
GN_API GN_NODISCARD gn_err gn_mp_from_bytes_le(gn_limb_t *r, size_t n, const uint8_t *in, size_t len);
/** out[0..len) = a as big-endian bytes, zero-padded. GN_ERR_RANGE if a does not fit. */
GN_API GN_NODISCARD gn_err gn_mp_to_bytes_be(uint8_t *out, size_t len, const gn_limb_t *a, size_t n);
/** out[0..len) = a as little-endian bytes, zero-padded. GN_ERR_RANGE if a does not fit. */
GN_API GN_NODISCARD gn_err gn_mp_to_bytes_le(uint8_t *out, size_t len, const gn_limb_t *a, size_t n);

/**
 * r (n limbs) = the hexadecimal string hex[0..len) (digits 0-9, a-f, A-F; an
 * optional "0x" prefix). GN_ERR_PARSE if empty or any other character occurs,
 * GN_ERR_RANGE if the value does not fit. Constant time in the digits.
 */
GN_API GN_NODISCARD gn_err gn_mp_from_hex(gn_limb_t *r, size_t n, const char *hex, size_t len);
/**
 * Write a as lowercase hexadecimal with at least @p digits digits (leading
 * zeros added; 0 means as few as possible, "0" for zero) and a terminating
 * NUL into out[0..out_size). GN_ERR_BUFFER if out is too small.
 */
GN_API GN_NODISCARD gn_err gn_mp_to_hex(char *out, size_t out_size, const gn_limb_t *a, size_t n, size_t digits);

#ifdef __cplusplus
}
#endif

#endif
