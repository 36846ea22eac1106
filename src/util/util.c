/* Error strings, zeroisation and the version string. */
#include <string.h>

#include "genus/common.h"

const char *gn_strerror(gn_err err)
{
    switch (err) {
    case GN_OK: return "success";
    case GN_ERR_INVALID: return "invalid argument";
    case GN_ERR_PARSE: return "malformed hexadecimal";
    case GN_ERR_RANGE: return "value out of range";
    case GN_ERR_EVEN_MODULUS: return "modulus is even";
    case GN_ERR_NOT_PRIME: return "modulus is not prime";
    case GN_ERR_TOO_LARGE: return "modulus size not supported";
    case GN_ERR_NOT_INVERTIBLE: return "inverse of zero";
    case GN_ERR_NOT_SQUARE: return "not a square";
    case GN_ERR_DIV_BY_ZERO: return "division by zero";
    case GN_ERR_RNG: return "random generator failed";
    case GN_ERR_UNSUPPORTED: return "not supported for this modulus";
    case GN_ERR_BUFFER: return "output buffer too small";
    case GN_ERR_NOT_RESIDUE: return "constant is not a non-residue";
    case GN_ERR_SINGULAR: return "the curve is singular";
    case GN_ERR_NOT_ON_CURVE: return "point is not on the curve";
    case GN_ERR_BAD_ORDER:
        return "wrong order: n G is not the neutral element, h n breaks Hasse's bound, or h n is not the number of "
               "points";
    case GN_ERR_UNKNOWN_CURVE: return "unknown curve name";
    case GN_ERR_ENCODING: return "malformed point encoding";
    case GN_ERR_INFINITY: return "point at infinity";
    case GN_ERR_SUBGROUP: return "point is not in the prime-order subgroup";
    case GN_ERR_DRBG_STATE: return "DRBG is not instantiated";
    case GN_ERR_REQUEST_TOO_LARGE: return "request exceeds the DRBG limits";
    case GN_ERR_DER: return "malformed DER encoding";
    case GN_ERR_CURVE_MISMATCH: return "key is not for this curve";
    case GN_ERR_AUTH: return "key confirmation failed";
    case GN_ERR_REDUCIBLE: return "reduction polynomial is reducible";
    case GN_ERR_UNVERIFIED_ORDER:
        return "the curve serves arithmetic, not protocols: n is not prime, or n <= 4 sqrt(q) leaves the cofactor "
               "unverified";
    }
    return "unknown error";
}

/* Writing through a volatile function pointer keeps the compiler from proving the store dead. */
static void *(*const volatile memset_v)(void *, int, size_t) = memset;

void gn_memzero(void *p, size_t len)
{
    if (len)
        memset_v(p, 0, len);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

const char *gn_version(void)
{
    return GN_VERSION_STRING;
}

#if GN_VERIFY
#include <stdio.h>
#include <stdlib.h>

#include "util/verify.h"

_Noreturn void gn_verify_fail(const char *file, int line, const char *what)
{
    fprintf(stderr, "genus: invariant violated at %s:%d: %s\n", file, line, what);
    abort();
}
#endif
