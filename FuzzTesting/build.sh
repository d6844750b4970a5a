#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and the address sanitizer, in release, into
# FuzzTesting/.build/release/. `-parse-as-library`: the targets define LLVMFuzzerTestOneInput and an
# `@main` that starts libFuzzer's driver, so no file is top-level code. Extra arguments go to `swift build`.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library "$@"
