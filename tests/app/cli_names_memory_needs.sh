#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 7: when memory runs out, every command says for what and how much it needed: the
# operation under way and the size of the request the system refused on top of what the process
# held, never the bare "not enough memory". `risk --json` climbs through limits (ulimit -v) that
# stop it while loading, assessing and writing its JSON, until it succeeds.
# Usage: cli_names_memory_needs.sh QISCOUT_CLI WORK_FOLDER ROWS STEP_KB
set -u
cli=$1
work=$2
rows=$3
step_kb=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cli" generate "$rows" 4 1 > table.csv || fail "cannot generate the table"
measured=0
for ((limit_kb = 32768; limit_kb <= 4194304; limit_kb += step_kb)); do
  # Below what the program needs to start (see cli_survives_memory_limits.sh) says nothing of ours.
  if ! (ulimit -v "$limit_kb" && exec timeout 120 "$cli" --version > /dev/null 2>&1); then
    continue
  fi
  (ulimit -v "$limit_kb" && exec timeout 120 "$cli" risk table.csv --json out.json > /dev/null 2> err.txt)
  status=$?
  [ "$status" -ne 124 ] || fail "ulimit -v $limit_kb: risk hung"
  if [ "$status" -eq 0 ]; then
    echo "ulimit -v $limit_kb: risk succeeds"
    [ "$measured" -gt 0 ] || fail "no message said how much memory the refused request asked for"
    exit 0
  fi
  [ "$status" -eq 3 ] || fail "ulimit -v $limit_kb: exit code $status: $(cat err.txt)"
  echo "ulimit -v $limit_kb: $(cat err.txt)"
  grep -q "cannot start a thread" err.txt && continue
  grep -q "Not enough memory for [a-z]" err.txt || fail "ulimit -v $limit_kb: the message names no operation: $(cat err.txt)"
  grep -q "needs about\|needs at least" err.txt || fail "ulimit -v $limit_kb: the message gives no need: $(cat err.txt)"
  if grep -q "it asked for [0-9.]* [KMG]B more while holding [0-9.]* [KMG]B, so it needs at least" err.txt; then
    measured=$((measured + 1))
  fi
done
fail "risk did not succeed under any limit up to 4 GB"
