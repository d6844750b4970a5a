#!/usr/bin/env bash
# A bounded pass of differential fuzzing (docs/fuzzing.md), at most 60 seconds in all: scenarios
# generated from every feature's description, checked on the reference alone (its invariants),
# then the Python port against the reference step by step. The seed is fixed, so a failure here
# is reproducible with the command it prints; a shrunk failing scenario is written under
# fuzz-findings/ (uploaded by the workflow when the job fails).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product conformance
bin="$(swift build --show-bin-path)"
seed="${FUZZ_SEED:-20261124}"
# One lane (--jobs 1): this runs beside other stages, and a second lane would take its core from them.
"$bin/conformance" fuzz --seed "$seed" --runs 100000 --time-budget 20 --jobs 1 --out fuzz-findings
"$bin/conformance" fuzz --seed "$seed" --runs 100000 --time-budget 35 --out fuzz-findings \
    --adapter "python3 -B Ports/python/port.py"
