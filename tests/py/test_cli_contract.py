"""The bad-input contract of README's "Command line", across every subcommand: one line on stderr
starting with "genus: ", exit status 2, nothing on stdout. Each class of hostile input (control
characters echoed back, lax decimal numbers, repeated options, options without values, unknown
options and subcommands, malformed curve files) is tried on every subcommand that reads such an
input, not only where it was first reported. Under the sanitizer build the same runs catch leaks
(LeakSanitizer's exit status is not 2) and memory errors."""
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import SANITIZE

SRC = os.environ.get("GENUS_SOURCE_DIR", ".")
CURVES = json.load(open(os.path.join(SRC, "data", "curves.json")))["curves"]
P256 = CURVES["P-256"]
B163 = CURVES["B-163"]
G256 = "%s %s" % (P256["Gx"], P256["Gy"])
G163 = "%s %s" % (B163["Gx"], B163["Gy"])
KU_BASE = "1 1 1 1"  # not on the surface: only reached after the option parsing under test
HEX32 = "11" * 32
# the DRBG's smallest valid instantiation, to which each case adds one defect
DRBG = ["drbg", "--mech", "hmac-sha256", "--entropy", "00" * 32, "--nonce", "00" * 16, "--bytes", "16"]


@pytest.fixture(autouse=True)
def _scratch_cwd(tmp_path, monkeypatch):
    """Hostile values reach file arguments (bench --json): whatever they create lands here."""
    monkeypatch.chdir(tmp_path)


def run(genus_bin, args):
    return subprocess.run([genus_bin, *args], capture_output=True, timeout=120)


def check_refused(genus_bin, cases):
    """Every argument list in cases is refused per the contract; failures listed together."""
    with ThreadPoolExecutor(max_workers=4) as ex:
        results = list(ex.map(lambda a: (a, run(genus_bin, a)), cases))
    bad = []
    for args, r in results:
        lines = r.stderr.decode(errors="replace").split("\n")
        one_line = len(lines) == 2 and lines[1] == "" and lines[0].startswith("genus: ")
        if r.returncode != 2 or r.stdout or not one_line:
            bad.append((args, r.returncode, r.stdout[:80], r.stderr[:300]))
    assert not bad, "%d of %d refusals break the contract, first: %s" % (len(bad), len(cases), bad[:3])


# Every place a command reads a value from the user, with a valid rest of the line: (argv, index of
# the value). Each value is then replaced by hostile text.
VALUE_SITES = [
    (["fp", "--p", "7", "add", "1", "2"], [2, 4, 5]),
    (["fp", "--p", "7", "pow", "3", "5"], [5]),
    (["f2m", "--m", "163", "mul", "3", "5"], [2, 4, 5]),
    (["f2m", "--m", "7", "--poly", "7,1,0", "inv", "3"], [2, 4, 6]),
    (["mul", "--curve", "P-256", "--scalar", "5", "--point", G256, "--window", "3", "--method", "window"],
     [2, 4, 6, 8, 10]),
    (["mul", "--curve", "P-256", "--scalar", "5", "--model", "weierstrass", "--coords", "jacobian"], [6, 8]),
    (["mul", "--curve", "B-163", "--scalar", "5", "--point", G163, "--method", "wnaf"], [2, 4, 6, 8]),
    (["ops", "--curve", "P-256", "--model", "weierstrass", "--coords", "jacobian"], [2, 4, 6]),
    (["trace", "--curve", "P-256", "--model", "weierstrass", "--coords", "jacobian", "--op", "dbl"], [2, 4, 6, 8]),
    (["trace", "--kummer", "--op", "ladder-step"], [3]),
    (["trace", "--binary", "B-163", "--op", "dbl"], [2, 4]),
    (["trace", "--g2", "gs127", "--op", "add"], [2, 4]),
    (["keygen", "--curve", "P-256", "--seed", HEX32, "--format", "sec1"], [2, 4, 6]),
    (["keygen", "--curve", "B-163", "--seed", HEX32, "--format", "raw"], [2, 4, 6]),
    (["ecdh", "--curve", "P-256", "--private", "5", "--public", "04" + P256["Gx"] + P256["Gy"],
      "--public-format", "sec1"], [4, 6, 8]),
    (["ecdh", "--curve", "B-163", "--private", "5", "--public", "04%042x%042x" % (int(B163["Gx"], 16),
                                                                                int(B163["Gy"], 16))], [4, 6]),
    (["mqv", "--curve", "P-256", "--static-a", "1", "--ephemeral-a", "2", "--static-b", "3", "--ephemeral-b", "4",
      "--id-a", "aa", "--id-b", "bb", "--hash", "sha256", "--keylen", "16"], [4, 6, 8, 10, 12, 14, 16, 18]),
    (["x25519", HEX32, HEX32], [1, 2]),
    (["x448", "11" * 56, "22" * 56], [1, 2]),
    (["kummer", "keygen", "--seed", HEX32], [3]),
    (["kummer", "dh", "--private", HEX32, "--public", "00" * 48], [3, 5]),
    (["kummer", "mul", "--scalar", "5", "--point", KU_BASE], [3, 5]),
    (DRBG + ["--pers", "aa", "--add", "bb", "--generates", "1"], [2, 4, 6, 8, 10, 12, 14]),
    (["bench", "--filter", "x25519", "--json", "/nonexistent/dir/x.json"], [4]),
]
HOSTILE = ["1\n2", "\x1b[31mred", "", " 3", "3 ", "+3", "-3", "3.0", "0x", "9" * 400, "\t", "é"]
# under the sanitizers a process starts in 40 ms, not 3: the values that reach the most code
if SANITIZE:
    HOSTILE = ["1\n2", "", "+3", "9" * 400]


