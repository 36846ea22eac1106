/*
 * The command line's parsers: text into values, with no effect but the result. Each returns 0 on
 * success, or -1 with a one-line message in *msg naming what is wrong (user text in it is quoted
 * by parse_quote: control characters escaped, long text shortened). The CLI turns a message into
 * "genus: <message>" and exit status 2 (cli.c); the fuzz targets (tests/fuzz/) call the parsers
 * directly and check what they accept.
 */
#ifndef GN_CLI_PARSE_H
#define GN_CLI_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "genus/genus.h"

typedef struct parse_msg {
    char text[512];
} parse_msg_t;

/* Sets msg to the printf-formatted text; returns -1 (for `return parse_fail(...)`). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int parse_fail(parse_msg_t *msg, const char *fmt, ...);

/* s as a quoted, printable excerpt: 'text', with \n, \t, \xHH for control and non-ASCII bytes,
 * shortened to its first 64 characters and "..." when longer. Returns buf (size cap). */
const char *parse_quote(char *buf, size_t cap, const char *s);

/* A decimal number: digits only (no sign, space, prefix or fraction), lo <= value <= hi. */
int parse_decimal(parse_msg_t *msg, const char *what, const char *text, unsigned long lo, unsigned long hi,
                  unsigned long *out);

/* Hexadecimal (optional 0x) as a natural in a freshly allocated array of *n limbs (at least 1);
 * the caller frees it. NULL on malformed text. */
gn_limb_t *parse_hex(parse_msg_t *msg, const char *what, const char *text, size_t *n);

/* A byte string in hex (an even number of digits, optional 0x; empty allowed) into out[cap]. */
int parse_bytes(parse_msg_t *msg, const char *what, const char *text, uint8_t *out, size_t cap, size_t *len);

/* A scalar in hex as big-endian bytes in out[cap] (leading zero bytes dropped when it must fit). */
int parse_scalar(parse_msg_t *msg, const char *text, uint8_t *out, size_t cap, size_t *len);

/* Words separated by spaces, tabs or commas: up to max pointers into buf (a copy of text, size
 * bufsize); *n their number. Fails when text is longer than buf or has more than max words. */
int parse_words(parse_msg_t *msg, const char *what, const char *text, char *buf, size_t bufsize, char **words,
                size_t max, size_t *n);

/* An element of F_p in hex, below p. */
int parse_fe(parse_msg_t *msg, const gn_fp_ctx_t *f, gn_fp_t *r, const char *what, const char *text);

/* A point "X Y" (hex, below p, on the curve) of a prime curve. */
int parse_point(parse_msg_t *msg, const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text);

/* A point "X Y" of a binary curve: hex polynomials of degree below m, on the curve. */
int parse_point2m(parse_msg_t *msg, const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const char *text);

/* A Kummer surface point "X Y Z T" (hex, below p, on the surface). */
int parse_kummer_point(parse_msg_t *msg, const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const char *text);

/* A genus-2 divisor in Mumford form: "U1 U0 V1 V0", "U0 V0", "identity", each optionally followed
 * by "n=N" on a degree-6 curve with f6 a square (genus/g2.h); checked to be in the Jacobian. */
int parse_divisor(parse_msg_t *msg, const gn_g2_ctx_t *g, gn_g2_elem_t *r, const char *text);

/* The reduction polynomial of GF(2^m): exponents, comma-separated and strictly descending,
 * ending in 0, "163,7,6,3,0" (the leading m may be left out when m is given, m = 0 otherwise):
 * a trinomial or pentanomial into exps[5], *n their number. Irreducibility is gn_f2m_init's. */
int parse_poly(parse_msg_t *msg, const char *text, unsigned m, unsigned *exps, size_t *n);

/* Curve files: one JSON object (nothing but white space after it, no key twice). The prime
 * models (type short_weierstrass_prime or weierstrass, twisted_edwards or edwards, montgomery,
 * jacobi_quartic; hex strings p, a/b, d, A/B, Gx/Gy or u/v, n or order, h or cofactor) build
 * *ec; binary_weierstrass (m, reduction_polynomial_exponents as integers; hex a, b, Gx, Gy, n, h)
 * builds *ec2m; *binary says which. Built without cJSON: always -1 with a message saying so. */
int parse_curve_json(parse_msg_t *msg, const char *text, size_t len, gn_ec_ctx_t *ec, gn_ec2m_ctx_t *ec2m,
                     int *binary);

/* A genus-2 curve file {"type": "genus2", "p": "HEX", "f": ["HEX", ...]} (f_0 first, 6 or 7
 * coefficients) into *g over *fp. */
int parse_g2_json(parse_msg_t *msg, const char *text, size_t len, gn_g2_ctx_t *g, gn_fp_ctx_t *fp);

#endif
