#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #19 case 3: a FIFO without a writer, /dev/zero and a link to it are refused at once by every
# command that reads a table, with exit code 3 and a message saying why.
# Usage: cli_refuses_endless_inputs.sh QISCOUT_CLI WORK_FOLDER
set -u
cli=$1
work=$2
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

mkfifo fifo.csv || fail "cannot make a FIFO"
ln -s /dev/zero zero.csv
for input in fifo.csv /dev/zero zero.csv; do
  for command in info scan; do
    started=$(date +%s%N)
    timeout 10 "$cli" "$command" "$input" > out.txt 2> err.txt
    status=$?
    elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
    [ "$status" -ne 124 ] || fail "$command $input still ran after 10 s"
    [ "$status" -eq 3 ] || fail "$command $input exited with $status, not 3: $(cat err.txt)"
    grep -q "not a regular file" err.txt || fail "$command $input: no reason given: $(cat err.txt)"
    [ "$elapsed_ms" -lt 2000 ] || fail "$command $input took $elapsed_ms ms"
    echo "$command $input: refused in $elapsed_ms ms: $(cat err.txt)"
  done
done
