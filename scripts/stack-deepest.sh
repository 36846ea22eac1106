#!/bin/sh
# The frames on the stack at the deepest write of one call of tests/unit/test_stack.c, each with
# its size in bytes: where to look when a call grows past its limit.
#   scripts/stack-deepest.sh BUILD_DIR "NAME"   (NAME as test_stack --verbose prints it)
# Needs gdb. Runs the test twice without address randomisation: once for the deepest word's
# address, once with a hardware watchpoint on it.
set -eu
build=$1
name=$2
test=$build/tests/test_stack
addr=$(setarch "$(uname -m)" -R "$test" --watch "$name" 2>&1 | sed -n 's/^deepest word //p')
[ -n "$addr" ] || { echo "stack-deepest: no call named '$name'" >&2; exit 1; }
cmds=$(mktemp)
trap 'rm -f "$cmds"' EXIT
{
    echo "set pagination off"
    echo "break stack_watch_point"
    echo "run --watch \"$name\""
    echo "watch *(long *)$addr"
    echo "continue"
    i=0
    while [ $i -lt 40 ]; do
        echo "frame $i"
        printf '%s\n' 'printf "SP %lu\n", $sp'
        i=$((i + 1))
    done
} >"$cmds"
gdb -q -batch -x "$cmds" "$test" 2>&1 |
    awk '/^#[0-9]+ /{ n = split($0, w, " "); f = w[2]; for (i = 2; i <= n; i++) if (w[i] == "in") { f = w[i + 1]; break } name = f; next }
         /^SP /{ if (prev != "") printf "%7d  %s\n", $2 - sp, prev; sp = $2; prev = name }'
