#!/usr/bin/env bash
# Runs every test under the address sanitizer with leak detection, in its own build folder, then
# replays the whole conformance suite under it: no memory error, and no leak (a cycle that keeps a
# store or a view alive grows with every scenario a long replay runs). LeakSanitizer reports at
# exit and turns the exit status into a failure.
#
# Every test runs, those that start the mock-server executable included: the server frees what it
# holds before it exits, so its own exit under LeakSanitizer is clean too.
set -euo pipefail
cd "$(dirname "$0")/.."

export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Only leaks inside toolchain libraries (libcurl, Foundation, URLSession, XCTest) are suppressed; see the file.
export LSAN_OPTIONS="suppressions=$PWD/CI/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
swift build --build-tests --sanitize=address --scratch-path .build-asan
swift test --skip-build --sanitize=address --scratch-path .build-asan
swift run --skip-build --sanitize=address --scratch-path .build-asan conformance run
