#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one libFuzzer target of the fuzz preset over its seed corpus for a while (#19).
# New inputs go to build/fuzz/corpus/NAME (the repository's seeds stay as they are) and findings
# to build/fuzz/findings/NAME/; copy a finding into tests/fuzz/corpus/NAME/ once fixed, and the
# replay test keeps it fixed. -max_len lets inputs grow to 64 KiB (multi-kilobyte tables and
# project files); -timeout catches hangs; -rss_limit_mb catches runaway memory.
# Usage: tests/fuzz/run-fuzzer.sh NAME [SECONDS]     e.g. tests/fuzz/run-fuzzer.sh loader 600
set -euo pipefail
name=$1
seconds=${2:-600}
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
build=${QISCOUT_FUZZ_BUILD:-$source_dir/build/fuzz}
fuzzer="$build/tests/fuzz/${name}_fuzzer"
seeds="$source_dir/tests/fuzz/corpus/$name"
[ -x "$fuzzer" ] || { echo "run-fuzzer: no $fuzzer; build it with: cmake --preset fuzz && cmake --build build/fuzz" >&2; exit 2; }
[ -d "$seeds" ] || { echo "run-fuzzer: no seed corpus $seeds" >&2; exit 2; }
mkdir -p "$build/corpus/$name" "$build/findings/$name"
exec "$fuzzer" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 \
  -artifact_prefix="$build/findings/$name/" "$build/corpus/$name" "$seeds"
