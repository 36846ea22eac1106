/* CPU feature detection for the kernels chosen at run time. */
#include "fp/fp_internal.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

int gn_cpu_has_mulx(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b >> 8 & 1) && (b >> 19 & 1); /* BMI2 (mulx) and ADX (adcx/adox) */
}
#else
int gn_cpu_has_mulx(void)
{
    return 0;
}
#endif
