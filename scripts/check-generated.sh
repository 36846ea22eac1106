#!/usr/bin/env bash
# Regenerating the committed generated sources must change nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for gen in mulx:mulx_mont mulx_p448:mulx_p448; do
  py=tools/gen_${gen%%:*}.py out=src/fp/${gen#*:}.S
  python3 "$py" > "$tmp"
  if ! diff -u "$out" "$tmp" >/dev/null; then
    echo "$out differs from $py's output; regenerate it:"
    echo "  python3 $py > $out"
    diff -u "$out" "$tmp" | head -40
    exit 1
  fi
  echo "ok: $out"
done
# the named-curve tables: generator, output
check_table() {
  python3 "$1" > "$tmp"
  if ! diff -u "$2" "$tmp" >/dev/null; then
    echo "$2 differs from $1's output (data/curves.json); regenerate it:"
    echo "  python3 $1 > $2"
    diff -u "$2" "$tmp" | head -40
    exit 1
  fi
  echo "ok: $2"
}
check_table tools/gen_named_curves.py src/ec/named_curves.inc
check_table tools/gen_named_binary_curves.py src/ec2m/named_curves.inc
