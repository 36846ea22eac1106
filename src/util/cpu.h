/* CPU features probed at run time (src/util/cpu.c); each returns 1 when present, else 0. */
#ifndef GN_UTIL_CPU_H
#define GN_UTIL_CPU_H

int gn_cpu_has_mulx(void);   /* BMI2 and ADX: the mulx/adx Montgomery kernels */
int gn_cpu_has_rdrand(void); /* RDRAND: the x86 DRBG output (src/rand/entropy.c) */
int gn_cpu_has_rdseed(void); /* RDSEED: the x86 conditioned entropy source (src/rand/entropy.c) */
int gn_cpu_has_pclmul(void); /* PCLMULQDQ: the carry-less product of src/f2m/mul_clmul.c */
int gn_cpu_has_avx2(void);   /* AVX2, with the OS saving the ymm registers: src/kummer/gs127_v4_avx2.c */
/* 256-bit AVX2 operations run at full width: every CPU but AMD's first Zen cores (Zen, Zen+) and
 * Hygon's built on them, which split each into two 128-bit halves (a vendor and family fact) */
int gn_cpu_avx2_full_width(void);
int gn_cpu_has_avx512f(void); /* AVX-512F, with the OS saving the zmm and mask registers: src/rns/rns_avx512.c */

#endif
