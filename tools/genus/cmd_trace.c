/* genus trace: a curve formula as the straight-line program the tracing kernel records, in the
 * program JSON of DESIGN section 10 (src/analysis/ec_trace.c). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const op_names[] = {"add", "madd", "dbl", "ladder-step"};
static const char *const trace_ops[] = {"", "add", "sub", "neg", "mul", "sqr", "mulc", "muls", "inv", "half"};

static void print_hex(const uint8_t *b, size_t n)
{
    size_t i = 0;
    while (i + 1 < n && !b[i])
        i++;
    printf("\"%x", b[i]);
    while (++i < n)
        printf("%02x", b[i]);
    putchar('"');
}

static void print_arg(const gn_trace_t *t, int32_t a)
{
    if (a >= 0)
        printf("%d", (int)a);
    else
        printf("\"%s\"", t->names[-1 - a]);
}

static void print_program(const gn_trace_t *t, const gn_ec_ctx_t *ec, gn_ec_coords c, int op)
{
    printf("{\"formula\": \"%s-%s-%s\", \"source\": \"src/tmpl/ec_*.tmpl.h, traced\", \"curve\": \"%s\",\n",
           gn_ec_model_name(ec->model), gn_ec_coords_name(c), op_names[op], ec->name);
    printf(" \"field\": {\"p\": ");
    print_hex(t->p, t->nbytes);
    printf("},\n \"inputs\": [");
    for (size_t i = 0; i < t->ninputs; i++)
        printf("%s\"%s\"", i ? ", " : "", t->names[i]);
    printf("],\n \"input_values\": {");
    for (size_t i = 0; i < t->ninputs; i++) {
        printf("%s\"%s\": ", i ? ", " : "", t->names[i]);
        print_hex(t->values[i], t->nbytes);
    }
    printf("},\n \"constants\": {");
    for (size_t i = t->ninputs; i < t->nnames; i++) {
        printf("%s\"%s\": ", i > t->ninputs ? ", " : "", t->names[i]);
        print_hex(t->values[i], t->nbytes);
    }
    printf("},\n \"ops\": [");
    for (size_t i = 0; i < t->nops; i++) {
        const gn_trace_op_t *o = &t->ops[i];
        int nargs = o->op == GN_TRACE_ADD || o->op == GN_TRACE_SUB || o->op == GN_TRACE_MUL || o->op == GN_TRACE_MULC
                        ? 2 : 1;
        printf("%s\n  {\"id\": %zu, \"op\": \"%s\", \"args\": [", i ? "," : "", i, trace_ops[o->op]);
        for (int a = 0; a < nargs; a++) {
            if (a)
                printf(", ");
            print_arg(t, o->args[a]);
        }
        printf("]");
        if (o->op == GN_TRACE_MULS)
            printf(", \"k\": %u", (unsigned)o->k);
        printf("}");
    }
    printf("],\n \"outputs\": {");
    for (size_t i = 0; i < t->noutputs; i++) {
        printf("%s\"%s\": ", i ? ", " : "", t->out_names[i]);
        print_arg(t, t->outputs[i]);
    }
    printf("},\n \"output_values\": {");
    for (size_t i = 0; i < t->noutputs; i++) {
        printf("%s\"%s\": ", i ? ", " : "", t->out_names[i]);
        print_hex(t->out_values[i], t->nbytes);
    }
    printf("}}\n");
}

int cmd_trace(int argc, char **argv)
{
    const char *curve = NULL, *model = NULL, *coords = NULL, *opname = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "trace", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--model"))) cli_once(&model, v, "trace", "--model");
        else if ((v = cli_option(argc, argv, &i, "--coords"))) cli_once(&coords, v, "trace", "--coords");
        else if ((v = cli_option(argc, argv, &i, "--op"))) cli_once(&opname, v, "trace", "--op");
        else cli_fail("trace: unknown argument '%s'", argv[i]);
    }
    if (!curve || !opname)
        cli_fail("trace: --curve and --op are required (--op add|madd|dbl|ladder-step)");
    int op = 0;
    while (op < 4 && strcmp(opname, op_names[op]))
        op++;
    if (op == 4)
        cli_fail("trace: unknown --op '%s' (add, madd, dbl, ladder-step)", opname);
    int m = model ? gn_ec_model_from_name(model) : 0;
    if (m < 0)
        cli_fail("trace: unknown model '%s' (weierstrass, edwards, montgomery, jacobi-quartic)", model);
    int c = coords ? gn_ec_coords_from_name(coords) : 0;
    if (c < 0)
        cli_fail("trace: unknown coordinates '%s' (affine, projective, jacobian, coz, extended, xz)", coords);
    gn_ec_ctx_t ec, given;
    cli_load_curve(&given, curve, "trace");
    ec = given;
    if (m && (gn_ec_model)m != given.model && gn_ec_to_model(&ec, &given, (gn_ec_model)m) != GN_OK)
        cli_fail("trace: curve %s has no %s form over its field", curve, model);
    gn_ec_coords cc = c ? (gn_ec_coords)c : gn_ec_default_coords(&ec);
    gn_trace_t *t = malloc(sizeof *t);
    if (!t)
        cli_fail("out of memory");
    gn_err e = gn_ec_trace(&ec, cc, (gn_ec_op)op, t);
    if (e == GN_ERR_UNSUPPORTED)
        cli_fail("trace: %s has no %s formula in %s coordinates", gn_ec_model_name(ec.model), opname,
                 gn_ec_coords_name(cc));
    if (e != GN_OK)
        cli_fail("trace: %s", gn_strerror(e));
    print_program(t, &ec, cc, op);
    free(t);
    return 0;
}
