/* The command line's parsers (parse.h): no output, no exit; a refusal is a message. */
#include "parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int parse_fail(parse_msg_t *msg, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg->text, sizeof msg->text, fmt, ap);
    va_end(ap);
    return -1;
}

const char *parse_quote(char *buf, size_t cap, const char *s)
{
    static const size_t shown = 64;
    size_t o = 0, i = 0;
    if (cap < 16) { /* callers pass the buffers of Q() below; room for "'...'" and one escape */
        if (cap)
            buf[0] = 0;
        return buf;
    }
    buf[o++] = '\'';
    for (; s[i] && i < shown && o + 8 < cap; i++) {
        const unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\t' || c == '\r' || c == '\\' || c == '\'') {
            buf[o++] = '\\';
            buf[o++] = c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r' : (char)c;
        } else if (c < 0x20 || c >= 0x7f) {
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02x", c);
        } else {
            buf[o++] = (char)c;
        }
    }
    buf[o++] = '\'';
    if (s[i] && o + 4 < cap) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = 0;
    return buf;
}

/* A quoted excerpt of user text inside a message (one per argument of the format). */
typedef struct {
    char b[300];
} quoted;
#define Q(q, s) parse_quote((q).b, sizeof (q).b, (s))

int parse_decimal(parse_msg_t *msg, const char *what, const char *text, unsigned long lo, unsigned long hi,
                  unsigned long *out)
{
    quoted q;
    unsigned long v = 0;
    if (!*text)
        return parse_fail(msg, "%s must be a decimal number in %lu..%lu, got ''", what, lo, hi);
    for (const char *s = text; *s; s++) {
        if (*s < '0' || *s > '9')
            return parse_fail(msg, "%s must be a decimal number in %lu..%lu (digits only), got %s", what, lo, hi,
                              Q(q, text));
        const unsigned d = (unsigned)(*s - '0');
        if (d > hi || v > (hi - d) / 10) /* v * 10 + d > hi, without overflow (nor hi - d wrapping) */
            return parse_fail(msg, "%s must be at most %lu, got %s", what, hi, Q(q, text));
        v = v * 10 + d;
    }
    if (v < lo)
        return parse_fail(msg, "%s must be at least %lu, got %s", what, lo, Q(q, text));
    *out = v;
    return 0;
}

