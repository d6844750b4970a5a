#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of untrusted bytes, bounded (docs/fuzzing.md): builds the
# libFuzzer targets of FuzzTesting/ and runs each one in turn from its seeds and dictionary, so that
# the build and the runs fit in FUZZ_BUDGET seconds (default 180) in all. Each target gets an equal
# share of what the build leaves, at least FUZZ_MIN_SECONDS (default 5). A crash, a timeout, an
# out-of-memory or a failed oracle fails the stage; its input is under fuzz-findings/<target>/
# (uploaded by the workflow), ready to become a case of FuzzTesting/FailCases/. The kept cases of
# FuzzTesting/FailCases/<target>/ are run through each target first.
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${FUZZ_BUDGET:-180}"
started=$SECONDS

bash FuzzTesting/build.sh
targets=()
while IFS=$'\t' read -r name _; do
    case "$name" in '#'* | '') continue ;; esac
    targets+=("$name")
done <FuzzTesting/targets.tsv
# Each run also loads its corpus and writes its statistics: about 3 seconds besides its own time.
left=$((budget - (SECONDS - started) - 3 * ${#targets[@]}))
each=$((left / ${#targets[@]}))
[ "$each" -ge "${FUZZ_MIN_SECONDS:-5}" ] || each="${FUZZ_MIN_SECONDS:-5}"
echo "fuzz-targets: built in $((SECONDS - started)) s; ${#targets[@]} targets, $each s each"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
failed=()
for target in "${targets[@]}"; do
    # The kept findings first, through the target's own oracles (swift test replays them too).
    cases=(FuzzTesting/FailCases/"$target"/*)
    if [ -e "${cases[0]}" ] && ! "FuzzTesting/.build/release/$target" "${cases[@]}" >"$log" 2>&1; then
        failed+=("$target")
        echo "fuzz-targets: a kept case of $target fails again:"
        tail -n 40 "$log"
        continue
    fi
    if FuzzTesting/run.sh "$target" -max_total_time="$each" -seed=20261127 >"$log" 2>&1; then
        runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
        rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")"
        printf 'fuzz-targets: %-18s %9s runs  %7s/s  no finding\n' "$target" "${runs:-?}" "${rate:-?}"
    else
        failed+=("$target")
        echo "fuzz-targets: $target found something:"
        tail -n 40 "$log"
    fi
done
echo "fuzz-targets: $((SECONDS - started)) s in all"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz-targets: findings in ${failed[*]} (fuzz-findings/); replay one with FuzzTesting/.build/release/<target> <file>" >&2
    exit 1
fi
