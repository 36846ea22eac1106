/* CPU feature detection for the kernels and entropy sources chosen at run time. */
#include "util/cpu.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <stdatomic.h>

int gn_cpu_has_mulx(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b >> 8 & 1) && (b >> 19 & 1); /* BMI2 (mulx) and ADX (adcx/adox) */
}

int gn_cpu_has_rdrand(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return c >> 30 & 1; /* CPUID.01H:ECX.RDRAND[bit 30] */
}

int gn_cpu_has_rdseed(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return b >> 18 & 1; /* CPUID.(EAX=07H,ECX=0):EBX.RDSEED[bit 18] */
}

int gn_cpu_has_pclmul(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return c >> 1 & 1; /* CPUID.01H:ECX.PCLMULQDQ[bit 1] */
}

static int probe_avx2(void)
{
    unsigned a, b, c, d, lo, hi;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1) || !(c >> 28 & 1)) /* OSXSAVE, AVX */
        return 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 6) != 6) /* XCR0: the OS saves xmm and ymm state */
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return b >> 5 & 1; /* CPUID.(EAX=07H,ECX=0):EBX.AVX2[bit 5] */
}

/* Remembered: CPUID traps to the hypervisor in a virtual machine (thousands of cycles), and
 * gn_ec_mul_base asks on every call. A race only probes twice. */
int gn_cpu_has_avx2(void)
{
    static _Atomic int known; /* 0: not probed, 1: no, 2: yes */
    int v = atomic_load_explicit(&known, memory_order_relaxed);
    if (!v) {
        v = probe_avx2() ? 2 : 1;
        atomic_store_explicit(&known, v, memory_order_relaxed);
    }
    return v == 2;
}

int gn_cpu_avx2_full_width(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return 1;
    const int amd = b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163;   /* "AuthenticAMD" */
    const int hygon = b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975; /* "HygonGenuine" */
    if ((!amd && !hygon) || !__get_cpuid(1, &a, &b, &c, &d))
        return 1;
    unsigned family = a >> 8 & 0xf, model = a >> 4 & 0xf;
    if (family == 0xf) { /* the extended family and model (CPUID.01H:EAX) */
        family += a >> 20 & 0xff;
        model |= (a >> 16 & 0xf) << 4;
    }
    /* Zen and Zen+ (family 17h, models 00h-2Fh) and Hygon's cores built on them (family 18h) */
    return !((amd && family == 0x17 && model < 0x30) || (hygon && family == 0x18));
}

int gn_cpu_has_avx512f(void)
{
    unsigned a, b, c, d, lo, hi;
    if (!gn_cpu_has_avx2())
        return 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    if ((lo & 0xe6) != 0xe6) /* XCR0: xmm, ymm, opmask, zmm state */
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return b >> 16 & 1; /* CPUID.(EAX=07H,ECX=0):EBX.AVX512F[bit 16] */
}
#else
int gn_cpu_has_mulx(void)
{
    return 0;
}

int gn_cpu_has_rdrand(void)
{
    return 0;
}

int gn_cpu_has_rdseed(void)
{
    return 0;
}

int gn_cpu_has_pclmul(void)
{
    return 0;
}

int gn_cpu_has_avx2(void)
{
    return 0;
}

int gn_cpu_avx2_full_width(void)
{
    return 1;
}

int gn_cpu_has_avx512f(void)
{
    return 0;
}
#endif
