/* genus for GP: genusellmul, genuselladd, genusecdh. */
#include "gp/gp_internal.h"

/* genusellmul(E, P, k, {kernel}): [k] P by width-w NAF in Jacobian (F_p) or Lopez-Dahab (F_2^m)
 * coordinates: variable time, as ellmul is (genusecdh is the constant-time call for secrets); on
 * genus's named curves by the library's default, which knows the order */
GEN gn_gp_ellmul(GEN E, GEN P, GEN k, const char *kernel)
{
    static const char fn[] = "genusellmul";
    pari_sp av = avma;
    uint8_t kb[GN_EC_MAX_SCALAR_BYTES];
    int neg;
    if (gng_over_f2m(E)) {
        if (kernel)
            gng_fail(fn, "the kernel choice is for prime fields");
        GEN field;
        const gn_ec2m_ctx_t *ec = gng_f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t p, r;
        gng_f2m_point(fn, ec, field, P, &p, "P");
        size_t kl = gng_scalar_bytes(fn, k, kb, GN_EC2M_MAX_SCALAR_BYTES, &neg);
        gn_err e = gn_ec2m_mul_wnaf_var(ec, &r, kb, kl, &p, 0);
        if (e != GN_OK)
            gng_fail_err(fn, e);
        if (neg)
            gn_ec2m_neg(ec, &r, &r);
        return gerepilecopy(av, gng_f2m_point_out(ec, field, &r));
    }
    GEN p;
    const fp_curve *c = gng_fp_curve_of(fn, E, gng_kernel_kind(fn, kernel), &p);
    const gn_ec_ctx_t *ec = &c->ec;
    gn_ec_point_t q, r;
    gng_fp_point(fn, ec, p, P, &q, "P");
    size_t kl = gng_scalar_bytes(fn, k, kb, sizeof kb, &neg);
    gn_err e = c->named ? gn_ec_mul(ec, &r, kb, kl, &q, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0)
                        : gn_ec_mul(ec, &r, kb, kl, &q, GN_EC_JACOBIAN, GN_EC_WNAF, 0);
    if (e != GN_OK)
        gng_fail_err(fn, e);
    if (neg)
        gn_ec_neg(ec, &r, &r);
    return gerepilecopy(av, gng_fp_point_out(ec, p, &r));
}

/* genuselladd(E, P, Q, {kernel}): P + Q */
GEN gn_gp_elladd(GEN E, GEN P, GEN Q, const char *kernel)
{
    static const char fn[] = "genuselladd";
    pari_sp av = avma;
    if (gng_over_f2m(E)) {
        if (kernel)
            gng_fail(fn, "the kernel choice is for prime fields");
        GEN field;
        const gn_ec2m_ctx_t *ec = gng_f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t a, b, r;
        gng_f2m_point(fn, ec, field, P, &a, "P");
        gng_f2m_point(fn, ec, field, Q, &b, "Q");
        gn_ec2m_add_var(ec, &r, &a, &b);
        return gerepilecopy(av, gng_f2m_point_out(ec, field, &r));
    }
    GEN p;
    const gn_ec_ctx_t *ec = &gng_fp_curve_of(fn, E, gng_kernel_kind(fn, kernel), &p)->ec;
    gn_ec_point_t a, b, r;
    gng_fp_point(fn, ec, p, P, &a, "P");
    gng_fp_point(fn, ec, p, Q, &b, "Q");
    gn_ec_add_var(ec, &r, &a, &b);
    return gerepilecopy(av, gng_fp_point_out(ec, p, &r));
}

/* The subgroup order for ECDH: n as given, or the largest prime n = #E / h with h < 2^16 from
 * PARI's point count (ellcard: SEA, seconds at 256 bits the first time, then cached in E). */
static GEN ecdh_order(const char *fn, GEN E, GEN n)
{
    if (n) {
        if (typ(n) != t_INT || signe(n) <= 0)
            gng_fail(fn, "n must be a positive integer (the order of the subgroup)");
        return n;
    }
    GEN N = ellcard(E, NULL);
    for (ulong h = 1; h < 65536; h++) {
        if (umodiu(N, h))
            continue;
        GEN q = diviuexact(N, h);
        if (cmpiu(q, 1) > 0 && BPSW_psp(q))
            return q;
    }
    gng_fail(fn, "the group order has no prime factor with a cofactor below 2^16");
    return NULL;
}

