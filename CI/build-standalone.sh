#!/usr/bin/env bash
# Builds `conformance` and `mock-server` as standalone executables into .build-standalone/release/:
# release builds with the Swift runtime and Foundation linked into each (`--static-swift-stdlib`).
# They run where no Swift toolchain is installed, on a Linux machine with glibc and libcurl 4
# (URLSession's transport), so a port's CI can take the two files alone; and they start in about
# half the time of a build that loads the toolchain's shared libraries (docs/performance.md, "The
# corpus against a bare read of it").
#
#   CI/build-standalone.sh                 # both products
#   CI/build-standalone.sh -Xswiftc -g     # extra arguments go to each `swift build`
#
# FoundationNetworking's static library links libcurl by its development name (-lcurl), which on
# Debian comes with libcurl4-openssl-dev: it is installed through apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Linux ] && ! compgen -G "/usr/lib/*/libcurl.so" >/dev/null && [ ! -e /usr/lib/libcurl.so ]; then
    if ! command -v apt-get >/dev/null; then
        echo "build-standalone: libcurl's development files (libcurl.so) are missing: install them" \
            "with your system's package manager, then run this again" >&2
        exit 1
    fi
    echo "build-standalone: installing libcurl4-openssl-dev through apt-get (libcurl.so, for -lcurl)" >&2
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update >/dev/null
    $sudo apt-get install -y --no-install-recommends libcurl4-openssl-dev >/dev/null
fi

for product in conformance mock-server; do
    swift build -c release --static-swift-stdlib --scratch-path .build-standalone --product "$product" "$@"
done
bin="$(swift build -c release --static-swift-stdlib --scratch-path .build-standalone --show-bin-path)"
"$bin/conformance" --version >/dev/null
echo "built: $bin/conformance, $bin/mock-server"
