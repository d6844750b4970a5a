#!/usr/bin/env bash
# Checks the Swift sources against the committed .swift-format (4 spaces, 120 columns) with the
# toolchain's `swift format`: any finding fails the stage. `bash CI/format.sh --fix` rewrites the
# files in place instead.
#
# The configuration is swift-format's defaults but for these, each for a reason:
# - indentation 4 and lineLength 120: the package's style since its first line;
# - OnlyOneTrailingClosureArgument off: a feature's module is declared with its codecs as
#   arguments and its factory as the trailing closure (FeatureModule.component(...) { ... }), the
#   form docs/architecture.md teaches.
# A file kept verbatim with a documentation block opens with `// swift-format-ignore-file`, so
# that the formatter cannot make it drift from the page it is checked against.
set -euo pipefail
cd "$(dirname "$0")/.."

# Examples/LoginApp is left out: its sources are the blocks of docs/app-conformance.md and the
# DocC articles, kept verbatim so that an app compiles what the pages show.
paths=(Package.swift Sources Tests FuzzTesting/Package.swift FuzzTesting/Sources)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive --parallel "${paths[@]}"
else
    swift format lint --strict --recursive --parallel "${paths[@]}"
    echo "format: no findings"
fi
