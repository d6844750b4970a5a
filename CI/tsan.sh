#!/usr/bin/env bash
# Runs every test under the thread sanitizer, in its own build folder: the store's confinement
# and the scheduler, server and journal locks must hold with no data race reported.
set -euo pipefail
cd "$(dirname "$0")/.."

# The fuzzing suites that drive the Python port by the thousand run in the plain test stage and
# CI/fuzz.sh; under a sanitizer they would cost minutes and check the port, not our memory.
export MVI_SANITIZER=thread
swift test --sanitize=thread --scratch-path .build-tsan
