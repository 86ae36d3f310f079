#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #19 case 5: SIGINT or SIGTERM at any moment of a scan (loading, searching, building or writing
# the reports) or of an anonymisation (loading, searching the lattice, writing the protected table,
# re-checking it, writing the reports) or of a (d, l)-inference anonymisation (loading, grouping,
# writing the table, searching the original for the report, writing the reports) ends it within a
# second with exit code 4, every existing output file as it was and no temporary file behind. A
# first run without a signal measures how long the whole command takes on this build and machine;
# the signals then come at the given fractions of that time, so that they land in every phase. A
# run that ends before its signal must have written every file. An anonymisation protects every
# column but the last, which is the sensitive column of a (d, l)-inference (d = 4, l = 3). A risk
# assessment (loading, SUDA, writing the JSON of every record, searching and writing the report)
# takes every column as a key column.
# Usage: cli_stops_on_signal.sh QISCOUT_CLI WORK_FOLDER ROWS COLUMNS scan|anonymize|dl-inference|risk FRACTION...
set -u
cli=$1
work=$2
rows=$3
columns=$4
command=$5
shift 5
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

"$cli" generate "$rows" "$columns" 1 > table.csv || fail "cannot generate the table"
reports=(--json out.json --report out.html --report out.csv)
case $command in
  scan)
    outputs=(out.json out.html out.csv)
    run=(scan table.csv --k 1 "${reports[@]}")
    ;;
  risk)
    outputs=(out.json out.html)
    run=(risk table.csv --json out.json --report out.html)
    ;;
  anonymize | dl-inference)
    outputs=(out.json out.html out.csv protected.csv)
    run=(anonymize table.csv --k 5 --out protected.csv "${reports[@]}")
    if [ "$command" = anonymize ]; then
      run+=(--suppression 0.05)
    else
      run+=(--dl-inference "c$((columns - 1)):4:3")
    fi
    for ((column = 0; column < columns - 1; ++column)); do run+=(--qi "c$column"); done
    ;;
  *) fail "unknown command $command" ;;
esac
started=$(date +%s%N)
"$cli" "${run[@]}" > /dev/null 2> stderr.txt || fail "the $command without a signal failed: $(cat stderr.txt)"
whole_ms=$(( ($(date +%s%N) - started) / 1000000 ))
echo "the whole $command takes $whole_ms ms"
# A signal that comes before main has blocked SIGINT and SIGTERM for its watcher thread (while the
# dynamic loader and the libraries' initialisers run) meets the inherited disposition (SIGINT
# ignored in a background job, SIGTERM's default ending) and says nothing about QIScout. A fixed
# head start is not enough on a loaded machine, so each run waits until /proc shows both blocked.
watcher_ready() {
  local pid=$1 mask
  for _ in $(seq 5000); do
    mask=$(awk '/^SigBlk:/ { print $2 }' "/proc/$pid/status" 2> /dev/null)
    [ -n "$mask" ] || return 1
    (( (16#$mask & 0x4002) == 0x4002 )) && return 0
    sleep 0.002
  done
  return 1
}
stopped=0
for signal in INT TERM; do
  for fraction in "$@"; do
    delay=$(awk -v ms="$whole_ms" -v f="$fraction" 'BEGIN { printf "%.3f", ms * f / 1000 }')
    for output in "${outputs[@]}"; do echo "old $output" > "$output"; done
    launched=$(date +%s%N)
    "$cli" "${run[@]}" > stdout.txt 2> stderr.txt &
    pid=$!
    watcher_ready "$pid" || true
    waited_ms=$(( ($(date +%s%N) - launched) / 1000000 ))
    sleep "$(awk -v d="$delay" -v w="$waited_ms" 'BEGIN { r = d - w / 1000; printf "%.3f", (r > 0 ? r : 0) }')"
    sent=$(date +%s%N)
    kill -s "$signal" "$pid" 2> /dev/null
    wait "$pid"
    status=$?
    elapsed_ms=$(( ($(date +%s%N) - sent) / 1000000 ))
    leftovers=$(find . -name '*.tmp')
    [ -z "$leftovers" ] || fail "SIG$signal after $delay s: temporary files left behind: $leftovers"
    if [ "$status" -eq 0 ]; then
      for output in "${outputs[@]}"; do
        ! grep -q "^old " "$output" || fail "$output was not written by a $command that succeeded"
      done
      echo "SIG$signal after $delay s: the $command had already finished"
      continue
    fi
    [ "$status" -eq 4 ] || fail "SIG$signal after $delay s: exit code $status, not 4: $(cat stderr.txt)"
    [ "$elapsed_ms" -lt 1000 ] || fail "SIG$signal after $delay s: took $elapsed_ms ms to end"
    # Every phase of a risk assessment looks at its stop (the JSON of every record too, #39): the
    # watcher's own ending, after its grace, would mean one did not.
    if [ "$command" = risk ] && [ "$(tail -n 1 stderr.txt)" = "qiscout-cli: stopped." ]; then
      fail "SIG$signal after $delay s: the risk did not see its stop; the watcher ended it"
    fi
    for output in "${outputs[@]}"; do
      [ "$(cat "$output")" = "old $output" ] || fail "SIG$signal after $delay s: $output was changed"
    done
    stopped=$((stopped + 1))
    echo "SIG$signal after $delay s: ended in $elapsed_ms ms: $(tail -n 1 stderr.txt)"
  done
done
[ "$stopped" -gt 0 ] || fail "no $command was still running when its signal came"
