#!/usr/bin/env bash
# Exact duplicates on a tree of 100,000 files (issue 35), one command:
#   Benchmarks/duplicates/speed.sh      (WORK=/tmp/lightbox-duplicates-speed RUNS=5 COUNT=100000)
# Builds lightbox in release and makes the tree once (make_tree.py: COUNT real files, small
# JPEGs of distinct pictures, about 10 % of them byte copies written anew — no hard links —
# and the expected groups beside it). Reads every file once to warm the page cache, then RUNS
# times, interleaved:
#   lightbox duplicates TREE --json
#   jdupes -r -q TREE
#   rmlint -T df -o json:OUT TREE
# Every run is checked: exit status 0 and exactly the expected groups (check_groups.py).
# Prints each tool's median wall-clock seconds and the ratios.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${WORK:-/tmp/lightbox-duplicates-speed}"
RUNS="${RUNS:-5}"
COUNT="${COUNT:-100000}"
"$ROOT/scripts/install-deps" --bench
source "$HERE/../timing.sh"
for tool in jdupes rmlint /usr/bin/python3; do
  command -v "$tool" >/dev/null || die "$tool missing (scripts/install-deps --bench)"
done

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

TREE="$WORK/tree"
if [ ! -f "$WORK/tree.done" ] || [ "$(cat "$WORK/tree.done")" != "$COUNT" ]; then
  rm -rf "$TREE" && mkdir -p "$WORK"
  /usr/bin/python3 "$HERE/make_tree.py" "$TREE" "$COUNT"
  echo "$COUNT" >"$WORK/tree.done"
fi
EXPECTED="$TREE.groups.tsv"
echo "== $(find "$TREE" -type f | wc -l) files, $(wc -l <"$EXPECTED") groups expected, on $(df --output=fstype "$WORK" | tail -1)"
find "$TREE" -type f -exec cat {} + >/dev/null  # warm cache

declare -a t_ours t_jdupes t_rmlint
for run in $(seq 1 "$RUNS"); do
  t_ours+=("$(wall sh -c '"$1" duplicates "$2" --json >"$3"' sh "$LIGHTBOX" "$TREE" "$WORK/lightbox.json")")
  python3 "$HERE/check_groups.py" "$EXPECTED" lightbox "$WORK/lightbox.json" >/dev/null \
    || die "lightbox's groups differ"
  t_jdupes+=("$(wall sh -c 'jdupes -r -q "$1" >"$2"' sh "$TREE" "$WORK/jdupes.txt")")
  python3 "$HERE/check_groups.py" "$EXPECTED" jdupes "$WORK/jdupes.txt" >/dev/null \
    || die "jdupes's groups differ"
  rm -f "$WORK/rmlint.json"
  t_rmlint+=("$(wall rmlint -T df -o "json:$WORK/rmlint.json" "$TREE")")
  python3 "$HERE/check_groups.py" "$EXPECTED" rmlint "$WORK/rmlint.json" >/dev/null \
    || die "rmlint's groups differ"
  echo "   run $run: lightbox ${t_ours[-1]} s, jdupes ${t_jdupes[-1]} s, rmlint ${t_rmlint[-1]} s"
done
m_ours=$(median "${t_ours[@]}"); m_jdupes=$(median "${t_jdupes[@]}"); m_rmlint=$(median "${t_rmlint[@]}")
echo
echo "| tool | median s | files/s |"
echo "|---|---|---|"
for row in "lightbox duplicates --json:$m_ours" "jdupes -r:$m_jdupes" "rmlint -T df:$m_rmlint"; do
  printf '| %s | %s | %.0f |\n' "${row%%:*}" "${row##*:}" "$(echo "$COUNT / ${row##*:}" | bc -l)"
done
printf '\nlightbox / jdupes time: %.2f×; / rmlint: %.2f× (below 1: lightbox faster)\n' \
  "$(echo "$m_ours / $m_jdupes" | bc -l)" "$(echo "$m_ours / $m_rmlint" | bc -l)"
