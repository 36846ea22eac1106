#!/usr/bin/env bash
# `make check-cross`: cross-compiles genus with Debian's cross toolchains (cmake/toolchains/) and
# runs the C unit tests and a differential subset of the Python tests (ctest label `cross`,
# tests/CMakeLists.txt) under qemu-user, for
#   armhf    ARMv7, 32-bit limbs (32-bit size_t, no __int128)
#   aarch64  AArch64, 64-bit limbs
#   s390x    64-bit limbs, big endian
# The Python tests run on the host against Python integers and PARI/GP; the binaries they drive
# are wrapper scripts that exec the cross-built ones under qemu.
#
# scripts/check-cross.sh [--fast] [TARGET...]
#   --fast: the subset `make check` runs (label `cross_fast`) on armhf and on s390x with 32-bit
#   limbs (big endian; with 64-bit limbs the fixed kernels 2..9 and their curve instantiations
#   triple the build), built at -O1 without the unroll and inline hints (GN_NO_SPEED_HINTS) to
#   keep the build short; without the toolchains or qemu it prints one line and succeeds.
#   Without --fast, missing tools fail.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
JOBS=${JOBS:-$(nproc)}

fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  if [ $fast = 1 ]; then targets=(armhf s390x); else targets=(armhf aarch64 s390x); fi
fi

# target -> GNU triple, qemu-user binary, limb width
triple() { case $1 in armhf) echo arm-linux-gnueabihf ;; aarch64) echo aarch64-linux-gnu ;; s390x) echo s390x-linux-gnu ;; esac; }
qemu() { case $1 in armhf) echo qemu-arm ;; aarch64) echo qemu-aarch64 ;; s390x) echo qemu-s390x ;; esac; }
limbs() { case $1 in armhf) echo 32 ;; *) [ $fast = 1 ] && echo 32 || echo 64 ;; esac; }

missing=()
for t in "${targets[@]}"; do
  [ -n "$(triple "$t")" ] || { echo "check-cross: unknown target '$t' (armhf, aarch64, s390x)"; exit 2; }
  command -v "$(triple "$t")-gcc" >/dev/null 2>&1 || missing+=("$(triple "$t")-gcc")
  command -v "$(qemu "$t")" >/dev/null 2>&1 || missing+=("$(qemu "$t")")
  # static linking (the toolchain files) needs the target's libc.a
  [ -e "/usr/$(triple "$t")/lib/libc.a" ] || missing+=("/usr/$(triple "$t")/lib/libc.a")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ $fast = 1 ]; then
    echo "== cross (fast subset): skipped, missing ${missing[*]} (scripts/bootstrap.sh installs them as root)"
    exit 0
  fi
  echo "check-cross: missing ${missing[*]}; on Debian install gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu"
  echo "  gcc-s390x-linux-gnu libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user"
  echo "  (scripts/bootstrap.sh does as root)"
  exit 1
fi

# The binaries the selected tests run: no CLI (its suites read curve files, which needs cJSON for
# the target), no fuzz driver.
bins=(test_ct test_drbg test_safegcd test_lehmer test_limb genus_calc genus_ec_calc genus_proto_calc genus_rand_calc genus_kummer_calc
  genus_f2m_calc genus_ec2m_calc genus_rns_calc)
if [ $fast = 1 ]; then
  dir=$BUILD/cross-fast label='^cross_fast$'
  flags=(-DCMAKE_BUILD_TYPE=Release "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG -DGN_NO_SPEED_HINTS")
else
  dir=$BUILD/cross label='^cross$'
  flags=(-DCMAKE_BUILD_TYPE=Release)
  bins+=(test_kernels test_threads genus_proto2m_calc)
fi

for t in "${targets[@]}"; do
  echo "== cross $t ($(limbs "$t")-bit limbs$([ $fast = 0 ] || echo ', fast subset')): configure and build"
  # no cJSON for the target (the CLI, which would read curve files with it, is not tested here)
  cmake -S . -B "$dir/$t" -G Ninja --toolchain "$PWD/cmake/toolchains/$t.cmake" "${flags[@]}" \
    -DGENUS_LIMB_BITS="$(limbs "$t")" -DGENUS_CURVE_FILES=OFF >/dev/null
  cmake --build "$dir/$t" -j "$JOBS" --target "${bins[@]}"
  echo "== cross $t: test under $(qemu "$t")"
  ctest --test-dir "$dir/$t" --output-on-failure -j "$JOBS" -L "$label"
done
echo "== cross (${targets[*]}): all passed"
