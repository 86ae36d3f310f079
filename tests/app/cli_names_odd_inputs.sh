#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 6: inputs whose errors were unclear. A file name that is not UTF-8 is written into the
# JSON with U+FFFD (it failed after the whole analysis), and an SQLite database with a hot journal
# is said to hold an unfinished transaction ("attempt to write a readonly database" before).
# Usage: cli_names_odd_inputs.sh QISCOUT_CLI TABLE WORK_FOLDER
set -u
cli=$1
table=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

odd=$(printf 'caf\xe9.csv')
cp "$table" "$odd"
for command in "scan --k 2" "risk"; do
    # shellcheck disable=SC2086
    "$cli" $command "$odd" --json - > out.json 2> err.txt || fail "$command on a non-UTF-8 name: $(cat err.txt)"
    grep -q "caf$(printf '\xef\xbf\xbd').csv" out.json || fail "$command: the name is not in the JSON: $(head -c 300 out.json)"
done

/usr/bin/python3 - <<'PYTHON' || fail "cannot make a database with a hot journal"
import os, sqlite3
db = sqlite3.connect("hot.db")
db.execute("CREATE TABLE people (age INTEGER, city TEXT)")
db.executemany("INSERT INTO people VALUES (?, ?)", [(i % 90, "town%d" % (i % 7)) for i in range(5000)])
db.commit()
db.execute("PRAGMA cache_size = 1")
db.execute("BEGIN")
db.execute("UPDATE people SET city = city || '-moved'")
# Ends without committing or rolling back, as a crash would: the journal stays behind, hot.
os._exit(0)
PYTHON
[ -s hot.db-journal ] || fail "no hot journal was left behind"
"$cli" info sqlite:hot.db > /dev/null 2> err.txt
status=$?
[ "$status" -eq 3 ] || fail "info on a database with a hot journal exited with $status: $(cat err.txt)"
grep -q "unfinished transaction" err.txt || fail "the hot journal is not named: $(cat err.txt)"
grep -q "hot.db-journal" err.txt || fail "the journal file is not named: $(cat err.txt)"
echo "odd names are written and a hot journal is named"
