#!/usr/bin/env bash
# Runs one test plan with xcodebuild through the committed package scheme (macOS only):
#   bash CI/xcode-test.sh Unit|Integration|Conformance|All
# The scheme (.swiftpm/xcode/xcshareddata/xcschemes/MVIConformance-Package.xcscheme) lists the plans.
set -euo pipefail
cd "$(dirname "$0")/.."

plan="${1:?usage: CI/xcode-test.sh PLAN}"
xcodebuild -version
xcodebuild test \
    -scheme MVIConformance-Package \
    -testPlan "$plan" \
    -destination platform=macOS \
    -derivedDataPath .build/xcode \
    -skipPackagePluginValidation
