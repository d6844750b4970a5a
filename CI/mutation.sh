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
#   bash CI/mutation.sh diff BASE       every mutant of the lines changed since BASE (a pull
#                                       request's base, as origin/main); an unlisted survivor is a
#                                       GitHub annotation on its line and fails
#   bash CI/mutation.sh verify [ARGS]   the list's claims, run again for the entries whose file
#                                       changed since they were checked, at most
#                                       MUTATION_VERIFY_BUDGET seconds (default 240)
#   bash CI/mutation.sh verify-all      every entry's claim (the weekly workflow)
#
# ARGS go to `python3 CI/mutation.py run` (--out, --shard, --seed ...) or `list-verify`. The list is
# checked first, so a stale entry fails fast.
set -euo pipefail
cd "$(dirname "$0")/.."

scope=(Sources/Features Sources/Library/MVICore Sources/Library/MVIStateMachine
       Sources/Library/MVINavigation Sources/Library/MVIImagePipeline Sources/Library/MVIJSON
       Sources/Library/MVIEssentials Sources/Library/MVITestSupport)
# The sample keeps the six paths its fixed seed was drawn and judged over: the same seed over more
# paths draws other mutants. The full run and the diff cover every library.
sample_scope=("${scope[@]:0:6}")
case "${MUTATION_SCOPE:-all}" in
    all) ;;
    features) scope=(Sources/Features) sample_scope=(Sources/Features) ;;
    *) echo "CI/mutation.sh: MUTATION_SCOPE=${MUTATION_SCOPE}: expected all or features" >&2; exit 2 ;;
esac
mode="${1:-sample}"
shift || true
python3 CI/mutation.py list-check
case "$mode" in
    sample)
        exec nice -n 19 python3 CI/mutation.py run "${sample_scope[@]}" --sample "${MUTATION_SAMPLE:-24}" \
            --seed "${MUTATION_SEED:-20261127}" --time-budget "${MUTATION_BUDGET:-240}" \
            --fail-on-survivor --out mutation-sample "$@" ;;
    full)
        exec nice -n 19 python3 CI/mutation.py run "${scope[@]}" "$@" ;;
    diff)
        [ $# -ge 1 ] || { echo "usage: bash CI/mutation.sh diff BASE" >&2; exit 2; }
        base="$1"
        shift
        exec nice -n 19 python3 CI/mutation.py diff "${scope[@]}" --base "$base" "$@" ;;
    verify)
        exec nice -n 19 python3 CI/mutation.py list-verify --time-budget "${MUTATION_VERIFY_BUDGET:-240}" "$@" ;;
    verify-all)
        exec nice -n 19 python3 CI/mutation.py list-verify --all "$@" ;;
    *)
        echo "usage: bash CI/mutation.sh sample|full|diff BASE|verify|verify-all [arguments of CI/mutation.py]" >&2
        exit 2 ;;
esac
