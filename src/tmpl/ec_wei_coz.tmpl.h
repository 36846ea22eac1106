/*
 * Short Weierstrass curves, co-Z Jacobian pairs: the co-Z additions, the Jacobian table of
 * odd multiples they give, and the co-Z Montgomery ladder.
 * Included by src/tmpl/ec_wei.tmpl.h (the formulas of one kernel: src/inst/ec_inst.h).
 */

/* ------------------------------------------------------------------ co-Z ladder (Jacobian) */
/*
 * Goundar, Joye, Miyaji, "Co-Z addition formulae and binary ladders on elliptic curves"
 * (CHES 2010). Two points share Z. ZADDU(P, Q) = (P + Q, P') and ZADDC(P, Q) = (P + Q, P - Q),
 * each result co-Z; Z is carried along (one extra multiplication per operation) so that the
 * result can be converted without a final recovery step.
 * State layout: X0 Y0 X1 Y1 Z (5 elements).
 */

/* ZADDU: (X1, Y1) <- P + Q, (X2, Y2) <- P with the new Z. 4M + 2S (+1M for Z).
 * Three temporaries: P' = (X1 C, Y1 (X1 - X2) C) is built in the inputs' own room, which their
 * last use frees (RNS elements are 312 bytes: docs/ARCHITECTURE.md, "Stack").
 * Returns all-ones if X1 == X2 (exceptional). */
static GN_ALWAYS_INLINE gn_limb_t EC(zaddu)(const gn_fp_ctx_t *f, gn_limb_t *X1, gn_limb_t *Y1, gn_limb_t *X2,
                                            gn_limb_t *Y2, gn_limb_t *Z)
{
    FE(c); FE(d); FE(t);
    F(sub)(f, c, X1, X2);
    gn_limb_t exc = F(is_zero)(f, c);
    F(mul)(f, Z, Z, c);
    F(sqr)(f, c, c);         /* C = (X1 - X2)^2 */
    F(mul)(f, X1, X1, c);    /* W1 = X1 C: P's new X */
    F(mul)(f, X2, X2, c);    /* W2 = X2 C */
    F(sub)(f, c, Y1, Y2);    /* Y1 - Y2 */
    F(sqr)(f, d, c);
    F(sub)(f, t, X1, X2);
    F(mul)(f, Y1, Y1, t);    /* A1 = Y1 (W1 - W2): P's new Y */
    F(sub)(f, d, d, X1);
    F(sub)(f, d, d, X2);     /* X3 = (Y1 - Y2)^2 - W1 - W2 */
    F(sub)(f, t, X1, d);
    F(mul)(f, t, c, t);      /* (Y1 - Y2)(W1 - X3) */
    F(copy)(f, X2, X1);
    F(copy)(f, Y2, Y1);
    F(copy)(f, X1, d);
    F(sub)(f, Y1, t, Y2);    /* Y3 = (Y1 - Y2)(W1 - X3) - A1 */
    return exc;
}

/*
 * tab[i] = (2i + 1) P for i < n (the window tables of src/scalar/) by co-Z additions
 * (Meloni, "New point addition formulae for ECC applications", WAIFI 2007; Longa and Miri,
 * PKC 2008): D = 2P and P brought to one Z, then T_i = ZADDU(D, T_(i-1)), which also returns
 * D on the new Z: 5M + 2S an entry against the 12M + 4S of add-1998-cmo-2. Each entry keeps
 * the Z of its step. Returns nonzero when P or 2P is O or D = +-T_(i-1) (small orders only),
 * tab then being invalid; constant time in P otherwise.
 * Takes 2P in tab[1] for n >= 2 (wj_odd_dbl_*, out of line where the frames matter).
 * zlast (NULL: the Jacobian table): the chain for affine entries (wj_odd_to_affine). Step i
 * multiplies Z by c_i = X_D - X_(T_(i-1)), so Z_i = Z_0 c_1 ... c_i: entry i keeps c_i in its Z
 * (entry 0 Z_0), and Z_(n-1) goes to zlast.
 */
