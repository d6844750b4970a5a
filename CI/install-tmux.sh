#!/usr/bin/env bash
# Installs tmux from apt when it is missing: DemoAppTests' journeys run the built mvi-demo in tmux,
# and under CI a missing tmux fails them instead of skipping them (docs/demo.md).
set -euo pipefail
if command -v tmux >/dev/null; then
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends tmux
