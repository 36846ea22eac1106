/* The Montgomery ladder of X25519 (RFC 7748 5) as one mulx/adcx/adox routine (x86-64, System V
 * ABI) over the field macros of src/fp/mulx_p25519_macros.S:
 *
 *   gn_mulx_p25519_ladder(out, xp, k, nbits, a24, ndbl), gn_mulx_p25519_step(frame): below
 *
 * Frame layout: x25519_frame.h. */
#if defined(__x86_64__) && !defined(_WIN32)
#include "ec/asm/x25519_frame.h"
#include "fp/mulx_p25519_macros.S"
	.text

/* ---- the X25519 ladder: operands are slots of a frame addressed by %rdi (x25519_frame.h) */

/* r8..r11 (+ or -) b modulo p for operands below M = 2^255 + 2^12 (outputs of REDUCE_STORE,
 * FOLD255, or the ladder's start), lazily. A carry out of 2^256 is 38 (mod p), added by a mask:
 * the sum was below 2^256 + 2^13, so what is left is below 2^13 and + 38 stays in t0. A borrow
 * takes 38 off: the difference + 2^256 is above 2^256 - M > 38, so the borrow chain cannot
 * borrow again. Results are in [0, 2^256): products' inputs, not other additions'. */
.macro ADD4 s0, s1, s2, s3, t0, t1, t2, t3
	addq \s0, \t0
	adcq \s1, \t1
	adcq \s2, \t2
	adcq \s3, \t3
	sbbq %rax, %rax
	andl $38, %eax
	addq %rax, \t0
.endm

.macro SUB4 s0, s1, s2, s3, t0, t1, t2, t3
	subq \s0, \t0
	sbbq \s1, \t1
	sbbq \s2, \t2
	sbbq \s3, \t3
	sbbq %rax, %rax
	andl $38, %eax
	subq %rax, \t0
	sbbq %rbp, \t1
	sbbq %rbp, \t2
	sbbq %rbp, \t3
.endm

/* t0..t3 (+ or -)= the slot b */
.macro FOLD_ADD b, t0, t1, t2, t3
	ADD4 \b(%rdi), \b+8(%rdi), \b+16(%rdi), \b+24(%rdi), \t0, \t1, \t2, \t3
.endm

.macro FOLD_SUB b, t0, t1, t2, t3
	SUB4 \b(%rdi), \b+8(%rdi), \b+16(%rdi), \b+24(%rdi), \t0, \t1, \t2, \t3
.endm

.macro LOAD a, t0, t1, t2, t3
	movq \a(%rdi), \t0
	movq \a+8(%rdi), \t1
	movq \a+16(%rdi), \t2
	movq \a+24(%rdi), \t3
.endm

.macro STORE r, t0, t1, t2, t3
	movq \t0, \r(%rdi)
	movq \t1, \r+8(%rdi)
	movq \t2, \r+16(%rdi)
	movq \t3, \r+24(%rdi)
.endm

/* r = a + b, r = a - b */
.macro ADD r, a, b
	LOAD \a, %r8, %r9, %r10, %r11
	FOLD_ADD \b, %r8, %r9, %r10, %r11
	STORE \r, %r8, %r9, %r10, %r11
.endm

.macro SUB r, a, b
	LOAD \a, %r8, %r9, %r10, %r11
	FOLD_SUB \b, %r8, %r9, %r10, %r11
	STORE \r, %r8, %r9, %r10, %r11
.endm

/* Swap r8..r11 and r12..r15 where the mask %rcx is all ones: t = (x ^ y) & mask. */
.macro CSWAP_REGS
	.irp p, "%r8, %r12", "%r9, %r13", "%r10, %r14", "%r11, %r15"
	CSWAP1 \p
	.endr
.endm

.macro CSWAP1 x, y
	movq \x, %rax
	xorq \y, %rax
	andq %rcx, %rax
	xorq %rax, \x
	xorq %rax, \y
.endm

/* Swap the 4-limb slots a and b where the mask %rcx is all ones (the ladder's last swap). */
.macro CSWAP a, b
	LOAD \a, %r8, %r9, %r10, %r11
	LOAD \b, %r12, %r13, %r14, %r15
	CSWAP_REGS
	STORE \a, %r8, %r9, %r10, %r11
	STORE \b, %r12, %r13, %r14, %r15
.endm

/* r8..r12 += the slot b (4 limbs; r12 takes the carry) */
.macro FOLD_ADD_TOP b
	addq \b(%rdi), %r8
	adcq \b+8(%rdi), %r9
	adcq \b+16(%rdi), %r10
	adcq \b+24(%rdi), %r11
	adcq %rbp, %r12
