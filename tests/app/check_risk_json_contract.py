#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Contract test of `qiscout-cli risk --json`: the document validates against docs/risk.schema.json,
holds no key the schema does not document, and its values agree with an independent brute force
on the (small) table: classes, prosecutor risks, sample uniques and SUDA scores from every value
combination, individual risk from sdcMicro's indivRisk formulas.

usage: check_risk_json_contract.py CLI SCHEMA TABLE.csv K FRACTION [KEY_COLUMNS WEIGHT_COLUMN] [--max-msu-size N]
(KEY_COLUMNS comma-separated; without them every column but the weight is a key column; with
--max-msu-size the brute force counts only MSUs of at most N key columns)
"""
import itertools
import json
import math
import subprocess
import sys

from json_contract import check_against_schema, read_table


def counts_on(rows, columns):
    counts = {}
    for row in rows:
        key = tuple(row[c] for c in columns)
        counts[key] = counts.get(key, 0) + 1
    return counts


def suda_scores(rows, keys, largest):
    """sdcMicro's suda2 scores (original_scores = TRUE): every minimal sample unique of k of the M
    key columns (M at least 3), k at most largest, adds (M - k)! to its row's score."""
    m = max(3, len(keys))
    counts = {size: {} for size in range(1, len(keys) + 1)}
    for size in range(1, len(keys) + 1):
        for columns in itertools.combinations(keys, size):
            counts[size][columns] = counts_on(rows, columns)
    scores = []
    for row in rows:
        score = 0
        for size in range(1, min(largest, len(keys)) + 1):
            for columns in itertools.combinations(keys, size):
                if counts[size][columns][tuple(row[c] for c in columns)] != 1:
                    continue
                minimal = size == 1 or all(
                    counts[size - 1][sub][tuple(row[c] for c in sub)] > 1
                    for sub in itertools.combinations(columns, size - 1))
                if minimal:
                    score += math.factorial(m - size)
        scores.append(score)
    return scores


def individual_risk(f, weights):
    """indivRisk(method = "approx") for a class of f rows whose weights sum to weights."""
    if weights <= f:
        return 1 / f
    p = f / weights
    if f == 1:
        return p / (1 - p) * math.log(1 / p)
    if f == 2:
        return p / (1 - p) - (p / (1 - p)) ** 2 * math.log(1 / p)
    return p / (f - (1 - p))


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def main():
    arguments = sys.argv[1:]
    largest = None
    if "--max-msu-size" in arguments:
        at = arguments.index("--max-msu-size")
        largest = int(arguments[at + 1])
        del arguments[at:at + 2]
    cli, schema_path, table_path, k, fraction = arguments[0], arguments[1], arguments[2], int(arguments[3]), arguments[4]
    chosen = arguments[5].split(",") if len(arguments) > 5 else None
    weight = arguments[6] if len(arguments) > 6 else None
    command = [cli, "risk", table_path, "--k", str(k), "--sampling-fraction", fraction, "--json", "-"]
    if chosen:
        command += ["--columns", ",".join(chosen), "--weight", weight]
    if largest is not None:
        command += ["--max-msu-size", str(largest)]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    document = json.loads(run.stdout)

    check_against_schema(document, schema_path)

    header, rows = read_table(table_path)
    keys = [header.index(name) for name in chosen] if chosen else list(range(len(header)))
    classes = counts_on(rows, keys)
    sizes = [classes[tuple(row[c] for c in keys)] for row in rows]
    bounded = largest is not None and largest < len(keys)
    scores = suda_scores(rows, keys, largest if bounded else len(keys))
    if weight:
        w = header.index(weight)
        population = {}
        for row in rows:
            key = tuple(row[c] for c in keys)
            population[key] = population.get(key, 0) + float(row[w])
        risks = [individual_risk(size, population[tuple(row[c] for c in keys)]) for row, size in zip(rows, sizes)]
    else:
        risks = [1 / size for size in sizes]

    wrong = []
    expected = {"source": table_path, "rows": len(rows), "columns": [header[c] for c in keys], "k": k,
                "weight": weight, "complete": True, "classes": len(classes),
                "sample_uniques": sizes.count(1)}
    if document["suda"]["max_msu_size"] != (largest if bounded else None):
        wrong.append(("suda.max_msu_size", document["suda"]["max_msu_size"], largest if bounded else None))
    if bounded and len(document["suda"]["msus_by_size"]) > largest:
        wrong.append(("suda.msus_by_size", document["suda"]["msus_by_size"], f"at most {largest} sizes"))
    wrong += [(key, document[key], value) for key, value in expected.items() if document[key] != value]
    prosecutor = {"highest": max(1 / s for s in sizes), "average": sum(1 / s for s in sizes) / len(rows),
                  "records_at_risk": sum(1 for s in sizes if s <= k)}
    wrong += [(f"prosecutor.{key}", document["prosecutor"][key], value) for key, value in prosecutor.items()
              if not close(document["prosecutor"][key], value)]
    if not close(document["marketer_risk"], len(classes) / len(rows)):
        wrong.append(("marketer_risk", document["marketer_risk"], len(classes) / len(rows)))
    if not close(document["global_risk"]["expected_reidentifications"], sum(risks)):
        wrong.append(("global_risk", document["global_risk"]["expected_reidentifications"], sum(risks)))
    if [record["row"] for record in document["records"]] != list(range(1, len(rows) + 1)):
        wrong.append(("records.row", [record["row"] for record in document["records"]], "1..rows"))
    for record, size, score, risk in zip(document["records"], sizes, scores, risks):
        got = (record["class_size"], record["prosecutor_risk"], record["suda_score"], record["individual_risk"])
        if got[0] != size or not close(got[1], 1 / size) or not close(got[2], score) or not close(got[3], risk):
            wrong.append((f"records[{record['row']}]", got, (size, 1 / size, score, risk)))
    if wrong:
        sys.exit("values that disagree with the brute force (key, got, expected): " + json.dumps(wrong, indent=1))
    print(f"risk --json contract holds for k = {k}{f', MSUs up to {largest}' if bounded else ''}: "
          f"{sizes.count(1)} sample uniques, "
          f"{sum(1 for s in scores if s > 0)} records with a SUDA score")


if __name__ == "__main__":
    main()
