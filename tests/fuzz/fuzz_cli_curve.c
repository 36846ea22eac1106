/* Fuzz target: curve files, parse_curve_json (prime models and binary curves) and parse_g2_json
 * (genus-2 curves). Input: byte 0 picks the parser, the rest is the file's text (any bytes).
 *
 * An accepted file must be, as read by a JSON reader written here: one object and nothing after
 * it but white space, no key twice; and the curve built must be the file's: the type, p (m and the
 * exponents), the constants, the base point, n and h (their aliases and defaults as parse.h says)
 * equal to what the context holds, every string free of \u0000 (which would cut a C string). Then
 * the curve must pass validation by code apart from the library (fuzz_util.c's integers and
 * polynomials): p an odd prime (Miller-Rabin, 16 bases), the model's discriminant non-zero, G on
 * the curve and not the neutral element, n >= 2, 1 <= h < 2^31, Hasse's bound on h n, and for
 * Weierstrass curves [n] G = O (Jacobian double-and-add on integers); binary curves: an
 * irreducible reduction polynomial (Ben-Or), a and b of degree below m, b != 0, G on the curve;
 * genus-2 curves: p prime, deg f = 5 or 6, f squarefree (Euclid in F_p[x]). Fields of more than
 * 576 bits are checked for the file's values only. The checks run once per file content (the
 * fuzzer comes back to the same valid curves). A refusal's message is one printable line.
 *
 * The reader accepts what cJSON is known to accept beyond RFC 8259 and that changes no value:
 * control characters as white space inside the object, raw control characters and any bytes
 * inside strings, and numbers as strtod reads them. */
#include <math.h>
#include <stdlib.h>

#include "fuzz_cli.h"
#include "fuzz_curves.h"
#include "genus/mp.h"

#define TEXT 4096
static size_t accepted;

/* ------------------------------------------------------------------ a JSON reader */

typedef struct span {
    const char *p, *end;
} span_t;

typedef struct member {
    char key[64];
    int key_nul, key_long;
    span_t v;
} member_t;

/* White space as cJSON skips it: every byte from 0x01 to 0x20, not only RFC 8259's four (a
 * leniency that changes no value); after the object, parse.c allows the four only. */
static void ws(const char **p, const char *end)
{
    while (*p < end && (unsigned char)**p >= 1 && (unsigned char)**p <= 0x20)
        (*p)++;
}

static void ws_rfc(const char **p, const char *end)
{
    while (*p < end && (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r'))
        (*p)++;
}

static int saw_nul; /* a \u0000 escape in a string (key or value) of the last text read */

static unsigned hex4(const char *s) /* as cJSON's parse_hex4: 0 unless four hex digits */
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        const char h = s[i];
        const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                    : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        v = v << 4 | (unsigned)d;
    }
    return v;
}

/* A string at *p: its decoded bytes in out[cap] (cut at cap), *len, *nul when a NUL is decoded.
 * The end is found first (the first quote not after a backslash), then the escapes are read as
 * cJSON reads them: \u takes the next four characters whatever they are (0 unless hex digits),
 * surrogates must pair. */
static int jstring(const char **p, const char *end, char *out, size_t cap, size_t *len, int *nul)
{
    size_t n = 0;
    *nul = 0;
    if (*p >= end || **p != '"')
        return 0;
    const char *q = *p + 1;
    while (q < end && *q != '"') {
        if (*q == '\\' && ++q >= end)
            return 0;
        q++;
    }
    if (q >= end)
        return 0;
    const char *e = q;
    for (q = *p + 1; q < e; q++) {
        unsigned c = (unsigned char)*q;
        if (c == '\\') {
            switch (*++q) {
            case '"': case '\\': case '/': c = (unsigned char)*q; break;
            case 'b': c = 8; break;
            case 'f': c = 12; break;
            case 'n': c = 10; break;
            case 'r': c = 13; break;
            case 't': c = 9; break;
            case 'u': {
                if (e - (q - 1) < 6)
                    return 0;
                const unsigned v = hex4(q + 1);
                q += 4;
                if (v >= 0xdc00 && v <= 0xdfff)
                    return 0;
                if (v >= 0xd800 && v <= 0xdbff) {
                    if (e - (q + 1) < 6 || q[1] != '\\' || q[2] != 'u')
                        return 0;
                    const unsigned lo = hex4(q + 3);
                    if (lo < 0xdc00 || lo > 0xdfff)
                        return 0;
                    q += 6;
                }
                *nul |= v == 0;
                saw_nul |= v == 0;
                c = v < 0x80 ? v : 0x80; /* beyond ASCII: a placeholder byte (no hex field holds one) */
                break;
            }
            default: return 0;
            }
        }
        if (out && n < cap)
            out[n] = (char)c;
        n++;
    }
    *p = e + 1;
    if (out)
        out[n < cap ? n : cap - 1] = 0;
    *len = n;
    return 1;
}

