/* The Montgomery ladder of the Gaudry-Schost Kummer surface over p = 2^127 - 1 with
 * mulx (BMI2; x86-64, System V ABI), one coordinate after another in two 64-bit limbs: the scalar
 * counterpart of the 4-way ladder of gs127_v4.tmpl.h ("Kummer strikes back", Bernstein,
 * Chuengsatiansup, Lange, Schwabe, Eurocrypt 2014: xDBLADD in the squared model). The
 * C side (gs127_mulx.c) sets up st and makes the final swap.
 *
 *   a step (STEP): the pair (P, Q) of st swapped when the mask %r15 is ~0 (mask 0 or ~0),
 *   then P <- [2]P, Q <- P + Q for P - Q ~ 1/(1 : w1 : w2 : w3), w = (w1, w2, w3) in st;
 *   gn_ku127_mulx_ladder_asm(st, k, nbits) runs the steps of the ladder (below).
 *
 * st is 78 uint64_t (GN_KU127_MULX_ST; the offsets below): P, Q (4 elements of three words each),
 * w (3 elements of two words), then the step's scratch HP, HQ, T (4 elements of two words each)
 * and UP, UQ (4 of three words each). An element of two words is (lo, hi), a value below 2^128
 * congruent to the coordinate (not reduced further); one of three words, (lo, hi, t), is the
 * value lo + 2^64 hi + 2^128 t with t a small signed number (|t| < 2^14), a product or a sum not
 * folded: the consumers fold it (HADT) or multiply the top (PC3).
 *
 * The step computes exactly what kummer.tmpl.h's KU(dbladd) computes with gs127's constants
 * epshat = (-833 : 2499 : 1617 : 561) and eps = (-114 : 57 : 66 : 418):
 *   HP = H(P), HQ = H(Q), T = epshat HP, UP = HP T, UQ = HQ T,
 *   P = H(UP), Q = H(UQ), UP = P^2, Q = Q^2, P = eps UP, Q = (Q0, Q1 w1, Q2 w2, Q3 w3)
 * (the state P, Q in three words, the transforms' outputs in two).
 * (coordinate by coordinate), with the Hadamard transform H(x, y, z, t) = (x + y + z + t,
 * x + y - z - t, x - y + z - t, x - y - z + t). 11 M + 8 S + 8 products by small constants.
 *
 * Reduction: 2^128 = 2 and 2^127 = 1 (mod p), no multiplication. A product (z0, z1, z2, z3) is
 * (z0, z1) + 2 (z2, z3) (two 128-bit additions, carries t <= 2 out of bit 128), then
 * (lo, hi, t) -> (lo, hi mod 2^63) + (hi >> 63) + 2t: below 2^127 + 5 (PR, PF), or stored
 * unfolded as three words where the consumer takes them (PT). The Hadamard transform (HADT)
 * keeps its sums exact in three words (the third a small signed number g) and folds each output
 * likewise with e = (hi >> 63) + 2g; a constant B added to the tops keeps g >= 0, so each output
 * comes out plus 2B (B = 2^16 in the first transform, whose inputs' tops reach 2^13; B = 8 in the
 * second), which coordinate 0 of the input carries subtracted (H(x + (d, 0, 0, 0)) =
 * H(x) + (d, d, d, d)): the state P, Q holds coordinate 0 minus 2^17 (PTN, PTD) and the products
 * HP0 T0, HQ0 T0 minus 16 (PT16); gs127_mulx.c subtracts 2^17 at the start and adds it back at
 * the end. The products folded are those that a multiplication takes (T, the squares of Q
 * before w).
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
#define OQ 96
#define OW 192
#define OHP 240
#define OHQ 304
#define OT 368
#define OUP 432
#define OUQ 528

/* The products, in bundles that keep each carry chain (and each use of %rdx by mulx) whole, so
 * that two independent products can be interleaved bundle by bundle (MUL2, SQR2, MULC2) on two
 * register sets: A = (r8, r9, r10, r11, rax, rbx), B = (rcx, rsi, r12, r13, r14, rbp), as
 * (z0, z1, z2, z3, t, u). %r15 = 2^63 - 1 throughout. */

/* (z0, z1, z2) = a0 b */
.macro PM1 a, b, z0, z1, z2, z3, t, u
	movq \a(%rdi), %rdx
	mulxq \b(%rdi), \z0, \z1
	mulxq \b+8(%rdi), \t, \z2
	addq \t, \z1
	adcq $0, \z2
.endm
/* (z0, z1, z2, z3) = a b: (z0, z1, z2) += 2^64 a1 b (the product is below 2^256: no carry out) */
.macro PM2 a, b, z0, z1, z2, z3, t, u
	movq \a+8(%rdi), %rdx
	mulxq \b(%rdi), \t, \u
	addq \t, \z1
	adcq \u, \z2
	mulxq \b+8(%rdi), \t, \z3
	adcq $0, \z3
	addq \t, \z2
	adcq $0, \z3
