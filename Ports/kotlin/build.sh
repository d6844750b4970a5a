#!/usr/bin/env bash
# Compiles the Kotlin port into Ports/kotlin/.build/port.jar with Debian's kotlinc (no Gradle, no repository).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$here/.build"
kotlinc "$here"/src/*.kt -include-runtime -d "$here/.build/port.jar" 2> >(grep -v -e 'Xverify:none' >&2)
echo "built $here/.build/port.jar"
