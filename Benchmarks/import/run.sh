#!/usr/bin/env bash
# Import speed (issue 36's figure), one command:
#   Benchmarks/import/run.sh      (WORK=/work/lightbox-import-bench RUNS=3 COUNT=2000)
# Builds lightbox in release and makes COUNT camera files (make_card.py: 65 % JPEG, 25 % CR3
# padded to about 1 MB, 10 % MOV to about 2 MB, each with its own bytes, size, name and date,
# from corpus files) in WORK/card, on the disk the copies go to. Then RUNS times, interleaved, each into
# an empty folder on the same disk, after `sync` and dropping the page cache (every tool
# starts cold: echo 3 > /proc/sys/vm/drop_caches, as root):
#   lightbox import CARD --to DEST --json   (fsync per file and folder, read back from the
#                                           disk, XXH3-128 against the source)
#   cp -r CARD DEST                         (no sync: its data may still be in the page cache)
#   cp -r CARD DEST && sync                 (the same bytes on the disk)
#   rsync -a --checksum CARD/ DEST/
# Every run is checked: exit status 0, COUNT files and the source's byte total in DEST (and
# lightbox's JSON says COUNT imported). Prints medians (seconds, MB/s) and the ratios.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${LIGHTBOX_CORPUS:-$ROOT/../shared/corpus}"
WORK="${WORK:-/work/lightbox-import-bench}"
RUNS="${RUNS:-3}"
COUNT="${COUNT:-2000}"
"$ROOT/scripts/install-deps" --bench
# die, wall, median; cold, check, fresh, import_seconds, row.
source "$HERE/../timing.sh"
source "$HERE/common.sh"
[ -d "$CORPUS" ] || die "the corpus ($CORPUS) is needed for the camera files"
command -v rsync >/dev/null || die "rsync missing (scripts/install-deps --bench)"
[ "$(id -u)" -eq 0 ] || die "run as root: the page cache is dropped before every run"

echo "== build (release)"
(cd "$ROOT" && swift build -c release --product lightbox 2>&1 | grep -E "error|Build" | tail -3)
LIGHTBOX="$ROOT/.build/release/lightbox"

CARD="$WORK/card"
if [ ! -f "$WORK/card.done" ] || [ "$(cat "$WORK/card.done")" != "$COUNT" ]; then
  rm -rf "$CARD" && mkdir -p "$WORK"
  python3 "$HERE/make_card.py" "$CORPUS" "$CARD" "$COUNT"
  echo "$COUNT" >"$WORK/card.done"
fi
BYTES=$(total_bytes "$CARD")
echo "== $COUNT files, $BYTES bytes in $CARD ($(df --output=fstype "$WORK" | tail -1))"

declare -a t_ours t_cp t_cpsync t_rsync
for run in $(seq 1 "$RUNS"); do
  fresh
  t_ours+=("$(import_seconds "$CARD")")
  check "$WORK/dest"

  fresh
  t_cp+=("$(wall cp -r "$CARD" "$WORK/dest")")
  check "$WORK/dest"

  fresh
  t_cpsync+=("$(wall sh -c 'cp -r "$1" "$2" && sync' sh "$CARD" "$WORK/dest")")
  check "$WORK/dest"

  fresh
  t_rsync+=("$(wall rsync -a --checksum "$CARD/" "$WORK/dest/")")
  check "$WORK/dest"
  echo "   run $run: lightbox ${t_ours[-1]} s, cp -r ${t_cp[-1]} s, cp -r+sync ${t_cpsync[-1]} s," \
    "rsync --checksum ${t_rsync[-1]} s"
done
rm -rf "$WORK/dest" "$WORK/state"

m_ours=$(median "${t_ours[@]}"); m_cp=$(median "${t_cp[@]}")
m_cpsync=$(median "${t_cpsync[@]}"); m_rsync=$(median "${t_rsync[@]}")
echo
echo "| tool | median s | MB/s |"
echo "|---|---|---|"
row "lightbox import (verified)" "$m_ours"
row "cp -r" "$m_cp"
row "cp -r && sync" "$m_cpsync"
row "rsync -a --checksum" "$m_rsync"
echo
printf 'lightbox / cp -r throughput: %.2f×; / cp -r && sync: %.2f×; / rsync --checksum: %.2f×\n' \
  "$(echo "$m_cp / $m_ours" | bc -l)" "$(echo "$m_cpsync / $m_ours" | bc -l)" \
  "$(echo "$m_rsync / $m_ours" | bc -l)"