gn_limb_t *parse_hex(parse_msg_t *msg, const char *what, const char *text, size_t *n)
{
    quoted q;
    const size_t len = strlen(text);
    const size_t digits = len >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? len - 2 : len;
    const size_t limbs = digits * 4 / GN_LIMB_BITS + 1;
    gn_limb_t *a = calloc(limbs, sizeof *a);
    if (!a) {
        parse_fail(msg, "out of memory");
        return NULL;
    }
    if (gn_mp_from_hex(a, limbs, text, len) != GN_OK) {
        free(a);
        parse_fail(msg, "%s is not hexadecimal: %s", what, Q(q, text));
        return NULL;
    }
    *n = limbs;
    return a;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int parse_bytes(parse_msg_t *msg, const char *what, const char *text, uint8_t *out, size_t cap, size_t *len)
{
    quoted q;
    const char *h = text[0] == '0' && (text[1] == 'x' || text[1] == 'X') ? text + 2 : text;
    const size_t digits = strlen(h);
    for (size_t i = 0; i < digits; i++)
        if (hex_digit(h[i]) < 0)
            return parse_fail(msg, "%s is not hexadecimal: %s", what, Q(q, text));
    if (digits % 2)
        return parse_fail(msg, "%s has an odd number of hex digits (%zu): bytes are two digits each", what, digits);
    if (digits / 2 > cap)
        return parse_fail(msg, "%s is longer than %zu bytes", what, cap);
    for (size_t i = 0; i < digits / 2; i++)
        out[i] = (uint8_t)(hex_digit(h[2 * i]) << 4 | hex_digit(h[2 * i + 1]));
    *len = digits / 2;
    return 0;
}

int parse_scalar(parse_msg_t *msg, const char *text, uint8_t *out, size_t cap, size_t *len)
{
    size_t n;
    gn_limb_t *k = parse_hex(msg, "the scalar", text, &n);
    if (!k)
        return -1;
    size_t bytes = n * sizeof(gn_limb_t);
    if (bytes > cap) {
        if ((gn_mp_bits_var(k, n) + 7) / 8 > cap) {
            gn_memzero(k, n * sizeof *k);
            free(k);
            return parse_fail(msg, "the scalar is longer than %zu bytes", cap);
        }
        bytes = cap;
    }
    gn_err e = gn_mp_to_bytes_be(out, bytes, k, n);
    gn_memzero(k, n * sizeof *k);
    free(k);
    if (e != GN_OK)
        return parse_fail(msg, "the scalar is longer than %zu bytes", cap);
    *len = bytes;
    return 0;
}

int parse_words(parse_msg_t *msg, const char *what, const char *text, char *buf, size_t bufsize, char **words,
                size_t max, size_t *n)
{
    static const char sep[] = " \t,";
    if (strlen(text) >= bufsize)
        return parse_fail(msg, "%s is too long (%zu characters; at most %zu)", what, strlen(text), bufsize - 1);
    strcpy(buf, text);
    *n = 0;
    for (char *s = buf + strspn(buf, sep); *s; s += strspn(s, sep)) {
        if (*n == max)
            return parse_fail(msg, "%s has more than %zu words", what, max);
        words[(*n)++] = s;
        s += strcspn(s, sep);
        if (*s)
            *s++ = 0;
    }
    return 0;
}

int parse_fe(parse_msg_t *msg, const gn_fp_ctx_t *f, gn_fp_t *r, const char *what, const char *text)
{
    quoted q;
    size_t n;
    gn_limb_t *v = parse_hex(msg, what, text, &n);
    if (!v)
        return -1;
    gn_err e = gn_fp_set_mp(f, r, v, n);
    free(v);
    if (e != GN_OK)
        return parse_fail(msg, "%s is not below p: %s", what, Q(q, text));
    return 0;
}

/* The two words "X Y" of a point. */
static int two_words(parse_msg_t *msg, const char *text, char *buf, size_t bufsize, char **w)
{
    quoted q;
    size_t nw;
    if (parse_words(msg, "the point", text, buf, bufsize, w, 2, &nw))
        return -1;
    return nw == 2 ? 0 : parse_fail(msg, "a point is \"X Y\" in hex, got %s", Q(q, text));
}

/* Room for two or four coordinates of the largest field, with separators and 0x prefixes. */
#define COORD_CHARS (GN_FP_MAX_BITS / 4 + 8)

int parse_point(parse_msg_t *msg, const gn_ec_ctx_t *ec, gn_ec_point_t *r, const char *text)
{
    quoted q;
    char buf[2 * COORD_CHARS + 16], *w[2];
    if (two_words(msg, text, buf, sizeof buf, w))
        return -1;
    gn_fp_t x, y;
    if (parse_fe(msg, &ec->fp, &x, "the point's X", w[0]) || parse_fe(msg, &ec->fp, &y, "the point's Y", w[1]))
        return -1;
    r->x = x;
    r->y = y;
    r->infinity = 0;
    if (!gn_ec_is_on_curve(ec, r))
        return parse_fail(msg, "the point is not on the curve: %s", Q(q, text));
    return 0;
}

int parse_point2m(parse_msg_t *msg, const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r, const char *text)
{
    quoted q;
    char buf[2 * (GN_F2M_MAX_M / 4 + 8) + 16], *w[2];
    if (two_words(msg, text, buf, sizeof buf, w))
        return -1;
    /* SEC1 uncompressed bytes of the two coordinates, then the library's decoding checks them */
    const size_t fb = gn_f2m_bytes(&ec->f);
    uint8_t enc[1 + 2 * GN_EC2M_MAX_ENCODING] = {0x04};
    for (int i = 0; i < 2; i++) {
        size_t n;
        gn_limb_t *v = parse_hex(msg, i ? "the point's Y" : "the point's X", w[i], &n);
        if (!v)
            return -1;
        gn_f2m_t c;
        gn_err e = gn_f2m_set_mp(&ec->f, &c, v, n);
        free(v);
        if (e != GN_OK)
            return parse_fail(msg, "the point's %s has degree >= m = %u: %s", i ? "Y" : "X", ec->f.m, Q(q, w[i]));
        gn_f2m_encode(&ec->f, enc + 1 + (size_t)i * fb, &c);
    }
    gn_err e = gn_ec2m_decode(ec, r, enc, 1 + 2 * fb, 0);
    if (e == GN_ERR_NOT_ON_CURVE)
        return parse_fail(msg, "the point is not on the curve: %s", Q(q, text));
    if (e != GN_OK)
        return parse_fail(msg, "the point: %s", gn_strerror(e));
    return 0;
}

int parse_kummer_point(parse_msg_t *msg, const gn_kummer_ctx_t *ku, gn_kummer_point_t *r, const char *text)
{
    quoted q;
    char buf[4 * COORD_CHARS + 16], *w[4];
    size_t nw;
    if (parse_words(msg, "the point", text, buf, sizeof buf, w, 4, &nw))
        return -1;
    if (nw != 4)
        return parse_fail(msg, "a Kummer point is \"X Y Z T\" in hex, got %s", Q(q, text));
    for (size_t i = 0; i < 4; i++)
        if (parse_fe(msg, &ku->fp, &r->c[i], "a coordinate of the point", w[i]))
            return -1;
    if (!gn_kummer_on_surface(ku, r))
        return parse_fail(msg, "the point is not on the Kummer surface: %s", Q(q, text));
    return 0;
}

int parse_divisor(parse_msg_t *msg, const gn_g2_ctx_t *g, gn_g2_elem_t *r, const char *text)
{
    quoted q;
    char buf[4 * COORD_CHARS + 32], *w[5];
    size_t nw;
    gn_g2_identity(g, r);
    if (parse_words(msg, "the divisor", text, buf, sizeof buf, w, 5, &nw))
        return -1;
    unsigned n = 0;
    int has_n = nw > 0 && !strncmp(w[nw - 1], "n=", 2);
    if (has_n) {
        const char *v = w[nw - 1] + 2;
        if (!g->split)
            return parse_fail(msg, "the divisor: \"n=N\" is for degree-6 curves with f6 a square");
        if (v[0] < '0' || v[0] > '2' || v[1])
            return parse_fail(msg, "the divisor: in \"n=N\", N must be 0, 1 or 2, got %s", Q(q, w[nw - 1]));
        n = (unsigned)(v[0] - '0');
        nw--;
    }
    for (size_t i = 0; i < nw; i++)
        if (!strncmp(w[i], "n=", 2))
            return parse_fail(msg, "the divisor: \"n=N\" comes last, once");
    if (nw == 1 && !strcmp(w[0], "identity")) {
        if (has_n)
            return parse_fail(msg, "the divisor: \"identity\" takes no \"n=N\"");
        return 0;
    }
    static const unsigned i2[] = {0, 1, 2, 3}, i1[] = {1, 3};
    if (nw != 0 && nw != 2 && nw != 4)
        return parse_fail(msg, "a divisor is \"U1 U0 V1 V0\", \"U0 V0\" or \"identity\" (then \"n=N\"), got %s",
                          Q(q, text));
    if (nw == 0 && !has_n)
        return parse_fail(msg, "a divisor is \"U1 U0 V1 V0\", \"U0 V0\" or \"identity\", got ''");
    r->deg = (unsigned)nw / 2;
    r->n = n;
    for (size_t i = 0; i < nw; i++)
        if (parse_fe(msg, &g->fp, &r->c[(nw == 4 ? i2 : i1)[i]], "a coefficient of the divisor", w[i]))
            return -1;
    gn_err e = gn_g2_check(g, r);
    if (e == GN_ERR_INVALID)
        return parse_fail(msg, "the divisor is not in reduced form (degree 1 on a degree-6 curve with f6 not a "
                               "square, or n above 2 - deg u)");
    if (e != GN_OK)
        return parse_fail(msg, "the divisor is not an element of the Jacobian (u does not divide v^2 - f): %s",
                          Q(q, text));
    return 0;
}

int parse_poly(parse_msg_t *msg, const char *text, unsigned m, unsigned *exps, size_t *n)
{
    quoted q;
    char item[32];
    size_t k = 0;
    for (const char *s = text;;) {
        const size_t len = strcspn(s, ",");
        unsigned long v;
        if (k == 5)
            return parse_fail(msg, "the polynomial has more than 5 terms (a trinomial or pentanomial is expected): "
                                   "%s", Q(q, text));
        if (len >= sizeof item)
            return parse_fail(msg, "the polynomial's exponent %zu is not a number: %s", k + 1, Q(q, text));
        memcpy(item, s, len);
        item[len] = 0;
        if (parse_decimal(msg, "an exponent of the polynomial", item, 0, GN_F2M_MAX_M, &v))
            return -1;
        if (k && v >= exps[k - 1])
            return parse_fail(msg, "the polynomial's exponents must be strictly descending: %s", Q(q, text));
        exps[k++] = (unsigned)v;
        if (!s[len])
            break;
        s += len + 1;
    }
    if (m && exps[0] != m) { /* m left out */
        if (exps[0] > m)
            return parse_fail(msg, "the polynomial's degree %u does not match m = %u", exps[0], m);
        if (k == 5)
            return parse_fail(msg, "the polynomial has more than 5 terms: %s", Q(q, text));
        memmove(exps + 1, exps, k * sizeof *exps);
        exps[0] = m;
        k++;
    }
    if (exps[k - 1] != 0)
        return parse_fail(msg, "the polynomial must end in the constant term 0: %s", Q(q, text));
    if (k != 3 && k != 5)
        return parse_fail(msg, "the polynomial must be a trinomial or a pentanomial, got %zu terms: %s", k,
                          Q(q, text));
    *n = k;
    return 0;
}

/* ------------------------------------------------------------------ curve files */

#if GN_CLI_CJSON
#include <cjson/cJSON.h>

/* Every \u escape inside the strings of text[0..len) has four hex digits and is not \u0000.
 * cJSON decodes both into a NUL that ends the C string it hands over, so "p\u0000" would be read
 * as the key "p" and "2\u0000zz" as the value "2": a file accepted with values it does not hold.
 * String boundaries are JSON's (a quote outside a string opens one, an unescaped quote closes
 * it), which is all cJSON accepts. */
static int json_escapes_ok(const char *text, size_t len)
{
    int in = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '"') {
            in = !in;
        } else if (in && text[i] == '\\' && i + 1 < len) {
            if (text[++i] != 'u')
                continue;
            unsigned v = 0;
            for (int k = 1; k <= 4; k++) {
                const int d = i + (size_t)k < len ? hex_digit(text[i + (size_t)k]) : -1;
                if (d < 0)
                    return 0;
                v = v << 4 | (unsigned)d;
            }
            if (v == 0)
                return 0;
            i += 4;
        }
    }
    return 1;
}