.endm

/* Two independent products r1 = a1 b1, r2 = a2 b2 (frame slots), their rows alternating so that
 * the out-of-order core overlaps the two carry chains (one product's chains depend on each other
 * row after row). Each product keeps only its 5 running limbs in registers (r8..r12, and r13..r15,
 * rcx, rsi), storing each finished low limb to FR_S1 / FR_S2, where its reduction reads it back. */

/* h0..h3 = the low half at \lo(%rdi) + 38 (h0..h3), reduced as REDUCE; y is free (its limb is
 * already stored) and takes the top word. */
.macro RED2 lo, h0, h1, h2, h3, y
	movl $38, %edx
	xorl %eax, %eax
	mulxq \h0, %rax, %rbx
	movq \lo(%rdi), \h0
	adoxq %rax, \h0
	mulxq \h1, %rax, \y
	movq \lo+8(%rdi), \h1
	adoxq %rax, \h1
	adcxq %rbx, \h1
	mulxq \h2, %rax, %rbx
	movq \lo+16(%rdi), \h2
	adoxq %rax, \h2
	adcxq \y, \h2
	mulxq \h3, %rax, \y
	movq \lo+24(%rdi), \h3
	adoxq %rax, \h3
	adcxq %rbx, \h3
	adcxq %rbp, \y
	adoxq %rbp, \y
	FOLD255 \h0, \h1, \h2, \h3, \y
.endm

.macro MUL2_R a1, b1, a2, b2
	ROW0 \a1, %rdi, \b1, %rdi, %r8, %r9, %r10, %r11, %r12
	ROW0 \a2, %rdi, \b2, %rdi, %r13, %r14, %r15, %rcx, %rsi
	movq %r8, FR_S1(%rdi)
	movq %r13, FR_S2(%rdi)
	ROW \a1, %rdi, \b1+8, %rdi, %r9, %r10, %r11, %r12, %r8
	ROW \a2, %rdi, \b2+8, %rdi, %r14, %r15, %rcx, %rsi, %r13
	movq %r9, FR_S1+8(%rdi)
	movq %r14, FR_S2+8(%rdi)
	ROW \a1, %rdi, \b1+16, %rdi, %r10, %r11, %r12, %r8, %r9
	ROW \a2, %rdi, \b2+16, %rdi, %r15, %rcx, %rsi, %r13, %r14
	movq %r10, FR_S1+16(%rdi)
	movq %r15, FR_S2+16(%rdi)
	ROW \a1, %rdi, \b1+24, %rdi, %r11, %r12, %r8, %r9, %r10
	ROW \a2, %rdi, \b2+24, %rdi, %rcx, %rsi, %r13, %r14, %r15
	movq %r11, FR_S1+24(%rdi)
	movq %rcx, FR_S2+24(%rdi)
	RED2 FR_S1, %r12, %r8, %r9, %r10, %r11
	RED2 FR_S2, %rsi, %r13, %r14, %r15, %rcx
.endm

/* MUL2_R leaves a1 b1 in r12, r8, r9, r10 and a2 b2 in rsi, r13, r14, r15 */
.macro MUL2 r1, a1, b1, r2, a2, b2
	MUL2_R \a1, \b1, \a2, \b2
	STORE \r1, %r12, %r8, %r9, %r10
	STORE \r2, %rsi, %r13, %r14, %r15
.endm

/* E = AA - BB, F = BB + a24 E (a24 < 2^32: the top limb of a24 E is below 2^32) */
.macro EF
	LOAD FR_AA, %r12, %r13, %r14, %r15
	FOLD_SUB FR_BB, %r12, %r13, %r14, %r15
	STORE FR_E, %r12, %r13, %r14, %r15
	movq FR_A24(%rdi), %rdx
	mulxq %r12, %r8, %r9
	mulxq %r13, %rax, %r10
	addq %rax, %r9
	mulxq %r14, %rax, %r11
	adcq %rax, %r10
	mulxq %r15, %rax, %r12
	adcq %rax, %r11
	adcq %rbp, %r12
	FOLD_ADD_TOP FR_BB
	FOLD255
	STORE FR_F, %r8, %r9, %r10, %r11
.endm

/* T = DA + CB, U = DA - CB from MUL2_R's registers (DA in r12, r8..r10, CB in rsi, r13..r15) */
.macro TU
	movq %r12, %rbx
	movq %r8, %rcx
	movq %r9, %rdx
	movq %r10, %r11
	ADD4 %rsi, %r13, %r14, %r15, %r12, %r8, %r9, %r10
	STORE FR_T, %r12, %r8, %r9, %r10
	SUB4 %rsi, %r13, %r14, %r15, %rbx, %rcx, %rdx, %r11
	STORE FR_U, %rbx, %rcx, %rdx, %r11
