#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`qiscout-cli anonymize` end to end (#13), checked independently of the C++ code.

On the first rows of adult.csv with hand-written hierarchies: the JSON holds the keys the issue
spells out; the optimum equals a brute force over every transformation (k-anonymity with
suppression, for each metric); the written CSV holds exactly the hierarchy's values at the
reported levels, '*' in every quasi-identifier of the suppressed rows, classes of at least k kept
rows, and no more suppressed rows than the limit. The frontier is null unless --frontier asks for
it, and then it is exactly the brute force's minimal acceptable transformations. A bad hierarchy
file is exit 3, an unknown column exit 2.

usage: check_anonymize_contract.py CLI ADULT_CSV HIERARCHY_DIR WORK_DIR
"""
import csv
import itertools
import json
import math
import os
import subprocess
import sys
from collections import Counter

from json_contract import write_head

cli, adult, hierarchy_dir, work = sys.argv[1:5]
os.makedirs(work, exist_ok=True)
ROWS = 1000
QIS = ["age", "sex", "race", "education", "workclass"]

table = os.path.join(work, "adult_head.csv")
header, rows = write_head(adult, ROWS, table)

hierarchies = {}
for name in QIS:
    with open(os.path.join(hierarchy_dir, name + ".csv")) as source:
        hierarchies[name] = {line[0]: line for line in csv.reader(source, delimiter=";")}
heights = [len(next(iter(hierarchies[name].values()))) - 1 for name in QIS]
columns = [header.index(name) for name in QIS]
n = len(rows)


def brute_force(k, limit, metric):
    """(value, levels) of the best acceptable transformation; ties: fewest total levels, then lowest."""
    allowed = math.floor(limit * n + 1e-9)
    distinct = [len({row[c] for row in rows}) for c in columns]
    best = None
    for levels in itertools.product(*(range(h + 1) for h in heights)):
        keys = [tuple(hierarchies[q][row[c]][l] for q, c, l in zip(QIS, columns, levels)) for row in rows]
        sizes = Counter(keys)
        suppressed = sum(size for size in sizes.values() if size < k)
        if suppressed > allowed:
            continue
        kept = {key: size for key, size in sizes.items() if size >= k}
        if metric == "discernibility":
            value = sum(size * size for size in kept.values()) + n * suppressed
        elif metric == "precision":
            per_row = sum(l / h if h else 0.0 for l, h in zip(levels, heights))
            value = ((n - suppressed) * per_row + len(QIS) * suppressed) / (n * len(QIS))
        else:  # loss
            total = float(suppressed * len(QIS))
            for q, (name, c, l) in enumerate(zip(QIS, columns, levels)):
                values = {row[c] for row in rows}
                leaves = Counter(hierarchies[name][v][l] for v in values)
                for row, key in zip(rows, keys):
                    if sizes[key] >= k:
                        total += (leaves[hierarchies[name][row[c]][l]] - 1) / (distinct[q] - 1) if distinct[q] > 1 else 0
            value = total / (n * len(QIS))
        rank = (value, sum(levels), levels)
        if best is None or value < best[0] * (1 - 1e-12) or (abs(value - best[0]) <= 1e-12 * max(1, abs(value)) and rank[1:] < best[1:]):
            best = rank
    return best


def minimal_acceptable(k, limit):
    """The acceptable transformations (k-anonymity with suppression) no other acceptable one specialises."""
    allowed = math.floor(limit * n + 1e-9)
    acceptable = []
    for levels in itertools.product(*(range(h + 1) for h in heights)):
        sizes = Counter(tuple(hierarchies[q][row[c]][l] for q, c, l in zip(QIS, columns, levels)) for row in rows)
        if sum(size for size in sizes.values() if size < k) <= allowed:
            acceptable.append(levels)
    return {levels for levels in acceptable
            if not any(other != levels and all(a <= b for a, b in zip(other, levels)) for other in acceptable)}


def minimal_quasi_identifiers(kept, k):
    """The minimal column sets (indexes into QIS) on which some kept row shares its values with at most
    k - 1 others: what the re-check's quasi-identifier search must find."""
    vulnerable = set()
    minimal = []
    for size in range(1, len(QIS) + 1):
        for subset in itertools.combinations(range(len(QIS)), size):
            if min(Counter(tuple(row[i] for i in subset) for row in kept).values()) <= k:
                vulnerable.add(subset)
                if all(part not in vulnerable for part in itertools.combinations(subset, size - 1)):
                    minimal.append(subset)
    return minimal