/* The object in text[0..len): strict JSON, nothing after it but white space, no key twice
 * (two readers of one file could otherwise see two curves). NULL on refusal. */
static cJSON *json_object(parse_msg_t *msg, const char *text, size_t len)
{
    const char *end = NULL;
    if (memchr(text, 0, len)) {
        parse_fail(msg, "not a JSON object (it holds a NUL byte)");
        return NULL;
    }
    if (!json_escapes_ok(text, len)) {
        parse_fail(msg, "a string holds \\u0000 or a \\u escape without four hex digits");
        return NULL;
    }
    cJSON *o = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!o || !cJSON_IsObject(o)) {
        cJSON_Delete(o);
        parse_fail(msg, "not a JSON object");
        return NULL;
    }
    for (const char *s = end; s < text + len; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
            cJSON_Delete(o);
            parse_fail(msg, "text follows the JSON object (at byte %zu)", (size_t)(s - text));
            return NULL;
        }
    for (const cJSON *a = o->child; a; a = a->next)
        for (const cJSON *b = a->next; b; b = b->next)
            if (!strcmp(a->string, b->string)) {
                quoted q;
                parse_fail(msg, "the key %s appears twice", Q(q, a->string));
                cJSON_Delete(o);
                return NULL;
            }
    return o;
}

