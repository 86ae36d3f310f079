#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# QIScout's `anonymize` beside ARX's core library on the same tables, hierarchies and machine
# (issue #37, #40): the searches warm (QIScout's bench-anonymize, ARX repeated in one JVM) and the
# whole commands (load, search, write the protected table), alternating the tools. Prints the raw
# lines docs/performance.md's side-by-side tables are made from.
#
# usage: bench/arx/run-side-by-side.sh ARX_CLASSPATH ARX_ADULT_CSV QISCOUT_CLI [CUP_DIR]
#   ARX_CLASSPATH  ARX's compiled src/main and its lib/ jars, colon-separated (build it from ARX's
#                  source outside this repository, docs/performance.md says how)
#   ARX_ADULT_CSV  ARX's data/adult.csv (30,162 rows, ';'); its hierarchies are the copies in
#                  tests/data/hierarchies/arx-adult/
#   QISCOUT_CLI    a release build's qiscout-cli
#   CUP_DIR        optional: a folder with ARX's cup.csv and cup_hierarchy_*.csv, for #40's
#                  l-diversity cases
# WORK (environment, default a temporary folder) keeps the compiled driver and the tables; SECTIONS
# (default "warm whole million l-diversity") picks the parts to run, METRICS the metrics of "warm".
set -euo pipefail

arx_cp=$1
adult=$2
cli=$3
cup_dir=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
hierarchies="$here/../../tests/data/hierarchies/arx-adult"
work=${WORK:-$(mktemp -d)}
mkdir -p "$work/driver"
javac -nowarn -d "$work/driver" -cp "$arx_cp" "$here/ArxBench.java"
arx() { java -Xmx4g -cp "$arx_cp:$work/driver" ArxBench "$@"; }
timed() { /usr/bin/time -f "  whole: %e s wall, %U+%S s cpu, peak RSS %M KiB" "$@"; }

adult_columns="sex age race marital-status education native-country workclass occupation salary-class"
qi_flags() { # the sensitive column (or none) is left out
  for column in $adult_columns; do
    [ "$column" = "${1:-}" ] || printf -- '--qi %s=%s/%s.csv ' "$column" "$hierarchies" "$column"
  done
}

echo "== $(date -u '+%F %T UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg), QIScout $(git -C "$here" rev-parse --short HEAD)"

sections=" ${SECTIONS:-warm whole million l-diversity} "
section() { [[ $sections == *" $1 "* ]]; }

if section warm; then
  echo "== adult warm: QIScout bench-anonymize (median of 5) then ARX (7 runs in one JVM, median of the last 4)"
  metrics=${METRICS:-"precision loss discernibility dm-star aecs entropy-monotonic entropy-non-monotonic"}
  for metric in $metrics; do
    # shellcheck disable=SC2046
    "$cli" bench-anonymize "$adult" $(qi_flags) --k 2,5,10 --suppression 0,0.02 --metric "$metric" --threads 2 --repeat 5
    configs=()
    for k in 2 5 10; do for s in 0 0.02; do configs+=("k=$k,suppression=$s,metric=$metric"); done; done
    # shellcheck disable=SC2046
    arx "$adult" $(qi_flags) --runs 7 "${configs[@]}"
  done
fi

if section whole; then
  echo "== adult whole commands, metric precision, 3 rounds alternating"
  for round in 1 2 3; do
    for k in 2 5 10; do for s in 0 0.02; do
      echo "round $round k=$k suppression=$s QIScout"
      # shellcheck disable=SC2046
      timed "$cli" anonymize "$adult" $(qi_flags) --k $k --suppression $s --metric precision --threads 2 \
        --out "$work/qiscout-out.csv" > /dev/null
      echo "round $round k=$k suppression=$s ARX"
      # shellcheck disable=SC2046
      timed java -Xmx4g -cp "$arx_cp:$work/driver" ArxBench "$adult" $(qi_flags) --out "$work/arx-out.csv" \
        "k=$k,suppression=$s,metric=precision"
    done; done
  done
fi

if section million; then
  # About 1,000,000 rows: ARX's adult 33 times over (995,346 rows), k scaled by 33 so that the
  # optimum is the one of k = 2 and 5 on the original rows.
  big="$work/adult1m.csv"
  { head -n 1 "$adult"; for _ in $(seq 33); do tail -n +2 "$adult"; done; } > "$big"
  echo "== $(wc -l < "$big") lines in adult1m.csv, whole commands, 3 rounds alternating; then ARX warm"
  for round in 1 2 3; do
    for k in 66 165; do for s in 0 0.02; do
      echo "round $round 1M k=$k suppression=$s QIScout"
      # shellcheck disable=SC2046
      timed "$cli" anonymize "$big" $(qi_flags) --k $k --suppression $s --metric precision --threads 2 \
        --out "$work/qiscout-out.csv" | grep -E '^(Lattice|Optimum|Times)' || true
      echo "round $round 1M k=$k suppression=$s ARX"
      # shellcheck disable=SC2046
      timed java -Xmx4g -cp "$arx_cp:$work/driver" ArxBench "$big" $(qi_flags) --out "$work/arx-out.csv" \
        "k=$k,suppression=$s,metric=precision"
    done; done
  done
  # shellcheck disable=SC2046
  "$cli" bench-anonymize "$big" $(qi_flags) --k 66,165 --suppression 0,0.02 --metric precision --threads 2 --repeat 3
  # shellcheck disable=SC2046
  arx "$big" $(qi_flags) --runs 4 k=66,suppression=0,metric=precision k=66,suppression=0.02,metric=precision \
    k=165,suppression=0,metric=precision k=165,suppression=0.02,metric=precision
fi

if section l-diversity; then
  # --k 1: l-diversity alone, as ARX is configured (bench-anonymize's default is k = 2, 5, 10).
  echo "== #40: adult recursive-(4,5)-diversity on occupation with precision, 2 % suppression"
  # shellcheck disable=SC2046
  "$cli" bench-anonymize "$adult" $(qi_flags occupation) --k 1 --l-diversity occupation:recursive:4:5 --suppression 0.02 \
    --metric precision --threads 2 --repeat 3
  # shellcheck disable=SC2046
  arx "$adult" $(qi_flags occupation) --sensitive occupation --runs 5 "suppression=0.02,metric=precision,l=occupation:recursive:4:5"

  if [ -n "$cup_dir" ]; then
    echo "== #40: cup (ARX's cup.csv), RAMNTALL sensitive, 4 % suppression"
    cup_qi=""
    for column in ZIP AGE GENDER INCOME STATE NGIFTALL MINRAMNT; do
      cup_qi="$cup_qi --qi $column=$cup_dir/cup_hierarchy_$column.csv"
    done
    for spec in "entropy:5 dm-star" "recursive:4:5 dm-star" "distinct:5 entropy-monotonic"; do
      model=${spec% *}
      metric=${spec#* }
      # shellcheck disable=SC2086
      "$cli" bench-anonymize "$cup_dir/cup.csv" $cup_qi --k 1 --l-diversity "RAMNTALL:$model" --suppression 0.04 \
        --metric "$metric" --threads 2 --repeat 1
      # shellcheck disable=SC2086
      arx "$cup_dir/cup.csv" $cup_qi --sensitive RAMNTALL --runs 3 "suppression=0.04,metric=$metric,l=RAMNTALL:$model"
    done
  fi
fi
echo "== done $(date -u '+%F %T UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