def run(*arguments):
    return subprocess.run([cli, "anonymize", table, *arguments], capture_output=True, text=True)


qi_flags = [flag for name in QIS for flag in ("--qi", f"{name}={os.path.join(hierarchy_dir, name + '.csv')}")]
failures = []
for k, limit, metric in [(2, 0.0, "loss"), (5, 0.02, "loss"), (5, 0.02, "precision"), (10, 0.05, "discernibility"),
                         (3, 0.01, "precision")]:
    out = os.path.join(work, f"protected_{k}_{metric}.csv")
    document_path = os.path.join(work, f"result_{k}_{metric}.json")
    done = run(*qi_flags, "--k", str(k), "--suppression", str(limit), "--metric", metric, "--threads", "2",
               "--out", out, "--json", document_path)
    if done.returncode != 0:
        sys.exit(f"anonymize failed ({done.returncode}): {done.stderr}")
    with open(document_path) as source:
        document = json.load(source)
    for key in ["rows", "k", "suppression_limit", "metric", "quasi_identifiers", "optimum", "globally_optimal",
                "lattice", "stats"]:
        if key not in document:
            failures.append(f"k={k}: key {key} missing")
    optimum = document["optimum"]
    for key in ["levels", "value", "suppressed_rows", "classes"]:
        if key not in optimum:
            failures.append(f"k={k}: optimum.{key} missing")
    for key in ["size", "checked", "tagged"]:
        if key not in document["lattice"]:
            failures.append(f"k={k}: lattice.{key} missing")
    for key in ["search_seconds", "load_seconds"]:
        if key not in document["stats"]:
            failures.append(f"k={k}: stats.{key} missing")
    if [q["column"] for q in document["quasi_identifiers"]] != QIS or [q["height"] for q in document["quasi_identifiers"]] != heights:
        failures.append(f"k={k}: quasi_identifiers {document['quasi_identifiers']}")
    if document["rows"] != n or document["k"] != k or document["metric"] != metric or document["globally_optimal"] is not True:
        failures.append(f"k={k}: header fields {document['rows']} {document['k']} {document['metric']}")
    if document["lattice"]["size"] != math.prod(h + 1 for h in heights):
        failures.append(f"k={k}: lattice size {document['lattice']['size']}")
    if "frontier" not in document or document["frontier"] is not None:
        failures.append(f"k={k}: a frontier without --frontier: {document.get('frontier', 'no key')}")

    value, _, levels = brute_force(k, limit, metric)
    got = [optimum["levels"][name] for name in QIS]
    if abs(optimum["value"] - value) > 1e-9 * max(1.0, abs(value)):
        failures.append(f"k={k} {metric}: optimum value {optimum['value']}, brute force {value} at {levels}")
    if tuple(got) != levels:
        failures.append(f"k={k} {metric}: levels {got}, brute force {list(levels)}")

    with open(out, newline="") as source:
        reader = csv.reader(source)
        if next(reader) != header:
            failures.append(f"k={k}: header changed")
        written = list(reader)
    if len(written) != n:
        failures.append(f"k={k}: {len(written)} rows written, {n} read")
    suppressed = 0
    classes = Counter()
    for original, row in zip(rows, written):
        cells = [row[c] for c in columns]
        if all(cell == "*" for cell in cells) and any(hierarchies[name][original[c]][l] != "*"
                                                      for name, c, l in zip(QIS, columns, got)):
            suppressed += 1
            continue
        expected = [hierarchies[name][original[c]][l] for name, c, l in zip(QIS, columns, got)]
        if cells != expected:
            failures.append(f"k={k}: row {original} written as {row}")
            break
        if [v for i, v in enumerate(row) if i not in columns] != [v for i, v in enumerate(original) if i not in columns]:
            failures.append(f"k={k}: a column that is not a quasi-identifier changed in {row}")
            break
        classes[tuple(cells)] += 1
    if suppressed != optimum["suppressed_rows"] or suppressed > math.floor(limit * n + 1e-9):
        failures.append(f"k={k}: {suppressed} rows suppressed in the file, {optimum['suppressed_rows']} reported")
    if classes and min(classes.values()) < k:
        failures.append(f"k={k}: a kept class of {min(classes.values())} rows in the file")
    if len(classes) != optimum["classes"]:
        failures.append(f"k={k}: {len(classes)} classes in the file, {optimum['classes']} reported")
    verification = document.get("verification")
    kept = [key for key, size in classes.items() for _ in range(size)]
    if verification is None or verification["quasi_identifiers"] != 0 or verification["kept_rows"] != len(kept) \
            or minimal_quasi_identifiers(kept, k - 1):
        failures.append(f"k={k}: re-check {verification}")

