#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 items 7 and 9: a hierarchy file of millions of lines for a column of 200 values is scanned,
# only the column's lines kept (10M lines took 216 s and 2.8 GB), and a line of millions of levels
# is refused as it is read with exit code 3 and the line named (10M levels took 49 s, 3.4 GB and
# ended with exit code 2).
# Usage: cli_bounds_hierarchies.sh QISCOUT_CLI WORK_FOLDER [MEMORY_LIMIT_KB]
# With a limit (not under a sanitizer, whose reserved address space ulimit -v cannot meet), the
# 3M-line hierarchy must be read within it: kept whole it needed about 1 GB.
set -u
cli=$1
work=$2
limit=${3:-unlimited}
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

awk 'BEGIN { print "code,group"; for (i = 0; i < 200; i++) printf "c%d,%d\n", i, i % 7 }' > table.csv
awk 'BEGIN { for (i = 0; i < 3000000; i++) printf "c%d;g%d;*\n", i, int(i / 10) }' > many-lines.csv
{ printf 'c0'; head -c 10000000 /dev/zero | tr '\0' ';'; printf '\n'; } > many-levels.csv

started=$(date +%s.%N)
(ulimit -v "$limit" && exec timeout 60 "$cli" anonymize table.csv --qi code=many-lines.csv --k 2 --suppression 0 \
  > out.txt 2> err.txt)
status=$?
seconds=$(echo "$(date +%s.%N) - $started" | bc)
[ "$status" -eq 0 ] || fail "anonymize with a 3M-line hierarchy exited with $status: $(cat err.txt)"
grep -q "code: level 1 of 2 (many-lines.csv)" out.txt || fail "unexpected result: $(cat out.txt)"
echo "3M-line hierarchy for 200 values: ${seconds} s"

started=$(date +%s.%N)
timeout 60 "$cli" anonymize table.csv --qi code=many-levels.csv --k 2 > out.txt 2> err.txt
status=$?
seconds=$(echo "$(date +%s.%N) - $started" | bc)
[ "$status" -eq 3 ] || fail "a line of 10M levels exited with $status: $(cat err.txt)"
grep -q "many-levels.csv, line 1: the line has more than 1,000 levels" err.txt || fail "unclear: $(cat err.txt)"
echo "10M levels on a line: refused in ${seconds} s: $(cat err.txt)"