/* The hex string of key a (or its alias b); NULL when absent, *bad set when not a string. */
static const char *hex_field(parse_msg_t *msg, const cJSON *o, const char *a, const char *b, int *bad)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, a);
    if (!v && b)
        v = cJSON_GetObjectItemCaseSensitive(o, b);
    if (v && !cJSON_IsString(v)) {
        *bad = parse_fail(msg, "field '%s' must be a hex string", v->string);
        return NULL;
    }
    return v ? v->valuestring : NULL;
}

/* A JSON number that is an integer in [lo, hi]. */
static int json_uint(const cJSON *v, unsigned lo, unsigned hi, unsigned *out)
{
    if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi || v->valuedouble != (double)(unsigned)v->valuedouble)
        return -1;
    *out = (unsigned)v->valuedouble;
    return 0;
}

/* The prime-field models of curve files: type names, and the keys of the constants a and b
 * (gn_ec_params_t's a and b). */
static const struct {
    const char *type, *alias;
    gn_ec_model model;
    const char *a, *b;
} prime_types[] = {{"short_weierstrass_prime", "weierstrass", GN_EC_WEIERSTRASS, "a", "b"},
                   {"twisted_edwards", "edwards", GN_EC_EDWARDS, "a", "d"},
                   {"montgomery", "montgomery", GN_EC_MONTGOMERY, "A", "B"},
                   {"jacobi_quartic", "jacobi-quartic", GN_EC_JACOBI_QUARTIC, "a", NULL}};

