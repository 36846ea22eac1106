/* Curve contexts from text parameters, the named-curve table, and the curve equation. */
#include <string.h>

#include "ec2m_internal.h"
#include "genus/fp.h"
#include "genus/mp.h"

/* A hex integer of degree < m into r. */
static gn_err parse_fe(const gn_f2m_ctx_t *f, fe *r, const char *s)
{
    gn_limb_t v[GN_F2M_MAX_LIMBS + 1];
    gn_err e = gn_mp_from_hex(v, GN_F2M_MAX_LIMBS + 1, s, strlen(s));
    return e != GN_OK ? e : gn_f2m_set_mp(f, r, v, GN_F2M_MAX_LIMBS + 1);
}

/* A hex order into big-endian bytes without leading zeros. */
static gn_err parse_order(gn_ec2m_ctx_t *ec, const char *s)
{
    gn_limb_t v[GN_EC2M_MAX_SCALAR_BYTES / sizeof(gn_limb_t)];
    uint8_t b[GN_EC2M_MAX_SCALAR_BYTES];
    const size_t nl = sizeof v / sizeof v[0];
    gn_err e = gn_mp_from_hex(v, nl, s, strlen(s));
    if (e != GN_OK)
        return e;
    for (size_t i = 0; i < sizeof b; i++)
        b[sizeof b - 1 - i] = (uint8_t)(v[i / sizeof(gn_limb_t)] >> (8 * (i % sizeof(gn_limb_t))));
    size_t z = 0;
    while (z < sizeof b && b[z] == 0)
        z++;
    ec->nbytes = sizeof b - z;
    memcpy(ec->n, b + z, ec->nbytes);
    /* n = 0 or 1 is no order */
    return ec->nbytes == 0 || (ec->nbytes == 1 && ec->n[0] == 1) ? GN_ERR_BAD_ORDER : GN_OK;
}

/* Hasse's bound for the declared group order h n: |h n - (2^m + 1)| <= 2^(m/2 + 1). The
 * protocols trust h (h = 1 skips the subgroup check of a peer's key), so a cofactor that is not
 * the group's is refused here, not there. */
static gn_err check_hasse(const gn_ec2m_ctx_t *ec)
{
    enum { L = GN_EC2M_MAX_SCALAR_BYTES / sizeof(gn_limb_t) + 2 };
    const unsigned m = ec->f.m, e = (m + 3) / 2; /* 2 sqrt(2^m) <= 2^e, m odd too */
    gn_limb_t n[L], hn[L], q[L] = {0}, d[L], bound[L] = {0};
    if (gn_mp_from_bytes_be(n, L, ec->n, ec->nbytes) != GN_OK)
        return GN_ERR_BAD_ORDER;
    if (gn_mp_mul_limb(hn, n, L, ec->h) != 0)
        return GN_ERR_BAD_ORDER;
    q[m / GN_LIMB_BITS] = (gn_limb_t)1 << (m % GN_LIMB_BITS);
    q[0] |= 1;
    bound[e / GN_LIMB_BITS] = (gn_limb_t)1 << (e % GN_LIMB_BITS);
    if (gn_mp_sub(d, hn, q, L))
        (void)gn_mp_sub(d, q, hn, L);
    return gn_mp_cmp_var(d, L, bound, L) > 0 ? GN_ERR_BAD_ORDER : GN_OK;
}

/* Fields of at most this degree have their curves' points counted at set-up (2^16 traces). */
#define COUNT_POINTS_M 16

/* #E = 2^m + 1 + sum over x of (1 - 2 Tr(x + a + b / x^2)) for x != 0, and (0, sqrt(b)) for x = 0:
 * y^2 + xy = rhs has two roots when Tr(rhs / x^2) = 0, none otherwise (HMV 3.1.2). */
static uint64_t count_points_var(const gn_ec2m_ctx_t *ec)
{
    const gn_f2m_ctx_t *f = &ec->f;
    uint64_t count = 2; /* infinity and (0, sqrt(b)) */
    for (gn_limb_t i = 1; i < ((gn_limb_t)1 << f->m); i++) {
        fe x, t, u;
        if (gn_f2m_set_mp(f, &x, &i, 1) != GN_OK || gn_f2m_inv(f, &t, &x) != GN_OK)
            continue;
        SQR(&t, &t);
        MUL(&t, &t, &ec->b);
        ADD(&u, &x, &ec->a);
        ADD(&t, &t, &u);
        count += gn_f2m_trace(f, &t) ? 0 : 2;
    }
    return count;
}

/* Whether h n is proven to be the group order (see gn_ec2m_init): n prime and n > 4 sqrt(2^m),
 * i.e. n >= 2^(ceil(m/2) + 2), or the points counted for m <= COUNT_POINTS_M. */
static gn_err set_order_exact(gn_ec2m_ctx_t *ec)
{
    enum { L = GN_EC2M_MAX_SCALAR_BYTES / sizeof(gn_limb_t) + 1 };
    gn_limb_t n[L];
    if (gn_mp_from_bytes_be(n, L, ec->n, ec->nbytes) != GN_OK)
        return GN_ERR_BAD_ORDER;
    const size_t bits = gn_mp_bits_var(n, L), m = ec->f.m;
    ec->n_prime = gn_mp_is_prime_var(n, (bits + GN_LIMB_BITS - 1) / GN_LIMB_BITS);
    ec->order_exact = ec->n_prime && bits >= (m + 1) / 2 + 3;
    if (!ec->order_exact && m <= COUNT_POINTS_M) {
        if (bits > 32 || (uint64_t)n[0] * ec->h != count_points_var(ec))
            return GN_ERR_BAD_ORDER;
        ec->order_exact = 1;
    }
    return GN_OK;
}

