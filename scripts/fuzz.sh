#!/usr/bin/env bash
# `make fuzz`: every fuzz target of tests/fuzz for FUZZ_TIME seconds each (default 60), one after
# the other. With clang and its libFuzzer runtime: the libFuzzer binaries (ASan + UBSan, the library
# instrumented for coverage) in $BUILD/fuzz, each growing its own corpus in $BUILD/fuzz/corpus/<target>
# from the committed seeds. Without: the portable driver under the sanitizers ($BUILD/fuzz-portable,
# gcc's ASan + UBSan), mutating the committed seeds for the same time.
#   FUZZ_TIME=600 make fuzz            ten minutes per target
#   FUZZ_TARGETS="xdh drbg" make fuzz  some targets only (genus_fuzz --list names them all)
#   FUZZ_RUNS=10000000 make fuzz       a number of executions per target instead of a time (libFuzzer)
#   FUZZ_ENGINE=portable               the portable driver even where libFuzzer is available
#   FUZZ_JOBS=2                        build jobs
# A finding stops the run: libFuzzer writes the input to $BUILD/fuzz/artifacts/<target>-crash-*, the
# portable driver prints it in hex; once fixed it goes to tests/fuzz/corpus/<target>/regress_<what>.
# The summary (executions and seconds per target) is printed and written to $BUILD/fuzz/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_RUNS=${FUZZ_RUNS:-}
JOBS=${FUZZ_JOBS:-${JOBS:-$(nproc)}}

have_libfuzzer() {
  command -v clang >/dev/null 2>&1 || return 1
  local d
  d=$(mktemp -d)
  printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$d/t.c"
  clang -fsanitize=fuzzer,address,undefined "$d/t.c" -o "$d/t" >/dev/null 2>&1
  local ok=$?
  rm -rf "$d"
  return $ok
}

if [ "${FUZZ_ENGINE:-}" != portable ] && have_libfuzzer; then
  mode=libfuzzer
  dir=$BUILD/fuzz
  CC=clang cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DGENUS_FUZZ=ON >/dev/null
else
  mode=portable
  dir=$BUILD/fuzz-portable
  echo "fuzz: clang with libFuzzer not found (scripts/bootstrap.sh installs clang and libclang-rt-14-dev):"
  echo "      the portable driver runs the targets under gcc's sanitizers instead"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
    -DGENUS_SANITIZE=ON >/dev/null
fi
cmake --build "$dir" -j "$JOBS" --target genus_fuzz
targets=${FUZZ_TARGETS:-$("$dir/tests/genus_fuzz" --list)}
if [ "$mode" = libfuzzer ]; then
  cmake --build "$dir" -j "$JOBS" --target $(for t in $targets; do printf 'genus_fuzz_%s_libfuzzer ' "$t"; done)
fi

mkdir -p "$dir/artifacts" "$dir/logs"
summary=$dir/summary.txt
: > "$summary"
for t in $targets; do
  seeds=tests/fuzz/corpus/$t
  log=$dir/logs/$t.log
  start=$(date +%s)
  if [ "$mode" = libfuzzer ]; then
    mkdir -p "$dir/corpus/$t"
    if [ -n "$FUZZ_RUNS" ]; then limit=(-runs="$FUZZ_RUNS"); else limit=(-max_total_time="$FUZZ_TIME"); fi
    echo "== fuzz $t (libFuzzer, ${FUZZ_RUNS:+$FUZZ_RUNS runs}${FUZZ_RUNS:-$FUZZ_TIME s})"
    # -timeout: one input taking 60 s is a hang; the corpus in $dir grows, the seeds stay read-only
    if ! "$dir/tests/genus_fuzz_${t}_libfuzzer" "${limit[@]}" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$t-" "$dir/corpus/$t" "$seeds" > "$log" 2>&1; then
      tail -40 "$log"
      echo "fuzz: $t found a failure; the input is in $dir/artifacts/ (log: $log)"
      exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  else
    echo "== fuzz $t (portable driver, $FUZZ_TIME s)"
    if ! ASAN_OPTIONS=abort_on_error=1 "$dir/tests/genus_fuzz" "$t" --iterations 0 --time "$FUZZ_TIME" \
        --seed "$(date +%s)" "$seeds"/* > "$log" 2>&1; then
      tail -20 "$log"
      echo "fuzz: $t found a failure (the input is printed above; log: $log)"
      exit 1
    fi
    runs=$(sed -n 's/.*files, \([0-9]*\) mutated inputs.*/\1/p' "$log")
  fi
  secs=$(( $(date +%s) - start ))
  printf '%-12s %12s executions %8s s\n' "$t" "${runs:-?}" "$secs" | tee -a "$summary"
done
echo "fuzz: no failure ($mode; summary in $summary)"
