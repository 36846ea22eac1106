"""Builds the cffi extension module genus._genus_ffi (out-of-line API mode) from the C library's
public headers: the declarations are the headers themselves, run through the C preprocessor, so the
binding cannot drift from the C API; the compiler checks every struct layout and signature when it
compiles the generated C file. Run by CMake (GENUS_PYTHON):

    python _ffi_build.py INCLUDE_DIR GENERATED_INCLUDE_DIR OUT.c
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

import cffi

# numeric constants of the headers that Python code reads (lib.GN_...)
DEFINE = re.compile(r"^#define\s+(GN_[A-Z0-9_]+)\s+[^\s].*$")
NOT_CONSTANTS = {"GN_API", "GN_NODISCARD", "GN_VERSION_STRING"}


def declarations(include: str, generated: str) -> str:
    """genus.h preprocessed without the system headers and compiler attributes, as cffi's cdef."""
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as fake:
        # stddef.h and stdint.h: cffi knows size_t and the fixed-width types itself
        for h in ("stddef.h", "stdint.h"):
            open(os.path.join(fake, h), "w").close()
        out = subprocess.run(
            [cc, "-E", "-P", "-undef", "-nostdinc", "-I", fake, "-I", include, "-I", generated,
             os.path.join(include, "genus", "genus.h")],
            check=True, capture_output=True, text=True).stdout
    consts = set()
    for name in sorted(os.listdir(os.path.join(include, "genus"))):
        for line in open(os.path.join(include, "genus", name)):
            m = DEFINE.match(line)
            if m and m.group(1) not in NOT_CONSTANTS and not m.group(1).startswith("GENUS_"):
                consts.add(m.group(1))
    return out + "".join("#define %s ...\n" % c for c in sorted(consts)) + HELPERS_CDEF


# The binding's own C: an entropy source that hands the DRBG bytes given from Python (SP 800-90A
# test vectors, reproducible seeds), one draw of exactly the length set, then nothing until refilled.
HELPERS_C = r"""
#include <string.h>
typedef struct genus_py_entropy {
    uint8_t buf[GN_DRBG_MAX_ENTROPY_BYTES + GN_DRBG_NONCE_BYTES];
    size_t len;
    int ready;
} genus_py_entropy_t;

static int genus_py_entropy_get(void *state, uint8_t *out, size_t len)
{
    genus_py_entropy_t *s = state;
    if (!s->ready || len != s->len)
        return 1;
    memcpy(out, s->buf, len);
    gn_memzero(s->buf, sizeof s->buf);
    s->ready = 0;
    return 0;
}

static void genus_py_entropy_source(genus_py_entropy_t *s, gn_entropy_t *src, size_t bytes)
{
    src->get = genus_py_entropy_get;
    src->state = s;
    src->bytes = bytes;
}
"""
HELPERS_CDEF = """
typedef struct genus_py_entropy { uint8_t buf[...]; size_t len; int ready; } genus_py_entropy_t;
void genus_py_entropy_source(genus_py_entropy_t *s, gn_entropy_t *src, size_t bytes);
"""


def builder(include: str, generated: str) -> cffi.FFI:
    ffi = cffi.FFI()
    ffi.cdef(declarations(include, generated))
    ffi.set_source("genus._genus_ffi", '#include "genus/genus.h"\n' + HELPERS_C)
    return ffi


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    builder(sys.argv[1], sys.argv[2]).emit_c_code(sys.argv[3])
