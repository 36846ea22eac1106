/* Shared helpers of the genus command-line tool. */
#ifndef GN_CLI_H
#define GN_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "genus/genus.h"

/* Exit status for bad input (DESIGN section 6). */
#define CLI_EXIT_BAD_INPUT 2

/* Print "genus: <message>" on stderr and exit with status 2. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 1, 2)))
#endif
void cli_fail(const char *fmt, ...);

/*
 * Parse hexadecimal text (optional 0x) into a freshly allocated natural.
 * *n receives its limb count (at least 1). Fails (exit 2) on malformed text,
 * naming `what` in the message.
 */
gn_limb_t *cli_parse_hex(const char *what, const char *text, size_t *n);

/* A field element given in hex into r; fails (exit 2, naming `what`) on bad digits or a value
 * not below p. */
void cli_parse_fe(const gn_fp_ctx_t *f, gn_fp_t *r, const char *what, const char *text);

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

/* A curve file's JSON object (curve_arg.c, builds with cJSON): NULL when the file cannot be read;
 * fails (exit 2, "<prefix>curve file '<path>' is not a JSON object") when it is not one. The
 * caller frees it with cJSON_Delete. */
struct cJSON;
struct cJSON *cli_json_object(const char *path, const char *prefix);

/* Curves (curve_arg.c, cmd_ec.c): --curve NAME|FILE, points "X Y", scalars. Fail with exit 2. */
void cli_load_curve(gn_ec_ctx_t *ec, const char *arg);
/* 1 when arg is a binary curve (a name of genus/ec2m.h or a binary_weierstrass curve file), then
 * loaded into ec; 0 when it is not (fails, exit 2, on a malformed binary curve file). */
int cli_load_curve2m(gn_ec2m_ctx_t *ec, const char *arg);
/* The value of --curve among the arguments (NULL if none). */
const char *cli_curve_option(int argc, char **argv);
/* genus mul / ecdh / keygen / mqv on a binary curve (cmd_ec2m.c), called by those commands. */
int cmd_mul2m(const gn_ec2m_ctx_t *ec, int argc, char **argv);
/* Fails (exit 2) with the message for an ECDH error (range, infinity, validation); returns on GN_OK. */
void cli_ecdh_check(gn_err e);
int cmd_ecdh2m(const gn_ec2m_ctx_t *ec, int argc, char **argv);
int cmd_keygen2m(const gn_ec2m_ctx_t *ec, int argc, char **argv);
void cli_parse_point(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text);
size_t cli_parse_scalar(uint8_t *out, size_t cap, const char *text);
void cli_print_point(const gn_ec_ctx_t *ec, const gn_ec_point_t *p);
/* A private key (hex, `what` names it in messages) as gn_ec_scalar_bytes(ec) big-endian bytes in out;
 * fails when the value does not fit that length. The range [1, n-1] is checked by the library. */
void cli_parse_private(const gn_ec_ctx_t *ec, uint8_t *out, const char *what, const char *text);

/* Instantiate d (HMAC_DRBG, SHA-256) for key generation with the personalization pers: from
 * SHA-512 of --seed when seed is given (deterministic, at least 16 bytes), else from the
 * operating system. Fails (exit 2, messages prefixed by cmd) otherwise. */
void cli_keygen_drbg(gn_drbg_t *d, const char *cmd, const char *seed, const char *pers);

int cmd_fp(int argc, char **argv);
int cmd_f2m(int argc, char **argv);
int cmd_curves(int argc, char **argv);
int cmd_mul(int argc, char **argv);
int cmd_ops(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_xdh(int argc, char **argv, const char *curve);
int cmd_drbg(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_ecdh(int argc, char **argv);
int cmd_mqv(int argc, char **argv);
int cmd_kummer(int argc, char **argv);
int cmd_g2(int argc, char **argv);

#endif
