#!/usr/bin/env bash
# Install a built tree into a scratch prefix, then build and run a consumer two ways:
# CMake's find_package(genus) and pkg-config genus.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1
rm -rf "$2"
mkdir -p "$2"
scratch=$(cd "$2" && pwd)
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S tests/install -B "$scratch/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/cmake" >/dev/null
"$scratch/cmake/consumer"
export PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name genus.pc | head -1)")
cc -std=c11 tests/install/consumer.c $(pkg-config --cflags --libs genus) -o "$scratch/consumer-pc"
"$scratch/consumer-pc"
"$prefix/bin/genus" --version
