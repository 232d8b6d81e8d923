#!/usr/bin/env bash
# Place lookups: Lightbox's PlaceFinder against reverse_geocode 1.6.6 (scipy's k-d tree) on
# the same 100,000 points, medians of 5 runs, both answers checked (docs/benchmarks.md).
#   Benchmarks/places/run.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-100000}"
python3 scripts/places-table >&2
work="${TMPDIR:-/tmp}/lightbox-places-bench"
mkdir -p "$work"
# The peer in a venv of its own; numpy and scipy from the system when it has them.
if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv --system-site-packages "$work/venv"
  "$work/venv/bin/python" -m pip install --quiet reverse_geocode==1.6.6
fi
"$work/venv/bin/python" Benchmarks/places/compare.py --count "$count" --runs 5 --out "$work/points.tsv"
(cd Benchmarks && swift build -c release --product lightbox-bench >&2)
Benchmarks/.build/release/lightbox-bench places --points "$work/points.tsv" --runs 5
