/*
 * Scalar multiplication on genus-2 Jacobians, by the scalar layer (src/scalar/) over two group
 * views: the explicit formulas (src/tmpl/g2.tmpl.h, the regular signed window, constant time on
 * elements of degree 2) and Cantor's algorithm (cantor.c: the Montgomery ladder that is the
 * fallback and the whole of degree 6, and the variable-time double-and-add).
 */
#include <string.h>

#include "genus/mp.h"
#include "g2/g2_internal.h"
#include "scalar/scalar_internal.h"
#include "util/ct.h"

/* Scalars: at most 128 bytes (1024 bits) at once, big-endian, into little-endian limbs. */
#define G2_SCALAR_BYTES 128
#define G2_SCALAR_LIMBS (G2_SCALAR_BYTES / sizeof(gn_limb_t))

/* ------------------------------------------------------------------- Cantor's group view */

/* Cantor's algorithm works on gn_g2_elem_t: the view's points are those structures, each in a
 * slot of the scratch that starts a cache line as the layer's takes do (scratch_internal.h).
 * The layer copies them whole and swaps them by the view's cswap, and reads nothing inside. */
typedef struct {
    _Alignas(64) gn_g2_elem_t e;
} cantor_slot_t;
#define CANTOR_LIMBS (sizeof(gn_g2_elem_t) / sizeof(gn_limb_t))
_Static_assert(sizeof(gn_g2_elem_t) % sizeof(gn_limb_t) == 0, "an element is whole limbs");
_Static_assert(sizeof(cantor_slot_t) == SCRATCH_LINE_LIMBS(CANTOR_LIMBS) * sizeof(gn_limb_t),
               "a slot is one take of the scratch");

static const gn_g2_elem_t *el(const gn_limb_t *p)
{
    return (const gn_g2_elem_t *)(const void *)p;
}

static gn_g2_elem_t *el_w(gn_limb_t *p)
{
    return (gn_g2_elem_t *)(void *)p;
}

static void c_set_inf(const void *c, gn_limb_t *r)
{
    gn_g2_identity(c, el_w(r));
}

static gn_limb_t c_is_inf(const void *c, const gn_limb_t *p)
{
    return ct_mask_bit((gn_limb_t)gn_g2_is_identity(c, el(p)));
}

static void c_neg(const void *c, gn_limb_t *r, const gn_limb_t *p)
{
    gn_g2_neg(c, el_w(r), el(p));
}

static gn_limb_t c_add(const void *c, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q)
{
    gn_g2_add_var(c, el_w(r), el(p), el(q));
    return 0;
}

static gn_limb_t c_dbl(const void *c, gn_limb_t *r, const gn_limb_t *p)
{
    return c_add(c, r, p, p);
}

static void c_cswap(const void *c, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    const gn_g2_ctx_t *g = c;
    gn_g2_elem_t *x = el_w(a), *y = el_w(b);
    for (size_t i = 0; i < 4; i++)
        g->fp.kern->cswap(&g->fp, x->c[i].v, y->c[i].v, mask);
    unsigned m = (unsigned)mask, t = (x->deg ^ y->deg) & m, u = (x->n ^ y->n) & m;
    x->deg ^= t, y->deg ^= t, x->n ^= u, y->n ^= u;
}

/* Cantor's addition takes every pair of elements: complete, for the layer */
static const gn_group_ops_t cantor_ops = {
    .set_inf = c_set_inf,
    .is_inf = c_is_inf,
    .neg = c_neg,
    .dbl = c_dbl,
    .add = c_add,
    .madd = c_add,
    .cswap = c_cswap,
};

/* The arguments of one multiplication on Cantor's view: the ladder over nbits bits of k, or
 * double-and-add over the klen bytes kb. */
typedef struct {
    const gn_g2_ctx_t *g;
    gn_g2_elem_t *r;
    const gn_g2_elem_t *a;
    const gn_limb_t *k;
    size_t nbits;
    const uint8_t *kb;
    size_t klen;
} cantor_job_t;

/* Not inlined: its elements and the explicit window's scratch never share one frame. */
static GN_NOINLINE void run_cantor(const cantor_job_t *j)
{
    cantor_slot_t ws[2]; /* the result and the ladder's second element; a is read in place */
    grp gr;
    grp_init_group(&gr, j->g, &cantor_ops, NULL, NULL, 0, 0, CANTOR_LIMBS, 1, 0, (gn_limb_t *)(void *)ws,
                   sizeof ws / (sizeof(gn_limb_t)));
    gn_limb_t *acc = pt_take(&gr, 1);
    const gn_limb_t *p = (const gn_limb_t *)(const void *)j->a;
    if (j->k) {
        mul_ladder(&gr, acc, p, j->k, j->nbits);
    } else { /* any length, G2_SCALAR_BYTES at a time from the top */
        gn_limb_t kl[G2_SCALAR_LIMBS];
        c_set_inf(j->g, acc);
        for (size_t off = 0; off < j->klen; off += G2_SCALAR_BYTES) {
            size_t len = j->klen - off < G2_SCALAR_BYTES ? j->klen - off : G2_SCALAR_BYTES;
            gn_err e = gn_mp_from_bytes_be(kl, G2_SCALAR_LIMBS, j->kb + off, len);
            GN_CHECK(e == GN_OK); /* len fits */
            (void)e;
            mul_l2r_more(&gr, acc, p, kl, 8 * len);
        }
    }
    *j->r = *el(acc); /* a was read to the end: r may be a */
    grp_wipe(&gr);
}

