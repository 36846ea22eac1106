/*
 * Short Weierstrass curves, affine coordinates (x, y, z), z in {0, 1}: the textbook chord
 * and tangent, one inversion per operation (variable time; the point at infinity has z = 0).
 * Included by src/tmpl/ec_wei.tmpl.h (the formulas of one kernel: src/inst/ec_inst.h).
 */

/* ---------------------------------------------------------------- affine (x, y, z), z in {0, 1} */

static void EC(wa_set_inf)(const gn_ec_ctx_t *ec, gn_limb_t *r)
{
    EC(set_pattern)(FCTX_OF(ec), r, 3, 0);
}

static void EC(wa_from_aff)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_ec_point_t *p)
{
    EC(xy1_in)(FCTX_OF(ec), r, p);
    EC(at_inf_set)(FCTX_OF(ec), r, p, 3, 7, 0);
}

static gn_ec_mask_t EC(wa_is_inf)(const gn_ec_ctx_t *ec, const gn_limb_t *p)
{
    return F(is_zero)(FCTX_OF(ec), CZ(p));
}

static void EC(wa_to_aff)(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_limb_t *p)
{
    EC(aff_out)(FCTX_OF(ec), r, CX(p), CY(p), EC(wa_is_inf)(ec, p));
}

static gn_ec_mask_t EC(wa_eq)(const gn_ec_ctx_t *ec, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t ip = EC(wa_is_inf)(ec, p), iq = EC(wa_is_inf)(ec, q);
    gn_limb_t same = F(eq)(f, CX(p), CX(q)) & F(eq)(f, CY(p), CY(q));
    return (ip & iq) | (~ip & ~iq & same);
}

static void EC(wa_neg)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    F(copy)(f, CX(r), CX(p));
    F(neg)(f, CY(r), CY(p));
    F(copy)(f, CZ(r), CZ(p));
}

/* Tangent: lambda = (3x^2 + a) / 2y; 1I + 2M + 2S. The z coordinate carries infinity:
 * P = O or y = 0 gives O. */
static void EC(wa_dbl)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(xx); FE(num); FE(den); FE(l); FE(x3);
    gn_limb_t inf = F(is_zero)(f, CZ(p)) | F(is_zero)(f, CY(p));
    F(sqr)(f, xx, CX(p));
    EC(mul3_fe)(f, num, xx);
    F(add)(f, num, num, ec->a.v);
    EC(dbl_fe)(f, den, CY(p));
    FINV(f, den, den);
    F(mul)(f, l, num, den);
    F(sqr)(f, x3, l);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(p));
    EC(aff_finish)(f, r, l, x3, p, inf);
}

/* Chord: lambda = (y2 - y1) / (x2 - x1); 1I + 2M + 1S. Valid for finite P != +-Q. */
static void EC(wa_add)(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(l); FE(x3);
    EC(chord_slope)(f, l, p, q);
    F(sqr)(f, x3, l);
    F(sub)(f, x3, x3, CX(p));
    F(sub)(f, x3, x3, CX(q));
    EC(aff_finish)(f, r, l, x3, p, 0);
}
