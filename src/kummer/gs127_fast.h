/*
 * Dedicated Montgomery ladders for the Gaudry-Schost surface over 2^127 - 1 (gs127.c), with
 * its constants built in: epshat = (-833 : 2499 : 1617 : 561), eps = (-114 : 57 : 66 : 418),
 * the scalings gn_kummer_init derives from (11 : -22 : -19 : -3). Each computes exactly what
 * kummer.tmpl.h's KU(ladder) computes over the same inputs (the same projective representative),
 * which the tests check on random inputs. Elements are (lo, hi) 64-bit pairs of a value below
 * 2^128; k is nbits bits in limbs, least significant first; w = (P0/P1, P0/P2, P0/P3).
 * Constant time in k and in the points.
 */
#ifndef GN_KUMMER_GS127_FAST_H
#define GN_KUMMER_GS127_FAST_H

#include <stddef.h>
#include <stdint.h>

#include "genus/kummer.h"

typedef void gn_ku127_ladder_fn(uint64_t r[4][2], const uint64_t mu[4][2], const uint64_t p[4][2],
                                const uint64_t w[3][2], const gn_limb_t *k, size_t nbits);

/* 4-way, radix 2^26, plain C over the lanes (gs127_v4.c): every build. */
gn_ku127_ladder_fn gn_ku127_v4c_ladder;
#if GN_HAVE_AVX2
/* The same with AVX2 intrinsics (gs127_v4_avx2.c, compiled with -mavx2): only on CPUs with AVX2. */
gn_ku127_ladder_fn gn_ku127_v4x_ladder;
#endif
#if GN_HAVE_MULX
/* Scalar, two 64-bit limbs per element, a mulx step in assembly (gs127_mulx.c, asm/gs127_mulx.S):
 * only on CPUs with BMI2. GN_KU127_MULX_ST: the uint64_t of the step's state. */
#define GN_KU127_MULX_ST 78
gn_ku127_ladder_fn gn_ku127_mulx_ladder;
#endif

#endif
