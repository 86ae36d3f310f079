# SPDX-License-Identifier: GPL-3.0-or-later
"""What every JSON contract test checks first: the document validates against its schema and holds
no key the schema does not document (so a new key must be documented before it ships)."""
import csv
import json
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


def check_against_schema(document, schema_path):
    """Exits with a message unless `document` is valid under the schema and documented by it."""
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(document)
    extra = undocumented_keys(document, schema)
    if extra:
        sys.exit(f"keys the schema does not document: {extra}")


def read_table(table_path):
    """The header and the rows of a CSV file, as the CLI reads it."""
    with open(table_path, newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    return table[0], table[1:]


def write_head(source_path, rows, target_path):
    """Writes the header and the first `rows` rows of a CSV file to another; returns them."""
    with open(source_path, newline="") as source:
        reader = csv.reader(source)
        header = next(reader)
        head = [row for _, row in zip(range(rows), reader)]
    with open(target_path, "w", newline="") as target:
        writer = csv.writer(target, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(head)
    return header, head
