#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs QIScout's main job on the bundled sample: the GUI analysing it when a display is
# available, otherwise the same analysis with the command-line tool.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-"$top/build/release"}
sample="$top/resources/samples/adult.csv"

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$build_dir/app/qiscout" "$sample" --k 1 --run
fi
echo "run-sample: no display found (DISPLAY and WAYLAND_DISPLAY are unset); running the same analysis with qiscout-cli." >&2
"$build_dir/app/qiscout-cli" info "$sample"
exec "$build_dir/app/qiscout-cli" scan "$sample" --k 1
