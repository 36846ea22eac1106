"""The command-line tool's stack (docs/ARCHITECTURE.md, "Stack"): every command runs with its main
thread's stack limited to 32 KiB (`ulimit -s 32`): the library's 16 KiB per call
(tests/unit/test_stack.c) with room for the tool. Skipped under the sanitizers, whose frames are
larger by design."""
import subprocess

import pytest

from conftest import SANITIZE

SEED = "000102030405060708090a0b0c0d0e0f"
U25519 = "09" + "00" * 31
U448 = "05" + "00" * 55
K32 = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
K56 = "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b"

pytestmark = pytest.mark.skipif(SANITIZE, reason="sanitizer frames are larger by design")


def limited(genus_bin, kib, args):
    """genus ARGS with the main thread's stack limited to kib KiB (a crash is a signal), in an
    empty environment: the environment's strings sit on the same stack, and ctest's are long."""
    cmd = "ulimit -s %d && exec env -i \"$0\" \"$@\"" % kib
    return subprocess.run(["bash", "-c", cmd, genus_bin] + args, capture_output=True, text=True, timeout=300)


def keys(genus_bin, curve, seed=SEED):
    out = subprocess.run([genus_bin, "keygen", "--curve", curve, "--seed", seed], capture_output=True, text=True,
                         check=True).stdout.split()
    return out[0], out[1]


def commands(genus_bin):
    d1, q1 = keys(genus_bin, "P-521")
    d2, _ = keys(genus_bin, "P-521", SEED + "ff")
    b1, bq1 = keys(genus_bin, "K-571")
    ku = subprocess.run([genus_bin, "kummer", "keygen", "--seed", SEED], capture_output=True, text=True,
                        check=True).stdout.split()
    cmds = [
        ["fp", "--p", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff", "inv", "3"],
        ["f2m", "--m", "571", "inv", "3"],
        ["curves"], ["kernels"],
        ["keygen", "--curve", "P-521", "--seed", SEED, "--format", "spki"],
        ["keygen", "--curve", "K-571", "--seed", SEED],
        ["ecdh", "--curve", "P-521", "--private", d2, "--public", q1],
        ["ecdh", "--curve", "K-571", "--private", b1, "--public", bq1],
        ["mqv", "--curve", "P-521", "--static-a", d1, "--ephemeral-a", d2, "--static-b", d2, "--ephemeral-b", d1],
        ["x25519", K32, U25519], ["x448", K56, U448],
        ["kummer", "dh", "--private", ku[0], "--public", ku[1]],
        ["kummer", "mul", "--scalar", "ff" * 32],
        ["drbg", "--mech", "hash-sha512", "--entropy", "00" * 32, "--nonce", "00" * 16, "--bytes", "64"],
        ["ops", "--binary"], ["trace", "--binary", "B-409", "--op", "add"],
        ["ops", "--curve", "P-521"], ["ops", "--curve", "P-521", "--kernel", "rns"], ["ops", "--kummer"],
        ["trace", "--curve", "brainpoolP512r1", "--op", "ladder-step", "--coords", "xz"],
        ["trace", "--curve", "P-256", "--op", "add", "--kernel", "rns"],
        ["trace", "--kummer", "--op", "ladder-step"],
        ["ops", "--g2"], ["trace", "--g2", "gs127", "--op", "add"],
    ]
    for curve in ("P-256", "P-521", "secp256k1", "brainpoolP512r1", "edwards448", "curve448", "B-571"):
        cmds.append(["mul", "--curve", curve, "--scalar", "ff" * 66])
    for method in ("l2r", "r2l", "window", "window-var", "sliding", "wnaf", "ladder", "comb"):
        cmds.append(["mul", "--curve", "P-521", "--scalar", "ff" * 66, "--method", method, "--window", "6"])
    for kernel in ("generic", "gmp", "pari", "rns"):
        cmds.append(["mul", "--curve", "P-521", "--scalar", "ff" * 66, "--kernel", kernel])
    return cmds


def run_all(genus_bin, kib, cmds):
    failed = []
    for args in cmds:
        r = limited(genus_bin, kib, args)
        # a kernel this build or limb width lacks (GMP, PARI; RNS with 32-bit limbs)
        not_built = r.returncode == 2 and ("not in this build" in r.stderr or "cannot serve this prime" in r.stderr)
        if (r.returncode != 0 or not r.stdout) and not not_built:
            shown = " ".join(a if len(a) <= 24 else a[:8] + "..." for a in args)
            failed.append("%s: exit %d %s" % (shown, r.returncode, r.stderr.strip()[:80]))
    assert not failed, "\n".join(failed)


def test_commands_in_32_kib(genus_bin):
    run_all(genus_bin, 32, commands(genus_bin))