/* A number as strtod reads the run of [0-9+-.eE] there, however long (cJSON's way; Debian's
 * 1.7.15 reads the whole run, as upstream 1.7.18 does). */
static int jnumber(const char **p, const char *end, double *v)
{
    static char buf[TEXT + 1];
    size_t n = 0;
    while (*p + n < end && n + 1 < sizeof buf && strchr("0123456789+-.eE", (*p)[n]) && (*p)[n])
        buf[n] = (*p)[n], n++;
    buf[n] = 0;
    char *after;
    const double d = strtod(buf, &after);
    if (after == buf)
        return 0;
    *p += after - buf;
    if (v)
        *v = d;
    return 1;
}

static int jvalue(const char **p, const char *end, int depth);

static int jcontainer(const char **p, const char *end, int depth, int object)
{
    (*p)++;
    ws(p, end);
    if (*p < end && **p == (object ? '}' : ']')) {
        (*p)++;
        return 1;
    }
    for (;;) {
        size_t len;
        int nul;
        if (object) {
            if (!jstring(p, end, NULL, 0, &len, &nul))
                return 0;
            ws(p, end);
            if (*p >= end || **p != ':')
                return 0;
            (*p)++;
        }
        if (!jvalue(p, end, depth + 1))
            return 0;
        ws(p, end);
        if (*p < end && **p == ',') {
            (*p)++;
            ws(p, end);
            continue;
        }
        if (*p < end && **p == (object ? '}' : ']')) {
            (*p)++;
            return 1;
        }
        return 0;
    }
}

static int jvalue(const char **p, const char *end, int depth)
{
    size_t len;
    int nul;
    ws(p, end);
    if (*p >= end || depth > 1000)
        return 0;
    switch (**p) {
    case '{': return jcontainer(p, end, depth, 1);
    case '[': return jcontainer(p, end, depth, 0);
    case '"': return jstring(p, end, NULL, 0, &len, &nul);
    case 't': return end - *p >= 4 && !memcmp(*p, "true", 4) ? (*p += 4, 1) : 0;
    case 'f': return end - *p >= 5 && !memcmp(*p, "false", 5) ? (*p += 5, 1) : 0;
    case 'n': return end - *p >= 4 && !memcmp(*p, "null", 4) ? (*p += 4, 1) : 0;
    default: return jnumber(p, end, NULL);
    }
}

/* The top-level object's members (up to max; *n their number), if text is one object and white
 * space. */
static int jobject(const char *text, size_t len, member_t *m, size_t max, size_t *n)
{
    const char *p = text, *end = text + len;
    *n = 0;
    ws(&p, end);
    if (p >= end || *p != '{')
        return 0;
    const char *start = p;
    if (!jcontainer(&p, end, 1, 1))
        return 0;
    const char *after = p;
    ws_rfc(&p, end);
    if (p != end)
        return 0;
    /* again, member by member, now that the whole is known to be well-formed */
    p = start + 1;
    for (ws(&p, after); p < after && *p == '"';) {
        size_t kl;
        member_t *mm = *n < max ? &m[*n] : NULL;
        char key[64];
        int nul;
        (void)jstring(&p, after, key, sizeof key, &kl, &nul);
        ws(&p, after);
        p++; /* ':' */
        ws(&p, after);
        const char *v = p;
        (void)jvalue(&p, after, 2);
        if (mm) {
            memcpy(mm->key, key, sizeof key);
            mm->key_nul = nul;
            mm->key_long = kl >= sizeof key;
            mm->v = (span_t){v, p};
        }
        (*n)++;
        ws(&p, after);
        if (p < after && *p == ',')
            p++;
        ws(&p, after);
    }
    return 1;
}

static const member_t *field(const member_t *m, size_t n, const char *key)
{
    for (size_t i = 0; i < n; i++)
        if (!m[i].key_nul && !m[i].key_long && !strcmp(m[i].key, key))
            return &m[i];
    return NULL;
}

/* The string value of key (or alias b when key is absent): 1 with the text in out, 0 when absent;
 * traps on a string the library used that holds \u0000 (its C string would be cut). */
