#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What was lost, as data (#34), checked from the files alone: `anonymize --report r.json` on the
first rows of adult.csv, with row suppression and with local suppression. For every protected
column the report's loss profile must agree with the original and the written table: every row
counted once before and once after, the distributions equal to the columns' own counts where no
bars are merged, '*' as the last bar after, changed plus suppressed cells equal to the cells that
differ, the suppressed cells equal to the suppressed rows plus the column's locally suppressed
cells, and the numbers' summaries (mean, n - 1 standard deviation, type-7 quartiles) equal to the
columns' own, intervals counted as their midpoints.

With WITH_PDF on (a build with the GUI libraries), the PDF report draws each protected column's
distribution before and after as a picture (pdfimages counts them).

usage: check_loss_profile_contract.py CLI ADULT_CSV HIERARCHY_DIR WORK_DIR [WITH_PDF]
"""
import csv
import json
import math
import os
import re
import statistics
import subprocess
import sys
from collections import Counter

from json_contract import write_head

cli, adult, hierarchy_dir, work = sys.argv[1:5]
with_pdf = len(sys.argv) > 5 and sys.argv[5].upper() in ("ON", "1", "TRUE", "YES")
os.makedirs(work, exist_ok=True)
QIS = ["age", "sex", "race", "education", "workclass"]
MAX_BARS = 16
table = os.path.join(work, "adult_head.csv")
header, rows = write_head(adult, 1000, table)
n = len(rows)
failures = []


def quartiles(values):
    """R's type 7: linear interpolation between the sorted values."""
    ordered = sorted(values)

    def at(p):
        h = (len(ordered) - 1) * p
        low = math.floor(h)
        high = min(low + 1, len(ordered) - 1)
        return ordered[low] + (h - low) * (ordered[high] - ordered[low])

    return at(0.25), at(0.5), at(0.75)


def summary(values):
    if not values:
        return None
    lower, median, upper = quartiles(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"count": len(values), "mean": statistics.fmean(values), "standard_deviation": sd,
            "minimum": min(values), "lower_quartile": lower, "median": median, "upper_quartile": upper,
            "maximum": max(values)}


INTERVAL = re.compile(r"^[\[(]\s*(-?[0-9.]+)\s*,\s*(-?[0-9.]+)\s*[\])]$|^(-?[0-9.]+)-(-?[0-9.]+)$")


def as_number(text):
    try:
        return float(text)
    except ValueError:
        match = INTERVAL.match(text)
        if not match:
            return None
        low, high = [float(v) for v in match.groups() if v is not None]
        return (low + high) / 2


def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def check_summary(label, got, values):
    expected = summary(values)
    if expected is None or got is None:
        if expected != got:
            failures.append(f"{label}: summary {got}, expected {expected}")
        return
    for key, value in expected.items():
        if key not in got or not close(got[key], value):
            failures.append(f"{label}: {key} {got.get(key)}, expected {value}")


def check_run(name, extra):
    out = os.path.join(work, f"{name}.csv")
    report = os.path.join(work, f"{name}.json")
    qi_flags = [f for q in QIS for f in ("--qi", f"{q}={os.path.join(hierarchy_dir, q + '.csv')}")]
    done = subprocess.run([cli, "anonymize", table, *qi_flags, "--k", "5", "--threads", "2", "--out", out,
                           "--report", report, *extra], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{name}: anonymize failed ({done.returncode}): {done.stderr}")
    with open(report) as source:
        protection = json.load(source)["protection"]
    with open(out, newline="") as source:
        reader = csv.reader(source)
        next(reader)
        written = list(reader)
    suppressed_rows = protection["suppressed_rows"]
    profiles = {column["column"]: column for column in protection["columns"]}
    if sorted(profiles) != sorted(QIS):
        failures.append(f"{name}: profiles for {sorted(profiles)}")
        return
    for q in QIS:
        c = header.index(q)
        label = f"{name} {q}"
        column = profiles[q]
        profile = column["loss_profile"]
        before = [row[c] for row in rows]
        after = [row[c] for row in written]
        if profile["rows"] != n:
            failures.append(f"{label}: rows {profile['rows']}")
        for side, bars in (("before", profile["before"]), ("after", profile["after"])):
            if sum(bar["rows"] for bar in bars) != n:
                failures.append(f"{label}: the {side} bars hold {sum(bar['rows'] for bar in bars)} rows")
        if len(set(before)) <= MAX_BARS and Counter({b["value"]: b["rows"] for b in profile["before"]}) != Counter(before):
            failures.append(f"{label}: before {profile['before']}")
        published = Counter(after)
        if len(published) <= MAX_BARS and Counter({b["value"]: b["rows"] for b in profile["after"]}) != published:
            failures.append(f"{label}: after {profile['after']}, the file {dict(published)}")
        if published["*"] and profile["after"][-1] != {"value": "*", "rows": published["*"]}:
            failures.append(f"{label}: '*' is not the last bar after: {profile['after'][-1]}")
        differing = sum(1 for a, b in zip(before, after) if a != b)
        if profile["cells_changed"] + profile["cells_suppressed"] != differing:
            failures.append(f"{label}: {profile['cells_changed']} changed + {profile['cells_suppressed']} "
                            f"suppressed, {differing} cells differ in the file")
        local = column["suppressed_cells"] or 0
        if profile["cells_suppressed"] != suppressed_rows + local:
            failures.append(f"{label}: {profile['cells_suppressed']} cells suppressed, {suppressed_rows} rows "
                            f"+ {local} cells reported")
        numbers_before = [as_number(v) for v in before]
        if all(v is not None for v in numbers_before):
            check_summary(f"{label} numbers before", profile["numbers_before"], numbers_before)
            check_summary(f"{label} numbers after", profile["numbers_after"],
                          [v for v in (as_number(t) for t in after) if v is not None])
        elif profile["numbers_before"] is not None:
            failures.append(f"{label}: numbers before for a text column")
    return protection


plain = check_run("rows", ["--suppression", "0.02"])
local = check_run("cells", ["--local-suppression"])
if plain is not None and plain["suppressed_rows"] == 0:
    failures.append("the row-suppression run suppressed no row: the check of suppressed rows is empty")
if local is not None and sum((c["suppressed_cells"] or 0) for c in local["columns"]) == 0:
    failures.append("the local-suppression run suppressed no cell: the check of suppressed cells is empty")
if with_pdf:
    pdf = os.path.join(work, "cells.pdf")
    qi_flags = [f for q in QIS for f in ("--qi", f"{q}={os.path.join(hierarchy_dir, q + '.csv')}")]
    done = subprocess.run([cli, "anonymize", table, *qi_flags, "--k", "5", "--local-suppression", "--report", pdf],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"anonymize --report {pdf} failed ({done.returncode}): {done.stderr}")
    listing = subprocess.run(["pdfimages", "-list", pdf], capture_output=True, text=True, check=True).stdout
    pictures = len(listing.splitlines()) - 2
    if pictures < 2 * len(QIS):
        failures.append(f"the PDF holds {pictures} pictures, fewer than a distribution before and after for each "
                        f"of the {len(QIS)} protected columns")
if failures:
    sys.exit("\n".join(failures[:40]))
print("loss profiles agree with the files")
