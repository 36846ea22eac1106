/*
 * The tracing field kernel (prefix fp_trc_): every operation computes its value on the generic
 * Montgomery kernel (count_kernel.h's fp_cb_) and records itself in ctx->trace as one step of a
 * straight-line program. An element carries, in its last limb, a tag naming what computed it
 * (an operation's id, or an input or constant of the program), so the recorded arguments are
 * the data flow of the formula as it ran. Included by the tracing instantiations of
 * src/analysis/; the field's prime must leave the last limb free (n < GN_FP_MAX_LIMBS).
 */
#ifndef GN_ANALYSIS_TRACE_KERNEL_H
#define GN_ANALYSIS_TRACE_KERNEL_H

#include <string.h>

#include "analysis/count_kernel.h"

#define TR_TAG (GN_FP_MAX_LIMBS - 1)
#define TR_MAGIC ((gn_limb_t)0xA5u << (GN_LIMB_BITS - 8))
#define TR_ID_BITS 20
#define TR_ID_MASK (((gn_limb_t)1 << TR_ID_BITS) - 1)
#define TR_NAME_BASE ((gn_limb_t)1 << (TR_ID_BITS - 1)) /* ids from here on are names */

/* The tracing run's state beyond the program: the first failure (an untagged operand, a full
 * program), kept here so that the formulas need no error path. */
typedef struct gn_trace_run {
    gn_trace_t *t;
    gn_err status;
} gn_trace_run_t;

static inline gn_trace_run_t *tr_run(const gn_fp_ctx_t *c) { return (gn_trace_run_t *)(void *)c->trace; }

static inline int32_t tr_arg(const gn_fp_ctx_t *c, const gn_limb_t *a)
{
    gn_limb_t t = a[TR_TAG];
    if ((t & ~TR_ID_MASK) != TR_MAGIC) {
        tr_run(c)->status = GN_ERR_INVALID; /* a value the program does not know */
        return 0;
    }
    t &= TR_ID_MASK;
    return t >= TR_NAME_BASE ? -1 - (int32_t)(t - TR_NAME_BASE) : (int32_t)t;
}

static inline void tr_tag(gn_limb_t *r, int32_t arg)
{
    r[TR_TAG] = TR_MAGIC | (arg >= 0 ? (gn_limb_t)arg : TR_NAME_BASE + (gn_limb_t)(-1 - arg));
}

static inline int32_t tr_emit(const gn_fp_ctx_t *c, gn_trace_opcode op, int32_t a, int32_t b, uint32_t k)
{
    gn_trace_t *t = tr_run(c)->t;
    if (t->nops >= GN_TRACE_MAX_OPS) {
        tr_run(c)->status = GN_ERR_BUFFER;
        return 0;
    }
    t->ops[t->nops] = (gn_trace_op_t){(int32_t)op, {a, b}, k};
    return (int32_t)t->nops++;
}

/* r = the value in t (n limbs), the limbs above zero, tagged with id */
static inline void tr_store(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *t, int32_t id)
{
    memcpy(r, t, c->n * sizeof *r);
    memset(r + c->n, 0, (GN_FP_MAX_LIMBS - c->n) * sizeof *r);
    tr_tag(r, id);
}

/* The name (input or constant) with this value, added when new; -1 - index as an argument. */
int32_t gn_trace_name(const gn_fp_ctx_t *c, const char *name, const gn_limb_t *value, int input);

static inline void fp_trc_set_zero(const gn_fp_ctx_t *c, gn_limb_t *r)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    fp_cb_set_zero(c, t);
    tr_store(c, r, t, gn_trace_name(c, "0", t, 0));
}
static inline void fp_trc_set_one(const gn_fp_ctx_t *c, gn_limb_t *r)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    fp_cb_set_one(c, t);
    tr_store(c, r, t, gn_trace_name(c, "1", t, 0));
}
static inline void fp_trc_copy(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    (void)c;
    memmove(r, a, GN_FP_MAX_LIMBS * sizeof *r); /* the value and its tag */
}