static int str_field(const member_t *m, size_t n, const char *a, const char *b, char *out, size_t cap)
{
    const member_t *f = field(m, n, a);
    if (!f && b)
        f = field(m, n, b);
    if (!f)
        return 0;
    const char *p = f->v.p;
    size_t len;
    int nul;
    FUZZ_CHECK(*p == '"' && jstring(&p, f->v.end, out, cap, &len, &nul) && len < cap);
    FUZZ_CHECK(!nul);
    return 1;
}

/* ------------------------------------------------------------------ numbers */

#define BIG (GN_FP_MAX_LIMBS + 4)

/* hex text into big[BIG]; FUZZ_CHECKed well-formed (the library accepted it) */
static void big_hex(gn_limb_t *r, const char *hex)
{
    FUZZ_CHECK(gn_mp_from_hex(r, BIG, hex, strlen(hex)) == GN_OK);
}

static void fz_of_big(fz_int_t *r, const gn_limb_t *big)
{
    for (size_t i = FZ_N; i < BIG; i++)
        FUZZ_CHECK(big[i] == 0);
    memcpy(r->v, big, sizeof r->v);
}

/* r = a^e mod m, e of en limbs */
static void fz_pow(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a, const gn_limb_t *e, size_t en)
{
    fz_int_t x = *a;
    fz_set_u(m, r, 1);
    for (size_t i = gn_mp_bits_var(e, en); i-- > 0;) {
        fz_mul(m, r, r, r);
        if (e[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS) & 1)
            fz_mul(m, r, r, &x);
    }
}

static void fz_inv(const fz_mod_t *m, fz_int_t *r, const fz_int_t *a)
{
    fz_int_t e = m->p;
    gn_mp_sub_limb(e.v, e.v, FZ_N, 2);
    fz_pow(m, r, a, e.v, FZ_N);
}

/* Miller-Rabin with the first 16 primes as bases (deterministic below 3.3e24; an oracle above) */
static int is_prime(const fz_mod_t *m)
{
    static const unsigned bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};
    fz_int_t d, x, one, pm1, a;
    if (!(m->p.v[0] & 1))
        return 0;
    if (gn_mp_bits_var(m->p.v, FZ_N) <= 6) { /* small p: trial division */
        const gn_limb_t v = m->p.v[0];
        for (gn_limb_t k = 2; k * k <= v; k++)
            if (v % k == 0)
                return 0;
        return v > 1;
    }
    fz_set_u(m, &one, 1);
    pm1 = m->p;
    gn_mp_sub_limb(pm1.v, pm1.v, FZ_N, 1);
    d = pm1;
    size_t s = 0;
    while (!(d.v[0] & 1))
        gn_mp_rshift(d.v, d.v, FZ_N, 1), s++;
    for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++) {
        fz_set_u(m, &a, bases[b]);
        if (fz_is_zero(&a))
            continue;
        fz_pow(m, &x, &a, d.v, FZ_N);
        if (fz_eq(&x, &one) || fz_eq(&x, &pm1))
            continue;
        size_t r = 1;
        for (; r < s; r++) {
            fz_mul(m, &x, &x, &x);
            if (fz_eq(&x, &pm1))
                break;
        }
        if (r == s)
            return 0;
    }
    return 1;
}

/* (h n - (q + 1))^2 <= 4 q, on naturals */
static int hasse(const gn_limb_t *q, const gn_limb_t *n, uint32_t h)
{
    gn_limb_t hn[2 * BIG] = {0}, q1[2 * BIG] = {0}, d[2 * BIG], d2[4 * BIG], q4[4 * BIG] = {0};
    hn[BIG] = gn_mp_mul_limb(hn, n, BIG, h);
    memcpy(q1, q, BIG * sizeof *q);
    gn_mp_add_limb(q1, q1, 2 * BIG, 1);
    if (gn_mp_sub(d, hn, q1, 2 * BIG))
        gn_mp_sub(d, q1, hn, 2 * BIG);
    gn_mp_sqr(d2, d, 2 * BIG);
    memcpy(q4, q, BIG * sizeof *q);
    gn_mp_lshift(q4, q4, 4 * BIG, 2);
    return gn_mp_cmp_var(d2, 4 * BIG, q4, 4 * BIG) <= 0;
}

/* [n] (x, y) = O on y^2 = x^3 + a x + b, by double-and-add in Jacobian coordinates (complete
 * enough: the doubling and addition formulas with their exceptional cases handled by tests) */
typedef struct jac {
    fz_int_t X, Y, Z;
} jac_t;