# --frontier: every minimal acceptable transformation, and the same optimum.
document_path = os.path.join(work, "result_frontier.json")
done = run(*qi_flags, "--k", "5", "--suppression", "0.02", "--frontier", "--threads", "2", "--json", document_path)
if done.returncode != 0:
    sys.exit(f"anonymize --frontier failed ({done.returncode}): {done.stderr}")
with open(document_path) as source:
    document = json.load(source)
got = {tuple(entry["levels"][name] for name in QIS) for entry in document["frontier"] or []}
if got != minimal_acceptable(5, 0.02):
    failures.append(f"--frontier: {sorted(got)}, brute force {sorted(minimal_acceptable(5, 0.02))}")
if tuple(document["optimum"]["levels"][name] for name in QIS) != brute_force(5, 0.02, "loss")[2]:
    failures.append(f"--frontier: optimum {document['optimum']['levels']}")

# t-closeness at t = 1 holds everywhere, so at k = 1 the optimum generalises nothing and the re-check
# (at k = 1) must find the quasi-identifiers the original rows have.
out = os.path.join(work, "protected_closeness.csv")
document_path = os.path.join(work, "result_closeness.json")
done = run(*qi_flags, "--k", "1", "--t-closeness", "income:1", "--threads", "2", "--out", out, "--json", document_path)
if done.returncode != 0:
    sys.exit(f"anonymize --t-closeness failed ({done.returncode}): {done.stderr}")
with open(document_path) as source:
    verification = json.load(source)["verification"]
expected = minimal_quasi_identifiers([tuple(row[c] for c in columns) for row in rows], 1)
if not expected or verification["quasi_identifiers"] != len(expected) or verification["kept_rows"] != n:
    failures.append(f"t-closeness at k=1: re-check {verification}, brute force {len(expected)} quasi-identifiers")

bad = os.path.join(work, "bad_hierarchy.csv")
with open(bad, "w") as target:
    target.write("Male;M;*\nFemale;M\n")
done = run("--qi", f"sex={bad}", "--k", "2")
if done.returncode != 3 or "bad_hierarchy.csv" not in done.stderr or "line 2" not in done.stderr:
    failures.append(f"ragged hierarchy: exit {done.returncode}, {done.stderr!r}")
done = run("--qi", "no-such-column", "--k", "2")
if done.returncode != 2 or "no-such-column" not in done.stderr:
    failures.append(f"unknown column: exit {done.returncode}, {done.stderr!r}")
done = run("--qi", "sex", "--k", "2", "--l-diversity", "income:sideways:2")
if done.returncode != 2:
    failures.append(f"malformed --l-diversity: exit {done.returncode}, {done.stderr!r}")

if failures:
    sys.exit("\n".join(failures))
print("anonymize contract holds")
