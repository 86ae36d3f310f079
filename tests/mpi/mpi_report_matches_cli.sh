#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #38: qiscout-mpi scan --report writes the report qiscout-cli scan --algorithm mtui --report writes,
# but for its timings and date, in both modes.
# Usage: mpi_report_matches_cli.sh QISCOUT_CLI QISCOUT_MPI TABLE WORK_FOLDER
set -u
source "$(dirname "${BASH_SOURCE[0]}")/run_mpi.sh"
cli=$1
mpi=$2
table=$3
work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

without_times() { grep -v -e '_seconds": ' -e '"generated_at": ' "$1"; }

"$cli" scan "$table" --algorithm mtui --k 2 --report cli.json > /dev/null 2> cli.err ||
    fail "qiscout-cli scan failed: $(cat cli.err)"
for run in "2 lattice" "3 rows"; do
    read -r ranks mode <<< "$run"
    run_mpi "$ranks" scan "$table" --k 2 --distribute "$mode" --report mpi.json > mpi.out 2> mpi.err ||
        fail "np $ranks, $mode: qiscout-mpi failed: $(cat mpi.err)"
    grep -q "^qiscout-mpi: wrote mpi.json" mpi.err || fail "np $ranks, $mode: no report written: $(cat mpi.err)"
    cmp -s <(without_times cli.json) <(without_times mpi.json) ||
        fail "np $ranks, $mode: the report differs: $(diff <(without_times cli.json) <(without_times mpi.json) | head -20)"
done
echo "qiscout-mpi writes qiscout-cli's report in both modes"
