"""SP 800-90A Rev. 1 DRBGs (src/rand/): every case of the 12 NIST CAVP response files in
tests/vectors/nist-drbg (HMAC_DRBG and Hash_DRBG with SHA-256 and SHA-512; no reseed, reseed,
prediction resistance) through tests/tools/rand_calc.c in one process; random call sequences
(odd lengths, long inputs, nonces drawn from the source, reseed intervals, prediction
resistance) against a reference written here from the standard with hashlib and hmac (itself
checked against the CAVP cases first); the error paths; and `genus drbg` on one CAVP case per
mechanism and on bad input (exit 2, nothing on stdout)."""
import hashlib
import hmac
import os
import subprocess

import pytest

VDIR = os.path.join(os.environ.get("GENUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..")),
                    "tests", "vectors", "nist-drbg")
MECHS = ("hmac-sha256", "hmac-sha512", "hash-sha256", "hash-sha512")
VARIANTS = ("no_reseed", "pr_false", "pr_true")


def rsp_file(mech, variant):
    kind, sha = mech.split("-")
    return os.path.join(VDIR, "%s_DRBG_%s_%s.rsp" % ("HMAC" if kind == "hmac" else "Hash", variant, sha.upper()))


def cases(path):
    """The cases of a CAVP .rsp file: dicts of name -> list of values (AdditionalInput and
    EntropyInputPR repeat), with the group's bracketed header values under "hdr"."""
    out, hdr, cur = [], {}, None
    with open(path, newline="") as f:
        for line in f:
            line = line.rstrip("\r\n")
            if line.startswith("["):
                name, _, value = line.strip("[]").partition(" = ")
                if not value:
                    hdr = {}
                hdr[name] = value
            elif " =" in line and not line.startswith("#"):
                name, _, value = line.partition(" =")
                if name == "COUNT":
                    cur = {"hdr": dict(hdr)}
                    out.append(cur)
                cur.setdefault(name, []).append(value.strip())
    return out


def dash(h):
    return h or "-"


def cavp_line(mech, case):
    """The rand_calc command for a case, and the number of bytes each generate returns."""
    n = len(case["ReturnedBits"][0]) // 2
    adds = case["AdditionalInput"]
    pool, steps, pr = case["EntropyInput"][0], [], 0
    if "EntropyInputPR" in case:  # 9.3.1: each generate reseeds with its EntropyInputPR and input
        pool += "".join(case["EntropyInputPR"])
        steps, pr = ["p,%d,%s" % (n, dash(a)) for a in adds], 1
    else:
        if "EntropyInputReseed" in case:
            pool += case["EntropyInputReseed"][0]
            steps.append("r," + dash(case["AdditionalInputReseed"][0]))
        steps += ["g,%d,%s" % (n, dash(a)) for a in adds]
    return " ".join(["drbg", mech, str(pr), "0", pool, case["Nonce"][0], dash(case["PersonalizationString"][0])] +
                    steps)


def test_cavp_all(drbg_calc):
    lines, want, seen = [], [], {}
    for mech in MECHS:
        for variant in VARIANTS:
            cs = cases(rsp_file(mech, variant))
            assert len(cs) == 240
            sha = "SHA-" + mech[-3:]
            for c in cs:
                h = c["hdr"]
                assert sha in h and h["PredictionResistance"] == ("True" if variant == "pr_true" else "False")
                assert len(c["AdditionalInput"]) == 2 and len(c["ReturnedBits"][0]) * 4 == int(h["ReturnedBitsLen"])
                assert len(c["PersonalizationString"][0]) * 4 == int(h["PersonalizationStringLen"])
                assert all(len(a) * 4 == int(h["AdditionalInputLen"]) for a in c["AdditionalInput"])
                key = (mech, variant, h["PersonalizationStringLen"], h["AdditionalInputLen"])
                seen[key] = seen.get(key, 0) + 1
                lines.append(cavp_line(mech, c))
                want.append(c["ReturnedBits"][0])
    # Every parameter set (personalization string and additional input of 0 or 256 bits).
    assert len(seen) == 4 * 3 * 4 and set(seen.values()) == {60}
    out = drbg_calc.run(lines)
    for line, got, w in zip(lines, out, want):
        fields = got.split()
        # Two outputs, the second recorded by NIST; every entropy byte consumed exactly.
        assert len(fields) == 3 and fields[1] == w and fields[2] == "left=0", (line, got)


