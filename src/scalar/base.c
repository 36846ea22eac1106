/*
 * [k] G on the curves with a built-in table (src/ec/base_tables.inc, written by
 * tools/gen_base_tables.py: NIST P-256, secp256k1 and edwards25519): k mod n in signed windows
 * of W bits (Booth's recoding), window i adding the entry |d_i| 2^(W i) G of its own table,
 * negated for d_i < 0, by one mixed addition (Jacobian: EFD madd-2007-bl; extended twisted
 * Edwards: madd-2008-hwcd-3, T = x y of the entry computed) and no doubling. Every window's table
 * is scanned whole with masks, and a zero digit computes the addition and keeps the old sum by
 * masks: constant time in k. A kernel storing elements otherwise than the table converts each
 * selected entry; other curves and opaque kernels (PARI, RNS) take gn_ec_mul's default method.
 */
#include "scalar/scalar_internal.h"

#include "scalar/base_scan.h"
#include "util/cpu.h"

#include "ec/base_tables.inc"

#define W GN_BASE_W
#define ENTRIES (1u << (W - 1))

typedef struct {
    int edwards;              /* a x^2 + y^2 = 1 + d x^2 y^2 (extended coordinates), else Weierstrass */
    unsigned nwin;            /* windows of W bits */
    size_t words;             /* 64-bit words of a coordinate */
    int mont;                 /* entries in Montgomery form, x 2^(64 words) mod p; else plain */
    int a;                    /* the curve's a: Weierstrass -3 or 0, Edwards -1 */
    const uint64_t *p, *n;    /* the field's prime and G's order */
    const uint64_t *tab;      /* nwin ENTRIES entries of x then y */
} base_table_t;

#define BASE_ROW(name, edwards, nwin, words, mont, a, p, n, tab) {edwards, nwin, words, mont, a, p, n, tab},
static const base_table_t tables[] = {GN_BASE_TABLES(BASE_ROW)};
#undef BASE_ROW

/* Limb j of the little-endian words w (32-bit limbs take each word as two). */
static inline gn_limb_t word_limb(const uint64_t *w, size_t j)
{
#if GN_LIMB_BITS == 64
    return w[j];
#else
    return (gn_limb_t)(w[j / 2] >> (32 * (j % 2)));
#endif
}

#define LIMBS_OF(words) ((words) * (64 / GN_LIMB_BITS))

/* the value of `words` 64-bit words in the first limbs of v[0..len), zero above them */
static int words_equal_var(const gn_limb_t *v, size_t len, const uint64_t *w, size_t words)
{
    if (LIMBS_OF(words) > len)
        return 0;
    for (size_t j = 0; j < len; j++)
        if (v[j] != (j < LIMBS_OF(words) ? word_limb(w, j) : 0))
            return 0;
    return 1;
}

/* A table as ec's kernel reads it: directly where the kernel stores elements as the table does,
 * else each entry's coordinates multiplied by c (the kernel's product of an entry x t by c is
 * x t c / R = x R, its own form, for c = R^2 / t: R the kernel's factor, t the table's). */
typedef struct {
    const base_table_t *t;
    int convert;
    gn_fp_t c;
} base_use_t;

/* entry e's coordinate (0: x, 1: y) into r[0..fl) as the kernel stores it (tab: a whole entry) */
static void entry_coord(const gn_ec_ctx_t *ec, const base_use_t *u, gn_limb_t *r, const uint64_t *ent, int y)
{
    const size_t fl = ec->impl->fl, l = LIMBS_OF(u->t->words);
    gn_limb_t v[GN_FP_ELEM_LIMBS] = {0};
    for (size_t j = 0; j < l; j++)
        v[j] = word_limb(ent + (size_t)y * u->t->words, j);
    if (u->convert)
        ec->fp.kern->mul(&ec->fp, r, v, u->c.v);
    else
        memcpy(r, v, fl * sizeof(gn_limb_t));
}

/* The coordinates the table's sums are kept in. */
static gn_ec_coords table_coords(const base_table_t *t)
{
    return t->edwards ? GN_EC_EXTENDED : GN_EC_JACOBIAN;
}

