/* The SubjectPublicKeyInfo / DER fuzz target (fuzz_spki.c) and what the standalone driver
 * (fuzz_main.c) reads back from it. The prototype is libFuzzer's entry point. */
#ifndef GN_TESTS_FUZZ_H
#define GN_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Runs one input; traps (__builtin_trap) on a broken invariant, otherwise returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* How many (input, curve) pairs decoded as a key so far: the driver reports it to show that the
 * mutations reach past the DER reader into point decoding and the re-encoding checks. */
size_t fuzz_spki_accepted(void);

#endif
