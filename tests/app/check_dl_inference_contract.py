#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`qiscout-cli anonymize --dl-inference SENSITIVE:D:L` end to end (#18), checked from the files alone.

On random tables and on the first rows of adult.csv, for several d, l, k and both heuristics: the
written table keeps the input's rows in order minus the removed ones, other columns unchanged, each
quasi-identifier cell the original value, an interval holding it or '*'; its QI-groups (rows of equal
quasi-identifier cells) hold at least k rows and satisfy Definition 8, decided here by a brute force
over every set of groups; the JSON's removed_rows, kept_rows, groups and information_loss (the
generalised loss, recomputed from the written cells) agree with the file. With --report, the
report's "after protection" verdict says Definition 8 holds and the FFD attack fails, and for the
lattice search with l-diversity its Definition 8 verdict equals the brute force's on that output.
Bad specifications are exit 2 with a message naming the problem.

usage: check_dl_inference_contract.py CLI ADULT_CSV WORK_DIR
"""
import csv
import itertools
import json
import os
import random
import subprocess
import sys
from collections import Counter, defaultdict

cli, adult, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


def read_csv(path):
    with open(path, newline="") as source:
        reader = csv.reader(source)
        header = next(reader)
        return header, [row for row in reader]


def write_csv(path, header, rows):
    with open(path, "w", newline="") as target:
        writer = csv.writer(target, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def as_number(text):
    try:
        return float(text)
    except ValueError:
        return None


def interval(cell):
    """(low, high) of a cell "[a, b]", else None."""
    if not (cell.startswith("[") and cell.endswith("]")) or ", " not in cell:
        return None
    low, high = cell[1:-1].split(", ", 1)
    low, high = as_number(low), as_number(high)
    return None if low is None or high is None else (low, high)


def covers(cell, original):
    if cell == original or cell == "*":
        return True
    bounds = interval(cell)
    value = as_number(original)
    return bounds is not None and value is not None and bounds[0] <= value <= bounds[1]


def definition8(profiles, d, l):
    """Definition 8 on groups given as Counters of sensitive values, by brute force: (1) every group
    d-close (skipped when d is None), (2) every intersection of any non-empty set of groups empty or
    of at least l values, (3) every S_i - S_j empty or of at least l values."""
    if d is not None:
        for profile in profiles:
            if max(profile.values()) - min(profile.values()) > d:
                return False
    sets = sorted({frozenset(profile) for profile in profiles}, key=sorted)
    if len(sets) > 16:
        raise SystemExit("too many distinct value sets for the brute force: %d" % len(sets))
    for size in range(1, len(sets) + 1):
        for chosen in itertools.combinations(sets, size):
            common = frozenset.intersection(*chosen)
            if 0 < len(common) < l:
                return False
    for first in sets:
        for second in sets:
            rest = first - second
            if 0 < len(rest) < l:
                return False
    return True


def run(arguments):
    return subprocess.run([cli] + arguments, capture_output=True, text=True)


def check_release(table, qis, sensitive, d, l, k, heuristic, label, report=None):
    header, rows = read_csv(table)
    out = os.path.join(work, label + ".csv")
    js = os.path.join(work, label + ".json")
    for stale in (out, js):
        if os.path.exists(stale):
            os.remove(stale)
    arguments = ["anonymize", table, "--k", str(k), "--dl-inference", "%s:%d:%d" % (sensitive, d, l),
                 "--dl-heuristic", heuristic, "--out", out, "--json", js]
    for qi in qis:
        arguments += ["--qi", qi]
    if report:
        arguments += ["--report", report]
    done = run(arguments)
    if done.returncode not in (0, 3):
        fail("%s: exit %d: %s" % (label, done.returncode, done.stderr))
        return None
    with open(js) as source:
        result = json.load(source)
    for key in ("rows", "k", "dl_inference", "quasi_identifiers", "removed_rows", "kept_rows",
                "information_loss", "groups", "definition_8"):
        if key not in result:
            fail("%s: JSON lacks %s" % (label, key))
            return None
    if done.returncode == 3:
        if result["kept_rows"] != 0 or result["removed_rows"] != len(rows) or os.path.exists(out):
            fail("%s: exit 3 must mean no row published and no file: %s" % (label, result))
        return result
    published_header, published = read_csv(out)
    if published_header != header:
        fail("%s: header changed: %s" % (label, published_header))
        return None
    columns = [header.index(name) for name in qis]
    others = [c for c in range(len(header)) if c not in columns]
    # The published rows are the input's kept rows in input order.
    matched = []
    position = 0
    for row in published:
        while position < len(rows) and not (
                all(row[c] == rows[position][c] for c in others) and
                all(covers(row[c], rows[position][c]) for c in columns)):
            position += 1
        if position == len(rows):
            fail("%s: published row %s matches no remaining input row" % (label, row))
            return None
        matched.append(position)
        position += 1
    removed = len(rows) - len(published)
    if result["rows"] != len(rows) or result["removed_rows"] != removed or result["kept_rows"] != len(published):
        fail("%s: rows %d, removed %d, kept %d in the file; JSON says %s, %s, %s" %
             (label, len(rows), removed, len(published), result["rows"], result["removed_rows"], result["kept_rows"]))
    # The generalised loss from the written cells: 0 for a value, (b - a) / (max - min) for an
    # interval, 1 for '*' and for every cell of a removed row.
    total = 0.0
    for q, c in enumerate(columns):
        numbers = [n for n in (as_number(row[c]) for row in rows) if n is not None]
        span = max(numbers) - min(numbers) if numbers else 0.0
        loss = float(removed)
        for row in published:
            bounds = interval(row[c])
            if row[c] == "*":
                loss += 1.0
            elif bounds is not None:
                loss += (bounds[1] - bounds[0]) / span if span > 0 else 0.0
        loss /= len(rows)
        total += loss
        reported = result["quasi_identifiers"][q]["information_loss"]
        if abs(reported - loss) > 1e-9:
            fail("%s: loss of %s is %.12f from the file, JSON says %.12f" % (label, qis[q], loss, reported))
    if abs(result["information_loss"] - total / len(columns)) > 1e-9:
        fail("%s: information_loss %.12f, from the file %.12f" % (label, result["information_loss"],
                                                                  total / len(columns)))
    groups = defaultdict(Counter)
    s = header.index(sensitive)
    for row in published:
        groups[tuple(row[c] for c in columns)][row[s]] += 1
    if result["groups"] != len(groups):
        fail("%s: %d QI-groups in the file, JSON says %d" % (label, len(groups), result["groups"]))
    small = [key for key, profile in groups.items() if sum(profile.values()) < k]
    if small:
        fail("%s: QI-groups below k = %d: %s" % (label, k, small[:3]))
    if not definition8(list(groups.values()), d, l):
        fail("%s: the published table breaks Definition 8 (d = %d, l = %d)" % (label, d, l))
    if result["definition_8"] is not True:
        fail("%s: JSON definition_8 is %s" % (label, result["definition_8"]))
    return result


# Random tables: two numeric quasi-identifiers and a text one, a sensitive column with skewed
# frequencies, a column it determines (an unsafe dependency) and a free-text column.
generator = random.Random(18)
checked = 0
for table_index in range(6):
    n = generator.randint(40, 160)
    values = ["s%d" % v for v in range(generator.randint(4, 9))]
    weights = [generator.randint(1, 12) for _ in values]
    department = {value: "dept%d" % generator.randint(0, 2) for value in values}
    rows = []
    for _ in range(n):
        disease = generator.choices(values, weights)[0]
        rows.append([str(generator.randint(18, 80)), str(generator.choice([10001, 10002, 10007, 10010])),
                     generator.choice(["F", "M"]), department[disease], disease,
                     "note%d" % generator.randint(0, 5)])
    table = os.path.join(work, "random%d.csv" % table_index)
    write_csv(table, ["age", "zip", "sex", "department", "disease", "note"], rows)
    for d, l, k, heuristic in [(0, 2, 1, "top-down"), (2, 2, 2, "bottom-up"), (3, 3, 1, "top-down"),
                               (5, 2, 3, "bottom-up"), (1, 4, 1, "bottom-up")]:
        if check_release(table, ["age", "zip", "sex"], "disease", d, l, k, heuristic,
                         "random%d-d%d-l%d-k%d-%s" % (table_index, d, l, k, heuristic)) is not None:
            checked += 1

# The first 2,000 rows of adult.csv.
header, rows = read_csv(adult)
head = os.path.join(work, "adult_head.csv")
write_csv(head, header, rows[:2000])
for d, l, k, heuristic in [(20, 3, 5, "top-down"), (50, 2, 2, "bottom-up")]:
    if check_release(head, ["age", "education-num", "sex", "race"], "occupation", d, l, k, heuristic,
                     "adult-d%d-l%d-k%d-%s" % (d, l, k, heuristic)) is not None:
        checked += 1

# The report after (d, l)-inference: Definition 8 holds, so the FFD attack of every dependency
# among the quasi-identifiers and the sensitive column fails (disease -> department is unsafe).
report = os.path.join(work, "dl-report.json")
if check_release(os.path.join(work, "random0.csv"), ["age", "zip", "sex", "department"], "disease", 2, 2, 1,
                 "top-down", "random0-report", report) is not None:
    with open(report) as source:
        after = json.load(source)["functional_dependencies"]["after_protection"]
    if after is None or after["sensitive"] != "disease" or after["l"] != 2 or after["d"] != 2:
        fail("the report's after_protection does not describe the release: %s" % after)
    elif not after["dl_inference"] or after["attack_succeeds"] or not after["attacks"]:
        fail("after (d, l)-inference the report must say Definition 8 holds and every attack fails: %s" % after)

# The lattice search with l-diversity feeds the same verdict: its Definition 8 answer (without d)
# equals the brute force's on the written table's kept rows.
lattice_out = os.path.join(work, "lattice.csv")
lattice_report = os.path.join(work, "lattice-report.json")
done = run(["anonymize", os.path.join(work, "random1.csv"), "--qi", "age", "--qi", "zip", "--qi", "sex", "--qi",
            "department", "--k", "2", "--l-diversity", "disease:distinct:2", "--suppression", "0.2", "--out",
            lattice_out, "--report", lattice_report])
if done.returncode != 0:
    fail("lattice anonymize with a report: exit %d: %s" % (done.returncode, done.stderr))
else:
    header, published = read_csv(lattice_out)
    columns = [header.index(name) for name in ("age", "zip", "sex", "department")]
    groups = defaultdict(Counter)
    for row in published:
        if any(row[c] != "*" for c in columns):
            groups[tuple(row[c] for c in columns)][row[header.index("disease")]] += 1
    with open(lattice_report) as source:
        after = json.load(source)["functional_dependencies"]["after_protection"]
    expected = definition8(list(groups.values()), None, 2)
    if after is None or after["l"] != 2 or after["d"] is not None or after["qi_groups"] != len(groups):
        fail("lattice report's after_protection does not describe the kept rows (%d groups): %s" %
             (len(groups), after))
    elif after["dl_inference"] != expected:
        fail("lattice report says dl_inference %s, the brute force %s" % (after["dl_inference"], expected))

# Bad specifications and combinations: exit 2, with a message naming the problem.
random0 = os.path.join(work, "random0.csv")
for spec_arguments, expected in [
        (["--dl-inference", "disease"], "SENSITIVE:D:L"),
        (["--dl-inference", "disease:2"], "SENSITIVE:D:L"),
        (["--dl-inference", ":2:2"], "SENSITIVE:D:L"),
        (["--dl-inference", "disease:-1:2"], "d must be a whole number of at least 0"),
        (["--dl-inference", "disease:x:2"], "d must be a whole number of at least 0"),
        (["--dl-inference", "disease:1:0"], "l must be a whole number of at least 1"),
        (["--dl-inference", "disease:1:1.5"], "l must be a whole number of at least 1"),
        (["--dl-inference", "illness:1:2"], "illness"),
        (["--dl-inference", "age:1:2"], "sensitive column cannot also be a quasi-identifier"),
        (["--dl-inference", "disease:1:2", "--l-diversity", "disease:distinct:2"], "excludes"),
        (["--dl-heuristic", "top-down"], "requires"),
        (["--dl-inference", "disease:1:2", "--dl-heuristic", "sideways"], "top-down, bottom-up")]:
    done = run(["anonymize", random0, "--qi", "age", "--qi", "zip", "--k", "1"] + spec_arguments)
    if done.returncode != 2 or expected not in done.stderr:
        fail("%s: expected exit 2 saying '%s', got %d: %s" % (spec_arguments, expected, done.returncode,
                                                              done.stderr.strip()))
done = run(["anonymize", random0, "--qi", "age=ages.csv", "--k", "1", "--dl-inference", "disease:1:2"])
if done.returncode != 2 or "drop '=ages.csv' from --qi age" not in done.stderr:
    fail("a hierarchy file with --dl-inference: expected exit 2, got %d: %s" % (done.returncode, done.stderr))

if checked < 30:
    fail("only %d releases were checked" % checked)
if failures:
    sys.exit("%d failures" % len(failures))
print("%d (d, l)-inference releases checked" % checked)
