#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #38: qiscout-mpi scan answers byte for byte what qiscout-cli scan --algorithm mtui answers (the
# search the ranks share out), but for the two timings, on 1 to 4 ranks, in the rows and the lattice
# mode, under both missing-cell semantics.
# Usage: mpi_scan_matches_cli.sh QISCOUT_CLI QISCOUT_MPI WORK_FOLDER TABLE [SCAN FLAGS...]
# TABLE "generated:ROWS:COLUMNS:SEED:MISSING[:VARIANT]" is made by qiscout-cli generate; VARIANT
# "crlf-bom" ends its lines with CRLF after a UTF-8 byte order mark, "quoted-break" puts a quoted
# line break in a cell of row 700 (the rows mode then reads the whole file on every rank).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/run_mpi.sh"
cli=$1
mpi=$2
work=$3
table=$4
shift 4
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

if [[ $table == generated:* ]]; then
    IFS=: read -r _ rows columns seed missing variant <<< "$table"
    table=$work/generated.csv
    "$cli" generate "$rows" "$columns" "$seed" --missing "$missing" > "$work/plain.csv" || fail "cannot generate $table"
    case ${variant:-} in
        crlf-bom) { printf '\xEF\xBB\xBF' && sed 's/$/\r/' "$work/plain.csv"; } > "$table" ;;
        quoted-break) awk 'NR == 700 { sub(/^[^,]*/, "\"&\nx\"") } { print }' "$work/plain.csv" > "$table" ;;
        *) mv "$work/plain.csv" "$table" ;;
    esac
fi
# How the rows mode reads the file: in byte ranges when asked for the rows mode, unless a quoted
# line break forbids cutting it at line ends.
# The lattice mode on 2 ranks is --distribute auto's choice, from the ranges' codes exchanged.
reading_of() {
    if [[ $1:$2 == lattice:3 ]]; then
        echo ""
    elif [[ ${variant:-} == quoted-break ]]; then
        [[ $1 == rows ]] && echo "; every rank read the whole file: a quoted field holds a line break"
    elif [[ $1 == lattice ]]; then
        echo "; each rank read its own byte range of the file and the ranks exchanged the codes"
    else
        echo "; each rank read its own byte range of the file"
    fi
}

without_timings() { grep -v -e '^    "search_seconds": ' -e '^    "load_seconds": ' "$1"; }

# The rows mode on every N, the lattice mode where its sets are dealt out unevenly (2 and 3 ranks;
# one or four more runs per case would cost CI seconds and test no other path). On 4 ranks the rows
# mode is chosen by --distribute auto from a memory per rank too small for the lattice mode, on 2
# the lattice mode by --distribute auto from the node's memory.
modes_on() {
    case $1 in
        2 | 3) echo lattice rows ;;
        *) echo rows ;;
    esac
}
mode_flags() {
    case $1:$2 in
        lattice:2) echo --distribute auto ;;
        lattice:*) echo --distribute lattice ;;
        rows:4) echo --memory-per-rank 1 ;;
        rows:*) echo --distribute rows ;;
    esac
}

for semantics in value wildcard; do
    "$cli" scan "$table" --algorithm mtui --missing-semantics "$semantics" "$@" --json "$work/cli.json" \
        > /dev/null 2> "$work/cli.err" || fail "qiscout-cli scan failed: $(cat "$work/cli.err")"
    without_timings "$work/cli.json" > "$work/cli.cmp"
    for ranks in 1 2 3 4; do
        for mode in $(modes_on "$ranks"); do
            # shellcheck disable=SC2046 # the flags are words on purpose
            run_mpi "$ranks" scan "$table" $(mode_flags "$mode" "$ranks") --missing-semantics "$semantics" "$@" \
                --json "$work/mpi.json" > "$work/mpi.out" 2> "$work/mpi.err" ||
                fail "np $ranks, $mode, $semantics: qiscout-mpi failed: $(cat "$work/mpi.err")"
            grep -q "^Distribution: $mode mode over $ranks ranks.*$(reading_of "$mode" "$ranks")" "$work/mpi.out" ||
                fail "np $ranks, $mode, $semantics: not run in $mode mode: $(grep Distribution "$work/mpi.out")"
            without_timings "$work/mpi.json" > "$work/mpi.cmp"
            cmp -s "$work/cli.cmp" "$work/mpi.cmp" ||
                fail "np $ranks, $mode, $semantics: the JSON differs from qiscout-cli's: $(diff "$work/cli.cmp" "$work/mpi.cmp" | head -20)"
            grep -q '"minimal_sets": \[$' "$work/mpi.cmp" || fail "np $ranks, $mode, $semantics: no quasi-identifier found, a weak test"
        done
    done
done
echo "qiscout-mpi matches qiscout-cli on 1 to 4 ranks, both modes, both semantics"
