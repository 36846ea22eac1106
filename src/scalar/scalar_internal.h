/*
 * The scalar-multiplication layer of prime-field curves, written once over the point-operation
 * table of a model and coordinate system (src/ec/ec_internal.h): a call through the table per
 * point operation, the field arithmetic inside it inlined (src/inst/ec_*.c).
 *
 *   group.c   the group view (grp), its scratch space, masked selection and table scans, the
 *             additions completed for every input (add_ct, add_var), scalars and their digits
 *   window.c  fixed window (unsigned, and the regular signed recoding), sliding window, wNAF
 *   endo.c    the GLV multiplication (two half-length signed windows, effective-affine tables)
 *   ladder.c  double-and-add, the Montgomery ladder on full points, Straus-Shamir, the x-only
 *             and co-Z ladders
 *   comb.c    the fixed-base comb (Lim-Lee)
 *   recode.c  scalar recodings, shared with binary curves (recode.h)
 *   mul.c     gn_ec_mul and the other entry points: which method runs, on which curve
 *
 * Constant-time methods (window, ladder, coz-ladder, comb) run a number of iterations fixed by
 * the public scalar length (or the group order's size), read tables by full masked scans and
 * handle exceptional cases of incomplete formulas by masked selection; `_var` methods branch on
 * the scalar's digits and on exceptional cases.
 *
 * Stack: every point a method keeps (tables included) is taken from one scratch array that the
 * entry point reserves through scalar_with_scratch (GN_SCALAR_SCRATCH_SMALL or _LARGE), in units
 * of the points' real size (pl limbs: 12 for P-256 in Jacobian coordinates, not the 156 of the
 * largest kernel's point). A window width is lowered until its table fits (scalar_fit_window),
 * so a kernel with large elements (RNS: 39 words each) runs a narrower window within the bound.
 */
#ifndef GN_SCALAR_INTERNAL_H
#define GN_SCALAR_INTERNAL_H

#include <string.h>

#include "ec/ec_internal.h"
#include "fp/fp_internal.h" /* GN_NOINLINE */
#include "util/ct.h"
#include "util/verify.h"

#define SCALAR_LIMBS (GN_EC_MAX_SCALAR_BYTES / sizeof(gn_limb_t) + 1)

/* The layer's functions keep short names in the code; in the library's symbol table they carry
 * the gn_ prefix of every global symbol (scripts/check-symbols.sh). */
#define add_ct gn_scalar_add_ct
#define add_var gn_scalar_add_var
#define bits_at gn_scalar_bits_at
#define bits_at_ct gn_scalar_bits_at_ct
#define grp_init gn_scalar_grp_init
#define grp_init_group gn_scalar_grp_init_group
#define grp_wipe gn_scalar_grp_wipe
#define jacobian_odd_order gn_scalar_jacobian_odd_order
#define load_scalar gn_scalar_load_scalar
#define table_odd_multiples gn_scalar_table_odd_multiples
#define reduce_order gn_scalar_reduce_order
#define scalar_fit_window gn_scalar_scalar_fit_window
#define scalar_with_scratch gn_scalar_scalar_with_scratch
#define scalar_with_scratch_limbs gn_scalar_scalar_with_scratch_limbs
#define signed_window_applies gn_scalar_signed_window_applies
#define tab_select_w gn_scalar_tab_select_w
#define mul_sliding gn_scalar_mul_sliding
#define mul_window gn_scalar_mul_window
#define mul_window_signed gn_scalar_mul_window_signed
#define window_signed_digit gn_scalar_window_signed_digit
#define mul_wnaf gn_scalar_mul_wnaf
#define mul_glv gn_scalar_mul_glv
#define mul2 gn_scalar_mul2
#define mul_coz gn_scalar_mul_coz
#define mul_l2r gn_scalar_mul_l2r
#define mul_l2r_more gn_scalar_mul_l2r_more
#define mul_ladder gn_scalar_mul_ladder
#define mul_r2l gn_scalar_mul_r2l
#define mul_xonly gn_scalar_mul_xonly
#define comb_build gn_scalar_comb_build
#define comb_mul gn_scalar_comb_mul

