#!/usr/bin/env bash
# The HTML report (docs/reports.md), written and checked in headless Chromium:
# 1. the report of this run: the reference and the Python port through the adapter protocol, into
#    conformance-report/ (the workflow uploads it);
# 2. a report with something to show, into conformance-report-check/: the Python port before and
#    after a documented mutation (Ports/python/mutations.txt) breaks a rule, the later run of two
#    features only, and a fuzz finding of the same mutation. Its first failing scenario must open
#    to its diff.
# Both carry the mutation page of the committed MVICore sample (docs/mutation-reports/, in Stryker's
# schema). CI/report-browser.py checks every page (counts against the JSON, links, no network, what a
# screen reader needs) and saves screenshots at 1280 and 390 pixels wide into
# conformance-report-screenshots/.
# REPORT_DOCS_URL, when set, is where the rules link to (the workflows give the commit's docs);
# otherwise they link to ../docs, this checkout's.
set -euo pipefail
cd "$(dirname "$0")/.."

bash CI/install-chromium.sh
swift build --product conformance
bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
port="python3 -B Ports/python/port.py"
mutated="MVI_PORT_MUTATION=kittens-reload-keeps-load $port"
mutation="$PWD/docs/mutation-reports/mvicore-seed-11.json"

"$bin/conformance" run --json "$work/reference.json" >/dev/null
"$bin/conformance" run --adapter "$port" --timeout 60 --json "$work/python.json" >/dev/null
rm -rf conformance-report conformance-report-check conformance-report-screenshots
docs=()
if [ -n "${REPORT_DOCS_URL:-}" ]; then docs=(--docs-url "$REPORT_DOCS_URL"); fi
# Each report is written from the reports' folder, so that the page names them by their file names.
root="$PWD"
(cd "$work" && "$bin/conformance" report reference.json python.json --html "$root/conformance-report" \
    --fixtures "$root/Fixtures" --mutation "$mutation" "${docs[@]}" >/dev/null)
python3 CI/report-browser.py conformance-report "$work/reference.json" "$work/python.json" --mutation "$mutation"

# A later run of the port with a rule broken fails; the report says so: status 1 is expected.
status=0
"$bin/conformance" run --adapter "$mutated" --timeout 60 --json "$work/python-later.json" 'kittens/*' 'timer/*' \
    >/dev/null || status=$?
if [ "$status" != 1 ]; then
    echo "CI/report-html.sh: the mutated port's run should fail with status 1, it gave $status" >&2
    exit 1
fi
status=0
"$bin/conformance" fuzz kittens --seed 1 --runs 30 --out "$work/fuzz-findings" --adapter "$mutated" >/dev/null ||
    status=$?
if [ "$status" != 1 ] || ! ls "$work"/fuzz-findings/kittens/*.finding.json >/dev/null 2>&1; then
    echo "CI/report-html.sh: fuzzing the mutated port should find a divergence (status $status)" >&2
    exit 1
fi
# It shows a failing run, so its status is 1.
status=0
(cd "$work" && "$bin/conformance" report reference.json python.json python-later.json \
    --html "$root/conformance-report-check" --fixtures "$root/Fixtures" --fuzz-findings fuzz-findings \
    --mutation "$mutation" >/dev/null) || status=$?
if [ "$status" != 1 ]; then
    echo "CI/report-html.sh: the report of a failing run should end with status 1, it gave $status" >&2
    exit 1
fi
python3 CI/report-browser.py conformance-report-check \
    "$work/reference.json" "$work/python.json" "$work/python-later.json" \
    --failing --mutation "$mutation" --screenshots conformance-report-screenshots