static void jac_dbl(const fz_mod_t *m, jac_t *r, const jac_t *p, const fz_int_t *a)
{
    fz_int_t XX, YY, YYYY, ZZ, S, M, t, T;
    if (fz_is_zero(&p->Z) || fz_is_zero(&p->Y)) {
        fz_set_u(m, &r->X, 1), fz_set_u(m, &r->Y, 1), fz_set_u(m, &r->Z, 0);
        return;
    }
    fz_mul(m, &XX, &p->X, &p->X);
    fz_mul(m, &YY, &p->Y, &p->Y);
    fz_mul(m, &YYYY, &YY, &YY);
    fz_mul(m, &ZZ, &p->Z, &p->Z);
    fz_mul(m, &S, &p->X, &YY); /* S = 4 X Y^2 */
    fz_add(m, &S, &S, &S);
    fz_add(m, &S, &S, &S);
    fz_mul(m, &t, &ZZ, &ZZ); /* M = 3 X^2 + a Z^4 */
    fz_mul(m, &t, &t, a);
    fz_add(m, &M, &XX, &XX);
    fz_add(m, &M, &M, &XX);
    fz_add(m, &M, &M, &t);
    fz_mul(m, &T, &M, &M); /* X3 = M^2 - 2 S */
    fz_sub(m, &T, &T, &S);
    fz_sub(m, &T, &T, &S);
    fz_mul(m, &r->Z, &p->Y, &p->Z); /* Z3 = 2 Y Z */
    fz_add(m, &r->Z, &r->Z, &r->Z);
    fz_sub(m, &t, &S, &T); /* Y3 = M (S - X3) - 8 Y^4 */
    fz_mul(m, &t, &M, &t);
    for (int i = 0; i < 3; i++)
        fz_add(m, &YYYY, &YYYY, &YYYY);
    fz_sub(m, &r->Y, &t, &YYYY);
    r->X = T;
}

static void jac_add(const fz_mod_t *m, jac_t *r, const jac_t *p, const jac_t *q, const fz_int_t *a)
{
    fz_int_t Z1Z1, Z2Z2, U1, U2, S1, S2, H, R, HH, HHH, V, t;
    if (fz_is_zero(&p->Z)) {
        *r = *q;
        return;
    }
    if (fz_is_zero(&q->Z)) {
        *r = *p;
        return;
    }
    fz_mul(m, &Z1Z1, &p->Z, &p->Z);
    fz_mul(m, &Z2Z2, &q->Z, &q->Z);
    fz_mul(m, &U1, &p->X, &Z2Z2);
    fz_mul(m, &U2, &q->X, &Z1Z1);
    fz_mul(m, &S1, &p->Y, &q->Z);
    fz_mul(m, &S1, &S1, &Z2Z2);
    fz_mul(m, &S2, &q->Y, &p->Z);
    fz_mul(m, &S2, &S2, &Z1Z1);
    fz_sub(m, &H, &U2, &U1);
    fz_sub(m, &R, &S2, &S1);
    if (fz_is_zero(&H)) {
        if (fz_is_zero(&R))
            jac_dbl(m, r, p, a);
        else
            fz_set_u(m, &r->X, 1), fz_set_u(m, &r->Y, 1), fz_set_u(m, &r->Z, 0);
        return;
    }
    fz_mul(m, &HH, &H, &H);
    fz_mul(m, &HHH, &HH, &H);
    fz_mul(m, &V, &U1, &HH);
    jac_t o;
    fz_mul(m, &o.X, &R, &R); /* X3 = R^2 - H^3 - 2 V */
    fz_sub(m, &o.X, &o.X, &HHH);
    fz_sub(m, &o.X, &o.X, &V);
    fz_sub(m, &o.X, &o.X, &V);
    fz_sub(m, &t, &V, &o.X); /* Y3 = R (V - X3) - S1 H^3 */
    fz_mul(m, &t, &R, &t);
    fz_mul(m, &S1, &S1, &HHH);
    fz_sub(m, &o.Y, &t, &S1);
    fz_mul(m, &o.Z, &p->Z, &q->Z); /* Z3 = Z1 Z2 H */
    fz_mul(m, &o.Z, &o.Z, &H);
    *r = o;
}

static int order_kills(const fz_mod_t *m, const fz_int_t *a, const fz_int_t *x, const fz_int_t *y, const gn_limb_t *n)
{
    jac_t g = {*x, *y, {{0}}}, r;
    fz_set_u(m, &g.Z, 1);
    fz_set_u(m, &r.X, 1), fz_set_u(m, &r.Y, 1), fz_set_u(m, &r.Z, 0);
    for (size_t i = gn_mp_bits_var(n, BIG); i-- > 0;) {
        jac_dbl(m, &r, &r, a);
        if (n[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS) & 1)
            jac_add(m, &r, &r, &g, a);
    }
    return fz_is_zero(&r.Z);
}