class Ref:
    """HMAC_DRBG (10.1.2) and Hash_DRBG (10.1.1, Hash_df 10.3.1) with the front end of 9.1-9.3,
    written from SP 800-90A Rev. 1 for these tests; entropy comes from a byte pool."""

    def __init__(self, mech, pool, ebytes, nonce, pers):
        self.alg = "sha256" if mech.endswith("256") else "sha512"
        self.is_hmac = mech.startswith("hmac")
        self.outlen = hashlib.new(self.alg).digest_size
        self.seedlen = 55 if self.alg == "sha256" else 111
        self.pool, self.ebytes, self.interval = pool, ebytes or 32, 2 ** 48
        seed = self.entropy(self.ebytes + (16 if nonce is None else 0)) + (nonce or b"") + pers
        if self.is_hmac:
            self.key, self.v = b"\0" * self.outlen, b"\1" * self.outlen
            self.hmac_update(seed)
        else:
            self.hash_seed(seed)
        self.counter = 1

    def entropy(self, n):
        assert len(self.pool) >= n
        e, self.pool = self.pool[:n], self.pool[n:]
        return e

    def h(self, data):
        return hashlib.new(self.alg, data).digest()

    def mac(self, data):
        return hmac.new(self.key, data, self.alg).digest()

    def hmac_update(self, data):
        self.key = self.mac(self.v + b"\0" + data)
        self.v = self.mac(self.v)
        if data:
            self.key = self.mac(self.v + b"\1" + data)
            self.v = self.mac(self.v)

    def hash_df(self, data, nbytes):
        out, counter = b"", 1
        while len(out) < nbytes:
            out += self.h(bytes([counter]) + (8 * nbytes).to_bytes(4, "big") + data)
            counter += 1
        return out[:nbytes]

    def hash_seed(self, seed):
        self.v = self.hash_df(seed, self.seedlen)
        self.c = self.hash_df(b"\0" + self.v, self.seedlen)

    def add(self, *terms):
        total = sum(int.from_bytes(t, "big") if isinstance(t, bytes) else t for t in terms)
        return (total % 2 ** (8 * self.seedlen)).to_bytes(self.seedlen, "big")

    def reseed(self, add):
        e = self.entropy(self.ebytes)
        if self.is_hmac:
            self.hmac_update(e + add)
        else:
            self.hash_seed(b"\1" + self.v + e + add)
        self.counter = 1

    def generate(self, n, pr, add):
        if pr or self.counter > self.interval:
            self.reseed(add)
            add = b""
        out = b""
        if self.is_hmac:
            if add:
                self.hmac_update(add)
            while len(out) < n:
                self.v = self.mac(self.v)
                out += self.v
            self.hmac_update(add)
        else:
            if add:
                self.v = self.add(self.v, self.h(b"\2" + self.v + add))
            data = int.from_bytes(self.v, "big")
            while len(out) < n:
                out += self.h(self.add(data))
                data += 1
            self.v = self.add(self.v, self.h(b"\3" + self.v), self.c, self.counter)
        self.counter += 1
        return out[:n]


def run_ref(mech, pool, ebytes, nonce, pers, steps):
    """The rand_calc output line the reference predicts for a valid call sequence."""
    r = Ref(mech, pool, ebytes, nonce, pers)
    outs = []
    for s in steps:
        if s[0] == "r":
            r.reseed(s[1])
        elif s[0] == "i":
            r.interval = s[1]
        else:
            outs.append(r.generate(s[1], s[0] == "p", s[2]).hex() or "-")
    return " ".join(outs + ["left=%d" % len(r.pool)])


def calc_line(mech, pr, pool, ebytes, nonce, pers, steps):
    enc = []
    for s in steps:
        if s[0] == "r":
            enc.append("r," + dash(s[1].hex()))
        elif s[0] == "i":
            enc.append("i,%d" % s[1])
        else:
            enc.append("%s,%d,%s" % (s[0], s[1], dash(s[2].hex())))
    return " ".join(["drbg", mech, str(pr), str(ebytes), pool.hex(), "none" if nonce is None else nonce.hex(),
                     dash(pers.hex())] + enc)


