"""RNS arithmetic (src/rns/) against Python integers: random primes of 64 to 2048 bits, channel
widths from 17 to 62 bits, both second base extensions (Kawamura's approximate Cox sum with its
offset, Shenoy-Kumaresan's redundant channel), the bounds of rns_setup at their edges, and the
approximation failing where its condition is violated (so the check at set-up is needed)."""
import math
import random

import pytest

from conftest import ITERATIONS, SANITIZE, SEED, Calc, _binary
from refs import random_prime

WIDTHS = (17, 24, 33, 36, 48, 62)
SIZES = (64, 127, 255, 384, 521, 1024, 2048)


@pytest.fixture(scope="module")
def rns():
    return Calc(_binary("GENUS_RNS_CALC"))


def setup(rns, p, r=0, h=0, c=0, ext="kawamura", unchecked=False):
    """(n, moduli) or None when refused."""
    out = rns.run(["init %x %d %d %d %s%s" % (p, r, h, c, ext, " unchecked" if unchecked else ""), "bases"])
    if not out[0].startswith("ok"):
        return None
    return int(out[0].split()[1]), [int(m, 16) for m in out[1].split(",")]


def base_products(ms):
    n = len(ms) // 2
    return math.prod(ms[:n]), math.prod(ms[n:])


def check_bases(p, r, c, ms):
    """Moduli of r bits, 2^r - e with e odd below 2^(r/2), pairwise coprime and coprime to p;
    B > c^2 p / 2 and A > 8p (rns.h)."""
    for m in ms:
        e = 2**r - m
        assert e % 2 == 1 and 0 < e < 2 ** (r // 2) and math.gcd(m, p) == 1
    for i, a in enumerate(ms):
        for b in ms[i + 1:]:
            assert math.gcd(a, b) == 1
    A, B = base_products(ms)
    assert 2 * B > c * c * p and A > 8 * p


def run_ops(rns, p, ms, c, rng, count):
    """add, sub, neg, mul in Montgomery form; redc of unreduced operands up to c p - 1; lazy sums of
    two products; long squaring chains; conversions; conditional swaps."""
    A, B = base_products(ms)
    xs = [rng.randrange(p) for _ in range(count)] + [0, 1, p - 1]
    ys = [rng.randrange(p) for _ in range(count)] + [p - 1, 0, p - 1]
    lines, want = [], []
    for x, y in zip(xs, ys):
        lines.append("ops %x %x" % (x, y))
        want.append(" ".join("%x" % (v * B % p) for v in (x + y, x - y, -x, x * y)))
    hi = c * p - 1
    for x, y in [(hi, hi), (hi, 0), (hi, 1), (4 * p - 1, 4 * p - 1)] + [
            (rng.randrange(c * p), rng.randrange(c * p)) for _ in range(count)]:
        lines.append("redc %x %x" % (x, y))
        want.append("%x" % (x * y * pow(B, -1, p) % p))
    lim = math.isqrt(c * c * p * p // 2)  # x1 y1 + x2 y2 below c^2 p^2
    for _ in range(count):
        v = [rng.randrange(min(lim, c * p)) for _ in range(4)]
        lines.append("lazy %x %x %x %x" % tuple(v))
        want.append("%x" % ((v[0] * v[1] + v[2] * v[3]) * pow(B, -1, p) % p))
    for x in (rng.randrange(p), 2, p - 1):
        lines.append("pow %x 100" % x)
        want.append("%x" % pow(x, 2**100, p))
    for x in (0, p - 1, p, 2 * p + 3, 4 * p - 1, rng.randrange(4 * p)):
        lines.append("conv %x" % x)
        want.append("%x" % (x % p))
    x, y = rng.randrange(p), rng.randrange(p)
    lines += ["cswap %x %x 0" % (x, y), "cswap %x %x 1" % (x, y)]
    want += ["%x %x" % (x, y), "%x %x" % (y, x)]
    for x, y in [(rng.randrange(p), rng.randrange(p)) for _ in range(count)] + [(0, p - 1), (p - 1, 0), (p - 1, p - 1)]:
        lines.append("lazyops %x %x" % (x, y))  # sums and differences (below 8p) as a product's operands
        want.append(" ".join("%x" % (v * B % p) for v in ((x - y) * (x - y), -x * (x + y), (x + y) * (x - y))))
    return lines, want


@pytest.mark.parametrize("ext", ["kawamura", "sk"])
@pytest.mark.parametrize("bits", SIZES)
def test_random_primes(rns, ext, bits):
    rng = random.Random(SEED * 1000 + bits + (7 if ext == "sk" else 0))
    count = max(2, (4 if SANITIZE else 12) * ITERATIONS // (4 if bits > 1024 else 1))
    for r in WIDTHS:
        p = random_prime(rng, bits)
        got = setup(rns, p, r=r, ext=ext)
        if got is None:  # too few pairwise coprime r-bit moduli 2^r - e, e < 2^(r/2), for p, or
            # more than GN_RNS_MAX_N = 72 moduli per base
            assert (r <= 19 and bits >= 384) or bits + 16 > 72 * r, (r, bits)
            continue
        n, ms = got
        check_bases(p, r, 8, ms)
        lines, want = run_ops(rns, p, ms, 8, rng, count)
        out = rns.run(["init %x %d 0 0 %s" % (p, r, ext)] + lines)
        assert out[1:] == want, (bits, r, ext)


def test_small_and_special_primes(rns):
    rng = random.Random(SEED)
    for p in (3, 5, 65537, 2**61 - 1, 2**127 - 1, 2**255 - 19, 2**521 - 1,
              2**256 - 2**224 + 2**192 + 2**96 - 1):
        for ext in ("kawamura", "sk"):
            for r in (17, 62):
                got = setup(rns, p, r=r, ext=ext)
                if got is None:
                    assert r == 17 and p.bit_length() >= 384
                    continue
                n, ms = got
                check_bases(p, r, 8, ms)
                lines, want = run_ops(rns, p, ms, 8, rng, 3)
                out = rns.run(["init %x %d 0 0 %s" % (p, r, ext)] + lines)
                assert out[1:] == want, (p, r, ext)


def test_lazy_headroom(rns):
    """c sets how large a product's operands may be: c = 32 takes sums of up to eight elements
    below 4p, and B grows to c^2 p / 2."""
    rng = random.Random(SEED + 3)
    p = random_prime(rng, 256)
    for c in (4, 8, 32, 1024):
        n, ms = setup(rns, p, r=62, c=c)
        check_bases(p, 62, c, ms)
        lines, want = run_ops(rns, p, ms, c, rng, 6)
        out = rns.run(["init %x 62 0 %d kawamura" % (p, c)] + lines)
        assert out[1:] == want, c


def _exactness(ms, r, h):
    """n (eps + delta) as an exact fraction, from the moduli (Kawamura et al. 2000: eps bounds
    1/b_j - 1/2^r relative to xi_j / 2^r, delta the truncation to h bits)."""
    from fractions import Fraction
    n = len(ms) // 2
    return n * (Fraction(max(2**r - m for m in ms), 2**r) + Fraction(2 ** (r - h) - 1, 2**r))


def test_exactness_bound_checked(rns):
    """Truncating the Cox sum to h bits: rns_setup accepts exactly the h whose n (eps + delta)
    is at most alpha = 1/2 (Kawamura et al. 2000), and computes right there."""
    rng = random.Random(SEED + 5)
    p = random_prime(rng, 255)
    n, ms = setup(rns, p, r=62)
    accepted = []
    for h in range(1, 13):
        got = setup(rns, p, r=62, h=h)
        assert (got is not None) == (_exactness(ms, 62, h) <= 0.5), h
        if got is not None:
            accepted.append(h)
            lines, want = run_ops(rns, p, got[1], 8, rng, 4)
            assert rns.run(["init %x 62 %d 0 kawamura" % (p, h)] + lines)[1:] == want, h
    assert accepted and min(accepted) > 1  # the smallest h are refused
    # large bases, where n (eps + delta) is several units: refused with either extension (the
    # first extension needs n (eps + delta) <= 1 too)
    big = random_prime(rng, 1024)
    for ext in ("kawamura", "sk"):
        n, ms = setup(rns, big, r=62, ext=ext)
        for h in (1, 2):
            assert _exactness(ms, 62, h) > 1
            assert setup(rns, big, r=62, h=h, ext=ext) is None, (ext, h)


def test_exactness_bound_needed(rns):
    """With the check skipped, a Cox sum truncated below the bound extends some values wrongly
    into base B (a product's value in base A stays right, so the error shows in the products
    that follow): chains of squarings come out wrong."""
    rng = random.Random(SEED + 7)
    p = random_prime(rng, 255)
    h = 2  # n (eps + delta) = n (2^60 - 1) / 2^62 > 1/2 for n >= 3
    assert setup(rns, p, r=62, h=h) is None
    assert setup(rns, p, r=62, h=h, unchecked=True) is not None
    xs = [rng.randrange(p) for _ in range(100)]
    out = rns.run(["init %x 62 %d 0 kawamura unchecked" % (p, h)] + ["pow %x 20" % x for x in xs])
    wrong = sum(o != "%x" % pow(x, 2**20, p) for o, x in zip(out[1:], xs))
    assert wrong > len(xs) // 2
    out = rns.run(["init %x 62 0 0 kawamura" % p] + ["pow %x 20" % x for x in xs])  # h = r: right
    assert out[1:] == ["%x" % pow(x, 2**20, p) for x in xs]


def test_refused_parameters(rns):
    p = 2**255 - 19
    for r, h, c in ((16, 0, 0), (63, 0, 0), (62, 63, 0), (62, 0, 2), (62, 0, 2000)):
        assert rns.run(["init %x %d %d %d kawamura" % (p, r, h, c)])[0].startswith("err"), (r, h, c)
    assert rns.run(["init %x 0 0 0 kawamura" % (p + 1)])[0].startswith("err")  # even
    assert rns.run(["init %x 0 0 0 kawamura" % (p + 1), "bases"])[1] == "err no_bases"  # refused: no bases
    # too few r-bit moduli for a 1024-bit p at r = 17
    assert setup(rns, random_prime(random.Random(SEED), 1024), r=17) is None


@pytest.mark.parametrize("bits", SIZES)
def test_vector_code_equals_portable(rns, bits):
    """The AVX2 and AVX-512 reductions (src/rns/rns_simd.h, 32-bit residues) against the portable C
    on the same inputs, lazy sums of two products reduced (operands random below p, or earlier
    results), for every vector code this CPU runs (on a CPU or build without them the selection
    is refused): 10^5 each at r = 30 (the default channels where the vector code runs), 24 and
    17."""
    rng = random.Random(SEED * 31 + bits)
    p = random_prime(rng, bits)
    for r, count in ((30, 100000), (24, 100000), (17, 100000)):
        if setup(rns, p, r=r) is None:
            continue  # more than GN_RNS_MAX_N moduli of r bits
        for impl in ("avx2", "avx512"):
            out = rns.run(["init %x %d 0 0 kawamura" % (p, r), "impl %s" % impl,
                           "crosscheck %d %x" % (count if not SANITIZE else count // 100, rng.getrandbits(64))])
            if out[1] != "ok " + impl:
                assert out[1].startswith("err"), out
                continue
            assert out[2] == "ok %d" % (count if not SANITIZE else count // 100), (bits, r, impl, out)
        # above 30 bits the vector code cannot hold a product: refused
    out = rns.run(["init %x 31 0 0 kawamura" % p, "impl avx2", "impl avx512", "impl portable"])
    if out[0].startswith("ok"):
        assert out[1].startswith("err") and out[2].startswith("err") and out[3] == "ok portable"