.endm

/* r2 = X2 op Z2, r3 = X3 op Z3 (op ADD or SUB), and sel = r3 where the mask FR_MASK is all
 * ones, else r2 (cmov) */
.macro PAIRS op, r2, r3, sel
	LOAD FR_X2, %r8, %r9, %r10, %r11
	FOLD_\op FR_Z2, %r8, %r9, %r10, %r11
	LOAD FR_X3, %r12, %r13, %r14, %r15
	FOLD_\op FR_Z3, %r12, %r13, %r14, %r15
	STORE \r2, %r8, %r9, %r10, %r11
	STORE \r3, %r12, %r13, %r14, %r15
	cmpq %rbp, FR_MASK(%rdi)
	cmovneq %r12, %r8
	cmovneq %r13, %r9
	cmovneq %r14, %r10
	cmovneq %r15, %r11
	STORE \sel, %r8, %r9, %r10, %r11
.endm

/* One ladder step (RFC 7748 5; EFD ladd-1987-m-3 with Z1 = 1, a24 = (A + 2)/4): the pairs
 * (X2, X3) and (Z2, Z3) swapped by the mask FR_MASK (all ones or zero, no branch), then
 *   A = X2 + Z2, B = X2 - Z2, C = X3 + Z3, D = X3 - Z3, AA = A^2, BB = B^2, E = AA - BB,
 *   X3 = (DA + CB)^2, Z3 = X1 (DA - CB)^2, X2 = AA BB, Z2 = E (BB + a24 E).
 * The products DA, CB and AA BB, E F run as pairs (MUL2); the small operations come after
 * products they do not depend on, and each square sits beside a product it does not depend on
 * (about 0.7% faster than squaring AA, BB and U, T back to back, measured). */
.macro STEP
	/* Swapping (X2, Z2) with (X3, Z3) swaps A with C and B with D, so DA with CB: T = DA + CB
	 * and U^2 = (DA - CB)^2 stay as they are, and only the pair that is doubled depends on the
	 * swap. A, B, C, D come from the unswapped pairs; AA and BB square the selected (A, B) or
	 * (C, D), picked by cmov on the mask: the state is never swapped. */
	PAIRS ADD, FR_A, FR_C, FR_AA
	PAIRS SUB, FR_B, FR_D, FR_BB
	SQR FR_AA, %rdi, FR_AA, %rdi
	MUL2_R FR_D, FR_A, FR_C, FR_B
	TU
	SQR FR_BB, %rdi, FR_BB, %rdi
	SQR FR_U, %rdi, FR_U, %rdi
	EF
	SQR FR_X3, %rdi, FR_T, %rdi
	MUL2 FR_X2, FR_AA, FR_BB, FR_Z2, FR_E, FR_F
	MUL FR_Z3, %rdi, FR_X1, %rdi, FR_U, %rdi
.endm

/* (X2 : Z2) = [2](X2 : Z2), x-only (EFD dbl-1987-m-3): the doubling half of STEP, 2M + 2S + 1D */
.macro DBL
	ADD FR_A, FR_X2, FR_Z2
	SUB FR_B, FR_X2, FR_Z2
	SQR FR_AA, %rdi, FR_A, %rdi
	SQR FR_BB, %rdi, FR_B, %rdi
	EF
	MUL2 FR_X2, FR_AA, FR_BB, FR_Z2, FR_E, FR_F
.endm

/* gn_mulx_p25519_step(frame): one STEP on a caller's frame (for the tests). */
	.p2align 5
	.globl GN_SYM(gn_mulx_p25519_step)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p25519_step)
	.type GN_SYM(gn_mulx_p25519_step), @function
#endif
GN_SYM(gn_mulx_p25519_step):
	PROLOGUE
	STEP
	EPILOGUE
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p25519_step), .-GN_SYM(gn_mulx_p25519_step)
#endif

/* gn_mulx_p25519_ladder(out, xp, k, nbits, a24, ndbl): the ladder of RFC 7748 5 over bits
 * nbits-1..0 of k from (1 : 0), (xp : 1). With ndbl > 0, k must be clamped as RFC 7748 does
 * (bit nbits-1 set, the low ndbl bits clear, ndbl < nbits - 1): the top bit's step is a doubling
 * of P and the last ndbl steps are doublings of (X2 : Z2), each about half a step. out = X2 Z2 X3 Z3 after the final swap (16 limbs); X3 Z3 are the
 * ladder's other point only when ndbl = 0. The swap mask is -(k_i xor k_(i+1)), made without a
 * branch; the loop counter i and ndbl are public. The frame lives on the stack and is cleared
 * before returning. */
	.p2align 5
	.globl GN_SYM(gn_mulx_p25519_ladder)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p25519_ladder)
	.type GN_SYM(gn_mulx_p25519_ladder), @function
