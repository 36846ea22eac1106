"""Primality (Baillie-PSW) and field set-up against sympy: primes are accepted, composites,
including strong pseudoprimes to base 2, strong Lucas pseudoprimes, Carmichael numbers and
squares, are rejected; even moduli and oversized ones are refused with their own error."""
import sympy

from conftest import ITERATIONS
from refs import NAMED_PRIMES, h, random_prime

# Strong pseudoprimes to base 2 (OEIS A001262) and strong Lucas pseudoprimes with
# Selfridge's parameters (OEIS A217255): each fools one half of Baillie-PSW.
SPSP2 = [2047, 3277, 4033, 4681, 8321, 15841, 29341, 42799, 49141, 52633, 65281, 74665, 80581,
         85489, 88357, 90751, 3215031751, 2152302898747, 3474749660383, 341550071728321]
SLPSP = [5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519, 75077, 97439, 100127,
         113573, 115639, 130139]
CARMICHAEL = [561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841, 29341, 41041, 46657, 52633,
              62745, 63973, 75361, 101101, 115921, 126217, 162401, 172081, 188461, 252601, 278545]


def test_known_cases(calc, rng):
    nums = SPSP2 + SLPSP + CARMICHAEL + list(range(0, 2000))
    nums += list(NAMED_PRIMES.values()) + [2**89 - 1, 2**107 - 1, 2**521 - 1, 2**607 - 1]
    # squares and products of primes of many sizes
    for bits in (8, 16, 32, 33, 64, 65, 100, 128, 200, 256, 400, 511):
        p, q = random_prime(rng, bits), random_prime(rng, bits)
        nums += [p * p, p * q, p * (2 * p - 1) if sympy.isprime(2 * p - 1) else p * q, p]
    out = calc.run(["mp isprime %s" % h(n) for n in nums])
    for n, got in zip(nums, out):
        assert got == str(int(sympy.isprime(n))), "isprime(%d): got %s" % (n, got)


def test_random_numbers(calc, rng):
    nums = []
    for _ in range(600 * ITERATIONS):
        bits = rng.choice([16, 40, 64, 65, 127, 128, 192, 255, 256, 384, 521, 768, 1024])
        n = rng.getrandbits(bits) | 1
        if rng.random() < 0.3:
            n = random_prime(rng, bits)
        nums.append(n)
    out = calc.run(["mp isprime %s" % h(n) for n in nums])
    for n, got in zip(nums, out):
        assert got == str(int(sympy.isprime(n))), "isprime(%d): got %s" % (n, got)


def test_field_init_errors(calc, rng):
    p = random_prime(rng, 200)
    q = random_prime(rng, 200)
    cases = [
        ("fp init auto %s" % h(p), "ok"),
        ("fp init auto %s" % h(p * q), "err modulus_is_not_prime"),
        ("fp init auto %s" % h(2 * p), "err modulus_is_even"),
        ("fp init auto 0", "err modulus_is_even"),
        ("fp init auto 1", "err modulus_is_not_prime"),
        ("fp init auto 2", "err modulus_is_even"),
        ("fp init auto 3", "ok"),
        ("fp init auto %s" % h(2047), "err modulus_is_not_prime"),
        ("fp init auto %s" % h(5777), "err modulus_is_not_prime"),
        ("fp init auto %s" % h(random_prime(rng, 1025)), "err modulus_size_not_supported"),
        ("fp init auto %s" % h(random_prime(rng, 1024)), "ok"),
        ("fp init special %s" % h(p), "err not_supported_for_this_modulus"),
        ("fp init special %s" % h(2**255 - 19), "ok p25519"),
        ("fp init special %s" % h(2**127 - 1), "ok p1271"),
        ("fp init generic %s" % h(2**255 - 19), "ok generic"),
    ]
    out = calc.run([c for c, _ in cases])
    for (cmd, want), got in zip(cases, out):
        assert got == want or (want == "ok" and got.startswith("ok ")), "%s: got %s" % (cmd, got)
