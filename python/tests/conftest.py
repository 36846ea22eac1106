"""Fixtures of the Python package's tests: a seeded RNG per test, PARI/GP as the oracle, and the
independent Python references of tests/py (ec_ref: every prime-field model's group law;
ec2m_ref: binary curves; gp_oracle). GENUS_SOURCE_DIR names the repository (default: two levels
up); the package under test is whatever `import genus` finds (ctest stages it in the build tree,
PYTHONPATH=<build>/python; an installed wheel works the same)."""
from __future__ import annotations

import os
import random
import shutil
import sys

import pytest

SRC = os.environ.get("GENUS_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(SRC, "tests", "py"))

from gp_oracle import GP  # noqa: E402

SEED = int(os.environ.get("GENUS_TEST_SEED", "1"))
# the sanitizer build of the package (none today) and slow machines run fewer random cases
SCALE = max(1, int(os.environ.get("GENUS_TEST_ITERATIONS", "1")))


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    return random.Random("%d:%s" % (SEED, request.node.nodeid))


@pytest.fixture(scope="session")
def gp() -> GP:
    path = shutil.which("gp")
    if not path:
        pytest.fail("PARI/GP (gp) is required as the reference: run scripts/bootstrap.sh")
    return GP(path)


@pytest.fixture(scope="session")
def src() -> str:
    return SRC
