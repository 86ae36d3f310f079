#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""anonymize --delta-presence with --subset-column or --subset FILE (#40), checked from the CLI's files alone: --out
holds the research subset's rows only, in the population's order, without the marking column; the
levels the JSON names, applied to the whole population, give classes whose share of subset rows
lies in [MIN, MAX] for every kept class, and no class without subset rows when MIN > 0; the
suppressed rows are within the limit and are exactly the subset rows of the failing classes; the
JSON has "delta_presence" and the report names the model; and the optimum's precision is the least
over every transformation, each judged so from the population. The same subset as a file of its own
(--subset FILE, rows shuffled, columns reordered) gives the same answer. Bad subset columns and
subset files exit 2 with the row.

usage: check_delta_presence_contract.py CLI WORK_DIR
"""
import csv
import json
import math
import os
import random
import subprocess
import sys
from collections import defaultdict

cli, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)
DMIN, DMAX, LIMIT = 0.3, 0.6, 0.2
HEIGHTS = {"age": 3, "zip": 2}

generator = random.Random(40)
population = []
for _ in range(400):
    age = generator.randrange(20, 60)
    zip_code = generator.choice(["10115", "10117", "10119", "20095", "20097", "20099"])
    disease = generator.choice(["flu", "cold", "asthma", "none"])
    population.append([str(age), zip_code, disease, "1" if generator.random() < 0.45 else "0"])
table = os.path.join(work, "population.csv")
with open(table, "w", newline="") as target:
    writer = csv.writer(target)
    writer.writerow(["age", "zip", "disease", "insubset"])
    writer.writerows(population)

ages = os.path.join(work, "age.csv")
with open(ages, "w") as target:
    for age in range(20, 60):
        target.write(f"{age};{age // 5 * 5}-{age // 5 * 5 + 4};{age // 10 * 10}s;*\n")
zips = os.path.join(work, "zip.csv")
with open(zips, "w") as target:
    for code in ["10115", "10117", "10119", "20095", "20097", "20099"]:
        target.write(f"{code};{code[:3]}**;*\n")
# value -> its hierarchy row (the value at each level)
generalise = {column: {line.split(";")[0]: line.split(";") for line in open(path).read().split()}
              for column, path in (("age", ages), ("zip", zips))}

out = os.path.join(work, "subset.csv")
out_json = os.path.join(work, "result.json")
report = os.path.join(work, "report.html")
command = [cli, "anonymize", table, "--qi", "age=" + ages, "--qi", "zip=" + zips, "--delta-presence",
           f"{DMIN}:{DMAX}", "--subset-column", "insubset", "--suppression", str(LIMIT), "--metric", "precision",
           "--out", out, "--json", out_json, "--report", report, "--threads", "1"]
run = subprocess.run(command, capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"{' '.join(command)} exited {run.returncode}:\n{run.stdout}{run.stderr}")
result = json.load(open(out_json))
published = list(csv.reader(open(out, newline="")))
failures = []

subset = [row for row in population if row[3] == "1"]
presence = result.get("delta_presence")
expected_presence = {"min": DMIN, "max": DMAX, "subset_column": "insubset", "subset_rows": len(subset),
                     "population_rows": len(population)}
if presence != expected_presence:
    failures.append(f"delta_presence {presence}, expected {expected_presence}")
if result["rows"] != len(subset) or result["suppression_limit_rows"] != math.floor(LIMIT * len(subset)):
    failures.append(f"rows {result['rows']}, limit {result['suppression_limit_rows']}: not the subset's")
if f"({DMIN}, {DMAX})-presence" not in result["privacy_models"]:
    failures.append(f"privacy_models {result['privacy_models']} do not name the model")
if f"a research subset of {len(subset)}" not in run.stdout:
    failures.append("the text does not name the research subset:\n" + run.stdout)
if "-presence" not in open(report).read():
    failures.append("the report does not name the model")

if published[0] != ["age", "zip", "disease"]:
    failures.append(f"--out's header is {published[0]}, not the population's columns without insubset")
rows = published[1:]
if len(rows) != len(subset):
    failures.append(f"--out holds {len(rows)} rows, the subset {len(subset)}")
elif any(row[2] != source[2] for row, source in zip(rows, subset)):
    failures.append("--out's rows are not the subset's, in the population's order")

optimum = result["optimum"]
levels = optimum["levels"]


def key_of(row, at=None):
    at = at or levels
    return (generalise["age"][row[0]][at["age"]], generalise["zip"][row[1]][at["zip"]])


def classes_at(at):
    population_of = defaultdict(int)
    subset_of = defaultdict(int)
    for row in population:
        population_of[key_of(row, at)] += 1
        subset_of[key_of(row, at)] += row[3] == "1"
    failing = {key for key in population_of if not DMIN <= subset_of[key] / population_of[key] <= DMAX}
    return population_of, subset_of, failing


def precision_at(at):
    """The precision of a transformation, or None when it is not acceptable."""
    population_of, subset_of, failing = classes_at(at)
    suppressed = sum(subset_of[key] for key in failing)
    if any(subset_of[key] == 0 for key in failing) or suppressed > math.floor(LIMIT * len(subset)):
        return None
    kept = len(subset) - suppressed
    cells = sum(kept * at[column] / height + suppressed for column, height in HEIGHTS.items())
    return cells / (len(subset) * len(HEIGHTS))


values = [precision_at({"age": age, "zip": zip_level}) for age in range(HEIGHTS["age"] + 1)
          for zip_level in range(HEIGHTS["zip"] + 1)]
best = min(value for value in values if value is not None)
if abs(optimum["value"] - best) > 1e-9 or precision_at(levels) is None:
    failures.append(f"optimum {levels} = {optimum['value']}, the least precision of an acceptable one is {best}")
population_of, subset_of, failing = classes_at(levels)
expected_suppressed = sum(subset_of[key] for key in failing)
if expected_suppressed == 0:
    failures.append("nothing is suppressed at the optimum: the test no longer covers suppression")
suppressed = [row for row in rows if row[0] == "*" and row[1] == "*"]
if optimum["suppressed_rows"] != expected_suppressed or len(suppressed) != expected_suppressed:
    failures.append(f"{optimum['suppressed_rows']} rows suppressed in the JSON, {len(suppressed)} in --out, "
                    f"{expected_suppressed} in the failing classes")
if expected_suppressed > result["suppression_limit_rows"]:
    failures.append(f"{expected_suppressed} suppressed rows, above the limit")
for row, source in zip(rows, subset):
    expected = ["*", "*"] if key_of(source) in failing else list(key_of(source))
    if row[:2] != expected:
        failures.append(f"row {source} published as {row}, expected {expected}")
        break
if optimum["classes"] != len([key for key in population_of if key not in failing and subset_of[key] > 0]):
    failures.append(f"{optimum['classes']} classes in the JSON")


# The same research subset as a file of its own (--subset FILE): its rows shuffled, its columns in
# another order, found in a population without the marking column; the answer and --out are the same.
bare = os.path.join(work, "population-bare.csv")
with open(bare, "w", newline="") as target:
    writer = csv.writer(target)
    writer.writerow(["age", "zip", "disease"])
    writer.writerows(row[:3] for row in population)
subset_file = os.path.join(work, "research-subset.csv")
shuffled = [row[:3] for row in subset]
generator.shuffle(shuffled)
with open(subset_file, "w", newline="") as target:
    writer = csv.writer(target)
    writer.writerow(["disease", "age", "zip"])
    writer.writerows([row[2], row[0], row[1]] for row in shuffled)
by_file_out = os.path.join(work, "subset-by-file.csv")
by_file_json = os.path.join(work, "result-by-file.json")
by_file = subprocess.run([cli, "anonymize", bare, "--qi", "age=" + ages, "--qi", "zip=" + zips, "--delta-presence",
                          f"{DMIN}:{DMAX}", "--subset", subset_file, "--suppression", str(LIMIT), "--metric",
                          "precision", "--out", by_file_out, "--json", by_file_json, "--threads", "1"],
                         capture_output=True, text=True)
if by_file.returncode != 0:
    failures.append(f"--subset FILE exited {by_file.returncode}:\n{by_file.stdout}{by_file.stderr}")
else:
    file_result = json.load(open(by_file_json))
    file_presence = file_result["delta_presence"]
    expected_file = {key: value for key, value in expected_presence.items() if key != "subset_column"}
    expected_file["subset_file"] = subset_file
    if file_presence != expected_file:
        failures.append(f"--subset FILE: delta_presence {file_presence}, expected {expected_file}")
    if file_result["optimum"] != result["optimum"]:
        failures.append(f"--subset FILE: optimum {file_result['optimum']}, with --subset-column {result['optimum']}")
    # Of identical population rows the file's copies are the first ones, the column's any: the
    # same rows, in another order.
    by_file_rows = list(csv.reader(open(by_file_out, newline="")))
    if by_file_rows[0] != published[0] or sorted(by_file_rows[1:]) != sorted(rows):
        failures.append("--subset FILE: --out holds other rows than --subset-column's")
    if f"a research subset of {len(subset)} (--subset {subset_file})" not in by_file.stdout:
        failures.append("--subset FILE: the text does not name the subset file:\n" + by_file.stdout)


def refused(source, extra, needle):
    run = subprocess.run([cli, "anonymize", source, "--qi", "age=" + ages] + extra, capture_output=True, text=True)
    if run.returncode != 2 or needle not in run.stderr:
        failures.append(f"{extra}: exit {run.returncode}, stderr {run.stderr!r}, expected 2 and {needle!r}")


bad = os.path.join(work, "bad.csv")
with open(bad, "w") as target:
    target.write("age,insubset\n30,1\n31,yes\n")
refused(bad, ["--delta-presence", "0:1", "--subset-column", "insubset"], "data row 2")
refused(table, ["--delta-presence", "0:1"], "--subset-column")
refused(table, ["--delta-presence", "0.5:0.2", "--subset-column", "insubset"], "MIN:MAX")
refused(table, ["--delta-presence", "0:1", "--subset-column", "age"], "cannot be a --qi column")
stranger = os.path.join(work, "stranger.csv")
with open(stranger, "w") as target:
    target.write("age,zip,disease\n" + ",".join(population[0][:3]) + "\n18,10115,flu\n")
refused(bare, ["--delta-presence", "0:1", "--subset", stranger], f"data row 2 of {stranger} is not a row of {bare}")
refused(bare, ["--delta-presence", "0:1", "--subset", subset_file, "--subset-column", "age"], "excludes")
refused(bare, ["--subset", subset_file], "requires")

if failures:
    sys.exit("\n".join(failures))
print(f"delta-presence: levels {levels}, {expected_suppressed} of {len(subset)} subset rows suppressed, "
      f"{optimum['classes']} classes")
