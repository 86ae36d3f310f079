#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds oneTBB with ThreadSanitizer from Debian's own source package, the same version (and
# Debian patches) as the installed libtbb-dev, into build/tsan-tbb/install, where the tsan preset
# looks for it. Debian's libtbb is not instrumented, so without this ThreadSanitizer cannot see
# TBB's spawn, steal and join, loses the stacks of TBB's workers and reports hand-offs through
# them as races (#19). Needs deb-src entries for deb.debian.org, which it adds (as root) when apt
# has none. Idempotent: does nothing when the build for this version is already there.
# Usage: bash installer/build-tsan-tbb.sh [OUTPUT_FOLDER]
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$source_dir/build/tsan-tbb}
version=$(dpkg-query -W -f='${Version}' libtbb-dev)
if [ -f "$out/install/lib/cmake/TBB/TBBConfig.cmake" ] && [ "$(cat "$out/version" 2> /dev/null)" = "$version" ]; then
  echo "build-tsan-tbb: oneTBB $version with ThreadSanitizer is already in $out/install"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
if ! apt-get source --print-uris "onetbb=$version" > /dev/null 2>&1; then
  echo "build-tsan-tbb: adding deb-src entries for deb.debian.org (bookworm)"
  "${sudo_cmd[@]}" tee /etc/apt/sources.list.d/qiscout-deb-src.sources > /dev/null << 'SOURCES'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
  "${sudo_cmd[@]}" apt-get update -qq
fi

# apt-get source unpacks with dpkg-source (dpkg-dev).
command -v dpkg-source > /dev/null || "${sudo_cmd[@]}" apt-get install -y --no-install-recommends dpkg-dev

rm -rf "$out/src" "$out/build" "$out/install"
mkdir -p "$out/src"
# dpkg-source applies Debian's patches while unpacking.
(cd "$out/src" && apt-get source -qq "onetbb=$version")
tree=$(find "$out/src" -mindepth 1 -maxdepth 1 -type d -name 'onetbb-*' | head -n 1)
[ -n "$tree" ] || { echo "build-tsan-tbb: apt-get source left no onetbb-* folder in $out/src" >&2; exit 1; }

cmake -S "$tree" -B "$out/build" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_INSTALL_PREFIX="$out/install" -DCMAKE_INSTALL_LIBDIR=lib \
  -DTBB_SANITIZE=thread -DTBB_TEST=OFF -DTBB_EXAMPLES=OFF -DTBB_STRICT=OFF -DTBBMALLOC_BUILD=OFF
cmake --build "$out/build" -j 2
cmake --install "$out/build"
echo "$version" > "$out/version"
echo "build-tsan-tbb: oneTBB $version with ThreadSanitizer installed in $out/install"
