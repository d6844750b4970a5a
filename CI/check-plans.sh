#!/usr/bin/env bash
# Fails when a test is in no test plan, or a plan names a test that no longer exists.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product testplan
listing="$(mktemp)"
trap 'rm -f "$listing"' EXIT
swift test list > "$listing"
"$(swift build --show-bin-path)/testplan" check --plans TestPlans --tests "$listing"
