/* genus ops: field-operation counts of the curve formulas, measured on the counting kernel. */
#include <string.h>

#include "cli.h"

static const char *const op_names[] = {"add", "madd", "dbl", "ladder-step"};

/* --kernel rns: products (M + S + D) and the reductions the RNS kernel makes (DESIGN section 11) */
static int rns_view;

static void print_row(const gn_ec_ctx_t *ec, gn_ec_coords c, gn_ec_op op)
{
    gn_op_counts_t n;
    if (gn_ec_count_ops(ec, c, op, &n) != GN_OK)
        return;
    if (rns_view)
        printf("%-16s %-15s %-11s %-12s %8lu %10lu %3lu %3lu %3lu\n", ec->name, gn_ec_model_name(ec->model),
               gn_ec_coords_name(c), op_names[op], n.m + n.s + n.d, n.r, n.c, n.a, n.i);
    else
        printf("%-16s %-15s %-11s %-12s %3lu %3lu %3lu %3lu %3lu %3lu\n", ec->name, gn_ec_model_name(ec->model),
               gn_ec_coords_name(c), op_names[op], n.m, n.s, n.d, n.c, n.a, n.i);
}

static void print_curve(const gn_ec_ctx_t *ec, int coords)
{
    for (int c = 1; c < GN_EC_COORDS_COUNT; c++) {
        if (coords && c != coords)
            continue;
        for (int op = 0; op < 4; op++)
            print_row(ec, (gn_ec_coords)c, (gn_ec_op)op);
    }
}

/* genus ops --kummer: the Gaudry-Schost surface (squared model) and the theta model of a surface
 * with rational theta constants, for the formulas of both models. */
static void print_kummer(void)
{
    static const char *const names[] = {"dbl", "diff-add", "ladder-step"};
    static gn_kummer_ctx_t ku[2];
    if (gn_kummer_init_gs127(&ku[0]) != GN_OK)
        cli_fail("internal error: the Gaudry-Schost surface");
    gn_fp_t th[4];
    for (size_t i = 0; i < 4; i++) /* theta constants (1 : 2 : 3 : 5) over 2^127 - 1: small, as in gs127 */
        gn_fp_set_u64(&ku[0].fp, &th[i], (uint64_t[]){1, 2, 3, 5}[i]);
    if (gn_kummer_init(&ku[1], &ku[0].fp, GN_KUMMER_THETA, th) != GN_OK)
        cli_fail("internal error: the theta surface (1 : 2 : 3 : 5)");
    printf("%-16s %-15s %-12s %3s %3s %3s %3s %3s %3s\n", "surface", "model", "operation", "M", "S", "D", "c", "a",
           "I");
    for (size_t s = 0; s < 2; s++)
        for (int op = 0; op < 3; op++) {
            gn_op_counts_t n;
            if (gn_kummer_count_ops(&ku[s], (gn_kummer_op)op, &n) != GN_OK)
                cli_fail("internal error: counting %s", names[op]);
            printf("%-16s %-15s %-12s %3lu %3lu %3lu %3lu %3lu %3lu\n", s ? "theta(1:2:3:5)" : "gs127",
                   s ? "theta" : "squared", names[op], n.m, n.s, n.d, n.c, n.a, n.i);
        }
}

/* genus ops --g2: the explicit affine formulas of the genus-2 Jacobian (src/tmpl/g2.tmpl.h) on
 * the Rosenhain curve of the Gaudry-Schost surface, next to the Kummer rows of --kummer. */
static void print_g2(void)
{
    static const char *const names[] = {"add", "dbl", "mul-window"};
    static gn_g2_ctx_t g;
    if (gn_g2_init_gs127(&g) != GN_OK)
        cli_fail("internal error: the gs127 Rosenhain curve");
    printf("%-16s %-15s %-12s %3s %3s %3s %3s %3s %3s\n", "curve", "coordinates", "operation", "M", "S", "D", "c", "a",
           "I");
    for (int op = 0; op < 3; op++) {
        gn_op_counts_t n;
        if (gn_g2_count_ops(&g, (gn_g2_op)op, &n) != GN_OK)
            cli_fail("internal error: counting %s", names[op]);
        printf("%-16s %-15s %-12s %3lu %3lu %3lu %3lu %3lu %3lu\n", "rosenhain127", "affine", names[op], n.m, n.s,
               n.d, n.c, n.a, n.i);
    }
}

/* genus ops --binary: the Lopez-Dahab formulas of binary curves (src/tmpl/ec2m.tmpl.h) on B-163
 * and K-163 (a = 1 and a = 0: the same code, D counting the products by a and b). */
