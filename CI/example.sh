#!/usr/bin/env bash
# The sample app package, Examples/LoginApp, as an app team runs it: it depends on this package by
# path and uses only its products. Builds it, runs its tests (the store under Swift Testing and
# XCTest, its scenarios, a recorded live session, the documentation's snippets it compiles), replays
# its scenarios with its own `login-conformance` and fuzzes its feature for a bounded run; then builds
# the features and their tests again under the main actor default isolation and runs those tests 20 times.
set -euo pipefail
cd "$(dirname "$0")/../Examples/LoginApp"
export CI="${CI:-true}"

swift build --build-tests
swift test
swift run login-conformance run --record never
swift run login-conformance fuzz --runs 300 --seed 1 --time-budget 30

# The same sources under Xcode 26's default for an app target, the main actor
# (`.defaultIsolation(MainActor.self)` on the features and their tests; Package.swift): they build
# with no warning, and their TestStore tests pass 20 times alike, in virtual time.
export LOGINAPP_DEFAULT_ISOLATION=MainActor
swift build --build-tests --scratch-path .build-mainactor 2>&1 | tee "${TMPDIR:-/tmp}/loginapp-mainactor-build.log"
if grep -q "warning:" "${TMPDIR:-/tmp}/loginapp-mainactor-build.log"; then
    echo "example.sh: the main actor build has warnings (above)" >&2
    exit 1
fi
for run in $(seq 20); do
    swift test --skip-build --scratch-path .build-mainactor >"${TMPDIR:-/tmp}/loginapp-mainactor-test.log" 2>&1 || {
        cat "${TMPDIR:-/tmp}/loginapp-mainactor-test.log"
        echo "example.sh: run $run of the main actor build's tests failed" >&2
        exit 1
    }
done
echo "example.sh: the main actor build's tests passed 20 times"
