#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #19 case 2: under any address-space limit (ulimit -v) a scan either succeeds or ends with exit
# code 3 and a sentence saying what ran out; it never hangs (a search once waited forever when
# memory ran out on a worker), never crashes and never prints a bare "std::bad_alloc". The limit
# climbs from where the program cannot even start to where the scan succeeds.
# Usage: cli_survives_memory_limits.sh QISCOUT_CLI WORK_FOLDER ROWS COLUMNS STEP_KB
set -u
cli=$1
work=$2
rows=$3
columns=$4
step_kb=$5
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cli" generate "$rows" "$columns" 1 > table.csv || fail "cannot generate the table"
messages=0
for ((limit_kb = 32768; limit_kb <= 4194304; limit_kb += step_kb)); do
  # Too little to load the program and run its libraries' initialisers (glib, pulled in by Qt for
  # PDF reports, crashes in its own constructor when its first allocation fails): nothing of ours
  # runs before main, so such limits say nothing about QIScout. `--version` under the same limit
  # starts exactly as the scan does and tells them apart.
  if ! (ulimit -v "$limit_kb" && exec timeout 120 "$cli" --version > /dev/null 2>&1); then
    continue
  fi
  (ulimit -v "$limit_kb" && exec timeout 120 "$cli" scan table.csv --k 2 > /dev/null 2> err.txt)
  status=$?
  [ "$status" -ne 124 ] || fail "ulimit -v $limit_kb: the scan hung"
  if [ "$status" -eq 0 ]; then
    echo "ulimit -v $limit_kb: the scan succeeds"
    [ "$messages" -gt 0 ] || fail "no limit made the scan run out of memory"
    exit 0
  fi
  [ "$status" -eq 3 ] || fail "ulimit -v $limit_kb: exit code $status: $(cat err.txt)"
  grep -qi "not enough memory\|cannot start a thread" err.txt || fail "ulimit -v $limit_kb: unclear message: $(cat err.txt)"
  ! grep -q "std::bad_alloc" err.txt || fail "ulimit -v $limit_kb: bare std::bad_alloc: $(cat err.txt)"
  messages=$((messages + 1))
  echo "ulimit -v $limit_kb: $(cat err.txt)"
done
fail "the scan did not succeed under any limit up to 4 GB"