/* The library's kind of a for the table's curve (ec_internal.h). */
static unsigned table_a_kind(const base_table_t *t)
{
    return t->edwards ? GN_EC_EDW_A_MINUS1 : t->a ? GN_EC_A_MINUS3 : GN_EC_A_ZERO;
}

/* The table of ec's curve (p, a, n and G: G on the curve fixes b = y^2 - x^3 - a x, or
 * d = (a x^2 + y^2 - 1) / (x^2 y^2)) and how ec's kernel reads it; 0 for none. An Edwards
 * curve's must be complete (its mixed addition then has no exceptional case). Public data,
 * variable time. */
static int table_for_var(const gn_ec_ctx_t *ec, base_use_t *u)
{
    if ((ec->model != GN_EC_WEIERSTRASS && (ec->model != GN_EC_EDWARDS || !ec->complete)) || !ec->order_exact ||
        ec->g.infinity || ec->fp.kern->opaque)
        return 0;
    const size_t fl = ec->impl->fl;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        const base_table_t *t = &tables[i];
        const size_t l = LIMBS_OF(t->words);
        if (fl < l || fl > GN_FP_ELEM_LIMBS || (ec->model == GN_EC_EDWARDS) != t->edwards ||
            !ec->ops[table_coords(t)] || ec->a_kind != table_a_kind(t) ||
            !words_equal_var(ec->fp.p, ec->fp.n, t->p, t->words) ||
            !words_equal_var(ec->n, GN_EC_ORDER_LIMBS, t->n, t->words))
            continue;
        u->t = t;
        u->convert = !words_equal_var(ec->g.x.v, fl, t->tab, t->words) ||
                     !words_equal_var(ec->g.y.v, fl, t->tab + t->words, t->words);
        if (!u->convert)
            return 1;
        /* c = R^2 / t = rep(R / t): R the integer in the limbs of the kernel's 1 (rep(1) = R) */
        gn_limb_t v[GN_FP_MAX_LIMBS] = {0};
        gn_fp_t r, tf, g;
        memcpy(v, ec->fp.one, ec->fp.n * sizeof(gn_limb_t));
        if (gn_fp_set_mp(&ec->fp, &r, v, ec->fp.n) != GN_OK)
            continue;
        memset(v, 0, sizeof v);
        v[0] = 1;
        if (t->mont) { /* 2^(64 words) mod p = 2^(64 words) - p (p above 2^(64 words - 1)): ~p + 1 */
            gn_limb_t carry = 1;
            for (size_t j = 0; j < l; j++) {
                v[j] = (gn_limb_t)~word_limb(t->p, j) + carry;
                carry = v[j] < carry;
            }
        }
        if (gn_fp_set_mp(&ec->fp, &tf, v, l) != GN_OK || gn_fp_inv_var(&ec->fp, &tf, &tf) != GN_OK)
            continue;
        gn_fp_mul(&ec->fp, &u->c, &r, &tf);
        /* the conversion must give the kernel's own G (the assumption: elements are x R's limbs) */
        gn_fp_set_zero(&ec->fp, &g);
        entry_coord(ec, u, g.v, t->tab, 0);
        if (!gn_fp_eq(&ec->fp, &g, &ec->g.x))
            continue;
        entry_coord(ec, u, g.v, t->tab, 1);
        if (gn_fp_eq(&ec->fp, &g, &ec->g.y))
            return 1;
    }
    return 0;
}

int gn_ec_base_precomputed(const gn_ec_ctx_t *ec)
{
    base_use_t u;
    return ec && table_for_var(ec, &u);
}

/* The Booth digit of window i: |d| and the mask of d < 0. */
static gn_limb_t booth_digit(const gn_limb_t *k, size_t nbits, size_t i, gn_limb_t *neg)
{
    /* v = bits i W - 1 .. i W + W - 1 (bit -1 is 0); d = (v >> 1) + (v & 1) - 2^W (v >> W) */
    gn_limb_t v = i ? bits_at_ct(k, i * W - 1, W + 1, nbits) : bits_at_ct(k, 0, W, nbits) << 1;
    gn_limb_t top = v >> W, s = (v >> 1) + (v & 1);
    *neg = 0 - top;
    return ct_mux(*neg, ((gn_limb_t)1 << W) - s, s);
}