def test_reference_matches_cavp():
    # The reference is only trusted after it reproduces NIST's answers (first case of each group).
    for mech in MECHS:
        for variant in VARIANTS:
            for c in cases(rsp_file(mech, variant))[::15]:
                n = len(c["ReturnedBits"][0]) // 2
                b = bytes.fromhex
                pool = b(c["EntropyInput"][0] + c.get("EntropyInputReseed", [""])[0] + "".join(c.get("EntropyInputPR", [])))
                adds = [b(a) for a in c["AdditionalInput"]]
                pr = "EntropyInputPR" in c
                steps = [("r", b(c["AdditionalInputReseed"][0]))] if "EntropyInputReseed" in c else []
                steps += [("p" if pr else "g", n, a) for a in adds]
                got = run_ref(mech, pool, 0, b(c["Nonce"][0]), b(c["PersonalizationString"][0]), steps)
                assert got.split()[1] == c["ReturnedBits"][0]


LENGTHS = (0, 1, 15, 16, 31, 32, 33, 54, 55, 56, 63, 64, 65, 110, 111, 112, 127, 128, 129, 200)


def test_against_reference(drbg_calc, rng):
    lines, want = [], []
    for mech in MECHS:
        for _ in range(60):
            pr = rng.randrange(2)
            ebytes = rng.choice((0, 32, 33, 48, 64, 100))
            eb = ebytes or 32
            nonce = None if rng.randrange(3) == 0 else rng.randbytes(rng.choice((16, 17, 32, 100)))
            pers = rng.randbytes(rng.choice(LENGTHS + (300, 1000)))
            steps, draws = [], 0
            for _ in range(rng.randrange(1, 7)):
                kind = rng.choice("gggrpi" if pr else "gggri")
                addi = rng.randbytes(rng.choice(LENGTHS + (1000,)))
                if kind == "r":
                    steps.append(("r", addi))
                elif kind == "i":
                    steps.append(("i", rng.randrange(1, 3)))
                else:
                    steps.append((kind, rng.choice(LENGTHS + (1000, 4097, rng.randrange(3000))), addi))
                draws += kind in "rpgg"  # a generate may reseed by the interval: room for it
            pool = rng.randbytes(eb * (draws + 1) + (16 if nonce is None else 0))
            lines.append(calc_line(mech, pr, pool, ebytes, nonce, pers, steps))
            want.append(run_ref(mech, pool, ebytes, nonce, pers, steps))
    assert drbg_calc.run(lines) == want


def test_largest_request_and_seed(drbg_calc, rng):
    lines, want = [], []
    for mech in MECHS:
        pool, nonce = rng.randbytes(2 * 512), rng.randbytes(16)
        steps = [("g", 65536, b"x" * 77), ("r", b""), ("g", 65536, b"")]
        lines.append(calc_line(mech, 0, pool, 512, nonce, b"", steps))
        want.append(run_ref(mech, pool, 512, nonce, b"", steps))
    assert drbg_calc.run(lines) == want


def test_errors(drbg_calc):
    e32, n16 = "ab" * 32, "cd" * 16
    cmds = [
        ("drbg hmac-sha256 0 31 %s %s -" % (e32, n16), "err invalid_argument at 0"),             # 31-byte seed
        ("drbg hmac-sha256 0 513 %s %s -" % (e32 * 17, n16), "err request_exceeds_the_DRBG_limits at 0"),
        ("drbg hash-sha256 0 0 %s %s -" % (e32, "cd" * 15), "err invalid_argument at 0"),     # 15-byte nonce
        ("drbg hash-sha512 0 0 %s none -" % e32, "err random_generator_failed at 0"),         # no bytes for the nonce
        ("drbg hash-sha512 0 0 %s %s - r,-" % (e32, n16), "err random_generator_failed at 1"),
        ("drbg hmac-sha512 1 0 %s %s - p,8,-" % (e32, n16), "err random_generator_failed at 1"),
        ("drbg hmac-sha512 0 0 %s %s - p,8,-" % (e32, n16), "err invalid_argument at 1"),      # no PR instance
        ("drbg hash-sha256 0 0 %s %s - g,65537,-" % (e32, n16), "err request_exceeds_the_DRBG_limits at 1"),
        ("drbg hash-sha256 0 0 %s %s - i,0" % (e32, n16), "err invalid_argument at 1"),
        ("drbg hash-sha256 0 0 %s %s - i,281474976710657" % (e32, n16), "err invalid_argument at 1"),
        ("drbg md5 0 0 %s %s -" % (e32, n16), "err bad_arguments"),
    ]
    out = drbg_calc.run([c for c, _ in cmds])
    assert out == [w for _, w in cmds]
    # The automatic reseed (interval 1) fails when the source is empty: after one good output.
    out = drbg_calc.run(["drbg hmac-sha256 0 0 %s %s - i,1 g,4,- g,4,-" % (e32, n16)])
    assert out[0].split()[1:] == ["err", "random_generator_failed", "at", "3"] and len(out[0].split()[0]) == 8