.endm
/* z0, z1 = a0^2, t, u = a0 a1 */
.macro PS1 a, z0, z1, z2, z3, t, u
	movq \a(%rdi), %rdx
	mulxq %rdx, \z0, \z1
	mulxq \a+8(%rdi), \t, \u
.endm
/* (z0, z1, z2, z3) = a^2 = a0^2 + 2^65 a0 a1 + 2^128 a1^2 */
.macro PS2 a, z0, z1, z2, z3, t, u
	movq \a+8(%rdi), %rdx
	mulxq %rdx, \z2, \z3
	addq \t, \t
	adcq \u, \u
	adcq $0, \z3
	addq \t, \z1
	adcq \u, \z2
	adcq $0, \z3
.endm
/* (z0, z1) + 2^128 t = (z0, z1) + 2 (z2, z3): t <= 2 */
.macro PR z0, z1, z2, z3, t, u
	xorq \t, \t
	addq \z2, \z0
	adcq \z3, \z1
	adcq $0, \t
	addq \z2, \z0
	adcq \z3, \z1
	adcq $0, \t
.endm
/* (z0, z1) + 2^128 t (t < 2^13) folded: (z0, z1 mod 2^63) + (z1 >> 63) + 2t, below 2^127 + 2^14,
 * stored at \r. */
.macro PF r, z0, z1, z2, z3, t, u
	movq \z1, \u
	shrq $63, \u
	leaq (\u,\t,2), \u
	andq %r15, \z1
	addq \u, \z0
	adcq $0, \z1
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
.endm
/* (z0, z1) + 2^128 t stored unfolded as three words (for HADT); PT16: minus 16, t in [-1, 2] */
.macro PT r, z0, z1, z2, z3, t, u
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
	movq \t, \r+16(%rdi)
.endm
.macro PT16 r, z0, z1, z2, z3, t, u
	subq $16, \z0
	sbbq $0, \z1
	sbbq $0, \t
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
	movq \t, \r+16(%rdi)
.endm

/* PTD: PT minus 2^17 (coordinate 0 of Q, for the first transform) */
.macro PTD r, z0, z1, z2, z3, t, u
	subq $0x20000, \z0
	sbbq $0, \z1
	sbbq $0, \t
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
	movq \t, \r+16(%rdi)
.endm
/* PTN: -(z0, z1, t) - 2^17 = ~(z0, z1, t) + 1 - 2^17, three words (coordinate 0 of P) */
.macro PTN r, z0, z1, z2, z3, t, u
	notq \z0
	notq \z1
	notq \t
	addq $(1 - 0x20000), \z0
	adcq $-1, \z1
	adcq $-1, \t
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
	movq \t, \r+16(%rdi)
.endm

/* (z0, z1) + 2^128 t = c a for a constant c < 2^12 */
.macro PC1 a, c, z0, z1, z2, z3, t, u
	movl $\c, %edx
	mulxq \a(%rdi), \z0, \z1
	mulxq \a+8(%rdi), \u, \t
	addq \u, \z1
	adcq $0, \t
.endm
/* (z0, z1) + 2^128 t = c a for a constant c < 2^12 and a product a = (a0, a1, ta) left unfolded
 * (PT: ta <= 2): c ta joins the top, t < 2^14 */
.macro PC3 a, c, z0, z1, z2, z3, t, u
	movl $\c, %edx
	mulxq \a(%rdi), \z0, \z1
	mulxq \a+8(%rdi), \u, \t
	imulq $\c, \a+16(%rdi), \z2
	addq \u, \z1
	adcq \z2, \t
.endm
/* PFN: 2p - c a = ~(c a) - 1 folded (k = 1), in [2^127 - 2^15, 2^128 - 2] (c a folded is below
 * 2^127 + 2^14): T0 = -833 HP0 */
.macro PFN r, k, z0, z1, z2, z3, t, u
	movq \z1, \u
	shrq $63, \u
	leaq (\u,\t,2), \u
	andq %r15, \z1
	addq \u, \z0
	adcq $0, \z1
	notq \z0
	notq \z1
	subq $\k, \z0
	sbbq $0, \z1
	movq \z0, \r(%rdi)
	movq \z1, \r+8(%rdi)
.endm

#define RA %r8, %r9, %r10, %r11, %rax, %rbx
#define RB %rcx, %rsi, %r12, %r13, %r14, %rbp

/* \r1 = \a1 \b1 and \r2 = \a2 \b2 (element offsets in st; an output may be its own operand but
 * not the other product's), stored by \f1, \f2 (PF, PT, PT16, PTD) */
