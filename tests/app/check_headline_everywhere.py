#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""One honest answer (#33): the headline figure, rows in a group of at most k rows on every searched
column together, computed here independently by grouping the rows, is the one in `scan`'s text, its
JSON, every report format (the PDF through pdftotext) and `risk`'s count on the same columns.

The table is made so that the quasi-identifiers mislead: every column has one rare value, so each
single column is a minimal quasi-identifier isolating one row, every larger combination contains one
and is never listed, yet on all columns together almost every row is unique. The rows that minimal
sets isolate must be fewer than a tenth of the headline's, or the table would not test anything.

usage: check_headline_everywhere.py CLI OUT_DIR WITH_PDF(ON|OFF)
"""
import csv
import json
import os
import random
import re
import subprocess
import sys

K = 2
COLUMNS = {"age_band": 9, "region": 7, "marital": 5, "education": 6, "occupation": 8}
ROWS = 3000


def make_table(path):
    generator = random.Random(33)
    rows = [[f"{name}{generator.randrange(values)}" for name, values in COLUMNS.items()] for _ in range(ROWS)]
    for column, name in enumerate(COLUMNS):
        rows[column][column] = f"rare_{name}"
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    return rows


def headline(rows):
    counts = {}
    for row in rows:
        counts[tuple(row)] = counts.get(tuple(row), 0) + 1
    at_risk = sum(1 for row in rows if counts[tuple(row)] <= K)
    return {"columns": list(COLUMNS), "rows_at_risk": at_risk, "share": at_risk / len(rows),
            "smallest_class": min(counts.values()), "classes": len(counts)}


def find(document, key):
    """The first value of `key` anywhere in a JSON document."""
    if isinstance(document, dict):
        if key in document:
            return document[key]
        document = list(document.values())
    if isinstance(document, list):
        for value in document:
            found = find(value, key)
            if found is not None:
                return found
    return None


def flat(text):
    return re.sub(r"\s+", " ", text)


def main():
    cli, out, with_pdf = sys.argv[1], sys.argv[2], sys.argv[3] in ("ON", "1", "TRUE", "true")
    os.makedirs(out, exist_ok=True)
    table = os.path.join(out, "misleading.csv")
    rows = make_table(table)
    expected = headline(rows)
    phrase = f"{expected['rows_at_risk']:,} of the {ROWS:,} rows ({100 * expected['share']:.1f}%) are in a group of {K} or fewer rows"

    formats = ["html", "json", "csv"] + (["pdf"] if with_pdf else [])
    command = [cli, "scan", table, "--k", str(K), "--json", os.path.join(out, "scan.json")]
    for extension in formats:
        command += ["--report", os.path.join(out, "report." + extension)]
    text = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    failures = []

    def check(what, condition):
        if not condition:
            failures.append(what)

    check("scan's text leads with the headline", phrase in text and text.index(phrase) < text.index("Quasi-identifiers"))
    scan = json.load(open(os.path.join(out, "scan.json")))
    check(f"scan --json all_columns {scan.get('all_columns')} == {expected}", scan.get("all_columns") == expected)

    report = json.load(open(os.path.join(out, "report.json")))
    check("the JSON report's all_columns", report.get("all_columns") == expected)
    check("the JSON report's summary leads with the headline", phrase in report["summary"][0])
    minimal_rows = report["records_at_risk"]["rows_at_risk"]
    check(f"the table misleads: minimal sets isolate {minimal_rows} rows, all columns {expected['rows_at_risk']}",
          minimal_rows * 10 < expected["rows_at_risk"])

    html = flat(open(os.path.join(out, "report.html"), encoding="utf-8").read())
    check("the HTML report states the headline", phrase in html)
    check("the HTML report's summary leads with it", html.index(phrase) < html.index("quasi-identifiers are"))

    with open(os.path.join(out, "report.csv"), newline="") as source:
        tables = source.read().split("\r\n\r\n")
    first = list(csv.DictReader(tables[0].splitlines()))
    check("the CSV report's first table is the headline",
          len(first) == 1 and first[0]["all_columns"] == "; ".join(COLUMNS)
          and int(first[0]["rows_at_risk"]) == expected["rows_at_risk"]
          and float(first[0]["share"]) == expected["share"]
          and int(first[0]["smallest_class"]) == expected["smallest_class"]
          and int(first[0]["classes"]) == expected["classes"])

    if with_pdf:
        pdf = subprocess.run(["pdftotext", "-layout", os.path.join(out, "report.pdf"), "-"], capture_output=True,
                             text=True, check=True).stdout
        check("the PDF report states the headline", phrase in flat(pdf))

    # The Risk step and `risk` count records in groups of at most k on the same key columns.
    risk_json = os.path.join(out, "risk.json")
    subprocess.run([cli, "risk", table, "--columns", ",".join(COLUMNS), "--k", str(K), "--json", risk_json],
                   capture_output=True, text=True, check=True)
    risk = json.load(open(risk_json))
    prosecutor = find(risk, "prosecutor")
    check(f"risk counts the same records at risk ({prosecutor})",
          prosecutor is not None and prosecutor["records_at_risk"] == expected["rows_at_risk"])

    if failures:
        sys.exit("the headline disagrees:\n  " + "\n  ".join(failures) + f"\nscan's text:\n{text[:2000]}")
    print(f"headline {expected['rows_at_risk']} of {ROWS} rows everywhere ({minimal_rows} on the minimal sets)")


if __name__ == "__main__":
    main()
