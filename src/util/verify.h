/*
 * Invariant checks of the GN_VERIFY build (cmake -DGN_VERIFY=ON; on in the sanitizer
 * configuration of scripts/check.sh): the documented bounds of lazily reduced field elements at
 * every kernel operation, the preconditions of incomplete formulas and the sizes planned for
 * scratch space. A failed check prints where and aborts. Off, each check compiles to nothing,
 * so a check may read secrets (it branches only in the verification build, which is never
 * measured for timing).
 */
#ifndef GN_UTIL_VERIFY_H
#define GN_UTIL_VERIFY_H

#include "genus/common.h"

#ifndef GN_VERIFY
#define GN_VERIFY 0
#endif

#if GN_VERIFY
_Noreturn void gn_verify_fail(const char *file, int line, const char *what);
#define GN_CHECK(cond) ((cond) ? (void)0 : gn_verify_fail(__FILE__, __LINE__, #cond))
#else
#define GN_CHECK(cond) ((void)0)
#endif

#endif