#endif
GN_SYM(gn_mulx_p25519_ladder):
	PROLOGUE
	movq %rsp, %rax
	subq $FR_BYTES, %rsp
	andq $-64, %rsp
	movq %rax, FR_RSP(%rsp)
	movq %rdi, FR_OUT(%rsp)
	movq %rdx, FR_K(%rsp)
	movq %rcx, FR_I(%rsp)
	movq %r8, FR_A24(%rsp)
	movq %r9, FR_NDBL(%rsp)
	movq %rbp, FR_PREV(%rsp)
	movq %rsp, %rdi
	/* X2 = 1, Z2 = 0, X3 = xp, Z3 = 1 */
	.irp o, 0, 8, 16, 24
	movq \o(%rsi), %rax
	movq %rax, FR_X1+\o(%rdi)
	movq %rbp, FR_X2+\o(%rdi)
	movq %rbp, FR_Z2+\o(%rdi)
	movq %rbp, FR_Z3+\o(%rdi)
	.endr
	movq $1, FR_X2(%rdi)
	movq $1, FR_Z3(%rdi)
	/* X3 = xp below 2^255 + 19, as the additions need (xp may be any 4 limbs) */
	LOAD FR_X1, %r8, %r9, %r10, %r11
	xorl %r12d, %r12d
	FOLD255
	STORE FR_X3, %r8, %r9, %r10, %r11
	cmpq %rbp, FR_NDBL(%rdi)
	je 5f
	/* clamped: bit nbits-1 is set, so after its step (X2 : Z2) = P, (X3 : Z3) = [2]P */
	LOAD FR_X3, %r8, %r9, %r10, %r11
	STORE FR_X2, %r8, %r9, %r10, %r11
	LOAD FR_Z3, %r8, %r9, %r10, %r11
	STORE FR_Z2, %r8, %r9, %r10, %r11
	DBL
	movq $-1, %rcx
	CSWAP FR_X2, FR_X3
	CSWAP FR_Z2, FR_Z3
	subq $1, FR_I(%rdi)
5:
	movq FR_I(%rdi), %rcx
	cmpq FR_NDBL(%rdi), %rcx
	jbe 2f
1:
	movq FR_I(%rdi), %rcx
	subq $1, %rcx
	movq %rcx, FR_I(%rdi)
	movq %rcx, %rax
	shrq $6, %rax
	movq FR_K(%rdi), %rdx
	movq (%rdx,%rax,8), %rax
	shrxq %rcx, %rax, %rax
	andl $1, %eax
	movq FR_PREV(%rdi), %rdx
	movq %rax, FR_PREV(%rdi)
	xorq %rax, %rdx
	negq %rdx
	movq %rdx, FR_MASK(%rdi)
	STEP
	movq FR_I(%rdi), %rax
	cmpq FR_NDBL(%rdi), %rax
	jne 1b
2:
	movq FR_PREV(%rdi), %rcx
	negq %rcx
	CSWAP FR_X2, FR_X3
	CSWAP FR_Z2, FR_Z3
	cmpq %rbp, FR_NDBL(%rdi)
	je 4f
3:
	DBL
	subq $1, FR_NDBL(%rdi)
	jnz 3b
4:
	movq FR_OUT(%rdi), %rsi
	.irp o, 0, 8, 16, 24
	movq FR_X2+\o(%rdi), %rax
	movq %rax, \o(%rsi)
	movq FR_Z2+\o(%rdi), %rax
	movq %rax, 32+\o(%rsi)
	movq FR_X3+\o(%rdi), %rax
	movq %rax, 64+\o(%rsi)
	movq FR_Z3+\o(%rdi), %rax
	movq %rax, 96+\o(%rsi)
	.endr
	/* clear the frame (secret state and temporaries), then the registers that held them */
	movq FR_RSP(%rdi), %rsi
	xorl %eax, %eax
	movl $FR_RSP / 8, %ecx
	rep stosq
	movq %rsi, %rsp
	xorl %ecx, %ecx
	xorl %edx, %edx
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	EPILOGUE
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p25519_ladder), .-GN_SYM(gn_mulx_p25519_ladder)
#endif

#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",@progbits
#endif
