"""PARI/GP as the tests' oracle: a script in, its printed lines out. Shared by tests/py and the
Python package's tests (python/tests). GENUS_TEST_CACHE: a directory where gp's answers are kept,
keyed by the script's SHA-256 (`make check` runs the same deterministic scripts in three build
configurations and asks gp once)."""
import hashlib
import os
import subprocess

CACHE = os.environ.get("GENUS_TEST_CACHE")


class GP:
    """Runs a PARI/GP script and returns its printed lines."""

    def __init__(self, path):
        self.path = path

    def run(self, script, expect_lines):
        path = None
        if CACHE:
            path = os.path.join(CACHE, "gp-" + hashlib.sha256(script.encode()).hexdigest())
            if os.path.exists(path):
                with open(path) as fh:
                    out = fh.read().splitlines()
                if len(out) == expect_lines:
                    return out
        proc = subprocess.run([self.path, "-q", "-f", "--default", "parisizemax=1000000000"],
                              input=script + "\nquit\n", capture_output=True, text=True, timeout=1200)
        assert proc.returncode == 0, proc.stderr[-2000:]
        out = [line for line in proc.stdout.splitlines() if line.strip()]
        assert len(out) == expect_lines, "gp printed %d lines, expected %d: %s" % (
            len(out), expect_lines, (proc.stdout + proc.stderr)[-2000:])
        if path:
            # Written whole under a temporary name, then renamed: ctest -j runs suites side by side.
            os.makedirs(CACHE, exist_ok=True)
            tmp = "%s.%d" % (path, os.getpid())
            with open(tmp, "w") as fh:
                fh.write("".join(line + "\n" for line in out))
            os.replace(tmp, path)
        return out
