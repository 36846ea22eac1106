#!/usr/bin/env bash
# Regenerating the committed generated sources must change nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# check GENERATOR OUTPUT [NOTE]: the committed OUTPUT is what python3 GENERATOR prints
check() {
  python3 "$1" > "$tmp"
  if ! diff -u "$2" "$tmp" >/dev/null; then
    echo "$2 differs from $1's output${3:-}; regenerate it:"
    echo "  python3 $1 > $2"
    diff -u "$2" "$tmp" | head -40
    exit 1
  fi
  echo "ok: $2"
}
check tools/gen_mulx.py src/fp/mulx_mont.S
check tools/gen_p256_mulx.py src/ec/asm/p256_mulx.S
check tools/gen_p521_mulx.py src/ec/asm/p521_mulx.S
check tools/gen_mulx_p448.py src/ec/asm/x448_mulx.S
check tools/gen_x25519_mulx.py src/ec/asm/x25519_mulx.S " (src/ec/asm/x25519_mulx.S.in)"
check tools/gen_gs127_mulx.py src/kummer/asm/gs127_mulx.S " (src/kummer/asm/gs127_mulx.S.in)"
check tools/gen_gs127_v4.py src/kummer/gs127_v4_step.h
check tools/gen_named_curves.py src/ec/named_curves.inc " (data/curves.json)"
check tools/gen_base_tables.py src/ec/base_tables.inc " (data/curves.json)"
check tools/gen_named_binary_curves.py src/ec2m/named_curves.inc " (data/curves.json)"