/* Whether this file content was checked before (FNV-1a, direct-mapped): the fuzzer comes back to
 * the same valid curves with other spellings of nothing, and the checks above take milliseconds.
 * A content is marked before it is checked: a failure ends the process anyway. */
static int seen_before(const char *text, size_t len)
{
    static uint64_t seen[1024];
    uint64_t h = 14695981039346656037u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211u;
    h |= 1; /* never 0, the empty slot */
    if (seen[h % 1024] == h)
        return 1;
    seen[h % 1024] = h;
    return 0;
}

/* ------------------------------------------------------------------ the checks */

#define HEX (TEXT + 16) /* a string value of any length the input can hold */

static void prime_curve(const member_t *mb, size_t nm, const gn_ec_ctx_t *ec, const char *type)
{
    static const struct {
        const char *type;
        gn_ec_model model;
        const char *a, *b;
    } types[] = {{"short_weierstrass_prime", GN_EC_WEIERSTRASS, "a", "b"}, {"weierstrass", GN_EC_WEIERSTRASS, "a", "b"},
                 {"twisted_edwards", GN_EC_EDWARDS, "a", "d"}, {"edwards", GN_EC_EDWARDS, "a", "d"},
                 {"montgomery", GN_EC_MONTGOMERY, "A", "B"}, {"jacobi_quartic", GN_EC_JACOBI_QUARTIC, "a", NULL},
                 {"jacobi-quartic", GN_EC_JACOBI_QUARTIC, "a", NULL}};
    size_t t = 0;
    while (t < sizeof types / sizeof types[0] && strcmp(types[t].type, type))
        t++;
    FUZZ_CHECK(t < sizeof types / sizeof types[0] && ec->model == types[t].model);
    static char s[6][HEX];
    gn_limb_t p[BIG], a[BIG], b[BIG] = {1}, gx[BIG], gy[BIG], n[BIG], h[BIG] = {1}, v[BIG];
    FUZZ_CHECK(str_field(mb, nm, "p", NULL, s[0], HEX) && str_field(mb, nm, types[t].a, NULL, s[1], HEX));
    FUZZ_CHECK(str_field(mb, nm, "Gx", "u", s[2], HEX) && str_field(mb, nm, "Gy", "v", s[3], HEX));
    FUZZ_CHECK(str_field(mb, nm, "n", "order", s[4], HEX));
    big_hex(p, s[0]), big_hex(a, s[1]), big_hex(gx, s[2]), big_hex(gy, s[3]), big_hex(n, s[4]);
    if (types[t].b && str_field(mb, nm, types[t].b, NULL, s[5], HEX))
        big_hex(b, s[5]);
    else
        FUZZ_CHECK(ec->model == GN_EC_MONTGOMERY || ec->model == GN_EC_JACOBI_QUARTIC); /* B defaults to 1 */
    if (str_field(mb, nm, "h", "cofactor", s[5], HEX))
        big_hex(h, s[5]);
    /* the context holds the file's values */
    memset(v, 0, sizeof v);
    memcpy(v, ec->fp.p, ec->fp.n * sizeof *v);
    FUZZ_CHECK(gn_mp_cmp_var(v, BIG, p, BIG) == 0);
    const gn_fp_t *fa[4] = {&ec->a, &ec->b, &ec->g.x, &ec->g.y};
    const gn_limb_t *want[4] = {a, b, gx, gy};
    for (int i = 0; i < 4; i++) {
        if (i == 1 && ec->model == GN_EC_JACOBI_QUARTIC)
            continue;
        gn_fp_get_mp(&ec->fp, v, BIG, fa[i]);
        FUZZ_CHECK(gn_mp_cmp_var(v, BIG, want[i], BIG) == 0);
    }
    memset(v, 0, sizeof v);
    memcpy(v, ec->n, sizeof ec->n);
    FUZZ_CHECK(gn_mp_cmp_var(v, BIG, n, BIG) == 0);
    FUZZ_CHECK(gn_mp_bits_var(h, BIG) <= 31 && h[0] == ec->h && ec->h >= 1);
    FUZZ_CHECK(gn_mp_bits_var(n, BIG) >= 2 && hasse(p, n, ec->h));
    if (gn_mp_bits_var(p, BIG) > FZ_BITS)
        return; /* beyond the reference's integers */
    fz_mod_t m;
    fz_int_t fa2, fb2, x, y, t1, t2, one;
    memset(&m, 0, sizeof m);
    fz_of_big(&m.p, p);
    m.bytes = (gn_mp_bits_var(p, BIG) + 7) / 8;
    fz_of_big(&fa2, a), fz_of_big(&fb2, b), fz_of_big(&x, gx), fz_of_big(&y, gy);
    fz_set_u(&m, &one, 1);
    FUZZ_CHECK(is_prime(&m) && m.p.v[0] & 1);
    /* G on the curve, not the neutral element; the discriminant */
    fz_ec_t c;
    c.m = m, c.a = fa2, c.b = fb2, c.ec.model = ec->model;
    FUZZ_CHECK(fz_ec_on_curve(&c, &x, &y));
    switch (ec->model) {
    case GN_EC_WEIERSTRASS: /* 4 a^3 + 27 b^2 */
        fz_mul(&m, &t1, &fa2, &fa2), fz_mul(&m, &t1, &t1, &fa2);
        fz_set_u(&m, &t2, 4), fz_mul(&m, &t1, &t1, &t2);
        fz_mul(&m, &t2, &fb2, &fb2);
        fz_set_u(&m, &one, 27), fz_mul(&m, &t2, &t2, &one);
        fz_add(&m, &t1, &t1, &t2);
        FUZZ_CHECK(!fz_is_zero(&t1));
        break;
    case GN_EC_EDWARDS: /* a d (a - d) */
        fz_sub(&m, &t1, &fa2, &fb2), fz_mul(&m, &t1, &t1, &fa2), fz_mul(&m, &t1, &t1, &fb2);
        FUZZ_CHECK(!fz_is_zero(&t1) && !(fz_is_zero(&x) && fz_eq(&y, &one)));
        break;
    case GN_EC_MONTGOMERY: /* B (A^2 - 4) */
        fz_mul(&m, &t1, &fa2, &fa2), fz_set_u(&m, &t2, 4), fz_sub(&m, &t1, &t1, &t2), fz_mul(&m, &t1, &t1, &fb2);
        FUZZ_CHECK(!fz_is_zero(&t1));
        break;
    default: /* a^2 != 1 */
        fz_mul(&m, &t1, &fa2, &fa2);
        FUZZ_CHECK(!fz_eq(&t1, &one) && !(fz_is_zero(&x) && fz_eq(&y, &one)));
        break;
    }
    if (ec->model == GN_EC_WEIERSTRASS)
        FUZZ_CHECK(order_kills(&m, &fa2, &x, &y, n));
}