gn_err gn_ec2m_init(gn_ec2m_ctx_t *ec, const gn_ec2m_params_t *p)
{
    if (!ec || !p || !p->a || !p->b)
        return GN_ERR_INVALID;
    memset(ec, 0, sizeof *ec);
    ec->name = p->name;
    gn_err e = gn_f2m_init(&ec->f, p->exps, p->nexp);
    if (e == GN_OK)
        e = parse_fe(&ec->f, &ec->a, p->a);
    if (e == GN_OK)
        e = parse_fe(&ec->f, &ec->b, p->b);
    if (e != GN_OK)
        return e;
    if (gn_f2m_is_zero(&ec->f, &ec->b))
        return GN_ERR_SINGULAR; /* b = 0: the discriminant of y^2 + xy = x^3 + a x^2 + b is b */
    fe one;
    gn_f2m_set_one(&ec->f, &one);
    ec->a_is_one = ec2m_eq_var(ec, &ec->a, &one) ? GN_LIMB_MAX : 0;
    gn_ec2m_set_infinity(ec, &ec->g);
    if (p->gx && p->gy) {
        if ((e = parse_fe(&ec->f, &ec->g.x, p->gx)) != GN_OK || (e = parse_fe(&ec->f, &ec->g.y, p->gy)) != GN_OK)
            return e;
        ec->g.infinity = 0;
        if (!gn_ec2m_is_on_curve(ec, &ec->g))
            return GN_ERR_NOT_ON_CURVE;
    }
    if (p->h) {
        gn_limb_t h;
        if ((e = gn_mp_from_hex(&h, 1, p->h, strlen(p->h))) != GN_OK)
            return e;
        if (h == 0 || h > 0xffff)
            return GN_ERR_BAD_ORDER;
        ec->h = (unsigned)h;
    }
    if (p->n) {
        if ((e = parse_order(ec, p->n)) != GN_OK)
            return e;
        if (!ec->g.infinity) {
            gn_ec2m_point_t t;
            if (gn_ec2m_mul_wnaf_var(ec, &t, ec->n, ec->nbytes, &ec->g, 0) != GN_OK || !t.infinity)
                return GN_ERR_BAD_ORDER;
        }
        if (ec->h && (e = check_hasse(ec)) != GN_OK)
            return e;
        if (ec->h && !ec->g.infinity)
            return set_order_exact(ec);
    }
    return GN_OK;
}

gn_limb_t gn_ec2m_is_on_curve(const gn_ec2m_ctx_t *ec, const gn_ec2m_point_t *p)
{
    const gn_f2m_ctx_t *f = &ec->f;
    fe l, r, t;
    /* (y + x) y = y^2 + xy against x^2 (x + a) + b */
    ADD(&t, &p->y, &p->x);
    MUL(&l, &t, &p->y);
    ADD(&t, &p->x, &ec->a);
    SQR(&r, &p->x);
    MUL(&r, &r, &t);
    ADD(&r, &r, &ec->b);
    ADD(&l, &l, &r);
    gn_limb_t inf = ct_mask_bit((gn_limb_t)(p->infinity != 0));
    return gn_f2m_is_zero(f, &l) | inf;
}

void gn_ec2m_set_infinity(const gn_ec2m_ctx_t *ec, gn_ec2m_point_t *r)
{
    gn_f2m_set_zero(&ec->f, &r->x);
    gn_f2m_set_zero(&ec->f, &r->y);
    r->infinity = 1;
}

/* ---- named curves (tools/gen_named_binary_curves.py from data/curves.json) ---- */
typedef struct named {
    const char *aliases;
    gn_ec2m_params_t params;
} named_t;

#define NAMED(name, aliases, e0, e1, e2, e3, e4, nexp, a, b, gx, gy, n, h) \
    {aliases, {name, {e0, e1, e2, e3, e4}, nexp, a, b, gx, gy, n, h}},
static const named_t NAMED_CURVES[] = {
#include "named_curves.inc"
};
#undef NAMED
#define NNAMED (sizeof NAMED_CURVES / sizeof NAMED_CURVES[0])

size_t gn_ec2m_named_count(void)
{
    return NNAMED;
}

const char *gn_ec2m_named_name(size_t i)
{
    return i < NNAMED ? NAMED_CURVES[i].params.name : NULL;
}

const char *gn_ec2m_named_aliases(size_t i)
{
    return i < NNAMED ? NAMED_CURVES[i].aliases : NULL;
}

const gn_ec2m_params_t *gn_ec2m_named_params(size_t i)
{
    return i < NNAMED ? &NAMED_CURVES[i].params : NULL;
}

/* Case-insensitive comparison of s with a word of a blank-separated list. */
static int in_list(const char *list, const char *s)
{
    size_t n = strlen(s);
    for (const char *w = list; *w;) {
        size_t l = strcspn(w, " ");
        if (l == n) {
            size_t i = 0;
            while (i < n && (w[i] | 0x20) == (s[i] | 0x20))
                i++;
            if (i == n)
                return 1;
        }
        w += l;
        w += *w == ' ';
    }
    return 0;
}

gn_err gn_ec2m_init_named(gn_ec2m_ctx_t *ec, const char *name)
{
    if (!name)
        return GN_ERR_INVALID;
    for (size_t i = 0; i < NNAMED; i++)
        if (in_list(NAMED_CURVES[i].params.name, name) || in_list(NAMED_CURVES[i].aliases, name))
            return gn_ec2m_init(ec, &NAMED_CURVES[i].params);
    return GN_ERR_UNKNOWN_CURVE;
}
