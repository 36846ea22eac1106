"""Shared fixtures of the Python tests: the genus binaries, a seeded RNG and the PARI/GP oracle.

Environment (set by ctest): GENUS_BIN (the CLI), GENUS_CALC (the batch calculator of
tests/tools/calc.c), GENUS_EC_CALC and GENUS_RAND_CALC (the curve and DRBG drivers in
tests/tools/), GENUS_KUMMER_CALC (the Kummer driver), GENUS_G2_CALC (the genus-2 Jacobian driver),
GENUS_F2M_CALC (the binary-field driver, tests/tools/f2m_calc.c), GENUS_EC2M_CALC (the binary-curve
driver, tests/tools/ec2m_calc.c),
GENUS_ASM_CALC (the assembly driver, when built), GENUS_LIMB_BITS, GENUS_SANITIZE (1 in the
AddressSanitizer + UBSan build: see SANITIZE), GENUS_EMULATED (1 in cross builds, where the
binaries are wrapper scripts that run them under qemu-user: see SANITIZE). Optional: GENUS_TEST_SEED (default 1), and
GENUS_TEST_ITERATIONS (a multiplier of the random case counts, default 1), GENUS_TEST_CACHE (a
directory where gp's answers are kept, keyed by the script's SHA-256: `make check` runs the same
deterministic scripts in three build configurations and asks gp once).
"""
import os
import random
import shutil
import subprocess

import pytest

from gp_oracle import GP

LIMB_BITS = int(os.environ.get("GENUS_LIMB_BITS", "64"))
SEED = int(os.environ.get("GENUS_TEST_SEED", "1"))
ITERATIONS = max(1, int(os.environ.get("GENUS_TEST_ITERATIONS", "1")))
# The sanitizer build looks for memory errors and undefined behaviour, which depend on the code
# paths taken, not on how many random inputs take them; its longest loops run a tenth of their
# cases there (the default and 32-bit-limb builds run them in full). Cross builds run under
# qemu-user (GENUS_EMULATED=1, scripts/check-cross.sh), where a case costs 10 to 50 times more
# and what differs from x86-64 (limb width, byte order) shows on the edge cases: the same counts.
SANITIZE = os.environ.get("GENUS_SANITIZE") == "1" or os.environ.get("GENUS_EMULATED") == "1"


def pytest_report_header(config):
    return "genus: limb bits %d, seed %d (GENUS_TEST_SEED), iterations x%d" % (LIMB_BITS, SEED, ITERATIONS)


def _binary(var):
    path = os.environ.get(var)
    if not path or not os.path.exists(path):
        pytest.fail("%s is not set to a built binary: run the tests through ctest (make check)" % var)
    return path


class Calc:
    """Runs a batch of commands through the calculator: one output line per input line."""

    def __init__(self, path):
        self.path = path

    def run(self, lines):
        data = "".join(line + "\n" for line in lines)
        proc = subprocess.run([self.path], input=data, capture_output=True, text=True, timeout=1200)
        assert proc.returncode == 0, "calculator failed (%d): %s" % (proc.returncode, proc.stderr[-2000:])
        out = proc.stdout.splitlines()
        assert len(out) == len(lines), "expected %d lines, got %d" % (len(lines), len(out))
        return out


@pytest.fixture(scope="session")
def calc():
    return Calc(_binary("GENUS_CALC"))


@pytest.fixture(scope="session")
def asm():
    """The mulx/adx assembly driver (tests/tools/asm_calc.c); skips without it (32-bit limbs,
    other targets) or without BMI2/ADX."""
    path = os.environ.get("GENUS_ASM_CALC")
    if not path or not os.path.exists(path):
        pytest.skip("no mulx/adx assembly in this build")
    c = Calc(path)
    if c.run(["info"]) != ["mulx 1"]:
        pytest.skip("the CPU lacks BMI2/ADX")
    return c


@pytest.fixture(scope="session")
def ec_calc():
    return Calc(_binary("GENUS_EC_CALC"))


@pytest.fixture(scope="session")
def proto_calc():
    return Calc(_binary("GENUS_PROTO_CALC"))


@pytest.fixture(scope="session")
def drbg_calc():
    return Calc(_binary("GENUS_RAND_CALC"))


@pytest.fixture(scope="session")
def kummer_calc():
    return Calc(_binary("GENUS_KUMMER_CALC"))


@pytest.fixture(scope="session")
def g2_calc():
    return Calc(_binary("GENUS_G2_CALC"))


@pytest.fixture(scope="session")
def genus_bin():
    return _binary("GENUS_BIN")


@pytest.fixture(scope="session")
def gp():
    path = shutil.which("gp")
    if not path:
        pytest.fail("PARI/GP (gp) is required as the reference: run scripts/bootstrap.sh")
    return GP(path)


@pytest.fixture
def rng(request):
    # One independent, reproducible stream per test.
    return random.Random("%d:%s" % (SEED, request.node.nodeid))
