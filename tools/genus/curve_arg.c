/* --curve NAME|FILE: a named curve, or a JSON file holding one curve object in the schema
 * of data/curves.json (hex strings; field names per model, see cli_load_curve). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#if GN_CLI_CJSON
#include <cjson/cJSON.h>

static const char *field(const cJSON *o, const char *a, const char *b)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    if (!v && b)
        v = cJSON_GetObjectItemCaseSensitive(o, b);
    if (!v)
        return NULL;
    if (!cJSON_IsString(v))
        cli_fail("curve file: field '%s' must be a hex string", a);
    return v->valuestring;
}

cJSON *cli_json_object(const char *path, const char *prefix)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    static char buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    buf[len] = 0;
    cJSON *o = cJSON_Parse(buf);
    if (!o || !cJSON_IsObject(o))
        cli_fail("%scurve file '%s' is not a JSON object", prefix, path);
    return o;
}

static void load_file(gn_ec_ctx_t *ec, const char *path)
{
    cJSON *o = cli_json_object(path, "");
    if (!o)
        cli_fail("curve '%s' is neither a named curve (see 'genus curves') nor a readable file", path);
    const char *type = field(o, "type", NULL);
    gn_ec_params_t prm = {0};
    if (!type)
        cli_fail("curve file '%s' has no 'type'", path);
    if (!strcmp(type, "short_weierstrass_prime") || !strcmp(type, "weierstrass")) {
        prm.model = GN_EC_WEIERSTRASS;
        prm.a = field(o, "a", NULL);
        prm.b = field(o, "b", NULL);
    } else if (!strcmp(type, "twisted_edwards") || !strcmp(type, "edwards")) {
        prm.model = GN_EC_EDWARDS;
        prm.a = field(o, "a", NULL);
        prm.b = field(o, "d", NULL);
    } else if (!strcmp(type, "montgomery")) {
        prm.model = GN_EC_MONTGOMERY;
        prm.a = field(o, "A", NULL);
        prm.b = field(o, "B", NULL);
    } else if (!strcmp(type, "jacobi_quartic") || !strcmp(type, "jacobi-quartic")) {
        prm.model = GN_EC_JACOBI_QUARTIC;
        prm.a = field(o, "a", NULL);
    } else {
        cli_fail("curve file '%s': unknown type '%s' (short_weierstrass_prime, twisted_edwards, montgomery, "
                 "jacobi_quartic)", path, type);
    }
    prm.p = field(o, "p", NULL);
    prm.gx = field(o, "Gx", "u");
    prm.gy = field(o, "Gy", "v");
    prm.n = field(o, "n", "order");
    prm.h = field(o, "h", "cofactor");
    prm.name = "custom";
    const char *need[] = {"p", prm.p, "a", prm.a, "Gx", prm.gx, "Gy", prm.gy, "n", prm.n};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i += 2)
        if (!need[i + 1])
            cli_fail("curve file '%s' lacks '%s'", path, need[i]);
    if (prm.model != GN_EC_JACOBI_QUARTIC && prm.model != GN_EC_MONTGOMERY && !prm.b)
        cli_fail("curve file '%s' lacks '%s'", path, prm.model == GN_EC_EDWARDS ? "d" : "b");
    gn_err e = gn_ec_init(ec, &prm);
    if (e != GN_OK)
        cli_fail("curve file '%s': %s", path, gn_strerror(e));
    cJSON_Delete(o);
}

/* A binary curve file (type binary_weierstrass): m, reduction_polynomial_exponents (numbers, m
 * first, 0 last), a, b, Gx, Gy, n, h as hex strings. */
static void load_file2m(gn_ec2m_ctx_t *ec, const cJSON *o, const char *path)
{
    static gn_ec2m_params_t prm;
    memset(&prm, 0, sizeof prm);
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "m");
    const cJSON *ex = cJSON_GetObjectItemCaseSensitive(o, "reduction_polynomial_exponents");
    if (!cJSON_IsArray(ex) || (cJSON_GetArraySize(ex) != 3 && cJSON_GetArraySize(ex) != 5))
        cli_fail("curve file '%s': 'reduction_polynomial_exponents' must be an array of 3 or 5 numbers", path);
    prm.nexp = (size_t)cJSON_GetArraySize(ex);
    for (size_t i = 0; i < prm.nexp; i++) {
        const cJSON *v = cJSON_GetArrayItem(ex, (int)i);
        if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 100000)
            cli_fail("curve file '%s': 'reduction_polynomial_exponents' must be an array of 3 or 5 numbers", path);
        prm.exps[i] = (unsigned)v->valuedouble;
    }
    if (m && (!cJSON_IsNumber(m) || (unsigned)m->valuedouble != prm.exps[0]))
        cli_fail("curve file '%s': 'm' must be the number %u, the first exponent", path, prm.exps[0]);
    prm.a = field(o, "a", NULL);
    prm.b = field(o, "b", NULL);
    prm.gx = field(o, "Gx", NULL);
    prm.gy = field(o, "Gy", NULL);
    prm.n = field(o, "n", "order");
    prm.h = field(o, "h", "cofactor");
    prm.name = "custom";
    const char *need[] = {"a", prm.a, "b", prm.b, "Gx", prm.gx, "Gy", prm.gy, "n", prm.n, "h", prm.h};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i += 2)
        if (!need[i + 1])
            cli_fail("curve file '%s' lacks '%s'", path, need[i]);
    gn_err e = gn_ec2m_init(ec, &prm);
    if (e != GN_OK)
        cli_fail("curve file '%s': %s", path, gn_strerror(e));
}

int cli_load_curve2m(gn_ec2m_ctx_t *ec, const char *arg)
{
    if (gn_ec2m_init_named(ec, arg) == GN_OK)
        return 1;
    cJSON *o = cli_json_object(arg, "");
    if (!o)
        return 0;
    const char *type = field(o, "type", NULL);
    const int binary = type && !strcmp(type, "binary_weierstrass");
    if (binary)
        load_file2m(ec, o, arg);
    cJSON_Delete(o);
    return binary;
}
#else
int cli_load_curve2m(gn_ec2m_ctx_t *ec, const char *arg)
{
    return gn_ec2m_init_named(ec, arg) == GN_OK;
}
static void load_file(gn_ec_ctx_t *ec, const char *path)
{
    (void)ec;
    cli_fail("curve '%s' is not a named curve, and this genus was built without cJSON to read curve files", path);
}
#endif

void cli_load_curve(gn_ec_ctx_t *ec, const char *arg)
{
    gn_err e = gn_ec_init_named(ec, arg);
    if (e == GN_OK)
        return;
    if (e != GN_ERR_UNKNOWN_CURVE)
        cli_fail("curve '%s': %s", arg, gn_strerror(e));
    load_file(ec, arg);
}