/* Scratch of one scalar multiplication: 5 KiB on kernels with elements of at most
 * GN_FP_MAX_LIMBS limbs (the default windows of every named curve fit on its own kernel), 7.5 KiB
 * on larger ones (RNS: 39 words an element; eight Jacobian points of 120 limbs, a cache line's
 * multiple, or six extended ones, hold what the narrowest form of every method keeps; PARI: 18
 * words, where the GLV multiplication on secp256k1 needs 7 KiB for its default width, and takes
 * 1.5 times as long a window narrower).
 * scalar_with_scratch runs a function on the one its curve needs, so the smaller kernels' calls
 * never reserve the larger. */
#define GN_SCALAR_SCRATCH_SMALL (5120 / sizeof(gn_limb_t))
#define GN_SCALAR_SCRATCH_LARGE (7680 / sizeof(gn_limb_t))
/* a curve on the counting kernel (gn_ec_counting; analysis only), whose windows must be the
 * curve's own: 8 KiB hold the default windows of every named curve at the narrow counting
 * elements (GN_COUNT_NARROW_LIMBS limbs: 6 KiB at most, GLV's two tables of eight), and, for a
 * prime of 10 to 16 limbs at GN_FP_MAX_LIMBS-limb elements, what 5 KiB hold at 10 */
#define GN_SCALAR_SCRATCH_COUNTING (8192 / sizeof(gn_limb_t))
#define SCRATCH_ALIGN_LIMBS (64 / sizeof(gn_limb_t))
typedef void (*scalar_scratch_fn)(void *arg, gn_limb_t *ws, size_t n);
/* fn on a scratch of at least `want` limbs (at most GN_SCALAR_SCRATCH_LARGE) */
void scalar_with_scratch_limbs(size_t want, scalar_scratch_fn fn, void *arg);
/* fn on the scratch ec's points need */
void scalar_with_scratch(const gn_ec_ctx_t *ec, scalar_scratch_fn fn, void *arg);

/* One group in one coordinate system (the interface of group.h), with the scratch its methods
 * take points from. */
typedef struct {
    const void *ctx;           /* the group's context */
    const gn_group_ops_t *o;
    const gn_ec_ctx_t *ec;     /* prime curves: the curve (= ctx); NULL on other groups */
    const gn_ec_pt_ops_t *eo;  /* prime curves: the model's table (moves from and to affine) */
    /* masked moves: a point is nelem field elements of fl limbs, moved by the kernel's cmov where
     * its elements carry bounds (bounded: fk->bounded), then plain limbs up to pl */
    int bounded;
    const gn_fp_kernel_t *fk;
    const gn_fp_ctx_t *fp;
    size_t fl;
    unsigned nelem;
    size_t pl;        /* limbs of one point */
    int complete;     /* add is valid for all inputs */
    int z_flags;      /* Jacobian Weierstrass: add/madd of finite P != +-Q give Z3 != 0, else Z3 = 0 */
    int reports;      /* the formulas report their exceptional cases (group.h) and nothing
                       * completes them: only the signed window runs, returning the reports */
    gn_limb_t *ws;    /* the next free limb of the scratch */
    gn_limb_t *ws_end;
    gn_limb_t *ws_base, *ws_high; /* the scratch and the highest limb used, zeroed at the end */
} grp;

/* g over ec in coordinates c (ops: the table, NULL for ec's own), scratch ws[0..n). */
void grp_init(grp *g, const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_pt_ops_t *ops, gn_limb_t *ws, size_t n);
/* g over a group that is not a prime curve: ctx, its operations o, points of nelem elements of
 * field f (kernel fk, fl limbs each; fk NULL: plain limbs) and pl limbs in all; complete,
 * reports as in grp. */
void grp_init_group(grp *g, const void *ctx, const gn_group_ops_t *o, const gn_fp_kernel_t *fk,
                    const gn_fp_ctx_t *f, size_t fl, unsigned nelem, size_t pl, int complete, int reports,
                    gn_limb_t *ws, size_t n);
/* Zero the scratch that was used (it held multiples of a secret point's digits). */
void grp_wipe(grp *g);

