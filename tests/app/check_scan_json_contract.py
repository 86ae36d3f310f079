#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Contract test of `qiscout-cli scan --json`: the document validates against docs/scan.schema.json,
holds no key the schema does not document, and its values agree with an independent brute force
over every column set of the (small) table.

usage: check_scan_json_contract.py CLI SCHEMA TABLE.csv K
"""
import itertools
import json
import subprocess
import sys

from json_contract import check_against_schema, read_table


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
    run = subprocess.run([cli, "scan", table_path, "--k", str(k), "--json", "-"],
                         capture_output=True, text=True, check=True)
    document = json.loads(run.stdout)

    check_against_schema(document, schema_path)

    header, rows = read_table(table_path)
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