.macro MUL2 r1, a1, b1, r2, a2, b2, f1=PF, f2=PF
	PM1 \a1, \b1, RA
	PM1 \a2, \b2, RB
	PM2 \a1, \b1, RA
	PM2 \a2, \b2, RB
	PR RA
	PR RB
	\f1 \r1, RA
	\f2 \r2, RB
.endm
.macro MUL r, a, b, f=PF
	PM1 \a, \b, RA
	PM2 \a, \b, RA
	PR RA
	\f \r, RA
.endm
.macro SQR2 r1, a1, r2, a2, f1=PF, f2=PF
	PS1 \a1, RA
	PS1 \a2, RB
	PS2 \a1, RA
	PS2 \a2, RB
	PR RA
	PR RB
	\f1 \r1, RA
	\f2 \r2, RB
.endm
/* MULCN2 and MULC2 on unfolded products (PC3) */
.macro MULCN2U r1, a1, c1, k, r2, a2, c2
	PC3 \a1, \c1, RA
	PC3 \a2, \c2, RB
	PFN \r1, \k, RA
	PF \r2, RB
.endm
.macro MULC2U r1, a1, c1, r2, a2, c2
	PC3 \a1, \c1, RA
	PC3 \a2, \c2, RB
	PF \r1, RA
	PF \r2, RB
.endm
/* \r1 = -c1 \a1 - 2^17, \r2 = c2 \a2 (\a unfolded), both left unfolded (three words) */
.macro MULCN2T r1, a1, c1, r2, a2, c2
	PC3 \a1, \c1, RA
	PC3 \a2, \c2, RB
	PTN \r1, RA
	PT \r2, RB
.endm
.macro MULC2T r1, a1, c1, r2, a2, c2
	PC3 \a1, \c1, RA
	PC3 \a2, \c2, RB
	PT \r1, RA
	PT \r2, RB
.endm
/* \r1 = -c1 \a1 (PFN with k), \r2 = c2 \a2 */
.macro MULCN2 r1, a1, c1, k, r2, a2, c2
	PC1 \a1, \c1, RA
	PC1 \a2, \c2, RB
	PFN \r1, \k, RA
	PF \r2, RB
.endm
.macro MULC2 r1, a1, c1, r2, a2, c2
	PC1 \a1, \c1, RA
	PC1 \a2, \c2, RB
	PF \r1, RA
	PF \r2, RB
.endm

/* (lo, hi, g), 0 <= g < 2^17, folded into (lo, hi mod 2^63) + (hi >> 63) + 2g (below 2^127 + 2^18)
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

/* The Hadamard transform of the 4 elements of three words (lo, hi, t) at \x (24 bytes apart) to
 * the 4 elements of two words at \o (\os bytes apart; \o not \x): a = x + y, c = z + t
 * (first half), b = x - y, d = z - t (second half) as exact three-word sums, then a + c, a - c,
 * b + d, b - d, folded. \bias (B) more in the tops of a and b keeps every g positive where the
 * input tops are at most B / 4 in size (|t| <= 2 into the second transform, B = 8; |t| < 2^13
 * into the first, B = 2^16), so each output is H(x)_j + 2B (2^128 = 2). */
.macro HADT o, x, bias, os
	/* a = (rax, rbx, rcx), c = (rdx, rsi, rbp) */
	movq \x(%rdi), %rax
	movq \x+8(%rdi), %rbx
	movq \x+16(%rdi), %rcx
	addq \x+24(%rdi), %rax
	adcq \x+32(%rdi), %rbx
	adcq \x+40(%rdi), %rcx
	addq $\bias, %rcx
	movq \x+48(%rdi), %rdx
	movq \x+56(%rdi), %rsi
	movq \x+64(%rdi), %rbp
	addq \x+72(%rdi), %rdx
	adcq \x+80(%rdi), %rsi
	adcq \x+88(%rdi), %rbp
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
	FOLDS_STORE \o+\os, %rax, %rbx, %rcx, %r13
	/* b = (rax, rbx, rcx), d = (rdx, rsi, rbp) */
	movq \x(%rdi), %rax
	movq \x+8(%rdi), %rbx
	movq \x+16(%rdi), %rcx
	subq \x+24(%rdi), %rax
	sbbq \x+32(%rdi), %rbx
	sbbq \x+40(%rdi), %rcx
	addq $\bias, %rcx
	movq \x+48(%rdi), %rdx
	movq \x+56(%rdi), %rsi
	movq \x+64(%rdi), %rbp
	subq \x+72(%rdi), %rdx
	sbbq \x+80(%rdi), %rsi
	sbbq \x+88(%rdi), %rbp
	movq %rax, %r8
	movq %rbx, %r9
	movq %rcx, %r10
	addq %rdx, %r8
	adcq %rsi, %r9
	adcq %rbp, %r10
	subq %rdx, %rax
	sbbq %rsi, %rbx
	sbbq %rbp, %rcx
	FOLDS_STORE \o+2*\os, %r8, %r9, %r10, %r11
	FOLDS_STORE \o+3*\os, %rax, %rbx, %rcx, %r13