static int curve_prime(parse_msg_t *msg, const cJSON *o, const char *type, gn_ec_ctx_t *ec)
{
    quoted q;
    gn_ec_params_t prm = {0};
    int bad = 0;
    size_t t = 0;
    while (t < sizeof prime_types / sizeof prime_types[0] && strcmp(type, prime_types[t].type) &&
           strcmp(type, prime_types[t].alias))
        t++;
    if (t == sizeof prime_types / sizeof prime_types[0])
        return parse_fail(msg, "unknown type %s (short_weierstrass_prime, twisted_edwards, montgomery, "
                               "jacobi_quartic, binary_weierstrass, genus2)", Q(q, type));
    prm.model = prime_types[t].model;
    prm.a = hex_field(msg, o, prime_types[t].a, NULL, &bad);
    if (prime_types[t].b)
        prm.b = hex_field(msg, o, prime_types[t].b, NULL, &bad);
    prm.p = hex_field(msg, o, "p", NULL, &bad);
    prm.gx = hex_field(msg, o, "Gx", "u", &bad);
    prm.gy = hex_field(msg, o, "Gy", "v", &bad);
    prm.n = hex_field(msg, o, "n", "order", &bad);
    prm.h = hex_field(msg, o, "h", "cofactor", &bad);
    prm.name = "custom";
    if (bad)
        return -1;
    const char *need[] = {"p", prm.p, prime_types[t].a, prm.a, "Gx", prm.gx, "Gy", prm.gy, "n", prm.n};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i += 2)
        if (!need[i + 1])
            return parse_fail(msg, "'%s' is missing", need[i]);
    if (prm.model != GN_EC_JACOBI_QUARTIC && prm.model != GN_EC_MONTGOMERY && !prm.b)
        return parse_fail(msg, "'%s' is missing", prime_types[t].b);
    gn_err e = gn_ec_init(ec, &prm);
    if (e != GN_OK)
        return parse_fail(msg, "%s", gn_strerror(e));
    return 0;
}

static int curve_binary(parse_msg_t *msg, const cJSON *o, gn_ec2m_ctx_t *ec)
{
    gn_ec2m_params_t prm;
    memset(&prm, 0, sizeof prm);
    int bad = 0;
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "m");
    const cJSON *ex = cJSON_GetObjectItemCaseSensitive(o, "reduction_polynomial_exponents");
    const int ne = cJSON_IsArray(ex) ? cJSON_GetArraySize(ex) : -1;
    if (ne != 3 && ne != 5)
        return parse_fail(msg, "'reduction_polynomial_exponents' must be an array of 3 or 5 integers");
    prm.nexp = (size_t)ne;
    for (size_t i = 0; i < prm.nexp; i++)
        if (json_uint(cJSON_GetArrayItem(ex, (int)i), 0, GN_F2M_MAX_M, &prm.exps[i]))
            return parse_fail(msg, "'reduction_polynomial_exponents' must be an array of 3 or 5 integers in 0..%d",
                              GN_F2M_MAX_M);
    for (size_t i = 1; i < prm.nexp; i++)
        if (prm.exps[i] >= prm.exps[i - 1])
            return parse_fail(msg, "'reduction_polynomial_exponents' must be strictly descending (m first, 0 last)");
    unsigned mv;
    if (m && (json_uint(m, 0, GN_F2M_MAX_M, &mv) || mv != prm.exps[0]))
        return parse_fail(msg, "'m' must be the integer %u, the first exponent", prm.exps[0]);
    prm.a = hex_field(msg, o, "a", NULL, &bad);
    prm.b = hex_field(msg, o, "b", NULL, &bad);
    prm.gx = hex_field(msg, o, "Gx", NULL, &bad);
    prm.gy = hex_field(msg, o, "Gy", NULL, &bad);
    prm.n = hex_field(msg, o, "n", "order", &bad);
    prm.h = hex_field(msg, o, "h", "cofactor", &bad);
    prm.name = "custom";
    if (bad)
        return -1;
    const char *need[] = {"a", prm.a, "b", prm.b, "Gx", prm.gx, "Gy", prm.gy, "n", prm.n, "h", prm.h};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i += 2)
        if (!need[i + 1])
            return parse_fail(msg, "'%s' is missing", need[i]);
    gn_err e = gn_ec2m_init(ec, &prm);
    if (e != GN_OK)
        return parse_fail(msg, "%s", gn_strerror(e));
    return 0;
}

