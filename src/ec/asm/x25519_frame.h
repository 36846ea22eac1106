/* Layout of the ladder frame of src/ec/asm/x25519_mulx.S, shared by the assembly and the tests
 * (plain #defines: the .S file goes through the C preprocessor). Byte offsets; every field
 * element is 4 limbs (32 bytes) in the kernel's lazy form, [0, 2^256). The ladder keeps its
 * frame on the stack; gn_mulx_p25519_step works on a caller's frame of FR_BYTES bytes. */
#ifndef GN_EC_ASM_X25519_FRAME_H
#define GN_EC_ASM_X25519_FRAME_H

#define FR_X2 0     /* ladder state (X2 : Z2), (X3 : Z3) */
#define FR_Z2 32
#define FR_X3 64
#define FR_Z3 96
#define FR_X1 128   /* u of the input point */
#define FR_A 160    /* temporaries of one step */
#define FR_B 192
#define FR_C 224
#define FR_D 256
#define FR_AA 288
#define FR_BB 320
#define FR_E 352
#define FR_S1 384   /* the low halves of the two products of MUL2 */
#define FR_T 416
#define FR_U 448
#define FR_F FR_A   /* BB + a24 E, once A is no longer needed */
#define FR_A24 480  /* a24 = (A + 2)/4 < 2^32 */
#define FR_MASK 488 /* swap mask of the step: 0 or all ones */
#define FR_OUT 496  /* the ladder's arguments and loop state (public) */
#define FR_K 504
#define FR_I 512
#define FR_PREV 520 /* the previous key bit (secret) */
#define FR_S2 528
#define FR_RSP 560  /* the caller's stack pointer; everything below it is cleared */
#define FR_NDBL 568 /* the doublings after the steps (public) */
#define FR_BYTES 576

#endif
