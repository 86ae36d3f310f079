#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 1: no command writes over a file it reads, under the same name, through a symbolic link
# or a hard link (exit 2, both paths named, the input untouched), and every output path is checked
# before the table is read, so an impossible one fails at once instead of after the whole run.
# Usage: cli_refuses_overwriting_inputs.sh QISCOUT_CLI TABLE WORK_FOLDER
set -u
cli=$1
table=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

cp "$table" in.csv
ln -s in.csv link.csv
ln in.csv hard.csv
printf 'Female;*\nMale;*\n' > sex.csv
original=$(sha256sum < in.csv)
hierarchy=$(sha256sum < sex.csv)

# refused COMMAND...: exit 2, a message naming the input, and in.csv and sex.csv unchanged.
refused() {
    "$cli" "$@" > out.txt 2> err.txt
    local status=$?
    [ "$status" -eq 2 ] || fail "$* exited with $status: $(cat err.txt)"
    grep -q "refusing to write" err.txt || fail "$*: no message: $(cat err.txt)"
    [ "$(sha256sum < in.csv)" = "$original" ] || fail "$* changed in.csv"
    [ "$(sha256sum < sex.csv)" = "$hierarchy" ] || fail "$* changed sex.csv"
}

refused scan in.csv --k 2 --json in.csv
refused scan in.csv --k 2 --json link.csv
refused scan link.csv --k 2 --json in.csv
refused scan in.csv --k 2 --json hard.csv
refused scan in.csv --k 2 --report in.csv
refused scan "$PWD/in.csv" --k 2 --report ./link.csv
refused risk in.csv --json in.csv
refused risk in.csv --report link.csv
refused dependencies in.csv --json in.csv
refused attack-check in.csv --qi Birth,Gender --sensitive Marital --l 2 --json link.csv
refused anonymize in.csv --qi Gender --k 2 --out in.csv
refused anonymize in.csv --qi Gender --k 2 --json hard.csv
refused anonymize in.csv --qi Gender --k 2 --report link.csv
refused anonymize in.csv --qi Gender=sex.csv --k 2 --out sex.csv
"$cli" scan in.csv --k 2 --json link.csv > /dev/null 2> err.txt
grep -q "link.csv" err.txt && grep -q "in.csv" err.txt || fail "the message does not name both files: $(cat err.txt)"

# An impossible output fails before the table is read: an endless FIFO as input would hang otherwise.
mkfifo endless.csv
for output in "--report /nonexistent-qiscout/x.html" "--json /nonexistent-qiscout/x.json" "--json ." \
              "--json /dev/null"; do
    # shellcheck disable=SC2086
    timeout 10 "$cli" scan endless.csv --k 2 $output > /dev/null 2> err.txt
    status=$?
    [ "$status" -eq 3 ] || fail "scan $output exited with $status: $(cat err.txt)"
    grep -q "Cannot write" err.txt || fail "scan $output: no reason given: $(cat err.txt)"
done
timeout 10 "$cli" anonymize endless.csv --qi Gender --k 2 --out /nonexistent-qiscout/out.csv > /dev/null 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "anonymize --out into a missing folder exited with $status: $(cat err.txt)"
grep -q "does not exist" err.txt || fail "anonymize --out: no reason given: $(cat err.txt)"

# Distinct files are still written, and a new file beside the input is no input.
"$cli" scan in.csv --k 2 --json new.json --report new.html > /dev/null 2> err.txt || fail "scan failed: $(cat err.txt)"
[ -s new.json ] && [ -s new.html ] || fail "scan did not write its files"
"$cli" anonymize in.csv --qi Gender=sex.csv --k 2 --out protected.csv > /dev/null 2> err.txt \
  || fail "anonymize failed: $(cat err.txt)"
[ -s protected.csv ] || fail "anonymize did not write protected.csv"
[ "$(sha256sum < in.csv)" = "$original" ] || fail "in.csv changed"
echo "outputs that name an input are refused; impossible outputs fail before the run"
