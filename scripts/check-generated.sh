#!/usr/bin/env bash
# Regenerating the committed generated sources must change nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 tools/gen_mulx.py > "$tmp"
if ! diff -u src/fp/mulx_mont.S "$tmp" >/dev/null; then
  echo "src/fp/mulx_mont.S differs from tools/gen_mulx.py's output; regenerate it:"
  echo "  python3 tools/gen_mulx.py > src/fp/mulx_mont.S"
  diff -u src/fp/mulx_mont.S "$tmp" | head -40
  exit 1
fi
echo "ok: src/fp/mulx_mont.S"
python3 tools/gen_named_curves.py > "$tmp"
if ! diff -u src/ec/named_curves.inc "$tmp" >/dev/null; then
  echo "src/ec/named_curves.inc differs from tools/gen_named_curves.py's output (data/curves.json); regenerate it:"
  echo "  python3 tools/gen_named_curves.py > src/ec/named_curves.inc"
  diff -u src/ec/named_curves.inc "$tmp" | head -40
  exit 1
fi
echo "ok: src/ec/named_curves.inc"
