/*
 * The GLV endomorphism (Gallant, Lambert, Vanstone, "Faster point multiplication on elliptic
 * curves with efficient endomorphisms", CRYPTO 2001): on y^2 = x^3 + b over p = 1 mod 3,
 * phi(x, y) = (beta x, y) with beta^3 = 1 acts on the subgroup of order n as [lambda], lambda^3 = 1
 * mod n. A scalar k splits as k = k1 + k2 lambda mod n with |k1|, |k2| about sqrt(n), so that
 * [k] P = [k1] P + [k2] phi(P) takes half the doublings (src/scalar/mul.c).
 *
 * The split (GLV section 4): (k, 0) = beta1 v1 + beta2 v2 over Q for the reduced basis v1, v2 of
 * the lattice {(x, y): x + y lambda = 0 mod n}; with c_i = round(beta_i),
 * (k1, k2) = (k, 0) - c1 v1 - c2 v2 is short. beta1 = k b2 / n and beta2 = -k b1 / n are rounded
 * through g1 = round(2^s b2 / n), g2 = round(-2^s b1 / n) (the usual precomputation, s >= bits(n)
 * + 64 so the error stays far below 1/2): c_i = floor(k g_i / 2^s) + bit s - 1 of k g_i. Fixed
 * widths, no branch on k; everything after the c_i is computed modulo 2^(W limbs), which holds
 * the short signed results exactly.
 */
#include <string.h>

#include "ec/ec_internal.h"
#include "genus/mp.h"
#include "util/ct.h"

#define GL GN_EC_ORDER_LIMBS
#define W GN_LIMB_BITS

static size_t limbs_for(size_t bits)
{
    return (bits + W - 1) / W;
}

/* r = mask ? -a : a modulo 2^(W n) (two's complement); constant time. */
static void cneg(gn_limb_t *r, const gn_limb_t *a, size_t n, gn_limb_t mask)
{
    gn_limb_t c = mask & 1;
    for (size_t i = 0; i < n; i++) {
        gn_limb_t t = (a[i] ^ mask) + c;
        c = (gn_limb_t)(t < c);
        r[i] = t;
    }
}

/* A signed hexadecimal integer as two's complement over GL limbs. */
static int parse_signed(gn_limb_t *r, const char *hex)
{
    int neg = hex && hex[0] == '-';
    if (!hex || gn_mp_from_hex(r, GL, hex + neg, strlen(hex + neg)) != GN_OK)
        return 0;
    cneg(r, r, GL, neg ? GN_LIMB_MAX : 0);
    return 1;
}

/* x^3 = 1 mod m (nl limbs) and x != 1, for x < m; public data, variable time. */
static int cube_root_of_unity_mod(const gn_limb_t *x, const gn_limb_t *m, size_t nl)
{
    gn_limb_t sq[2 * GL], r[GL], c[2 * GL], one[GL] = {1};
    if (gn_mp_cmp_var(x, nl, m, nl) >= 0 || gn_mp_cmp_var(x, nl, one, 1) == 0)
        return 0;
    gn_mp_sqr(sq, x, nl);
    if (gn_mp_divrem_var(NULL, r, sq, 2 * nl, m, nl) != GN_OK)
        return 0;
    gn_mp_mul(c, r, nl, x, nl);
    if (gn_mp_divrem_var(NULL, r, c, 2 * nl, m, nl) != GN_OK)
        return 0;
    return gn_mp_cmp_var(r, nl, one, 1) == 0;
}

