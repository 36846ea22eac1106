/*
 * The 4-way gs127 ladder (gs127_v4.tmpl.h) over plain C: a lane vector is four uint64_t and
 * every operation a loop over the lanes, which the compiler may vectorise for the target it
 * is given (SSE2 on any x86-64); the portable reference for the AVX2 instantiation.
 */
#include "fp/fp_internal.h" /* GN_ALWAYS_INLINE */
#include "kummer/gs127_fast.h"
#include "util/ct.h"

typedef struct {
    uint64_t x[4];
} V;

#define V4OP(expr)                                                                                                    \
    V r;                                                                                                              \
    for (unsigned j = 0; j < 4; j++)                                                                                  \
        r.x[j] = (expr);                                                                                              \
    return r

static GN_ALWAYS_INLINE V vadd(V a, V b) { V4OP(a.x[j] + b.x[j]); }
static GN_ALWAYS_INLINE V vsub(V a, V b) { V4OP(a.x[j] - b.x[j]); }
static GN_ALWAYS_INLINE V vand(V a, V b) { V4OP(a.x[j] & b.x[j]); }
static GN_ALWAYS_INLINE V vxor(V a, V b) { V4OP(a.x[j] ^ b.x[j]); }
static GN_ALWAYS_INLINE V vshl(V a, unsigned n) { V4OP(a.x[j] << n); }
static GN_ALWAYS_INLINE V vshr(V a, unsigned n) { V4OP(a.x[j] >> n); }
static GN_ALWAYS_INLINE V vmul(V a, V b) { V4OP((uint64_t)(uint32_t)a.x[j] * (uint32_t)b.x[j]); }
static GN_ALWAYS_INLINE V vbcast(uint64_t v) { V4OP(v); }
static GN_ALWAYS_INLINE V vswap1(V a) { V4OP(a.x[j ^ 1]); }
static GN_ALWAYS_INLINE V vswap2(V a) { V4OP(a.x[j ^ 2]); }
static GN_ALWAYS_INLINE V vset(uint64_t a, uint64_t b, uint64_t c, uint64_t d) { return (V){{a, b, c, d}}; }
static GN_ALWAYS_INLINE V vload(const uint64_t *p) { V4OP(p[j]); }
static GN_ALWAYS_INLINE void vstore(uint64_t *p, V a)
{
    for (unsigned j = 0; j < 4; j++)
        p[j] = a.x[j];
}

#define V4FN(name) gn_ku127_v4c_##name
#include "kummer/gs127_v4.tmpl.h"