/* The cofactor: (q + 1) / n rounded, the only multiple in Hasse's interval when n > 4 sqrt(q)
 * (genus checks the bound and n's primality) */
static gn_limb_t ecdh_cofactor(const char *fn, GEN q, GEN n)
{
    pari_sp av = avma;
    GEN h = diviiround(addiu(q, 1), n);
    if (lgefint(h) > 3 || !signe(h))
        gng_fail(fn, "n is too small for a cofactor: the subgroup's order must exceed 4 sqrt(#F)");
    gn_limb_t r = (gn_limb_t)*int_W(h, 0);
    set_avma(av);
    return r;
}

static void ecdh_fail(const char *fn, gn_err e)
{
    if (e == GN_ERR_BAD_ORDER || e == GN_ERR_INFINITY)
        gng_fail(fn, "Q is not a point of the subgroup of order n (or n is not its order)");
    gng_fail_err(fn, e);
}

/* genusecdh(E, d, Q, {n}): the ECDH primitive (SEC1 3.3.1) on E's subgroup of prime order n:
 * x([d] Q) for d in [1, n - 1], Q validated (on the curve, of order n: the domain is built with
 * Q as its base point, so genus's set-up proves n Q = 0); an element of E's field. */
GEN gn_gp_ecdh(GEN E, GEN d, GEN Q, GEN n)
{
    static const char fn[] = "genusecdh";
    pari_sp av = avma;
    uint8_t db[GN_EC_MAX_SCALAR_BYTES], z[GN_FP_MAX_BITS / 8 + 1];
    if (typ(d) != t_INT || signe(d) <= 0)
        gng_fail(fn, "the private key d must be a positive integer below n");
    if (gng_over_f2m(E)) {
        GEN field;
        gn_ec2m_ctx_t *ec = (gn_ec2m_ctx_t *)stack_malloc(sizeof *ec); /* PARI's stack: freed by the unwind */
        *ec = *gng_f2m_curve_of(fn, E, &field);
        gn_ec2m_point_t q;
        gng_f2m_point(fn, ec, field, Q, &q, "Q");
        if (q.infinity)
            gng_fail(fn, "Q must not be the point at infinity");
        n = ecdh_order(fn, E, n);
        gn_limb_t x[GN_F2M_MAX_LIMBS], y[GN_F2M_MAX_LIMBS], a[GN_F2M_MAX_LIMBS], b[GN_F2M_MAX_LIMBS];
        gn_limb_t nl[GN_F2M_MAX_LIMBS + 1], hl[1];
        gn_f2m_get_mp(&ec->f, x, GN_F2M_MAX_LIMBS, &q.x);
        gn_f2m_get_mp(&ec->f, y, GN_F2M_MAX_LIMBS, &q.y);
        gn_f2m_get_mp(&ec->f, a, GN_F2M_MAX_LIMBS, &ec->a);
        gn_f2m_get_mp(&ec->f, b, GN_F2M_MAX_LIMBS, &ec->b);
        gng_int_to_limbs(fn, n, nl, GN_F2M_MAX_LIMBS + 1, "n");
        hl[0] = ecdh_cofactor(fn, int2n((long)ec->f.m), n);
        char xh[2 * GN_F2M_MAX_LIMBS * 8 + 1], yh[sizeof xh], ah[sizeof xh], bh[sizeof xh], nh[sizeof xh + 16], hh[20];
        gng_hex(fn, xh, sizeof xh, x, GN_F2M_MAX_LIMBS);
        gng_hex(fn, yh, sizeof yh, y, GN_F2M_MAX_LIMBS);
        gng_hex(fn, ah, sizeof ah, a, GN_F2M_MAX_LIMBS);
        gng_hex(fn, bh, sizeof bh, b, GN_F2M_MAX_LIMBS);
        gng_hex(fn, nh, sizeof nh, nl, GN_F2M_MAX_LIMBS + 1);
        gng_hex(fn, hh, sizeof hh, hl, 1);
        gn_ec2m_params_t prm = {.name = "gp", .nexp = ec->f.nk + 2, .a = ah, .b = bh, .gx = xh, .gy = yh, .n = nh, .h = hh};
        prm.exps[0] = ec->f.m;
        for (unsigned i = 0; i < ec->f.nk; i++)
            prm.exps[1 + i] = ec->f.k[i];
        prm.exps[ec->f.nk + 1] = 0;
        gn_err e = gn_ec2m_init(ec, &prm);
        if (e != GN_OK)
            ecdh_fail(fn, e);
        if (cmpii(d, n) >= 0)
            gng_fail(fn, "the private key d must be below n");
        size_t dl = (size_t)(expi(n) + 8) / 8;
        gng_key_bytes(fn, d, db, dl);
        if ((e = gn_ec2m_ecdh(ec, z, sizeof z, db, dl, &q, GN_ECDH_STANDARD)) != GN_OK)
            gng_fail_err(fn, e);
        gn_limb_t zl[GN_F2M_MAX_LIMBS];
        if (gn_mp_from_bytes_be(zl, GN_F2M_MAX_LIMBS, z, gn_f2m_bytes(&ec->f)) != GN_OK)
            gng_fail(fn, "internal: the secret does not convert");
        return gerepilecopy(av, gng_ff_from_bits(zl, field, (long)ec->f.m));
    }
    GEN p;
    gn_ec_ctx_t *ec = (gn_ec_ctx_t *)stack_malloc(sizeof *ec);
    *ec = gng_fp_curve_of(fn, E, GN_FP_KERNEL_AUTO, &p)->ec;
    gn_ec_point_t q;
    gng_fp_point(fn, ec, p, Q, &q, "Q");
    if (q.infinity)
        gng_fail(fn, "Q must not be the point at infinity");
    n = ecdh_order(fn, E, n);
    gn_limb_t pl[GN_FP_MAX_LIMBS], a[GN_FP_MAX_LIMBS], b[GN_FP_MAX_LIMBS], x[GN_FP_MAX_LIMBS], y[GN_FP_MAX_LIMBS];
    gn_limb_t nl[GN_FP_MAX_LIMBS + 1], hl[1];
    gng_int_to_limbs(fn, p, pl, GN_FP_MAX_LIMBS, "p");
    gng_fp_value(fn, ell_get_a4(E), p, a, "a4");
    gng_fp_value(fn, ell_get_a6(E), p, b, "a6");
    gn_fp_get_mp(&ec->fp, x, GN_FP_MAX_LIMBS, &q.x);
    gn_fp_get_mp(&ec->fp, y, GN_FP_MAX_LIMBS, &q.y);
    gng_int_to_limbs(fn, n, nl, GN_FP_MAX_LIMBS + 1, "n");
    hl[0] = ecdh_cofactor(fn, p, n);
    char ph[2 * GN_FP_MAX_BITS / 8 + 1], ah[sizeof ph], bh[sizeof ph], xh[sizeof ph], yh[sizeof ph], nh[sizeof ph + 16],
        hh[20];
    gng_hex(fn, ph, sizeof ph, pl, GN_FP_MAX_LIMBS);
    gng_hex(fn, ah, sizeof ah, a, GN_FP_MAX_LIMBS);
    gng_hex(fn, bh, sizeof bh, b, GN_FP_MAX_LIMBS);
    gng_hex(fn, xh, sizeof xh, x, GN_FP_MAX_LIMBS);
    gng_hex(fn, yh, sizeof yh, y, GN_FP_MAX_LIMBS);
    gng_hex(fn, nh, sizeof nh, nl, GN_FP_MAX_LIMBS + 1);
    gng_hex(fn, hh, sizeof hh, hl, 1);
    gn_ec_params_t prm = {.model = GN_EC_WEIERSTRASS, .p = ph, .a = ah, .b = bh, .gx = xh, .gy = yh, .n = nh, .h = hh,
                          .name = "gp"};
    gn_err e = gn_ec_init(ec, &prm);
    if (e != GN_OK)
        ecdh_fail(fn, e);
    if (cmpii(d, n) >= 0)
        gng_fail(fn, "the private key d must be below n");
    size_t dl = (size_t)(expi(n) + 8) / 8;
    gng_key_bytes(fn, d, db, dl);
    if ((e = gn_ecdh(ec, z, sizeof z, db, dl, &q, GN_ECDH_STANDARD)) != GN_OK)
        gng_fail_err(fn, e);
    gn_limb_t zl[GN_FP_MAX_LIMBS];
    if (gn_mp_from_bytes_be(zl, GN_FP_MAX_LIMBS, z, gn_fp_bytes(&ec->fp)) != GN_OK)
        gng_fail(fn, "internal: the secret does not convert");
    return gerepilecopy(av, mkintmod(gng_limbs_to_int(zl, GN_FP_MAX_LIMBS), p));
}
