#!/usr/bin/env bash
# Mutation testing of the reference (docs/mutation.md), over the features and the libraries they
# stand on.
#
#   bash CI/mutation.sh sample [ARGS]   the CI stage: a fixed-seed sample, at most MUTATION_BUDGET
#                                       seconds (default 240) of mutants once the scratch copy is
#                                       built; fails when a sampled mutant survives and is not on
#                                       CI/mutation-equivalents.json. MUTATION_SCOPE=features draws
#                                       it from Sources/Features alone (.ci/run does: a library's
#                                       verdict needs the whole test bundle built in the copy)
#   bash CI/mutation.sh full [ARGS]     every mutant (hours here: shard it with --shard I/N)
#
# ARGS go to `python3 CI/mutation.py run` (--out, --shard, --seed ...). The list's lines are checked
# first, so a stale entry fails fast.
set -euo pipefail
cd "$(dirname "$0")/.."

scope=(Sources/Features Sources/Library/MVICore Sources/Library/MVIStateMachine
       Sources/Library/MVINavigation Sources/Library/MVIImagePipeline Sources/Library/MVIJSON)
case "${MUTATION_SCOPE:-all}" in
    all) ;;
    features) scope=(Sources/Features) ;;
    *) echo "CI/mutation.sh: MUTATION_SCOPE=${MUTATION_SCOPE}: expected all or features" >&2; exit 2 ;;
esac
mode="${1:-sample}"
shift || true
python3 CI/mutation.py list-check
case "$mode" in
    sample)
        exec nice -n 19 python3 CI/mutation.py run "${scope[@]}" --sample "${MUTATION_SAMPLE:-24}" \
            --seed "${MUTATION_SEED:-20261127}" --time-budget "${MUTATION_BUDGET:-240}" \
            --fail-on-survivor --out mutation-sample "$@" ;;
    full)
        exec nice -n 19 python3 CI/mutation.py run "${scope[@]}" "$@" ;;
    *)
        echo "usage: bash CI/mutation.sh sample|full [arguments of CI/mutation.py run]" >&2
        exit 2 ;;
esac