/* limbs rounded up to a cache line (a constant expression where limbs is one) */
#define SCRATCH_LINE_LIMBS(limbs) (((limbs) + SCRATCH_ALIGN_LIMBS - 1) / SCRATCH_ALIGN_LIMBS * SCRATCH_ALIGN_LIMBS)
static inline size_t scratch_limbs(size_t limbs)
{
    return SCRATCH_LINE_LIMBS(limbs);
}

/* npts points of scratch; released with everything taken after it by pt_release(g, mark). */
static inline gn_limb_t *pt_take(grp *g, size_t npts)
{
    gn_limb_t *r = g->ws;
    /* each take starts a cache line (64 bytes): a point split across lines slowed the P-256
     * assembly doubling by 7% */
    g->ws += scratch_limbs(npts * g->pl);
    GN_CHECK(g->ws <= g->ws_end);
    if (g->ws > g->ws_high)
        g->ws_high = g->ws;
    return r;
}
static inline void pt_release(grp *g, gn_limb_t *mark)
{
    g->ws = mark;
}
/* The largest width w' <= w (and >= lo) whose table of entries(w') points, with `extra` more
 * points of scratch, fits what is left; entries(w) = 2^w >> shift. 0 when not even lo fits. */
unsigned scalar_fit_window(const grp *g, unsigned w, unsigned lo, unsigned shift, size_t extra);

/* Masked moves and swaps of points (inline: the comb and the unsigned window call them per
 * table entry). */
/* A kernel whose elements carry public bounds (gn_fp_kernel_t.bounded) selects element by element
 * through its cmov/cswap, which merge the bounds; the others by masks over the limbs. */
static inline void pt_cmov_w(const grp *g, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask, size_t width)
{
    size_t c = 0;
    if (g->bounded)
        for (unsigned e = 0; e < g->nelem && c + g->fl <= width; e++, c += g->fl)
            g->fk->cmov(g->fp, r + c, a + c, mask);
    ct_cmov(mask, r + c, a + c, width - c);
}

static inline void pt_cmov(const grp *g, gn_limb_t *r, const gn_limb_t *a, gn_limb_t mask)
{
    pt_cmov_w(g, r, a, mask, g->pl);
}

static inline void pt_cswap(const grp *g, gn_limb_t *a, gn_limb_t *b, gn_limb_t mask)
{
    if (g->o->cswap) {
        g->o->cswap(g->ctx, a, b, mask);
        return;
    }
    size_t c = 0;
    if (g->bounded)
        for (unsigned e = 0; e < g->nelem; e++, c += g->fl)
            g->fk->cswap(g->fp, a + c, b + c, mask);
    ct_cswap(mask, a + c, b + c, g->pl - c);
}

/* acc += sel (a point with Z = 1) where the digit's mask nz is set, by a mixed addition into s;
 * the first nonzero digit (*started clear: none before it) loads sel instead. With check, the
 * mask of the incomplete addition's exceptional case (acc = +-sel: Z = 0) is returned, else 0.
 * Constant time in nz and *started (the comb's and the fixed-base tables' accumulation). */
static inline gn_limb_t madd_masked(grp *g, gn_limb_t *acc, gn_limb_t *s, const gn_limb_t *sel, gn_limb_t nz,
                                    gn_limb_t *started, int check)
{
    gn_limb_t exc = 0;
    g->o->madd(g->ctx, s, acc, sel);
    if (check)
        exc = nz & *started & g->o->is_inf(g->ctx, s);
    pt_cmov(g, s, sel, ~*started);
    pt_cmov(g, acc, s, nz);
    *started |= nz;
    return exc;
}

/* sel = tab[idx] (n entries pl apart) by a full masked scan; only the first `width` limbs of
 * each entry are read and written (width = pl: whole points). Constant time in idx. */
void tab_select_w(grp *g, gn_limb_t *sel, const gn_limb_t *tab, size_t n, size_t width, gn_limb_t idx);
static inline void tab_select(grp *g, gn_limb_t *sel, const gn_limb_t *tab, size_t n, gn_limb_t idx)
{
    tab_select_w(g, sel, tab, n, g->pl, idx);
}
/* r = p + q for any p, q; constant time (incomplete formulas completed by masks). */
void add_ct(grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q);
/* The points of scratch add_ct takes (two when it completes an incomplete formula by masks). */
static inline size_t add_ct_room(const grp *g)
{
    return g->o->add_complete || g->complete ? 0 : 2;
}
/* r = p + q for any p, q; variable time; q_norm: q has Z = 1 (mixed addition allowed). */
void add_var(grp *g, gn_limb_t *r, const gn_limb_t *p, const gn_limb_t *q, int q_norm);
/* tab[i] = (2i + 1) P for i < 2^(w-1); P public, except on a group whose formulas report
 * (grp.reports): there constant time, and the reports returned (0 on the others). */
