/* Fuzz target: X25519 and X448 public keys (RFC 7748) through gn_xdh. Every u of 32 or 56 bytes
 * is defined (on the curve or its twist), so every input must give a result or GN_ERR_INFINITY,
 * never another error.
 * Input: byte 0 (bit 0: X25519 or X448; the rest: which further check), then u, then the scalar
 * (missing bytes are zero).
 *
 * Invariants: the result is canonical (below p); it is all zero exactly when GN_ERR_INFINITY is
 * returned, and that happens exactly when u mod p is the x of a point of order dividing the
 * cofactor (the roots in F_p of the division polynomial psi_8 / psi_4, computed with PARI/GP,
 * listed below), or the clamped scalar is a multiple of the prime order of the curve or of its
 * twist; then one further check, chosen by byte 0: the same result on another field kernel
 * with curve formulas (the special-form kernel and the assembly ladders against generic and
 * fixed Montgomery); u and u with the masked top bit set, or u + p / u - p (non-canonical u is
 * taken mod p); the scalar with its clamped bits changed; Diffie-Hellman agreement
 * X(a, X(b, base)) = X(b, X(a, base)); gn_x25519 / gn_x448 / gn_xdh_public against gn_xdh. Wrong
 * lengths are refused with the output zeroed. */
#include <string.h>

#include "fuzz_util.h"
#include "genus/mp.h"
#include "genus/xdh.h"

#define MAX_KERNELS 4

typedef struct spec {
    const char *name;
    size_t len;                    /* bytes of u and of scalars */
    const char *p, *order, *twist; /* p, the prime orders of the curve's subgroup and of the twist's */
    const char *small[6];          /* u of small order (psi_8 or psi_4 roots), NULL-terminated */
} spec_t;

typedef struct xcurve {
    const char *const *small;
    size_t len;
    gn_ec_ctx_t ec[MAX_KERNELS]; /* ec[0]: the default kernel */
    size_t nec;
    fz_mod_t m, ml, mt;
    fz_int_t smallv[5];
} xcurve_t;

static const spec_t specs[2] = {
    {"curve25519", 32, "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
     "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed",
     "1fffffffffffffffffffffffffffffffd6420c42ba10c6534fdb39cb4614581d",
     {"0", "1", "b8495f16056286fdb1329ceb8d09da6ac49ff1fae35616aeb8413b7c7aebe0",
      "57119fd0dd4e22d8868e1c58c45c44045bef839c55b1d0b1248c50a3bc959c5f",
      "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec"}},
    {"curve448", 56,
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
     "400000000000000000000000000000000000000000000000000000000335dc163bb124b65129c96fde933d8d723a70aadc873d6d54a7bb0d",
     {"0", "1",
      "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffffffffffffffffffffffffffffffffffffffffffffffffffffe",
      NULL}},
};
static xcurve_t curves[2];
static size_t accepted;

static void setup(xcurve_t *c, const spec_t *sp)
{
    static const gn_fp_kernel_kind kinds[] = {GN_FP_KERNEL_GENERIC, GN_FP_KERNEL_FIXED, GN_FP_KERNEL_MULX};
    const gn_ec_params_t *prm = NULL;
    for (size_t i = 0; i < gn_ec_named_count(); i++)
        if (!strcmp(gn_ec_named_name(i), sp->name))
            prm = gn_ec_named_params(i);
    FUZZ_CHECK(prm != NULL);
    FUZZ_CHECK(gn_ec_init_named(&c->ec[0], sp->name) == GN_OK);
    c->small = sp->small;
    c->len = sp->len;
    c->nec = 1;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        gn_ec_ctx_t *e = &c->ec[c->nec];
        if (gn_ec_init_kernel(e, prm, kinds[k]) != GN_OK)
            continue; /* not in this build or on this CPU */
        int same = 0;
        for (size_t j = 0; j < c->nec; j++)
            same |= !strcmp(gn_fp_kernel_name(&e->fp), gn_fp_kernel_name(&c->ec[j].fp));
        if (!same)
            c->nec++;
    }
    FUZZ_CHECK(c->nec >= 2); /* the generic kernel at least */
    fz_mod_init_hex(&c->m, sp->p);
    fz_mod_init_hex(&c->ml, sp->order);
    fz_mod_init_hex(&c->mt, sp->twist);
    for (size_t i = 0; c->small[i]; i++)
        fz_from_hex(&c->m, &c->smallv[i], c->small[i]);
}

static int all_zero(const uint8_t *b, size_t len)
{
    int z = 1;
    for (size_t i = 0; i < len; i++)
        z &= b[i] == 0;
    return z;
}

