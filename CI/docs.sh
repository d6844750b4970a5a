#!/usr/bin/env bash
# Builds every library's DocC catalog with warnings as errors: a symbol link (``Symbol``) that names
# no symbol, a topic that lists one twice or a catalog missing for a library fails the stage.
# The symbol graphs are the compiler's (-emit-symbol-graph), from a build of the libraries in a
# folder of their own: unlike `swift package dump-symbol-graph` they hold what a module re-exports
# (MVICore's `Cancellable` is MVIEssentials'), as a reader of MVICore's documentation sees it.
set -euo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
graphs="$out/graphs"
mkdir -p "$graphs"
for library in Sources/Library/*/; do
    swift build --scratch-path .build-docs --target "$(basename "$library")" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" > "$out/build.log" 2>&1 \
        || { cat "$out/build.log"; exit 1; }
done

status=0
for library in Sources/Library/*/; do
    module="$(basename "$library")"
    catalog="$library$module.docc"
    if [ ! -d "$catalog" ]; then
        echo "error: $module has no DocC catalog ($catalog)"
        status=1
        continue
    fi
    # Only this module's own graphs (Module.symbols.json and its extensions Module@Other.symbols.json).
    mkdir -p "$out/$module/graphs"
    cp "$graphs/$module.symbols.json" "$out/$module/graphs/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$out/$module/graphs/" \;
    if docc convert "$catalog" \
        --additional-symbol-graph-dir "$out/$module/graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$out/$module/archive" --warnings-as-errors > "$out/$module/log" 2>&1; then
        echo "ok: $module"
    else
        echo "error: $module's catalog has warnings:"
        cat "$out/$module/log"
        status=1
    fi
done
exit "$status"
