#!/usr/bin/env bash
# Proves that CI/lsan-suppressions.txt hides toolchain allocations only: a program of ours that
# leaks (CI/leak-canary/main.swift, two objects that hold each other) must still be reported under
# the same suppressions, naming the function that leaked. Run by CI/asan.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
swiftc -sanitize=address -Onone CI/leak-canary/main.swift -o "$work/canary" 2> "$work/build.txt" || { cat "$work/build.txt" >&2; exit 1; }
status=0
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/CI/lsan-suppressions.txt" "$work/canary" > /dev/null 2> "$work/report.txt" || status=$?
if [ "$status" -eq 0 ] || ! grep -q 'plantLeakCanary' "$work/report.txt"; then
    echo "CI/leak-canary.sh: the planted leak was not reported under CI/lsan-suppressions.txt (exit $status):" >&2
    cat "$work/report.txt" >&2
    exit 1
fi
echo "CI/leak-canary.sh: the planted leak is reported ($(grep -c 'leak of' "$work/report.txt") allocations), suppressions and all"