def test_hostile_values_everywhere(genus_bin):
    """Each value of each command replaced by text with newlines, escapes, spaces, signs, fractions,
    empty and oversized numbers: never a crash, a second line or output; refused or computed."""
    cases = []
    for args, sites in VALUE_SITES:
        for i in sites:
            for h in HOSTILE:
                cases.append(args[:i] + [h] + args[i + 1:])
    with ThreadPoolExecutor(max_workers=4) as ex:
        results = list(ex.map(lambda a: (a, run(genus_bin, a)), cases))
    bad = []
    for args, r in results:
        err = r.stderr.decode(errors="replace")
        if r.returncode == 0:
            ok = err == "" and r.stdout.endswith(b"\n")
        else:
            lines = err.split("\n")
            ok = r.returncode == 2 and not r.stdout and len(lines) == 2 and lines[0].startswith("genus: ")
        if not ok:
            bad.append((args, r.returncode, r.stdout[:80], err[:300]))
    assert not bad, "%d of %d break the contract, first: %s" % (len(bad), len(cases), bad[:3])


@pytest.mark.parametrize("option,cmd", [
    ("--keylen", ["mqv", "--curve", "P-256", "--static-a", "1", "--ephemeral-a", "2", "--static-b", "3",
                  "--ephemeral-b", "4"]),
    ("--window", ["mul", "--curve", "P-256", "--scalar", "5", "--method", "window"]),
    ("--bytes", DRBG[:-2]),
    ("--generates", DRBG),
    ("--m", ["f2m", "mul", "3", "5"]),
])
def test_decimal_options_are_digits_only(genus_bin, option, cmd):
    good = {"--keylen": "16", "--window": "3", "--bytes": "16", "--generates": "1", "--m": "163"}[option]
    assert run(genus_bin, cmd + [option, good]).returncode == 0
    check_refused(genus_bin, [cmd + [option, v] for v in
                              (" " + good, good + " ", "+" + good, "-" + good, good + ".0", "0x" + good, "",
                               "1e1", good + "x", "99999999999999999999999")])


def test_repeated_options_refused(genus_bin):
    """An option that takes one value refuses a second (a repeated hex option of genus drbg leaked
    the first under LeakSanitizer)."""
    cases = []
    for args, sites in VALUE_SITES:
        for i in sites:
            if args[i - 1].startswith("--") and args[i - 1] != "--add":
                cases.append(args + [args[i - 1], args[i]])
    assert len(cases) > 30
    check_refused(genus_bin, cases)


def test_missing_values_and_unknown_words(genus_bin):
    cases = []
    for args, sites in VALUE_SITES:
        for i in sites:
            if args[i - 1].startswith("--"):
                cases.append(args[:i])  # the option last, without its value
        cases.append(args + ["--frobnicate"])
        cases.append(args + ["--frobnicate=1"])
    cases += [[], ["frobnicate"], ["g2"], ["g2", "bogus"], ["kummer"], ["kummer", "bogus"], ["x25519", HEX32],
              ["fp", "--p", "7"], ["fp", "--p", "7", "frob", "1"], ["fp", "--p", "7", "add", "1"],
              ["f2m", "--m", "163"], ["curves", "--frob"], ["ops", "--g2", "--binary"]]
    check_refused(genus_bin, cases)


