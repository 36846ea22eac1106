/* The masked scans of the fixed-base tables (src/scalar/base.c) and of the windows' tables. */
#ifndef GN_SCALAR_BASE_SCAN_H
#define GN_SCALAR_BASE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "fp/fp_internal.h" /* GN_HAVE_AVX2 */

/* out = the entry idx (1 .. entries; 0: zeros) of row, entries of 8 words (x, y of 4), by a full
 * masked scan, constant time in idx: portable C (src/scalar/base.c), and with AVX2
 * (src/scalar/base_scan_avx2.c, -mavx2; only where gn_cpu_has_avx2) */
void gn_base_scan8(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx);
#if GN_HAVE_AVX2
void gn_base_scan8_avx2(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx);
/* sel[0..width) = the first width words of entry idx (0 .. n-1) of tab, entries pl words apart,
 * by a full masked scan: constant time in idx (src/scalar/group.c's tab_select_w) */
void gn_scan_avx2(uint64_t *sel, const uint64_t *tab, size_t n, size_t pl, size_t width, uint64_t idx);
#endif

#endif
