"""Prime fields (src/fp/) against Python integers.

Every operation on random and boundary elements, for primes of every limb count 1..16
(64-bit limbs; 1..32 with 32-bit limbs), of special form (2^255-19, 2^127-1, NIST P-192..P-521,
secp256k1, 2^448-2^224-1) and of every square-root class (3 mod 4, 5 mod 8, 1 mod 8 with large 2-adicity),
under every kernel that can serve the prime (generic, fixed, mulx, special).
"""
import functools
import random

import pytest

from conftest import ITERATIONS, LIMB_BITS, SANITIZE, SEED
from refs import NAMED_PRIMES, edge_values, h, legendre, powmod, random_prime, random_prime_mod

KINDS = ("generic", "fixed", "mulx", "special", "rns", "gmp", "pari")


@functools.lru_cache(maxsize=None)
def primes_under_test():
    """(label, p): every limb count 1..16 at full and partial top limbs, named and special primes.
    Drawn once per session, so every kernel kind serves the same primes."""
    rng = random.Random("%d:primes" % SEED)
    out = [("tiny3", 3), ("tiny5", 5), ("tiny7", 7), ("tiny13", 13), ("tiny17", 17), ("tiny97", 97)]
    for bits in (17, 31, 32, 33, 61, 64):
        out.append(("r%d" % bits, random_prime(rng, bits)))
    for limbs in range(2, 17):
        top = limbs * 64
        out.append(("r%d" % top, random_prime(rng, top)))
        out.append(("r%d" % (top - 33), random_prime(rng, top - 33)))
    out += [("named_" + k, v) for k, v in NAMED_PRIMES.items()]
    # square-root classes: 5 mod 8, and 1 mod 2^k (Tonelli-Shanks with many rounds)
    out.append(("m5mod8_256", random_prime_mod(rng, 256, 5, 8)))
    out.append(("m1mod2^32_256", random_prime_mod(rng, 256, 1, 1 << 32)))
    out.append(("m1mod2^20_127", random_prime_mod(rng, 127, 1, 1 << 20)))
    out.append(("m1mod16_64", random_prime_mod(rng, 64, 17, 32)))
    return out


