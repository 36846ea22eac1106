"""Reference values computed independently of genus: Python integers and sympy."""
import functools

import sympy

from conftest import LIMB_BITS

try:  # GMP through gmpy2: the same values as pow(), ten times faster on 1024-bit moduli
    import gmpy2

    def powmod(a, e, p):
        return int(gmpy2.powmod(a, e, p))
except ImportError:
    powmod = pow


def limbs(x):
    """Limb count of x as the calculator parses it (at least one)."""
    return max(1, -(-x.bit_length() // LIMB_BITS))


def h(x):
    return format(x, "x")


def edge_values(bits):
    """Values near limb and power-of-two boundaries below 2^bits, plus 0 and 1."""
    vals = {0, 1, 2, 3}
    for k in range(LIMB_BITS // 2, bits + 1, LIMB_BITS // 2):
        for d in (-1, 0, 1):
            v = (1 << k) + d
            if 0 <= v < (1 << bits):
                vals.add(v)
    vals.add((1 << bits) - 1)
    return sorted(vals)


def random_prime(rng, bits):
    """A prime of exactly `bits` bits (sympy's primality test)."""
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1)) | 1
        if sympy.isprime(p):
            return p


def random_prime_mod(rng, bits, residue, modulus):
    """A prime of `bits` bits with p = residue mod modulus."""
    while True:
        p = rng.getrandbits(bits) | (1 << (bits - 1))
        p -= p % modulus
        p += residue
        if p.bit_length() == bits and sympy.isprime(p):
            return p


@functools.lru_cache(maxsize=1 << 16)  # asked once per operation that needs it (legendre, sqrt, ...)
def legendre(a, p):
    a %= p
    if a == 0:
        return 0
    return 1 if powmod(a, (p - 1) // 2, p) == 1 else -1


# Named primes: NIST curves, secp256k1, the special forms.
NAMED_PRIMES = {
    "p192": 2**192 - 2**64 - 1,
    "p224": 2**224 - 2**96 + 1,
    "p256": 2**256 - 2**224 + 2**192 + 2**96 - 1,
    "p384": 2**384 - 2**128 - 2**96 + 2**32 - 1,
    "p521": 2**521 - 1,
    "secp256k1": 2**256 - 2**32 - 977,
    "p25519": 2**255 - 19,
    "p1271": 2**127 - 1,
    "p448": 2**448 - 2**224 - 1,
}


def xdh_step(p, x2, z2, x3, z3, x1, a24, swap):
    """RFC 7748 section 5, one bit of the ladder modulo p: the projective formulas the
    assembly ladders (tests/tools/asm_calc.c) run, after the swap of the pairs."""
    if swap:
        x2, x3, z2, z3 = x3, x2, z3, z2
    a, b, c, d = (x2 + z2) % p, (x2 - z2) % p, (x3 + z3) % p, (x3 - z3) % p
    aa, bb = a * a % p, b * b % p
    e = (aa - bb) % p
    da, cb = d * a % p, c * b % p
    return [aa * bb % p, e * (bb + a24 * e) % p, (da + cb) ** 2 % p, x1 * (da - cb) ** 2 % p]


def same_x_point(p, x, z, wx, wz):
    """(x : z) and (wx : wz) are the same x-line point modulo p: x wz = wx z, both (1 : 0) or
    both finite."""
    return (x * wz - wx * z) % p == 0 and (z % p == 0) == (wz % p == 0)


def xdh_ladder(p, xp, k, nbits, a24):
    """The ladder over bits nbits-1..0 of k from (1 : 0), (xp : 1), the final swap included."""
    x2, z2, x3, z3, prev = 1, 0, xp, 1, 0
    for i in reversed(range(nbits)):
        bit = k >> i & 1
        x2, z2, x3, z3 = xdh_step(p, x2, z2, x3, z3, xp, a24, bit ^ prev)
        prev = bit
    if prev:
        x2, x3, z2, z3 = x3, x2, z3, z2
    return [x2, z2, x3, z3]