# ---- genus drbg -------------------------------------------------------------------------

def genus(genus_bin, *args):
    return subprocess.run([genus_bin, "drbg", *args], capture_output=True, text=True, timeout=60)


def cli_args(mech, c):
    args = ["--mech", mech, "--entropy", c["EntropyInput"][0], "--nonce", c["Nonce"][0],
            "--bytes", str(len(c["ReturnedBits"][0]) // 2)]
    if c["PersonalizationString"][0]:
        args += ["--pers", c["PersonalizationString"][0]]
    for a in c["AdditionalInput"]:
        args += ["--add", a]
    if "EntropyInputReseed" in c:
        args += ["--reseed", c["EntropyInputReseed"][0], "--reseed-add", c["AdditionalInputReseed"][0]]
    if "EntropyInputPR" in c:
        args.append("--pr")
        for e in c["EntropyInputPR"]:
            args += ["--entropy-pr", e]
    return args


@pytest.mark.parametrize("mech,variant,index", [
    ("hmac-sha256", "no_reseed", 239),  # personalization string and additional input
    ("hmac-sha512", "pr_true", 200),
    ("hash-sha256", "pr_false", 120),
    ("hash-sha512", "pr_true", 239),
])
def test_cli_known_answer(genus_bin, mech, variant, index):
    c = cases(rsp_file(mech, variant))[index]
    r = genus(genus_bin, *cli_args(mech, c))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert r.stdout == c["ReturnedBits"][0] + "\n"


def test_cli_generates(genus_bin):
    c = cases(rsp_file("hmac-sha256", "no_reseed"))[0]
    base = ["--mech", "hmac-sha256", "--entropy", c["EntropyInput"][0], "--nonce", c["Nonce"][0], "--bytes", "128"]
    one = genus(genus_bin, *base, "--generates", "1").stdout
    two = genus(genus_bin, *base).stdout
    assert two == c["ReturnedBits"][0] + "\n" and one != two and len(one) == 257


E32, N16 = "ab" * 32, "cd" * 16


@pytest.mark.parametrize("args", [
    ["--mech", "hmac-sha384", "--entropy", E32, "--nonce", N16, "--bytes", "16"],          # unknown mechanism
    ["--entropy", E32, "--nonce", N16, "--bytes", "16"],                                    # no --mech
    ["--mech", "hmac-sha256", "--nonce", N16, "--bytes", "16"],                             # no --entropy
    ["--mech", "hmac-sha256", "--entropy", E32, "--bytes", "16"],                           # no --nonce
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16],                            # no --bytes
    ["--mech", "hmac-sha256", "--entropy", "ab" * 31, "--nonce", N16, "--bytes", "16"],     # 31-byte entropy
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", "cd" * 15, "--bytes", "16"],     # 15-byte nonce
    ["--mech", "hmac-sha256", "--entropy", "zz" * 32, "--nonce", N16, "--bytes", "16"],     # bad hex
    ["--mech", "hmac-sha256", "--entropy", E32 + "a", "--nonce", N16, "--bytes", "16"],     # odd hex
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "65537"],        # over 2^19 bits
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "x"],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--pr"],   # no --entropy-pr
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--entropy-pr", E32],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--reseed", "ab"],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--reseed-add", "ab"],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--add", "", "--add", "", "--add", ""],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--frobnicate"],
    ["--mech", "hmac-sha256", "--entropy", E32, "--nonce", N16, "--bytes", "16", "--generates", "0"],
])
def test_cli_bad_input(genus_bin, args):
    r = genus(genus_bin, *args)
    assert r.returncode == 2 and r.stdout == "" and r.stderr.startswith("genus: ") and r.stderr.count("\n") == 1, r