gn_limb_t table_odd_multiples(grp *g, gn_limb_t *tab, const gn_limb_t *p, unsigned w);

/* Scalars: little-endian limbs, SCALAR_LIMBS of them. */
static inline int bit_of(const gn_limb_t *k, size_t i)
{
    return (int)((k[i / GN_LIMB_BITS] >> (i % GN_LIMB_BITS)) & 1);
}
unsigned bits_at(const gn_limb_t *k, size_t i, unsigned w, size_t nbits);
gn_limb_t bits_at_ct(const gn_limb_t *k, size_t i, unsigned w, size_t nbits);
gn_err load_scalar(gn_limb_t *k, size_t *nbits, const uint8_t *in, size_t klen);
/* r[0..GN_EC_ORDER_LIMBS) = k mod the order (known: ec->order_exact); k of nbits bits */
void reduce_order(const gn_ec_ctx_t *ec, gn_limb_t *r, const gn_limb_t *k, size_t nbits);

/* The methods: acc = [k] p in g; p public for the _var ones. Those returning a mask report an
 * exceptional case of an incomplete formula (acc invalid; the caller recomputes). */
void mul_l2r(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits);
/* acc = [2^nbits] acc + [k] p: double-and-add continued (a scalar taken in parts) */
void mul_l2r_more(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits);
void mul_r2l(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits);
void mul_window(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w, int ct);
gn_limb_t mul_window_signed(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits,
                            unsigned w);
/* One window of mul_window_signed: acc = 2^w acc + d P, d = 2 v + 1 - 2^w for the window's w
 * bits v, +-tab[|d| / 2] taken by a masked scan of tab's n entries (the odd multiples of P;
 * affine: X and Y scanned, sel's Z set by the caller) and negated by mask in sel and nsel
 * (scratch points); the formulas' reports (z_flags: acc at infinity). */
gn_limb_t window_signed_digit(grp *g, gn_limb_t *acc, const gn_limb_t *tab, size_t n, unsigned w, int affine,
                              gn_limb_t v, gn_limb_t *sel, gn_limb_t *nsel);
gn_limb_t mul_glv(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w);
void mul_sliding(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w);
void mul_wnaf(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t nbits, unsigned w);
void mul_ladder(grp *g, gn_limb_t *r0, const gn_limb_t *p, const gn_limb_t *k, size_t nbits);
void mul2(grp *g, gn_limb_t *acc, const gn_limb_t *p, const gn_limb_t *k, size_t kbits, const gn_limb_t *q,
          const gn_limb_t *l, size_t lbits);
void mul_xonly(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k, size_t nbits);
void mul_coz(const gn_ec_ctx_t *ec, gn_ec_point_t *r, const gn_ec_point_t *p, const gn_limb_t *k, size_t nbits);

/* The comb over a table of 2^teeth entries of g's points (gn_ec_comb_t's, or scratch). */
typedef struct {
    unsigned teeth, span;
    size_t bits;
    int affine;
    gn_limb_t *tab;
} comb_view_t;
void comb_build(grp *g, comb_view_t *c, const gn_ec_point_t *p, int want_affine);
void comb_mul(grp *g, gn_limb_t *acc, const comb_view_t *c, const gn_limb_t *kr);

/* Jacobian Weierstrass arithmetic, a known odd group order, P != O: the signed window with
 * exceptional cases detected, affine comb tables. */
int jacobian_odd_order(const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_point_t *p);
/* The signed window runs there, and on Edwards and Jacobi quartic curves of known order (their
 * additions complete), P != O. */
int signed_window_applies(const gn_ec_ctx_t *ec, gn_ec_coords c, const gn_ec_point_t *p);

#endif
