/*
 * The PARI back end (DESIGN section 12): a field kernel whose every operation is one of PARI's
 * Fp_ functions on t_INTs, for the kernel of src/inst/fp_pari.c (src/backend/kern_pari.h).
 *
 * An element is a t_INT laid out in the element's own storage (pari.h), so PARI reads the
 * operands in place. The products, squares, multiplications by small constants and the
 * inversions' fix-ups are PARI's (Fp_mul, Fp_sqr, Fp_mulu); each runs between `av = avma` and
 * `set_avma(av)`, copying the result out of PARI's stack first, so the stack never grows (tests/tools/pari_stack.c runs
 * a million operations and checks avma). None of it is constant time: PARI strips leading zero
 * limbs, divides with data-dependent corrections and branches on values (docs/BACKENDS.md).
 *
 * libpari must serve the calling thread. gn_pari_enter finds it started (gp, or a program
 * that called pari_init: genus then runs on its stack), or starts it (an 8 MB stack, no signal
 * handlers, GMP's memory functions left alone); a later thread without a PARI stack gets its
 * own (1 MB) with the global state of the thread that started PARI, released when the thread
 * exits. A program that starts PARI itself does so before its first genus call.
 */
#include <pari/pari.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pari.h"
#include "fp/fp_internal.h"
#include "mp/limb.h"
#include "util/ct.h"

#if !defined(PARI_KERNEL_GMP) || BITS_IN_LONG != GN_LIMB_BITS
#error "the PARI kernel needs libpari on the GMP kernel with the library's limb width"
#endif

#define MAIN_STACK 8000000
#define THREAD_STACK 1000000
#define PARI_OPTS (INIT_DFTm | INIT_noINTGMPm)

static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static int have_model;              /* under start_lock */
static struct pari_thread model;    /* the global state a new thread copies */
static pthread_key_t thread_key;    /* a thread's own PARI stack, freed when it exits */

static void thread_exit(void *arg)
{
    struct pari_thread *t = arg;
    pari_thread_close();
    pari_thread_free(t);
    free(t);
}

/* The global state of a thread that has PARI, for the threads started later (under start_lock). */
static void take_model(void)
{
    pari_thread_alloc(&model, 4096, NULL);
    (void)pthread_key_create(&thread_key, thread_exit);
    have_model = 1;
}

static void enter_slow(void)
{
    pthread_mutex_lock(&start_lock);
    if (!have_model) {
        if (!pari_mainstack) /* nobody started PARI: genus does, in this thread */
            pari_init_opts(MAIN_STACK, 0, PARI_OPTS);
        take_model();
    } else if (!pari_mainstack) {
        struct pari_thread *t = malloc(sizeof *t);
        if (!t)
            abort(); /* no memory for a thread's PARI state: nothing sane is left to do */
        pari_thread_alloc(t, THREAD_STACK, NULL);
        t->gs = model.gs;
        pari_thread_start(t);
        (void)pthread_setspecific(thread_key, t);
    }
    pthread_mutex_unlock(&start_lock);
}

int gn_pari_enter(void)
{
    if (!pari_mainstack || !have_model)
        enter_slow();
    return 0;
}

static inline void enter(void)
{
    if (!pari_mainstack)
        enter_slow();
}

/* r = the t_INT z (0 <= z < p), in the element layout */
static void store(const gn_fp_ctx_t *ctx, gn_limb_t *r, GEN z)
{
    const size_t n = ctx->n, len = (size_t)lgefint(z) - 2;
    if ((GEN)r == z)
        return;
    r[0] = (gn_limb_t)(evaltyp(t_INT) | evallg(n + 2));
    r[1] = (gn_limb_t)z[1];
    memmove(r + 2, z + 2, len * sizeof *r);
    memset(r + 2 + len, 0, (n - len) * sizeof *r);
}

#define P(ctx) ((GEN)(ctx)->pgen)
#define G(x) ((GEN)(x))
#define RUN(ctx, r, expr)                                                                                  \
    do {                                                                                                   \
        enter();                                                                                           \
        pari_sp av_ = avma;                                                                                \
        store(ctx, r, (expr));                                                                             \
        set_avma(av_);                                                                                     \
    } while (0)

void gn_fp_pari_from_canon(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const size_t n = ctx->n;
    gn_limb_t t[GN_FP_MAX_LIMBS];
    size_t len = n;
    memcpy(t, a, n * sizeof *t);
    while (len && !t[len - 1])
        len--;
    r[0] = (gn_limb_t)(evaltyp(t_INT) | evallg(n + 2));
    r[1] = (gn_limb_t)(evalsigne(len != 0) | evallgefint(len + 2));
    memcpy(r + 2, t, n * sizeof *t);
}

