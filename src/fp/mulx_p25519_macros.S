/* Arithmetic modulo p = 2^255 - 19 with mulx/adcx/adox as assembler macros (x86-64, System V
 * ABI), included by the field's products (src/fp/mulx_p25519.S) and the X25519 ladder
 * (src/ec/asm/x25519_mulx.S), so that each field operation is written once.
 *
 * Inputs are 4 limbs in [0, 2^256), not necessarily below p: the kernel's lazy representation.
 * The 512-bit product t = lo + hi 2^256 is folded with 2^256 = 38 (mod p): lo + 38 hi < 39 2^256,
 * then the bits from 255 up once more with 2^255 = 19, so outputs are below 2^255 + 2^11 (which
 * the ladder's additions rely on). Two carry chains (adcx on CF, adox on OF) run the product rows
 * side by side.
 *
 * The macros take each operand as a displacement and a base register (0, %rsi), so that the
 * field operations are written once for the pointer arguments of mul/sqr and for the ladder's
 * frame. %rbp is zero throughout. */
#ifdef __APPLE__
#define GN_SYM(x) _##x
#else
#define GN_SYM(x) x
#endif

/* r8..r11 + 2^256 r12 (r12 < 2^40) folded at bit 255 with 2^255 = 19 (mod p): v = 2 r12 +
 * (r11 >> 63), r11 < 2^63, then r8..r11 += 19 v: below 2^255 + 19 v < 2^255 + 2^46, no carry
 * out of r11. */
.macro FOLD255 x0=%r8, x1=%r9, x2=%r10, x3=%r11, y=%r12
	movq \x3, %rax
	shrq $63, %rax
	leaq (%rax,\y,2), \y
	btrq $63, \x3
	imulq $19, \y, \y
	addq \y, \x0
	adcq %rbp, \x1
	adcq %rbp, \x2
	adcq %rbp, \x3
.endm

/* r8..r11 + 2^256 (r12..r15) reduced modulo p into r8..r11: lo + 38 hi = r8..r11 + 2^256 r12
 * with r12 <= 38, then FOLD255, so the result is below 2^255 + 2^11. */
.macro REDUCE
	movl $38, %edx
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
	FOLD255
.endm

/* r8..r11 to \ro(\rb) */
.macro STORE4 ro, rb
	movq %r8, \ro(\rb)
	movq %r9, \ro+8(\rb)
	movq %r10, \ro+16(\rb)
	movq %r11, \ro+24(\rb)
.endm

.macro PROLOGUE
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	xorl %ebp, %ebp
.endm

.macro EPILOGUE
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
.endm

/* One product row i >= 1: t[i..i+3] += a b_i (b_i at \bo(\bb)), t[i+4] = the top (fresh). */
.macro ROW ao, ab, bo, bb, t0, t1, t2, t3, t4
	movq \bo(\bb), %rdx
	xorl %eax, %eax
	mulxq \ao(\ab), %rax, %rbx
	adoxq %rax, \t0
	adcxq %rbx, \t1
	mulxq \ao+8(\ab), %rax, %rbx
	adoxq %rax, \t1
	adcxq %rbx, \t2
	mulxq \ao+16(\ab), %rax, %rbx
	adoxq %rax, \t2
	adcxq %rbx, \t3
	mulxq \ao+24(\ab), %rax, \t4
	adoxq %rax, \t3
	adcxq %rbp, \t4
	adoxq %rbp, \t4
.endm

/* Product row 0: t0..t4 = a b_0 (one carry chain). */
.macro ROW0 ao, ab, bo, bb, t0, t1, t2, t3, t4
	movq \bo(\bb), %rdx
	mulxq \ao(\ab), \t0, \t1
	mulxq \ao+8(\ab), %rax, \t2
	addq %rax, \t1
	mulxq \ao+16(\ab), %rax, \t3
	adcq %rax, \t2
	mulxq \ao+24(\ab), %rax, \t4
	adcq %rax, \t3
	adcq %rbp, \t4
.endm

/* r8..r11 = a b mod p for a at \ao(\ab), b at \bo(\bb) (4 limbs each). */
.macro MUL_R ao, ab, bo, bb
	ROW0 \ao, \ab, \bo, \bb, %r8, %r9, %r10, %r11, %r12
	ROW \ao, \ab, \bo+8, \bb, %r9, %r10, %r11, %r12, %r13
	ROW \ao, \ab, \bo+16, \bb, %r10, %r11, %r12, %r13, %r14
	ROW \ao, \ab, \bo+24, \bb, %r11, %r12, %r13, %r14, %r15
	REDUCE
.endm

.macro MUL ro, rb, ao, ab, bo, bb
	MUL_R \ao, \ab, \bo, \bb
	STORE4 \ro, \rb
.endm

/* r8..r11 = a^2 mod p for a at \ao(\ab). */
.macro SQR_R ao, ab
	/* off-diagonal products a_i a_j (i < j) into t1..t6 */
	movq \ao(\ab), %rdx
	mulxq \ao+8(\ab), %r9, %r10
	mulxq \ao+16(\ab), %rax, %r11
	addq %rax, %r10
	mulxq \ao+24(\ab), %rax, %r12
	adcq %rax, %r11
	adcq %rbp, %r12
	movq \ao+8(\ab), %rdx
	mulxq \ao+16(\ab), %rax, %rbx
	mulxq \ao+24(\ab), %rcx, %r13
	addq %rax, %r11
	adcq %rbx, %r12
	adcq %rbp, %r13
	addq %rcx, %r12
	adcq %rbp, %r13
	movq \ao+16(\ab), %rdx
	mulxq \ao+24(\ab), %rax, %r14
	addq %rax, %r13
	adcq %rbp, %r14
	/* doubled (adcx, CF) and plus the squares a_i^2 at t[2i], t[2i+1] (adox, OF): two carry
	 * chains side by side; the square is below 2^512, so nothing carries out of t7 */
	movq \ao(\ab), %rdx
	mulxq %rdx, %r8, %rax
	xorl %r15d, %r15d
	adcxq %r9, %r9
	adoxq %rax, %r9
	movq \ao+8(\ab), %rdx
	mulxq %rdx, %rax, %rbx
	adcxq %r10, %r10
	adoxq %rax, %r10
	adcxq %r11, %r11
	adoxq %rbx, %r11
	movq \ao+16(\ab), %rdx
	mulxq %rdx, %rax, %rbx
	adcxq %r12, %r12
	adoxq %rax, %r12
	adcxq %r13, %r13
	adoxq %rbx, %r13
	movq \ao+24(\ab), %rdx
	mulxq %rdx, %rax, %rbx
	adcxq %r14, %r14
	adoxq %rax, %r14
	adcxq %rbp, %r15
	adoxq %rbx, %r15
	REDUCE
.endm

.macro SQR ro, rb, ao, ab
	SQR_R \ao, \ab
	STORE4 \ro, \rb
.endm
