/* One step of the Montgomery ladder of the Gaudry-Schost Kummer surface over p = 2^127 - 1 with
 * mulx (BMI2; x86-64, System V ABI), one coordinate after another in two 64-bit limbs: the scalar
 * counterpart of the 4-way ladder of gs127_v4.tmpl.h ("Kummer strikes back", Bernstein,
 * Chuengsatiansup, Lange, Schwabe, Eurocrypt 2014: xDBLADD in the squared model, section 5). The
 * loop over the scalar bits is C (gs127_mulx.c).
 *
 *   gn_ku127_mulx_step(st, mask): the pair (P, Q) of st swapped when mask = ~0 (mask 0 or ~0),
 *   then P <- [2]P, Q <- P + Q for P - Q ~ 1/(1 : w1 : w2 : w3), w = (w1, w2, w3) in st.
 *
 * st is 46 uint64_t (the offsets below): P (4 elements), Q (4), w (3), then HP, HQ, T (4 each),
 * scratch of the step. An element is (lo, hi), a value below 2^128 congruent to the coordinate
 * (not reduced further); every output of a step is below 2^128 whatever the inputs below 2^128.
 *
 * The step computes exactly what kummer.tmpl.h's KU(dbladd) computes with gs127's constants
 * epshat = (-833 : 2499 : 1617 : 561) and eps = (-114 : 57 : 66 : 418):
 *   HP = H(P), HQ = H(Q), T = epshat HP, HP = HP T, HQ = HQ T,
 *   P = H(HP), Q = H(HQ), P = P^2, Q = Q^2, P = eps P, Q = (Q0, Q1 w1, Q2 w2, Q3 w3)
 * (coordinate by coordinate), with the Hadamard transform H(x, y, z, t) = (x + y + z + t,
 * x + y - z - t, x - y + z - t, x - y - z + t). 11 M + 8 S + 8 products by small constants.
 *
 * Reduction: 2^128 = 2 and 2^127 = 1 (mod p), no multiplication. A product (z0, z1, z2, z3) is
 * (z0, z1) + 2 (z2, z3) (two 128-bit additions, carries c <= 2 out of bit 128), then
 * (lo, hi, c) -> (lo, hi mod 2^63) + (hi >> 63) + 2c: below 2^127 + 5. The Hadamard transform
 * keeps its sums exact in three limbs (the third a small signed number g, |g| <= 3) and folds
 * them likewise with e = (hi >> 63) + 2g (|e| <= 7): (lo, hi mod 2^63) + e, plus p when e < 0
 * (by masks: e + m in the low limb, m >> 1 in the high one, m = e >> 63 arithmetic), so the
 * output is in [0, 2^128).
 * Nothing depends on the values but the arithmetic; the swap is by masks: constant time.
 */
#if defined(__x86_64__) && !defined(_WIN32)
#ifdef __APPLE__
#define GN_SYM(x) _##x
#else
#define GN_SYM(x) x
#endif
	.text

/* offsets in st (bytes) */
#define OP 0
#define OQ 64
#define OW 128
#define OHP 176
#define OHQ 240
#define OT 304

/* (lo, hi) + 2^128 c, c <= 2 (in %rax), folded: (lo, hi mod 2^63) + (hi >> 63) + 2c,
 * below 2^127 + 5; uses %rbx, and %r15 = 2^63 - 1. FOLDC8 adds p - 8 as well (bit 127 set,
 * 2^64 - 9 to the low limb, 2^64 - 1 to the high one): the value minus 8, in [p - 8, 2^128 - 4). */
.macro FOLDC lo, hi
	movq \hi, %rbx
	shrq $63, %rbx
	leaq (%rbx,%rax,2), %rbx
	andq %r15, \hi
	addq %rbx, \lo
	adcq $0, \hi
.endm
.macro FOLDC8 lo, hi
	movq \hi, %rbx
	shrq $63, %rbx
	leaq -9(%rbx,%rax,2), %rbx
	btsq $63, \hi
	addq %rbx, \lo
	adcq $-1, \hi
.endm