/* x reduced modulo m (any x of at most FZ_BITS bits). */
static void reduce(const fz_mod_t *m, fz_int_t *r, const fz_int_t *x)
{
    fz_int_t zero;
    memset(&zero, 0, sizeof zero);
    fz_add(m, r, x, &zero);
}

/* RFC 7748 5, decodeScalar25519 / decodeScalar448, written again. */
static void clamp(uint8_t *k, size_t len)
{
    if (len == 32) {
        k[0] &= 0xf8;
        k[31] = (uint8_t)((k[31] & 0x7f) | 0x40);
    } else {
        k[0] &= 0xfc;
        k[55] |= 0x80;
    }
}

/* gn_xdh on context ec with the result checked: canonical, zero exactly with GN_ERR_INFINITY,
 * and exactly for a small-order u or a scalar that kills the point's prime-order part. */
static gn_err xdh_checked(const xcurve_t *c, const gn_ec_ctx_t *ec, uint8_t *out, const uint8_t *k,
                          const uint8_t *u)
{
    const size_t len = c->len;
    uint8_t ub[GN_X448_BYTES], kb[GN_X448_BYTES];
    fz_int_t v, t;
    const gn_err e = gn_xdh(ec, out, len, k, len, u, len);
    FUZZ_CHECK(e == GN_OK || e == GN_ERR_INFINITY);
    FUZZ_CHECK(fz_from_bytes(&c->m, &v, out, len, 1));
    FUZZ_CHECK((e == GN_ERR_INFINITY) == all_zero(out, len));
    memcpy(ub, u, len);
    if (len == 32)
        ub[31] &= 0x7f;
    fz_from_bytes(&c->m, &t, ub, len, 1);
    reduce(&c->m, &v, &t);
    int small = 0;
    for (size_t i = 0; c->small[i]; i++)
        small |= fz_eq(&v, &c->smallv[i]);
    if (small)
        FUZZ_CHECK(e == GN_ERR_INFINITY);
    if (e == GN_ERR_INFINITY && !small) {
        fz_int_t a, b;
        memcpy(kb, k, len);
        clamp(kb, len);
        fz_from_bytes(&c->ml, &t, kb, len, 1);
        reduce(&c->ml, &a, &t);
        reduce(&c->mt, &b, &t);
        FUZZ_CHECK(fz_is_zero(&a) || fz_is_zero(&b));
    }
    return e;
}

