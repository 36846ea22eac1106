"""GF(2)[x] on Python integers (bit i: the coefficient of x^i), the reference of the binary-field
and binary-curve tests (tests/py and the Python package's python/tests)."""


def clmul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
    return r


def pmod(a, f):
    m = f.bit_length() - 1
    while a.bit_length() - 1 >= m:
        a ^= f << (a.bit_length() - 1 - m)
    return a