/* z = (r8, r9, \z2, \z3) reduced into (r8, r9) and stored at \r(%rdi): (r8, r9) + 2 (z2, z3). */
.macro REDUCE_STORE r, z2, z3, fold=FOLDC
	xorl %eax, %eax
	addq \z2, %r8
	adcq \z3, %r9
	adcq $0, %rax
	addq \z2, %r8
	adcq \z3, %r9
	adcq $0, %rax
	\fold %r8, %r9
	movq %r8, \r(%rdi)
	movq %r9, \r+8(%rdi)
.endm

/* \r = \a \b (element offsets in st; \r may be \a or \b) */
.macro MUL r, a, b, fold=FOLDC
	movq \a(%rdi), %rdx
	mulxq \b(%rdi), %r8, %r9
	mulxq \b+8(%rdi), %r10, %r11
	movq \a+8(%rdi), %rdx
	mulxq \b(%rdi), %rax, %rbx
	mulxq \b+8(%rdi), %rcx, %rsi
	addq %r10, %r9
	adcq %rbx, %r11
	adcq $0, %rsi
	addq %rax, %r9
	adcq %rcx, %r11
	adcq $0, %rsi
	REDUCE_STORE \r, %r11, %rsi, \fold
.endm

/* \r = \a^2 */
.macro SQR r, a, fold=FOLDC
	movq \a(%rdi), %rdx
	mulxq %rdx, %r8, %r9
	mulxq \a+8(%rdi), %r10, %r11
	movq \a+8(%rdi), %rdx
	mulxq %rdx, %rcx, %rsi
	addq %r10, %r10
	adcq %r11, %r11
	adcq $0, %rsi
	addq %r10, %r9
	adcq %r11, %rcx
	adcq $0, %rsi
	REDUCE_STORE \r, %rcx, %rsi, \fold
.endm

/* \r = c \a for a constant c < 2^12 (below 2^127 + 2^13); MULCN: \r = 2p - c \a = ~(c \a) - 1,
 * in [2^127 - 2^14, 2^128 - 2]. */
.macro MULC_R a, c
	movl $\c, %edx
	mulxq \a(%rdi), %r8, %r9
	mulxq \a+8(%rdi), %r10, %rax
	addq %r10, %r9
	adcq $0, %rax
	FOLDC %r8, %r9
.endm
.macro MULC r, a, c
	MULC_R \a, \c
	movq %r8, \r(%rdi)
	movq %r9, \r+8(%rdi)
.endm
.macro MULCN r, a, c, k=1
	MULC_R \a, \c
	notq %r8
	notq %r9
	subq $\k, %r8
	sbbq $0, %r9
	movq %r8, \r(%rdi)
	movq %r9, \r+8(%rdi)
.endm

/* (lo, hi, g), 2 <= g <= 7, folded into (lo, hi mod 2^63) + (hi >> 63) + 2g (below 2^127 + 15)
 * and stored at \r(%rdi); uses \t. */
.macro FOLDS_STORE r, lo, hi, g, t
	movq \hi, \t
	shrq $63, \t
	leaq (\t,\g,2), \t
	andq %r15, \hi
	addq \t, \lo
	adcq $0, \hi
	movq \lo, \r(%rdi)
	movq \hi, \r+8(%rdi)
.endm

/* The Hadamard transform of the 4 elements at \x to the 4 at \o (\o not \x). Sums and
 * differences a = x + y, c = z + t (first half), b = x - y, d = z - t (second half) as
 * (lo, hi, top), then a + c, a - c, b + d, b - d. */
