#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #38's benchmark (not a CTest test): qiscout-mpi scan on a synthetic table of ROWS x 20 for N = 1
# to MAX_RANKS in each mode, printing per N and mode the wall time of the job and its search, and
# per level the bytes each rank sent and each rank's busy share (docs/scale-out.md holds the figures).
# Usage: bench_scale_out.sh QISCOUT_CLI QISCOUT_MPI WORK_FOLDER ROWS [MAX_RANKS] [MODES] [SCAN FLAGS...]
# MODES is "lattice rows" (the default), "lattice" or "rows".
set -eu
cli=$1
mpi=$2
work=$3
rows=$4
max_ranks=${5:-4}
modes=${6:-lattice rows}
shift $(($# < 6 ? $# : 6))
mkdir -p "$work"
table=$work/synthetic-$rows-x-20.csv
[[ -s $table ]] || "$cli" generate "$rows" 20 38 > "$table"

for mode in $modes; do
    for ((ranks = 1; ranks <= max_ranks; ++ranks)); do
        out=$work/mpi-$rows-$mode-$ranks
        start=$(date +%s.%N)
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
            mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" \
            --mca pml ob1 --mca btl self,vader --mca btl_vader_single_copy_mechanism none \
            --mca oob_tcp_if_include lo "$mpi" scan "$table" --distribute "$mode" --level-costs "$@" \
            --json "$out.json" > "$out.txt"
        end=$(date +%s.%N)
        echo "$mode, N = $ranks: job $(awk "BEGIN { printf \"%.2f\", $end - $start }") s, $(grep -o 'search: [0-9.e-]* s, load: [0-9.e-]* s' "$out.txt")"
        sed -n '/^Levels over/,$p' "$out.txt" | tail -n +2
    done
done
