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
# The fuzzing suites that drive the Python port by the thousand run in the plain test stage and
# CI/fuzz.sh; under a sanitizer they would cost minutes and check the port, not our memory.
export MVI_SANITIZER=address
# Only leaks inside toolchain libraries (libcurl, Foundation, URLSession, XCTest) are suppressed; see the file.
export LSAN_OPTIONS="suppressions=$PWD/CI/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
swift build --build-tests --sanitize=address --scratch-path .build-asan
# The Swift Testing tests: memory errors and leaks.
swift test --skip-build --sanitize=address --scratch-path .build-asan --disable-xctest
# The XCTest tests: memory errors only. swift-corelibs-xctest keeps its suite runs, failure texts
# and expectations until the process exits (XCTMainMisc, XCTFail, awaitUsingExpectation), and a
# suppression broad enough for that (libXCTest.so) would hide every leak of any XCTest test.
# (The last setting of an option wins, so detect_leaks=0 goes after what ASAN_OPTIONS holds.)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    swift test --skip-build --sanitize=address --scratch-path .build-asan --disable-swift-testing
swift run --skip-build --sanitize=address --scratch-path .build-asan conformance run
# The suppressions hide toolchain allocations only: a leak planted in code of ours is still reported.
bash CI/leak-canary.sh
