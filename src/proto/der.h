/*
 * A strict DER reader (ITU-T X.690 section 10, distinguished encoding): bounds-checked, no
 * allocation, no recursion. Only what the protocols read: single-byte tags, definite lengths in
 * their shortest form, and exact ends (a value never runs past its parent; trailing bytes are
 * an error where the caller says the input must end).
 */
#ifndef GN_PROTO_DER_H
#define GN_PROTO_DER_H

#include <stddef.h>
#include <stdint.h>

#define GN_DER_SEQUENCE 0x30
#define GN_DER_OID 0x06
#define GN_DER_BIT_STRING 0x03

/* A view of bytes still to read. */
typedef struct gn_der {
    const uint8_t *p;
    size_t len;
} gn_der_t;

/* Read one element with tag `tag` from *in: *val views its contents, *in moves past it.
 * 0 on success, -1 if the element is absent, has another tag, a high tag number, an
 * indefinite, non-minimal or overlong length, or runs past the end of *in; *in is then unchanged. */
int gn_der_read(gn_der_t *in, unsigned tag, gn_der_t *val);

/* The contents of a BIT STRING with no unused bits (what SubjectPublicKeyInfo carries); -1, *in
 * unchanged, otherwise. */
int gn_der_read_bits(gn_der_t *in, gn_der_t *bits);

#endif
