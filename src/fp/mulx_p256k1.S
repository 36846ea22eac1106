/* Multiplication and squaring modulo secp256k1's p = 2^256 - 0x1000003D1 with mulx/adcx/adox
 * (x86-64, System V ABI), for the p256k1 kernel (src/fp/kern_pmersenne.h, selected when CPUID
 * reports BMI2 and ADX).
 *
 *   gn_mulx_p256k1_mul(r, a, b): r = a b mod p;  gn_mulx_p256k1_sqr(r, a): r = a^2 mod p
 *
 * Inputs and output are 4 limbs in [0, 2^256), not necessarily below p: the kernel's lazy
 * representation. The 512-bit product t = lo + hi 2^256 is folded with 2^256 = F (mod p),
 * F = 0x1000003D1 (33 bits): lo + F hi < 2^256 (F + 1), the carry c < 2^34 folded once more as
 * F c < 2^67 (two limbs); if that wraps, the result is below F c < 2^67, so adding F for the final
 * carry (selected by a mask, no branch) cannot carry out of the top limb. The product rows are
 * those of src/fp/mulx_p25519.S: two carry chains (adcx on CF, adox on OF) side by side. */
#if defined(__x86_64__) && !defined(_WIN32)
#ifdef __APPLE__
#define GN_SYM(x) _##x
#else
#define GN_SYM(x) x
#endif
	.text

/* r8..r11 + 2^256 (r12..r15) reduced modulo p into (%rdi); %rbp = 0. */
.macro REDUCE_STORE_K1
	movabsq $0x1000003D1, %rdx
	xorl %eax, %eax
	mulxq %r12, %rax, %rbx
	adoxq %rax, %r8
	adcxq %rbx, %r9
	mulxq %r13, %rax, %rbx
	adoxq %rax, %r9
	adcxq %rbx, %r10
	mulxq %r14, %rax, %rbx
	adoxq %rax, %r10
	adcxq %rbx, %r11
	mulxq %r15, %rax, %r12
	adoxq %rax, %r11
	adcxq %rbp, %r12
	adoxq %rbp, %r12
	/* c = r12 < 2^34: r8..r11 += F c, then F once more if that wrapped */
	mulxq %r12, %rax, %rbx
	addq %rax, %r8
	adcq %rbx, %r9
	adcq %rbp, %r10
	adcq %rbp, %r11
	sbbq %rax, %rax
	andq %rdx, %rax
	addq %rax, %r8
	adcq %rbp, %r9
	adcq %rbp, %r10
	adcq %rbp, %r11
	movq %r8, 0(%rdi)
	movq %r9, 8(%rdi)
	movq %r10, 16(%rdi)
	movq %r11, 24(%rdi)
.endm

.macro PROLOGUE_K1
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	xorl %ebp, %ebp
.endm

.macro EPILOGUE_K1
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
.endm

/* One product row i >= 1: t[i..i+3] += a b_i, t[i+4] = the top (fresh). */
.macro ROW_K1 off, t0, t1, t2, t3, t4
	movq \off(%rcx), %rdx
	xorl %eax, %eax
	mulxq 0(%rsi), %rax, %rbx
	adoxq %rax, \t0
	adcxq %rbx, \t1
	mulxq 8(%rsi), %rax, %rbx
	adoxq %rax, \t1
	adcxq %rbx, \t2
	mulxq 16(%rsi), %rax, %rbx
	adoxq %rax, \t2
	adcxq %rbx, \t3
	mulxq 24(%rsi), %rax, \t4
	adoxq %rax, \t3
	adcxq %rbp, \t4
	adoxq %rbp, \t4
.endm

	.p2align 5
	.globl GN_SYM(gn_mulx_p256k1_mul)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p256k1_mul)
	.type GN_SYM(gn_mulx_p256k1_mul), @function
#endif
GN_SYM(gn_mulx_p256k1_mul):
	PROLOGUE_K1
	movq %rdx, %rcx
	/* row 0: t0..t4 = a b0 */
	movq 0(%rcx), %rdx
	mulxq 0(%rsi), %r8, %r9
	mulxq 8(%rsi), %rax, %r10
	addq %rax, %r9
	mulxq 16(%rsi), %rax, %r11
	adcq %rax, %r10
	mulxq 24(%rsi), %rax, %r12
	adcq %rax, %r11
	adcq %rbp, %r12
	ROW_K1 8, %r9, %r10, %r11, %r12, %r13
	ROW_K1 16, %r10, %r11, %r12, %r13, %r14
	ROW_K1 24, %r11, %r12, %r13, %r14, %r15
	REDUCE_STORE_K1
	EPILOGUE_K1
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p256k1_mul), .-GN_SYM(gn_mulx_p256k1_mul)
#endif

	.p2align 5
	.globl GN_SYM(gn_mulx_p256k1_sqr)
#ifdef __ELF__
	.hidden GN_SYM(gn_mulx_p256k1_sqr)
	.type GN_SYM(gn_mulx_p256k1_sqr), @function
#endif
GN_SYM(gn_mulx_p256k1_sqr):
	PROLOGUE_K1
	/* off-diagonal products a_i a_j (i < j) into t1..t6 */
	movq 0(%rsi), %rdx
	mulxq 8(%rsi), %r9, %r10
	mulxq 16(%rsi), %rax, %r11
	addq %rax, %r10
	mulxq 24(%rsi), %rax, %r12
	adcq %rax, %r11
	adcq %rbp, %r12
	movq 8(%rsi), %rdx
	mulxq 16(%rsi), %rax, %rbx
	mulxq 24(%rsi), %rcx, %r13
	addq %rax, %r11
	adcq %rbx, %r12
	adcq %rbp, %r13
	addq %rcx, %r12
	adcq %rbp, %r13
	movq 16(%rsi), %rdx
	mulxq 24(%rsi), %rax, %r14
	addq %rax, %r13
	adcq %rbp, %r14
	/* doubled into t1..t7 */
	xorl %r15d, %r15d
	addq %r9, %r9
	adcq %r10, %r10
	adcq %r11, %r11
	adcq %r12, %r12
	adcq %r13, %r13
	adcq %r14, %r14
	adcq %rbp, %r15
	/* plus the squares a_i^2 at t[2i], t[2i+1] */
	movq 0(%rsi), %rdx
	mulxq %rdx, %r8, %rax
	addq %rax, %r9
	movq 8(%rsi), %rdx
	mulxq %rdx, %rax, %rbx
	adcq %rax, %r10
	adcq %rbx, %r11
	movq 16(%rsi), %rdx
	mulxq %rdx, %rax, %rbx
	adcq %rax, %r12
	adcq %rbx, %r13
	movq 24(%rsi), %rdx
	mulxq %rdx, %rax, %rbx
	adcq %rax, %r14
	adcq %rbx, %r15
	REDUCE_STORE_K1
	EPILOGUE_K1
#ifdef __ELF__
	.size GN_SYM(gn_mulx_p256k1_sqr), .-GN_SYM(gn_mulx_p256k1_sqr)
#endif

#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",@progbits
#endif
