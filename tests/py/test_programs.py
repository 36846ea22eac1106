"""The traced programs committed under data/programs (the input of the assembly generators) are
what `genus trace` prints from today's templates: a changed formula must be re-traced (and its
assembly regenerated) before it lands."""
import json
import os
import re
import subprocess

import pytest

SRC = os.environ.get("GENUS_SOURCE_DIR", ".")
DIR = os.path.join(SRC, "data", "programs")


def listed():
    """(file, command arguments) from the table of data/programs/README.md."""
    rows = re.findall(r"^\| `([^`]+\.json)` \| `genus ([^`]+)` \|$", open(os.path.join(DIR, "README.md")).read(), re.M)
    assert rows, "no programs listed in data/programs/README.md"
    return rows


@pytest.mark.parametrize("name,command", listed())
def test_program_current(genus_bin, name, command):
    out = subprocess.run([genus_bin] + command.split(), check=True, capture_output=True, text=True).stdout
    assert json.loads(out) == json.load(open(os.path.join(DIR, name))), \
        "%s is stale; regenerate: genus %s > data/programs/%s" % (name, command, name)


def test_every_program_listed():
    files = {f for f in os.listdir(DIR) if f.endswith(".json")}
    assert files == {name for name, _ in listed()}
