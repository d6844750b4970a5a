#!/usr/bin/env bash
# Runs every test under the thread sanitizer, in its own build folder: the store's confinement
# and the scheduler, server and journal locks must hold with no data race reported.
set -euo pipefail
cd "$(dirname "$0")/.."

swift test --sanitize=thread --scratch-path .build-tsan
