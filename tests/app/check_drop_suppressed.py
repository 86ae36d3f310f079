#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Suppressed rows in the published file (#33): `anonymize --out` keeps them as rows of * in every
coarsened column by default; `--drop-suppressed` leaves exactly those rows out and keeps the others
in order; the JSON report says which was done.

usage: check_drop_suppressed.py CLI TABLE.csv OUT_DIR
"""
import csv
import json
import os
import subprocess
import sys

QIS = ["age", "education", "marital-status", "race", "sex"]


def rows_of(path):
    with open(path, newline="", encoding="utf-8") as source:
        table = list(csv.reader(source))
    return table[0], table[1:]


def anonymize(cli, table, out_dir, name, extra):
    out = os.path.join(out_dir, name + ".csv")
    report = os.path.join(out_dir, name + ".json")
    command = [cli, "anonymize", table, "--k", "20", "--suppression", "0.05", "--out", out, "--report", report]
    for qi in QIS:
        command += ["--qi", qi]
    subprocess.run(command + extra, capture_output=True, text=True, check=True)
    return rows_of(out), json.load(open(report))["protection"]


def main():
    cli, table, out_dir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(out_dir, exist_ok=True)
    (header, kept_rows), kept_report = anonymize(cli, table, out_dir, "kept", [])
    (dropped_header, dropped_rows), dropped_report = anonymize(cli, table, out_dir, "dropped", ["--drop-suppressed"])
    failures = []
    coarsened = [header.index(qi) for qi in QIS]
    starred = [row for row in kept_rows if all(row[c] == "*" for c in coarsened)]
    suppressed = kept_report["suppressed_rows"]
    if suppressed == 0:
        failures.append("the configuration suppresses no row, so it tests nothing")
    if len(starred) != suppressed:
        failures.append(f"{len(starred)} rows of * kept, {suppressed} suppressed")
    if dropped_header != header:
        failures.append("the header differs")
    expected = [row for row in kept_rows if not all(row[c] == "*" for c in coarsened)]
    if dropped_rows != expected:
        failures.append(f"--drop-suppressed wrote {len(dropped_rows)} rows, expected the {len(expected)} kept ones")
    if kept_report["suppressed_rows_in_file"] != "kept as *":
        failures.append(f"default report says {kept_report['suppressed_rows_in_file']!r}")
    if dropped_report["suppressed_rows_in_file"] != "left out":
        failures.append(f"--drop-suppressed report says {dropped_report['suppressed_rows_in_file']!r}")
    if not any("left out of the published file" in s for s in dropped_report["summary"]):
        failures.append("the report's summary does not say the rows were left out")
    if failures:
        sys.exit("\n".join(failures))
    print(f"{suppressed} suppressed rows: kept as * by default, left out with --drop-suppressed")


if __name__ == "__main__":
    main()
