#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`qiscout-cli anonymize --local-suppression` end to end (#34), checked from the files alone.

On the first rows of adult.csv: the JSON holds "suppressed_cells" and
"suppressed_cells_by_column" and they count the '*' cells of the written CSV; with
--no-generalisation every other cell is the original; every row's class, counted with '*' and the
missing values as wildcards (sdcMicro's freqCalc), has at least k rows; raising a column's --importance never
suppresses more of its cells; bad flag combinations are usage errors (exit 2).

usage: check_local_suppression_contract.py CLI ADULT_CSV WORK_DIR
"""
import csv
import json
import os
import subprocess
import sys

from json_contract import write_head

cli, adult, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
ROWS = 400
QIS = ["workclass", "education", "marital-status", "race", "sex"]

table = os.path.join(work, "adult_head.csv")
header, rows = write_head(adult, ROWS, table)
columns = [header.index(name) for name in QIS]
failures = []


def anonymize(k, extra, tag):
    out = os.path.join(work, tag + ".csv")
    report = os.path.join(work, tag + ".json")
    command = [cli, "anonymize", table, "--k", str(k), "--local-suppression", "--threads", "1",
               "--out", out, "--json", report] + extra
    for name in QIS:
        command += ["--qi", name]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{tag}: exit {result.returncode}: {result.stderr}")
    with open(report) as source:
        data = json.load(source)
    with open(out, newline="") as source:
        written = list(csv.reader(source))[1:]
    return data, written, result.stdout


# The loader's missing-value tokens: a missing cell matches any value too, as in sdcMicro.
WILDCARDS = {"*", "", "?", "NA", "N/A", "NULL"}


def smallest_wildcard_class(written):
    keys = [[row[c] for c in columns] for row in written]
    smallest = len(keys)
    for key in keys:
        size = sum(all(a in WILDCARDS or b in WILDCARDS or a == b for a, b in zip(key, other)) for other in keys)
        smallest = min(smallest, size)
    return smallest


for k in (2, 3, 5):
    html = os.path.join(work, f"plain-k{k}.html")
    data, written, text = anonymize(k, ["--no-generalisation", "--report", html], f"plain-k{k}")
    # One meaning of k: --k K is the least group size, so each row shares its values with K - 1 others.
    with open(html, encoding="utf-8") as source:
        if f"with at least {k - 1} other rows" not in source.read():
            failures.append(f"k {k}: the report does not say each row shares its values with {k - 1} other rows")
    by_column = data.get("suppressed_cells_by_column")
    if set(by_column) != set(QIS) or data.get("suppressed_cells") != sum(by_column.values()):
        failures.append(f"k {k}: suppressed_cells {data.get('suppressed_cells')} / by column {by_column}")
    for name, c in zip(QIS, columns):
        stars = sum(row[c] == "*" for row in written)
        if stars != by_column[name]:
            failures.append(f"k {k}: {name} has {stars} '*' cells, the JSON says {by_column[name]}")
        changed = [i for i, row in enumerate(written) if row[c] != "*" and row[c] != rows[i][c]]
        if changed:
            failures.append(f"k {k}: {name} changed outside the suppressed cells, rows {changed[:5]}")
    if smallest_wildcard_class(written) < k:
        failures.append(f"k {k}: a class under {k} rows with '*' as a wildcard")
    if data["verification"]["missing_semantics"] != "wildcard" or data["verification"]["quasi_identifiers"] != 0:
        failures.append(f"k {k}: re-check {data['verification']}")
    if "wildcard" not in text:
        failures.append(f"k {k}: the text does not say the re-check counts wildcards")

    # The column suppressed most, made expensive, loses no more cells.
    heaviest = max(QIS, key=lambda name: by_column[name])
    weighted, written, _ = anonymize(k, ["--no-generalisation", "--importance", f"{heaviest}=10"], f"weighted-k{k}")
    if weighted["suppressed_cells_by_column"][heaviest] > by_column[heaviest]:
        failures.append(f"k {k}: importance 10 on {heaviest} suppressed more of it")
    if smallest_wildcard_class(written) < k:
        failures.append(f"k {k} weighted: a class under {k} rows")

    data, written, _ = anonymize(k, [], f"generalised-k{k}")
    if data["optimum"] is None or smallest_wildcard_class(written) < k:
        failures.append(f"k {k} with generalisation: no optimum or a class under {k} rows")

for extra in (["--no-generalisation"], ["--importance", "sex=2"]):
    result = subprocess.run([cli, "anonymize", table, "--qi", "sex", "--k", "2"] + extra, capture_output=True)
    if result.returncode != 2:
        failures.append(f"{extra} without --local-suppression: exit {result.returncode}")
for extra in (["--suppression", "0.1"], ["--importance", "age=2"], ["--importance", "sex=-1"],
              ["--metric", "aecs"], ["--frontier"]):
    result = subprocess.run([cli, "anonymize", table, "--qi", "sex", "--k", "2", "--local-suppression"] + extra,
                            capture_output=True)
    if result.returncode != 2:
        failures.append(f"--local-suppression {extra}: exit {result.returncode}")

if failures:
    sys.exit("\n".join(failures))
print("local suppression contract holds")
