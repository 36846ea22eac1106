/* CPU feature detection for the kernels and entropy sources chosen at run time. */
#include "util/cpu.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

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

int gn_cpu_has_avx2(void)
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

int gn_cpu_has_avx512f(void)
{
    return 0;
}
#endif
