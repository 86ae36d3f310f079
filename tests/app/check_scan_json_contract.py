#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Contract test of `qiscout-cli scan --json`: the document validates against docs/scan.schema.json,
holds no key the schema does not document, and its values agree with an independent brute force
over every column set of the (small) table (the headline on all columns included), under the given
missing-value semantics.

usage: check_scan_json_contract.py CLI SCHEMA TABLE.csv K [value|wildcard]
"""
import itertools
import json
import subprocess
import sys

from json_contract import check_against_schema, read_table


# The CLI's default missing-value tokens (LoadOptions::missingTokens).
MISSING = {"", "?", "NA", "N/A", "NULL"}


def class_sizes(rows, columns, semantics):
    """Per row, the rows in its class on columns: equal values (a missing cell being one more
    value), or under the wildcard semantics every row that agrees with it wherever both are
    non-missing."""
    if semantics == "value":
        counts = {}
        for row in rows:
            key = tuple(row[c] for c in columns)
            counts[key] = counts.get(key, 0) + 1
        return [counts[tuple(row[c] for c in columns)] for row in rows]
    return [sum(all(row[c] in MISSING or other[c] in MISSING or row[c] == other[c] for c in columns)
                for other in rows)
            for row in rows]


def all_columns(header, rows, k, semantics):
    """The headline (#33): every column together; classes counts the distinct rows, each missing token
    a value of its own as the CLI encodes it (under both semantics: the wildcard only sizes them)."""
    sizes = class_sizes(rows, range(len(header)), semantics)
    at_risk = sum(1 for size in sizes if size <= k)
    return {"columns": header, "rows_at_risk": at_risk, "share": at_risk / len(rows) if rows else 0,
            "smallest_class": min(sizes) if rows else 0,
            "classes": len({tuple(row) for row in rows})}


def brute_force(header, rows, k, semantics):
    """Minimal vulnerable sets (with isolated rows and smallest class) and maximal safe sets."""
    n = len(header)
    classes = {}
    for size in range(1, n + 1):
        for columns in itertools.combinations(range(n), size):
            sizes = class_sizes(rows, columns, semantics)
            isolated = sum(1 for size_of_row in sizes if size_of_row <= k)
            classes[columns] = (isolated, min(sizes))
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
    semantics = sys.argv[5] if len(sys.argv) > 5 else None
    command = [cli, "scan", table_path, "--k", str(k), "--json", "-"]
    if semantics:
        command += ["--missing-semantics", semantics]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    document = json.loads(run.stdout)

    check_against_schema(document, schema_path)

    header, rows = read_table(table_path)
    minimal, maximal = brute_force(header, rows, k, semantics or "value")
    expected = {"source": table_path, "rows": len(rows), "columns": header, "searched_columns": header,
                "k": k, "complete": True, "max_set_size": None, "missing_semantics": semantics or "value",
                "minimal_sets": minimal, "maximal_safe_sets": maximal,
                "all_columns": all_columns(header, rows, k, semantics or "value")}
    wrong = {key: (document[key], value) for key, value in expected.items() if document[key] != value}
    if wrong:
        sys.exit("values that disagree with the brute force (got, expected): " + json.dumps(wrong, indent=1))
    print(f"scan --json contract holds for k = {k}, {semantics or 'default'} semantics: {len(minimal)} minimal, {len(maximal)} maximal safe sets")


if __name__ == "__main__":
    main()