static GN_ALWAYS_INLINE int EC(wj_odd_multiples_any)(const gn_ec_ctx_t *ec, gn_limb_t *tab, const gn_limb_t *p, size_t n,
                                                     gn_limb_t *zlast)
{
    const int affine = zlast != NULL;
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(dx); FE(dy); FE(z);
    F(copy)(f, CX(tab), CX(p));
    F(copy)(f, CY(tab), CY(p));
    F(copy)(f, CZ(tab), CZ(p));
    F(copy)(f, z, CZ(p));
    gn_limb_t exc = affine ? F(is_zero)(f, z) : 0; /* P = O: no affine entry */
    if (n >= 2) {
        /* D = 2P (the caller's) in the room of T_1, which then holds T_0 = P' until the loop
         * writes T_1: the frame keeps D and Z, the running T lives in the table
         * (docs/ARCHITECTURE.md, "Stack") */
        gn_limb_t *d = tab + 3 * FL;
        /* D' = (Xd Z^2, Yd Z^3) and P' = (X Zd^2, Y Zd^3), both on Z Zd */
        F(sqr)(f, dy, CZ(p));
        F(mul)(f, dx, CX(d), dy);
        F(mul)(f, dy, dy, CZ(p));
        F(mul)(f, dy, CY(d), dy);
        F(mul)(f, z, CZ(p), CZ(d));
        exc = F(is_zero)(f, z); /* P = O or 2P = O; later Z are z times non-zero values */
        F(sqr)(f, CX(d), CZ(d));
        F(mul)(f, CY(d), CX(d), CZ(d));
        F(mul)(f, CX(d), CX(p), CX(d));
        F(mul)(f, CY(d), CY(p), CY(d));
        if (affine) { /* T_0 = P' on Z_0 = z */
            F(copy)(f, CX(tab), CX(d));
            F(copy)(f, CY(tab), CY(d));
            F(copy)(f, CZ(tab), z);
        }
        for (size_t i = 1; i < n; i++) {
            gn_limb_t *e = tab + i * 3 * FL;
            if (i > 1) { /* T_(i-1), to be replaced by T_i */
                F(copy)(f, CX(e), CX(e - 3 * FL));
                F(copy)(f, CY(e), CY(e - 3 * FL));
            }
            if (affine)
                F(sub)(f, CZ(e), dx, CX(e)); /* c_i, as ZADDU computes it */
            /* (dx, dy) <- D + T_(i-1) = T_i, the entry <- D on the new Z; then the two swap */
            exc |= EC(zaddu)(f, dx, dy, CX(e), CY(e), z);
            F(cswap)(f, dx, CX(e), GN_LIMB_MAX);
            F(cswap)(f, dy, CY(e), GN_LIMB_MAX);
            if (!affine)
                F(copy)(f, CZ(e), z);
        }
    }
    if (affine)
        F(copy)(f, zlast, z);
    return exc != 0;
}

/*
 * The entries of the affine chain made affine (Z = 1), z = Z_(n-1) non-zero: from the top
 * 1/Z_(i-1) = c_i / Z_i after one inversion (Montgomery's simultaneous inversion without its
 * prefix products): 4M + 1S an entry, for additions by the mixed formula (7M + 4S) afterwards.
 * The inversion is constant time: gn_ec_mul is, in p as in k. Out of line, so that it runs
 * under this frame rather than the chain's (docs/ARCHITECTURE.md, "Stack").
 */
static GN_NOINLINE void EC(wj_odd_to_affine)(const gn_ec_ctx_t *ec, gn_limb_t *tab, size_t n, const gn_limb_t *z)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    FE(zi); FE(u);
    FINV(f, zi, z);
    for (size_t i = n; i-- > 0;) {
        gn_limb_t *e = tab + i * 3 * FL;
        F(sqr)(f, u, zi);
        F(mul)(f, CX(e), CX(e), u);
        F(mul)(f, u, u, zi);
        F(mul)(f, CY(e), CY(e), u);
        if (i)
            F(mul)(f, zi, zi, CZ(e));
        F(set_one)(f, CZ(e));
    }
}

