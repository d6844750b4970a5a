#!/usr/bin/env bash
# Runs every test under the address sanitizer, with leak detection (two suites without it, below),
# in its own build folder, then
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
# MVIKittensTests and MVITestSupportTests run without leak detection: some of their tests end on
# purpose with an async effect still waiting on a TestScheduler that is never advanced again (a
# load in flight when the test's fixture goes away; TestStore's check that names an effect still
# running), and a task that never runs its next job is never freed. Every replay ends its effects
# (ReplaySession disposes the feature and runs the jobs that finish them), and every other test runs
# with leak detection.
swift test --skip-build --sanitize=address --scratch-path .build-asan --disable-xctest \
    --skip 'MVIKittensTests|MVITestSupportTests'
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    swift test --skip-build --sanitize=address --scratch-path .build-asan --disable-xctest \
    --filter 'MVIKittensTests|MVITestSupportTests'
# The XCTest tests: memory errors only. swift-corelibs-xctest keeps its suite runs, failure texts
# and expectations until the process exits (XCTMainMisc, XCTFail, awaitUsingExpectation), and a
# suppression broad enough for that (libXCTest.so) would hide every leak of any XCTest test.
# (The last setting of an option wins, so detect_leaks=0 goes after what ASAN_OPTIONS holds.)
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    swift test --skip-build --sanitize=address --scratch-path .build-asan --disable-swift-testing
swift run --skip-build --sanitize=address --scratch-path .build-asan conformance run
# The suppressions hide toolchain allocations only: a leak planted in code of ours is still reported.
bash CI/leak-canary.sh
