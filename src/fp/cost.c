/*
 * The word products of the field kernels' operations: the model of `genus bench --floor`
 * (docs/PERFORMANCE.md). A word product is one W x W -> 2W-bit multiplication (W =
 * GN_LIMB_BITS), the unit of the multiplier every kernel but RNS and PARI runs on; an operation
 * counts the products of its operands and of its reduction, as its algorithm performs them.
 */
#include <string.h>

#include "fp/fp_internal.h"
#include "fp/kernel.h"

/* the reduction's products on the special-form kernels (inst/special.h, inst/gmp.h), n limbs:
 * none where p's form folds by shifts and additions (2^127 - 1, 2^521 - 1, and 2^448 - 2^224 - 1,
 * whose Montgomery reduction has p' = 1); n + 1 where the high half is multiplied by a one-limb
 * constant (2^255 - 19: 38; secp256k1: 2^32 + 977; the GMP pseudo-Mersenne kernel); NIST P-256
 * (src/fp/redc_nist.h): one product a step in C, none in the mulx routine */
enum { FOLD_NONE, FOLD_LIMB, FOLD_NIST };
static const struct {
    const char *name;
    int fold;
} special[] = {{"p1271", FOLD_NONE},  {"p521", FOLD_NONE},   {"p448", FOLD_NONE},  {"p256", FOLD_NIST},
               {"p25519", FOLD_LIMB}, {"p256k1", FOLD_LIMB}, {"gmp-pm", FOLD_LIMB}};

gn_err gn_fp_word_products(const gn_fp_ctx_t *ctx, size_t *mul, size_t *sqr)
{
    if (!ctx || !mul || !sqr)
        return GN_ERR_INVALID;
    const char *k = ctx->kern->name;
    const size_t n = ctx->n;
    /* operands: n^2 for a product, n (n + 1) / 2 for a square (the cross products once) */
    const size_t prod = n * n, square = n * (n + 1) / 2;
    size_t red;
    if (!strcmp(k, "rns") || !strcmp(k, "pari"))
        return GN_ERR_UNSUPPORTED;
    red = n * n + n; /* Montgomery: q_i = t_i p' and q_i p for each of n limbs */
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (!strcmp(k, special[i].name))
            red = special[i].fold == FOLD_LIMB ? n + 1 : special[i].fold == FOLD_NIST && !ctx->mulx ? n : 0;
    *mul = prod + red;
    *sqr = square + red;
    return GN_OK;
}