void gn_fp_pari_to_canon(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    memmove(r, a + 2, ctx->n * sizeof *r); /* the unused limbs are kept zero */
}

void gn_fp_pari_setup(gn_fp_ctx_t *ctx)
{
    gn_limb_t one[GN_FP_MAX_LIMBS] = {1};
    gn_pari_enter();
    gn_fp_pari_from_canon(ctx, ctx->pgen, ctx->p);
    gn_fp_pari_from_canon(ctx, ctx->one, one);
}

void gn_fp_pari_set_zero(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    memset(r, 0, GN_PARI_WORDS(ctx) * sizeof *r);
    r[0] = (gn_limb_t)(evaltyp(t_INT) | evallg(ctx->n + 2));
    r[1] = (gn_limb_t)evallgefint(2);
}

gn_limb_t gn_fp_pari_is_zero(const gn_fp_ctx_t *ctx, const gn_limb_t *a)
{
    (void)ctx;
    return ct_is_zero((gn_limb_t)lgefint(G(a)) - 2);
}

/* The linear operations run on the t_INT's limbs in place (a value below p stays a canonical
 * t_INT: the sum or difference and one correction by p, then the length): PARI's Fp_add and
 * Fp_sub cost 25 ns each on a 256-bit p for what is a few word operations (docs/BACKENDS.md). */

/* r's limbs hold a value below p (n limbs): its type, sign and length words */
static void set_header(const gn_fp_ctx_t *ctx, gn_limb_t *r)
{
    size_t len = ctx->n;
    while (len && !r[1 + len])
        len--;
    r[0] = (gn_limb_t)(evaltyp(t_INT) | evallg(ctx->n + 2));
    r[1] = (gn_limb_t)(evalsigne(len != 0) | evallgefint(len + 2));
}

void gn_fp_pari_add(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const size_t n = ctx->n;
    const gn_limb_t *p = ctx->p;
    gn_limb_t s[GN_FP_MAX_LIMBS], d[GN_FP_MAX_LIMBS], c = 0, bw = 0;
    for (size_t i = 0; i < n; i++)
        c = mp_addc(&s[i], a[2 + i], b[2 + i], c);
    for (size_t i = 0; i < n; i++)
        bw = mp_subb(&d[i], s[i], p[i], bw);
    memcpy(r + 2, c | !bw ? d : s, n * sizeof *r); /* a + b >= p: the difference */
    set_header(ctx, r);
}

void gn_fp_pari_sub(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    const size_t n = ctx->n;
    gn_limb_t d[GN_FP_MAX_LIMBS], bw = 0, c = 0;
    for (size_t i = 0; i < n; i++)
        bw = mp_subb(&d[i], a[2 + i], b[2 + i], bw);
    if (bw) /* a < b: add p back */
        for (size_t i = 0; i < n; i++)
            c = mp_addc(&d[i], d[i], ctx->p[i], c);
    memcpy(r + 2, d, n * sizeof *r);
    set_header(ctx, r);
}

void gn_fp_pari_neg(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    gn_limb_t z[2 + GN_FP_MAX_LIMBS] = {0};
    gn_fp_pari_sub(ctx, r, z, a);
}

void gn_fp_pari_mul(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, const gn_limb_t *b)
{
    RUN(ctx, r, Fp_mul(G(a), G(b), P(ctx)));
}

/* a a as the product of a and a copy: GMP's mpn_sqr, which Fp_sqr reaches, keeps a 2.9 KB
 * workspace in its frame at every call, and was the deepest frame of every PARI call
 * (docs/ARCHITECTURE.md, "Stack") */
void gn_fp_pari_sqr(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    RUN(ctx, r, Fp_mul(G(a), icopy(G(a)), P(ctx)));
}

void gn_fp_pari_mul_small(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a, uint32_t c)
{
    RUN(ctx, r, Fp_mulu(G(a), (ulong)c, P(ctx)));
}

/* a / 2: a, or a + p when a is odd, shifted right by one */
void gn_fp_pari_half(const gn_fp_ctx_t *ctx, gn_limb_t *r, const gn_limb_t *a)
{
    const size_t n = ctx->n;
    gn_limb_t t[GN_FP_MAX_LIMBS], c = 0, odd = a[2] & 1;
    for (size_t i = 0; i < n; i++)
        c = mp_addc(&t[i], a[2 + i], ctx->p[i] & (0 - odd), c);
    for (size_t i = 0; i < n; i++)
        r[2 + i] = (t[i] >> 1) | ((i + 1 < n ? t[i + 1] : c) << (GN_LIMB_BITS - 1));
    set_header(ctx, r);
}
