/*
 * Test driver for binary fields (src/f2m/): a batch calculator that the Python tests feed with one
 * command per line; one answer line per command. An element is a hexadecimal integer whose bit i
 * is the coefficient of x^i (degree < m), printed zero-padded to 2 ceil(m/8) digits. Errors:
 * "err <gn_strerror text with _ for blanks>".
 *
 *   info                     -> "clmul 0|1": whether this build and CPU have the PCLMULQDQ product
 *   field KIND E1,E2,...     -> "ok MULTIPLIER REDUCTION": GF(2^E1) modulo x^E1 + ... + x^0, the
 *                               current field; KIND: auto, portable (the comb) or clmul
 *   add A B | mul A B | div B A | divct B A  (div: gn_f2m_div_var, b/a by the binary algorithm;
 *                               divct: gn_f2m_div, b times the Itoh-Tsujii inverse)
 *   sqr A | sqrt A | inv A | inv_stein A | inv_stein2 A | inv_eea A
 *   trace A                  -> 0 or 1
 *   htrace A | solve C       (solve: the root of z^2 + z = C with no constant term)
 *   enc A                    -> the big-endian encoding; dec BYTES -> the element
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genus/genus.h"
#include "tool_io.h"

static gn_f2m_ctx_t f;
static int have_field;

static int parse(gn_f2m_t *r, const char *s)
{
    gn_limb_t v[GN_F2M_MAX_LIMBS + 1];
    if (gn_mp_from_hex(v, GN_F2M_MAX_LIMBS + 1, s, strlen(s)) != GN_OK)
        return 0;
    return gn_f2m_set_mp(&f, r, v, GN_F2M_MAX_LIMBS + 1) == GN_OK;
}

static void print(const gn_f2m_t *a)
{
    uint8_t b[(GN_F2M_MAX_M + 7) / 8];
    gn_f2m_encode(&f, b, a);
    tool_print_hex(b, gn_f2m_bytes(&f));
    putchar('\n');
}

static void print_result(gn_err e, const gn_f2m_t *r)
{
    if (e != GN_OK)
        tool_print_err(e);
    else
        print(r);
}

static void field(char **t, int nt)
{
    unsigned exps[8];
    size_t n = 0;
    gn_f2m_kernel_kind kind;
    if (nt != 3)
        goto bad;
    if (!strcmp(t[1], "auto"))
        kind = GN_F2M_KERNEL_AUTO;
    else if (!strcmp(t[1], "portable"))
        kind = GN_F2M_KERNEL_PORTABLE;
    else if (!strcmp(t[1], "clmul"))
        kind = GN_F2M_KERNEL_CLMUL;
    else
        goto bad;
    for (char *s = t[2]; *s && n < 8; n++) {
        char *end;
        exps[n] = (unsigned)strtoul(s, &end, 10);
        if (end == s || (*end && *end != ','))
            goto bad;
        s = *end ? end + 1 : end;
    }
    gn_err e = gn_f2m_init_kernel(&f, exps, n, kind);
    have_field = e == GN_OK;
    if (e != GN_OK)
        tool_print_err(e);
    else
        printf("ok %s %s\n", gn_f2m_kernel_name(&f), gn_f2m_reduction_name(&f));
    return;
bad:
    puts("err usage");
}

typedef gn_err (*unary_fn)(const gn_f2m_ctx_t *, gn_f2m_t *, const gn_f2m_t *);
typedef gn_err (*binary_fn)(const gn_f2m_ctx_t *, gn_f2m_t *, const gn_f2m_t *, const gn_f2m_t *);

static gn_err op_add(const gn_f2m_ctx_t *c, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b)
{
    gn_f2m_add(c, r, a, b);
    return GN_OK;
}

static gn_err op_mul(const gn_f2m_ctx_t *c, gn_f2m_t *r, const gn_f2m_t *a, const gn_f2m_t *b)
{
    gn_f2m_mul(c, r, a, b);
    return GN_OK;
}

static gn_err op_sqr(const gn_f2m_ctx_t *c, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_f2m_sqr(c, r, a);
    return GN_OK;
}

static gn_err op_sqrt(const gn_f2m_ctx_t *c, gn_f2m_t *r, const gn_f2m_t *a)
{
    gn_f2m_sqrt(c, r, a);
    return GN_OK;
}

static gn_err op_enc(const gn_f2m_ctx_t *c, gn_f2m_t *r, const gn_f2m_t *a)
{
    (void)c;
    *r = *a;
    return GN_OK;
}

static const struct {
    const char *name;
    binary_fn fn;
} binary_ops[] = {{"add", op_add}, {"mul", op_mul}, {"div", gn_f2m_div_var}, {"divct", gn_f2m_div}};

static const struct {
    const char *name;
    unary_fn fn;
} unary_ops[] = {{"sqr", op_sqr},
                 {"sqrt", op_sqrt},
                 {"inv", gn_f2m_inv},
                 {"inv_stein", gn_f2m_inv_stein_var},
                 {"inv_stein2", gn_f2m_inv_stein2_var},
                 {"inv_eea", gn_f2m_inv_eea_var},
                 {"htrace", gn_f2m_htrace},
                 {"solve", gn_f2m_solve_quad},
                 {"enc", op_enc}};

static void run(char **t, int nt)
{
    const char *op = t[0];
    gn_f2m_t a, b, r;
    if (!strcmp(op, "info")) {
        printf("clmul %d\n", gn_f2m_have_clmul());
        return;
    }
    if (!strcmp(op, "field")) {
        field(t, nt);
        return;
    }
    if (!have_field) {
        puts("err no_field");
        return;
    }
    if (!strcmp(op, "dec")) {
        uint8_t buf[256];
        size_t len = nt == 2 ? tool_parse_bytes(buf, sizeof buf, t[1]) : (size_t)-1;
        if (len == (size_t)-1)
            puts("err usage");
        else
            print_result(gn_f2m_decode(&f, &r, buf, len), &r);
        return;
    }
    if (!strcmp(op, "trace")) {
        if (nt != 2 || !parse(&a, t[1]))
            puts("err usage");
        else
            printf("%u\n", gn_f2m_trace(&f, &a));
        return;
    }
    for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++)
        if (!strcmp(op, binary_ops[i].name)) {
            if (nt != 3 || !parse(&a, t[1]) || !parse(&b, t[2]))
                puts("err usage");
            else
                print_result(binary_ops[i].fn(&f, &r, &a, &b), &r);
            return;
        }
    for (size_t i = 0; i < sizeof unary_ops / sizeof *unary_ops; i++)
        if (!strcmp(op, unary_ops[i].name)) {
            if (nt != 2 || !parse(&a, t[1]))
                puts("err usage");
            else
                print_result(unary_ops[i].fn(&f, &r, &a), &r);
            return;
        }
    puts("err unknown_command");
}

int main(void)
{
    return tool_run_lines(run);
}