/* The portable scan: the ORs kept in eight words the compiler can hold in vector registers. */
void gn_base_scan8(uint64_t out[8], const uint64_t *row, size_t entries, uint64_t idx)
{
    uint64_t acc[8] = {0};
    for (size_t e = 0; e < entries; e++) {
        /* the mask widened from a limb (32-bit limbs) to a word */
        uint64_t m = 0 - (uint64_t)(ct_barrier(ct_eq((gn_limb_t)idx, (gn_limb_t)(e + 1))) & 1);
        for (size_t j = 0; j < 8; j++)
            acc[j] |= m & row[8 * e + j];
    }
    memcpy(out, acc, sizeof acc);
    gn_memzero(acc, sizeof acc);
}

/* sel's x, y (fl limbs each) = the entry idx of row, as the table stores it */
static void base_scan(gn_limb_t *sel, const uint64_t *row, size_t words, size_t fl, gn_limb_t idx, int avx2)
{
    uint64_t e[8];
    GN_CHECK(words == 4); /* the tables' 256-bit fields (tools/gen_base_tables.py) */
    (void)words;
#if GN_LIMB_BITS == 64
    /* x and y of four limbs each are the entry's eight words: scanned in place */
    uint64_t *const dst = fl == 4 ? sel : e;
#else
    uint64_t *const dst = e;
#endif
#if GN_HAVE_AVX2
    if (avx2)
        gn_base_scan8_avx2(dst, row, ENTRIES, idx);
    else
#endif
        gn_base_scan8(dst, row, ENTRIES, idx);
    (void)avx2;
    if (dst != e)
        return;
    memset(sel, 0, 2 * fl * sizeof(gn_limb_t));
    for (size_t j = 0; j < LIMBS_OF(4); j++) {
        sel[j] = word_limb(e, j);
        sel[fl + j] = word_limb(e + 4, j);
    }
    gn_memzero(e, sizeof e); /* the selected entry tells the digit */
}

typedef struct {
    const gn_ec_ctx_t *ec;
    const base_use_t *u;
    gn_ec_point_t *r;   /* the affine result, or where NULL: */
    gn_limb_t *coords;  /* the sum in the table's coordinates */
    const gn_limb_t *k; /* k mod n */
    gn_limb_t exc;      /* out: an exceptional case of the mixed addition (r unwritten) */
} base_job_t;

/*
 * The sum of the windows' entries in Jacobian coordinates. The first nonzero digit loads its
 * entry (the sum so far is O); after it, the sum is sum_{j<i} d_j 2^(W j) G, an integer of
 * absolute value below 2^(W i) and not 0 (its lowest nonzero term is not a multiple of
 * 2^(W (j+1))), while the entry is at least 2^(W i) G in absolute value: the mixed addition's
 * exceptional cases (the sum = +-entry, or O) need a nonzero multiple of n as their difference
 * or sum, below (2^(W-1) + 1) 2^(W i) < 2^(W i + W + 1) in absolute value: only windows with
 * W i + W + 1 >= bits of n can meet one (the last for both tables). There they are detected
 * (Z = 0) and published as in comb_affine, and the caller recomputes by gn_ec_mul. The
 * Edwards tables' curves are complete: their mixed addition has no exceptional case.
 */
