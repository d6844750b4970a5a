#!/usr/bin/env bash
# The one way CI's scripts install Python tools from PyPI: `pinned_venv DIR REQUIREMENTS` makes a
# virtual environment in DIR with exactly the wheels REQUIREMENTS pins by version and hash
# (`pip install --require-hashes --only-binary=:all:`), and makes it again whenever REQUIREMENTS
# changes. Sourced by CI/lint-workflows.sh and CI/mutation-schema.sh.
pinned_venv() {
    local venv="$1" requirements="$2"
    if [ ! -f "$venv/.installed" ] || ! cmp -s "$requirements" "$venv/.installed"; then
        rm -rf "$venv"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --require-hashes --only-binary=:all: -r "$requirements" >&2
        cp "$requirements" "$venv/.installed"
    fi
}