static void binary_curve(const member_t *mb, size_t nm, const gn_ec2m_ctx_t *ec)
{
    static char s[6][HEX];
    const member_t *ex = field(mb, nm, "reduction_polynomial_exponents");
    FUZZ_CHECK(ex && *ex->v.p == '[');
    unsigned e[5];
    size_t ne = 0;
    const char *p = ex->v.p + 1;
    for (ws(&p, ex->v.end); *p != ']'; ws(&p, ex->v.end)) {
        double d;
        FUZZ_CHECK(ne < 5 && jnumber(&p, ex->v.end, &d) && d == floor(d) && d >= 0 && d <= GN_F2M_MAX_M);
        e[ne++] = (unsigned)d;
        ws(&p, ex->v.end);
        if (*p == ',')
            p++;
    }
    FUZZ_CHECK(ne == 3 || ne == 5);
    FUZZ_CHECK(ec->f.m == e[0] && ec->f.nk == ne - 2);
    for (size_t i = 1; i + 1 < ne; i++)
        FUZZ_CHECK(ec->f.k[i - 1] == e[i]);
    FUZZ_CHECK(e[ne - 1] == 0);
    const member_t *mm = field(mb, nm, "m");
    if (mm) {
        const char *q = mm->v.p;
        double d;
        FUZZ_CHECK(jnumber(&q, mm->v.end, &d) && d == e[0]);
    }
    fz_poly_t f, a, b, x, y, t;
    fz_poly_zero(&f);
    for (size_t i = 0; i < ne; i++)
        fz_poly_set_bit(&f, e[i]);
    FUZZ_CHECK(fz_poly_irreducible(&f));
    FUZZ_CHECK(str_field(mb, nm, "a", NULL, s[0], HEX) && str_field(mb, nm, "b", NULL, s[1], HEX));
    FUZZ_CHECK(str_field(mb, nm, "Gx", NULL, s[2], HEX) && str_field(mb, nm, "Gy", NULL, s[3], HEX));
    FUZZ_CHECK(str_field(mb, nm, "n", "order", s[4], HEX) && str_field(mb, nm, "h", "cofactor", s[5], HEX));
    gn_limb_t v[BIG], n[BIG], h[BIG];
    fz_poly_t *pv[4] = {&a, &b, &x, &y};
    const gn_f2m_t *cv[4] = {&ec->a, &ec->b, &ec->g.x, &ec->g.y};
    for (int i = 0; i < 4; i++) { /* the file's value, of degree below m, is the context's */
        uint8_t bytes[(GN_F2M_MAX_M + 7) / 8];
        const size_t L = gn_f2m_bytes(&ec->f);
        big_hex(v, s[i]);
        FUZZ_CHECK(gn_mp_to_bytes_be(bytes, L, v, BIG) == GN_OK);
        fz_poly_from_bytes(pv[i], bytes, L);
        FUZZ_CHECK(fz_poly_deg(pv[i]) < (int)e[0]);
        gn_f2m_encode(&ec->f, bytes, cv[i]);
        fz_poly_from_bytes(&t, bytes, L);
        FUZZ_CHECK(fz_poly_eq(&t, pv[i]));
    }
    FUZZ_CHECK(fz_poly_deg(&b) >= 0 && !ec->g.infinity);
    /* y^2 + x y = x^3 + a x^2 + b */
    fz_poly_t l, r, x2;
    fz_poly_mulmod(&x2, &x, &x, &f);
    fz_poly_mulmod(&l, &y, &y, &f);
    fz_poly_mulmod(&t, &x, &y, &f);
    fz_poly_add(&l, &l, &t);
    fz_poly_add(&t, &x, &a);
    fz_poly_mulmod(&r, &x2, &t, &f);
    fz_poly_add(&r, &r, &b);
    FUZZ_CHECK(fz_poly_eq(&l, &r));
    big_hex(n, s[4]), big_hex(h, s[5]);
    uint8_t nb[GN_EC2M_MAX_SCALAR_BYTES];
    FUZZ_CHECK(gn_mp_bits_var(n, BIG) >= 2 && ec->nbytes <= sizeof nb);
    FUZZ_CHECK(gn_mp_to_bytes_be(nb, ec->nbytes, n, BIG) == GN_OK && !memcmp(nb, ec->n, ec->nbytes));
    FUZZ_CHECK(gn_mp_bits_var(h, BIG) <= 31 && h[0] == ec->h);
    gn_limb_t q[BIG] = {0};
    q[e[0] / GN_LIMB_BITS] = (gn_limb_t)1 << (e[0] % GN_LIMB_BITS);
    FUZZ_CHECK(hasse(q, n, ec->h));
}