static void print_binary(void)
{
    static const char *const curves[] = {"B-163", "K-163"};
    printf("%-16s %-15s %-11s %-12s %3s %3s %3s %3s %3s %3s\n", "curve", "model", "coords", "operation", "M", "S",
           "D", "c", "a", "I");
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        static gn_ec2m_ctx_t ec;
        if (gn_ec2m_init_named(&ec, curves[i]) != GN_OK)
            cli_fail("internal error: curve %s", curves[i]);
        for (int op = 0; op < 4; op++) {
            gn_op_counts_t n;
            if (gn_ec2m_count_ops(&ec, (gn_ec_op)op, &n) != GN_OK)
                cli_fail("internal error: counting %s", op_names[op]);
            printf("%-16s %-15s %-11s %-12s %3lu %3lu %3lu %3lu %3lu %3lu\n", curves[i], "binary",
                   op == GN_EC_OP_LADDER_STEP ? "xz" : "lopez-dahab", op_names[op], n.m, n.s, n.d, n.c, n.a, n.i);
        }
    }
}

int cmd_ops(int argc, char **argv)
{
    const char *curve = NULL, *model = NULL, *coords = NULL, *kernel = NULL;
    for (int i = 0; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--kummer")) {
            if (argc != 1)
                cli_fail("ops: --kummer takes no other argument");
            print_kummer();
            return 0;
        }
        if (!strcmp(argv[i], "--binary")) {
            if (argc != 1)
                cli_fail("ops: --binary takes no other argument");
            print_binary();
            return 0;
        }
        if (!strcmp(argv[i], "--g2")) {
            if (argc != 1)
                cli_fail("ops: --g2 takes no other argument");
            print_g2();
            return 0;
        }
        if ((v = cli_option(argc, argv, &i, "--curve"))) cli_once(&curve, v, "ops", "--curve");
        else if ((v = cli_option(argc, argv, &i, "--model"))) cli_once(&model, v, "ops", "--model");
        else if ((v = cli_option(argc, argv, &i, "--coords"))) cli_once(&coords, v, "ops", "--coords");
        else if ((v = cli_option(argc, argv, &i, "--kernel"))) cli_once(&kernel, v, "ops", "--kernel");
        else cli_fail("ops: unknown argument '%s'", argv[i]);
    }
    int m = model ? gn_ec_model_from_name(model) : 0;
    if (m < 0)
        cli_fail("ops: unknown model '%s' (weierstrass, edwards, montgomery, jacobi-quartic)", model);
    int c = (int)cli_coords(coords, "ops");
    static gn_ec_ctx_t ec;
    if (curve)
        cli_load_curve_form(&ec, curve, model, "ops");
    /* the formulas are the same text on every kernel: the limb kernels (generic, mont, mulx,
     * special, gmp) count the same, a reduction per product; rns shows its reductions */
    rns_view = cli_kernel_kind(kernel, "ops") == GN_FP_KERNEL_RNS;
    if (rns_view)
        printf("%-16s %-15s %-11s %-12s %8s %10s %3s %3s %3s\n", "curve", "model", "coords", "operation", "products",
               "reductions", "c", "a", "I");
    else
        printf("%-16s %-15s %-11s %-12s %3s %3s %3s %3s %3s %3s\n", "curve", "model", "coords", "operation", "M",
               "S", "D", "c", "a", "I");
    if (curve) {
        print_curve(&ec, c);
        return 0;
    }
    /* one representative curve per model and a-variant */
    static const char *const reps[] = {"brainpoolP256r1", "P-256", "secp256k1", "edwards25519", "edwards448",
                                       "curve25519"};
    for (size_t i = 0; i < sizeof reps / sizeof reps[0]; i++) {
        if (gn_ec_init_named(&ec, reps[i]) != GN_OK)
            cli_fail("internal error: curve %s", reps[i]);
        if (m && (gn_ec_model)m != ec.model)
            continue;
        print_curve(&ec, c);
    }
    /* No named curve has a Jacobi quartic form (that needs rational 2-torsion); this one over
     * 2^127 - 1 represents the model: a and the order of its Weierstrass form
     * y^2 = x^3 - 4a x^2 + 4(a^2 - 1)x by PARI/GP (the curve of tests/py/test_ec_pari.py's
     * test_jacobi_quartic[p127]); gn_ec_init checks n prime and n G = 0. */
    static const gn_ec_params_t jq127 = {
        GN_EC_JACOBI_QUARTIC, "7fffffffffffffffffffffffffffffff", "7dc1e6d6dc3a6b8ff90010dd50843025", NULL,
        "1596d512b91ef78625c8f17b2d157397", "44f3ff00ad287daa5addfe6c6be8ef17",
        "100000000000000006eb20acba038d39", "8", "jq127"};
    if (!m || m == GN_EC_JACOBI_QUARTIC) {
        if (gn_ec_init(&ec, &jq127) != GN_OK)
            cli_fail("internal error: curve jq127");
        print_curve(&ec, c);
    }
    return 0;
}