.macro HAD o, x
	/* a = (rax, rbx, rcx), c = (rdx, rsi, rbp) */
	movl $4, %ecx
	xorl %ebp, %ebp
	movq \x(%rdi), %rax
	movq \x+8(%rdi), %rbx
	addq \x+16(%rdi), %rax
	adcq \x+24(%rdi), %rbx
	adcq $0, %rcx
	movq \x+32(%rdi), %rdx
	movq \x+40(%rdi), %rsi
	addq \x+48(%rdi), %rdx
	adcq \x+56(%rdi), %rsi
	adcq $0, %rbp
	movq %rax, %r8
	movq %rbx, %r9
	movq %rcx, %r10
	addq %rdx, %r8
	adcq %rsi, %r9
	adcq %rbp, %r10
	subq %rdx, %rax
	sbbq %rsi, %rbx
	sbbq %rbp, %rcx
	FOLDS_STORE \o, %r8, %r9, %r10, %r11
	FOLDS_STORE \o+16, %rax, %rbx, %rcx, %r13
	/* b = (rax, rbx, rcx), d = (rdx, rsi, rbp) */
	movl $4, %ecx
	movq \x(%rdi), %rax
	movq \x+8(%rdi), %rbx
	subq \x+16(%rdi), %rax
	sbbq \x+24(%rdi), %rbx
	sbbq $0, %rcx
	movq \x+32(%rdi), %rdx
	movq \x+40(%rdi), %rsi
	subq \x+48(%rdi), %rdx
	sbbq \x+56(%rdi), %rsi
	sbbq %rbp, %rbp
	movq %rax, %r8
	movq %rbx, %r9
	movq %rcx, %r10
	addq %rdx, %r8
	adcq %rsi, %r9
	adcq %rbp, %r10
	subq %rdx, %rax
	sbbq %rsi, %rbx
	sbbq %rbp, %rcx
	FOLDS_STORE \o+32, %r8, %r9, %r10, %r11
	FOLDS_STORE \o+48, %rax, %rbx, %rcx, %r13
.endm

/* swap qword \i of P and Q where %r15 is ~0 */
.macro CSWAP1 i
	movq OP+\i(%rdi), %rax
	movq OQ+\i(%rdi), %rbx
	movq %rax, %rcx
	xorq %rbx, %rcx
	andq %r15, %rcx
	xorq %rcx, %rax
	xorq %rcx, %rbx
	movq %rax, OP+\i(%rdi)
	movq %rbx, OQ+\i(%rdi)
.endm

	.p2align 5
	.globl GN_SYM(gn_ku127_mulx_step)
#ifdef __ELF__
	.hidden GN_SYM(gn_ku127_mulx_step)
	.type GN_SYM(gn_ku127_mulx_step), @function
#endif
GN_SYM(gn_ku127_mulx_step):
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	movq %rsi, %r15
	CSWAP1 0
	CSWAP1 8
	CSWAP1 16
	CSWAP1 24
	CSWAP1 32
	CSWAP1 40
	CSWAP1 48
	CSWAP1 56
	movq $0x7fffffffffffffff, %r15
	HAD OHP, OP
	HAD OHQ, OQ
	MULCN OT, OHP, 833
	MULC OT+16, OHP+16, 2499
	MULC OT+32, OHP+32, 1617
	MULC OT+48, OHP+48, 561
	MUL OHP, OHP, OT, FOLDC8
	MUL OHQ, OHQ, OT, FOLDC8
	MUL OHP+16, OHP+16, OT+16
	MUL OHQ+16, OHQ+16, OT+16
	MUL OHP+32, OHP+32, OT+32
	MUL OHQ+32, OHQ+32, OT+32
	MUL OHP+48, OHP+48, OT+48
	MUL OHQ+48, OHQ+48, OT+48
	HAD OP, OHP
	HAD OQ, OHQ
	SQR OP, OP
	SQR OQ, OQ, FOLDC8
	SQR OP+16, OP+16
	SQR OQ+16, OQ+16
	SQR OP+32, OP+32
	SQR OQ+32, OQ+32
	SQR OP+48, OP+48
	SQR OQ+48, OQ+48
	MULCN OP, OP, 114, 9
	MULC OP+16, OP+16, 57
	MULC OP+32, OP+32, 66
	MULC OP+48, OP+48, 418
	MUL OQ+16, OQ+16, OW
	MUL OQ+32, OQ+32, OW+16
	MUL OQ+48, OQ+48, OW+32
	/* no secret left in the scratch registers */
	xorl %eax, %eax
	xorl %ebx, %ebx
	xorl %ecx, %ecx
	xorl %edx, %edx
	xorl %esi, %esi
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	xorl %r15d, %r15d
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
#ifdef __ELF__
	.size GN_SYM(gn_ku127_mulx_step), .-GN_SYM(gn_ku127_mulx_step)
#endif

#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",@progbits
#endif
