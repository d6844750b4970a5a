#!/usr/bin/env bash
# Runs every test under the address sanitizer with leak detection, in its own build folder, then
# replays the whole conformance suite under it: no memory error, and no leak (a cycle that keeps a
# store or a view alive grows with every scenario a long replay runs). LeakSanitizer reports at
# exit and turns the exit status into a failure.
#
# ExecutableTests is left out: it runs the mock-server executable, whose own exit under
# LeakSanitizer belongs to the server (see docs/mock-server.md); every other test runs.
set -euo pipefail
cd "$(dirname "$0")/.."

export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# Only leaks inside toolchain libraries (libcurl, URLSession, XCTest) are suppressed; see the file.
export LSAN_OPTIONS="suppressions=$PWD/CI/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
swift build --build-tests --sanitize=address --scratch-path .build-asan
swift test --skip-build --sanitize=address --scratch-path .build-asan --skip ExecutableTests
swift run --skip-build --sanitize=address --scratch-path .build-asan conformance run