/* gcd(f, f') = 1 in F_p[x] (f of degree d, coefficients c[0..d]) by Euclid with inverses */
static int squarefree(const fz_mod_t *m, const fz_int_t *c, int d)
{
    fz_int_t a[8], b[8], t, inv;
    int da = d, db = d - 1;
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    for (int i = 0; i <= d; i++)
        a[i] = c[i];
    for (int i = 1; i <= d; i++) {
        fz_set_u(m, &t, (uint64_t)i);
        fz_mul(m, &b[i - 1], &c[i], &t);
    }
    while (db >= 0 && fz_is_zero(&b[db]))
        db--;
    while (db >= 0) { /* a = a mod b, then swap */
        fz_inv(m, &inv, &b[db]);
        while (da >= db) {
            fz_mul(m, &t, &a[da], &inv);
            for (int i = 0; i <= db; i++) {
                fz_int_t u;
                fz_mul(m, &u, &t, &b[i]);
                fz_sub(m, &a[da - db + i], &a[da - db + i], &u);
            }
            while (da >= 0 && fz_is_zero(&a[da]))
                da--;
        }
        for (int i = 0; i < 8; i++) {
            t = a[i], a[i] = b[i], b[i] = t;
        }
        const int k = da;
        da = db, db = k;
    }
    return da == 0; /* a non-zero constant */
}

