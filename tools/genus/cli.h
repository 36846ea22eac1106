/* Shared helpers of the genus command-line tool. */
#ifndef GN_CLI_H
#define GN_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "genus/genus.h"
#include "parse.h"

/* Exit status for bad input (DESIGN section 6). */
#define CLI_EXIT_BAD_INPUT 2

/* Print "genus: <message>" on stderr and exit with status 2. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
void cli_fail(const char *fmt, ...);

/* Fails (exit 2) with "<prefix><msg>" when r is non-zero: a parser's refusal (parse.h). */
void cli_check(int r, const parse_msg_t *msg, const char *prefix);

/* The parsers of parse.h that fail (exit 2) instead of returning a message: a natural in a freshly
 * allocated array of *n limbs; an element below p; a decimal number in [lo, hi]. */
gn_limb_t *cli_parse_hex(const char *what, const char *text, size_t *n);
void cli_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *what, const char *text);
unsigned long cli_decimal(const char *what, const char *text, unsigned long lo, unsigned long hi);

/* *slot = value for an option that may be given once; fails (exit 2) when *slot is already set. */
void cli_once(const char **slot, const char *value, const char *cmd, const char *name);

/* Print the natural a as lowercase hex padded to 2*bytes digits, and a newline. */
void cli_print_hex(const gn_limb_t *a, size_t n, size_t bytes);

/* A byte string given as hex (even number of digits, optional 0x) into out; its length. Fails
 * (exit 2, naming `what`) on bad digits or more than cap bytes. */
size_t cli_parse_bytes(const char *what, const char *text, uint8_t *out, size_t cap);

/* Print len bytes as lowercase hex and a newline. */
void cli_print_bytes(const uint8_t *b, size_t len);

/* A calculator's operation (genus fp, genus f2m) and how many operands follow it. */
typedef struct {
    const char *name;
    int operands;
} cli_op;

/* A word of command `cmd` that matched no option: appended to pos[cap] (*npos of them so far);
 * fails (exit 2) on an unknown "--option" or more than cap words. */
void cli_operand(const char *cmd, const char *arg, const char **pos, int *npos, int cap);

/* The operation pos[0] of command `cmd` among ops[nops], checked against the npos - 1 operands
 * given; its operand count. Fails (exit 2) when it is missing, unknown or given another count. */
int cli_operation(const char *cmd, const cli_op *ops, size_t nops, const char *const *pos, int npos);

/* The value of "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i. NULL if argv[*i] is not that option. */
const char *cli_option(int argc, char **argv, int *i, const char *name);

/* The contents of the file at path (NUL-terminated, *len bytes; the caller frees it), NULL when it
 * cannot be opened; fails (exit 2) when it is not a readable file or is too large for a curve file. */
char *cli_read_file(const char *path, size_t *len, const char *prefix);

/* --curve NAME|FILE (curve_arg.c): a named prime curve into ec (returns 0), a named binary curve
 * into ec2m (returns 1), or a curve file (parse_curve_json) into the one its type says. Fails
 * (exit 2) otherwise. cli_load_curve takes prime curves only (cmd names the command). */
int cli_load_curve_any(const char *arg, gn_ec_ctx_t *ec, gn_ec2m_ctx_t *ec2m);
void cli_load_curve(gn_ec_ctx_t *ec, const char *arg, const char *cmd);
/* cli_load_curve, then the curve's form in model (a name, or NULL for its own) by gn_ec_to_model. */
void cli_load_curve_form(gn_ec_ctx_t *ec, const char *arg, const char *model, const char *cmd);
/* --coords NAME as gn_ec_coords (NULL: GN_EC_COORDS_DEFAULT); a one-line refusal when unknown. */
gn_ec_coords cli_coords(const char *coords, const char *cmd);
/* A genus-2 curve file (cmd_g2.c's format) into g and its field fp; a one-line refusal otherwise. */
void cli_load_g2(gn_g2_ctx_t *g, gn_fp_ctx_t *fp, const char *path, const char *cmd);
/* The value of --curve among the arguments (NULL if none). */
const char *cli_curve_option(int argc, char **argv);
/* genus mul / ecdh / keygen / mqv on a binary curve (cmd_ec2m.c), called by those commands. */
int cmd_mul2m(const gn_ec2m_ctx_t *ec, const char *scalar, const char *point, const char *method);
/* Fails (exit 2) with the message for an ECDH error (range, infinity, validation); returns on GN_OK. */
void cli_ecdh_check(gn_err e);
/* Fails (exit 2, naming cmd) unless the binary curve has a base point, its order and cofactor. */
void cli_need_order2m(const gn_ec2m_ctx_t *ec, const char *cmd);

void cli_parse_point(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text);
size_t cli_parse_scalar(uint8_t *out, size_t cap, const char *text);
void cli_print_point(const gn_ec_ctx_t *ec, const gn_ec_point_t *p);
/* A private key (hex, `what` names it in messages) as sb big-endian bytes in out (the curve's
 * scalar length); fails when the value does not fit. The range [1, n-1] is checked by the library. */
void cli_parse_private(uint8_t *out, size_t sb, const char *what, const char *text);

/* Instantiate d (HMAC_DRBG, SHA-256) for key generation with the personalization pers: from
 * SHA-512 of --seed when seed is given (deterministic, at least 16 bytes), else from the
 * operating system. Fails (exit 2, messages prefixed by cmd) otherwise. */
void cli_keygen_drbg(gn_drbg_t *d, const char *cmd, const char *seed, const char *pers);

/* --kernel NAME (kernel_arg.c): the kind (auto when name is NULL); fails on an unknown name. */
gn_fp_kernel_kind cli_kernel_kind(const char *name, const char *cmd);
/* gn_fp_init on the named kernel (NULL: auto); fails (exit 2) when the kernel cannot serve p,
 * returns the other errors. */
gn_err cli_fp_init(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len, const char *kernel, const char *cmd);
/* The curve moved onto the named kernel (NULL or auto: unchanged); fails when it cannot serve p. */
void cli_curve_kernel(gn_ec_ctx_t *ec, const char *kernel, const char *cmd);
int cmd_kernels(int argc, char **argv);
int cmd_fp(int argc, char **argv);
int cmd_f2m(int argc, char **argv);
int cmd_curves(int argc, char **argv);
int cmd_mul(int argc, char **argv);
int cmd_ops(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_xdh(int argc, char **argv, const char *curve);
int cmd_drbg(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_ecdh(int argc, char **argv);
int cmd_mqv(int argc, char **argv);
int cmd_kummer(int argc, char **argv);
int cmd_g2(int argc, char **argv);

#endif
