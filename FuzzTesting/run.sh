#!/usr/bin/env bash
# Runs one fuzz target built by FuzzTesting/build.sh, with its seeds, dictionary and bounds:
#
#     FuzzTesting/run.sh FuzzJSON -max_total_time=3600      # an hour
#     FuzzTesting/run.sh FuzzJSON -runs=1000000             # a million executions
#
# The working corpus grows in FuzzTesting/.build/corpus/<target>/, next to the seeds of
# FuzzTesting/seeds.py (written to FuzzTesting/.build/seeds/ once; delete it to draw them again); a finding is written to fuzz-findings/<target>/ as crash-*, timeout-*, oom-*
# or leak-*. Arguments after the target go to libFuzzer. The bounds: no input up to the target's
# -max_len (FuzzTesting/targets.tsv) may take over FUZZ_TIMEOUT seconds (default 10) or
# FUZZ_RSS_MB megabytes (default 2048).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="${1:?usage: run.sh TARGET [libFuzzer options...]}"
shift
max_len="$(awk -v t="$target" '$1 == t { print $2 }' "$here/targets.tsv")"
[ -n "$max_len" ] || { echo "run.sh: $target is not in FuzzTesting/targets.tsv" >&2; exit 2; }
binary="$here/.build/release/$target"
[ -x "$binary" ] || { echo "run.sh: $binary is not built; run FuzzTesting/build.sh" >&2; exit 2; }
corpus="$here/.build/corpus/$target"
seeds="$here/.build/seeds"
mkdir -p "$corpus"
[ -d "$seeds/$target" ] || python3 "$here/seeds.py" "$seeds" >/dev/null
findings="${FUZZ_FINDINGS:-fuzz-findings}/$target"
mkdir -p "$findings"
exec "$binary" "$corpus" "$seeds/$target" \
    -dict="$here/Dictionaries/$target.dict" -max_len="$max_len" \
    -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -malloc_limit_mb="${FUZZ_RSS_MB:-2048}" \
    -artifact_prefix="$findings/" -print_final_stats=1 "$@"
