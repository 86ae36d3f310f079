#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #19 cases 6 and 7: a write that fails is exit code 3, never a silent success; the atomic writer
# writes through symbolic links, keeps permissions and never replaces a device.
# Usage: cli_reports_failed_writes.sh QISCOUT_CLI TABLE WORK_FOLDER
set -u
cli=$1
table=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cli" info "$table" --json > /dev/full 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "info --json > /dev/full exited with $status"
grep -q "cannot write standard output" err.txt || fail "info: no message: $(cat err.txt)"

"$cli" scan "$table" --k 1 --json - > /dev/full 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "scan --json - > /dev/full exited with $status"
grep -q "cannot write standard output" err.txt || fail "scan: no message: $(cat err.txt)"

"$cli" scan "$table" --k 1 > /dev/full 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "scan > /dev/full exited with $status"

"$cli" scan "$table" --k 1 --json /dev/full > /dev/null 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "scan --json /dev/full exited with $status"
grep -q "not a regular file" err.txt || fail "--json /dev/full: no reason given: $(cat err.txt)"
[ -c /dev/full ] || fail "/dev/full is no longer a device"

echo "old report" > real.html
ln -s real.html link.html
echo '{"old": true}' > private.json
chmod 600 private.json
"$cli" scan "$table" --k 1 --report link.html --json private.json > /dev/null 2> err.txt \
  || fail "scan --report link.html failed: $(cat err.txt)"
[ -L link.html ] || fail "link.html is no longer a symbolic link"
grep -q "<html" real.html || fail "real.html was not rewritten through the link"
[ "$(stat -c %a private.json)" = 600 ] || fail "private.json is now $(stat -c %a private.json), not 600"
grep -q '"minimal_sets"' private.json || fail "private.json was not rewritten"
leftovers=$(find . -name '*.tmp')
[ -z "$leftovers" ] || fail "temporary files left behind: $leftovers"
echo "failed writes are errors; links, permissions and devices are respected"
