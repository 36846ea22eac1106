#!/usr/bin/env bash
# Installs what `make check` and `make bench` need on Debian, idempotently: a quick
# check when everything is present. As root it installs what is missing (apt-get,
# pip); otherwise it prints exactly what to install and fails if the build or the
# test references would be missing.
set -euo pipefail
# `scripts/bootstrap.sh bench` (make bench) adds the Python benchmark's peers and plotting:
# coincurve, cypari2 (built against libpari: pari-doc brings the gphelp its build runs), ecpy,
# matplotlib; all optional, each skipped by the benchmark when missing.
bench=0
[ "${1:-}" = bench ] && bench=1

# Debian package -> why
# libcjson-dev: the genus tool reads curve files with it (configuring stops without it)
# python3-dev, python3-venv: the Python package (its extension module; scripts/check-python.sh)
required_debs=(cmake ninja-build gcc make pkg-config python3 python3-pip python3-dev python3-venv pari-gp libcjson-dev)
optional_debs=(libgmp-dev libpari-dev libssl-dev libsodium-dev libsecp256k1-dev valgrind)
# optional: cross toolchains and qemu-user for `make check-cross` (and its fast subset in `make check`)
optional_debs+=(gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
  libc6-dev-armhf-cross libc6-dev-arm64-cross libc6-dev-s390x-cross qemu-user)
# `make fuzz` (tests/fuzz/README.md): clang and the compiler-rt of its version, which holds libFuzzer
# and the sanitizer runtimes (Debian 12: clang-14, libclang-rt-14-dev); without them the portable
# driver runs the targets instead.
fuzz_debs() {
  local v
  v=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
  [ -n "$v" ] || v=$(apt-cache depends clang 2>/dev/null | sed -n 's/.*Depends: clang-\([0-9]*\)$/\1/p' | head -1)
  echo clang
  if [ -n "$v" ] && apt-cache show "libclang-rt-$v-dev" >/dev/null 2>&1; then echo "libclang-rt-$v-dev"; fi
}
if command -v apt-cache >/dev/null 2>&1; then optional_debs+=($(fuzz_debs)); fi
[ $bench = 0 ] || optional_debs+=(pari-doc)
# optional: Go, whose module cache brings Wycheproof's vector files (below) where Go is not installed
command -v go >/dev/null 2>&1 || optional_debs+=(golang-go)
# cffi, build: the Python package (cmake/python.cmake, scripts/check-python.sh); hypothesis: its tests;
# ortools: the exact scheduler of genus.hw (CP-SAT)
python_mods=(pytest sympy cryptography_vectors cryptography cffi build hypothesis ortools)
# optional: GMP under the Python reference's modular powers (tests/py/refs.py falls back to pow)
# ray: genus.hw's design-space exploration on a cluster (its test starts a head on 127.0.0.1)
optional_py_mods=(gmpy2 ray)
[ $bench = 0 ] || optional_py_mods+=(matplotlib coincurve ecpy cypari2)

# one dpkg-query for every package (a call each took half a second on a loaded machine)
installed_debs=
have_deb() { grep -qx -e "$1" <<<"$installed_debs"; }
is_root() { [ "$(id -u)" = 0 ]; }

missing_req=() missing_opt=()
if command -v dpkg-query >/dev/null 2>&1; then
  installed_debs=$(dpkg-query -W -f='${Package} ${Status}\n' "${required_debs[@]}" "${optional_debs[@]}" 2>/dev/null |
    awk '/ install ok installed$/ { print $1 }' || true)
  for p in "${required_debs[@]}"; do have_deb "$p" || missing_req+=("$p"); done
  for p in "${optional_debs[@]}"; do have_deb "$p" || missing_opt+=("$p"); done
  # a python3 from elsewhere (pyenv, ...) stands in for Debian's
  if command -v python3 >/dev/null 2>&1; then
    missing_req=($(printf '%s\n' "${missing_req[@]}" | grep -vx -e python3 -e python3-pip || true))
    # ... and its own headers and venv, where it has them
    if python3 -c "import os, sysconfig, venv, ensurepip; assert os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))" >/dev/null 2>&1; then
      missing_req=($(printf '%s\n' "${missing_req[@]}" | grep -vx -e python3-dev -e python3-venv || true))
    fi
  fi
  missing=("${missing_req[@]}" "${missing_opt[@]}")
  if [ ${#missing[@]} -gt 0 ]; then
    if is_root && command -v apt-get >/dev/null 2>&1; then
      echo "bootstrap: installing ${missing[*]}"
      export DEBIAN_FRONTEND=noninteractive
      apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
        { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
    else
      echo "bootstrap: missing Debian packages; as root run:"
      echo "  apt-get install -y ${missing[*]}"
      [ ${#missing_req[@]} -eq 0 ] || exit 1
    fi
  fi
else
  for c in cmake ninja cc python3 gp; do
    command -v "$c" >/dev/null 2>&1 || { echo "bootstrap: '$c' is required (not a Debian system: install it by hand)"; exit 1; }
  done
fi

missing_py=()
for m in "${python_mods[@]}"; do python3 -c "import $m" >/dev/null 2>&1 || missing_py+=("$m"); done
if [ ${#missing_py[@]} -gt 0 ]; then
  echo "bootstrap: installing Python packages ${missing_py[*]}"
  python3 -m pip install --quiet "${missing_py[@]}" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "${missing_py[@]}" 2>/dev/null ||
    { is_root && command -v apt-get >/dev/null 2>&1 &&
      apt-get install -y --no-install-recommends $(printf 'python3-%s ' "${missing_py[@]}") >/dev/null; } ||
    { echo "bootstrap: install the Python packages: python3 -m pip install ${missing_py[*]}"; exit 1; }
fi
for m in "${optional_py_mods[@]}"; do
  python3 -c "import $m" >/dev/null 2>&1 && continue
  python3 -m pip install --quiet "$m" 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages "$m" 2>/dev/null ||
    { is_root && command -v apt-get >/dev/null 2>&1 &&
      apt-get install -y --no-install-recommends "python3-$m" >/dev/null 2>&1; } ||
    echo "bootstrap: optional Python package $m not installed (tests: slower; bench: that peer skipped)"
done

# Wycheproof's test vectors, as its own Go module publishes them (the version pinned in
# tests/vectors/wycheproof.version): every ECDH and XDH file, read by tests/py/test_wycheproof.py
# from Go's module cache. Optional: without it the repository's copies run.
wycheproof=$(cut -d' ' -f1 "$(dirname "$0")/../tests/vectors/wycheproof.version")
if command -v go >/dev/null 2>&1; then
  cache=$(go env GOMODCACHE 2>/dev/null || true)
  if [ -z "$cache" ] || [ ! -d "$cache/$wycheproof/testvectors_v1" ]; then
    tmp=$(mktemp -d)
    (cd "$tmp" && GOFLAGS= GOTOOLCHAIN=local go mod download "$wycheproof" >/dev/null 2>&1) ||
      echo "bootstrap: optional Wycheproof module $wycheproof not downloaded (the repository's vector files run)"
    rm -rf "$tmp"
  fi
fi
exit 0
