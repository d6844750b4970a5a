#!/usr/bin/env bash
# The wire level's `unwritable` scenarios need a folder the process may not write; root writes any
# folder, so a run as root refuses them (news.123). When this runs as root, it runs them again as an
# unprivileged user (nobody, through runuser), and fails unless every one of them passes.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
swift build --product conformance
bin="$(swift build --show-bin-path)/conformance"
pattern='news/*unwritable*'
if [ "$(id -u)" = 0 ]; then
    if ! command -v runuser > /dev/null || ! id nobody > /dev/null 2>&1; then
        echo "wire-unprivileged: runs as root without runuser or the user nobody: cannot run $pattern unprivileged" >&2
        exit 1
    fi
    # nobody must be able to read the checkout and the binary; it writes only its temporary folders.
    status=0
    output="$(cd /tmp && runuser -u nobody -- "$bin" run --wire --fixtures "$root/Fixtures" --record never "$pattern")" \
        || status=$?
else
    status=0
    output="$("$bin" run --wire --record never "$pattern")" || status=$?
fi
printf '%s\n' "$output"
summary="$(printf '%s\n' "$output" | tail -n 1)"
case "$status:$summary" in
    "0:"*" passed, 0 failed") echo "wire-unprivileged: every unwritable scenario ran and passed at the wire level" ;;
    *)
        echo "wire-unprivileged: expected every scenario to run and pass, got (exit $status): $summary" >&2
        exit 1
        ;;
esac
