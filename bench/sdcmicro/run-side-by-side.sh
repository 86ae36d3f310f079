#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# QIScout's SUDA beside sdcMicro's on the same tables and machine (issue #37): one thread each, CPU
# seconds, the tools alternating in rounds. Per round and table: QIScout's bench-risk warm (median
# of 9 assessments in one process) and as the first assessment of a process, then sdcMicro's C++
# `Suda2` call (suda2_time.R). Once per table, both tools' sums of the SUDA scores, which must
# agree. Prints the raw lines docs/performance.md's table is made from.
#
# usage: bench/sdcmicro/run-side-by-side.sh SDCMICRO_LIB QISCOUT_CLI [TABLE.csv...]
#   SDCMICRO_LIB  an R library folder holding sdcMicro 5.8.1 (docs/performance.md says how to
#                 install it outside this repository)
#   QISCOUT_CLI   a release build's qiscout-cli
#   TABLE.csv     default: adult, gss_wages, fertility, sd2011, free1 and mushroom from
#                 tests/data/tables; the first KEY_COLUMNS (environment, default 8) columns are the key columns
# ROUNDS (environment, default 3) sets the rounds; both tools run on the processor CPU (default 0):
# the two processors of a shared virtual machine can differ in speed by a third from one minute to
# the next.
set -euo pipefail

lib=$1
cli=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
tables_dir="$here/../../tests/data/tables"
if [ $# -eq 0 ]; then
  set -- "$tables_dir"/{adult,gss_wages,fertility,sd2011,free1,mushroom}.csv
fi
columns=${KEY_COLUMNS:-8}
export OMP_NUM_THREADS=1 R_LIBS="$lib"
pinned() { taskset -c "${CPU:-0}" "$@"; }

echo "== $(date -u '+%F %T UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg), QIScout $(git -C "$here" rev-parse --short HEAD)"
for table in "$@"; do
  mapfile -t keys < <(head -1 "$table" | tr -d '\r' | tr ',' '\n' | head -"$columns")
  json=$(mktemp)
  "$cli" risk "$table" --columns "${keys[@]}" --threads 1 --json "$json" > /dev/null
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); \
print('QIScout %s: sum of SUDA scores %.4f' % (sys.argv[2], sum(r['suda_score'] for r in d['records'])))" \
    "$json" "$(basename "$table")"
  rm -f "$json"
done
for round in $(seq "${ROUNDS:-3}"); do
  for table in "$@"; do
    name=$(basename "$table")
    calls=7
    case $name in adult.csv | gss_wages.csv) calls=3 ;; esac
    echo "-- round $round, $name"
    pinned "$cli" bench-risk "$table" --columns "$columns" --threads 1 --repeat 9 | tail -1 | sed 's/^/QIScout warm: /'
    pinned "$cli" bench-risk "$table" --columns "$columns" --threads 1 --repeat 1 | tail -1 | sed 's/^/QIScout first: /'
    pinned Rscript "$here/suda2_time.R" "$table" "$columns" "$calls"
  done
done
