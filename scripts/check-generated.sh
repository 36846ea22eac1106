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
python3 tools/gen_named_curves.py > "$tmp"
if ! diff -u src/ec/named_curves.inc "$tmp" >/dev/null; then
  echo "src/ec/named_curves.inc differs from tools/gen_named_curves.py's output (data/curves.json); regenerate it:"
  echo "  python3 tools/gen_named_curves.py > src/ec/named_curves.inc"
  diff -u src/ec/named_curves.inc "$tmp" | head -40
  exit 1
fi
echo "ok: src/ec/named_curves.inc"
python3 tools/gen_named_binary_curves.py > "$tmp"
if ! diff -u src/ec2m/named_curves.inc "$tmp" >/dev/null; then
  echo "src/ec2m/named_curves.inc differs from tools/gen_named_binary_curves.py's output (data/curves.json); regenerate it:"
  echo "  python3 tools/gen_named_binary_curves.py > src/ec2m/named_curves.inc"
  diff -u src/ec2m/named_curves.inc "$tmp" | head -40
  exit 1
fi
echo "ok: src/ec2m/named_curves.inc"
