#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #19 case 4: a 10 MB cell no longer stalls the PDF report (it took over 14 minutes): reports show
# long values cut, with an ellipsis and their full length.
# Usage: cli_reports_huge_cells.sh QISCOUT_CLI WORK_FOLDER WITH_PDF
set -u
cli=$1
work=$2
with_pdf=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

{
  echo "id,name,note"
  printf '1,alice,'
  head -c 10000000 /dev/zero | tr '\0' v
  echo
  for row in 2 3 4 5 6 7 8 9; do echo "$((row % 3)),bob,short"; done
} > huge.csv
reports=(--report huge.html)
case "$with_pdf" in ON|on|1|TRUE|true) reports+=(--report huge.pdf) ;; esac
started=$(date +%s%N)
timeout 120 "$cli" scan huge.csv --k 1 --include-values "${reports[@]}" > /dev/null 2> err.txt
status=$?
elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
[ "$status" -eq 0 ] || fail "scan with a 10 MB cell exited with $status after $elapsed_ms ms: $(cat err.txt)"
grep -q "(10000000 characters)" huge.html || fail "the HTML report does not state the cell's full length"
[ "$(stat -c %s huge.html)" -lt 1000000 ] || fail "the HTML report holds the whole 10 MB cell"
if [ -f huge.pdf ] && command -v pdftotext > /dev/null; then
  pdftotext huge.pdf - | tr -d '\n' | grep -q "(10000000 characters)" || fail "the PDF does not state the full length"
fi
echo "reports with a 10 MB cell written in $elapsed_ms ms"
