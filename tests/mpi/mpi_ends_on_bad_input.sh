#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #38: a bad input ends the whole job with a clear message and a non-zero exit, never a hang (the
# ranks that did not see the error would wait for ever in their next collective).
# Usage: mpi_ends_on_bad_input.sh QISCOUT_MPI TABLE WORK_FOLDER
set -u
source "$(dirname "${BASH_SOURCE[0]}")/run_mpi.sh"
mpi_timeout=60
mpi=$1
table=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_failure WHAT PATTERN ARGS...: the job ends, not by the timeout, saying PATTERN.
expect_failure() {
    local what=$1 pattern=$2
    shift 2
    run_mpi 3 "$@" > out.txt 2> err.txt
    local status=$?
    [[ $status -ne 0 ]] || fail "$what: exit 0"
    [[ $status -ne 124 ]] || fail "$what: the job hung until the timeout"
    grep -q -- "$pattern" err.txt || fail "$what: no clear message: $(head -c 600 err.txt)"
    ! grep -q "qiscout-cli" err.txt || fail "$what: the message names qiscout-cli: $(head -c 600 err.txt)"
}

expect_failure "a missing file" "qiscout-mpi: cannot read $work/missing.csv" scan "$work/missing.csv"
printf 'a,b\n1,2,3,4\n"unterminated\n' > broken.csv
expect_failure "a malformed file" "qiscout-mpi: cannot read broken.csv" scan broken.csv
expect_failure "an unknown column" "nosuchcolumn" scan "$table" --columns nosuchcolumn
# The rows mode reads byte ranges; a range that breaks the format makes every rank read the whole
# file, whose read names the line as qiscout-cli does.
expect_failure "a missing file, rows mode" "qiscout-mpi: cannot read $work/missing.csv" scan "$work/missing.csv" \
    --distribute rows
{ echo a,b && for i in $(seq 1 40); do [[ $i == 31 ]] && echo 1,2,3 || echo "$i,$((i % 3))"; done; } > ragged.csv
expect_failure "a ragged row, rows mode" "qiscout-mpi: cannot read ragged.csv: .*line 32" scan ragged.csv \
    --distribute rows
expect_failure "an unknown column, rows mode" "nosuchcolumn" scan "$table" --columns nosuchcolumn --distribute rows
expect_failure "an unknown flag" "--no-such-flag" scan "$table" --no-such-flag
expect_failure "an unknown mode" "--distribute" scan "$table" --distribute columns
expect_failure "a report over the input" "qiscout-mpi: refusing to write" scan "$table" --report "$table" \
    --distribute rows
echo "qiscout-mpi ends the job on bad inputs"