static void base_job(void *arg, gn_limb_t *ws, size_t n)
{
    base_job_t *j = arg;
    const gn_ec_ctx_t *ec = j->ec;
    const base_use_t *u = j->u;
    const base_table_t *t = u->t;
    const size_t nbits = (size_t)t->nwin * W;
    grp g;
    grp_init(&g, ec, table_coords(t), NULL, ws, n);
    gn_limb_t *acc = pt_take(&g, 1), *sel = pt_take(&g, 1), *s = pt_take(&g, 1), started = 0, exc = 0;
    const size_t fl = g.fl;
    const int avx2 = gn_cpu_has_avx2(); /* a public CPU fact */
    g.o->set_inf(ec, acc);
    memcpy(sel + 2 * fl, ec->fp.one, fl * sizeof(gn_limb_t)); /* Z = 1, kept: the scans write x, y */
    gn_limb_t *const neg_c = sel + (t->edwards ? 0 : fl); /* -(x, y): (x, -y), or (-x, y) on Edwards */
    for (size_t i = 0; i < t->nwin; i++) {
        gn_limb_t neg, d = booth_digit(j->k, nbits, i, &neg);
        base_scan(sel, t->tab + (size_t)i * ENTRIES * 2 * t->words, t->words, fl, d, avx2);
        if (u->convert) { /* x t, y t to the kernel's form (constant time: one product each) */
            ec->fp.kern->mul(&ec->fp, s, sel, u->c.v);
            ec->fp.kern->mul(&ec->fp, s + fl, sel + fl, u->c.v);
            memcpy(sel, s, 2 * fl * sizeof(gn_limb_t));
        }
        ec->fp.kern->neg(&ec->fp, s, neg_c); /* negated for d < 0 (the kernel is not bounded) */
        ct_cmov(neg, neg_c, s, fl);
        if (t->edwards) /* T = x y */
            ec->fp.kern->mul(&ec->fp, sel + 3 * fl, sel, sel + fl);
        if (!i) { /* the sum so far is O: the entry is loaded where d != 0, with no addition */
            pt_cmov(&g, acc, sel, ct_is_nonzero(d));
            started = ct_is_nonzero(d);
            continue;
        }
        /* the exceptional case checked only in the windows where one can occur (public), and
         * never on the complete Edwards curves */
        exc |= madd_masked(&g, acc, s, sel, ct_is_nonzero(d), &started, !g.complete && i * W + W + 1 >= ec->n_bits);
    }
    GN_DECLASSIFY(&exc, sizeof exc); /* published, as in comb_affine */
    j->exc = exc;
    if (!exc && j->r)
        g.eo->to_aff(ec, j->r, acc);
    else if (!exc)
        memcpy(j->coords, acc, g.pl * sizeof(gn_limb_t));
    grp_wipe(&g);
}

/* [k] G from ec's table, affine into r or (r NULL) as coordinates: 1 when done (e holds the
 * scalar's error), 0 when the general multiplication must run. Its own frame, so that gn_ec_mul
 * does not run beneath this one's. */
static GN_NOINLINE int mul_base_table(const gn_ec_ctx_t *ec, gn_ec_point_t *r, gn_limb_t *coords, const uint8_t *kb,
                                      size_t klen, gn_err *e)
{
    base_use_t u;
    if (!table_for_var(ec, &u))
        return 0;
    gn_limb_t k[SCALAR_LIMBS], kr[GN_EC_ORDER_LIMBS];
    size_t nbits;
    if ((*e = load_scalar(k, &nbits, kb, klen)) != GN_OK)
        return 1;
    reduce_order(ec, kr, k, nbits);
    gn_memzero(k, sizeof k);
    base_job_t j = {.ec = ec, .u = &u, .r = r, .coords = coords, .k = kr, .exc = 1};
    scalar_with_scratch(ec, base_job, &j);
    gn_memzero(kr, sizeof kr);
    return !j.exc;
}

gn_err gn_ec_mul_base(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const uint8_t *kb, size_t klen)
{
    gn_err e = GN_OK;
    if (!ec || !r)
        return GN_ERR_INVALID;
    if (mul_base_table(ec, r, NULL, kb, klen, &e))
        return e;
    return gn_ec_mul(ec, r, kb, klen, &ec->g, GN_EC_COORDS_DEFAULT, GN_EC_METHOD_DEFAULT, 0);
}

int gn_ec_mul_base_coords(const gn_ec_ctx_t *ec, gn_limb_t *coords, const uint8_t *kb, size_t klen)
{
    gn_err e = GN_OK;
    return mul_base_table(ec, NULL, coords, kb, klen, &e) && e == GN_OK;
}