static void g2_curve(const member_t *mb, size_t nm, const gn_g2_ctx_t *g, const char *text, size_t len)
{
    static char s[8][HEX];
    FUZZ_CHECK(str_field(mb, nm, "type", NULL, s[0], HEX) && !strcmp(s[0], "genus2"));
    FUZZ_CHECK(str_field(mb, nm, "p", NULL, s[0], HEX));
    const member_t *fm = field(mb, nm, "f");
    FUZZ_CHECK(fm && *fm->v.p == '[');
    gn_limb_t p[BIG], v[BIG], c[7][BIG];
    big_hex(p, s[0]);
    memset(v, 0, sizeof v);
    memcpy(v, g->fp.p, g->fp.n * sizeof *v);
    FUZZ_CHECK(gn_mp_cmp_var(v, BIG, p, BIG) == 0);
    size_t nf = 0;
    const char *q = fm->v.p + 1;
    for (ws(&q, fm->v.end); *q != ']'; ws(&q, fm->v.end)) {
        size_t sl;
        int nul;
        FUZZ_CHECK(nf < 7 && *q == '"' && jstring(&q, fm->v.end, s[1 + nf], HEX, &sl, &nul) && !nul && sl < HEX);
        big_hex(c[nf], s[1 + nf]);
        gn_fp_get_mp(&g->fp, v, BIG, &g->f[nf]);
        FUZZ_CHECK(gn_mp_cmp_var(v, BIG, c[nf], BIG) == 0);
        nf++;
        ws(&q, fm->v.end);
        if (*q == ',')
            q++;
    }
    FUZZ_CHECK(nf == 6 || nf == 7);
    const int deg = nf == 7 && gn_mp_bits_var(c[6], BIG) ? 6 : 5;
    FUZZ_CHECK((unsigned)deg == g->deg && gn_mp_bits_var(c[5], BIG) + (deg == 6) > 0);
    if (gn_mp_bits_var(p, BIG) > FZ_BITS)
        return;
    if (seen_before(text, len))
        return;
    fz_mod_t m;
    fz_int_t fc[7];
    memset(&m, 0, sizeof m);
    fz_of_big(&m.p, p);
    m.bytes = (gn_mp_bits_var(p, BIG) + 7) / 8;
    FUZZ_CHECK(is_prime(&m));
    for (int i = 0; i <= deg; i++)
        fz_of_big(&fc[i], c[i]);
    FUZZ_CHECK(squarefree(&m, fc, deg));
}

static int cli_curve_one(const uint8_t *data, size_t size)
{
    static member_t mb[64];
    if (size < 1)
        return 0;
    const char *text = (const char *)data + 1;
    const size_t len = size - 1;
    parse_msg_t msg = {{0}};
    gn_ec_ctx_t ec;
    gn_ec2m_ctx_t ec2m;
    gn_g2_ctx_t g;
    gn_fp_ctx_t fp;
    int binary = -1, r;
    if (data[0] & 1)
        r = parse_g2_json(&msg, text, len, &g, &fp);
    else
        r = parse_curve_json(&msg, text, len, &ec, &ec2m, &binary);
    if (r != 0) {
        fz_check_refusal(&msg);
        return 0;
    }
    accepted++;
    size_t nm;
    saw_nul = 0;
    FUZZ_CHECK(jobject(text, len, mb, 64, &nm) && nm <= 64);
    /* cJSON decodes \u0000, and a \u without four hex digits, into a NUL that would end the C
     * string parse.c reads ("p\u0000" taken for "p"): parse.c refuses such files (regress_nul_*) */
    FUZZ_CHECK(!saw_nul);
    for (size_t i = 0; i < nm; i++) /* no key twice */
        for (size_t k = i + 1; k < nm; k++)
            FUZZ_CHECK(mb[i].key_nul || mb[k].key_nul || mb[i].key_long || strcmp(mb[i].key, mb[k].key));
    if (data[0] & 1) {
        g2_curve(mb, nm, &g, text, len);
        return 0;
    }
    static char type[64];
    FUZZ_CHECK(str_field(mb, nm, "type", NULL, type, sizeof type));
    FUZZ_CHECK(binary == !strcmp(type, "binary_weierstrass"));
    if (seen_before(text, len))
        return 0;
    if (binary)
        binary_curve(mb, nm, &ec2m);
    else
        prime_curve(mb, nm, &ec, type);
    return 0;
}

static const char *const cli_curve_tokens[] = {"{", "}", "[", "]", "\"", ":", ",", " ", "\\u0000", "\\n", "\\\"",
                                               "\"p\": ", "\"type\": ", "\"n\": ", "\"h\": ", "\"order\": ",
                                               "\"cofactor\": ", "\"m\": ", "\"f\": ", "null", "true", "1e2",
                                               "0x", "00", "-0", NULL};

const fuzz_target_t fuzz_target_cli_curve = {"cli_curve", cli_curve_one, 1 + TEXT, 1, cli_curve_tokens, NULL, NULL,
                                             &accepted};
FUZZ_LIBFUZZER_ENTRY(cli_curve_one)
