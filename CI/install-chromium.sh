#!/usr/bin/env bash
# Installs Debian's chromium and chromium-driver from apt when either is missing: CI/report-html.sh
# checks the HTML report in headless Chromium through chromedriver (docs/reports.md).
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
$sudo apt-get update
$sudo apt-get install -y --no-install-recommends chromium chromium-driver
