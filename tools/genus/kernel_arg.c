/* --kernel NAME (genus fp, mul, ecdh, keygen, mqv) and `genus kernels`: the field kernels by name
 * (DESIGN section 6). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "genus/f2m.h"
#include "genus/rns.h"

typedef struct {
    const char *name;
    gn_fp_kernel_kind kind;
    const char *what;
} kernel_name_t;

static const kernel_name_t kernels[] = {
    {"auto", GN_FP_KERNEL_AUTO, "the fastest kernel for p on this CPU (the default)"},
    {"generic", GN_FP_KERNEL_GENERIC, "Montgomery over n limbs, n chosen at run time: any odd prime"},
    {"mont", GN_FP_KERNEL_FIXED, "unrolled Montgomery in C, 2..9 limbs of 64 bits (also: fixed)"},
    {"fixed", GN_FP_KERNEL_FIXED, NULL},
    {"mulx", GN_FP_KERNEL_MULX, "unrolled Montgomery with mulx/adx, 2..9 limbs of 64 bits"},
    {"special", GN_FP_KERNEL_SPECIAL,
     "special forms: 2^255-19, 2^127-1, 2^448-2^224-1, 2^521-1, secp256k1's and P-256's primes"},
    {"gmp", GN_FP_KERNEL_GMP, "Montgomery on GMP's mpn products (mpn_sec_mul/sqr); builds with GMP"},
    {"pari", GN_FP_KERNEL_PARI, "PARI's Fp_ functions on t_INTs (not constant time); builds with libpari"},
    {"rns", GN_FP_KERNEL_RNS, "Residue Number System (RNS Montgomery, lazy reduction; AVX2/AVX-512 reductions)"},
};

gn_fp_kernel_kind cli_kernel_kind(const char *name, const char *cmd)
{
    if (!name)
        return GN_FP_KERNEL_AUTO;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++)
        if (!strcmp(name, kernels[i].name))
            return kernels[i].kind;
    cli_fail("%s: unknown kernel '%s' (see 'genus kernels')", cmd, name);
    return GN_FP_KERNEL_AUTO;
}

/* The RNS bases live as long as the command: one context per process. */
static gn_rns_ctx_t *rns_storage(void)
{
    static gn_rns_ctx_t *rns;
    if (!rns && !(rns = malloc(sizeof *rns)))
        cli_fail("out of memory");
    return rns;
}

static void kernel_fail(gn_err e, const char *name, const char *cmd)
{
    gn_fp_kernel_kind kind = cli_kernel_kind(name, cmd);
    if (kind == GN_FP_KERNEL_GMP && !GN_HAVE_GMP)
        cli_fail("%s: kernel 'gmp' is not in this build (it needs GMP, 64-bit limbs and a native build)", cmd);
    if (kind == GN_FP_KERNEL_PARI && !GN_HAVE_PARI)
        cli_fail("%s: kernel 'pari' is not in this build (it needs libpari, 64-bit limbs and a native build)", cmd);
    if (e == GN_ERR_UNSUPPORTED || e == GN_ERR_INVALID)
        cli_fail("%s: kernel '%s' cannot serve this prime on this build and CPU (see 'genus kernels')", cmd, name);
    cli_fail("%s: kernel '%s': %s", cmd, name, gn_strerror(e));
}

gn_err cli_fp_init(gn_fp_ctx_t *ctx, const uint8_t *p, size_t len, const char *kernel, const char *cmd)
{
    gn_fp_kernel_kind kind = cli_kernel_kind(kernel, cmd);
    gn_err e = kind == GN_FP_KERNEL_RNS ? gn_fp_init_rns(ctx, p, len, rns_storage(), NULL)
                                        : gn_fp_init_kernel(ctx, p, len, kind);
    if ((e == GN_ERR_UNSUPPORTED || (kind == GN_FP_KERNEL_RNS && e == GN_ERR_INVALID)) && kernel)
        kernel_fail(e, kernel, cmd);
    return e;
}

void cli_curve_kernel(gn_ec_ctx_t *ec, const char *kernel, const char *cmd)
{
    gn_fp_kernel_kind kind = cli_kernel_kind(kernel, cmd);
    if (kind == GN_FP_KERNEL_AUTO)
        return;
    static gn_ec_ctx_t t;
    gn_err e = gn_ec_with_kernel(&t, ec, kind, kind == GN_FP_KERNEL_RNS ? rns_storage() : NULL, NULL);
    if (e != GN_OK)
        kernel_fail(e, kernel, cmd);
    *ec = t;
}

/* genus kernels [--json]: every kernel name, whether it runs here, and what it serves. */
int cmd_kernels(int argc, char **argv)
{
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json"))
            json = 1;
        else
            cli_fail("kernels: unexpected argument '%s' (usage: genus kernels [--json])", argv[i]);
    }
    /* what this build and CPU can run: try each kernel on a prime it is made for */
    static const uint8_t p256[32] = {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff};
    static const uint8_t p25519[32] = {0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xed};
    if (json)
        printf("[");
    int first = 1;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        const kernel_name_t *k = &kernels[i];
        if (!k->what)
            continue; /* an alias */
        gn_fp_ctx_t f;
        const uint8_t *p = k->kind == GN_FP_KERNEL_SPECIAL ? p25519 : p256; /* a prime each is made for */
        gn_err e = k->kind == GN_FP_KERNEL_RNS ? gn_fp_init_rns(&f, p, 32, rns_storage(), NULL)
                                               : gn_fp_init_kernel(&f, p, 32, k->kind);
        const char *avail = e == GN_OK ? "yes" : "no";
        char about[192];
        if (k->kind == GN_FP_KERNEL_RNS && e == GN_OK) /* the code this CPU runs, for P-256 */
            snprintf(about, sizeof about, "%s; here: %s code, %u-bit channels", k->what, gn_rns_impl_name(f.rns),
                     f.rns->r);
        else
            snprintf(about, sizeof about, "%s", k->what);
        if (json)
            printf("%s\n {\"name\": \"%s\", \"field\": \"prime\", \"available\": %s, \"about\": \"%s\"}", first ? "" : ",",
                   k->name, e == GN_OK ? "true" : "false", about);
        else
            printf("%-8s prime   %-3s %s\n", k->name, avail, about);
        first = 0;
    }
    static const struct {
        const char *name;
        gn_f2m_kernel_kind kind;
        const char *what;
    } f2m[] = {{"auto", GN_F2M_KERNEL_AUTO, "the fastest multiplier on this CPU"},
               {"portable", GN_F2M_KERNEL_PORTABLE, "comb multiplication in C"},
               {"clmul", GN_F2M_KERNEL_CLMUL, "carry-less multiplication (PCLMULQDQ)"}};
    static const unsigned b163[] = {163, 7, 6, 3, 0};
    for (size_t i = 0; i < sizeof f2m / sizeof f2m[0]; i++) {
        gn_f2m_ctx_t f;
        gn_err e = gn_f2m_init_kernel(&f, b163, sizeof b163 / sizeof b163[0], f2m[i].kind);
        if (json)
            printf(",\n {\"name\": \"%s\", \"field\": \"binary\", \"available\": %s, \"about\": \"%s\"}", f2m[i].name,
                   e == GN_OK ? "true" : "false", f2m[i].what);
        else
            printf("%-8s binary  %-3s %s\n", f2m[i].name, e == GN_OK ? "yes" : "no", f2m[i].what);
    }
    if (json)
        printf("\n]\n");
    return 0;
}