.endm

/* swap qword \i of P and Q where %r15 is ~0 (a mask: valgrind's memcheck would report a cmov) */
.macro CSWAP1 i, t
	movq OP+\i(%rdi), \t
	xorq OQ+\i(%rdi), \t
	andq %r15, \t
	xorq \t, OP+\i(%rdi)
	xorq \t, OQ+\i(%rdi)
.endm

/* The ladder step: the swap by the mask in %r15, then xDBLADD. */
.macro STEP
	CSWAP1 0, %rax
	CSWAP1 8, %rbx
	CSWAP1 16, %rcx
	CSWAP1 24, %rdx
	CSWAP1 32, %rsi
	CSWAP1 40, %r8
	CSWAP1 48, %r9
	CSWAP1 56, %r10
	CSWAP1 64, %r11
	CSWAP1 72, %r12
	CSWAP1 80, %r13
	CSWAP1 88, %r14
	movq $0x7fffffffffffffff, %r15
	HADT OHP, OP, 0x10000, 16
	HADT OHQ, OQ, 0x10000, 16
	MULCN2 OT, OHP, 833, 1, OT+16, OHP+16, 2499
	MULC2 OT+32, OHP+32, 1617, OT+48, OHP+48, 561
	MUL2 OUP, OHP, OT, OUQ, OHQ, OT, PT16, PT16
	MUL2 OUP+24, OHP+16, OT+16, OUQ+24, OHQ+16, OT+16, PT, PT
	MUL2 OUP+48, OHP+32, OT+32, OUQ+48, OHQ+32, OT+32, PT, PT
	MUL2 OUP+72, OHP+48, OT+48, OUQ+72, OHQ+48, OT+48, PT, PT
	HADT OP, OUP, 8, 24
	HADT OQ, OUQ, 8, 24
	SQR2 OUP, OP, OQ, OQ, PT, PTD
	SQR2 OUP+24, OP+24, OQ+24, OQ+24, PT, PF
	SQR2 OUP+48, OP+48, OQ+48, OQ+48, PT, PF
	SQR2 OUP+72, OP+72, OQ+72, OQ+72, PT, PF
	MULCN2T OP, OUP, 114, OP+24, OUP+24, 57
	MULC2T OP+48, OUP+48, 66, OP+72, OUP+72, 418
	MUL2 OQ+24, OQ+24, OW, OQ+48, OQ+48, OW+16, PT, PT
	MUL OQ+72, OQ+72, OW+32, PT
.endm

/* gn_ku127_mulx_ladder_asm(st, k, nbits): for i = nbits - 1 down to 0, the step with the mask
 * -(k_i XOR k_{i+1}) (k_nbits = 0); returns k_0 (the last bit: the caller swaps once more).
 * The loop and the bit's address depend on i only. Frame: k, i, the previous bit. */
	.p2align 5
	.globl GN_SYM(gn_ku127_mulx_ladder_asm)
#ifdef __ELF__
	.hidden GN_SYM(gn_ku127_mulx_ladder_asm)
	.type GN_SYM(gn_ku127_mulx_ladder_asm), @function
#endif
GN_SYM(gn_ku127_mulx_ladder_asm):
	pushq %rbx
	pushq %rbp
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	subq $24, %rsp
	movq %rsi, 0(%rsp)
	movq %rdx, 8(%rsp)
	movq $0, 16(%rsp)
	.p2align 4
1:
	movq 8(%rsp), %rcx
	testq %rcx, %rcx
	jz 2f
	subq $1, %rcx
	movq %rcx, 8(%rsp)
	movq %rcx, %rax
	shrq $6, %rax
	movq 0(%rsp), %rdx
	movq (%rdx,%rax,8), %rax
	shrq %cl, %rax
	andl $1, %eax
	movq 16(%rsp), %r15
	movq %rax, 16(%rsp)
	xorq %rax, %r15
	negq %r15
	STEP
	jmp 1b
2:
	movq 16(%rsp), %rax
	movq $0, 16(%rsp)
	addq $24, %rsp
	/* no secret left in the scratch registers but the returned bit */
	xorl %ebx, %ebx
	xorl %ecx, %ecx
	xorl %edx, %edx
	xorl %esi, %esi
	xorl %r8d, %r8d
	xorl %r9d, %r9d
	xorl %r10d, %r10d
	xorl %r11d, %r11d
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %rbp
	popq %rbx
	ret
#ifdef __ELF__
	.size GN_SYM(gn_ku127_mulx_ladder_asm), .-GN_SYM(gn_ku127_mulx_ladder_asm)
#endif

#endif
#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack,"",@progbits
#endif
