/* Multiplication and squaring modulo p = 2^255 - 19 with mulx/adcx/adox (x86-64, System V ABI),
 * for the p25519 kernel (src/fp/kern_pmersenne.h, selected when CPUID reports BMI2 and ADX):
 *
 *   gn_mulx_p25519_mul(r, a, b): r = a b mod p;  gn_mulx_p25519_sqr(r, a): r = a^2 mod p
 *
 * The arithmetic is the macros of mulx_p25519_macros.S (operands in [0, 2^256), outputs below
 * 2^255 + 2^11). */
#if defined(__x86_64__) && !defined(_WIN32)
#include "fp/mulx_p25519_macros.S"
	.text

	.p2align 5
	.globl GN_SYM(gn_mulx_p25519_mul)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p25519_mul)
	.type GN_SYM(gn_mulx_p25519_mul), @function
#endif
GN_SYM(gn_mulx_p25519_mul):
	PROLOGUE
	movq %rdx, %rcx
	MUL 0, %rdi, 0, %rsi, 0, %rcx
	EPILOGUE
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p25519_mul), .-GN_SYM(gn_mulx_p25519_mul)
#endif

	.p2align 5
	.globl GN_SYM(gn_mulx_p25519_sqr)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p25519_sqr)
	.type GN_SYM(gn_mulx_p25519_sqr), @function
#endif
GN_SYM(gn_mulx_p25519_sqr):
	PROLOGUE
	SQR 0, %rdi, 0, %rsi
	EPILOGUE
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p25519_sqr), .-GN_SYM(gn_mulx_p25519_sqr)
#endif

#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",@progbits
#endif
