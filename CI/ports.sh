#!/usr/bin/env bash
# Ports through the adapter protocol (docs/porting.md):
# 1. the Python port (Ports/python) must declare every feature the runner knows and pass every
#    scenario: no skip, its expected-failures file empty, and any failure, error or timeout fails CI;
# 2. the reference itself, through `conformance adapter` in a child process, must pass everything:
#    a self-test that keeps the protocol in step with the reference;
# 3. both again at the wire level (--wire), with their own HTTP clients.
# Then the two compliance reports are printed side by side.
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
"$bin/conformance" report "$reports/reference.json" "$reports/python.json"
