/* The named curves of data/curves.json (named_curves.inc, generated): lookup by name or alias,
 * and the endomorphisms they carry. */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"
#include "genus/rns.h"

typedef struct {
    const char *name, *aliases;
    gn_ec_params_t params;
    gn_ec_endo_hex_t endo; /* beta NULL: none known */
} named_curve;

#define NAMED(nm, al, model, p, a, b, gx, gy, n, h, endo) {nm, al, {model, p, a, b, gx, gy, n, h, nm}, endo},
#define ENDO(beta, lambda, a1, b1, a2, b2, g1, g2, shift, bits) {beta, lambda, {a1, b1, a2, b2}, {g1, g2}, shift, bits}
#define NO_ENDO {NULL, NULL, {NULL, NULL, NULL, NULL}, {NULL, NULL}, 0, 0}
static const named_curve named[] = {
#include "ec/named_curves.inc"
};
#undef NAMED
#undef ENDO
#undef NO_ENDO

/* The endomorphism of the named curve with ec's p, a, b and n, if it has one: a context built
 * from the parameters (a copy of secp256k1's, say) gets GLV too; G may differ, so
 * gn_ec_setup_glv checks phi(G) = [lambda] G for it. Variable time (public parameters). */
const gn_ec_endo_hex_t *gn_ec_named_endo_var(const gn_ec_ctx_t *ec)
{
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        const named_curve *c = &named[i];
        gn_limb_t v[GN_EC_ORDER_LIMBS];
        gn_fp_t a, b;
        if (!c->endo.beta || c->params.model != ec->model)
            continue;
        if (gn_mp_from_hex(v, GN_FP_MAX_LIMBS, c->params.p, strlen(c->params.p)) != GN_OK ||
            gn_mp_cmp_var(v, GN_FP_MAX_LIMBS, ec->fp.p, ec->fp.n) != 0)
            continue;
        if (gn_ec_parse_fe(&ec->fp, &a, c->params.a) != GN_OK || gn_ec_parse_fe(&ec->fp, &b, c->params.b) != GN_OK ||
            !gn_fp_eq(&ec->fp, &a, &ec->a) || !gn_fp_eq(&ec->fp, &b, &ec->b))
            continue;
        if (gn_ec_parse_order(v, c->params.n) != GN_OK || gn_mp_cmp_var(v, GN_EC_ORDER_LIMBS, ec->n, GN_EC_ORDER_LIMBS) != 0)
            continue;
        return &c->endo;
    }
    return NULL;
}

size_t gn_ec_named_count(void)
{
    return sizeof named / sizeof named[0];
}

const char *gn_ec_named_name(size_t i)
{
    return i < gn_ec_named_count() ? named[i].name : NULL;
}

const char *gn_ec_named_aliases(size_t i)
{
    return i < gn_ec_named_count() ? named[i].aliases : NULL;
}

const gn_ec_params_t *gn_ec_named_params(size_t i)
{
    return i < gn_ec_named_count() ? &named[i].params : NULL;
}

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Case-insensitive; '-' and '_' are ignored, so "p256", "P-256" and "p_256" agree. */
static int name_eq(const char *a, const char *b, size_t blen)
{
    size_t j = 0;
    for (;; a++) {
        while (*a == '-' || *a == '_')
            a++;
        while (j < blen && (b[j] == '-' || b[j] == '_'))
            j++;
        if (!*a || j == blen)
            return !*a && j == blen;
        if (lower(*a) != lower(b[j]))
            return 0;
        j++;
    }
}

static int matches(const named_curve *c, const char *s)
{
    if (name_eq(s, c->name, strlen(c->name)))
        return 1;
    for (const char *al = c->aliases; *al;) {
        size_t len = strcspn(al, " ");
        if (len && name_eq(s, al, len))
            return 1;
        al += len;
        while (*al == ' ')
            al++;
    }
    return 0;
}

gn_err gn_ec_init_named(gn_ec_ctx_t *ec, const char *name)
{
    if (!ec || !name)
        return GN_ERR_INVALID;
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (matches(&named[i], name))
            return gn_ec_init_full(ec, &named[i].params, GN_FP_KERNEL_AUTO, 1, &named[i].endo, NULL, NULL);
    return GN_ERR_UNKNOWN_CURVE;
}

gn_err gn_ec_init_named_rns(gn_ec_ctx_t *ec, const char *name, gn_rns_ctx_t *rns, const gn_rns_params_t *rprm)
{
    if (!ec || !name || !rns)
        return GN_ERR_INVALID;
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (matches(&named[i], name))
            return gn_ec_init_full(ec, &named[i].params, GN_FP_KERNEL_RNS, 1, &named[i].endo, rns, rprm);
    return GN_ERR_UNKNOWN_CURVE;
}
