#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`qiscout-cli risk --report OUT` in one format (#16): the file holds the record-level risk
section, checked against the same run's `--json` figures (per-record scores, the riskiest records
in SUDA order). For .pdf, pdftotext's text holds the section's heading, subheadings and every
paragraph of the HTML rendering written by the same run.

usage: check_risk_report.py CLI TABLE.csv FORMAT OUT_DIR KEY_COLUMNS [WEIGHT_COLUMN]
"""
import csv
import html
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import unicodedata


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def close(a, b):
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-12)


def riskiest_rows(records, count):
    """Rows (numbered from 1) by SUDA score, then individual risk, both descending, then row."""
    order = sorted(records, key=lambda r: (-r["suda_score"], -r["individual_risk"], r["row"]))
    return [r["row"] for r in order if r["suda_score"] > 0][:count]


def normalise(text):
    """Whitespace collapsed and ligatures (the PDF's "ﬁ") spelled out."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def section_texts(document):
    """Heading, subheadings and paragraphs of the HTML's record-level risk section, as text."""
    start = document.find('id="record-risk"')
    if start < 0:
        fail("the HTML has no record-risk heading")
    end = document.find("<h2", start)
    section = document[document.rfind("<h2", 0, start) : end if end > 0 else len(document)]
    texts = []
    for match in re.finditer(r"<(h2|h3|p)[^>]*>(.*?)</\1>", section, re.S):
        text = normalise(html.unescape(re.sub(r"<[^>]+>", "", match.group(2))))
        if text:
            texts.append(text)
    return texts


def main():
    cli, table, form, out, keys = sys.argv[1:6]
    weight = sys.argv[6] if len(sys.argv) > 6 else None
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    report = os.path.join(out, f"report.{form}")
    command = [cli, "risk", table, "--columns", keys, "--k", "2", "--json", os.path.join(out, "risk.json"),
               "--report", report]
    if form == "pdf":
        command += ["--report", os.path.join(out, "report.html")]
    if weight:
        command += ["--weight", weight]
    run = subprocess.run(command, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"risk --report exited with {run.returncode}: {run.stderr}")
    leftovers = [name for name in os.listdir(out) if name.endswith(".tmp")]
    if leftovers:
        fail(f"temporary files left behind: {leftovers}")
    with open(os.path.join(out, "risk.json"), encoding="utf-8") as file:
        risk = json.load(file)
    records = risk["records"]
    if len(records) != risk["rows"] or risk["rows"] == 0:
        fail("the --json output has no per-record scores to compare with")
    expected_riskiest = riskiest_rows(records, 20)

    if form == "csv":
        with open(report, encoding="utf-8", newline="") as file:
            text = file.read()
        header = "row,class_size,prosecutor_risk,suda_score,dis_suda_score,individual_risk"
        at = text.find(header)
        if at < 0:
            fail("the CSV has no per-record table")
        rows = list(csv.DictReader(io.StringIO(text[at:])))
        if len(rows) != len(records):
            fail(f"the CSV has {len(rows)} per-record rows for {len(records)} records")
        for line, record in zip(rows, records):
            if int(line["row"]) != record["row"] or int(line["class_size"]) != record["class_size"]:
                fail(f"CSV row {line['row']}: row or class size differs from --json")
            for key in ("prosecutor_risk", "suda_score", "dis_suda_score"):
                if not close(line[key], record[key]):
                    fail(f"CSV row {line['row']}: {key} {line[key]} != {record[key]}")
            if weight and "population_class_size" not in line:
                fail("a weighted run's CSV has no population class sizes")
    elif form == "json":
        with open(report, encoding="utf-8") as file:
            section = json.load(file).get("record_level_risk")
        if section is None:
            fail("the JSON report has no record_level_risk")
        if not section["summary"]:
            fail("the JSON report's record-level risk has no summary")
        for line, record in zip(section["records"], records):
            for key in ("row", "class_size", "prosecutor_risk", "suda_score", "dis_suda_score"):
                if not close(line[key], record[key]):
                    fail(f"JSON report record {record['row']}: {key} differs from --json")
        listed = [r["row_number"] for r in section["riskiest_records"]]
        if listed != expected_riskiest[: len(listed)] or not listed:
            fail(f"riskiest records {listed}, expected {expected_riskiest}")
        if section["values_included"] or any(r["values"] is not None for r in section["riskiest_records"]):
            fail("values are in the report although nobody asked for them")
    elif form == "html":
        with open(report, encoding="utf-8") as file:
            document = file.read()
        texts = section_texts(document)
        if texts[0] != "Record-level risk" or "The riskiest records" not in texts:
            fail(f"the HTML section starts {texts[:2]}")
        table_start = document.find("The riskiest records")
        listed = [int(n.replace(",", "")) for n in
                  re.findall(r'<tr><td class="num"[^>]*>([\d,]+)</td>', document[table_start:])]
        if listed[: len(expected_riskiest)] != expected_riskiest:
            fail(f"HTML riskiest rows {listed}, expected {expected_riskiest}")
    elif form == "pdf":
        text = subprocess.run(["pdftotext", report, "-"], capture_output=True, text=True, check=True).stdout
        flat = normalise(text)
        with open(os.path.join(out, "report.html"), encoding="utf-8") as file:
            texts = section_texts(file.read())
        if len(texts) < 6:
            fail(f"the HTML section has too little text to compare: {texts}")
        missing = [t for t in texts if t not in flat]
        if missing:
            fail(f"pdftotext lacks {len(missing)} of {len(texts)} texts of the section, first: {missing[0]!r}")
    else:
        fail(f"unknown format {form}")
    print(f"ok: report.{form}")


main()
