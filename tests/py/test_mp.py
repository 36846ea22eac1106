"""Naturals (src/mp/) against Python integers: arithmetic, shifts, comparison, division,
Jacobi symbol and conversions, on random and boundary values of 1..24 limbs."""
import sympy

from conftest import ITERATIONS, LIMB_BITS
from refs import edge_values, h, limbs

W = LIMB_BITS


def operands(rng, count):
    """Random naturals of 1..24 limbs and boundary values, in pairs."""
    values = edge_values(4 * W) + edge_values(9 * W)
    out = []
    for _ in range(count):
        if rng.random() < 0.3:
            a, b = rng.choice(values), rng.choice(values)
        else:
            a = rng.getrandbits(rng.randint(1, 24 * W))
            b = rng.getrandbits(rng.randint(1, 24 * W))
        out.append((a, b))
    return out


def check(calc, cases):
    out = calc.run([c[0] for c in cases])
    for (cmd, want), got in zip(cases, out):
        assert got == want, "%s: got %s, want %s" % (cmd, got, want)


def test_add_sub_mul_sqr(calc, rng):
    cases = []
    for a, b in operands(rng, 400 * ITERATIONS):
        n = max(limbs(a), limbs(b))
        mod = 1 << (W * n)
        cases.append(("mp add %s %s" % (h(a), h(b)), "%s %d" % (h((a + b) % mod), (a + b) >> (W * n))))
        cases.append(("mp sub %s %s" % (h(a), h(b)), "%s %d" % (h((a - b) % mod), int(a < b))))
        cases.append(("mp mul %s %s" % (h(a), h(b)), h(a * b)))
        cases.append(("mp sqr %s" % h(a), h(a * a)))
        l = b % (1 << W)
        na = limbs(a)
        cases.append(("mp mul_limb %s %s" % (h(a), h(l)), h(a * l)))
        cases.append(("mp add_limb %s %s" % (h(a), h(l)), "%s %d" % (h((a + l) % (1 << (W * na))), (a + l) >> (W * na))))
        cases.append(("mp sub_limb %s %s" % (h(a), h(l)), "%s %d" % (h((a - l) % (1 << (W * na))), int(a < l))))
    check(calc, cases)


def test_shifts(calc, rng):
    cases = []
    for a, _ in operands(rng, 300 * ITERATIONS):
        n = limbs(a) + rng.randint(0, 2)
        bits = rng.choice([0, 1, W - 1, W, W + 1, rng.randrange(0, n * W)])
        mod = 1 << (W * n)
        out_l = ((a << bits) >> (W * n)) % (1 << W) if 0 < bits < W else 0
        cases.append(("mp shl %s %d %d" % (h(a), bits, n), "%s %s" % (h((a << bits) % mod), h(out_l))))
        out_r = ((a << W) >> bits) % (1 << W) if 0 < bits < W else 0
        cases.append(("mp shr %s %d %d" % (h(a), bits, n), "%s %s" % (h(a >> bits), h(out_r))))
    check(calc, cases)


def test_compare_and_bits(calc, rng):
    cases = []
    for a, b in operands(rng, 300 * ITERATIONS) + [(x, x) for x in edge_values(3 * W)]:
        want = str((a > b) - (a < b))
        cases.append(("mp cmp %s %s" % (h(a), h(b)), want))
        cases.append(("mp cmp_var %s %s" % (h(a), h(b)), want))
        cases.append(("mp bits %s" % h(a), str(a.bit_length())))
        cases.append(("mp bits_var %s" % h(a), str(a.bit_length())))
        cases.append(("mp is_zero %s" % h(a), str(int(a == 0))))
    check(calc, cases)


def test_division(calc, rng):
    cases = []
    pairs = operands(rng, 300 * ITERATIONS)
    # divisors with a normalised top limb and quotient digits that need Knuth's correction step
    for k in range(1, 8):
        d = (1 << (k * W)) - rng.getrandbits(W // 2) - 1
        pairs.append((d * (1 << W) - 1, d))
        pairs.append((rng.getrandbits((k + 3) * W), (1 << (k * W - 1)) + 1))
    for a, b in pairs:
        for op in ("divrem", "divrem_var"):
            if b == 0:
                cases.append(("mp %s %s 0" % (op, h(a)), "err division_by_zero"))
            else:
                cases.append(("mp %s %s %s" % (op, h(a), h(b)), "%s %s" % (h(a // b), h(a % b))))
    check(calc, cases)


def test_jacobi(calc, rng):
    cases = []
    for _ in range(300 * ITERATIONS):
        m = rng.getrandbits(rng.randint(2, 6 * W)) | 1
        a = rng.getrandbits(rng.randint(1, 6 * W)) % m if rng.random() < 0.8 else rng.randrange(0, 4) * m // 3
        if rng.random() < 0.1:
            a = m * rng.randint(1, 3)
        cases.append(("mp jacobi %s %s" % (h(a), h(m)), str(sympy.jacobi_symbol(a % m, m))))
    check(calc, cases)


def test_bytes_and_hex(calc, rng):
    cases = []
    for a, _ in operands(rng, 200 * ITERATIONS):
        nbytes = max(1, (a.bit_length() + 7) // 8)
        for pad in (0, 3):
            ln = nbytes + pad
            cases.append(("mp to_be %s %d" % (h(a), ln), a.to_bytes(ln, "big").hex()))
            cases.append(("mp to_le %s %d" % (h(a), ln), a.to_bytes(ln, "little").hex()))
        if a >> 8:
            cases.append(("mp to_be %s %d" % (h(a), nbytes - 1), "err value_out_of_range"))
        n = limbs(a)
        for extra in (0, 1):
            be = a.to_bytes(nbytes + extra, "big").hex()
            le = a.to_bytes(nbytes + extra, "little").hex()
            cases.append(("mp from_be %s %d" % (be, n), h(a)))
            cases.append(("mp from_le %s %d" % (le, n), h(a)))
        if a >> W:
            cases.append(("mp from_be %s %d" % (a.to_bytes(nbytes, "big").hex(), n - 1), "err value_out_of_range"))
        text = h(a)
        cases.append(("mp from_hex %s %d" % (text.upper(), n), text))
        cases.append(("mp from_hex 0x%s %d" % (text, n), text))
        cases.append(("mp from_hex 00%s %d" % (text, n), text))
        if a >> W:
            cases.append(("mp from_hex %s %d" % (text, n - 1), "err value_out_of_range"))
        digits = rng.randint(0, 2 * len(text))
        want = format(a, "0%dx" % digits) if digits else text
        cases.append(("mp to_hex %s %d %d" % (text, digits, len(want) + 1), want))
        cases.append(("mp to_hex %s %d %d" % (text, digits, len(want)), "err output_buffer_too_small"))
    for bad in ("-", "0x", "12g4", "x12", "0x-1", "1_0", "0X0x1"):
        cases.append(("mp from_hex %s 4" % bad, "err malformed_hexadecimal"))
    check(calc, cases)
