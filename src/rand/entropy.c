/* Entropy sources behind gn_entropy_t (the Get_entropy_input of SP 800-90A Rev.1 section 9):
 * the operating system, and the x86-64 RDSEED/RDRAND instructions found by cpuid at run time.
 * RDSEED/RDRAND are compiled with per-function target attributes, so that nothing else in the
 * library is built for CPUs that have them. */
#if defined(__linux__)
#define _GNU_SOURCE /* syscall() */
#elif !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L /* O_CLOEXEC */
#endif

#include "genus/drbg.h"
#include "rand/drbg_internal.h"
#include "util/cpu.h"

#if defined(__unix__) || defined(__APPLE__)
#define GN_HAVE_POSIX_RNG 1
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GN_HAVE_X86_RNG 1
#include <immintrin.h>
#endif

#ifdef GN_HAVE_POSIX_RNG
/* getrandom(2) with flags 0: blocks only until the kernel pool has been seeded once, then never.
 * Returns 1 when out is full, 0 when the system call is missing (ENOSYS: kernel before 3.17, or
 * EPERM from a seccomp filter that hides it) before any byte came, -1 on any other failure. */
static int os_getrandom(uint8_t *out, size_t len)
{
#if defined(SYS_getrandom)
    size_t off = 0;
    while (off < len) {
        long r = syscall(SYS_getrandom, out + off, len - off, 0u);
        if (r < 0 && errno == EINTR)
            continue; /* interrupted by a signal before any byte: ask again */
        if (r < 0 && off == 0 && (errno == ENOSYS || errno == EPERM))
            return 0;
        if (r <= 0)
            return -1;
        off += (size_t)r; /* short reads happen above 32 MiB or on a signal: go on */
    }
    return 1;
#else
    (void)out;
    (void)len;
    return 0;
#endif
}

/* The fallback: /dev/urandom, read to the end of the buffer. */
gn_err gn_entropy_urandom(uint8_t *out, size_t len)
{
    int fd;
    do
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return GN_ERR_RNG;
    size_t off = 0;
    while (off < len) {
        ssize_t r = read(fd, out + off, len - off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        off += (size_t)r;
    }
    close(fd);
    return off == len ? GN_OK : GN_ERR_RNG;
}
#else
gn_err gn_entropy_urandom(uint8_t *out, size_t len)
{
    (void)out;
    (void)len;
    return GN_ERR_UNSUPPORTED;
}
#endif

gn_err gn_entropy_os(uint8_t *out, size_t len)
{
    if (!out && len)
        return GN_ERR_INVALID;
    if (len == 0)
        return GN_OK;
    gn_err e = GN_ERR_UNSUPPORTED;
#ifdef GN_HAVE_POSIX_RNG
    int r = os_getrandom(out, len);
    e = r > 0 ? GN_OK : r < 0 ? GN_ERR_RNG : gn_entropy_urandom(out, len);
#endif
    if (e != GN_OK)
        gn_memzero(out, len);
    return e;
}

#ifdef GN_HAVE_X86_RNG
/* Retry bounds. RDRAND fails only when its DRBG cannot keep up, and Intel's DRNG guide treats
 * 10 failures in a row as a broken unit. RDSEED fails whenever the conditioner has no fresh
 * seed, which is common under load: allow many more tries with a pause between them. */
#define GN_RDRAND_TRIES 10
#define GN_RDSEED_TRIES 1024

__attribute__((target("rdrnd"))) static int rdrand64(unsigned long long *v)
{
    return _rdrand64_step(v);
}

__attribute__((target("rdseed"))) static int rdseed64(unsigned long long *v)
{
    return _rdseed64_step(v);
}

/* One 64-bit value. A value of all ones is refused as well: some AMD processors return it
 * with the success flag set after a suspend or with faulty microcode. Refusing it tells
 * nothing about the values kept. */
static int x86_draw(unsigned long long *v, int seed)
{
    for (int t = 0; t < (seed ? GN_RDSEED_TRIES : GN_RDRAND_TRIES); t++) {
        int ok = seed ? rdseed64(v) : rdrand64(v);
        if (ok && *v != ~0ULL)
            return 1;
        if (seed)
            _mm_pause();
    }
    return 0;
}

static gn_err x86_fill(uint8_t *out, size_t len, int seed)
{
    unsigned long long v = 0;
    for (size_t off = 0; off < len; off += 8) {
        if (!x86_draw(&v, seed)) {
            gn_memzero(out, len);
            return GN_ERR_RNG;
        }
        for (size_t i = 0; i < 8 && off + i < len; i++)
            out[off + i] = (uint8_t)(v >> (8 * i));
    }
    gn_memzero(&v, sizeof v);
    return GN_OK;
}
#endif

static gn_err cpu_fill(uint8_t *out, size_t len, int seed)
{
    if (!out && len)
        return GN_ERR_INVALID;
#ifdef GN_HAVE_X86_RNG
    if (seed ? gn_cpu_has_rdseed() : gn_cpu_has_rdrand())
        return x86_fill(out, len, seed);
#else
    (void)seed;
#endif
    if (len)
        gn_memzero(out, len);
    return GN_ERR_UNSUPPORTED;
}

gn_err gn_entropy_rdseed(uint8_t *out, size_t len)
{
    return cpu_fill(out, len, 1);
}

gn_err gn_entropy_rdrand(uint8_t *out, size_t len)
{
    return cpu_fill(out, len, 0);
}

/* gn_rng_fn adapters for gn_entropy_t: 0 on success. */
static int get_os(void *state, uint8_t *out, size_t len)
{
    (void)state;
    return gn_entropy_os(out, len) != GN_OK;
}

static int get_rdseed(void *state, uint8_t *out, size_t len)
{
    (void)state;
    return gn_entropy_rdseed(out, len) != GN_OK;
}

static int get_rdrand(void *state, uint8_t *out, size_t len)
{
    (void)state;
    return gn_entropy_rdrand(out, len) != GN_OK;
}

gn_err gn_entropy_init(gn_entropy_t *src, gn_entropy_kind kind)
{
    if (!src)
        return GN_ERR_INVALID;
    src->state = NULL;
    src->bytes = 0;
    src->get = NULL;
    switch (kind) {
    case GN_ENTROPY_OS:
#ifdef GN_HAVE_POSIX_RNG
        src->get = get_os;
        return GN_OK;
#else
        return GN_ERR_UNSUPPORTED;
#endif
    case GN_ENTROPY_RDSEED:
        if (!gn_cpu_has_rdseed())
            return GN_ERR_UNSUPPORTED;
        src->get = get_rdseed;
        return GN_OK;
    case GN_ENTROPY_RDRAND:
        if (!gn_cpu_has_rdrand())
            return GN_ERR_UNSUPPORTED;
        src->get = get_rdrand;
        return GN_OK;
    }
    return GN_ERR_INVALID;
}
