#!/usr/bin/env bash
# `make check`: builds and tests the three configurations of DESIGN section 8 (default;
# 32-bit limbs; AddressSanitizer + UndefinedBehaviorSanitizer), builds the Python package's wheel
# and tests it installed (scripts/check-python.sh), runs the thread stress test
# under ThreadSanitizer and a fast cross subset (ARMv7, big-endian s390x under qemu-user, when
# the toolchains are present), then the repository checks:
# generated code is up to date, every exported symbol carries the gn_ prefix, and the
# installed package works through find_package and pkg-config.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
JOBS=${JOBS:-$(nproc)}
# gp's answers, asked once and reused by the two later configurations (tests/py/conftest.py).
mkdir -p "$BUILD"
GENUS_TEST_CACHE="$(cd "$BUILD" && pwd)/gp-cache"
rm -rf "$GENUS_TEST_CACHE"
export GENUS_TEST_CACHE

configure_build_test() {
  local name=$1; shift
  echo "== $name: configure and build"
  cmake -S . -B "$BUILD/$name" -G Ninja "$@" >/dev/null
  cmake --build "$BUILD/$name" -j "$JOBS"
  echo "== $name: test"
  ctest --test-dir "$BUILD/$name" --output-on-failure -j "$JOBS"
}

configure_build_test default -DCMAKE_BUILD_TYPE=Release
configure_build_test limb32 -DCMAKE_BUILD_TYPE=Release -DGENUS_LIMB_BITS=32
# With the invariant checks of src/util/verify.h (GENUS_VERIFY). -O1 -g1 (line tables, enough for
# the sanitizers' reports): a third of -O2 -g's compile time on
# the template instantiations.
configure_build_test sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGENUS_SANITIZE=ON -DGENUS_VERIFY=ON \
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"

# The Python package as users install it: sdist and wheel by `python -m build`, the wheel in a
# new virtual environment, the package's tests against it (the default configuration's ctest ran
# them against the build tree already).
scripts/check-python.sh "$BUILD"

# ThreadSanitizer: the library and the thread stress test only (tests/unit/test_threads.c: 8
# threads on shared contexts). -O0: a fifth of -O1's compile time under TSan, and the run is
# seconds either way. Any report fails the run (halt_on_error, exit status 66).
echo "== tsan: configure and build the thread stress test"
cmake -S . -B "$BUILD/tsan" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGENUS_TSAN=ON \
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O0 -g1 -DNDEBUG" >/dev/null
cmake --build "$BUILD/tsan" -j "$JOBS" --target test_threads
echo "== tsan: test"
tsan_log="$BUILD/tsan/test_threads.log"
if TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" "$BUILD/tsan/tests/test_threads" >"$tsan_log" 2>&1; then
  cat "$tsan_log"
elif grep -q "unexpected memory mapping" "$tsan_log"; then
  # gcc's TSan runtime cannot place its shadow memory under kernels with vm.mmap_rnd_bits
  # above 28; without address-space randomisation it can
  TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" setarch "$(uname -m)" -R "$BUILD/tsan/tests/test_threads"
else
  cat "$tsan_log"
  exit 1
fi

# Other architectures under qemu-user, a fast subset (make check-cross runs the whole): skipped
# with one line when the cross toolchains or qemu are missing.
BUILD=$BUILD JOBS=$JOBS scripts/check-cross.sh --fast

echo "== generated code is up to date"
scripts/check-generated.sh

echo "== exported symbols carry the gn_ prefix"
scripts/check-symbols.sh "$BUILD/default/libgenus.a" "$BUILD/limb32/libgenus.a"

echo "== installed package: find_package and pkg-config"
scripts/check-install.sh "$BUILD/default" "$BUILD/install-test"

echo "== make check: all passed"
