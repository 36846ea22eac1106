"""The compiled binding (genus._genus_ffi, cffi out-of-line API mode) and the helpers every module
shares: errors, integer and byte conversions, the random generators handed to the C library."""
from __future__ import annotations

import operator
from typing import Any, NoReturn

from genus._genus_ffi import ffi, lib  # type: ignore[import-not-found]

__all__ = ["ffi", "lib", "Error", "check", "fail", "as_int", "as_bytes", "new", "limbs_to_int", "counts_dict"]


class Error(ValueError):
    """A refusal of the genus C library (its message, and the error code in ``code``), or an
    argument the Python layer refuses for the same reasons (``code`` is then GN_ERR_INVALID or the
    code the library would give)."""

    def __init__(self, message: str, code: int = -1) -> None:
        super().__init__(message)
        self.code = code


def _message(err: int, what: str) -> str:
    text = ffi.string(lib.gn_strerror(err)).decode()
    return "%s: %s" % (what, text) if what else text


def fail(err: int, what: str = "") -> NoReturn:
    raise Error(_message(err, what), err)


def check(err: int, what: str = "") -> None:
    """Raise Error for a negative gn_err."""
    if err != 0:
        fail(err, what)


def as_int(x: Any, name: str) -> int:
    """x as a Python int (bool refused); TypeError for anything without __index__."""
    if isinstance(x, bool):
        raise TypeError("%s must be an integer, not bool" % name)
    try:
        return operator.index(x)
    except TypeError:
        raise TypeError("%s must be an integer, not %s" % (name, type(x).__name__)) from None


def as_bytes(x: Any, name: str) -> bytes:
    """x as bytes (bytes, bytearray, memoryview); TypeError otherwise."""
    if isinstance(x, (bytes, bytearray, memoryview)):
        return bytes(x)
    raise TypeError("%s must be bytes, not %s" % (name, type(x).__name__))


def new(ctype: str) -> Any:
    """A zeroed C object owned by Python (cffi frees it with the last reference)."""
    return ffi.new(ctype)


def limbs_to_int(limbs: Any, n: int) -> int:
    """The natural held in n limbs of the C library (any byte order of the host)."""
    size = n * ffi.sizeof("gn_limb_t")
    out = ffi.new("uint8_t[]", size)
    check(lib.gn_mp_to_bytes_be(out, size, limbs, n))
    return int.from_bytes(bytes(ffi.buffer(out, size)), "big")


def counts_dict(c: Any) -> dict:
    """A gn_op_counts_t as {"M", "S", "D", "C", "A", "I"}: products, squares, products by a curve
    constant, by a small constant, additions, inversions."""
    return {"M": int(c.m), "S": int(c.s), "D": int(c.d), "C": int(c.c), "A": int(c.a), "I": int(c.i)}
