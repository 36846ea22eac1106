/* genus trace: a formula as the straight-line program the tracing kernel records, in the program
 * JSON of DESIGN section 10 (src/analysis/ec_trace.c, kummer_trace.c, g2_trace.c): curve formulas (--curve), the Kummer
 * surface's (--kummer: the Gaudry-Schost surface) and the genus-2 Jacobian's (--g2 FILE|gs127); with
 * --binary and --variant basold, Basold's 2010 formulas (gn_ec2m_trace_basold). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const op_names[] = {"add", "madd", "dbl", "ladder-step"};
static const char *const kummer_ops[] = {"dbl", "diff-add", "ladder-step"};
static const char *const g2_ops[] = {"add", "dbl"};
/* gn_ec2m_basold_op's order */
static const char *const basold_ops[] = {"add", "dbl", "affine-add", "affine-dbl", "to-affine"};
static const char *const trace_ops[] = {"", "add", "sub", "neg", "mul", "sqr", "mulc", "muls", "inv", "half", "red"};

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

/* s as a JSON string (a curve file's path may hold quotes, backslashes or control characters) */
static void print_json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

static void print_program(const gn_trace_t *t, const char *formula, const char *source, const char *group)
{
    printf("{\"formula\": \"%s\", \"source\": \"%s, traced\", \"group\": ", formula, source);
    print_json_string(group);
    printf(",\n");
    if (t->nexps) {
        printf(" \"field\": {\"m\": %u, \"poly\": [", t->m);
        for (size_t i = 0; i < t->nexps; i++)
            printf("%s%u", i ? ", " : "", t->exps[i]);
        printf("]");
    } else {
        printf(" \"field\": {\"p\": ");
        print_hex(t->p, t->nbytes);
    }
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

/* The index of name in names[0..n), or a one-line refusal naming the choices. */
static int pick(const char *name, const char *const *names, int n, const char *what)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(name, names[i]))
            return i;
    char list[128] = "";
    for (int i = 0; i < n; i++) {
        size_t at = strlen(list);
        snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", names[i]);
    }
    cli_fail("trace: unknown --op '%s' for %s (%s)", name, what, list);
    return -1;
}

/* A program's storage, taken once every argument has been read (a refusal exits, and would leak it). */
static gn_trace_t *new_trace(void)
{
    gn_trace_t *t = malloc(sizeof *t);
    if (!t)
        cli_fail("out of memory");
    return t;
}

static void finish(gn_err e, gn_trace_t *t, const char *formula, const char *source, const char *group)
{
    if (e != GN_OK)
        free(t);
    if (e == GN_ERR_UNSUPPORTED)
        cli_fail("trace: %s has no such formula (%s)", group, formula);
    if (e != GN_OK)
        cli_fail("trace: %s", gn_strerror(e));
    print_program(t, formula, source, group);
    free(t);
}

