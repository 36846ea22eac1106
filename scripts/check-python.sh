#!/usr/bin/env bash
# The Python package as users get it (docs/PYTHON.md): `python -m build` makes an sdist and, from
# it, a wheel (scikit-build-core drives the same CMake); the wheel is installed in a new virtual
# environment with only what the tests need from PyPI, and the package's test suite
# (python/tests) runs against that installed copy, away from the source tree.
#   scripts/check-python.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)   # absolute: the tests run from inside the venv
src=$PWD
dist=$BUILD/python-dist venv=$BUILD/python-venv
rm -rf "$dist" "$venv"
mkdir -p "$dist"
echo "== python: sdist and wheel (python -m build)"
python3 -m build --outdir "$dist" . >"$dist/build.log" 2>&1 || { tail -40 "$dist/build.log"; exit 1; }
ls "$dist"/genus-*.tar.gz "$dist"/genus-*.whl
echo "== python: install the wheel in a new virtual environment"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet "$dist"/genus-*.whl pytest hypothesis sympy cryptography
echo "== python: the package's tests against the installed wheel"
cd "$venv"
GENUS_SOURCE_DIR=$src "$venv/bin/python" -m pytest -q -p no:cacheprovider "$src/python/tests"
"$venv/bin/python" -c "import genus, os; assert genus.__file__.startswith(os.path.realpath('$venv')), genus.__file__; print('genus', genus.__version__, 'from', os.path.dirname(genus.__file__))"
