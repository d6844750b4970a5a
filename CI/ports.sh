#!/usr/bin/env bash
# Ports through the adapter protocol (docs/porting.md):
# 1. the Python port (Ports/python) must declare every feature the runner knows and pass every
#    scenario: no skip, its expected-failures file empty, and any failure, error or timeout fails CI;
# 2. the reference itself, through `conformance adapter` in a child process, must pass everything:
#    a self-test that keeps the protocol in step with the reference;
# 3. both again at the wire level (--wire), with their own HTTP clients;
# 4. the Kotlin port (Ports/kotlin), written from the docs alone: installed from Debian's packages when
#    kotlinc is missing, built with build.sh, every scenario at both levels (no skip but the runner's
#    own), then a few seconds of differential fuzzing against the reference.
# Then the three compliance reports are printed side by side.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product conformance
bin="$(swift build --show-bin-path)"
reports="$(mktemp -d)"
trap 'rm -rf "$reports"' EXIT

expected=Ports/python/expected-failures.txt
if grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$expected"; then
    echo "CI/ports.sh: $expected lists scenarios; the Python port must pass all of its features' scenarios" >&2
    exit 1
fi

# Generous timeouts: CI runs on a loaded 2-core machine; timeouts are not what is tested here.
"$bin/conformance" run --adapter "python3 -B Ports/python/port.py" --timeout 60 \
    --expected-failures "$expected" --json "$reports/python.json"
# A skipped scenario is a feature the port does not declare: CI requires all of them.
python3 - "$reports/python.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
skipped = {f["feature"]: f["counts"]["skipped"] for f in report["features"] if f["counts"]["skipped"]}
if skipped:
    sys.exit(f"CI/ports.sh: the Python port skips scenarios: {skipped}; it must implement every feature")
PY
"$bin/conformance" run --adapter "'$bin/conformance' adapter" --timeout 120 --json "$reports/reference.json"
# 3. The same two at the wire level (docs/porting.md, "The wire level"): each port's own HTTP client
#    against the runner's mock server, its traffic compared with <name>.wire.txt. Only what the
#    level cannot run is skipped (the Timer, answers with no wire form), never a whole port.
for port in "python3 -B Ports/python/port.py" "'$bin/conformance' adapter"; do
    "$bin/conformance" run --wire --adapter "$port" --timeout 120 --json "$reports/wire.json"
    python3 - "$reports/wire.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
lacking = [s["id"] for s in report["scenarios"] if "has no wire level" in s["message"]]
if lacking:
    sys.exit(f"CI/ports.sh: {report['implementation']['name']} does not declare the wire level ({len(lacking)} skipped)")
PY
done

# 4. The Kotlin port. Debian's kotlin (kotlinc 1.3) on the machine's JDK; no Gradle, no repository.
if ! command -v kotlinc >/dev/null; then
    sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends kotlin libkotlinx-coroutines-java
fi
bash Ports/kotlin/build.sh
kotlin="Ports/kotlin/port"
"$bin/conformance" run --adapter "$kotlin" --timeout 60 --json "$reports/kotlin.json"
"$bin/conformance" run --wire --adapter "$kotlin" --timeout 120 --json "$reports/kotlin-wire.json"
python3 - "$reports/kotlin.json" "$reports/kotlin-wire.json" <<'PY'
import json, sys
memory, wire = (json.load(open(p)) for p in sys.argv[1:])
skipped = {f["feature"]: f["counts"]["skipped"] for f in memory["features"] if f["counts"]["skipped"]}
if skipped:
    sys.exit(f"CI/ports.sh: the Kotlin port skips scenarios: {skipped}; it must implement every feature")
lacking = [s["id"] for s in wire["scenarios"] if "has no wire level" in s["message"]]
if lacking:
    sys.exit(f"CI/ports.sh: the Kotlin port does not declare the wire level ({len(lacking)} skipped)")
PY
"$bin/conformance" fuzz --adapter "$kotlin" --time-budget 5 --out "$reports/kotlin-fuzz"
"$bin/conformance" report "$reports/reference.json" "$reports/python.json" "$reports/kotlin.json"
