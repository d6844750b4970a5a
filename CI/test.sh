#!/usr/bin/env bash
# Runs every test exactly as the README tells a user to: `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test