#define TR_BINARY(name, code)                                                                           \
    static inline void fp_trc_##name(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b) \
    {                                                                                                   \
        gn_limb_t t[GN_FP_MAX_LIMBS];                                                                   \
        int32_t x = tr_arg(c, a), y = tr_arg(c, b);                                                     \
        fp_cb_##name(c, t, a, b);                                                                       \
        tr_store(c, r, t, tr_emit(c, code, x, y, 0));                                                   \
    }
#define TR_UNARY(name, code)                                                                            \
    static inline void fp_trc_##name(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)            \
    {                                                                                                   \
        gn_limb_t t[GN_FP_MAX_LIMBS];                                                                   \
        int32_t x = tr_arg(c, a);                                                                       \
        fp_cb_##name(c, t, a);                                                                          \
        tr_store(c, r, t, tr_emit(c, code, x, 0, 0));                                                   \
    }
TR_BINARY(add, GN_TRACE_ADD)
TR_BINARY(sub, GN_TRACE_SUB)
TR_BINARY(mul, GN_TRACE_MUL)
TR_UNARY(neg, GN_TRACE_NEG)
TR_UNARY(sqr, GN_TRACE_SQR)
TR_UNARY(half, GN_TRACE_HALF)

static inline void fp_trc_mul_small(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, uint32_t k)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    int32_t x = tr_arg(c, a);
    fp_cb_mul_small(c, t, a, k);
    tr_store(c, r, t, tr_emit(c, GN_TRACE_MULS, x, 0, k));
}
static inline void fp_trc_mulc(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *k, const gn_limb_t *a)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    int32_t x = tr_arg(c, k), y = tr_arg(c, a);
    fp_cb_mul(c, t, k, a);
    tr_store(c, r, t, tr_emit(c, GN_TRACE_MULC, x, y, 0));
}
/* Lazy reduction (count_kernel.h's KLAZY): the products record as products; a reduction is the
 * identity on values and records only in a program traced for a lazily reducing kernel
 * (gn_trace_t.lazy: GN_TRACE_RED), so that a model of that kernel sees where it reduces. */
static inline void fp_trc_mulnr(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    fp_trc_mul(c, r, a, b);
}
static inline void fp_trc_sqrnr(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    fp_trc_sqr(c, r, a);
}
static inline void fp_trc_mulnrc(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *k, const gn_limb_t *a)
{
    fp_trc_mulc(c, r, k, a);
}
static inline void fp_trc_red(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *t)
{
    if (!tr_run(c)->t->lazy) {
        fp_trc_copy(c, r, t);
        return;
    }
    gn_limb_t v[GN_FP_MAX_LIMBS];
    int32_t x = tr_arg(c, t);
    fp_cb_copy(c, v, t);
    tr_store(c, r, v, tr_emit(c, GN_TRACE_RED, x, 0, 0));
}
static inline void fp_trc_inv(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t t[GN_FP_MAX_LIMBS];
    int32_t x = tr_arg(c, a);
    if (fp_cb_is_zero(c, a))
        tr_run(c)->status = GN_ERR_NOT_INVERTIBLE; /* a degenerate run: no program of the general case */
    (void)c->kern->inv(c, t, a);
    tr_store(c, r, t, tr_emit(c, GN_TRACE_INV, x, 0, 0));
}
static inline gn_limb_t fp_trc_is_zero(const gn_fp_ctx_t *c, const gn_limb_t *a) { return fp_cb_is_zero(c, a); }
static inline gn_limb_t fp_trc_eq(const gn_fp_ctx_t *c, const gn_limb_t *a, const gn_limb_t *b)
{
    return fp_cb_eq(c, a, b);
}
/* Selections move the tag with the value: the program follows this run's choice. */
static inline void fp_trc_cswap(const gn_fp_ctx_t *c, gn_limb_t *a, gn_limb_t *b, gn_limb_t m)
{
    (void)c;
    for (size_t i = 0; i < GN_FP_MAX_LIMBS; i++) {
        gn_limb_t d = m & (a[i] ^ b[i]);
        a[i] ^= d;
        b[i] ^= d;
    }
}
static inline void fp_trc_cmov(const gn_fp_ctx_t *c, gn_limb_t *r, const gn_limb_t *a, gn_limb_t m)
{
    (void)c;
    for (size_t i = 0; i < GN_FP_MAX_LIMBS; i++)
        r[i] ^= m & (r[i] ^ a[i]);
}

#endif
