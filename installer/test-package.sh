#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the .deb in a configured build directory, installs it system-wide, runs both programs from
# /usr/bin, purges the package and checks that none of its files are left behind.
# Usage: installer/test-package.sh BUILD_DIR
# Exits 77 (skipped) unless run as root on a system with dpkg, or when a qiscout package is already
# installed (it is never replaced or removed by this test).
set -euo pipefail

skip() {
    echo "test-package: SKIPPED: $*" >&2
    exit 77
}
fail() {
    echo "test-package: FAILED: $*" >&2
    exit 1
}

[ $# -eq 1 ] || {
    echo "usage: $0 BUILD_DIR" >&2
    exit 2
}
build_dir=$(cd "$1" && pwd)
package=qiscout

[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
{ command -v dpkg && command -v dpkg-deb; } >/dev/null || skip "dpkg is not available"
{ command -v cmake && command -v cpack; } >/dev/null || skip "cmake or cpack is not on PATH"

# "installed", "config-files", ... or "not-installed" (also when dpkg has never heard of it).
package_state() {
    dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || echo not-installed
}
[ "$(package_state)" = not-installed ] || skip "a $package package is already on this system; purge it first"

work_dir=$(mktemp -d)
# apt reads local .deb files as the unprivileged _apt user.
chmod 755 "$work_dir"
installed=0
cleanup() {
    local status=$?
    if [ "$installed" -eq 1 ] && [ "$(package_state)" != not-installed ]; then
        echo "test-package: purging $package after a failure" >&2
        dpkg --purge "$package" >/dev/null || status=1
    fi
    rm -rf "$work_dir"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

echo "test-package: building the .deb from $build_dir"
# cpack packs whatever is in the build tree; it does not bring it up to date itself.
cmake --build "$build_dir" >"$work_dir/build.log" 2>&1 || {
    cat "$work_dir/build.log" >&2
    fail "the build failed"
}
cpack --config "$build_dir/CPackConfig.cmake" -G DEB -B "$work_dir/out" >"$work_dir/cpack.log" 2>&1 ||
    {
        cat "$work_dir/cpack.log" >&2
        fail "cpack failed"
    }
debs=("$work_dir"/out/*.deb)
{ [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ]; } || fail "expected exactly one .deb, found: ${debs[*]}"
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)
echo "test-package: $(basename "$deb") (version $version)"
dpkg-deb -f "$deb" Depends | grep -q 'libc6' || fail "Depends was not computed by dpkg-shlibdeps"

installed=1
if command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$deb" >"$work_dir/install.log" 2>&1 ||
        {
            cat "$work_dir/install.log" >&2
            fail "apt-get install failed"
        }
else
    dpkg -i "$deb" >"$work_dir/install.log" 2>&1 || {
        cat "$work_dir/install.log" >&2
        fail "dpkg -i failed"
    }
fi
[ "$(package_state)" = installed ] || fail "$package is not installed after installing it"

# Directories are shared with other packages; only the files are ours to account for.
dpkg -L "$package" >"$work_dir/paths"
: >"$work_dir/files"
while IFS= read -r path; do
    if [ -L "$path" ] || [ ! -d "$path" ]; then
        echo "$path" >>"$work_dir/files"
    fi
done <"$work_dir/paths"
echo "test-package: installed $(wc -l <"$work_dir/files") files"

# shared-mime-info's dpkg trigger compiles the MIME package; a malformed one would be skipped.
mime_type=/usr/share/mime/application/x-qiscout-project.xml
if command -v update-mime-database >/dev/null && grep -q '^/usr/share/mime/packages/' "$work_dir/files"; then
    [ -f "$mime_type" ] || fail "the project MIME type was not registered ($mime_type is missing)"
    echo "test-package: MIME type application/x-qiscout-project registered"
fi

expect_version() {
    local program=$1 output
    [ -x "$program" ] || fail "$program is missing"
    output=$(QT_QPA_PLATFORM=offscreen "$program" --version 2>"$work_dir/stderr") || {
        cat "$work_dir/stderr" >&2
        fail "$program --version failed"
    }
    grep -qF "$version" <<<"$output" || fail "$program --version printed \"$output\", expected $version"
    echo "test-package: $program --version: $output"
}

expect_version /usr/bin/qiscout-cli

sample=/usr/share/qiscout/samples/adult.csv
[ -f "$sample" ] || fail "$sample is missing"
/usr/bin/qiscout-cli scan "$sample" --k 1 --threads 2 >"$work_dir/scan.log" 2>&1 || {
    cat "$work_dir/scan.log" >&2
    fail "qiscout-cli scan on the installed sample failed"
}
[ -s "$work_dir/scan.log" ] || fail "qiscout-cli scan printed nothing"
echo "test-package: qiscout-cli scan $sample --k 1 --threads 2: ok ($(wc -l <"$work_dir/scan.log") lines)"

if grep -qx /usr/bin/qiscout "$work_dir/files"; then
    expect_version /usr/bin/qiscout
else
    echo "test-package: the package has no GUI (built with QISCOUT_BUILD_GUI=OFF)"
fi

dpkg --purge "$package" >"$work_dir/purge.log" 2>&1 || {
    cat "$work_dir/purge.log" >&2
    fail "dpkg --purge failed"
}
installed=0
[ "$(package_state)" = not-installed ] || fail "$package is still known to dpkg after purge: $(package_state)"

left=()
while IFS= read -r path; do
    if [ -e "$path" ] || [ -L "$path" ]; then
        left+=("$path")
    fi
done <"$work_dir/files"
for path in /usr/share/qiscout /usr/share/doc/qiscout "$mime_type"; do
    if [ -e "$path" ]; then
        left+=("$path")
    fi
done
[ ${#left[@]} -eq 0 ] || fail "left behind after purge: ${left[*]}"
echo "test-package: purged; nothing left behind"