/* the affine chain, one for every kind of a (2P comes from the caller) */
static GN_NOINLINE int EC(wj_odd_chain)(const gn_ec_ctx_t *ec, gn_limb_t *tab, const gn_limb_t *p, size_t n,
                                        gn_limb_t *z)
{
    return EC(wj_odd_multiples_any)(ec, tab, p, n, z);
}

#define EC_WJ_ODD_KIND(sfx, akind)                                                                      \
    static int EC(wj_odd_multiples_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *tab, const gn_limb_t *p, size_t n) \
    {                                                                                                   \
        if (n >= 2)                                                                                     \
            EC(wj_dbl_any)(ec, tab + 3 * FL, p, akind);                                                 \
        return EC(wj_odd_multiples_any)(ec, tab, p, n, NULL);                                           \
    }                                                                                                   \
    /* the doubling's frame beside the chain's, not within it */                                       \
    static GN_NOINLINE void EC(wj_odd_dbl_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *d, const gn_limb_t *p) \
    {                                                                                                   \
        EC(wj_dbl_any)(ec, d, p, akind);                                                                \
    }                                                                                                   \
    static int EC(wj_odd_affine_##sfx)(const gn_ec_ctx_t *ec, gn_limb_t *tab, const gn_limb_t *p, size_t n) \
    {                                                                                                   \
        FE(z);                                                                                          \
        if (n >= 2)                                                                                     \
            EC(wj_odd_dbl_##sfx)(ec, tab + 3 * FL, p);                                                  \
        if (EC(wj_odd_chain)(ec, tab, p, n, z))                                                         \
            return 1;                                                                                   \
        EC(wj_odd_to_affine)(ec, tab, n, z);                                                            \
        return 0;                                                                                       \
    }
EC_WJ_ODD_KIND(gen, GN_EC_A_GENERAL)
EC_WJ_ODD_KIND(a0, GN_EC_A_ZERO)
EC_WJ_ODD_KIND(m3, GN_EC_A_MINUS3)
#undef EC_WJ_ODD_KIND

/* ZADDC: (X1, Y1) <- P + Q, (X2, Y2) <- P - Q. 5M + 3S (+1M for Z). Four temporaries, the
 * inputs' room reused as in ZADDU. */
static inline gn_limb_t EC(zaddc)(const gn_fp_ctx_t *f, gn_limb_t *X1, gn_limb_t *Y1, gn_limb_t *X2,
                                  gn_limb_t *Y2, gn_limb_t *Z)
{
    FE(c); FE(d); FE(s); FE(t);
    F(sub)(f, c, X1, X2);
    gn_limb_t exc = F(is_zero)(f, c);
    F(mul)(f, Z, Z, c);
    F(sqr)(f, c, c);         /* C = (X1 - X2)^2 */
    F(mul)(f, X1, X1, c);    /* W1 = X1 C */
    F(mul)(f, X2, X2, c);    /* W2 = X2 C */
    F(sub)(f, c, Y1, Y2);
    F(add)(f, s, Y1, Y2);
    F(sub)(f, t, X1, X2);
    F(mul)(f, Y1, Y1, t);    /* A1 = Y1 (W1 - W2) */
    /* P + Q */
    F(sqr)(f, d, c);
    F(sub)(f, d, d, X1);
    F(sub)(f, d, d, X2);     /* X3 = (Y1 - Y2)^2 - W1 - W2 */
    F(sub)(f, t, X1, d);
    F(mul)(f, t, c, t);
    F(sub)(f, c, t, Y1);     /* Y3 = (Y1 - Y2)(W1 - X3) - A1 */
    /* P - Q */
    F(sqr)(f, t, s);
    F(sub)(f, t, t, X1);
    F(sub)(f, t, t, X2);     /* X3' = (Y1 + Y2)^2 - W1 - W2 */
    F(sub)(f, X2, X1, t);
    F(mul)(f, X2, s, X2);
    F(sub)(f, Y2, X2, Y1);   /* Y3' = (Y1 + Y2)(W1 - X3') - A1 */
    F(copy)(f, X2, t);
    F(copy)(f, X1, d);
    F(copy)(f, Y1, c);
    return exc;
}

/* One ladder bit: R_b <- R0 + R1, R_(1-b) <- 2 R_(1-b) (GJM 2010, Algorithm 9), as a
 * conditional swap around ZADDC then ZADDU on (R_(1-b), R_b) order. */
static inline gn_limb_t EC(coz_bit)(const gn_fp_ctx_t *f, gn_limb_t *s, gn_limb_t bit)
{
    gn_limb_t *X0 = s, *Y0 = s + FL, *X1 = s + 2 * FL, *Y1 = s + 3 * FL, *Z = s + 4 * FL;
    gn_limb_t m = ct_mask_bit(bit), exc;
    /* bring R_b to (X1, Y1) position "first operand" */
    F(cswap)(f, X0, X1, ~m);
    F(cswap)(f, Y0, Y1, ~m);
    /* now (X0, Y0) = R_(1-b), (X1, Y1) = R_b; ZADDC(R_b, R_(1-b)) -> (sum, diff) */
    exc = EC(zaddc)(f, X1, Y1, X0, Y0, Z);
    /* ZADDU(sum, diff): sum + diff = 2 R_b into first, sum kept in second */
    exc |= EC(zaddu)(f, X1, Y1, X0, Y0, Z);
    /* (X1, Y1) = 2 R_b and (X0, Y0) = R0 + R1 = the new R_(1-b): back to (R0, R1) order */
    F(cswap)(f, X0, X1, ~m);
    F(cswap)(f, Y0, Y1, ~m);
    return exc;
}

static void EC(coz_step)(const gn_ec_ctx_t *ec, gn_limb_t *state)
{
    (void)EC(coz_bit)(FCTX_OF(ec), state, 0);
}

/*
 * [k]P for k with bit nbits-1 set: (R1, R0) = (2P, P) by a co-Z doubling (EFD dblu-2007-l
 * style with Z1 = 1), then one co-Z bit per remaining bit. out = R0 in Jacobian (X, Y, Z).
 */
static gn_ec_mask_t EC(coz_ladder)(const gn_ec_ctx_t *ec, gn_limb_t *out, const gn_ec_point_t *p,
                                   const gn_limb_t *k, size_t nbits)
{
    const gn_fp_ctx_t *f = FCTX_OF(ec);
    gn_limb_t s[5 * FL];
    gn_limb_t *X0 = s, *Y0 = s + FL, *X1 = s + 2 * FL, *Y1 = s + 3 * FL, *Z = s + 4 * FL;
    FE(x); FE(y); FE(b); FE(e); FE(l); FE(m); FE(t);
    EC_REQUIRE_BIT(k, nbits - 1); /* the ladder starts at (P, 2P) */
    EC(aff_in)(f, x, y, p);
    gn_limb_t exc = F(is_zero)(f, y) | ct_mask_bit((gn_limb_t)p->infinity);
    /* B = x^2, E = y^2, L = E^2, S = 2((x + E)^2 - B - L), M = 3B + a */
    F(sqr)(f, b, x);
    F(sqr)(f, e, y);
    F(sqr)(f, l, e);
    F(add)(f, t, x, e);
    F(sqr)(f, t, t);
    F(sub)(f, t, t, b);
    F(sub)(f, t, t, l);
    EC(dbl_fe)(f, X0, t); /* S = x (2y)^2: P with Z = 2y */
    EC(mul3_fe)(f, m, b);
    F(add)(f, m, m, ec->a.v);
    EC(mul8_fe)(f, Y0, l); /* 8 y^4 = y (2y)^3 */
    F(sqr)(f, X1, m);
    F(sub)(f, X1, X1, X0);
    F(sub)(f, X1, X1, X0);
    F(sub)(f, t, X0, X1);
    F(mul)(f, Y1, m, t);
    F(sub)(f, Y1, Y1, Y0);
    EC(dbl_fe)(f, Z, y);
    /* R0 = P (X0, Y0), R1 = 2P (X1, Y1), common Z */
    for (size_t i = nbits - 1; i-- > 0;) {
        gn_limb_t bit = (k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1;
        exc |= EC(coz_bit)(f, s, bit);
    }
    F(copy)(f, CX(out), X0);
    F(copy)(f, CY(out), Y0);
    F(copy)(f, CZ(out), Z);
    gn_memzero(s, sizeof s);
    return exc;
}
