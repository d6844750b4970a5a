#!/bin/bash -eu
# Builds the fuzz targets of FuzzTesting/ into $OUT, each with its seed corpus
# (<target>_seed_corpus.zip, from FuzzTesting/seeds.py), its dictionary and its options (max_len,
# from FuzzTesting/targets.tsv). In the OSS-Fuzz Swift builder `precompile_swift` sets $SWIFTFLAGS;
# elsewhere (a plain Swift toolchain, as CI/fuzz-targets.sh's machine) the same libFuzzer and
# address sanitizer flags stand in, and $OUT defaults to FuzzTesting/.build/out.
# ClusterFuzzLite runs a copy of this script as $SRC/build.sh in the checkout ($SRC/mvi-conformance).
if [ -d "${SRC:-/nonexistent}/mvi-conformance" ]; then cd "$SRC/mvi-conformance"; else cd "$(dirname "$0")/.."; fi
if command -v precompile_swift >/dev/null 2>&1; then
    # shellcheck disable=SC1091
    . precompile_swift
else
    SWIFTFLAGS="-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library"
    OUT="${OUT:-$PWD/FuzzTesting/.build/out}"
fi
mkdir -p "$OUT"
# shellcheck disable=SC2086
(cd FuzzTesting && swift build -c release $SWIFTFLAGS)
seeds="$(mktemp -d)"
python3 FuzzTesting/seeds.py "$seeds"
grep -v '^#' FuzzTesting/targets.tsv | while IFS=$'\t' read -r target max_len; do
    [ -n "$target" ] || continue
    cp "FuzzTesting/.build/release/$target" "$OUT/"
    cp "FuzzTesting/Dictionaries/$target.dict" "$OUT/"
    printf '[libfuzzer]\ndict = %s.dict\nmax_len = %s\n' "$target" "$max_len" >"$OUT/$target.options"
    rm -f "$OUT/${target}_seed_corpus.zip"
    (cd "$seeds/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
done
rm -rf "$seeds"
