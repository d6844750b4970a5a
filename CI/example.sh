#!/usr/bin/env bash
# The sample app package, Examples/LoginApp, as an app team runs it: it depends on this package by
# path and uses only its products. Builds it, runs its tests (the store under Swift Testing and
# XCTest, its scenarios, a recorded live session, the documentation's snippets it compiles), replays
# its scenarios with its own `login-conformance` and fuzzes its feature for a bounded run.
set -euo pipefail
cd "$(dirname "$0")/../Examples/LoginApp"
export CI="${CI:-true}"

swift build --build-tests
swift test
swift run login-conformance run --record never
swift run login-conformance fuzz --runs 300 --seed 1 --time-budget 30