static int xdh_one(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup(&curves[0], &specs[0]);
        setup(&curves[1], &specs[1]);
        gn_ec_ctx_t p256;
        uint8_t o[32], z[32] = {0};
        FUZZ_CHECK(gn_ec_init_named(&p256, "P-256") == GN_OK);
        FUZZ_CHECK(gn_xdh(&p256, o, 32, z, 32, z, 32) == GN_ERR_UNSUPPORTED);
        ready = 1;
    }
    if (size < 1)
        return 0;
    fz_in_t in = {data + 1, size - 1};
    const xcurve_t *c = &curves[data[0] & 1];
    const unsigned check = (unsigned)(data[0] >> 1 & 7) % 6; /* bits 4-7: the kernel of check 0 */
    const size_t len = c->len;
    uint8_t u[GN_X448_BYTES], k[GN_X448_BYTES], out[GN_X448_BYTES], out2[GN_X448_BYTES], t[GN_X448_BYTES];
    fz_take(&in, u, len);
    fz_take(&in, k, len);
    const gn_err e = xdh_checked(c, &c->ec[0], out, k, u);
    accepted += e == GN_OK;

    switch (check) {
    case 0: { /* another kernel (byte 0's top bits pick it): the same bytes */
        const gn_ec_ctx_t *other = &c->ec[1 + (size_t)(data[0] >> 4) % (c->nec - 1)];
        FUZZ_CHECK(xdh_checked(c, other, out2, k, u) == e);
        FUZZ_CHECK(memcmp(out, out2, len) == 0);
        break;
    }
    case 1: { /* the masked top bit of X25519's u, or a non-canonical u: u +- p where it fits */
        memcpy(t, u, len);
        if (len == 32) {
            t[31] ^= 0x80;
            FUZZ_CHECK(xdh_checked(c, &c->ec[0], out2, k, t) == e && memcmp(out, out2, len) == 0);
            t[31] &= 0x7f;
        }
        fz_int_t a, pp = c->m.p;
        FUZZ_CHECK(gn_mp_from_bytes_le(a.v, FZ_N, t, len) == GN_OK);
        if (gn_mp_cmp_var(a.v, FZ_N, pp.v, FZ_N) >= 0)
            gn_mp_sub(a.v, a.v, pp.v, FZ_N);
        else
            gn_mp_add(a.v, a.v, pp.v, FZ_N);
        if (gn_mp_bits_var(a.v, FZ_N) <= (len == 32 ? 255 : 448)) {
            FUZZ_CHECK(gn_mp_to_bytes_le(t, len, a.v, FZ_N) == GN_OK);
            FUZZ_CHECK(xdh_checked(c, &c->ec[0], out2, k, t) == e && memcmp(out, out2, len) == 0);
        }
        break;
    }
    case 2: /* the bits clamping overwrites do not matter */
        memcpy(t, k, len);
        t[0] ^= (uint8_t)(len == 32 ? 0x07 : 0x03);
        t[len - 1] ^= (uint8_t)(len == 32 ? 0xc0 : 0x80);
        FUZZ_CHECK(xdh_checked(c, &c->ec[0], out2, t, u) == e && memcmp(out, out2, len) == 0);
        break;
    case 3: { /* Diffie-Hellman: a = k, b = u as a scalar */
        uint8_t pa[GN_X448_BYTES], pb[GN_X448_BYTES], sa[GN_X448_BYTES], sb[GN_X448_BYTES];
        FUZZ_CHECK(gn_xdh_public(&c->ec[0], pa, len, k, len) == GN_OK);
        FUZZ_CHECK(gn_xdh_public(&c->ec[0], pb, len, u, len) == GN_OK);
        const gn_err ea = xdh_checked(c, &c->ec[0], sa, k, pb);
        const gn_err eb = xdh_checked(c, &c->ec[0], sb, u, pa);
        FUZZ_CHECK(ea == eb && memcmp(sa, sb, len) == 0);
        break;
    }
    case 4: { /* the one-call functions and the public-key function */
        uint8_t base[GN_X448_BYTES] = {0};
        base[0] = len == 32 ? 9 : 5;
        FUZZ_CHECK((len == 32 ? gn_x25519(out2, k, u) : gn_x448(out2, k, u)) == e);
        FUZZ_CHECK(memcmp(out, out2, len) == 0);
        FUZZ_CHECK(gn_xdh_public(&c->ec[0], out2, len, k, len) == xdh_checked(c, &c->ec[0], t, k, base));
        FUZZ_CHECK(memcmp(out2, t, len) == 0);
        break;
    }
    default: /* wrong lengths: refused, the output zeroed */
        memset(out2, 0xa5, sizeof out2);
        FUZZ_CHECK(gn_xdh(&c->ec[0], out2, len, k, len, u, len - 1) == GN_ERR_INVALID && all_zero(out2, len));
        memset(out2, 0xa5, sizeof out2);
        FUZZ_CHECK(gn_xdh(&c->ec[0], out2, len, k, len + 1, u, len) == GN_ERR_INVALID && all_zero(out2, len));
        memset(out2, 0xa5, sizeof out2);
        FUZZ_CHECK(gn_xdh(&c->ec[0], out2, len - 1, k, len, u, len) == GN_ERR_INVALID && all_zero(out2, len - 1));
        break;
    }
    return 0;
}

/* The small-order u, p and p + 1 (non-canonical), 2^255 - 1 and 2^448 - 1, with scalar 0, each
 * through every check. */
static void xdh_edges(void (*run)(const uint8_t *, size_t))
{
    uint8_t d[1 + 2 * GN_X448_BYTES];
    xdh_one(NULL, 0);
    for (unsigned cv = 0; cv < 2; cv++) {
        const xcurve_t *c = &curves[cv];
        const size_t len = c->len;
        fz_int_t vals[8];
        size_t n = 0;
        for (size_t i = 0; c->small[i]; i++)
            vals[n++] = c->smallv[i];
        vals[n++] = c->m.p;
        vals[n] = c->m.p;
        gn_mp_add_limb(vals[n].v, vals[n].v, FZ_N, 1);
        n++;
        n++; /* all ones, written below */
        for (size_t i = 0; i < n; i++) {
            memset(d, 0, sizeof d);
            if (i + 1 == n) /* all ones */
                memset(d + 1, 0xff, len);
            else
                FUZZ_CHECK(gn_mp_to_bytes_le(d + 1, len, vals[i].v, FZ_N) == GN_OK);
            for (unsigned check = 0; check < 6 + MAX_KERNELS - 1; check++) { /* 0 once per kernel */
                d[0] = (uint8_t)(cv | (check < 6 ? check << 1 : (check - 6) << 4));
                run(d, 1 + 2 * len);
            }
        }
    }
}

const fuzz_target_t fuzz_target_xdh = {"xdh", xdh_one, 1 + 2 * GN_X448_BYTES, 1, NULL, NULL, xdh_edges, &accepted};
FUZZ_LIBFUZZER_ENTRY(xdh_one)
