/*
 * Scalar recodings of the scalar-multiplication layer, on little-endian limbs.
 */
#ifndef GN_SCALAR_RECODE_H
#define GN_SCALAR_RECODE_H

#include <stddef.h>

#include "genus/common.h"

/* The largest scalar gn_recode_wnaf_var takes at once, in bits (longer ones go in chunks). */
#define GN_RECODE_MAX_BITS 1024

/* The width-w NAF of k (kn little-endian limbs, kn * GN_LIMB_BITS <= GN_RECODE_MAX_BITS;
 * 2 <= w <= 7), least significant digit first (Solinas 2000; HAC 14.7 generalised): digits odd
 * with |d| < 2^(w-1), or 0. naf has room for kn * GN_LIMB_BITS + 1 digits; returns their number.
 * Variable time: public scalars only. */
size_t gn_recode_wnaf_var(signed char *naf, const gn_limb_t *k, size_t kn, unsigned w);

#endif