int parse_curve_json(parse_msg_t *msg, const char *text, size_t len, gn_ec_ctx_t *ec, gn_ec2m_ctx_t *ec2m,
                     int *binary)
{
    cJSON *o = json_object(msg, text, len);
    if (!o)
        return -1;
    int bad = 0, r;
    const char *type = hex_field(msg, o, "type", NULL, &bad);
    if (bad)
        r = parse_fail(msg, "field 'type' must be a string");
    else if (!type)
        r = parse_fail(msg, "'type' is missing");
    else if ((*binary = !strcmp(type, "binary_weierstrass")))
        r = curve_binary(msg, o, ec2m);
    else
        r = curve_prime(msg, o, type, ec);
    cJSON_Delete(o);
    return r;
}

int parse_g2_json(parse_msg_t *msg, const char *text, size_t len, gn_g2_ctx_t *g, gn_fp_ctx_t *fp)
{
    cJSON *o = json_object(msg, text, len);
    if (!o)
        return -1;
    int r = -1;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(o, "p");
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, "f");
    const int nf = cJSON_IsArray(f) ? cJSON_GetArraySize(f) : -1;
    gn_err e;
    gn_fp_t c[7];
    if (!cJSON_IsString(t) || strcmp(t->valuestring, "genus2"))
        parse_fail(msg, "\"type\" must be \"genus2\"");
    else if (!cJSON_IsString(p))
        parse_fail(msg, "the prime \"p\" (a hex string) is missing");
    else if ((e = gn_fp_init_hex(fp, p->valuestring)) != GN_OK)
        parse_fail(msg, "p: %s", gn_strerror(e));
    else if (nf < 6 || nf > 7)
        parse_fail(msg, "\"f\" must hold 6 or 7 hex strings, constant term first");
    else {
        r = 0;
        for (int i = 0; i < nf && !r; i++) {
            const cJSON *ci = cJSON_GetArrayItem(f, i);
            r = !cJSON_IsString(ci) ? parse_fail(msg, "f[%d] is not a hex string", i)
                                    : parse_fe(msg, fp, &c[i], "a coefficient of f", ci->valuestring);
        }
        if (!r && (e = gn_g2_init(g, fp, c, (size_t)nf)) != GN_OK)
            r = e == GN_ERR_UNSUPPORTED ? parse_fail(msg, "deg f must be 5 or 6") : parse_fail(msg, "%s", gn_strerror(e));
    }
    cJSON_Delete(o);
    return r;
}
#else
int parse_curve_json(parse_msg_t *msg, const char *text, size_t len, gn_ec_ctx_t *ec, gn_ec2m_ctx_t *ec2m,
                     int *binary)
{
    (void)text, (void)len, (void)ec, (void)ec2m, (void)binary;
    return parse_fail(msg, "this genus was configured without cJSON (GENUS_CURVE_FILES=OFF) and reads no curve files");
}

int parse_g2_json(parse_msg_t *msg, const char *text, size_t len, gn_g2_ctx_t *g, gn_fp_ctx_t *fp)
{
    (void)text, (void)len, (void)g, (void)fp;
    return parse_fail(msg, "this genus was configured without cJSON (GENUS_CURVE_FILES=OFF) and reads no curve files");
}
#endif
