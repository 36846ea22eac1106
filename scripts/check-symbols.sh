#!/usr/bin/env bash
# Every global symbol defined by the library carries the gn_ prefix (DESIGN section 3).
set -euo pipefail
status=0
for lib in "$@"; do
  bad=$(nm -g --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | grep -v '^gn_' || true)
  if [ -n "$bad" ]; then
    echo "$lib: symbols without the gn_ prefix:"
    echo "$bad" | sed 's/^/  /'
    status=1
  else
    echo "ok: $lib ($(nm -g --defined-only "$lib" | awk 'NF >= 3' | wc -l) symbols)"
  fi
done
exit $status