int cmd_trace(int argc, char **argv)
{
    const char *curve = NULL, *model = NULL, *coords = NULL, *opname = NULL, *g2 = NULL, *binary = NULL, *kernel = NULL;
    const char *variant = NULL;
    int kummer = 0;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--kummer")) {
            if (kummer)
                cli_fail("trace: option --kummer is given twice");
            kummer = 1;
        }
        else if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "trace", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--g2"))) cli_once(&g2, v, "trace", "--g2");
        else if ((v = cli_option(argc, argv, &i, "--binary"))) cli_once(&binary, v, "trace", "--binary");
        else if ((v = cli_option(argc, argv, &i, "--model"))) cli_once(&model, v, "trace", "--model");
        else if ((v = cli_option(argc, argv, &i, "--coords"))) cli_once(&coords, v, "trace", "--coords");
        else if ((v = cli_option(argc, argv, &i, "--op"))) cli_once(&opname, v, "trace", "--op");
        else if ((v = cli_option(argc, argv, &i, "--variant"))) cli_once(&variant, v, "trace", "--variant");
        else if ((v = cli_option(argc, argv, &i, "--kernel"))) cli_once(&kernel, v, "trace", "--kernel");
        else cli_fail("trace: unknown argument '%s'", argv[i]);
    }
    if ((curve != NULL) + (g2 != NULL) + (binary != NULL) + kummer != 1 || !opname)
        cli_fail("trace: one of --curve CURVE, --binary CURVE, --kummer, --g2 FILE|gs127, and --op are required");
    if ((model || coords) && !curve)
        cli_fail("trace: --model and --coords are for curves");
    /* --kernel rns: the program the RNS kernel runs, its reductions as "red" operations */
    const int lazy = cli_kernel_kind(kernel, "trace") == GN_FP_KERNEL_RNS;
    /* the limb kernels (generic, mont, mulx, special, gmp) run one program: the default trace */
    if (lazy && !curve)
        cli_fail("trace: --kernel rns is for curves over prime fields (--curve)");
    if (variant && (!binary || strcmp(variant, "basold")))
        cli_fail("trace: --variant is 'basold', for --binary curves");
    char formula[96];
    if (kummer) {
        int op = pick(opname, kummer_ops, 3, "the Kummer surface");
        static gn_kummer_ctx_t ku;
        if (gn_kummer_init_gs127(&ku) != GN_OK)
            cli_fail("internal error: the Gaudry-Schost surface");
        snprintf(formula, sizeof formula, "kummer-squared-%s", kummer_ops[op]);
        gn_trace_t *t = new_trace();
        finish(gn_kummer_trace(&ku, (gn_kummer_op)op, t), t, formula, "src/tmpl/kummer.tmpl.h", "gs127");
        return 0;
    }
    if (g2) {
        int op = pick(opname, g2_ops, 2, "genus-2 Jacobians");
        static gn_g2_ctx_t g;
        gn_fp_ctx_t fp;
        if (!strcmp(g2, "gs127")) {
            if (gn_g2_init_gs127(&g) != GN_OK)
                cli_fail("internal error: the gs127 Rosenhain curve");
        } else {
            cli_load_g2(&g, &fp, g2, "trace");
        }
        snprintf(formula, sizeof formula, "g2-affine-%s", g2_ops[op]);
        gn_trace_t *t = new_trace();
        finish(gn_g2_trace(&g, (gn_g2_op)op, t), t, formula, "src/tmpl/g2.tmpl.h", g2);
        return 0;
    }
    if (binary) {
        int op = variant ? pick(opname, basold_ops, 5, "Basold's binary formulas") : pick(opname, op_names, 4, "binary curves");
        static gn_ec_ctx_t unused;
        static gn_ec2m_ctx_t e2;
        if (cli_load_curve_any(binary, &unused, &e2) != 1)
            cli_fail("trace: '%s' is not a binary curve (B-163 ... B-409, sect163r2 ..., binary_weierstrass files)", binary);
        if (e2.f.m > (GN_F2M_MAX_LIMBS - 1) * GN_LIMB_BITS)
            cli_fail("trace: GF(2^%u) is too large for the tracing kernel (m <= %u: it tags each element in its last limb)",
                     e2.f.m, (unsigned)((GN_F2M_MAX_LIMBS - 1) * GN_LIMB_BITS));
        gn_trace_t *t = new_trace();
        if (variant) {
            snprintf(formula, sizeof formula, "binary-basold-%s", basold_ops[op]);
            finish(gn_ec2m_trace_basold(&e2, (gn_ec2m_basold_op)op, t), t, formula,
                   "src/tmpl/ec2m.tmpl.h (Basold 2010, definitions 1.17 and 2.3)", binary);
            return 0;
        }
        snprintf(formula, sizeof formula, "binary-%s-%s", op == GN_EC_OP_LADDER_STEP ? "xz" : "lopez-dahab",
                 op_names[op]);
        finish(gn_ec2m_trace(&e2, (gn_ec_op)op, t), t, formula, "src/tmpl/ec2m.tmpl.h", binary);
        return 0;
    }
    int op = pick(opname, op_names, 4, "curves");
    gn_ec_coords c = cli_coords(coords, "trace");
    static gn_ec_ctx_t ec;
    cli_load_curve_form(&ec, curve, model, "trace");
    gn_ec_coords cc = c ? (gn_ec_coords)c : gn_ec_default_coords(&ec);
    snprintf(formula, sizeof formula, "%s-%s-%s", gn_ec_model_name(ec.model), gn_ec_coords_name(cc), op_names[op]);
    gn_trace_t *t = new_trace();
    if (lazy)
        strncat(formula, "-rns", sizeof formula - strlen(formula) - 1);
    finish(lazy ? gn_ec_trace_lazy(&ec, cc, (gn_ec_op)op, t) : gn_ec_trace(&ec, cc, (gn_ec_op)op, t), t, formula,
           "src/tmpl/ec_*.tmpl.h", ec.name);
    return 0;
}