/*
 * The fallback of gn_g2_mul, and the whole of it on degree-6 curves: the layer's Montgomery
 * ladder on Cantor's view over all nbits bits, so no scalar bit steers a branch or an address
 * (a caller can force this path with a degree-1 input). Cantor's own running time still follows
 * the intermediate elements' degrees; docs/KUMMER.md says so.
 */
static void mul_cantor_ladder(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_limb_t *k, size_t nbits,
                              const gn_g2_elem_t *a)
{
    const cantor_job_t j = {g, r, a, k, nbits, NULL, 0};
    run_cantor(&j);
}

void gn_g2_mul_var(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *k, size_t klen, const gn_g2_elem_t *a)
{
    const cantor_job_t j = {g, r, a, NULL, 0, k, klen};
    run_cantor(&j);
}

/* ------------------------------------------------------ the explicit formulas' group view */

/* gn_g2_mul's window: 4 bits (a table of eight elements; GN_G2_OP_MUL_STEP counts one digit) */
#define G2_WINDOW 4
/* The scratch of one multiplication, in elements: the input, the result, the window's table
 * and the three that mul_window_signed keeps beside it, each from a cache line. */
#define G2_SCRATCH_ELEMS (2 + (1 << (G2_WINDOW - 1)) + 3)
#define G2_SCRATCH ((size_t)G2_SCRATCH_ELEMS * SCRATCH_LINE_LIMBS(GN_G2_EL_LIMBS))

/* The group view of the explicit formulas over scratch ws[0..n): elements of four coordinates
 * and the neutral element's mask, reporting their exceptional cases. */
static void explicit_group(grp *gr, const gn_g2_ctx_t *g, gn_limb_t *ws, size_t n)
{
    const size_t fl = g->impl->fl;
    grp_init_group(gr, g, &g->impl->grp, g->impl->fk, &g->fp, fl, 4, 4 * fl + 1, 0, 1, ws, n);
}

/* One digit of gn_g2_mul's window on the element a (acc, beside it the table, which holds a
 * alone: the masked scan moves limbs and no field element, so the count of its field operations
 * is the eight entries'), sel, nsel and the scan's accumulator). */
#define G2_DIGIT_SCRATCH ((size_t)5 * SCRATCH_LINE_LIMBS(GN_G2_EL_LIMBS))

gn_limb_t gn_g2_mul_digit(const gn_g2_ctx_t *g, const gn_fp_t *a)
{
    _Alignas(64) gn_limb_t ws[G2_DIGIT_SCRATCH];
    grp gr;
    explicit_group(&gr, g, ws, G2_DIGIT_SCRATCH);
    const size_t fl = g->impl->fl;
    gn_limb_t *acc = pt_take(&gr, 1), *tab = pt_take(&gr, 1), *sel = pt_take(&gr, 1), *nsel = pt_take(&gr, 1);
    for (size_t i = 0; i < 4; i++)
        memcpy(acc + i * fl, a[i].v, fl * sizeof(gn_limb_t));
    acc[4 * fl] = 0; /* not the neutral element */
    memcpy(tab, acc, gr.pl * sizeof(gn_limb_t));
    /* the digit +1 (v = 2^(w-1)): the entry the table holds */
    gn_limb_t exc = window_signed_digit(&gr, acc, tab, 1, G2_WINDOW, 0, (gn_limb_t)1 << (G2_WINDOW - 1), sel, nsel);
    grp_wipe(&gr);
    return exc;
}

/* r = [k]a on the explicit formulas (k as limbs, nbits bits); the exception mask, r not
 * written when it is set. Not inlined: its scratch and Cantor's never share one frame. */
static GN_NOINLINE gn_limb_t mul_explicit(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const gn_limb_t *k, size_t nbits,
                                          const gn_g2_elem_t *a)
{
    _Alignas(64) gn_limb_t ws[G2_SCRATCH];
    grp gr;
    explicit_group(&gr, g, ws, G2_SCRATCH);
    gn_limb_t *acc = pt_take(&gr, 1), *in = pt_take(&gr, 1);
    gn_g2_to_limbs(g, in, a);
    gn_limb_t exc = mul_window_signed(&gr, acc, in, k, nbits, G2_WINDOW);
    /* published, as in mul_window_signed: an exceptional case of the formulas (a multiple of
     * degree below 2, or with a common factor) occurs for a negligible fraction of inputs, and
     * is answered by a complete recomputation with Cantor's algorithm */
    GN_DECLASSIFY(&exc, sizeof exc);
    if (!exc)
        gn_g2_from_limbs(g, r, acc);
    grp_wipe(&gr);
    return exc;
}

gn_err gn_g2_mul(const gn_g2_ctx_t *g, gn_g2_elem_t *r, const uint8_t *k, size_t klen, const gn_g2_elem_t *a)
{
    if (!g || !r || !a || (!k && klen) || klen > G2_SCALAR_BYTES)
        return GN_ERR_INVALID;
    gn_limb_t kl[G2_SCALAR_LIMBS];
    if (gn_mp_from_bytes_be(kl, G2_SCALAR_LIMBS, k, klen) != GN_OK) /* klen <= G2_SCALAR_BYTES: never */
        return GN_ERR_INVALID;
    /* no || here: its short circuit is a branch on the secret a->deg */
    gn_limb_t exc = ct_mask_bit((gn_limb_t)(a->deg == 1)) | ct_mask_bit((gn_limb_t)(g->deg == 6));
    GN_DECLASSIFY(&exc, sizeof exc); /* published: a degree-1 input (or curve) goes to Cantor at once */
    if (!exc)
        exc = mul_explicit(g, r, kl, 8 * klen, a);
    if (exc)
        mul_cantor_ladder(g, r, kl, 8 * klen, a);
    gn_memzero(kl, sizeof kl);
    return GN_OK;
}