static int setup(gn_ec_ctx_t *ec, const gn_ec_endo_hex_t *h, int trusted)
{
    gn_ec_glv_t *g = &ec->glv;
    const gn_fp_ctx_t *f = &ec->fp;
    const size_t nl = limbs_for(ec->n_bits);
    /* phi = [lambda] on all of E(F_p) needs h = 1 (the multiplication takes any point) */
    if (ec->model != GN_EC_WEIERSTRASS || ec->a_kind != GN_EC_A_ZERO || ec->h != 1 || !h->beta)
        return 0;
    if (h->shift % 64 || h->shift < ec->n_bits + 64 || h->shift > W * GL || h->bits + 2 > W * GL / 2)
        return 0;
    g->shift = h->shift;
    g->bits = h->bits;
    g->limbs = limbs_for(h->bits + 1);
    /* beta^3 = 1 in F_p, beta != 1 */
    gn_limb_t t[GN_FP_MAX_LIMBS];
    gn_fp_t b3, one;
    if (gn_mp_from_hex(t, GN_FP_MAX_LIMBS, h->beta, strlen(h->beta)) != GN_OK ||
        gn_fp_set_mp(f, &g->beta, t, GN_FP_MAX_LIMBS) != GN_OK)
        return 0;
    gn_fp_set_one(f, &one);
    gn_fp_sqr(f, &b3, &g->beta);
    gn_fp_mul(f, &b3, &b3, &g->beta);
    if (!gn_fp_eq(f, &b3, &one) || gn_fp_eq(f, &g->beta, &one))
        return 0;
    /* lambda^3 = 1 mod n, lambda != 1 */
    if (gn_mp_from_hex(g->lambda, GL, h->lambda, strlen(h->lambda)) != GN_OK ||
        !cube_root_of_unity_mod(g->lambda, ec->n, nl))
        return 0;
    /* the basis, v1 + v2, g1, g2 */
    for (int i = 0; i < 4; i++)
        if (!parse_signed(g->v[i / 2][i % 2], h->v[i]))
            return 0;
    gn_mp_add(g->v[2][0], g->v[0][0], g->v[1][0], GL);
    gn_mp_add(g->v[2][1], g->v[0][1], g->v[1][1], GL);
    size_t gbits = 0;
    for (int i = 0; i < 2; i++) {
        if (!parse_signed(g->g[i], h->g[i]) || (g->g[i][GL - 1] >> (W - 1)))
            return 0;
        size_t b = gn_mp_bits_var(g->g[i], GL);
        gbits = b > gbits ? b : gbits;
    }
    g->glimbs = limbs_for(gbits);
    if (nl + g->glimbs > 2 * GL || g->shift / W >= nl + g->glimbs || g->limbs > GL)
        return 0;
    /* the parity patterns of v1, v2, v1 + v2 are distinct and nonzero (det = n is odd), so
     * one of them makes both halves odd (gn_ec_glv_split) */
    for (int i = 0; i < 3; i++) {
        g->par[i] = (unsigned)((g->v[i][0][0] & 1) | ((g->v[i][1][0] & 1) << 1));
        if (!g->par[i] || (i && g->par[i] == g->par[0]) || (i == 2 && g->par[2] == g->par[1]))
            return 0;
    }
    if (!trusted) { /* the pairing of beta with lambda: phi(G) = [lambda] G (public, variable time) */
        uint8_t lb[GL * sizeof(gn_limb_t)];
        gn_ec_point_t lg;
        if (gn_mp_to_bytes_be(lb, sizeof lb, g->lambda, GL) != GN_OK ||
            gn_ec_mul(ec, &lg, lb, sizeof lb, &ec->g, GN_EC_JACOBIAN, GN_EC_L2R, 0) != GN_OK)
            return 0;
        gn_fp_t bx;
        gn_fp_mul(f, &bx, &ec->g.x, &g->beta);
        if (lg.infinity || !gn_fp_eq(f, &lg.x, &bx) || !gn_fp_eq(f, &lg.y, &ec->g.y))
            return 0;
    }
    return 1;
}

void gn_ec_setup_glv(gn_ec_ctx_t *ec, const gn_ec_endo_hex_t *h, int trusted)
{
    memset(&ec->glv, 0, sizeof ec->glv);
    if (h && setup(ec, h, trusted))
        ec->glv.on = 1;
    else
        memset(&ec->glv, 0, sizeof ec->glv);
}

void gn_ec_glv_split(const gn_ec_ctx_t *ec, gn_limb_t *k1, gn_limb_t *k2, gn_limb_t *neg1, gn_limb_t *neg2,
                     const gn_limb_t *k)
{
    const gn_ec_glv_t *g = &ec->glv;
    const size_t nl = limbs_for(ec->n_bits), L = g->limbs, pl = nl + g->glimbs, sl = g->shift / W;
    gn_limb_t prod[2 * GL], c[2][GL], t[2 * GL], v[GL];
    /* c_i = round(k g_i / 2^s): the limbs from s up, plus bit s - 1 (s is limb-aligned) */
    for (int i = 0; i < 2; i++) {
        gn_mp_mul(prod, k, nl, g->g[i], g->glimbs);
        for (size_t j = 0; j < L; j++)
            c[i][j] = sl + j < pl ? prod[sl + j] : 0;
        gn_mp_add_limb(c[i], c[i], L, prod[sl - 1] >> (W - 1));
    }
    /* (k1, k2) = (k, 0) - c1 v1 - c2 v2, modulo 2^(W L) */
    for (size_t j = 0; j < L; j++) {
        k1[j] = j < nl ? k[j] : 0;
        k2[j] = 0;
    }
    for (int i = 0; i < 2; i++) {
        gn_mp_mul(t, c[i], L, g->v[i][0], L);
        gn_mp_sub(k1, k1, t, L);
        gn_mp_mul(t, c[i], L, g->v[i][1], L);
        gn_mp_sub(k2, k2, t, L);
    }
    /* both halves odd for the regular recoding: add the lattice vector among v1, v2, v1 + v2
     * whose parities are those of (k1 + 1, k2 + 1) (none when both are odd); k is unchanged
     * modulo n, the bound grows by that vector (ec->glv.bits counts it) */
    gn_limb_t pat = ((k1[0] & 1) ^ 1) | (((k2[0] & 1) ^ 1) << 1);
    for (int i = 0; i < 3; i++) {
        gn_limb_t m = ct_eq(pat, (gn_limb_t)g->par[i]);
        for (size_t j = 0; j < L; j++)
            v[j] = g->v[i][0][j] & m;
        gn_mp_add(k1, k1, v, L);
        for (size_t j = 0; j < L; j++)
            v[j] = g->v[i][1][j] & m;
        gn_mp_add(k2, k2, v, L);
    }
    /* signs out, magnitudes in */
    *neg1 = ct_mask_msb(k1[L - 1]);
    *neg2 = ct_mask_msb(k2[L - 1]);
    cneg(k1, k1, L, *neg1);
    cneg(k2, k2, L, *neg2);
    gn_memzero(prod, sizeof prod);
    gn_memzero(c, sizeof c);
    gn_memzero(t, sizeof t);
    gn_memzero(v, sizeof v);
}
