#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""ARX's metrics under their names (#40): `anonymize` on ARX's adult benchmark gives the optimum and
information loss that ARX's own JUnit test cases expect (src/test/org/deidentifier/arx/test/): every
adult case QIScout can express (#37).

usage: check_arx_metrics.py CLI ADULT_CSV ARX_HIERARCHY_DIR ARX_ADULT_SUBSET WORK_DIR

ARX's adult.csv is derived from the UCI rows (tests/data/hierarchies/arx-adult/README.md). Its
d-presence cases (TestAnonymizationDPresence 0-11) take ARX's adult_subset.csv as the research
subset, given as it is (`--subset FILE`), its rows found in the table as ARX's DataSubset.create
finds them.
"""
import csv
import json
import os
import subprocess
import sys

cli, adult, hierarchy_dir, subset_file, work = sys.argv[1:6]
os.makedirs(work, exist_ok=True)
COLUMNS = ["sex", "age", "race", "marital-status", "education", "native-country", "workclass", "occupation",
           "salary-class"]

table = os.path.join(work, "arx_adult.csv")
with open(adult, newline="") as source:
    rows = list(csv.reader(source))
header = ["salary-class" if name == "income" else name for name in rows[0]]
indices = [header.index(name) for name in COLUMNS]
with open(table, "w", newline="") as target:
    writer = csv.writer(target)
    writer.writerow(COLUMNS)
    kept = 0
    for row in rows[1:32562]:
        if "?" in row:
            continue
        writer.writerow([row[i] for i in indices])
        kept += 1
if kept != 30162:
    sys.exit(f"ARX's adult has 30,162 rows, derived {kept}")

def qi_flags(sensitive):
    return [flag for name in COLUMNS if name != sensitive
            for flag in ("--qi", f"{name}={os.path.join(hierarchy_dir, name + '.csv')}")]


OCCUPATION = os.path.join(hierarchy_dir, "occupation.csv")
# (ARX test class and case, metric, suppression, models, sensitive column, expected loss, levels)
CASES = [
    ("KAnonymity 0", "entropy-monotonic", 0.04, ["--k", "5"], None, 255559.85455731067, [1, 0, 1, 1, 3, 2, 2, 0, 1]),
    ("KAnonymity 1", "entropy-monotonic", 0.04, ["--k", "100"], None, 379417.3460570988, [1, 1, 1, 1, 3, 2, 2, 1, 1]),
    ("KAnonymity 2", "entropy-monotonic", 0.0, ["--k", "5"], None, 407289.5388925293, [1, 2, 1, 1, 3, 2, 2, 1, 1]),
    ("KAnonymity 3", "entropy-monotonic", 0.0, ["--k", "100"], None, 453196.8932458743, [0, 4, 1, 1, 3, 2, 2, 1, 1]),
    ("LDiversity 0", "entropy-non-monotonic", 0.04, ["--l-diversity", "occupation:entropy:5"], "occupation",
     228878.2039109517, [1, 0, 1, 1, 2, 2, 2, 1]),
    ("LDiversity 5", "entropy-non-monotonic", 0.0, ["--l-diversity", "occupation:entropy:5"], "occupation",
     324620.5269918692, [1, 1, 1, 1, 3, 2, 2, 1]),
    ("TCloseness 0", "dm-star", 0.04, ["--t-closeness", "occupation:0.2", "--k", "5"], "occupation", 311880088.0,
     [1, 4, 1, 0, 3, 2, 2, 1]),
    ("TCloseness 5", "dm-star", 0.0, ["--t-closeness", "occupation:0.2", "--k", "100"], "occupation", 456853172.0,
     [1, 4, 1, 1, 3, 2, 2, 1]),
    # ARX's test adds hierarchical-distance 0.2-closeness on occupation to the cases without a
    # t-closeness model.
    ("TCloseness 2", "entropy-monotonic", 0.04, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}",
                                                 "--k", "5"], "occupation", 377622.78458729305,
     [1, 4, 0, 0, 3, 2, 2, 1]),
    ("TCloseness 3", "entropy-monotonic", 0.04, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}",
                                                 "--k", "100"], "occupation", 390765.61326019815,
     [1, 4, 1, 0, 3, 1, 2, 1]),
    ("TCloseness 6", "entropy-monotonic", 0.0, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}",
                                                "--k", "5"], "occupation", 398400.0741806447,
     [0, 4, 1, 1, 3, 2, 2, 1]),
    # Ordered distance chosen for a text column (the default would be equal).
    ("OrderedDistanceTCloseness 0", "dm-star", 0.04, ["--t-closeness", "occupation:0.2:ordered", "--k", "5"],
     "occupation", 2712340.0, [0, 0, 1, 1, 2, 2, 2, 0]),
    # #37: the rest of ARX's adult cases QIScout can express (no d-presence, Grassberger entropy,
    # geometric-mean loss or unsatisfiable models).
    ("TCloseness 1", "dm-star", 0.04, ["--t-closeness", "occupation:0.2", "--k", "100"], "occupation", 311880088.0,
     [1, 4, 1, 0, 3, 2, 2, 1]),
    ("TCloseness 4", "dm-star", 0.0, ["--t-closeness", "occupation:0.2", "--k", "5"], "occupation", 456853172.0,
     [1, 4, 1, 1, 3, 2, 2, 1]),
    ("TCloseness 7", "entropy-monotonic", 0.0, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}",
                                                "--k", "100"], "occupation", 398400.0741806447,
     [0, 4, 1, 1, 3, 2, 2, 1]),
    ("OrderedDistanceTCloseness 1", "dm-star", 0.04, ["--t-closeness", "occupation:0.2:ordered", "--k", "100"],
     "occupation", 19937246.0, [1, 0, 1, 2, 3, 2, 2, 1]),
    ("OrderedDistanceTCloseness 2", "dm-star", 0.0, ["--t-closeness", "occupation:0.1:ordered", "--k", "5"],
     "occupation", 97868020.0, [1, 1, 1, 2, 3, 2, 2, 1]),
    ("OrderedDistanceTCloseness 3", "dm-star", 0.0, ["--t-closeness", "occupation:0.2:ordered", "--k", "100"],
     "occupation", 162312130.0, [1, 4, 1, 1, 1, 2, 2, 1]),
    # TestAnonymizationCombinations: occupation is sensitive, so not a quasi-identifier, in every case.
    ("Combinations 4", "entropy-monotonic", 0.0, ["--k", "5"], "occupation", 324620.5269918692,
     [1, 1, 1, 1, 3, 2, 2, 1]),
    ("Combinations 6", "entropy-monotonic", 0.0, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}"],
     "occupation", 398400.0741806447, [0, 4, 1, 1, 3, 2, 2, 1]),
    ("Combinations 8", "entropy-monotonic", 0.0, ["--l-diversity", "occupation:recursive:4:5"], "occupation",
     324620.5269918692, [1, 1, 1, 1, 3, 2, 2, 1]),
    ("Combinations 45", "entropy-non-monotonic", 0.05, ["--k", "5"], "occupation", 180132.40848244698,
     [0, 0, 1, 1, 2, 2, 2, 0]),
    ("Combinations 52", "entropy-monotonic", 0.05, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}",
                                                    "--k", "5"], "occupation", 367390.5779876774,
     [1, 4, 0, 0, 3, 1, 2, 1]),
    ("Combinations 54", "entropy-monotonic", 0.05, ["--l-diversity", "occupation:recursive:4:5"], "occupation",
     198181.4042332967, [1, 0, 1, 1, 2, 2, 2, 0]),
    ("Combinations 77", "entropy-non-monotonic", 0.05, ["--t-closeness",
                                                        f"occupation:0.2:hierarchical={OCCUPATION}", "--k", "5"],
     "occupation", 374778.01889889664, [1, 4, 0, 0, 3, 1, 2, 1]),
    ("Combinations 79", "entropy-non-monotonic", 0.05, ["--l-diversity", "occupation:recursive:4:5"], "occupation",
     209764.96161974416, [1, 0, 1, 1, 2, 2, 2, 0]),
    ("Combinations 102", "entropy-monotonic", 0.05, ["--t-closeness", f"occupation:0.2:hierarchical={OCCUPATION}"],
     "occupation", 367390.5779876774, [1, 4, 0, 0, 3, 1, 2, 1]),
    ("Combinations 117", "entropy-non-monotonic", 0.05, ["--t-closeness",
                                                         f"occupation:0.2:hierarchical={OCCUPATION}"],
     "occupation", 374778.01889889664, [1, 4, 0, 0, 3, 1, 2, 1]),
]
# TestAnonymizationDPresence 0-11: d-presence alone, ARX's adult_subset.csv the research subset.
PRESENCE = ["--subset", subset_file, "--delta-presence"]
PRESENCE_CASES = [
    ("DPresence 0", "aecs", 0.0, PRESENCE + ["0:0.2"], "occupation", 52.0, [1, 4, 1, 1, 0, 2, 2, 0]),
    ("DPresence 1", "entropy-monotonic", 0.0, PRESENCE + ["0:0.2"], "occupation", 30238.2081484441,
     [0, 1, 1, 2, 3, 2, 2, 0]),
    ("DPresence 2", "entropy-non-monotonic", 0.0, PRESENCE + ["0:0.2"], "occupation", 30238.2081484441,
     [0, 1, 1, 2, 3, 2, 2, 0]),
    ("DPresence 3", "aecs", 0.05, PRESENCE + ["0:0.2"], "occupation", 8.02127659574468, [0, 0, 1, 2, 1, 2, 2, 1]),
    ("DPresence 4", "entropy-monotonic", 0.05, PRESENCE + ["0:0.2"], "occupation", 19804.2887675027,
     [1, 0, 1, 1, 2, 2, 2, 0]),
    ("DPresence 5", "entropy-non-monotonic", 0.05, PRESENCE + ["0:0.2"], "occupation", 20747.362350403302,
     [1, 0, 1, 1, 2, 2, 2, 0]),
    ("DPresence 6", "aecs", 0.0, PRESENCE + ["0.05:0.15"], "occupation", 150.8, [0, 4, 0, 1, 3, 2, 2, 1]),
    ("DPresence 7", "entropy-monotonic", 0.0, PRESENCE + ["0.05:0.15"], "occupation", 37223.2491248282,
     [1, 4, 1, 1, 1, 2, 2, 1]),
    ("DPresence 8", "entropy-non-monotonic", 0.0, PRESENCE + ["0.05:0.15"], "occupation", 37223.2491248282,
     [1, 4, 1, 1, 1, 2, 2, 1]),
    ("DPresence 9", "aecs", 0.05, PRESENCE + ["0.05:0.15"], "occupation", 97.29032258064517,
     [1, 4, 1, 1, 0, 2, 2, 1]),
    ("DPresence 10", "entropy-monotonic", 0.05, PRESENCE + ["0.05:0.15"], "occupation", 33649.9118226187,
     [1, 4, 1, 1, 0, 2, 2, 1]),
    ("DPresence 11", "entropy-non-monotonic", 0.05, PRESENCE + ["0.05:0.15"], "occupation", 33660.3063277646,
     [1, 4, 1, 1, 0, 2, 2, 1]),
]

failures = []
for case, metric, limit, models, sensitive, expected, levels in CASES + PRESENCE_CASES:
    document_path = os.path.join(work, f"{case.replace(' ', '_')}.json")
    done = subprocess.run([cli, "anonymize", table, *qi_flags(sensitive), *models, "--suppression", str(limit),
                           "--metric", metric, "--threads", "2", "--json", document_path],
                          capture_output=True, text=True)
    if done.returncode != 0:
        failures.append(f"{case}: anonymize failed ({done.returncode}): {done.stderr}")
        continue
    with open(document_path) as source:
        document = json.load(source)
    optimum = document["optimum"]
    if document["metric"] != metric:
        failures.append(f"{case}: metric printed as {document['metric']}, chosen as {metric}")
    if abs(optimum["value"] - expected) > 1e-9 * expected:
        failures.append(f"{case}: {metric} = {optimum['value']!r}, ARX expects {expected!r}")
    found = [optimum["levels"][name] for name in COLUMNS if name != sensitive]
    if found != levels:
        failures.append(f"{case}: optimum {found}, ARX expects {levels}")

if failures:
    sys.exit("\n".join(failures))
print(f"ARX's {len(CASES) + len(PRESENCE_CASES)} adult cases hold")
