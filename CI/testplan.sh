#!/usr/bin/env bash
# Runs one Xcode test plan on Linux: bash CI/testplan.sh Unit|Integration|Conformance|All [-- swift test args]
set -euo pipefail
cd "$(dirname "$0")/.."

plan="${1:?usage: CI/testplan.sh PLAN [-- swift test arguments]}"
shift
swift build --product testplan
"$(swift build --show-bin-path)/testplan" run "TestPlans/${plan}.xctestplan" "$@"