def elements(rng, p, count):
    vals = [v for v in edge_values(p.bit_length()) if v < p]
    vals += [p - 1, p - 2, (p - 1) // 2, (p + 1) // 2]
    vals = sorted(set(v % p for v in vals))
    return vals + [rng.randrange(p) for _ in range(count)]


def expected(op, p, a, b, extra):
    if op == "add":
        return h((a + b) % p)
    if op == "sub":
        return h((a - b) % p)
    if op == "mul":
        return h(a * b % p)
    if op == "sqr":
        return h(a * a % p)
    if op == "neg":
        return h(-a % p)
    if op == "half":
        return h((a + (a & 1) * p) // 2)
    if op == "mul_small":
        return h(a * extra % p)
    if op in ("inv", "inv_var"):
        return h(powmod(a, -1, p)) if a else "err inverse_of_zero"
    if op in ("pow", "pow_var"):
        return h(powmod(a, extra, p))
    if op in ("legendre", "legendre_var"):
        return str(legendre(a, p))
    if op == "is_zero":
        return str(int(a == 0))
    if op == "eq":
        return str(int(a == b))
    if op == "encode":
        return a.to_bytes((p.bit_length() + 7) // 8, "big").hex()
    if op == "encode_le":
        return a.to_bytes((p.bit_length() + 7) // 8, "little").hex()
    raise AssertionError(op)


def command(op, a, b, extra):
    if op in ("add", "sub", "mul", "eq"):
        return "fp %s %s %s" % (op, h(a), h(b))
    if op in ("mul_small",):
        return "fp %s %s %d" % (op, h(a), extra)
    if op in ("pow", "pow_var"):
        return "fp %s %s %s" % (op, h(a), h(extra))
    return "fp %s %s" % (op, h(a))


OPS = ("add", "sub", "mul", "sqr", "neg", "half", "mul_small", "inv", "inv_var", "pow", "pow_var",
       "legendre", "legendre_var", "is_zero", "eq", "encode", "encode_le")


def run_field(calc, rng, p, kind, count):
    """All operations on one field; returns the number of checks, or 0 when the kernel cannot serve p."""
    lines = ["fp init %s %s" % (kind, h(p))]
    checks = [None]
    sqrt_inputs = []
    elems = elements(rng, p, count)
    for a in elems:
        b = rng.choice(elems)
        for op in OPS:
            if op == "mul_small":
                extra = rng.choice([0, 1, 2, 3, 19, 121666, 2**31 - 1, 2**31, 2**32 - 1, rng.getrandbits(32)])
            elif op in ("pow", "pow_var"):
                extra = rng.choice([0, 1, 2, p - 2, p - 1, p, p + 1, rng.getrandbits(rng.randint(1, 3 * p.bit_length()))])
            else:
                extra = None
            lines.append(command(op, a, b, extra))
            checks.append(("value", op, a, b, extra))
        lines.append("fp sqrt %s" % h(a))
        checks.append(("sqrt", a))
        lines.append("fp cswap0 %s %s" % (h(a), h(b)))
        checks.append(("exact", "%s %s" % (h(a), h(b))))
        lines.append("fp cswap1 %s %s" % (h(a), h(b)))
        checks.append(("exact", "%s %s" % (h(b), h(a))))
    nbytes = (p.bit_length() + 7) // 8
    # decoding: canonical values in, p and beyond rejected, wrong lengths rejected
    for a in elems[:8] + [p - 1]:
        lines.append("fp decode %s" % a.to_bytes(nbytes, "big").hex())
        checks.append(("exact", h(a)))
        lines.append("fp decode_le %s" % a.to_bytes(nbytes, "little").hex())
        checks.append(("exact", h(a)))
    for bad in (p, p + 1, (1 << (8 * nbytes)) - 1):
        lines.append("fp decode %s" % bad.to_bytes(nbytes, "big").hex())
        checks.append(("exact", "err value_out_of_range"))
    lines.append("fp decode %s" % (b"\x00" * (nbytes + 1)).hex())
    checks.append(("exact", "err invalid_argument"))
    lines.append("fp decode %s" % (b"\x01" * (nbytes - 1)).hex() if nbytes > 1 else "fp decode 0101")
    checks.append(("exact", "err invalid_argument"))
    for c in (0, 1, p - 1, 2**64 - 1, rng.getrandbits(64)):
        if c < 2**64:
            lines.append("fp set_u64 %x" % c)
            checks.append(("exact", h(c % p)))
    out = calc.run(lines)
    if out[0].startswith("err not_supported"):
        return 0
    assert out[0].startswith("ok "), "init %s %s: %s" % (kind, h(p), out[0])
    for line, check, got in zip(lines[1:], checks[1:], out[1:]):
        if check[0] == "exact":
            want = check[1]
        elif check[0] == "sqrt":
            a = check[1]
            if legendre(a, p) == -1:
                want = "none"
            else:
                r = int(got, 16) if got != "none" else None
                assert r is not None and r < p and r * r % p == a, "%s [%s]: got %s" % (line, kind, got)
                continue
        else:
            _, op, a, b, extra = check
            want = expected(op, p, a, b, extra)
        assert got == want, "%s [p=%s %s]: got %s, want %s" % (line, h(p), kind, got, want)
    return len(lines)


@pytest.mark.parametrize("kind", KINDS)
def test_fields(calc, rng, kind):
    served = 0
    for label, p in primes_under_test():
        count = (2 if SANITIZE else 8 if p.bit_length() > 512 else 16) * ITERATIONS  # edge values in full
        if run_field(calc, rng, p, kind, count):
            served += 1
    # every kernel kind must have served some prime of this suite on this build
    if kind in ("fixed", "rns") and LIMB_BITS == 32:
        assert served == 0  # both need 64-bit limbs
    elif kind in ("gmp", "pari"):  # builds with GMP or libpari (64-bit limbs, native) only
        built = calc.run(["fp init %s %s" % (kind, h(NAMED_PRIMES["p256"]))])[0].startswith("ok")
        assert (served > 0) == built
    elif kind == "mulx":
        info = calc.run(["info"])[0].split()
        cpu_ok = calc.run(["fp init mulx %s" % h(NAMED_PRIMES["p256"])])[0].startswith("ok")
        assert served > 0 or not (info[3] == "1" and cpu_ok)
    else:
        assert served > 0


@pytest.mark.parametrize("r", [17, 24, 30, 33, 36, 48, 62])
def test_rns_kernel_channel_widths(calc, rng, r):
    """The RNS kernel on every channel width (its bounds and lazy sums do not depend on r, the
    channels' arithmetic does: test_rns.py checks that at every width): every operation on
    primes of 64 to 1024 bits, where the bases fit an element (GN_FP_RNS_MAX_N channels a base)."""
    if LIMB_BITS != 64:
        pytest.skip("the RNS kernel needs 64-bit limbs")
    served = 0
    for bits in (64, 127, 255, 384, 521, 1024):
        p = random_prime(rng, bits)
        count = (2 if SANITIZE else 6) * ITERATIONS
        if not calc.run(["fp init rns%d %s" % (r, h(p))])[0].startswith("ok"):
            # refused only where the channels overflow an element, or too few r-bit moduli exist
            assert bits + 16 > 18 * r or r < 20, (r, bits)
            continue
        assert run_field(calc, rng, p, "rns%d" % r, count)
        served += 1
    assert served > 0


def test_auto_kernel_choice(calc):
    """The automatic choice picks the special-form kernels for their primes."""
    out = calc.run(["fp init auto %s" % h(2**255 - 19), "fp init auto %s" % h(2**127 - 1),
                    "fp init auto %s" % h(NAMED_PRIMES["p256"]), "fp init auto %s" % h(2**1023 + 1155),
                    "fp init auto %s" % h(NAMED_PRIMES["p448"])])
    assert out[0] == "ok p25519" and out[1] == "ok p1271"
    assert out[2] == ("ok p256" if LIMB_BITS == 64 else "ok generic")
    assert out[3] in ("ok generic", "err modulus_is_not_prime")
    assert out[4] == "ok p448"  # both limb sizes


def test_pseudo_mersenne_redundant_inputs(calc, rng):
    """The special kernels keep values below 2^(W n), not below p: values just under 2^(W n)
    arise from arithmetic (p - 1 + p - 1, ...) and must behave exactly."""
    for p in (2**255 - 19, 2**127 - 1):
        lines, wants = ["fp init special %s" % h(p)], [None]
        near = [p - 1, p - 2, p - 19, 1, 2, 18, 19, 20, 37, 38, 39]
        for a in near:
            for b in near:
                lines += ["fp add %s %s" % (h(a), h(b)), "fp sub %s %s" % (h(a), h(b)),
                          "fp mul %s %s" % (h(a), h(b)), "fp eq %s %s" % (h(a), h(b))]
                wants += [h((a + b) % p), h((a - b) % p), h(a * b % p), str(int(a == b))]
        out = calc.run(lines)
        assert out[0].startswith("ok p")
        for line, want, got in zip(lines[1:], wants[1:], out[1:]):
            assert got == want, "%s: got %s want %s" % (line, got, want)


@pytest.mark.parametrize("p", [2**256 - 2**32 - 977, 2**255 - 19, 2**127 - 1], ids=["p256k1", "p25519", "p1271"])
def test_pseudo_mersenne_raw_products(calc, rng, p):
    """The pseudo-Mersenne kernels' products (with mulx/adx where the CPU has it: src/fp/mulx_p256k1.S,
    mulx_p25519.S) on raw inputs anywhere in [0, 2^(W n)), not only below p, against Python."""
    top = 1 << (-(-p.bit_length() // LIMB_BITS) * LIMB_BITS)
    out = calc.run(["fp init special %s" % h(p)])
    if out[0] == "err not_supported_for_this_modulus":
        pytest.skip("no special kernel for this prime with %d-bit limbs" % LIMB_BITS)
    assert out[0].startswith("ok p"), out
    c = top % p  # 2^(W n) mod p: the folding constant
    edge = [0, 1, 2, c - 1, c, c + 1, p - 2, p - 1, p, p + 1, top - 1, top - 2, top - c, top - c - 1,
            top // 2, top // 2 - 1, (1 << 64) - 1, (1 << 128) - 1, top - (1 << 128)]
    edge += [top - 1 - (((1 << 64) - 1) << (64 * i)) for i in range(top.bit_length() // 64)]
    edge = sorted(set(v for v in edge if 0 <= v < top))
    vals = edge + [rng.randrange(top) for _ in range(40 * ITERATIONS)] + [top - 1 - rng.getrandbits(40) for _ in range(10)]
    pairs = [(a, b) for a in edge for b in edge] + [(rng.choice(vals), rng.choice(vals)) for _ in range(400 * ITERATIONS)]
    lines = ["fp init special %s" % h(p)] + ["fp mul_raw %x %x" % ab for ab in pairs] + ["fp sqr_raw %x" % a for a in vals]
    want = [None] + [h(a * b % p) for a, b in pairs] + [h(a * a % p) for a in vals]
    out = calc.run(lines)
    bad = [(l, o, w) for l, o, w in zip(lines[1:], out[1:], want[1:]) if o != w]
    assert not bad, "%d wrong, first %s" % (len(bad), bad[:3])
