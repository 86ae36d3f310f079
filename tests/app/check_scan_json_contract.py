#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Contract test of `qiscout-cli scan --json`: the document validates against docs/scan.schema.json,
holds no key the schema does not document, and its values agree with an independent brute force
over every column set of the (small) table.

usage: check_scan_json_contract.py CLI SCHEMA TABLE.csv K
"""
import csv
import itertools
import json
import subprocess
import sys

import jsonschema


def undocumented_keys(document, schema, path="$"):
    """Keys present in the document that the schema's `properties` do not name."""
    found = []
    if isinstance(document, dict) and "properties" in schema:
        for key, value in document.items():
            if key not in schema["properties"]:
                found.append(f"{path}.{key}")
            else:
                found += undocumented_keys(value, schema["properties"][key], f"{path}.{key}")
    elif isinstance(document, list) and "items" in schema:
        for index, item in enumerate(document):
            found += undocumented_keys(item, schema["items"], f"{path}[{index}]")
    return found


def brute_force(header, rows, k):
    """Minimal vulnerable sets (with isolated rows and smallest class) and maximal safe sets."""
    n = len(header)
    classes = {}
    for size in range(1, n + 1):
        for columns in itertools.combinations(range(n), size):
            counts = {}
            for row in rows:
                key = tuple(row[c] for c in columns)
                counts[key] = counts.get(key, 0) + 1
            isolated = sum(count for count in counts.values() if count <= k)
            classes[columns] = (isolated, min(counts.values()))
    vulnerable = {c for c, (isolated, _) in classes.items() if isolated > 0}
    minimal = [c for c in vulnerable
               if not any(set(other) < set(c) for other in vulnerable)]
    safe = [c for c in classes if c not in vulnerable]
    maximal = [c for c in safe if not any(set(c) < set(other) for other in safe)]

    def names(columns):
        return [header[c] for c in columns]

    def order(columns):
        return (len(columns), columns)

    return ([{"columns": names(c), "isolated_rows": classes[c][0], "smallest_class": classes[c][1]}
             for c in sorted(minimal, key=order)],
            [{"columns": names(c), "smallest_class": classes[c][1]} for c in sorted(maximal, key=order)])


def main():
    cli, schema_path, table_path, k = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    run = subprocess.run([cli, "scan", table_path, "--k", str(k), "--json", "-"],
                         capture_output=True, text=True, check=True)
    document = json.loads(run.stdout)

    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(document)
    extra = undocumented_keys(document, schema)
    if extra:
        sys.exit(f"keys the schema does not document: {extra}")

    with open(table_path, newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    header, rows = table[0], table[1:]
    minimal, maximal = brute_force(header, rows, k)
    expected = {"source": table_path, "rows": len(rows), "columns": header, "searched_columns": header,
                "k": k, "complete": True, "max_set_size": None,
                "minimal_sets": minimal, "maximal_safe_sets": maximal}
    wrong = {key: (document[key], value) for key, value in expected.items() if document[key] != value}
    if wrong:
        sys.exit("values that disagree with the brute force (got, expected): " + json.dumps(wrong, indent=1))
    print(f"scan --json contract holds for k = {k}: {len(minimal)} minimal, {len(maximal)} maximal safe sets")


if __name__ == "__main__":
    main()
