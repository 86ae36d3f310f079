#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`qiscout-cli anonymize --dl-inference SENSITIVE:D:L` end to end (#18), checked from the files alone.

On random tables and on the first rows of adult.csv, for several d, l, k and both heuristics: the
written table keeps the input's rows in order minus the removed ones, other columns unchanged, each
quasi-identifier cell the original value, an interval holding it or '*'; its QI-groups (rows of equal
quasi-identifier cells) hold at least k rows and satisfy Definition 8, decided here by a brute force
over every set of groups; the JSON's removed_rows, kept_rows, groups and information_loss (the
generalised loss, recomputed from the written cells) agree with the file. With --report, the
report's "after protection" verdict says Definition 8 holds and the FFD attack fails, its "Protection
applied" section (JSON, HTML, CSV, PDF) gives the rows left out, the QI-groups, the loss and each
column's distinct values as the files show them, and for the lattice search with l-diversity its
Definition 8 verdict equals the brute force's on that output.
Bad specifications are exit 2 with a message naming the problem.

usage: check_dl_inference_contract.py CLI ADULT_CSV WORK_DIR
"""
import csv
import html
import itertools
import json
import os
import random
import subprocess
import sys
import unicodedata
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


def check_release(table, qis, sensitive, d, l, k, heuristic, label, reports=()):
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
    for report in reports:
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

def flat_text(text):
    """Text with ligatures undone and every run of white space one space, to compare across formats."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def check_protection_section(label, table, qis, out, result, reports):
    """The "Protection applied" section after (d, l)-inference against the files themselves."""
    header, rows = read_csv(table)
    published_header, published = read_csv(out)
    columns = [header.index(name) for name in qis]
    with open(reports["json"]) as source:
        section = json.load(source).get("protection")
    if section is None:
        fail("%s: the JSON report has no protection section" % label)
        return
    expected = {"method": "dl-inference", "suppressed_rows": result["removed_rows"], "classes": result["groups"],
                "output_path": out, "globally_optimal": None, "lattice": None, "suppression_limit": None}
    for key, value in expected.items():
        if section[key] != value:
            fail("%s: protection %s is %s, expected %s" % (label, key, section[key], value))
    dl = section["dl_inference"]
    if dl["heuristic"] != result["dl_inference"]["heuristic"] or \
            dl["removed_by_grouping"] + dl["removed_by_group_size"] != result["removed_rows"]:
        fail("%s: protection dl_inference %s does not add up to %d removed rows" % (label, dl, result["removed_rows"]))
    if abs(section["metric_value"] - result["information_loss"]) > 1e-12:
        fail("%s: protection metric_value %s, information_loss %s" % (label, section["metric_value"],
                                                                     result["information_loss"]))
    if not any(model.startswith("(d, l)-inference on %s" % result["dl_inference"]["sensitive"])
               for model in section["privacy_models"]):
        fail("%s: privacy models %s" % (label, section["privacy_models"]))
    if section["before"]["rows"] != len(rows) or section["after"]["rows"] != len(published):
        fail("%s: the re-check ran on %d and %d rows, the files have %d and %d" %
             (label, section["before"]["rows"], section["after"]["rows"], len(rows), len(published)))
    csv_lines = []
    for q, (name, c) in enumerate(zip(qis, columns)):
        column = section["columns"][q]
        before = len({row[c] for row in rows})
        after = len({row[c] for row in published})
        if column["column"] != name or column["distinct_before"] != before or column["distinct_after"] != after or \
                column["level"] is not None or \
                abs(column["metric_value"] - result["quasi_identifiers"][q]["information_loss"]) > 1e-12:
            fail("%s: protection column %s, the files give %d and %d distinct values" % (label, column, before, after))
        csv_lines.append("%s,%s,,,%d,%d," % (json.dumps(name), json.dumps(column["hierarchy"]), before, after))
        # What was lost (#34): the removed rows count as suppressed cells, '*' after.
        profile = column["loss_profile"]
        removed = result["removed_rows"]
        published_counts = Counter(row[c] for row in published)
        published_counts["*"] += removed
        if profile is None or profile["rows"] != len(rows) or profile["cells_suppressed"] != removed or \
                profile["cells_changed"] > len(published):
            fail("%s: loss profile of %s: %s with %d rows removed" % (label, name, profile, removed))
            continue
        for side, bars, expected_counts in (("before", profile["before"], Counter(row[c] for row in rows)),
                                            ("after", profile["after"], +published_counts)):
            if sum(bar["rows"] for bar in bars) != len(rows):
                fail("%s: the %s bars of %s hold %d rows" % (label, side, name, sum(bar["rows"] for bar in bars)))
            if len(expected_counts) <= 16 and Counter({bar["value"]: bar["rows"] for bar in bars}) != expected_counts:
                fail("%s: the %s bars of %s are %s, the files give %s" % (label, side, name, bars, expected_counts))
    with open(reports["csv"], newline="") as source:
        text = source.read()
    block = text[text.find("protected_column,hierarchy,height,level,distinct_before,distinct_after,metric_value"):]
    lines = block.split("\r\n")[1:1 + len(qis)]
    if not block or [line[:len(expected_line)] for line, expected_line in zip(lines, csv_lines)] != csv_lines:
        fail("%s: the CSV report's protected columns %s, expected %s" % (label, lines, csv_lines))
    with open(reports["html"], encoding="utf-8") as source:
        document = source.read()
    if '<h2 id="protection">Protection applied</h2>' not in document:
        fail("%s: the HTML report has no Protection applied heading" % label)
    page = flat_text(html.unescape(document))
    pdf = flat_text(subprocess.run(["pdftotext", reports["pdf"], "-"], capture_output=True, text=True,
                                   check=True).stdout)
    # pdftotext drops the hyphen where a line breaks after one ("quasi-" / "identifiers"), so the PDF
    # is compared without hyphens.
    for sentence in section["summary"]:
        if flat_text(sentence) not in page:
            fail("%s: the HTML report lacks the sentence %r" % (label, sentence))
        if flat_text(sentence).replace("-", "") not in pdf.replace("-", ""):
            fail("%s: the PDF report lacks the sentence %r" % (label, sentence))
    if "Protection applied" not in pdf:
        fail("%s: the PDF report has no Protection applied heading" % label)


# The report after (d, l)-inference: Definition 8 holds, so the FFD attack of every dependency
# among the quasi-identifiers and the sensitive column fails (disease -> department is unsafe); its
# "Protection applied" section describes the release in every format.
report_files = {form: os.path.join(work, "dl-report." + form) for form in ("json", "html", "csv", "pdf")}
report_qis = ["age", "zip", "sex", "department"]
released = check_release(os.path.join(work, "random0.csv"), report_qis, "disease", 2, 2, 1, "top-down",
                         "random0-report", list(report_files.values()))
if released is not None:
    with open(report_files["json"]) as source:
        after = json.load(source)["functional_dependencies"]["after_protection"]
    if after is None or after["sensitive"] != "disease" or after["l"] != 2 or after["d"] != 2:
        fail("the report's after_protection does not describe the release: %s" % after)
    elif not after["dl_inference"] or after["attack_succeeds"] or not after["attacks"]:
        fail("after (d, l)-inference the report must say Definition 8 holds and every attack fails: %s" % after)
    check_protection_section("random0-report", os.path.join(work, "random0.csv"), report_qis,
                             os.path.join(work, "random0-report.csv"), released, report_files)

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
