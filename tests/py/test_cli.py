"""The command line (DESIGN section 6): `genus fp` results against Python integers, and the
bad-input contract: one line on stderr, exit status 2, nothing on stdout."""
import subprocess

import pytest

from refs import NAMED_PRIMES, h, legendre

P256 = NAMED_PRIMES["p256"]
P25519 = NAMED_PRIMES["p25519"]


def genus(genus_bin, *args):
    return subprocess.run([genus_bin, *args], capture_output=True, text=True, timeout=60)


def ok(genus_bin, *args):
    r = genus(genus_bin, *args)
    assert r.returncode == 0 and r.stderr == "", (args, r.returncode, r.stderr)
    return r.stdout


def padded(x, p):
    return format(x, "0%dx" % (2 * ((p.bit_length() + 7) // 8)))


@pytest.mark.parametrize("p", [P256, P25519, 2**127 - 1, 1000003, 2**521 - 1])
def test_fp_operations(genus_bin, rng, p):
    for _ in range(4):
        a, b = rng.randrange(p), rng.randrange(1, p)
        e = rng.getrandbits(300)
        cases = [("add", [a, b], (a + b) % p), ("sub", [a, b], (a - b) % p), ("mul", [a, b], a * b % p),
                 ("sqr", [a], a * a % p), ("neg", [a], -a % p), ("inv", [b], pow(b, -1, p)),
                 ("pow", [a, e], pow(a, e, p))]
        for op, args, want in cases:
            assert ok(genus_bin, "fp", "--p", h(p), op, *[h(x) for x in args]) == padded(want, p) + "\n"
        assert ok(genus_bin, "fp", "--p", h(p), "legendre", h(a)) == "%d\n" % legendre(a, p)
        sq = a * a % p
        root = int(ok(genus_bin, "fp", "--p", h(p), "sqrt", h(sq)), 16)
        assert root * root % p == sq and root <= p - root
        if legendre(b, p) == -1:
            assert ok(genus_bin, "fp", "--p", h(p), "sqrt", h(b)) == "none\n"


def test_fp_input_forms(genus_bin):
    p = P256
    assert ok(genus_bin, "fp", "--p=0x%s" % h(p).upper(), "add", "0X1", "2") == padded(3, p) + "\n"
    assert ok(genus_bin, "fp", "add", "1", "2", "--p", h(p)) == padded(3, p) + "\n"
    assert ok(genus_bin, "fp", "--p", "7", "legendre", "0") == "0\n"
    assert ok(genus_bin, "fp", "--p", "7", "sqrt", "0") == "00\n"


@pytest.mark.parametrize("args", [
    ["fp", "--p", "10", "add", "1", "2"],                      # even modulus
    ["fp", "--p", "f", "add", "1", "2"],                       # 15 = 3 * 5
    ["fp", "--p", "1", "add", "0", "0"],                       # 1 is not prime
    ["fp", "--p", "0", "add", "0", "0"],                       # zero modulus
    ["fp", "--p", "zz", "add", "1", "2"],                      # malformed hex
    ["fp", "--p", "", "add", "1", "2"],                        # empty hex
    ["fp", "--p", "7", "add", "1", "7"],                       # element >= p
    ["fp", "--p", "7", "add", "1", "100000000000000000000"],   # element far above p
    ["fp", "--p", "7", "add", "1", "-1"],                      # negative
    ["fp", "--p", "7", "add", "1"],                            # too few operands
    ["fp", "--p", "7", "add", "1", "2", "3"],                  # too many operands
    ["fp", "--p", "7", "sqr", "1", "2"],
    ["fp", "--p", "7", "inv", "0"],                            # inverse of zero
    ["fp", "--p", "7", "div", "1", "2"],                       # unknown operation
    ["fp", "--p", "7"],                                        # no operation
    ["fp", "add", "1", "2"],                                   # no modulus
    ["fp", "--p"],                                             # option without value
    ["fp", "--q", "7", "add", "1", "2"],                       # unknown option
    ["fp", "--p", "7", "pow", "2", "xyz"],                     # malformed exponent
    ["fp", "--p", "1" + "0" * 256 + "1", "add", "1", "2"],     # more than 1024 bits
    ["frobnicate"],                                            # unknown command
    [],                                                        # nothing at all
    ["bench", "--nope"],
])
def test_bad_input(genus_bin, args):
    r = genus(genus_bin, *args)
    assert r.returncode == 2, (args, r.returncode, r.stdout, r.stderr)
    assert r.stdout == "", (args, r.stdout)
    if args:
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("genus: "), (args, r.stderr)


def test_version_and_help(genus_bin):
    assert ok(genus_bin, "--version").startswith("genus ")
    text = ok(genus_bin, "help")
    assert "genus fp --p HEX OP A [B]" in text and "genus bench" in text


def test_bench_floor(genus_bin, tmp_path):
    """`genus bench --floor` (docs/PERFORMANCE.md): the word-product row, and for a key exchange
    the word products it performs, the floor they make (at the ticks of the word products timed
    beside its runs) and the ratio, in the table and in the JSON;
    X25519's products are RFC 7748's operations (1263 M, 1012 S, 255 by a24) on the kernel in use."""
    import json
    out = tmp_path / "floor.json"
    text = ok(genus_bin, "bench", "--quick", "--floor", "--filter", "x25519", "--json", str(out))
    rows = {(r["name"], r["impl"]): r for r in json.loads(out.read_text())["results"]}
    tick = rows[("word_product", "genus")]["cycles"]
    x = rows[("x25519", "genus")]
    assert tick > 0 and x["products"] > 0
    # the kernel of 2^255 - 19 (n limbs, the high half folded by 38): n^2 + n + 1 products a
    # multiplication, n (n + 1) / 2 + n + 1 a square; n = 4 or 8 by the limb width
    per = {(n * n + n + 1, n * (n + 1) // 2 + n + 1) for n in (4, 8)}
    assert any(x["products"] == 1263 * m + 1012 * s + 255 * m for m, s in per), x["products"]
    line = [ln for ln in text.splitlines() if ln.startswith("x25519 ") and "genus" in ln][-1].split()
    assert line[:3] == ["x25519", "genus", "%.0f" % x["products"]]
    # the printed ratio is rounded to its last digit (0.15 may stand for 0.155) and the JSON's
    # ticks to one decimal (10.2 for 10.25): half a unit of the last digit plus 1% of the ratio
    # the floor's word products are those timed beside the result's own runs ("ref")
    digits = len(line[-1].partition(".")[2])
    assert x["ref"] > 0
    ratio = x["cycles"] / (x["products"] * x["ref"])
    assert abs(float(line[-1]) - ratio) <= 0.5 * 10.0**-digits + 0.01 * ratio, (line, ratio)
    assert "floor: products" in text


def test_bench_vs_paired(genus_bin, tmp_path):
    """`genus bench --vs`: each peer's result timed in runs alternating with genus's operation
    (bench_run's partner), its JSON "paired" = genus's ticks over the peer's from those runs, and
    the printed genus/impl column that ratio (not the quotient of the two rows' medians, which
    the machine's drift between them would move)."""
    import json
    out = tmp_path / "vs.json"
    text = ok(genus_bin, "bench", "--quick", "--vs", "--filter", "x25519", "--json", str(out))
    peers = [r for r in json.loads(out.read_text())["results"] if r["name"] == "x25519" and r["impl"] != "genus"]
    if not peers:
        pytest.skip("no peer library for X25519 in this build")
    for r in peers:
        assert 0 < r["paired"] < 100, r
        line = [ln for ln in text.splitlines() if ln.split()[:2] == ["x25519", r["impl"]]]
        assert len(line) == 1 and abs(float(line[0].split()[4]) - r["paired"]) <= 0.006, (line, r)


def test_bench_floor_binary(genus_bin, tmp_path):
    """The binary curves' floor in carry-less products (clmul_product, where the CPU has
    PCLMULQDQ): B-163's ladder is 8 x 21 steps (a 21-byte scalar) of the counted Lopez-Dahab step
    (5 M, 1 D by b, 5 S: gn_ec2m_count_ops), 3 x 3 products a multiplication and 3 a square."""
    import json
    out = tmp_path / "floor2m.json"
    ok(genus_bin, "bench", "--quick", "--floor", "--filter", "mul_b163", "--json", str(out))
    rows = {(r["name"], r["impl"]): r for r in json.loads(out.read_text())["results"]}
    if ("clmul_product", "genus") not in rows:
        pytest.skip("no PCLMULQDQ: the portable multiplier has no floor")
    b = rows[("mul_b163", "genus")]
    assert b["unit"] == "clmul_product" and rows[("clmul_product", "genus")]["cycles"] > 0
    assert b["products"] == 8 * 21 * ((5 + 1) * 9 + 5 * 3), b["products"]


def test_bench_choices(genus_bin, tmp_path):
    """`genus bench --choices`: each variant of the Kummer ladder choice measured, genus's pick
    marked once among them, each variant timed in runs alternating with the pick (its JSON
    "paired": pick / variant), and the pick's time over the fastest's from those runs (1 when no
    variant is faster)."""
    import json
    out = tmp_path / "choices.json"
    text = ok(genus_bin, "bench", "--quick", "--choices", "--filter", "choice_kummer", "--json", str(out))
    line = [ln for ln in text.splitlines() if ln.startswith("choice_kummer_ladder ") and "pick/fastest" in ln]
    assert len(line) == 1, text
    variants, ratio = line[0].split(";")
    fields = variants.split()[1:]
    names, ticks = fields[0::2], [float(t) for t in fields[1::2]]
    assert {"generic", "v4"} <= {n.rstrip("*") for n in names} and all(t > 0 for t in ticks)
    picked = [i for i, n in enumerate(names) if n.endswith("*")]
    assert len(picked) == 1
    rows = [r for r in json.loads(out.read_text())["results"] if r["name"] == "choice_kummer_ladder"]
    assert all(r["paired"] > 0 for r in rows), rows
    pick = names[picked[0]].rstrip("*")
    expect = max([1.0] + [r["paired"] for r in rows if r["impl"] != pick])
    assert abs(float(ratio.split()[1]) - expect) < 0.002, (line, rows)