def test_unwritable_bench_json(genus_bin):
    """Refused before the measurements: nothing on stdout."""
    check_refused(genus_bin, [["bench", "--quick", "--filter", "x25519", "--json", "/nonexistent/x.json"]])


# ------------------------------------------------------------------ curve files

def curve_file_cases(tmp_path):
    """Malformed variants of a prime, a binary and a genus-2 curve file: (argv, path) lists."""
    prime = json.dumps(P256)
    binary = json.dumps(B163)
    g2 = json.dumps({"type": "genus2", "p": "65", "f": ["1", "0", "0", "0", "0", "1"]})  # y^2 = x^5 + 1
    texts = {
        "trailing": [prime + " garbage", binary + "{}", g2 + ",", prime + "\n\n]"],
        "duplicate": [prime[:-1] + ', "p": "%s"}' % P256["p"], binary[:-1] + ', "m": 163}',
                      g2[:-1] + ', "p": "67"}'],
        "nul": [prime[:10] + "\x00" + prime[10:],
                # cJSON decodes these escapes into a NUL that would cut the C string: "p\u0000" read as
                # "p", "...\u0000zz" as its prefix, a bad escape alike
                prime.replace('"p"', '"p\\u0000"', 1) + "",
                prime.replace('"n": "', '"n": "1\\u0000', 1),
                prime.replace('"h": "1"', '"h": "1\\u00zz"', 1)],
        "not object": ["[]", '"curve"', "null", "", "{", "{}{}"],
    }
    b = dict(B163)
    variants = [dict(b, m=163.5), dict(b, m="163"), dict(b, reduction_polynomial_exponents=[163, 7, 6, 3.5, 0]),
                dict(b, reduction_polynomial_exponents=[163, 3, 6, 7, 0]),
                dict(b, reduction_polynomial_exponents=[163, 7, 6, 3, -1]),
                dict(b, reduction_polynomial_exponents=[163, 7, 6, 3, 1e9]),
                dict(b, reduction_polynomial_exponents="163,7,6,3,0"), dict(b, a=3),
                dict(P256, type="frobnicated"), dict(P256, type=3), dict(P256, p=None)]
    texts["fields"] = [json.dumps(v) for v in variants]
    # singular genus-2 curves: f = (x - 1)^2 (x - 2)(x - 3)(x - 4) over F_101, and x^5 + 3 = (x + 3)^5 over F_5
    texts["singular g2"] = ['{"type": "genus2", "p": "65", "f": ["4d", "4a", "10", "2d", "5a", "1"]}',
                            '{"type": "genus2", "p": "5", "f": ["3", "0", "0", "0", "0", "1"]}']
    cases = []
    for kind, ts in texts.items():
        for j, t in enumerate(ts):
            f = tmp_path / ("%s-%d.json" % (kind.replace(" ", "_"), j))
            f.write_bytes(t.encode())
            cases += [["mul", "--curve", str(f), "--scalar", "5"], ["ecdh", "--curve", str(f), "--private", "5",
                                                                   "--public", "04"],
                      ["g2", "mul", "--curve", str(f), "--scalar", "3", "--divisor", "identity"]]
    return cases


def test_curve_files_refused(genus_bin, tmp_path):
    cases = curve_file_cases(tmp_path)
    cases += [["mul", "--curve", str(tmp_path), "--scalar", "5"],  # a directory
              ["g2", "mul", "--curve", str(tmp_path), "--scalar", "3", "--divisor", "identity"]]
    check_refused(genus_bin, cases)


def test_valid_curve_files_still_read(genus_bin, tmp_path):
    """White space around the object and integral numbers written as 163.0 are valid JSON; the
    genus-2 file the malformed variants start from is read."""
    g = tmp_path / "g2.json"
    g.write_text('{"type": "genus2", "p": "65", "f": ["1", "0", "0", "0", "0", "1"]}')
    r = run(genus_bin, ["g2", "mul", "--curve", str(g), "--scalar", "3", "--divisor", "identity"])
    assert r.returncode == 0 and r.stdout == b"identity\n", r.stderr
    f = tmp_path / "b163.json"
    f.write_text("\n  " + json.dumps(dict(B163, m=163.0)) + "\n\t ")
    want = run(genus_bin, ["mul", "--curve", "B-163", "--scalar", "5"])
    got = run(genus_bin, ["mul", "--curve", str(f), "--scalar", "5"])
    assert want.returncode == 0 and got.stdout == want.stdout, got.stderr
