/*
 * genus inside PARI/GP (DESIGN section 12, docs/GP.md): functions that take and return PARI
 * objects, loaded by gp/genus.gp with install(). Each converts its arguments to genus's types,
 * calls the library and converts the result back; a refusal of genus, or an argument of the wrong
 * type, raises a GP error whose message starts "genus:" (pari_err, which unwinds to gp's prompt:
 * nothing here holds memory outside PARI's stack across a call that may raise).
 *
 * Curves are those of ellinit: y^2 = x^3 + a4 x + a6 over F_p (ellinit([a4, a6], p)) and
 * y^2 + x y = x^3 + a2 x^2 + a6 over F_2^m (ellinit([1, a2, 0, 0, a6], g) with g = ffgen of a
 * trinomial or pentanomial). Their genus contexts are kept in a small per-thread cache keyed by
 * the field and the coefficients, so that a loop over one curve pays the set-up (the primality
 * test of p, the square-root constants) once; the points and scalars are converted on every call.
 *
 * The module's own helpers (gng_*) are hidden; the GP entry points (gn_gp_*) are its exports.
 */
#ifndef GN_GP_INTERNAL_H
#define GN_GP_INTERNAL_H

#include <pari/pari.h>
#include <string.h>

#include "genus/genus.h"

#if !defined(PARI_KERNEL_GMP) || BITS_IN_LONG != GN_LIMB_BITS
#error "genus for GP needs libpari on the GMP kernel with the library's limb width"
#endif

#define GN_GP_EXPORT __attribute__((visibility("default")))
#define CACHE 4 /* curves kept per thread, per kind of field */

/* errors: a GP error "genus: FN: WHAT" (never returns) */
void gng_fail(const char *fn, const char *what);
void gng_fail_err(const char *fn, gn_err e);

/* integers: x >= 0 below 2^(64 n) into n limbs; limbs into a t_INT; |k| into big-endian bytes of
 * its own length (*neg its sign); little-endian byte strings (RFC 7748) and back */
void gng_int_to_limbs(const char *fn, GEN x, gn_limb_t *r, size_t n, const char *what);
GEN gng_limbs_to_int(const gn_limb_t *a, size_t n);
size_t gng_scalar_bytes(const char *fn, GEN k, uint8_t *out, size_t cap, int *neg);
void gng_key_bytes(const char *fn, GEN d, uint8_t *out, size_t len);
void gng_int_to_le(const char *fn, GEN x, uint8_t *out, size_t len, const char *what);
GEN gng_le_to_int(const uint8_t *in, size_t len);
/* a as hexadecimal for the parameter structs of gn_ec_init and gn_ec2m_init */
void gng_hex(const char *fn, char *out, size_t size, const gn_limb_t *a, size_t n);

/* objects: an ellinit structure, a zero coefficient, the point [0] */
int gng_is_ell(GEN E);
int gng_is_zero_coef(GEN c);
int gng_is_point_at_infinity(GEN P);

/* curves over F_p (curve_fp.c) */
typedef struct {
    int used;
    int named; /* a built-in curve of genus whose default method measured faster than the wNAF */
    gn_fp_kernel_kind kind;
    gn_limb_t p[GN_FP_MAX_LIMBS], a[GN_FP_MAX_LIMBS], b[GN_FP_MAX_LIMBS];
    gn_ec_ctx_t ec;
} fp_curve;
gn_fp_kernel_kind gng_kernel_kind(const char *fn, const char *name);
void gng_fp_value(const char *fn, GEN x, GEN p, gn_limb_t *r, const char *what);
const fp_curve *gng_fp_curve_of(const char *fn, GEN E, gn_fp_kernel_kind kind, GEN *pp);
void gng_fp_point(const char *fn, const gn_ec_ctx_t *ec, GEN p, GEN P, gn_ec_point_t *r, const char *what);
GEN gng_fp_point_out(const gn_ec_ctx_t *ec, GEN p, const gn_ec_point_t *r);

/* curves over F_2^m (curve_f2m.c) */
int gng_over_f2m(GEN E);
void gng_ff_bits(const char *fn, GEN x, GEN field, gn_limb_t *r, const char *what);
GEN gng_ff_from_bits(const gn_limb_t *a, GEN field, long m);
const gn_ec2m_ctx_t *gng_f2m_curve_of(const char *fn, GEN E, GEN *pfield);
void gng_f2m_point(const char *fn, const gn_ec2m_ctx_t *ec, GEN field, GEN P, gn_ec2m_point_t *r, const char *what);
GEN gng_f2m_point_out(const gn_ec2m_ctx_t *ec, GEN field, const gn_ec2m_point_t *r);

/* the GP calls (genus.gp's install() lines) */
GN_GP_EXPORT GEN gn_gp_ellmul(GEN E, GEN P, GEN k, const char *kernel);
GN_GP_EXPORT GEN gn_gp_elladd(GEN E, GEN P, GEN Q, const char *kernel);
GN_GP_EXPORT GEN gn_gp_ecdh(GEN E, GEN d, GEN Q, GEN n);
GN_GP_EXPORT GEN gn_gp_x25519(GEN k, GEN u);
GN_GP_EXPORT GEN gn_gp_x448(GEN k, GEN u);
GN_GP_EXPORT GEN gn_gp_kummer_public(GEN sk);
GN_GP_EXPORT GEN gn_gp_kummer_dh(GEN sk, GEN pk);
GN_GP_EXPORT GEN gn_gp_hyperellmul(GEN f, GEN D, GEN k);
GN_GP_EXPORT GEN gn_gp_kernels(void);

#endif
